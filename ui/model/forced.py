"""What the table says when it plays a move for someone (issue 41: nothing happens
silently).

Why a message and not only the log: a forced move (the draft's last card, the round's
last emissary sent as far as it may go, the one building left in the offer, a turn with
nothing left to gain) is played after a short pause, and a newcomer who was looking
elsewhere never learns it happened. So every move the table played since a human last
decided is said in the message area's line of kind ``auto``, and stays there until a
human decides again, or the game ends: the final scoring is what matters then (the log
keeps every move), and on a phone the line took a fifth of the screen above it. It is
worked out from the session (which records which moves were forced), so a resumed game
or an undo says exactly what is true.

A card kept from a hidden choice (the draft, a School's draw) is named only to the one
human at the table who kept it.
"""

from __future__ import annotations

from itertools import groupby

import rome
from ui.model.messages import Message, said, unsaid
from ui.saves.session import Session

KIND = "auto"
LEAD = "Played by the table, as no other choice made sense: "
SAID_AT_MOST = 3
"""Forced moves named in the line (a move repeated in a row is named once, "twice"); earlier
ones are counted (the log names them): a round of four seats' forced moves with long names
took eight lines of a phone's screen."""
TIMES = {1: "", 2: " twice"}


def _part(session: Session, i: int, you: int | None) -> str:
    """Move ``i`` of the session in the table's words (``you``: the one human's seat)."""
    action = rome.Action.parse(session.actions[i])
    seat = session.actors[i]
    mine = seat == you
    who = "you" if mine else session.seats[seat].name
    whose = "your" if mine else f"{who}'s"
    name = rome.BUILDINGS[action.kind].name if action.kind in rome.BUILDINGS else ""
    if action.verb == "draft":
        return f"you kept the {name} in the opening draft" if mine \
            else f"{who} kept the last card of the opening draft"
    if action.verb == "place":
        return f"{who} placed an emissary on space {action.space}"
    if action.verb == "take":
        return f"{who} took the {name}"
    if action.verb == "school":
        return f"{whose} School drew from deck {action.deck}"
    if action.verb == "keep":
        return f"you kept the {name} your School drew" if mine \
            else f"{who} kept the one card their School drew"
    if action.verb == "end":
        return f"{whose} turn ended"
    return f"{who}: {rome.move_words(session.states[i], action)}"


def forced_since(session: Session) -> tuple[str, ...]:
    """The forced moves since a human last decided, in the table's words."""
    humans = [i for i, seat in enumerate(session.seats) if seat.human]
    you = humans[0] if len(humans) == 1 else None
    start = len(session.actions)
    while start > 0 and (session.auto[start - 1] or not session.seat_is_human(
            session.actors[start - 1])):
        start -= 1
    return tuple(_part(session, i, you) for i in range(start, len(session.actions))
                 if session.auto[i])


def saying(messages: tuple[Message, ...], session: Session | None) -> tuple[Message, ...]:
    """The message area with the line of forced moves as the session makes it now (none
    once the game is over)."""
    parts = () if session is None or rome.is_over(session.state) else forced_since(session)
    if not parts:
        return unsaid(messages, KIND)
    # a seat's two turns ended in a row read as a bug: said once, "twice"
    runs = [(part, len(list(same))) for part, same in groupby(parts)]
    earlier = sum(n for _part, n in runs[:-SAID_AT_MOST])
    named = "; ".join(part + TIMES.get(n, f" {n} times") for part, n in runs[-SAID_AT_MOST:])
    if earlier > 0:
        named = f"{earlier} earlier move{'s' * (earlier != 1)} (in the log); {named}"
    return said(messages, Message(KIND, LEAD + named + "."))
