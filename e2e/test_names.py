"""Names and quoted input: isolated, cut on grapheme boundaries, bounded (``ui.words.names``).

Expected clusters are written out by hand from the Unicode rules (UAX #29), not computed.
"""

from __future__ import annotations

import pytest

from ui.words.names import clean_name, cut, graphemes, isolate, isolate_text, quote, short_name

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"  # man ZWJ woman ZWJ girl
THUMB = "\U0001F44D\U0001F3FD"  # thumbs up, medium skin tone
FLAG_IT = "\U0001F1EE\U0001F1F9"
FLAG_FR = "\U0001F1EB\U0001F1F7"
E_ACUTE = "e\u0301"
HAN = "\u1112\u1161\u11ab"  # Hangul jamo L V T: one syllable


@pytest.mark.parametrize("text, clusters", [
    ("Ann", ["A", "n", "n"]),
    (FAMILY + "x", [FAMILY, "x"]),
    ("a" + THUMB + "b", ["a", THUMB, "b"]),
    (FLAG_IT + FLAG_FR, [FLAG_IT, FLAG_FR]),
    ("Ren" + E_ACUTE + "e", ["R", "e", "n", E_ACUTE, "e"]),
    ("\u2764\ufe0f!", ["\u2764\ufe0f", "!"]),
    (HAN + "x", [HAN, "x"]),
    ("a\r\nb", ["a", "\r\n", "b"]),
])
def test_graphemes(text: str, clusters: list[str]) -> None:
    assert graphemes(text) == clusters


@pytest.mark.parametrize("text, limit, expected", [
    ("Ann", 5, "Ann"),
    ("Augustus Caesar", 6, "Augus…"),
    ("ab" + FAMILY * 3, 4, "ab" + FAMILY + "…"),
    (E_ACUTE * 5, 3, E_ACUTE * 2 + "…"),
    (FLAG_IT * 4, 3, FLAG_IT * 2 + "…"),
])
def test_cut_never_splits_a_grapheme(text: str, limit: int, expected: str) -> None:
    assert cut(text, limit) == expected


def test_clean_name_drops_direction_controls_and_bounds_length() -> None:
    assert clean_name("\u202eevil\u202c name") == "evil name"
    assert clean_name("  \u2066 \u0007 ") == "Player"
    assert clean_name("x" * 1000) == "x" * 24
    assert clean_name(THUMB * 30) == THUMB * 24
    assert clean_name("\u05d0\u05d1", "Seat 1") == "\u05d0\u05d1"  # right-to-left names stay


def test_isolation() -> None:
    assert isolate("<b>\u202e") == "<bdi>&lt;b&gt;\u202e</bdi>"
    assert isolate_text("Ann") == "\u2068Ann\u2069"


def test_quote_bounds_any_input() -> None:
    huge = "place " + "9" * 4_000_000
    quoted = quote(huge)
    assert len(quoted) < 80 and quoted.endswith("(4000006 characters)")
    assert quote("end") == "“end”"
    assert "\u202e" not in quote("\u202eabc")
    assert quote(None) == "“None”"


def test_short_name_cuts_inside_the_isolation() -> None:
    long = isolate_text("Ngozi " + FAMILY + " Okonkwo-Adeyemi")
    assert short_name(long, 8) == isolate_text("Ngozi " + FAMILY + "…")
    assert short_name("Ann", 8) == isolate_text("Ann")
