"""The start's self-check: a few answers of the engine and of text handling, compared with
answers written here, before anything is shown (issue 39).

Why: the page's and the AI worker's Python may be restored from a memory snapshot kept in
the browser's storage (``scripts/lockless_template.mjs``). Its bytes are checked against
their digest, but a snapshot can be whole and still wrong (taken from a damaged memory),
and a damaged interpreter does not always stop: a probe saw one start normally and save
the name "Zoé" as "ZoÙ" from then on. So each start asks questions whose answers are known
and says what came back wrong; the page then starts again without the snapshot
(``assets/boot.js``), and the page restarts an AI worker likewise (``assets/ai-host.mjs``).

The answers are not computed by the code they check: the example city's score is the
rulebook's (``examples/city.json``, whose city code ``EXAMPLE_CITY`` is), the dealt game's
legal actions and the checksum of its state after ``PLIES`` plies were recorded on CPython
(the canonical save JSON the replay corpus pins as well), and the texts' encodings are
Unicode's. ``tests/test_selfcheck.py`` runs the check on CPython, so a change of the engine
or of the save format that changes an answer is found there, not on a player's start.
It takes about 2 ms in Pyodide (docs/measurements.md).
"""

from __future__ import annotations

import json
import unicodedata
import zlib
from collections.abc import Callable
from typing import Protocol

import rome
from rome.citycode import decode

TEXTS = (
    # a name, its UTF-8 bytes, its JSON text, JavaScript's encodeURIComponent of it
    ("Zo\u00e9", b"Zo\xc3\xa9", '"Zo\\u00e9"', "Zo%C3%A9"),
    ("\u00c6r\u00f8", b"\xc3\x86r\xc3\xb8", '"\\u00c6r\\u00f8"', "%C3%86r%C3%B8"),
    ("\u674e", b"\xe6\x9d\x8e", '"\\u674e"', "%E6%9D%8E"),
    ("\U0001f3db", b"\xf0\x9f\x8f\x9b", '"\\ud83c\\udfdb"', "%F0%9F%8F%9B"),
)
UNICODE: tuple[tuple[str, Callable[[str], str], tuple[tuple[str, str], ...]], ...] = (
    ("composes to", lambda text: unicodedata.normalize("NFC", text),
     (("Zoe\u0301", "Zo\u00e9"), ("\u00c6r\u00f8", "\u00c6r\u00f8"))),
    ("in capitals is", str.upper, (("Zo\u00e9", "ZO\u00c9"), ("\u00c6r\u00f8", "\u00c6R\u00d8"))),
    ("is of the category", unicodedata.category,
     (("\u0301", "Mn"), ("\u674e", "Lo"), ("\U0001f3db", "So"))),
)
"""Answers of Python's Unicode tables (the names' graphemes are cut by category,
``ui.words.names``): what each function gives for each text."""

PLAYERS, SEED = 3, 42
"""The dealt game (no shrine)."""
FIRST_ACTIONS = ("draft house-2", "draft house-4", "draft aqueduct")
PLIES = 24
"""Plies played by ``pick`` from the dealt game: through the draft, the emissary and into
round 2's actions."""
STATE_CRC32 = 0xAA197AA5
"""CRC-32 of the canonical save JSON (``to_dict``, sorted keys) after ``PLIES`` plies (any
change of the text shows; ``zlib`` is loaded already, ``hashlib`` would cost the start)."""
EXAMPLE_CITY = "1.8D69J55H2LH45BR7K.9.3.1"
EXAMPLE_SCORE = {"residential": 46, "aqueducts": 12, "temples": 4, "shrine": 0, "coins": 9,
                 "influence_tokens": 1, "influence_cards": 3, "total": 75}
"""The rulebook's example city and its score, category by category."""


class UriCoding(Protocol):
    """JavaScript's global object as the check uses it: the page's ``window``, the AI
    worker's ``js`` module."""

    def encodeURIComponent(self, text: str, /) -> str: ...
    def decodeURIComponent(self, text: str, /) -> str: ...


def _pick(ply: int, legal: list[rome.Action]) -> rome.Action:
    """A fixed arithmetic choice among the legal actions (any choice would do)."""
    return legal[(ply * 7919 + 13) % len(legal)]


def _engine(_js: UriCoding) -> str:
    state = rome.new_game(PLAYERS, seed=SEED, shrine=False)
    first = tuple(str(action) for action in rome.legal_actions(state))
    if first != FIRST_ACTIONS:
        return f"the dealt game offers {first}, not {FIRST_ACTIONS}"
    for ply in range(PLIES):
        state = rome.apply_action(state, _pick(ply, rome.legal_actions(state)))
    text = json.dumps(state.to_dict(), sort_keys=True)
    if zlib.crc32(text.encode()) != STATE_CRC32:
        return f"the dealt game after {PLIES} plies is not the recorded one"
    score = rome.score_finished_city(rome.read_city(decode(EXAMPLE_CITY)))
    if score != EXAMPLE_SCORE:
        return f"the example city scores {score}, not the rulebook's {EXAMPLE_SCORE}"
    return ""


def _text(js: UriCoding) -> str:
    for name, utf8, as_json, as_uri in TEXTS:
        answers = {"its UTF-8": name.encode("utf-8") == utf8 and utf8.decode("utf-8") == name,
                   "JSON": json.dumps(name) == as_json and json.loads(as_json) == name,
                   "JSON unescaped": json.loads(json.dumps(name, ensure_ascii=False)) == name,
                   "JavaScript": js.encodeURIComponent(name) == as_uri
                   and js.decodeURIComponent(as_uri) == name}
        wrong = [how for how, right in answers.items() if not right]
        if wrong:
            return f"{ascii(name)} does not come back whole through {', '.join(wrong)}"
    for how, function, pairs in UNICODE:
        for text, expected in pairs:
            if (got := function(text)) != expected:
                return f"{ascii(text)} {how} {ascii(got)}, not {ascii(expected)}"
    return ""


def _saves(_js: UriCoding) -> str:
    # Imported here: the AI worker, which keeps no names or games, does not run this check,
    # and these modules (ui.words.markup reads the html module's entity tables) would cost
    # its start about 0.1 s. The page imports them anyway.
    from ui.saves.save import export_game, import_game
    from ui.saves.session import Seat, Session
    from ui.words.names import clean_name

    names = [name for name, *_ in TEXTS]
    if [clean_name(name) for name in names] != names:
        return "a name does not come back whole as a player's name"
    game = Session.new([Seat(name, True) for name in names[:3]], SEED, False)
    game = game.after(FIRST_ACTIONS[0])
    exported = export_game(game)
    if not all(f'"name": {as_json}' in exported for _, _, as_json, _ in TEXTS[:3]):
        return "the names are not written as they should be in a saved game"
    for how, back in (("a download", import_game(exported)),
                      ("a save", Session.from_save(json.loads(json.dumps(game.to_save()))))):
        if [seat.name for seat in back.seats] != names[:3] or back.actions != game.actions:
            return f"the names or moves of {how} do not come back whole"
    return ""


CHECKS: dict[str, Callable[[UriCoding], str]] = {
    "the engine": _engine, "text": _text, "names and saved games": _saves}
WORKER_CHECKS = ("the engine", "text")
"""What the AI worker asks itself: it plays from observations and keeps no names."""


def problem(js: UriCoding, subjects: tuple[str, ...] = tuple(CHECKS)) -> str:
    """"" if every answer about ``subjects`` is right, else a sentence fragment saying the
    first that is not.

    ``js`` is JavaScript's global object (the page's ``window``, the worker's ``js``): its
    ``encodeURIComponent`` and ``decodeURIComponent`` take the names across and back.
    """
    for subject in subjects:
        try:
            wrong = CHECKS[subject](js)
        except Exception as exc:  # a damaged interpreter may fail in any way
            wrong = f"{type(exc).__name__}: {exc}"
        if wrong:
            return f"{subject}: {wrong}"
    return ""
