"""Storage and saves on CPython with fake ``localStorage`` objects: throwing, full, damaged.

Why without a browser: every failure a browser's storage can produce is reproduced by a
small fake object, so each path of ``ui.saves.storage`` / ``ui.saves.save`` is tried
directly and fast.
The browser tests (``e2e/test_faults.py``) check what the player then sees.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rome
from ui.saves import another_tab
from ui.saves.save import (
    MAX_SAVE_CHARS,
    SETTINGS_DEFAULTS,
    Saves,
    export_game,
    import_game,
    parse_bounded,
    record,
)
from ui.saves.session import SaveError, Seat, Session
from ui.saves.storage import Store

NS = "great-city-of-rome."
SEATS = [Seat("Ann", True), Seat("Bot", False, "greedy")]


class FakeStorage:
    """A dict behind the Web Storage API; ``quota`` bounds the total characters."""

    def __init__(self, quota: int = 10**9) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    @property
    def length(self) -> int:
        return len(self.data)

    def key(self, i: int) -> str | None:
        return list(self.data)[i] if 0 <= i < len(self.data) else None

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the Web API's name)
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if used + len(key) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.data[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.data.pop(key, None)


class ThrowingStorage(FakeStorage):
    """Private browsing in some browsers: every call throws."""

    def getItem(self, key: str) -> str | None:  # noqa: N802
        raise RuntimeError("SecurityError")

    setItem = removeItem = getItem  # type: ignore[assignment]  # noqa: N815


class FakeWindow:
    """``window`` with a storage and an event target for ``storage`` events."""

    def __init__(self, storage: Any = None, throws: bool = False) -> None:
        self._storage = storage if storage is not None else FakeStorage()
        self._throws = throws
        self.listeners: list[Any] = []

    @property
    def localStorage(self) -> Any:  # noqa: N802
        if self._throws:  # an opaque-origin sandboxed iframe throws on the access itself
            raise RuntimeError("SecurityError: access denied")
        return self._storage

    def addEventListener(self, kind: str, fn: Any) -> None:  # noqa: N802
        assert kind == "storage"
        self.listeners.append(fn)

    def removeEventListener(self, kind: str, fn: Any) -> None:  # noqa: N802
        self.listeners.remove(fn)


class Event:
    def __init__(self, key: str | None, new: str | None) -> None:
        self.key, self.newValue = key, new


class Clock:
    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        self.t += 1
        return self.t


def game(steps: int = 12, seed: int = 3) -> Session:
    session = Session.new(SEATS, seed, False)
    rng = random.Random(seed)
    for _ in range(steps):
        forced = rome.automatic_action(session.state)
        text = str(forced or rng.choice(rome.sensible_actions(session.state)))
        session.apply(text, auto=forced is not None)
    return session


def saves_on(window: FakeWindow) -> Saves:
    return Saves(Store(window), clock=Clock())


# -- Store ----------------------------------------------------------------------------------
@pytest.mark.parametrize("window", [FakeWindow(throws=True), FakeWindow(ThrowingStorage())],
                         ids=["access-throws", "calls-throw"])
def test_store_survives_throwing_storage(window: FakeWindow) -> None:
    store = Store(window)
    assert not store.available
    assert store.get("x") is None
    assert store.set("x", "1") is False
    store.remove("x")
    assert store.keys() == []
    assert store.set_aside("x", "bad") is None


def test_store_namespaces_keys() -> None:
    window = FakeWindow()
    window._storage.data["other-site.x"] = "theirs"
    game_store, embed = Store(window), Store(window, namespace="rome-embed")
    assert game_store.set("x", "1") and embed.set("x", "2")
    assert window._storage.data == {"other-site.x": "theirs", NS + "x": "1", "rome-embed.x": "2"}
    assert game_store.keys() == ["x"] and game_store.get("x") == "1"


def test_full_storage_refuses_without_raising() -> None:
    store = Store(FakeWindow(FakeStorage(quota=50)))
    assert store.available
    assert store.set("a", "x" * 10)
    assert store.set("b", "y" * 100) is False
    assert store.get("b") is None and store.get("a") == "x" * 10


def test_set_aside_keeps_every_damaged_value_up_to_a_bound() -> None:
    store = Store(FakeWindow())
    kept = [store.set_aside("settings", f"bad {i}") for i in range(12)]
    assert kept[0] == "damaged.settings.1" and kept[-1] == "damaged.settings.12"
    names = store.keys()
    left = sorted(k for k in names if k.startswith("damaged.settings."))
    assert len(left) == 8 and store.get("damaged.settings.12") == "bad 11"


def test_storage_events_one_listener_filtered_and_destroyable() -> None:
    window = FakeWindow()
    store = Store(window)
    heard: list[tuple[str, str | None]] = []
    store.listen(lambda k, v: heard.append((k, v)))
    store.listen(lambda k, v: heard.append(("second " + k, v)))
    assert len(window.listeners) == 1
    window.listeners[0](Event("elsewhere.x", "1"))
    window.listeners[0](Event(NS + "game.7", "text"))
    assert heard == [("game.7", "text"), ("second game.7", "text")]
    store.destroy()
    assert window.listeners == []


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
    assert saves.save_game(a, first) == ""
    b = saves.new_slot()
    assert b != a and saves.save_game(b, second) == ""
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
    saves.save_game(good, game())
    window._storage.data[NS + "game.1"] = "[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]"
    assert [g.slot for g in saves.list_games()] == [good]
    notices = saves.take_notices()
    assert len(notices) == 1 and "set aside" in notices[0]
    assert NS + "damaged.game.1.1" in window._storage.data


def test_full_storage_keeps_the_game_in_memory_and_says_so() -> None:
    storage = FakeStorage()
    saves = saves_on(FakeWindow(storage))
    slot = saves.new_slot()
    session = game(4)
    assert saves.save_game(slot, session) == ""
    stored = storage.data[NS + "game." + slot]
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items()) + 100
    play_more = game(80)
    problem = saves.save_game(slot, play_more)
    assert "storage is full" in problem and "Download this game" in problem
    assert storage.data[NS + "game." + slot] == stored  # the older save is intact
    assert len(play_more.actions) == 80  # and the game in memory untouched


def test_throwing_storage_plays_on_without_saving() -> None:
    saves = saves_on(FakeWindow(throws=True))
    assert saves.list_games() == [] and saves.last_slot() is None
    problem = saves.save_game(saves.new_slot(), game())
    assert "will not be saved" in problem and "Download this game" in problem
    assert saves.closed_notice() == problem  # said at start-up in the same words
    assert saves.read_settings() == (SETTINGS_DEFAULTS, "")


def test_other_tabs_saves_are_heard_and_followed_move_by_move() -> None:
    window = FakeWindow()
    mine, theirs = saves_on(window), saves_on(window)
    slot = mine.new_slot()
    assert mine.save_game(slot, game(10)) == ""
    shown = theirs.load_game(slot)
    heard: list[str] = []
    theirs.watch(heard.append)
    assert mine.save_game(slot, game(14)) == ""
    window.listeners[0](Event(NS + "game." + slot, window._storage.data[NS + "game." + slot]))
    window.listeners[0](Event(None, None))  # storage cleared in a third tab
    assert heard == [slot, ""]
    followed = another_tab.follow(theirs, slot, shown)
    assert followed.actions == game(14).actions
    assert all(a is b for a, b in zip(followed.states, shown.states, strict=False))  # kept
    assert len(followed.states) == 15
    undone = game(12)
    assert mine.save_game(slot, undone) == ""  # not an extension (an undo): read whole
    assert another_tab.follow(theirs, slot, followed).actions == undone.actions
    mine.delete_game(slot)
    with pytest.raises(SaveError, match="no longer exists"):
        another_tab.follow(theirs, slot, followed)


def test_taking_over_goes_on_from_the_game_handed_over_else_from_the_slot() -> None:
    window = FakeWindow()
    saves = saves_on(window)
    slot = saves.new_slot()
    assert another_tab.latest(saves, slot, None, game(4)) is None  # a new game: none yet
    assert saves.save_game(slot, game(10)) == ""
    shown = saves.load_game(slot)
    handed = json.dumps(game(20).to_save())  # the other tab's storage refused its last 10
    assert another_tab.latest(saves, slot, handed, shown).actions == game(20).actions
    for bad in ("{not json", "[" * 100_000, json.dumps(game(20, seed=9).to_save()),
                json.dumps({**game(20).to_save(), "actions": ["place 99"] * 20})):
        # not a game, another game, or moves that do not play: the slot's game instead
        assert another_tab.latest(saves, slot, bad, shown).actions == game(10).actions


def test_only_a_closed_embed_cannot_offer_its_game_as_a_file() -> None:
    assert saves_on(FakeWindow(throws=True)).downloadable
    assert Saves(Store(FakeWindow()), embed=True).downloadable
    assert not Saves(Store(FakeWindow(throws=True)), embed=True).downloadable


# -- settings --------------------------------------------------------------------------------
@pytest.mark.parametrize("raw", ['{"pace": "abc"}', '{"pace": null}', '{"pace": 1e999}',
                                 '{"pace": true}', '{"pace": -5}'])
def test_bad_setting_is_set_aside_and_defaulted(raw: str) -> None:
    window = FakeWindow()
    window._storage.data[NS + "settings"] = raw
    settings, notice = saves_on(window).read_settings()
    assert settings["pace"] == 800
    assert notice.startswith("Some saved settings were damaged (pace")
    assert window._storage.data[NS + "damaged.settings.1"] == raw
    assert json.loads(window._storage.data[NS + "settings"])["pace"] == 800


@pytest.mark.parametrize("raw", ["{oops", "[]", "[" * 50_000, "x" * 10_000])
def test_unreadable_settings_fall_back_to_defaults(raw: str) -> None:
    window = FakeWindow()
    window._storage.data[NS + "settings"] = raw
    settings, notice = saves_on(window).read_settings()
    assert settings == SETTINGS_DEFAULTS and "default settings are used" in notice
    assert window._storage.data[NS + "damaged.settings.1"] == raw


def test_good_settings_kept_and_merged() -> None:
    saves = saves_on(FakeWindow())
    assert saves.write_settings({"pace": 250})
    assert saves.write_settings({"theme": "dark", "pace": "fast"})  # bad value ignored
    assert saves.read_settings() == ({"pace": 250, "theme": "dark", "open_hands": False}, "")


# -- download / load back --------------------------------------------------------------------
def test_export_and_import_round_trip() -> None:
    session = game(40)
    text = export_game(session)
    data = json.loads(text)
    assert {k: data[k] for k in ("players", "seed", "shrine", "actions")} == record(session)
    back = import_game(text)
    assert back.actions == session.actions and back.seats == session.seats
    assert back.auto == session.auto  # forced moves recognised again


@pytest.mark.parametrize("text", ["[]", "{}", '{"players": 3, "seats": [], "actions": []}',
                                  "[" * 100_000])
def test_import_refuses_non_games(text: str) -> None:
    with pytest.raises(SaveError):
        import_game(text)


@pytest.mark.parametrize("shrine", ["false", "true", 0, 1, None, [], {}])
def test_import_refuses_a_shrine_that_is_not_a_boolean(shrine: object) -> None:
    data = json.loads(export_game(game(5)))
    data["shrine"] = shrine
    with pytest.raises(SaveError, match="the file's shrine must be true or false"):
        import_game(json.dumps(data))


def test_import_refuses_illegal_moves_with_a_bounded_sentence() -> None:
    data = json.loads(export_game(game(5)))
    data["actions"].append("place 99")
    with pytest.raises(SaveError, match="do not make a legal game") as caught:
        import_game(json.dumps(data))
    assert len(str(caught.value)) < 200


# -- properties: whatever storage holds, reading it never fails ------------------------------
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=20)
GOOD_SAVE = game(16).to_save()


@st.composite
def mutated_saves(draw: st.DrawFn) -> str:
    """A real save with one field replaced by anything, or its text cut anywhere."""
    data = dict(GOOD_SAVE)
    data[draw(st.sampled_from(sorted(data)))] = draw(JSON_VALUES)
    text = json.dumps(data)
    return text[:draw(st.integers(0, len(text)))] if draw(st.booleans()) else text


STORED_TEXT = st.one_of(st.text(max_size=200), JSON_VALUES.map(json.dumps), mutated_saves())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(STORED_TEXT)
def test_any_stored_game_loads_or_is_refused_with_a_sentence(text: str) -> None:
    window = FakeWindow()
    window._storage.data[NS + "game.1"] = text
    window._storage.data[NS + "last"] = "1"
    saves = saves_on(window)
    listed = saves.list_games()
    assert all(g.slot == "1" for g in listed)
    try:
        session = saves.load_game("1")
    except SaveError as exc:
        assert 0 < len(str(exc)) < 300
        assert window._storage.data[NS + "damaged.game.1.1"] == text  # kept, not destroyed
    else:
        assert session.actions == json.loads(text)["actions"]


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=100), JSON_VALUES.map(json.dumps),
                 st.dictionaries(st.sampled_from(["pace", "theme", "x"]), JSON_VALUES)
                 .map(json.dumps)))
def test_any_stored_settings_give_valid_settings(text: str) -> None:
    window = FakeWindow()
    window._storage.data[NS + "settings"] = text
    settings_, notice = saves_on(window).read_settings()
    assert set(settings_) == set(SETTINGS_DEFAULTS)
    assert type(settings_["pace"]) is int and 0 <= settings_["pace"] <= 5000
    assert settings_["theme"] in ("auto", "light", "dark")
    assert len(notice) < 300
