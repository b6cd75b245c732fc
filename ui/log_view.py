"""The game log in plain words, newest first, including automatic moves.

Why here: the engine is to provide ``rome.describe(before, action, after)`` (lines for
an action and its automatic consequences); until it exists this module words the
action itself and reports round changes and influence scoring by comparing states —
it only reads what happened, it never decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

import rome
from ui.markup import esc
from ui.svg_cards import SHORT_NAMES


@dataclass(frozen=True)
class LogEntry:
    """One action as logged: who, what (one or more lines) and whether it was automatic."""

    index: int
    seat: int
    lines: tuple[str, ...]
    auto: bool


def _name(kind: str) -> str:
    b = rome.BUILDINGS.get(kind)
    return b.name if b else SHORT_NAMES.get(kind, kind)


def _fallback(before: rome.GameState, action: rome.Action, after: rome.GameState,
              names: list[str], who: str) -> list[str]:
    verb = action.verb
    if verb == "draft":
        lines = [f"{who} kept a card from the opening draft."]
    elif verb == "place":
        lines = [f"{who} placed an emissary on space {action.space}."]
    elif verb == "take":
        lines = [f"{who} took the {_name(action.kind)} from deck {action.deck}."]
    elif verb == "build":
        lines = [f"{who} built the {_name(action.kind)} at {action.row},{action.col}."]
    elif verb == "produce":
        lines = [f"{who} produced."]
    elif verb == "school":
        lines = [f"{who} drew from deck {action.deck} with the School."]
    elif verb == "keep":
        lines = [f"{who} kept a card from the School's draw."]
    else:
        lines = [f"{who} ended the turn."]
    for seat, (p0, p1) in enumerate(zip(before.players, after.players, strict=True)):
        gained = sum(1 for _ in p1.influence_cards) - sum(1 for _ in p0.influence_cards)
        if gained > 0:
            lines.append(f"Influence scoring: {names[seat]} took {gained} influence card"
                         f"{'s' if gained > 1 else ''}.")
    if after.phase == "over" and before.phase != "over":
        lines.append("The game is over: final scoring.")
    elif after.round != before.round:
        lines.append(f"Round {after.round} begins: new buildings in the offer.")
    return lines


def describe(before: rome.GameState, text: str, after: rome.GameState, names: list[str],
             seat: int) -> list[str]:
    """Plain-words lines for one step (the engine's wording when available)."""
    who = names[seat] if 0 <= seat < len(names) else "The game"
    action = rome.Action.parse(text)
    engine = getattr(rome, "describe", None)
    if engine is not None:
        try:
            lines = [str(line) for line in engine(before, action, after, names)]
            if lines:
                return lines
        except Exception:  # never let wording break the game
            pass
    return _fallback(before, action, after, names, who)


def render(entries: list[LogEntry], limit: int = 150) -> str:
    """The log list, newest first (automatic moves marked)."""
    items = []
    for entry in reversed(entries[-limit:]):
        mark = '<span class="auto-tag" title="played automatically">auto</span> ' \
            if entry.auto else ""
        seat_cls = f"seat-{entry.seat}" if entry.seat >= 0 else ""
        body = "<br>".join(esc(line) for line in entry.lines)
        items.append(f'<li class="{seat_cls}" data-index="{entry.index}">{mark}{body}</li>')
    if not items:
        items.append("<li>The game begins.</li>")
    return "".join(items)
