"""Every parameter a page address may carry, read once and validated here before any use.

Why one module: an address is written by whoever links to the page (a rules site, a
chat message, an attacker), so each value is checked against what it may be, not
matched loosely: numbers are ASCII digits in a range (``str.isdigit`` accepts ``²``,
which ``int`` refuses), booleans are ``true``, ``false``, ``1`` or ``0`` and nothing
else, texts are bounded before they are parsed. A refused value is dropped and a
sentence naming the parameter says why; nothing here raises on any address. The bounds
of a game's values (seed, seats, pace) and the wording of a refusal are the ones files,
storage and records are read with (:mod:`ui.bounds`).

``src=`` (the replay's record file) is checked twice. Here, on the raw text, against a
strict whitelist: a relative path of ``[A-Za-z0-9._-]`` segments ending in ``.json``, no
dot segments, no ``%``, backslash, whitespace or scheme. Python's URL functions are not
the WHATWG parser a browser fetches with, so the page then resolves the accepted text
with the browser's own ``URL`` and :func:`inside_folder` checks the result.

Pure (no browser import): the pages pass ``location.search`` in; tested on CPython.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, quote, unquote, urlsplit

from rome import JSONLike
from ui.bounds import PACE, PACE_NAMES, SEED, Place, Whole, sentence
from ui.words.topics import TOPICS

MAX_ADDRESS_CHARS = 200_000
"""The longest query read at all: a replay link of a long 4-player game is ~20 000."""
MAX_FIELDS = 32
"""More parameters than every page's together: anything beyond is not our address."""
MAX_RECORD_CHARS = 100_000
"""``record=`` after decoding; a 4-player game's record is about 5 000 characters."""
MAX_SRC_CHARS = 200
MAX_CODE_CHARS = 64
"""A city code is at most 47 characters (``rome.citycode.MAX_LENGTH``)."""
MAX_NAME_CHARS = 64
MAX_SEATS_CHARS = 100
STEP = Whole(0, 10_000)
"""Past any game's last step (4 players: about 250); a larger step shows the end."""
VIEWS = ("calculator", "city", "replay", "game", "lesson")
THEMES = ("light", "dark", "auto")
BOOLEANS: Mapping[str, bool] = {"true": True, "1": True, "false": False, "0": False}
PACE_RULE = f"{', '.join(PACE_NAMES)} or {PACE.rule}"

_SEGMENT = r"[A-Za-z0-9_-][A-Za-z0-9._-]*"
_SRC = re.compile(rf"(?:{_SEGMENT}/)*{_SEGMENT}\.json")
_NAME = re.compile(r"[^a-z0-9-]")


class AddressError(ValueError):
    """A refused value: the message is a sentence naming the parameter."""


ADDRESS = Place("the address's",
                lambda clause: AddressError(sentence(f"{clause}, so it was not used")))
"""Where a refused parameter was read; it is named as written (``seed=``)."""


def refuse(name: str, rule: str, value: str) -> Exception:
    return ADDRESS.refuse(f"{name}=", rule, value)


# -- the query ----------------------------------------------------------------------------
def read_query(search: str) -> tuple[dict[str, str], tuple[str, ...]]:
    """The parameters of ``location.search`` (the first of each name, as the browser's
    ``URLSearchParams.get`` gives) and the sentences about what could not be read."""
    if len(search) > MAX_ADDRESS_CHARS:
        return {}, (f"The address is too long to be read ({len(search)} characters, at most "
                    f"{MAX_ADDRESS_CHARS}): it was ignored.",)
    try:
        pairs = parse_qsl(search.lstrip("?"), keep_blank_values=True, errors="replace",
                          max_num_fields=MAX_FIELDS)
    except ValueError:
        return {}, (f"The address has more than {MAX_FIELDS} parameters: it was ignored.",)
    query: dict[str, str] = {}
    for key, value in pairs:
        query.setdefault(key, value)
    return query, ()


def flag(name: str, text: str) -> bool:
    if text not in BOOLEANS:
        raise refuse(name, "true, false, 1 or 0", text)
    return BOOLEANS[text]


def choice(name: str, text: str, options: tuple[str, ...]) -> str:
    if text not in options:
        raise refuse(name, "one of " + ", ".join(options), text)
    return text


def bounded(name: str, text: str, limit: int) -> str:
    if len(text) > limit:
        raise refuse(name, f"at most {limit} characters", text)
    return text


def pace(text: str) -> int:
    """A pace name or milliseconds between computer moves."""
    if text in PACE_NAMES:
        return PACE_NAMES[text]
    number = PACE.text(text)
    if number is None:
        raise refuse("pace", PACE_RULE, text)
    return number


def seat_kinds(text: str) -> tuple[str, ...]:
    """``human,normal,hard`` -> the kinds of 2 to 4 seats (spaces and case do not count)."""
    bounded("seats", text, MAX_SEATS_CHARS)
    kinds = tuple(k.strip().lower() for k in text.split(",") if k.strip())
    ADDRESS.seat_count("seats=", len(kinds))
    return tuple(ADDRESS.seat_kind("seats=", kind) for kind in kinds)


def source(text: str) -> str:
    """``src=``'s raw text if the whitelist holds (see the module's docstring)."""
    bounded("src", text, MAX_SRC_CHARS)
    if not _SRC.fullmatch(text):
        raise refuse("src", "a plain relative path (letters, digits, '.', '_', '-' and '/') "
                     "to a .json file in the folder of embed.html or below it", text)
    return text


def inside_folder(resolved: str, page: str) -> bool:
    """Whether ``resolved`` (the browser's ``new URL(src, location.href).href``) has the
    origin of ``page`` and a path, once decoded, inside the folder of ``page``."""
    target, here = urlsplit(resolved), urlsplit(page)
    if (target.scheme, target.netloc) != (here.scheme, here.netloc) or not here.netloc:
        return False
    folder = here.path.rsplit("/", 1)[0] + "/"
    path = unquote(target.path)
    segments = path.split("/")
    return (target.path.startswith(folder) and path.startswith(folder)
            and "." not in segments and ".." not in segments and "\\" not in path)


def namespace(text: str) -> str:
    """``save=``: where a compact game keeps its saves, cut to what a storage key may
    safely hold (``Rules-A!`` -> ``rules-a``); "" for the default."""
    bounded("save", text, MAX_NAME_CHARS)
    return _NAME.sub("", text.lower())[:32]


GAME_KEYS = ("seats", "seed", "shrine")
"""What asks for a new game: dropped from the address once the game has begun."""


def without_game(search: str) -> str:
    """``search`` without the parameters that start a game, every other one kept verbatim
    (the compact game's ``view=game&save=…``), so a reload resumes instead of restarting."""
    kept = [part for part in search.lstrip("?").split("&")
            if part and unquote(part.split("=", 1)[0]) not in GAME_KEYS]
    return "?" + "&".join(kept) if kept else ""


# -- what each page reads -----------------------------------------------------------------
@dataclass(frozen=True)
class GameOptions:
    """The game's own parameters (``index.html`` and the compact game's frame)."""

    seats: tuple[str, ...] | None  # seat kinds; None when the address asks for no game
    seed: int | None
    shrine: bool
    pace: int | None
    problems: tuple[str, ...] = ()  # why the asked-for game cannot be set up
    notes: tuple[str, ...] = ()  # refused values that do not stop the game (pace=)

    @property
    def error(self) -> str:
        """What to say on the new-game screen when the asked-for game cannot be set up."""
        if not self.problems:
            return ""
        return ("The address asked for a game this table cannot set up. "
                + " ".join(self.problems) + " Choose the players below instead.")


def game_options(search: str) -> GameOptions:
    """``?seats=human,normal&seed=42&shrine=1&pace=0``; a bad value drops the game it asks
    for (the new-game screen opens with the reason), a bad pace only itself."""
    query, problems = read_query(search)
    refused: list[str] = []  # each of these drops the game the address asks for
    seats: tuple[str, ...] | None = None
    seed: int | None = None
    shrine = False
    speed: int | None = None
    try:
        seats = seat_kinds(query["seats"]) if "seats" in query else None
    except AddressError as exc:
        refused.append(str(exc))
    try:
        seed = ADDRESS.whole_text("seed=", SEED, query["seed"]) if "seed" in query else None
    except AddressError as exc:
        refused.append(str(exc))
    try:
        shrine = flag("shrine", query["shrine"]) if "shrine" in query else False
    except AddressError as exc:
        refused.append(str(exc))
    notes: tuple[str, ...] = ()
    try:
        speed = pace(query["pace"]) if "pace" in query else None
    except AddressError as exc:
        notes = (str(exc),)  # said, but the game still starts: a pace is a preference
    return GameOptions(None if refused else seats, seed, shrine, speed,
                       tuple(problems) + tuple(refused), notes)


@dataclass(frozen=True)
class EmbedAddress:
    """What the address of ``embed.html`` asks for; ``problems`` says what was refused."""

    view: str = "calculator"
    theme: str = "auto"
    compact: bool = False
    code: str = ""  # city code (calculator start, city view)
    record: str = ""  # replay: the URL-decoded JSON record, bounded, not yet parsed
    src: str = ""  # replay: a JSON file in the folder of embed.html (the whitelist held)
    open_hands: bool = False  # replay: every hand face up (teaching)
    step: int | None = None  # replay: the step to show first
    namespace: str = ""  # game: where its saves go, apart from the site's and other embeds'
    topic: str = ""  # lesson: one of ui.words.topics.TOPICS
    problems: tuple[str, ...] = ()


def embed_address(search: str) -> EmbedAddress:
    """Read ``embed.html``'s query; each refused value keeps its default and is said."""
    query, problems = read_query(search)
    found: list[str] = list(problems)
    values: dict[str, Any] = {}
    readers = (
        ("view", "view", lambda t: choice("view", t, VIEWS)),
        ("theme", "theme", lambda t: choice("theme", t, THEMES)),
        ("compact", "compact", lambda t: flag("compact", t)),
        ("code", "code", lambda t: bounded("code", t, MAX_CODE_CHARS)),
        ("record", "record", lambda t: bounded("record", t, MAX_RECORD_CHARS)),
        ("src", "src", source),
        ("open", "open_hands", lambda t: flag("open", t)),
        ("step", "step", lambda t: ADDRESS.whole_text("step=", STEP, t)),
        ("save", "namespace", namespace),
        ("topic", "topic", lambda t: choice("topic", t, TOPICS)),
    )
    for key, field_name, read in readers:
        if key in query:
            try:
                values[field_name] = read(query[key])
            except AddressError as exc:
                found.append(str(exc))
    if values.get("record") and values.get("src"):
        found.append("The address's src= was not used: the address gives record= too, "
                     "and a replay shows one game.")
        values["src"] = ""
    return EmbedAddress(**values, problems=tuple(found))


# -- links to the embed views, in the page's own folder (the calculator's share, the end
# screen's replay link) ------
def folder_of(href: str) -> str:
    """``https://x.org/rome/index.html?a#b`` -> ``https://x.org/rome/``."""
    path = href.split("#", 1)[0].split("?", 1)[0]
    return path.rsplit("/", 1)[0] + "/"


def city_link(href: str, code: str, view: str = "city") -> str:
    return f"{folder_of(href)}embed.html?view={view}&code={code}"


def replay_link(href: str, record: Mapping[str, JSONLike]) -> str:
    """The replay view of a record (``window.rome.record()``), URL-encoded JSON."""
    text = json.dumps(record, separators=(",", ":"))
    return f"{folder_of(href)}embed.html?view=replay&record={quote(text, safe='')}"
