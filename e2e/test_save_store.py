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
from ui.saves.storage import NAMESPACE, Store, open_store

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
    """One browser's ``localStorage``, shared by its tabs (each a :class:`PageStorage`): a
    write in one tab is heard in the others, as browsers do."""

    def __init__(self, storage: Any = None, throws: bool = False) -> None:
        self._storage = storage if storage is not None else FakeStorage()
        self._throws = throws
        self.tabs: list[PageStorage] = []

    @property
    def localStorage(self) -> Any:  # noqa: N802
        if self._throws:  # an opaque-origin sandboxed iframe throws on the access itself
            raise RuntimeError("SecurityError: access denied")
        return self._storage

    def heard(self, key: str | None, value: str | None, source: object = None) -> None:
        """A ``storage`` event in every tab but ``source`` (``key`` None: cleared)."""
        for tab in self.tabs:
            if tab is not source:
                tab.heard(key, value)


class PageStorage:
    """``assets/storage-host.js`` in Python, over a fake window: the page's storage owner
    for one tab (``tests/test_storage_host.py`` tries the real one under Node)."""

    def __init__(self, window: FakeWindow) -> None:
        self.window = window
        self.answers: dict[str, Any] = {}
        window.tabs.append(self)

    def storage(self) -> Any:
        try:
            found = self.window.localStorage
            found.getItem("great-city-of-rome.probe")
        except Exception:
            return None
        return found

    def items(self, namespace: str) -> dict[str, str]:
        store, prefix = self.storage(), namespace + "."
        return {} if store is None else {k[len(prefix):]: v for k, v in store.data.items()
                                         if k.startswith(prefix)}

    def open(self, namespace: str, answer: Any) -> str:
        self.answers[namespace] = answer
        return json.dumps({"available": self.storage() is not None,
                           "items": self.items(namespace)})

    def write(self, namespace: str, text: str) -> None:
        message, store, done = json.loads(text), self.storage(), 0
        prefix = namespace + "."
        for key, value in message["writes"] if store is not None else []:
            try:
                if value is None:
                    store.removeItem(prefix + key)
                else:
                    store.setItem(prefix + key, value)
            except Exception:
                break
            done += 1
            self.window.heard(prefix + key, value, source=self)
        now = {key: None if store is None else store.data.get(prefix + key)
               for key, _ in message["writes"][done:]}
        self.answers[namespace](json.dumps({"kind": "written", "id": message["id"],
                                            "ok": done == len(message["writes"]), "now": now}))

    def heard(self, key: str | None, value: str | None) -> None:
        for namespace, answer in self.answers.items():
            prefix = namespace + "."
            if key is None:
                answer(json.dumps({"kind": "cleared", "items": self.items(namespace)}))
            elif key.startswith(prefix):
                answer(json.dumps({"kind": "changed", "key": key[len(prefix):],
                                   "value": value}))


def store_on(window: FakeWindow, namespace: str = NAMESPACE) -> Store:
    """A tab's copy of ``namespace``, as ``ui/shell/app.py`` opens it."""
    return open_store(PageStorage(window), namespace)


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


def saved(saves: Saves, slot: str, session: Session) -> str:
    """What saving ``session`` comes to: "" saved, else why not (at once, or answered)."""
    answered: list[str] = []
    return saves.save_game(slot, session, answered.append) or answered.pop()


def saves_on(window: FakeWindow) -> Saves:
    return Saves(store_on(window), clock=Clock())


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
    saves.write_settings({"pace": 250})
    saves.write_settings({"theme": "dark", "pace": "fast"})  # bad value ignored
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
