"""Storage and saves on CPython with fake ``localStorage`` objects (``fake_storage``):
throwing, full, damaged, shared by two tabs.

The browser tests (``e2e/test_faults.py``) check what the player then sees; settings,
files and any stored text are ``test_save_files``'.
"""

from __future__ import annotations

import json

import pytest
from fake_storage import (
    NS,
    SEATS,
    FakeStorage,
    FakeWindow,
    ThrowingStorage,
    game,
    saved,
    saves_on,
    store_on,
)

import rome
from ui.saves import another_tab
from ui.saves.save import MAX_SAVE_CHARS, SETTINGS_DEFAULTS, Saves, parse_bounded
from ui.saves.session import SaveError


# -- Store ----------------------------------------------------------------------------------
@pytest.mark.parametrize("window", [FakeWindow(throws=True), FakeWindow(ThrowingStorage())],
                         ids=["access-throws", "calls-throw"])
def test_store_survives_throwing_storage(window: FakeWindow) -> None:
    store = store_on(window)
    assert not store.available
    assert store.get("x") is None
    assert store.set("x", "1") is False
    store.remove("x")
    assert store.keys() == []
    assert store.set_aside("x", "bad") is None


def test_store_namespaces_keys() -> None:
    window = FakeWindow()
    window._storage.data["other-site.x"] = "theirs"
    game_store, embed = store_on(window), store_on(window, "rome-embed")
    assert game_store.set("x", "1") and embed.set("x", "2")
    assert window._storage.data == {"other-site.x": "theirs", NS + "x": "1", "rome-embed.x": "2"}
    assert game_store.keys() == ["x"] and game_store.get("x") == "1"


def test_full_storage_refuses_without_raising() -> None:
    store = store_on(FakeWindow(FakeStorage(quota=50)))
    assert store.available
    outcomes: list[bool] = []
    assert store.set("a", "x" * 10, outcomes.append)
    assert store.set("b", "y" * 100, outcomes.append)  # sent: the page answers
    assert outcomes == [True, False]
    assert store.get("b") is None and store.get("a") == "x" * 10  # what storage holds


def test_set_aside_keeps_every_damaged_value_up_to_a_bound() -> None:
    store = store_on(FakeWindow())
    kept = [store.set_aside("settings", f"bad {i}") for i in range(12)]
    assert kept[0] == "damaged.settings.1" and kept[-1] == "damaged.settings.12"
    names = store.keys()
    left = sorted(k for k in names if k.startswith("damaged.settings."))
    assert len(left) == 8 and store.get("damaged.settings.12") == "bad 11"


def test_other_tabs_writes_are_heard_in_this_namespace_only() -> None:
    window = FakeWindow()
    store, elsewhere, embed = store_on(window), store_on(window), store_on(window, "rome-embed")
    heard: list[tuple[str, str | None]] = []
    store.listen(lambda k, v: heard.append((k, v)))
    store.listen(lambda k, v: heard.append(("second " + k, v)))
    assert embed.set("game.7", "an embed's")
    assert elsewhere.set("game.7", "text")
    assert heard == [("game.7", "text"), ("second game.7", "text")]
    assert store.get("game.7") == "text"  # the copy follows the other tab
    window._storage.data.clear()
    window.heard(None, None)  # storage cleared in a third tab
    assert heard[-2:] == [("", None), ("second ", None)] and store.keys() == []


# -- bounded parsing ---------------------------------------------------------------------------
def test_deep_nesting_refused_before_parsing() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(SaveError, match="nested too deeply"):
        parse_bounded(deep, "the saved game")
    brackets_in_strings = json.dumps({"name": "[" * 1000})
    assert parse_bounded(brackets_in_strings, "x") == {"name": "[" * 1000}


def test_oversized_text_refused() -> None:
    with pytest.raises(SaveError, match="too large"):
        parse_bounded(" " * (MAX_SAVE_CHARS + 1), "the saved game")


# -- slots -----------------------------------------------------------------------------------
def test_save_list_load_delete_round_trip() -> None:
    saves = saves_on(FakeWindow())
    first, second = game(12), game(30, seed=5)
    a = saves.new_slot()
    assert saved(saves, a, first) == ""
    b = saves.new_slot()
    assert b != a and saved(saves, b, second) == ""
    listed = saves.list_games()
    assert [g.slot for g in listed] == [b, a]  # newest first
    assert listed[0].seats == tuple(SEATS) and listed[0].moves == 30
    assert listed[0].round == second.state.round
    assert "Ann, Bot (greedy)" in listed[0].label()
    assert saves.last_slot() == b
    assert saves.load_game(a).actions == first.actions
    saves.delete_game(b)
    assert [g.slot for g in saves.list_games()] == [a]


def test_legacy_single_save_is_migrated_into_a_slot() -> None:
    window = FakeWindow()
    session = game(20)
    window._storage.data[NS + "save"] = json.dumps(session.to_save())
    saves = saves_on(window)
    slot = saves.last_slot()
    assert slot is not None and NS + "save" not in window._storage.data
    assert saves.load_game(slot).actions == session.actions
    assert saves.list_games()[0].round == session.state.round


@pytest.mark.parametrize("text", [
    "{not json", "[" * 100_000, json.dumps({"version": 999}), "null",
    json.dumps({"version": rome.SAVE_VERSION, "seats": [{"name": "A", "human": True}] * 2,
                "seed": 1, "shrine": False, "actions": ["x" * 4_000_000][:1], "auto": [False]}),
], ids=["not-json", "deep", "other-version", "null", "huge-move"])
def test_damaged_slot_is_set_aside_with_a_sentence(text: str) -> None:
    window = FakeWindow()
    window._storage.data[NS + "game.5"] = text
    saves = saves_on(window)
    with pytest.raises(SaveError) as caught:
        saves.load_game("5")
    assert len(str(caught.value)) < 200  # a sentence, never the whole input
    assert NS + "game.5" not in window._storage.data
    assert window._storage.data[NS + "damaged.game.5.1"] == text
    assert saves.list_games() == []


def test_list_games_sets_damaged_slots_aside_and_says_so() -> None:
    window = FakeWindow()
    saves = saves_on(window)
    good = saves.new_slot()
    saved(saves, good, game())
    damaged = "[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]"
    window._storage.data[NS + "game.1"] = damaged
    window.heard(NS + "game.1", damaged)  # written by another tab
    assert [g.slot for g in saves.list_games()] == [good]
    notices = saves.take_notices()
    assert len(notices) == 1 and "set aside" in notices[0]
    assert NS + "damaged.game.1.1" in window._storage.data


def test_full_storage_keeps_the_game_in_memory_and_says_so() -> None:
    storage = FakeStorage()
    saves = saves_on(FakeWindow(storage))
    slot = saves.new_slot()
    session = game(4)
    assert saved(saves, slot, session) == ""
    stored = storage.data[NS + "game." + slot]
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items()) + 100
    play_more = game(80)
    problem = saved(saves, slot, play_more)
    assert "storage is full" in problem and "Download this game" in problem
    assert storage.data[NS + "game." + slot] == stored  # the older save is intact
    assert len(play_more.actions) == 80  # and the game in memory untouched


def test_throwing_storage_plays_on_without_saving() -> None:
    saves = saves_on(FakeWindow(throws=True))
    assert saves.list_games() == [] and saves.last_slot() is None
    problem = saved(saves, saves.new_slot(), game())
    assert "will not be saved" in problem and "Download this game" in problem
    assert saves.closed_notice() == problem  # said at start-up in the same words
    assert saves.read_settings() == (SETTINGS_DEFAULTS, "")


def test_other_tabs_saves_are_heard_and_followed_move_by_move() -> None:
    window = FakeWindow()
    mine, theirs = saves_on(window), saves_on(window)
    slot = mine.new_slot()
    assert saved(mine, slot, game(10)) == ""
    shown = theirs.load_game(slot)
    heard: list[str] = []
    theirs.watch(heard.append)
    assert saved(mine, slot, game(14)) == ""
    window.heard(None, None)  # storage cleared in a third tab
    assert heard == [slot, ""]
    followed = another_tab.follow(theirs, slot, shown)
    assert followed.actions == game(14).actions
    assert all(a is b for a, b in zip(followed.states, shown.states, strict=False))  # kept
    assert len(followed.states) == 15
    undone = game(12)
    assert saved(mine, slot, undone) == ""  # not an extension (an undo): read whole
    assert another_tab.follow(theirs, slot, followed).actions == undone.actions
    mine.delete_game(slot)
    with pytest.raises(SaveError, match="no longer exists"):
        another_tab.follow(theirs, slot, followed)


def test_taking_over_goes_on_from_the_game_handed_over_else_from_the_slot() -> None:
    window = FakeWindow()
    saves = saves_on(window)
    slot = saves.new_slot()
    assert another_tab.latest(saves, slot, None, game(4)) is None  # a new game: none yet
    assert saved(saves, slot, game(10)) == ""
    shown = saves.load_game(slot)
    handed = json.dumps(game(20).to_save())  # the other tab's storage refused its last 10
    assert another_tab.latest(saves, slot, handed, shown).actions == game(20).actions
    for bad in ("{not json", "[" * 100_000, json.dumps(game(20, seed=9).to_save()),
                json.dumps({**game(20).to_save(), "actions": ["place 99"] * 20})):
        # not a game, another game, or moves that do not play: the slot's game instead
        assert another_tab.latest(saves, slot, bad, shown).actions == game(10).actions


def test_only_a_closed_embed_cannot_offer_its_game_as_a_file() -> None:
    assert saves_on(FakeWindow(throws=True)).downloadable
    assert Saves(store_on(FakeWindow()), embed=True).downloadable
    assert not Saves(store_on(FakeWindow(throws=True)), embed=True).downloadable
