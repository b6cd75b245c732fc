"""Settings, a game downloaded and loaded back, and whatever storage holds: each read on
CPython over fake ``localStorage`` (``fake_storage``) gives a valid value or a sentence.
"""

from __future__ import annotations

import json

import pytest
from fake_storage import NS, FakeWindow, game, saves_on
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ui.saves.save import SETTINGS_DEFAULTS, export_game, import_game, record
from ui.saves.session import SaveError


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
