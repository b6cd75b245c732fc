"""The end screen's review: each of a human's decisions next to the best move found.

Why apart from the end screen: the review is an AI feature (issue 13) with its own states
(asked, being worked out, shown), like the hint; the final scoring only places it below
itself. Moves are said in the hint's words (:func:`ui.render.hint.action_words`), with the
notation beside them for players who read it.
"""

from __future__ import annotations

import rome
from ui.model.state import Reviewed
from ui.render.hint import action_words
from ui.render.markup import button, esc
from ui.render.view import TableView

SLIP = 1.0
"""Estimated points lost from which a decision counts as a slip (marked, and counted in
the summary): below it the search's own noise between two samples is as large."""


def _move(action: rome.Action) -> str:
    return f"{esc(action_words(action))} <code>{esc(str(action))}</code>"


BEST = 0.05
"""A loss this small is a tie with the best move found (rounding of the mean over samples)."""


def _row(line: Reviewed) -> str:
    """One decision: the move played, the better move if there was one, and why."""
    cls, best, why = "", "", ""
    if line.loss is None:
        loss = "not valued"
    elif line.loss <= BEST:
        loss, cls = "best found", ' class="best"'
        best = "(the same)" if line.best == line.played else "(as good)"
    else:
        loss, best, why = f"{line.loss:.1f}", _move(line.best), esc(line.reason)
        cls = ' class="slip"' if line.loss >= SLIP else ""
    return (f'<tr data-ply="{line.ply}"{cls}><td>{line.round}</td><td>{_move(line.played)}</td>'
            f"<td>{best}</td><td>{loss}</td><td>{why}</td></tr>")


def summary(lines: tuple[Reviewed, ...]) -> str:
    """One sentence: how often the move played was the best found, and the points lost."""
    valued = [x.loss for x in lines if x.loss is not None]
    best = sum(1 for loss in valued if loss <= BEST)
    slips = sum(1 for loss in valued if loss >= SLIP)
    lost = sum(valued)
    return (f"The best move found in {best} of {len(lines)} decisions; {slips} cost a point "
            f"or more; about {lost:.1f} points given away in all (the search's estimate).")


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
                f"<p>{esc(summary(view.review))}</p>"
                '<div class="table-scroll" tabindex="0" role="region" aria-label="Decisions">'
                '<table class="scores review-table"><thead><tr><th scope="col">Round</th>'
                '<th scope="col">Played</th><th scope="col">Best move found</th>'
                '<th scope="col">Points lost</th><th scope="col">Why the best</th></tr></thead>'
                f"<tbody>{rows}</tbody></table></div></div>")
    return (f'<section class="panel review-panel" aria-label="Review of the game">'
            f'<div class="buttons">{buttons}</div>{body}</section>')
