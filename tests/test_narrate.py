"""Log lines read as a person writes them (issue 11): counts agree with their nouns, and a
build says where it went (the buildings it stands next to)."""

from __future__ import annotations

import random
import re

import rome

NAMES = ["Ann", "Bob", "Cy", "Di"]
WRONG_NUMBER = re.compile(r"\(s\)|\b1 (coins|cogs|cards|brick tokens|point tokens|"
                          r"influence tokens)\b|\b([02-9]|\d\d+) (coin|cog|card|brick token|"
                          r"point token|influence token)\b(?!s)")


def _lines(seed: int) -> list[tuple[rome.Action, str]]:
    state = rome.new_game(2 + seed % 3, seed=seed, shrine=seed % 2 == 0)
    out = []
    for before, action, after in rome.playthrough(state, rome.random_player(random.Random(seed))):
        out += [(action, line) for line in rome.describe(before, action, after, NAMES)]
    return out


def test_counts_agree_with_their_nouns():
    lines = [line for seed in range(12) for _a, line in _lines(seed)]
    assert any(" 1 " in line for line in lines)
    assert [line for line in lines if WRONG_NUMBER.search(line)] == []


def test_a_build_names_the_buildings_beside_it():
    builds = [line for seed in range(6) for a, line in _lines(seed) if a.verb == "build"
              and line.startswith(tuple(NAMES))]
    assert builds
    assert all(" next to " in line for line in builds)


def test_a_single_card_drawn_is_simply_kept():
    keeps = [(line, a) for seed in range(40) for a, line in _lines(seed) if a.verb == "keep"]
    assert any("keeps the only card drawn." in line for line, _a in keeps)
    assert not any("puts 0" in line or "returns 0" in line for line, _a in keeps)


def test_every_card_of_the_opening_draft_is_told_and_none_named():
    """The first player's card is passed on, not chosen: the log says so (it came without a
    line), and names no card of the draft, as each seat sees only the cards that reach it."""
    for seed in range(9):
        state = rome.new_game(2 + seed % 3, seed=seed)
        drafted, told = [], []
        for before, action, after in rome.playthrough(
                state, rome.random_player(random.Random(seed))):
            if before.phase != "draft":
                break
            drafted.append(action)
            told += rome.describe(before, action, after, NAMES)
        first = NAMES[state.first_player]
        assert f"{first} takes the last card of the opening draft." in told
        lines = [x for x in told if "opening draft" in x]
        assert len(lines) == state.num_players  # one a seat
        assert not any(rome.BUILDINGS[str(a.kind)].name in x for a in drafted for x in lines)
