"""The UI's game model without a browser: save round trip, refusal of bad saves, undo.

Why here (e2e/): ``ui.saves.session`` is the UI's own code; it is pure Python, so its rules
of thumb (what undo may take back, what a save must contain) are checked directly.
"""

from __future__ import annotations

import random

import pytest

import rome
from ui.address import game_options as parse_address
from ui.model.newgame import seats_for
from ui.saves.session import SaveError, Seat, Session

SEATS = [Seat("Ann", True), Seat("Bot", False, "random")]


def play(session: Session, steps: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if rome.is_over(session.state):
            return
        forced = rome.automatic_action(session.state)
        text = str(forced or rng.choice(rome.sensible_actions(session.state)))
        session.apply(text, auto=forced is not None)


def test_save_round_trip() -> None:
    s = Session.new(SEATS, 8, True)
    play(s, 60)
    again = Session.from_save(s.to_save())
    assert again.state == s.state and again.actions == s.actions and again.auto == s.auto


@pytest.mark.parametrize("data", [
    None, [], {"version": -1},
    {"version": rome.SAVE_VERSION, "seats": [{"name": "A", "human": True}], "seed": 1,
     "shrine": False, "actions": [], "auto": []},
    {"version": rome.SAVE_VERSION, "seats": [s.to_dict() for s in SEATS], "seed": "x",
     "shrine": False, "actions": [], "auto": []},
    {"version": rome.SAVE_VERSION, "seats": [s.to_dict() for s in SEATS], "seed": 1,
     "shrine": False, "actions": ["fly away"], "auto": [False]},
    {"version": rome.SAVE_VERSION, "seats": [s.to_dict() for s in SEATS], "seed": 1,
     "shrine": False, "actions": [], "auto": [True]},
])
def test_bad_saves_are_refused(data: object) -> None:
    with pytest.raises(SaveError):
        Session.from_save(data)


def test_undo_only_own_unrevealing_action() -> None:
    s = Session.new([Seat("Ann", True), Seat("Bea", True)], 3, False)
    play(s, 300)
    assert rome.is_over(s.state)
    assert s.undo_point() is None  # nobody to act
    s = Session.new(SEATS, 5, False)
    for _ in range(200):  # find a human "take" (reveals nothing): it may be undone
        if s.seat_is_human(s.current) and s.state.step == "take":
            n = len(s.actions)
            s.apply(str(rome.legal_actions(s.state)[0]))
            if s.seat_is_human(s.current):
                assert s.undo() and len(s.actions) == n
                return
        play(s, 1)
    pytest.fail("no human take found")


def test_address_options() -> None:
    opts = parse_address("?seats=human,normal,hard&seed=42&shrine=1&pace=0")
    assert [x.human for x in seats_for(opts.seats or ())] == [True, False, False]
    assert (opts.seed, opts.shrine, opts.pace) == (42, True, 0)
    assert parse_address("?seats=human,wizard").seats is None
    assert parse_address("").seats is None
