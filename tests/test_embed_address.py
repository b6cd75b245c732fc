"""The address module against hostile values: every one is refused with a sentence that
names its parameter, or read as exactly what it says; nothing raises.

Why a large table: an address is written by whoever links to the page. The spellings
below are the ones that fooled the old string match (issue 32) and their relatives:
encodings, separators, schemes, whitespace, unicode digits, lengths.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from ui import address
from ui.address import embed_address, game_options, inside_folder
from ui.bounds import MAX_SEED
from ui.embed import replay

PAGE = "https://rules.example/rome/embed.html?view=replay"

# -- src= ---------------------------------------------------------------------------------
GOOD_SRC = ["examples/example-game.json", "game.json", "a/b/c/d.json", "my_game-2.json",
            "x.y.json", "A-Z_09/e.json"]

HOSTILE_SRC = [
    # dot segments, plain and encoded once or twice
    "../secret.json", "examples/../../secret.json", "./game.json", "examples/./game.json",
    "..", "../", "...json", ".json", ".hidden.json", "examples/.hidden/x.json",
    "%2e%2e/secret.json", "%2E%2E/secret.json", ".%2e/secret.json", "%2e./secret.json",
    "%252e%252e/secret.json", "%25252e%25252e/secret.json", "examples/%2e%2e/%2e%2e/x.json",
    "examples%2f..%2fx.json", "examples%2F..%2Fx.json", "..%2fsecret.json",
    "%c0%ae%c0%ae/secret.json", "%uff0e%uff0e/secret.json", "\uff0e\uff0e/secret.json",
    # backslashes and separators
    "..\\secret.json", "examples\\..\\..\\x.json", "\\\\evil\\x.json", "examples\\x.json",
    "a//b.json", "/abs.json", "//evil.example/x.json", "///evil.example/x.json",
    "examples/;x.json", "x.json;.json", "x.json?y.json", "x.json#.json", "x.json/",
    # whitespace inside or around dots and names
    " ../secret.json", "\t../secret.json", ".\t./secret.json", ".\n./secret.json",
    ". ./secret.json", "../secret.json ", "game.json\n", "\ngame.json", "ga me.json",
    "game.json\x00", "\x00../x.json", "\u2028../x.json", "\u00a0game.json",
    # schemes and hosts
    "javascript:alert(1)//.json", "JaVaScRiPt:alert(1).json", "data:,{}.json",
    "data:application/json,{}", "http://evil.example/x.json", "https://evil.example/x.json",
    "HTTP://evil.example/x.json", "http:x.json", "file:///etc/passwd.json", "blob:x.json",
    "http:\\\\evil.example\\x.json", "\\/evil.example/x.json", "/\\evil.example/x.json",
    "evil.example:80/x.json", "user@evil.example/x.json",
    # not a .json file, or not at all
    "", "game", "game.JSON", "game.json.txt", "game.jsonp", "examples/", "*.json",
    "ex<script>.json", "ex\"ample.json", "ex'ample.json", "exämple.json", "例.json",
    "game%20.json", "game+x.json",
    # lengths
    "a" * 500 + ".json", "a/" * 200 + "x.json", "x" * 100_000,
]


@pytest.mark.parametrize("src", GOOD_SRC)
def test_a_plain_relative_json_path_is_accepted(src: str) -> None:
    read = embed_address("?view=replay&src=" + quote(src, safe="/"))
    assert read.src == src and read.problems == ()


@pytest.mark.parametrize("src", HOSTILE_SRC)
def test_every_other_src_is_refused_with_a_sentence(src: str) -> None:
    read = embed_address("?view=replay&src=" + quote(src, safe=""))
    assert read.src == ""
    assert len(read.problems) == 1
    said = read.problems[0]
    assert said.startswith("The address's src= must be") and said.endswith(", so it was not used.")
    assert len(said) < 400  # a long value is named by its length, not echoed


@pytest.mark.parametrize("src", HOSTILE_SRC)
def test_hostile_src_spelled_raw_in_the_query_is_refused_too(src: str) -> None:
    """The same values not encoded by us: the query reader's own decoding (``%25``, ``+``)
    must not turn a refused value into an accepted one."""
    read = embed_address("?view=replay&src=" + src.replace("&", "%26").replace("#", "%23"))
    assert read.src == "" or address._SRC.fullmatch(read.src)
    assert ".." not in read.src.split("/") and "%" not in read.src


@pytest.mark.parametrize(("resolved", "inside"), [
    ("https://rules.example/rome/examples/example-game.json", True),
    ("https://rules.example/rome/game.json", True),
    ("https://rules.example/rome/a/b.json", True),
    ("https://rules.example/secret.json", False),  # the parent folder
    ("https://rules.example/rome-beta/game.json", False),  # a sibling sharing the prefix
    ("https://rules.example/rome/%2e%2e/secret.json", False),  # decodes to ..
    ("https://rules.example/rome/%2E%2E/secret.json", False),
    ("https://rules.example/rome/a/%2e/b.json", False),
    ("https://rules.example/rome/a%2f..%2f..%2fsecret.json", False),
    ("https://rules.example/rome/a%5c..%5csecret.json", False),  # a backslash, encoded
    ("http://rules.example/rome/game.json", False),  # another scheme
    ("https://rules.example:8443/rome/game.json", False),  # another port
    ("https://evil.example/rome/game.json", False),
    ("https://rules.example.evil.example/rome/game.json", False),
    ("https://user@rules.example/rome/game.json", False),
    ("data:application/json,{}", False),
    ("javascript:alert(1)", False),
    ("blob:https://rules.example/1234", False),
    ("", False),
])
def test_inside_folder_holds_on_what_the_browser_resolved(resolved: str, inside: bool) -> None:
    assert inside_folder(resolved, PAGE) is inside


def test_inside_folder_of_a_page_at_the_root_and_of_an_opaque_page() -> None:
    assert inside_folder("http://127.0.0.1:8000/examples/x.json",
                         "http://127.0.0.1:8000/embed.html?a=b")
    assert not inside_folder("http://127.0.0.1:8001/x.json", "http://127.0.0.1:8000/embed.html")
    assert not inside_folder("about:blank", "about:srcdoc")


# -- numbers ------------------------------------------------------------------------------
BAD_NUMBERS = ["²", "³", "¹²", "٣", "۳", "३", "০", "１２", "𝟗", "Ⅻ", "½", "⑫", "-1", "+1",
               " 1", "1 ", "1\t", "\n1", "1_000", "1,000", "1.0", "1e3", "0x10", "0b1",
               "", "NaN", "Infinity", "inf", "null", "true", "1" * 5000, "9" * 4301,
               "0" * 30 + "1", "10001", "99999999999"]


@pytest.mark.parametrize("value", BAD_NUMBERS)
def test_a_step_is_ascii_digits_in_range_or_a_sentence(value: str) -> None:
    read = embed_address("?view=replay&record=%7B%7D&step=" + quote(value, safe=""))
    assert read.step is None
    assert len(read.problems) == 1 and read.problems[0].startswith("The address's step=")
    assert "0 to 10000" in read.problems[0] and len(read.problems[0]) < 300


@pytest.mark.parametrize(("value", "step"), [("0", 0), ("7", 7), ("0012", 12), ("10000", 10000)])
def test_a_step_in_range_is_read(value: str, step: int) -> None:
    read = embed_address("?view=replay&step=" + value)
    assert (read.step, read.problems) == (step, ())


@pytest.mark.parametrize("value", BAD_NUMBERS)
def test_a_seed_is_ascii_digits_in_range_or_the_game_is_not_set_up(value: str) -> None:
    opts = game_options("?seats=human,easy&seed=" + quote(value, safe=""))
    if value in ("10001", "99999999999", "0" * 30 + "1"):
        return  # seeds go up to 2**53 - 1 (30 zeros and a 1 is too long a spelling: refused)
    assert opts.seats is None and "seed=" in opts.error


def test_seed_bounds() -> None:
    assert game_options(f"?seats=human,easy&seed={MAX_SEED}").seed == MAX_SEED
    assert game_options(f"?seats=human,easy&seed={MAX_SEED + 1}").seats is None


@pytest.mark.parametrize(("value", "pace"), [("slow", 1600), ("instant", 0), ("0", 0),
                                             ("5000", 5000), ("250", 250)])
def test_a_pace_is_a_name_or_milliseconds(value: str, pace: int) -> None:
    assert game_options("?pace=" + value).pace == pace


@pytest.mark.parametrize("value", ["5001", "-1", "²", "fastest", "1" * 5000, ""])
def test_a_bad_pace_is_said_and_the_game_still_starts(value: str) -> None:
    opts = game_options("?seats=human,easy&seed=3&pace=" + quote(value, safe=""))
    assert opts.pace is None and opts.seats == ("human", "easy") and opts.error == ""
    assert len(opts.notes) == 1 and opts.notes[0].startswith("The address's pace=")


# -- booleans -----------------------------------------------------------------------------
@pytest.mark.parametrize(("value", "meant"), [("true", True), ("1", True), ("false", False),
                                              ("0", False)])
def test_booleans_are_true_false_1_0(value: str, meant: bool) -> None:
    read = embed_address(f"?compact={value}&open={value}")
    assert (read.compact, read.open_hands, read.problems) == (meant, meant, ())
    assert game_options(f"?shrine={value}").shrine is meant


@pytest.mark.parametrize("value", ["", "yes", "no", "on", "off", "TRUE", "True", "FALSE",
                                   "2", "-1", "01", " 1", "1 ", "t", "y", "¹", "true\x00",
                                   "trueish", "null", "x" * 10_000])
def test_any_other_boolean_is_refused(value: str) -> None:
    read = embed_address("?compact=" + quote(value, safe=""))
    assert read.compact is False
    assert read.problems[0].startswith("The address's compact=")
    assert "true, false, 1 or 0" in read.problems[0]
    opts = game_options("?seats=human,easy&shrine=" + quote(value, safe=""))
    assert opts.seats is None and "shrine=" in opts.error


# -- choices, names, seats, codes, records ------------------------------------------------
@pytest.mark.parametrize(("query", "name"), [
    ("?view=nope", "view"), ("?view=Calculator", "view"), ("?view=%20city", "view"),
    ("?view=" + "x" * 5000, "view"), ("?theme=pink", "theme"), ("?theme=", "theme"),
    ("?theme=dark%00", "theme"), ("?save=" + "a" * 65, "save"),
    ("?code=" + "1" * 65, "code"), ("?record=" + "x" * 100_001, "record"),
])
def test_refused_choices_keep_the_default_and_name_the_parameter(query: str, name: str) -> None:
    read = embed_address(query)
    assert (read.view, read.theme, read.namespace, read.code, read.record) == (
        "calculator", "auto", "", "", "")
    assert len(read.problems) == 1 and read.problems[0].startswith(f"The address's {name}=")
    assert len(read.problems[0]) < 300


@pytest.mark.parametrize(("value", "seats"), [
    ("human,normal", ("human", "normal")), (" Human , HARD ", ("human", "hard")),
    ("easy,easy,easy,easy", ("easy",) * 4), ("Expert,human", ("expert", "human"))])
def test_seats_read(value: str, seats: tuple[str, ...]) -> None:
    assert game_options("?seats=" + quote(value)).seats == seats


@pytest.mark.parametrize(("value", "words"), [
    ("human", "2 to 4"), ("human,wizard", "wizard"), ("human,easy,easy,easy,easy", "5"),
    (",,,", "0"), ("human," + "easy," * 5000, "characters"), ("human,__proto__", "__proto__"),
    ("human,\u0000", "computer level")])
def test_bad_seats_drop_the_game_with_a_sentence(value: str, words: str) -> None:
    opts = game_options("?seats=" + quote(value, safe=""))
    assert opts.seats is None and words in opts.error and "seats=" in opts.error


def test_save_names_are_cut_to_a_safe_key() -> None:
    assert embed_address("?save=Rules-A!").namespace == "rules-a"
    assert embed_address("?save=../../x").namespace == "x"
    assert embed_address("?save=%00%0a").namespace == ""


def test_the_first_value_of_a_name_counts_as_in_the_browser() -> None:
    assert embed_address("?view=city&view=game").view == "city"


@pytest.mark.parametrize("query", ["?" + "a=1&" * 40, "?" + "x" * 200_001, "?%", "?%zz=%zz",
                                   "?=&=&&", "?view=%ff%fe", "?\x00=\x00"])
def test_any_query_is_read_without_raising(query: str) -> None:
    read = embed_address(query)
    assert read.view in address.VIEWS
    assert all(p.endswith(".") for p in read.problems)
    game_options(query)


def test_record_and_src_together_keep_the_record() -> None:
    read = embed_address("?view=replay&record=%7B%7D&src=game.json")
    assert (read.record, read.src) == ("{}", "")
    assert "src=" in read.problems[0]


@pytest.mark.parametrize(("record", "words"), [
    ({"players": 2, "seed": 1, "shrine": "false", "actions": []}, "true or false"),
    ({"players": 2, "seed": 1, "shrine": 0, "actions": []}, "true or false"),
    ({"players": 2, "seed": 1, "shrine": None, "actions": []}, "true or false"),
    ({"players": 2, "seed": 1, "actions": [["draft"]]}, "nested too deeply"),
    ({"players": 2, "seed": 1, "actions": [], "x": [[[[]]]]}, "nested too deeply"),
    ({"players": 2, "seed": 1, "actions": ["x" * 5000]}, "5000 characters"),
])
def test_replay_records_are_bounded_and_strict(record: dict[str, object], words: str) -> None:
    with pytest.raises(replay.RecordError, match=words):
        replay.load(json.dumps(record))


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000,
                                  "x" * (address.MAX_RECORD_CHARS + 1),
                                  '{"players": 2, "seed": 1' + "0" * 5000 + ', "actions": []}'])
def test_deep_huge_or_unreadable_records_are_sentences(text: str) -> None:
    with pytest.raises(replay.RecordError) as caught:
        replay.load(text)
    assert len(str(caught.value)) < 300


def test_a_replay_record_with_shrine_false_is_a_game_without_the_shrine() -> None:
    game = replay.load(json.dumps({"players": 2, "seed": 4, "shrine": False, "actions": []}))
    assert game.shrine is False
    assert replay.load(json.dumps({"players": 2, "seed": 4, "actions": []})).shrine is False


@pytest.mark.parametrize(("search", "kept"), [
    ("?seats=human,easy&seed=3&shrine=1&pace=0", "?pace=0"),
    ("?view=game&compact=1&save=a&seats=human,random&seed=5", "?view=game&compact=1&save=a"),
    ("?seats=human,easy", ""), ("", ""), ("?%73eats=x&pace=fast", "?pace=fast")])
def test_a_begun_game_leaves_the_rest_of_the_address(search: str, kept: str) -> None:
    assert address.without_game(search) == kept
