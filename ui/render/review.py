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
from ui.render.table import CATEGORY_LABELS as LABELS
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
    return "slip", f"about {points_words(loss)} lost"


def _row(line: Reviewed) -> str:
    """One decision: the move played, then how it compares and, when another move was
    better, that move and what it does (two columns, neither ever empty)."""
    cls, verdict = _verdict(line.loss)
    said = esc(sentence(verdict)) + "."
    if cls in ("even", "slip"):
        said += (f' <span class="review-better">Best found: {esc(line.best_words)}. '
                 f"{esc(sentence(line.reason))}.</span>")
    mark = f' class="{cls}"' if cls else ""
    return (f'<tr data-ply="{line.ply}"{mark}><td>{esc(sentence(line.played_words))}</td>'
            f"<td>{said}</td></tr>")


def _by_round(lines: tuple[Reviewed, ...]) -> str:
    """The decisions grouped by round, a heading row for each."""
    rounds: dict[int, list[Reviewed]] = {}
    for line in lines:
        rounds.setdefault(line.round, []).append(line)
    return "".join(
        f'<tbody data-round="{r}"><tr class="round-head"><th scope="rowgroup" colspan="2">'
        f'{"Opening draft" if r == 0 else f"Round {r}"}</th></tr>'
        + "".join(_row(x) for x in group) + "</tbody>"
        for r, group in rounds.items())


def _turning_points(view: TableView, name: str) -> str:
    """The decisions that cost most, costliest first: each names its round, the move
    played, the better move and what it would have given."""
    by_ply = {x.ply: x for x in view.review or ()}
    points = [by_ply[p] for p in view.review_turning if p in by_ply]
    if not points:
        return (f"<p>No decision of {esc(name)}’s cost a point or more: the cards and the "
                "other players decided the result, not a slip.</p>")
    items = "".join(
        f'<li data-turning-point data-ply="{x.ply}">'
        f'<strong>{"Opening draft" if x.round == 0 else f"Round {x.round}"}:</strong> '
        f"{esc(sentence(x.played_words))}. {esc(sentence(x.best_words))} would have given "
        f"about {esc(points_words(x.loss or 0.0))} more by the end: {esc(x.reason)}.</li>"
        for x in points)
    return f'<h3>Turning points</h3><ol class="turning-points">{items}</ol>'


def points_words(loss: float) -> str:
    """``3 points``, ``1 point``."""
    return f"{loss:.0f} point{'s' if round(loss) != 1 else ''}"


def _cities(view: TableView) -> str:
    """The seat's final city beside the winner's (beside the runner-up's for a winner),
    category by category, the widest gaps first."""
    c = view.review_cities
    if c is None or not c["categories"]:
        return ""
    yours, theirs = view.names[c["seat"]], view.names[c["against"]]
    head = (f"{esc(yours)} won {c['yours']} to {esc(theirs)}’s {c['theirs']}" if c["won"]
            else f"{esc(theirs)} won with {c['theirs']}; {esc(yours)} scored {c['yours']}")
    rows = "".join(
        f'<tr data-category="{esc(r["category"])}"><th scope="row">'
        f'{esc(LABELS[r["category"]])}</th><td>{r["yours"]}</td><td>{r["theirs"]}</td>'
        f'<td>{r["difference"]:+d}</td></tr>' for r in c["categories"])
    ahead = [r["words"] for r in c["categories"] if (r["difference"] > 0) == c["won"]
             and r["difference"]][:2]
    if ahead:
        head += (f". Where {esc(yours if c['won'] else theirs)} pulled ahead: "
                 + "; ".join(esc(w) for w in ahead))
    return (f'<h3>{esc(yours)}’s city beside {esc(theirs)}’s</h3><p>{head}.</p>'
            '<div class="table-scroll" tabindex="0" role="region" aria-label="Cities compared">'
            '<table class="scores review-cities"><thead><tr><th scope="col">Scoring</th>'
            f'<th scope="col">{esc(yours)}</th><th scope="col">{esc(theirs)}</th>'
            '<th scope="col">Difference</th></tr></thead>'
            f"<tbody>{rows}</tbody></table></div>")


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
        done, total = view.review_progress
        body = ('<div id="review" class="review" role="status" data-review-state="pending" '
                'tabindex="-1"><span class="spinner" aria-hidden="true"></span>'
                f"Reviewing {esc(view.names[view.review_seat])}’s decisions: "
                f"{done} of {total} checked…</div>")
    elif view.review_seat is not None and view.review is not None:
        name = view.names[view.review_seat]
        body = (f'<div id="review" class="review" role="status" data-review-state="shown" '
                f'data-review-source="{esc(view.review_source)}" tabindex="-1">'
                f"{_turning_points(view, name)}{_cities(view)}"
                f"<h3>Every decision</h3><p>{esc(summary(view.review, view.review_source))}</p>"
                '<div class="table-scroll" tabindex="0" role="region" aria-label="Decisions">'
                '<table class="scores review-table"><thead><tr>'
                '<th scope="col">Move played</th><th scope="col">Compared with the best</th>'
                f"</tr></thead>{_by_round(view.review)}</table></div></div>")
    return (f'<section class="panel review-panel" aria-label="Review of the game">'
            f'<div class="buttons">{buttons}</div>{body}</section>')
