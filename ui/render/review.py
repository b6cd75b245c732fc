"""The end screen's review: each of a human's decisions next to the best move found.

Why apart from the end screen: the review is an AI feature (issue 13) with its own states
(asked, being worked out, shown), like the hint; the final scoring only places it below
itself. It is the hint's own analysis of each decision (the same level and deals), and
speaks as the hint does: moves in a player's words, closeness in the hint's terms.
"""

from __future__ import annotations

from rome.ai import EVEN
from ui.model.state import Reviewed
from ui.render.hint import checker, sentence
from ui.render.view import TableView
from ui.words.markup import button, esc

BEST = 0.05
"""A loss this small is the best move found itself (rounding of the mean over deals)."""


def _verdict(loss: float | None) -> tuple[str, str]:
    """(row class, words) for a decision's loss: the best found, about as good (within the
    analysis' noise, ``rome.ai.EVEN``, as the hint says it), or the points it cost."""
    if loss is None:
        return "", "not checked"
    if loss <= BEST:
        return "best", "best move found"
    if loss < EVEN:
        return "even", "about as good as the best found"
    return "slip", f"about {loss:.0f} point{'s' if round(loss) != 1 else ''} lost"


def _row(line: Reviewed) -> str:
    """One decision: the move played, how it compares, the better move if any, and why."""
    cls, verdict = _verdict(line.loss)
    better = why = ""
    if cls in ("even", "slip"):
        better, why = esc(sentence(line.best_words)), esc(sentence(line.reason))
    mark = f' class="{cls}"' if cls else ""
    return (f'<tr data-ply="{line.ply}"{mark}><td>{line.round}</td>'
            f"<td>{esc(sentence(line.played_words))}</td><td>{esc(sentence(verdict))}</td>"
            f"<td>{better}</td><td>{why}</td></tr>")


def summary(lines: tuple[Reviewed, ...], source: str = "worker") -> str:
    """Two sentences: who checked the moves, then how often the move played was the best
    found or about as good, and the points the others cost."""
    verdicts = [_verdict(x.loss)[0] for x in lines]
    lost = sum(x.loss for x in lines if x.loss is not None and x.loss >= EVEN)
    slips = verdicts.count("slip")
    cost = (f"{slips} cost a point or more, about {lost:.0f} points in all"
            if slips else "none cost a point or more")
    return (f"Every decision checked by {checker(source)}, as the Hint checks them. The best "
            f"move found in {verdicts.count('best')} of {len(lines)} decisions, about as "
            f"good in {verdicts.count('even')}; {cost}.")


def render_review(view: TableView) -> str:
    """A "Review" button per human seat once the game is over, and the review asked for."""
    if not view.over or not any(view.humans):
        return ""
    buttons = "".join(
        button(f"Review {esc(name)}’s decisions", cls="btn", data_ui="review",
               data_review_seat=seat, aria_expanded=str(view.review_seat == seat).lower(),
               aria_controls="review" if view.review_seat == seat else None)
        for seat, (name, human) in enumerate(zip(view.names, view.humans, strict=True))
        if human)
    body = ""
    if view.review_seat is not None and view.review is None:
        body = ('<div id="review" class="review" role="status" data-review-state="pending" '
                'tabindex="-1"><span class="spinner" aria-hidden="true"></span>'
                f"Reviewing {esc(view.names[view.review_seat])}’s decisions…</div>")
    elif view.review_seat is not None and view.review is not None:
        rows = "".join(_row(line) for line in view.review)
        body = (f'<div id="review" class="review" role="status" data-review-state="shown" '
                f'data-review-source="{esc(view.review_source)}" tabindex="-1">'
                f"<p>{esc(summary(view.review, view.review_source))}</p>"
                '<div class="table-scroll" tabindex="0" role="region" aria-label="Decisions">'
                '<table class="scores review-table"><thead><tr><th scope="col">Round</th>'
                '<th scope="col">Move played</th><th scope="col">Compared with the best</th>'
                '<th scope="col">Best move found</th><th scope="col">What it does</th>'
                "</tr></thead>"
                f"<tbody>{rows}</tbody></table></div></div>")
    return (f'<section class="panel review-panel" aria-label="Review of the game">'
            f'<div class="buttons">{buttons}</div>{body}</section>')
