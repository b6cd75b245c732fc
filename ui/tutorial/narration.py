"""The other seats' turns in a sentence each, as a course tells them to its learner.

Why its own words and not the log's lines: the log says every move on its own ("Aurelia
takes Arena from deck II.", "Aurelia ends the turn."); a learner follows a turn better as
one sentence (where the emissary stood, what it took, what it built), and a placement
with what that space brings. Hidden cards stay hidden: a card kept from a School's draw
is not named.
"""

from __future__ import annotations

import rome
from ui.saves.session import Session
from ui.words.card_words import listed, plural

DOES = {
    "take": "took the {name}", "build": "built the {name}", "produce": "produced",
    "school": "drew cards from deck {deck} for the School", "keep": "kept one of them",
    "draft": "kept a card of the draft",
}
"""How a move of someone else's turn is told (``end`` closes the sentence)."""


def _move(action: rome.Action) -> str:
    name = rome.BUILDINGS[action.kind].name if action.kind in rome.BUILDINGS else ""
    return DOES[action.verb].format(name=name, deck=action.deck)


def _placement(session: Session, i: int, who: str) -> str:
    space = rome.Action.parse(session.actions[i]).space
    assert space is not None  # a placement names its space
    bricks, cogs = rome.strip_space_resources(session.states[i], space)
    return (f"{who} placed an emissary on space {space}, which brings "
            f"{plural(bricks, 'brick')} and {plural(cogs, 'cog')}.")


def _turn(session: Session, first: int, last: int, who: str) -> str:
    """One turn of the action phase: what its emissary's space, then what it did."""
    space = rome.observation(session.states[first], 0)["acting"]
    done = [_move(rome.Action.parse(session.actions[i])) for i in range(first, last + 1)
            if not session.actions[i].startswith(("end", "place "))]
    did = listed(done) if done else "passed"
    return f"{who}, on space {space}, {did}."


def told(session: Session, learner: int, names: tuple[str, ...]) -> tuple[str, ...]:
    """The other seats' turns since the learner last decided (a move played for the
    learner is no decision: the turns before it are still news), a sentence each."""
    start = len(session.actions)
    while start > 0 and (session.actors[start - 1] != learner or session.auto[start - 1]):
        start -= 1
    out: list[str] = []
    i = start
    while i < len(session.actions):
        seat, who = session.actors[i], names[session.actors[i]]
        if seat == learner:
            i += 1
            continue
        if session.actions[i].startswith("place "):
            out.append(_placement(session, i, who))
            i += 1
            continue
        last = i
        while last + 1 < len(session.actions) and session.actors[last + 1] == seat \
                and not session.actions[last].startswith("end") \
                and not session.actions[last + 1].startswith("place "):
            last += 1
        out.append(_turn(session, i, last, who) if not session.actions[i].startswith("draft")
                   else f"{who} {_move(rome.Action.parse(session.actions[i]))}.")
        i = last + 1
    return tuple(out)
