"""The rules dialog (issue 41): every building with its cost, effect and scoring as the
rulebook lists them, sections others can link to, the filter, where it opens, the
prompt's "why?", a card's details, and one name per building.

Expected values come from the rulebook's card list copied into
``tests/data/rulebook_cards.json``, never from the code under test.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

import rome
from ui import model
from ui.model import Mode, UiState
from ui.model.state import HELP_FILTER_MAX
from ui.render.details import render_detail
from ui.render.help_panel import render_help, rules_view
from ui.render.prompt import render_prompt
from ui.render.svg_cards import card_face
from ui.render.view import table_view
from ui.saves.session import Seat, Session
from ui.words import anchors
from ui.words.card_words import also_shown, short_name, tiny_name
from ui.words.markup import esc
from ui_drive import first_sensible, play_until

RULEBOOK = json.loads((Path(__file__).parent / "data" / "rulebook_cards.json")
                      .read_text(encoding="utf-8"))["buildings"]
LINES = ("Placed", "When built", "When you produce", "Final scoring")


class Sections(HTMLParser):
    """Each ``<section id>`` of the dialog: its heading, its ``dt``/``dd`` pairs and its
    whole text."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.sections: dict[str, dict[str, str]] = {}
        self.order: list[str] = []
        self._id = ""
        self._in = ""  # "h", "dt", "dd" or ""
        self._dt = ""
        self.feed(markup)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "section":
            self._id = found["id"] or ""
            assert self._id not in self.sections, f"two sections {self._id}"
            self.sections[self._id] = {"": ""}
            self.order.append(self._id)
        elif self._id and tag in ("h3", "h4"):
            self._in = "h"
        elif self._id and tag in ("dt", "dd"):
            self._in = tag

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            self._id = ""
        if tag in ("h3", "h4", "dt", "dd"):
            self._in = ""

    def handle_data(self, data: str) -> None:
        if not self._id:
            return
        part = self.sections[self._id]
        part[""] += " " + data
        if self._in == "h":
            part["title"] = part.get("title", "") + data
        elif self._in == "dt":
            self._dt = data
        elif self._in == "dd":
            part[self._dt] = part.get(self._dt, "") + data


@pytest.fixture(scope="module")
def dialog() -> Sections:
    return Sections(render_help())


def test_the_rulebook_and_the_engine_list_the_same_buildings() -> None:
    assert set(RULEBOOK) == set(rome.BUILDINGS)
    assert {k: v["name"] for k, v in RULEBOOK.items()} == \
        {k: b.name for k, b in rome.BUILDINGS.items()}


def test_the_dialog_names_every_building_by_the_engines_name(dialog: Sections) -> None:
    for kind, building in rome.BUILDINGS.items():
        entry = dialog.sections[anchors.building(kind)]
        assert entry["title"] == building.name


@pytest.mark.parametrize("kind", sorted(RULEBOOK))
def test_each_entry_agrees_with_the_rulebooks_card_list(dialog: Sections, kind: str) -> None:
    card = RULEBOOK[kind]
    entry = dialog.sections[anchors.building(kind)]
    cost = card["cost"]
    assert entry["Cost"] == {0: "no bricks", 1: "1 brick"}.get(cost, f"{cost} bricks")
    assert entry.get("Stars", "0") == str(card["stars"])
    if "colour" in card:
        assert entry["Kind"] == f"{card['colour']} public building"
    copies = [f"{n} in deck {deck}" for deck, n in card["decks"].items()]
    assert all(c in entry["Cards"] for c in copies), entry["Cards"]
    assert len(re.findall(r"\d+ in deck", entry["Cards"])) == len(copies)
    assert ("every player starts with one" in entry["Cards"]) == card.get("start", False)
    assert ("Shrine variant" in entry["Cards"]) == card.get("variant", False)
    for line in LINES:
        said = entry.get(line, "")
        assert bool(said) == (line in card), f"{kind}: {line}: {said!r}"
        for fact in card.get(line, ()):
            assert fact.lower() in said.lower(), f"{kind}: {line} should say {fact!r}: {said!r}"


def test_each_building_is_drawn_as_the_table_draws_its_card() -> None:
    markup = render_help()
    for kind in rome.BUILDINGS:
        start = markup.index(f'<section id="{anchors.building(kind)}"')
        section = markup[start:markup.index("</section>", start)]
        assert card_face(kind) in section, kind


def test_the_sections_are_the_anchors_in_order(dialog: Sections) -> None:
    built = [anchors.building(k) for k in rome.BUILDINGS]
    expected = list(anchors.SECTIONS)
    at = expected.index(anchors.BUILDINGS) + 1
    assert dialog.order == expected[:at] + built + expected[at:]
    assert set(dialog.order) == anchors.ANCHORS
    # every link inside the dialog goes to a section it draws
    targets = set(re.findall(r'data-rules="([^"]+)"', render_help()))
    assert targets <= anchors.ANCHORS and len(targets) > 20


@pytest.mark.parametrize(("section", "says"), [
    (anchors.END, ["14 rounds with 3 or 4 players, 7 with 2"]),
    (anchors.EMISSARIES, ["5 spaces", "3 bricks and 2 cogs", "2 emissaries", "Emperor"]),
    (anchors.BRICKS_AND_COGS, ["2 cogs", "else with 2 coins", "a missing cog costs 1 coin"]),
    (anchors.BUILDING, ["shares a side", "4 columns or 4 rows", "fewer than 16 buildings"]),
    (anchors.UPKEEP, ["2 cards from each of decks I and II", "decks I, II, III and IV",
                      "4, 8 and 14 points", "after the 3rd, 6th and 10th card and at the bottom"]),
    (anchors.DRAFT, ["deck II"]),
    (anchors.GOAL, ["a Vegetable Farm and a 2-Value Residential", "5 coins"]),
    (anchors.INFLUENCE, ["the most influence tokens", "a point per 2"]),
    (anchors.RESIDENTIAL, ["(2 + 2 + 2) × 2 = 12 points"]),
    (anchors.BATHS, ["now scores 21 points"]),
    (anchors.FINAL_INFLUENCE, ["a point per 2, rounded down"]),
    (anchors.COINS, ["1 point"]),
    (anchors.WINNING, ["the most influence tokens, then the most coins", "share the win"]),
])
def test_the_rules_of_play_state_the_rulebooks_numbers(dialog: Sections, section: str,
                                                       says: list[str]) -> None:
    text = " ".join(dialog.sections[section][""].split())
    for fact in says:
        assert fact in text, f"{section} should say {fact!r}: {text}"


def test_the_aqueduct_points_table(dialog: Sections) -> None:
    text = " ".join(dialog.sections[anchors.AQUEDUCTS][""].split())
    assert "1 4 2 12 3 24 4 40" in text


def test_the_filter_narrows_to_matching_sections() -> None:
    body, count = rules_view("aqueduct")
    shown = set(Sections(body).sections)
    assert {"rules-card-aqueduct", "rules-card-grand-aqueduct", anchors.AQUEDUCTS} <= shown
    assert "rules-card-market" not in shown and anchors.EMISSARIES not in shown
    assert count == f"{len(shown) - 2} sections and 2 buildings match “aqueduct”."
    assert rules_view("AQUEDUCT  ") == (body, count)  # case and spaces do not matter
    # every word must occur, in any order; short names on card faces find their card
    assert set(Sections(rules_view("coin market")[0]).sections) == \
        set(Sections(rules_view("market coin")[0]).sections)
    assert "rules-card-university" in Sections(rules_view("univ")[0]).sections
    nothing, said = rules_view("<b>xyzzy</b>")
    assert "Nothing" in nothing and "<b>" not in nothing + said and "&lt;b&gt;" in said
    assert rules_view("") == (rules_view(" ")[0], "")
    assert len(Sections(rules_view("")[0]).sections) == len(anchors.ANCHORS)


def test_every_short_name_abbreviates_the_engines_name() -> None:
    """Each word of a face's label keeps, in order, letters of one word of the name,
    starting with its first ("Luxury 3" and "Lux 3" for "Luxury 3-Value Residential")."""
    def abbreviates(label: str, name: str) -> bool:
        words = re.split(r"[\s.-]+", name.lower())
        for part in filter(None, re.split(r"[\s.-]+", label.lower())):
            while words and not (words[0][0] == part[0] and _letters_in(part, words[0])):
                words.pop(0)
            if not words:
                return False
            words.pop(0)
        return True

    for kind, b in rome.BUILDINGS.items():
        for label in (short_name(kind), tiny_name(kind)):
            assert abbreviates(label, b.name), f"{label!r} for {b.name!r}"
        assert len(tiny_name(kind)) <= 5
    assert not abbreviates("Villa 3", "Luxury 3-Value Residential")


def _letters_in(part: str, word: str) -> bool:
    it = iter(word)
    return all(ch in it for ch in part)


def test_the_details_and_the_rules_pair_a_short_name_with_the_full_one(dialog: Sections
                                                                       ) -> None:
    for kind, b in rome.BUILDINGS.items():
        forms = {short_name(kind), tiny_name(kind)} - {b.name}
        said = also_shown(kind)
        assert all(f"“{form}”" in said for form in forms) and bool(said) == bool(forms)
        assert said in dialog.sections[anchors.building(kind)][""]


# -- the model: where it opens, the filter, "why?", a card's details --------------------
def _table(seed: int = 4) -> UiState:
    ui, _ = model.reduce(UiState(pace=0), model.Begin(
        Session.new([Seat("Ann", True), Seat("Bot", False, "random")], seed, False), "g.t"))
    return ui


def test_it_opens_at_its_top_or_at_a_section_with_an_empty_filter() -> None:
    ui = _table()
    top, effects = model.reduce(ui, model.Panel("help", True))
    assert top.help_open and effects == (model.Focus(("#help-title",), top=True),)
    typed, none = model.reduce(top, model.RulesFilter("aqueduct"))
    assert typed.help_filter == "aqueduct" and none == ()
    jumped, effects = model.reduce(typed, model.Panel("help", anchors.EMISSARIES))
    assert jumped.help_filter == "" and effects == (
        model.Focus(("#rules-emissaries .rules-h",), top=True),)
    closed, effects = model.reduce(jumped, model.Panel("help", False))
    assert not closed.help_open
    again, _ = model.reduce(replace(closed, help_filter="old"), model.Panel("help", True))
    assert again.help_filter == ""
    # an id the dialog does not draw opens the top, never a selector of another's making
    odd, effects = model.reduce(ui, model.Panel("help", '"]x, #prompt'))
    assert odd.help_open and effects == (model.Focus(("#help-title",), top=True),)


def test_closing_gives_focus_back_to_what_opened_it() -> None:
    ui = _table()
    opened, _ = model.reduce(ui, model.Panel("help", anchors.building("market"),
                                             back="#detail-rules"))
    moved, _ = model.reduce(opened, model.Panel("help", anchors.TURN, back="#other"))
    assert moved.help_back == "#detail-rules"  # a jump inside keeps the opener
    closed, effects = model.reduce(moved, model.Panel("help", False))
    assert effects[0].selectors[0] == "#detail-rules" and closed.help_back == ""


def test_the_filter_is_bounded_and_kept_only_while_open() -> None:
    ui = _table()
    assert model.reduce(ui, model.RulesFilter("x"))[0] is ui  # closed: ignored
    opened, _ = model.reduce(ui, model.Panel("help", True))
    long, _ = model.reduce(opened, model.RulesFilter("a" * 10_000))
    assert long.help_filter == "a" * HELP_FILTER_MAX
    assert not model.needs_render(opened, long)  # the table is not drawn again
    assert model.needs_render(opened, replace(long, pace=100))


def test_why_opens_the_section_of_the_decision() -> None:
    ui = _table(seed=7)  # the human chooses in the draft and holds an aqueduct later
    seen: dict[str, str] = {}

    def note(ui: UiState) -> bool:
        if ui.mode is Mode.HUMAN:
            view = table_view(ui)
            obs = view.obs
            found = re.search(r'data-rules="([^"]+)"[^>]*id="rules-why"', render_prompt(view))
            assert found, "a why? beside every question"
            seen[f"{obs['phase']}/{obs['step']}"] = found.group(1)
            for held in obs["players"][obs["seat"]]["hand"]:
                if obs["step"] == "act" and not ui.selection:
                    chosen = render_prompt(table_view(replace(ui, selection=held["kind"])))
                    asked = re.search(r'data-rules="([^"]+)"[^>]*id="rules-why"', chosen)
                    assert asked
                    seen[rome.BUILDINGS[held["kind"]].type + " chosen"] = asked.group(1)
        return ui.mode is Mode.OVER

    play_until(ui, note, first_sensible)
    assert seen["draft/"] == anchors.DRAFT and seen["emissary/"] == anchors.EMISSARIES
    assert seen["action/act"] == anchors.TURN and seen["action/take"] == anchors.TURN
    assert seen["aqueduct chosen"] == anchors.AQUEDUCTS
    assert seen["residential chosen"] == anchors.BUILDING
    assert anchors.for_decision({"phase": "action", "step": "school-keep"}, "") == \
        anchors.building("school")
    assert anchors.for_decision({"phase": "action", "step": "act"}, "market") == \
        anchors.BUILDING


def test_a_cards_details_link_to_its_rules_and_say_its_names() -> None:
    ui = _table()
    for kind, b in rome.BUILDINGS.items():
        shown, _ = model.reduce(ui, model.Panel("detail", kind))
        html = render_detail(table_view(shown))
        assert f'data-rules="{anchors.building(kind)}"' in html and 'id="detail-rules"' in html
        assert f">{esc(b.name)}</h2>" in html and esc(also_shown(kind)) in html
