"""One value, every way in (issue 39): the address, the new-game form, a downloaded file
brought back, a stored save and an embed's replay record each read a game's seed, seats,
Shrine option, names and pace, and each refuses a value outside the bounds with the same
sentence, naming where it was read, or accepts it as the same game.

Each way in reads values as its source spells them: the address and the form are text
(``seed=7`` is the number 7, ``shrine=1`` is true, ``pace=fast`` is 250 ms), a file, a
stored save or a record is JSON (``"7"``, ``7.0`` and ``true`` are not numbers). The
expected sentences are written out here, not taken from ``ui.bounds``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import pytest

from ui.address import game_options
from ui.embed import replay
from ui.embed.replay import RecordError
from ui.model.newgame import NewGameForm, chosen, edited
from ui.saves.save import SETTINGS_RULES, check_moves, export_game, import_game, parse_bounded
from ui.saves.session import SaveError, Seat, Session

SEED_RULE = "must be a whole number from 0 to 9007199254740991, not "
KIND_RULE = "must be human or a computer level (easy, normal, hard, expert), not "
SEATS = [Seat("Ann", True), Seat("Bot", False, "easy")]
GAME = Session.new(SEATS, 5, False)  # no move yet: every seed starts a legal game


class Refused(str):
    """What a reader said instead of reading the value."""


Outcome = Any  # the value read, or Refused(sentence)


def _file(change: Callable[[dict[str, Any]], None]) -> Outcome:
    data = json.loads(export_game(GAME))
    change(data)
    try:
        return import_game(json.dumps(data))
    except SaveError as exc:
        return Refused(exc)


def _stored(change: Callable[[dict[str, Any]], None]) -> Outcome:
    """What ``Saves.load_game`` does with a slot's text."""
    data = GAME.to_save()
    change(data)
    try:
        read = parse_bounded(json.dumps(data), "the saved game")
        check_moves(read, "the saved game")
        return Session.from_save(read)
    except SaveError as exc:
        return Refused(exc)


def _record(change: Callable[[dict[str, Any]], None]) -> Outcome:
    data: dict[str, Any] = {"players": 2, "seed": 5, "shrine": False, "actions": []}
    change(data)
    try:
        return replay.load(json.dumps(data))
    except RecordError as exc:
        return Refused(exc)


def _address(query: str) -> Outcome:
    opts = game_options(query)
    return opts if opts.seats else Refused(opts.error)


def _form(seed_text: str) -> Outcome:
    form = edited(edited(edited(NewGameForm(), "seat-name-0", "Ann"), "seat-kind-1", "easy"),
                  "opt-seed", seed_text)
    try:
        return chosen(form)
    except ValueError as exc:
        return Refused(exc)


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.__setitem__(key, value)


# -- seeds --------------------------------------------------------------------------------
# (JSON value, as the address spells it, as a sentence quotes the text, as it quotes JSON)
BAD_SEEDS = [
    (-7, "-7", "“-7”", "-7"),
    (2**53, "9007199254740992", "“9007199254740992”", "9007199254740992"),
    (2**53 + 1, "9007199254740993", "“9007199254740993”", "9007199254740993"),
    (10**4000, "1" + "0" * 4000, "“10000000000000000000000…” (4001 characters)",
     "a number of 4001 digits"),
    ("7", '"7"', "“\"7\"”", "“7”"),
    (7.0, "7.0", "“7.0”", "7.0"),
    (True, "true", "“true”", "true"),
    (None, "null", "“null”", "null"),
]


@pytest.mark.parametrize(("value", "text", "text_shown", "json_shown"), BAD_SEEDS,
                         ids=[repr(row[1])[:20] for row in BAD_SEEDS])
def test_a_seed_out_of_bounds_is_refused_alike_everywhere(
        value: Any, text: str, text_shown: str, json_shown: str) -> None:
    said = {
        "address": _address("?seats=human,easy&seed=" + quote(text, safe="")),
        "form": _form(text),
        "file": _file(_set("seed", value)),
        "stored": _stored(_set("seed", value)),
        "record": _record(_set("seed", value)),
    }
    assert all(isinstance(s, Refused) for s in said.values()), said
    assert f"The address's seed= {SEED_RULE}{text_shown}, so it was not used." in said["address"]
    assert said["form"] == f"The form's seed {SEED_RULE}{text_shown}."
    assert said["file"] == f"the file's seed {SEED_RULE}{json_shown}"
    assert said["stored"] == f"the saved game's seed {SEED_RULE}{json_shown}"
    assert said["record"] == f"the record's seed {SEED_RULE}{json_shown}"


@pytest.mark.parametrize("seed", [0, 1, 2**53 - 1])
def test_a_seed_within_bounds_gives_the_same_game_everywhere(seed: int) -> None:
    read = [_address(f"?seats=human,easy&seed={seed}").seed, _form(str(seed))[1],
            _file(_set("seed", seed)).seed, _stored(_set("seed", seed)).seed,
            _record(_set("seed", seed)).seed]
    assert read == [seed] * 5


# -- seats ----------------------------------------------------------------------------------
def _seats(kinds: list[str]) -> list[dict[str, Any]]:
    return [{"name": f"P{i}", "human": kind == "human", "level": "" if kind == "human" else kind}
            for i, kind in enumerate(kinds)]


def _with_seats(kinds: list[str]) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["seats"] = _seats(kinds)
        data["players"] = len(kinds)
    return change


@pytest.mark.parametrize("kinds", [["human"], ["human", "easy", "easy", "easy", "easy"]])
def test_a_game_of_one_or_five_seats_is_refused_alike_everywhere(kinds: list[str]) -> None:
    n = len(kinds)
    address = _address("?seats=" + ",".join(kinds))
    assert f"The address's seats= must be 2 to 4 seats, not {n}, so it was not used." in address
    assert _file(_with_seats(kinds)) == f"the file's seats must be 2 to 4 seats, not {n}"
    assert _stored(_with_seats(kinds)) == f"the saved game's seats must be 2 to 4 seats, not {n}"
    assert _record(_set("players", n)) == f"the record's players must be a whole number from " \
                                          f"2 to 4, not {n}"


@pytest.mark.parametrize(("level", "shown"), [("wizard", "“wizard”"), ("__proto__", "“__proto__”"),
                                              ("", "“”")])
def test_an_unknown_level_is_refused_alike_everywhere(level: str, shown: str) -> None:
    kinds = ["human", level]
    if level:  # the address cannot name an empty level (``human,`` is one seat)
        address = _address("?seats=human," + quote(level, safe=""))
        assert f"The address's seats= {KIND_RULE}{shown}, so it was not used." in address
    assert _file(_with_seats(kinds)) == f"the file's seat 2 {KIND_RULE}{shown}"
    assert _stored(_with_seats(kinds)) == f"the saved game's seat 2 {KIND_RULE}{shown}"


@pytest.mark.parametrize("kinds", [["human", "normal"], ["hard", "easy", "random", "human"],
                                   ["expert", "human", "expert"]])
def test_known_seats_are_read_alike_everywhere(kinds: list[str]) -> None:
    address = _address("?seats=" + ",".join(kinds)).seats
    filed = [s.level or "human" for s in _file(_with_seats(kinds)).seats]
    stored = [s.level or "human" for s in _stored(_with_seats(kinds)).seats]
    assert list(address) == filed == stored == kinds
    assert len(_record(_set("players", len(kinds))).names()) == len(kinds)


# -- the Shrine option ----------------------------------------------------------------------
@pytest.mark.parametrize(("value", "text", "json_shown"), [
    ("false", '"false"', "“false”"), (None, "null", "null"), (2, "2", "2"),
    ("yes", "yes", "“yes”")])
def test_a_shrine_option_that_is_not_a_boolean_is_refused_alike(value: Any, text: str,
                                                                json_shown: str) -> None:
    address = _address("?seats=human,easy&shrine=" + quote(text, safe=""))
    assert "The address's shrine= must be true, false, 1 or 0, not " in address
    for said, place in ((_file(_set("shrine", value)), "the file's"),
                        (_stored(_set("shrine", value)), "the saved game's"),
                        (_record(_set("shrine", value)), "the record's")):
        assert said == f"{place} shrine must be true or false, not {json_shown}"


def test_the_address_spells_a_boolean_as_text_and_json_by_its_type() -> None:
    assert _address("?seats=human,easy&shrine=1").shrine is True
    assert _file(_set("shrine", True)).shrine is True
    assert isinstance(_file(_set("shrine", 1)), Refused)


# -- names ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "kept"), [
    ("", "Player"), ("   ", "Player"), ("x" * 1000, "x" * 24), ("A\x00\x07b\n", "Ab"),
    ("\u202eevil\u202c", "evil"), ("Zo\u00e9", "Zo\u00e9"), ("\u2066Ann\u2069 Lee", "Ann Lee"),
])
def test_a_name_is_made_safe_alike_never_refused(name: str, kept: str) -> None:
    def change(data: dict[str, Any]) -> None:
        data["seats"][0]["name"] = name
    assert _file(change).seats[0].name == kept
    assert _stored(change).seats[0].name == kept


@pytest.mark.parametrize(("name", "shown"), [(5, "5"), (None, "null"), (["Ann"], "a list of 1")])
def test_a_name_that_is_not_text_is_refused_alike(name: Any, shown: str) -> None:
    def change(data: dict[str, Any]) -> None:
        data["seats"][0]["name"] = name
    assert _file(change) == f"the file's seat 1 name must be text, not {shown}"
    assert _stored(change) == f"the saved game's seat 1 name must be text, not {shown}"


# -- pace -------------------------------------------------------------------------------------
PACE_RULE = ("must be slow, normal, fast, instant or a whole number of milliseconds from 0 "
             "to 5000, not ")


@pytest.mark.parametrize(("text", "value"), [("-1", -1), ("5001", 5001), ('"fast"', "fast"),
                                             ("7.0", 7.0), ("true", True)])
def test_a_pace_out_of_bounds_is_refused_by_the_address_and_the_stored_settings(
        text: str, value: Any) -> None:
    opts = game_options("?seats=human,easy&seed=3&pace=" + quote(text, safe=""))
    assert opts.pace is None and opts.seats == ("human", "easy")  # the game still starts
    assert opts.notes == (f"The address's pace= {PACE_RULE}“{text}”, so it was not used.",)
    assert not SETTINGS_RULES["pace"][1](value)


@pytest.mark.parametrize(("text", "value"), [("0", 0), ("5000", 5000), ("fast", 250),
                                             ("slow", 1600)])
def test_a_pace_within_bounds_is_read_alike(text: str, value: int) -> None:
    assert game_options("?pace=" + text).pace == value
    assert SETTINGS_RULES["pace"][1](value)


# -- moves ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("moves", "shown"), [
    (["draft " + "x" * 5000], "“draft xxxxxxxxxxxxxxxxx…” (5006 characters)"),
    ([7], "7"), (["end"] * 2001, "a list of 2001"), ("end", "“end”")])
def test_a_move_list_out_of_bounds_is_refused_alike(moves: Any, shown: str) -> None:
    rule = "must be a list of at most 2000 moves"
    if isinstance(moves, list) and len(moves) <= 2000:
        rule += ", each a move's text of at most 40 characters"
    for said, place in ((_file(_set("actions", moves)), "the file's"),
                        (_stored(_set("actions", moves)), "the saved game's"),
                        (_record(_set("actions", moves)), "the record's")):
        assert said == f"{place} moves {rule}, not {shown}"
