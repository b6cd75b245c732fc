"""The record of games (issue 43, part 4): which games count and where, each once; wins in
a row and the suggestion to move up; the best city as a link; hostile stored records; and
what the reducer and the first screen make of it.

Why on CPython: the counting rules are pure (``ui.saves.record``), the stored record is
read by a pure reader (``ui.saves.record_store.read_text``), and the reducer decides when a
game is counted; the storage paths (two tabs, storage that throws or is full) are tried
with fake storage in ``e2e/test_save_store.py`` and in the browser in ``e2e/test_faults.py``.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

import rome
from rome.citycode import read_code
from ui import model
from ui.model import Mode, UiState, effects, events
from ui.render.record import render_record
from ui.saves.record import (
    MAX_COUNTED,
    Finished,
    Record,
    Streak,
    Tally,
    counted,
    finished,
    move_up,
)
from ui.saves.record_store import read_text, to_json
from ui.saves.save import export_game, import_game
from ui.saves.session import SaveError, Seat, Session
from ui.tutorial.course import Tutorial
from ui_drive import at_random, next_event

ANN = Seat("Ann", True)
BEA = Seat("Bea", True)


def played(seats: list[Seat], seed: int, moves: int | None = None) -> Session:
    """A game of ``seats`` played at random (forced moves flagged as the table does), to
    its end or for ``moves`` moves."""
    session = Session.new(seats, seed, seed % 2 == 1)
    rng = random.Random(seed)
    while not rome.is_over(session.state) and (moves is None or len(session.actions) < moves):
        forced = rome.automatic_action(session.state)
        action = forced if forced is not None else rng.choice(rome.sensible_actions(session.state))
        session.apply(str(action), forced is not None)
    return session


def game(level: str, won: bool, key: str, players: int = 2, score: int = 60,
         code: str = "") -> Finished:
    return Finished(key, False, level, players, score, won, code)


# -- which games count, and where ------------------------------------------------------
@pytest.mark.parametrize(("seats", "seed"), [
    ([ANN, Seat("Bo", False, "easy")], 4),
    ([Seat("Bo", False, "normal"), ANN, Seat("Cy", False, "hard")], 7),
    ([Seat("Bo", False, "random"), Seat("Cy", False, "greedy"), Seat("Di", False, "easy"),
      ANN], 10),
])
def test_a_game_against_computers_counts_under_the_strongest_level(
        seats: list[Seat], seed: int) -> None:
    session = played(seats, seed)
    state = session.state
    seat = next(i for i, s in enumerate(seats) if s.human)
    game_ = finished(session)
    assert game_ is not None and not game_.hotseat
    assert game_.level == {4: "easy", 7: "hard", 10: "easy"}[seed]
    assert game_.players == len(seats)
    assert game_.score == rome.final_scores(state)[seat]["total"]
    assert game_.won == (seat in rome.winners(state))
    # the best city's code is the human's city: the city view scores it as the game did
    assert rome.score_finished_city(read_code(game_.code))["total"] == game_.score


def test_hot_seat_is_counted_apart_with_no_level_streak_or_city() -> None:
    session = played([ANN, Seat("Bo", False, "hard"), BEA], 6)
    game_ = finished(session)
    assert game_ is not None and game_.hotseat and game_.code == ""
    totals = rome.final_scores(session.state)
    assert game_.score == max(totals[0]["total"], totals[2]["total"])
    rec = counted(Record(), game_)
    assert rec.hotseat == {3: Tally(1, int(game_.won), game_.score, game_.score)}
    assert rec.solo == {} and rec.streaks == {} and rec.best_city is None and rec.last == ""
    assert rec.games == 1


def test_a_game_with_nobody_at_the_screen_does_not_count() -> None:
    assert finished(played([Seat("Bo", False, "easy"), Seat("Cy", False, "hard")], 3)) is None


def test_an_unfinished_game_does_not_count() -> None:
    assert finished(played([ANN, Seat("Bo", False, "easy")], 3, moves=40)) is None


def test_a_game_brought_back_from_a_file_never_counts_even_after_a_reload() -> None:
    session = played([ANN, Seat("Bo", False, "easy")], 8)
    back = import_game(export_game(session))
    assert finished(session) is not None and finished(back) is None
    resumed = Session.from_save(json.loads(json.dumps(back.to_save())))  # a reload
    assert resumed.imported and finished(resumed) is None
    assert "imported" not in session.to_save()  # a game played here saves as before


def test_a_stored_imported_flag_that_is_not_a_boolean_is_refused() -> None:
    data = played([ANN, Seat("Bo", False, "easy")], 8, moves=10).to_save()
    with pytest.raises(SaveError, match="imported flag must be true or false"):
        Session.from_save({**data, "imported": "yes"})


# -- through the reducer: when a game is counted ---------------------------------------
def finish(ui: UiState) -> tuple[UiState, list[effects.Count]]:
    """Play on at random to the end; the Count effects met on the way."""
    rng = random.Random(2)
    seen: list[effects.Count] = []
    while ui.mode is not Mode.OVER:
        ui, todo = model.reduce(ui, next_event(ui, at_random(rng)))
        seen += [e for e in todo if isinstance(e, effects.Count)]
    return ui, seen


def test_the_table_counts_a_finished_game_once_and_not_again_on_resuming_it() -> None:
    seats = [ANN, Seat("Bo", False, "random")]
    ui, _ = model.reduce(UiState(pace=0, record=Record()),
                         model.Begin(Session.new(seats, 9, False), "1"))
    ui, seen = finish(ui)
    assert len(seen) == 1 and seen[0].game == finished(ui.session)  # type: ignore[arg-type]
    # the page counts it and answers with the record as stored
    ui, todo = model.reduce(ui, events.Recorded(counted(Record(), seen[0].game)))
    assert ui.record is not None and ui.record.games == 1 and todo == ()
    # resumed (a reload, or a second tab that takes the game): saved, not counted again
    assert ui.session is not None
    again, todo = model.reduce(ui, model.Begin(ui.session, "1"))
    assert not [e for e in todo if isinstance(e, effects.Count)]
    assert [e for e in todo if isinstance(e, effects.Save)]


@pytest.mark.parametrize("how", ["course", "lesson", "embed", "another tab"])
def test_courses_lessons_embeds_and_watching_tabs_count_nothing(how: str) -> None:
    session = played([ANN, Seat("Bo", False, "easy")], 5)
    ui = UiState(pace=0, record=None if how == "embed" else Record())
    tutorial = {"course": Tutorial("first-game"),
                "lesson": Tutorial("first-game", kept=False)}.get(how)
    _, todo = model.reduce(ui, model.Begin(session, None if tutorial else "1",
                                           claim=how == "another tab", tutorial=tutorial))
    assert not [e for e in todo if isinstance(e, effects.Count)]


# -- counted once, bounded ----------------------------------------------------------
def test_the_same_game_twice_changes_nothing_and_only_the_last_games_are_remembered() -> None:
    rec = counted(Record(), game("hard", True, "1-2-100-00000000"))
    assert counted(rec, game("hard", True, "1-2-100-00000000")) is rec
    for i in range(MAX_COUNTED):
        rec = counted(rec, game("easy", False, f"{i + 2}-2-100-00000000"))
    assert len(rec.counted) == MAX_COUNTED
    assert "1-2-100-00000000" not in rec.counted and rec.counted[-1] == "501-2-100-00000000"
    assert rec.by_level()["hard"].games == 1 and rec.by_level()["easy"].games == MAX_COUNTED


# -- tallies, streaks and the suggestion ------------------------------------------------
def test_games_wins_scores_by_level_and_by_players() -> None:
    rec = Record()
    for i, (level, players, won, score) in enumerate([
            ("normal", 2, True, 70), ("normal", 3, False, 50), ("hard", 3, True, 90),
            ("easy", 4, True, 40)]):
        rec = counted(rec, game(level, won, f"{i}-2-1-00000000", players, score))
    assert rec.by_level() == {"easy": Tally(1, 1, 40, 40), "normal": Tally(2, 1, 120, 70),
                              "hard": Tally(1, 1, 90, 90)}
    assert list(rec.by_level()) == ["easy", "normal", "hard"]  # weakest first
    assert rec.by_players() == {2: Tally(1, 1, 70, 70), 3: Tally(2, 1, 140, 90),
                                4: Tally(1, 1, 40, 40)}
    assert rec.by_level()["normal"].average == 60


def test_streaks_per_level_and_the_suggestion_to_move_up() -> None:
    rec = Record()
    results = [("normal", True), ("normal", True)]
    for i, (level, won) in enumerate(results):
        rec = counted(rec, game(level, won, f"{i}-2-1-00000000"))
    assert rec.streaks["normal"] == Streak(2, 2) and move_up(rec) is None
    rec = counted(rec, game("normal", True, "9-2-1-00000000"))
    assert move_up(rec) == ("normal", 3, "hard")
    rec = counted(rec, game("hard", False, "10-2-1-00000000"))  # tried hard and lost
    assert move_up(rec) is None and rec.streaks["normal"] == Streak(3, 3)
    assert rec.streaks["hard"] == Streak(0, 0)
    rec = counted(rec, game("normal", False, "11-2-1-00000000"))  # a loss ends the streak
    assert rec.streaks["normal"] == Streak(0, 3) and move_up(rec) is None


def test_no_suggestion_above_the_strongest_level_offered() -> None:
    rec = Record()
    for i in range(3):
        rec = counted(rec, game("hard", True, f"{i}-2-1-00000000"))
    assert move_up(rec) == ("hard", 3, "expert")
    for i in range(4):
        rec = counted(rec, game("expert", True, f"{i + 3}-2-1-00000000"))
    assert rec.streaks["expert"] == Streak(4, 4) and move_up(rec) is None
    for i in range(3):  # a test level is below every level offered
        rec = counted(rec, game("greedy", True, f"{i + 10}-2-1-00000000"))
    assert move_up(rec) == ("greedy", 3, "easy")


def test_the_best_city_is_the_best_score_against_computers() -> None:
    code_a, code_b = "1.8D69J55H2LH45BR7K.9.3.1", "1.675DJ0RB15J7365I3.1.2.0"
    rec = counted(Record(), game("easy", True, "1-2-1-00000000", 2, 75, code_a))
    rec = counted(rec, game("hard", False, "2-2-1-00000000", 3, 60, code_b))
    assert rec.best_city is not None and rec.best_city.code == code_a
    rec = counted(rec, game("hard", True, "3-2-1-00000000", 3, 80, code_b))
    assert rec.best_city is not None and (rec.best_city.score, rec.best_city.level) == (80, "hard")


# -- the stored record: read back as written, hostile values refused -------------------
def full_record() -> Record:
    rec = Record()
    for i in range(6):
        rec = counted(rec, game(("easy", "normal", "hard")[i % 3], i % 2 == 0,
                                f"{i}-{2 + i % 3}-1-0000000{i}", 2 + i % 3, 50 + i,
                                "1.8D69J55H2LH45BR7K.9.3.1"))
    return counted(rec, Finished("99-3-2-00000000", True, "easy", 3, 70, True))


def test_a_record_reads_back_as_it_was_written() -> None:
    rec = full_record()
    assert read_text(to_json(rec)) == rec
    assert read_text(to_json(Record())) == Record()


def stored(**changes: object) -> str:
    data = json.loads(to_json(full_record()))
    data.update(changes)
    return json.dumps(data)


def solo_row(**changes: object) -> str:
    data = json.loads(to_json(full_record()))
    data["solo"][0].update(changes)
    return json.dumps(data)


HOSTILE = [
    ("not json", "{", "the record is damaged"),
    ("a list", "[]", "not a record of games"),
    ("another file", json.dumps({"game": "great-city-of-rome", "seats": []}),
     "not a record of games"),
    ("huge", " " * 70_000, "too large"),
    ("deep", '{"record": ' + "[" * 50 + "]" * 50 + "}", "nested too deeply"),
    ("version", stored(version=2), "version must be 1, not 2"),
    ("negative games", solo_row(games=-3), "games must be a whole number from 0"),
    ("more wins than games", solo_row(wins=10**6), "wins must be a whole number from 0 to"),
    ("float", solo_row(points=1.5), "points must be"),
    ("bool", solo_row(games=True), "games must be"),
    ("huge number", solo_row(best=10**400), "a number of 401 digits"),
    ("unknown level", solo_row(level="godlike"), "level must be a computer level"),
    ("five players", solo_row(players=5), "players must be a whole number from 2 to 4"),
    ("twice", stored(solo=[json.loads(to_json(full_record()))["solo"][0]] * 2),
     "counts easy with 2 players twice"),
    ("too many rows", stored(solo=[{}] * 100), "solo must be a list of at most 18 objects"),
    ("streak over best", stored(streaks=[{"level": "hard", "now": 5, "best": 2}]),
     "streak must be a whole number from 0 to 2"),
    ("last level", stored(last="<b>"), "level must be a computer level"),
    ("bad code", stored(best_city={"score": 9, "level": "easy", "players": 2,
                                   "code": "1.ZZZZ.0.0.0"}), "best city is not a city"),
    ("long code", stored(best_city={"score": 9, "level": "easy", "players": 2,
                                    "code": "1" * 5000}), "a city code of at most"),
    ("keys not text", stored(counted=[1, 2]), "games counted must be a list"),
    ("hostile key", stored(counted=["<script>"]), "games counted must be"),
    ("too many keys", stored(counted=["1-2-1-00000000"] * (MAX_COUNTED + 1)),
     f"a list of at most {MAX_COUNTED}"),
]


@pytest.mark.parametrize(("text", "says"), [(t, s) for _n, t, s in HOSTILE],
                         ids=[n for n, _t, _s in HOSTILE])
def test_a_hostile_or_damaged_stored_record_is_refused_with_a_sentence(
        text: str, says: str) -> None:
    with pytest.raises(SaveError) as caught:
        read_text(text)
    assert says in str(caught.value)
    assert len(str(caught.value)) < 200  # never the value quoted whole


# -- what the reducer and the first screen make of it -----------------------------------
def test_download_and_reset_are_effects_of_the_player_s_click() -> None:
    rec = full_record()
    ui = UiState(record=rec)
    after, todo = model.reduce(ui, events.RecordAsked("download"))
    assert after is ui and len(todo) == 1 and isinstance(todo[0], effects.Download)
    assert todo[0].filename.endswith(".json") and read_text(todo[0].text) == rec
    after, todo = model.reduce(ui, events.RecordAsked("reset"))
    assert after is ui and len(todo) == 1 and isinstance(todo[0], effects.Confirm)
    assert todo[0].then == effects.ResetRecord()
    assert todo[0].question.startswith("Reset your record?")
    embed = UiState()
    assert model.reduce(embed, events.RecordAsked("download")) == (embed, ())
    assert model.reduce(embed, events.Recorded(rec)) == (embed, ())


def test_a_problem_with_the_record_is_said_on_the_screen_it_happened_on() -> None:
    ui = UiState(record=Record())
    form, todo = model.reduce(ui, events.Recorded(Record(), "The record was refused."))
    assert [e.notice for e in todo if isinstance(e, effects.ShowForm)] == \
        ["The record was refused."]
    table = replace(ui, session=played([ANN, Seat("Bo", False, "easy")], 3, moves=5))
    after, todo = model.reduce(table, events.Recorded(Record(), "The record was refused."))
    assert after.notices == ("The record was refused.",) and todo == ()


def test_the_first_screen_shows_the_record_in_plain_words() -> None:
    rec = full_record()
    for i in range(3):
        rec = counted(rec, game("normal", True, f"{i + 50}-2-1-00000000", 2, 40))
    html = render_record(rec, "https://x.org/rome/index.html?pace=0")
    assert 'data-record-games="10"' in html
    assert "4 wins in a row against normal: try hard next." in html
    assert ('href="https://x.org/rome/embed.html?view=city&amp;code=1.8D69J55H2LH45BR7K.9.3.1"'
            in html)
    assert 'data-record-hotseat="3"' in html and "1 game, best score 70" in html
    assert 'data-record-level="normal" data-games="5" data-wins="4"' in html
    assert 'data-ui="record-download"' in html and 'data-ui="record-reset"' in html
    empty = render_record(Record(), "https://x.org/")
    assert 'data-record-games="0"' in empty and "counted here" in empty
    assert "record-reset" not in empty
