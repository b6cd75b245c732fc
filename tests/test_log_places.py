"""The log says where a building went in the board's terms (issue 33): every place a log
line names exists on the board as drawn.

A build's line names the buildings beside it ("next to Market and two Vegetable Farms"):
they are checked against the mover's city as the observation gives it (the four spaces
beside the one built on), and the entry's marked cell (``data-pos``) against the cities
the table draws at the end of the game (a building never moves). No line names rows or
columns, which the board does not draw.
"""

from __future__ import annotations

import random
import re

import pytest

import rome
from ui import model
from ui.model import Mode, UiState
from ui.render.log_view import render
from ui.render.table import regions
from ui.render.view import table_view
from ui.saves.session import Seat, Session
from ui.words.markup import esc
from ui_drive import at_random, play_until

NUMBERS = {"two": 2, "three": 3, "four": 4}
NAMES = {b.name for b in rome.BUILDINGS.values()}


def named_beside(line: str) -> list[str]:
    """The building names after "next to" in a log line, one per building."""
    found = re.search(r" next to (.+?)(?:, paying | \(|\.$)", line)
    assert found, line
    names = []
    for item in re.split(r", | and ", found.group(1)):
        count, _, rest = item.partition(" ")
        if count in NUMBERS:
            name = rest if rest in NAMES else rest[:-1]  # "two Vegetable Farms"
            names += [name] * NUMBERS[count]
        else:
            names.append(item)
    return names


def finished(players: int, seed: int) -> UiState:
    """A game of humans choosing at random, played through the table's model."""
    seats = [Seat(f"P{i}", True) for i in range(players)]
    ui, _ = model.reduce(UiState(pace=0, open_hands=True),
                         model.Begin(Session.new(seats, seed, seed % 2 == 0)))
    return play_until(ui, lambda u: u.mode is Mode.OVER, at_random(random.Random(seed)),
                      limit=4000)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (2, 8)])
def test_every_place_a_log_line_names_is_on_the_board(players: int, seed: int) -> None:
    ui = finished(players, seed)
    s = ui.session
    assert s is not None
    board = "".join(regions(table_view(ui)).values())
    builds = 0
    for entry, text in zip(ui.log, s.actions, strict=True):
        assert not any(re.search(r"\brow\b|\bcolumn\b", line) for line in entry.lines)
        action = rome.Action.parse(text)
        if action.verb != "build":
            assert entry.pos == ""
            continue
        builds += 1
        seat = entry.seat
        after = rome.observation(s.states[entry.index + 1], seat)["players"][seat]["city"]
        kinds = {(r, c): kind for r, c, kind, _deck in after}
        r, c = action.row, action.col
        beside = [rome.BUILDINGS[kinds[p]].name
                  for p in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if p in kinds]
        assert sorted(named_beside(entry.lines[0])) == sorted(beside), entry.lines[0]
        assert entry.pos == f"{seat}:{r},{c}"
        assert f'data-pos="{entry.pos}"' in board  # the cell the entry marks is drawn
    assert builds >= 5 * players
    log = render(ui.log, limit=len(ui.log))
    marked = re.findall(r'<li [^>]*data-pos="([^"]+)" tabindex="0">', log)
    assert len(marked) == builds  # every build entry can be focused to mark its cell
    assert all(f'li[data-pos="{pos}"]' in log for pos in marked)


def test_the_log_reads_newest_first_and_a_round_is_the_tables_not_a_seats() -> None:
    """What a move set off (an influence scoring, the next round) stands above the move in
    the newest-first list, each in a line of its own without the mover's colour."""
    ui = finished(3, 2)
    entry = next(e for e in ui.log if any(x.startswith("Influence scoring") for x in e.lines)
                 and any(" begins. " in x for x in e.lines))  # a scoring, the next round
    log = render(ui.log, limit=len(ui.log))
    items = re.findall(r"<li ([^>]*)>(.*?)</li>", log)
    move = next(i for i, (attrs, _t) in enumerate(items)
                if f'data-index="{entry.index}"' in attrs)
    assert entry.lines[0] in items[move][1] and f"seat-{entry.seat}" in items[move][0]
    above = [text for _attrs, text in items[move - len(entry.lines) + 1:move]]
    assert above == [esc(line) for line in reversed(entry.lines[1:])]
    assert above[-1].startswith("Influence scoring")  # nearest the move that set it off
    assert next(i for i, x in enumerate(above) if " begins. " in x) < len(above) - 1
    assert all(attrs == 'class="table-event"'
               for attrs, _t in items[move - len(entry.lines) + 1:move])
