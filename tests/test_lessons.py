"""The embeddable lessons (issue 41): every lesson's position is a game the engine
accepts, its answer is what the engine rates best, every other legal choice is answered,
its words name its topic, and it keeps nothing.

The expected best moves here are worked out from the engine's public functions directly
(``final_scores``, ``strip_space_resources``, ``build_cost``, ``observation``, the city's
``free_spaces``), not through the lessons' own measures.
"""

from __future__ import annotations

import re

import pytest

import rome
from rome.city import free_spaces
from ui.address import embed_address
from ui.embed import lesson
from ui.model import events
from ui.model.effects import KeepTutorial, Save
from ui.tutorial.lesson_positions import POSITIONS
from ui.tutorial.lessons import LESSONS, course, next_topic
from ui.words.topics import TOPICS

NAMES = {"emissaries": "emissary", "bricks-and-cogs": "brick", "building": "build",
         "production": "produc", "influence": "influence", "residential": "residential",
         "aqueducts": "aqueduct", "temples": "temple", "public-buildings": "public building",
         "final-scoring": "scored"}
"""A word each lesson's words must hold (its topic, as a reader would look for it)."""


def position(topic: str) -> tuple[rome.GameState, rome.Action]:
    seed, moves = POSITIONS[topic]
    *before, asked = moves.strip().replace("\n", "|").split("|")
    return rome.replay(2, seed, before), rome.Action.parse(asked)


def city_of(state: rome.GameState, seat: int) -> dict[tuple[int, int], str]:
    return {(r, c): k for r, c, k, _d in rome.observation(state, seat)["players"][seat]["city"]}


def mine(state: rome.GameState, seat: int, field: str) -> int:
    value = rome.observation(state, seat)["players"][seat][field]
    return len(value) if isinstance(value, list) else int(value)


def expected_best(topic: str, state: rome.GameState) -> set[str]:
    """The engine's best moves for the topic's task, worked out here."""
    seat = rome.current_player(state)
    assert seat is not None
    legal = rome.legal_actions(state)

    def then(a: rome.Action) -> rome.GameState:
        return rome.apply_action(state, a)

    rated: dict[str, tuple[int, ...]] = {}
    for a in legal:
        if topic == "emissaries" and a.verb == "place":
            hand = rome.observation(state, seat)["players"][seat]["hand"]
            need = max(rome.BUILDINGS[h["kind"]].cost for h in hand)
            rated[str(a)] = (rome.strip_space_resources(state, a.space)[0] >= need, -a.space)
        elif topic == "bricks-and-cogs" and a.verb == "build":
            rated[str(a)] = (-rome.build_cost(state, seat, a.kind)[1],
                             rome.BUILDINGS[a.kind].cost)
        elif topic == "building" and a.verb == "build":
            rated[str(a)] = (len(free_spaces(city_of(then(a), seat))),)
        elif topic in ("production", "influence") and a.verb in ("build", "produce", "end"):
            fields = ("coins", "influence", "bricks") if topic == "production" else ("influence",)
            rated[str(a)] = (sum(mine(then(a), seat, f) - mine(state, seat, f) for f in fields),)
        elif a.verb == "build" or (topic == "final-scoring" and a.verb in ("produce", "end")):
            category = {"residential": "residential", "temples": "temples"}.get(topic, "total")
            if topic in ("residential", "temples", "aqueducts", "public-buildings",
                         "final-scoring"):
                rated[str(a)] = (rome.final_scores(then(a))[seat][category],)
    top = max(rated.values())
    return {text for text, value in rated.items() if value == top}


@pytest.mark.parametrize("topic", TOPICS)
def test_the_position_is_a_game_the_engine_accepts(topic: str) -> None:
    state, asked = position(topic)
    assert rome.GameState.from_dict(state.to_dict()).to_dict() == state.to_dict()
    assert rome.is_legal(state, asked)
    assert rome.current_player(state) == 0 and rome.automatic_action(state) is None


@pytest.mark.parametrize("topic", TOPICS)
def test_the_answer_is_what_the_engine_rates_best(topic: str) -> None:
    state, asked = position(topic)
    best = expected_best(topic, state)
    assert str(asked) in best
    accepted = course(topic).steps[0].accept
    assert accepted is not None and set(accepted(state)) == best
    assert len({rome.Action.parse(t).kind for t in best}) == 1  # one card (or space) asked
    assert len(best) < len(rome.legal_actions(state))  # there is a wrong choice to make


@pytest.mark.parametrize("topic", TOPICS)
def test_every_other_legal_choice_is_answered_and_the_asked_one_ends_it(topic: str) -> None:
    ui = lesson.start(topic)
    assert ui.session is not None
    state, asked = position(topic)
    best = expected_best(topic, state)
    for action in rome.sensible_actions(state):
        if str(action) in best:
            continue
        if action.verb == "build" and action.kind != asked.kind:
            tried, effects = lesson.reduce_lesson(ui, events.Select(action.kind))
        else:
            picked, _e = lesson.reduce_lesson(ui, events.Select(action.kind or ""))
            tried, effects = lesson.reduce_lesson(picked, events.Act(action))
        assert tried.session is not None and tried.session.actions == ui.session.actions
        assert tried.tutorial is not None
        answer = tried.tutorial.answer
        assert answer.startswith("You chose to ") and "Try again" in answer, answer
        assert re.search(r"\d", answer), answer  # the engine's figures, not a bare refusal
        markup = lesson.panel(tried)
        assert markup.count("data-tutorial-answer") == 1 and "data-tutorial-done" not in markup
    ui, _e = lesson.reduce_lesson(ui, events.Select(asked.kind or ""))
    done, effects = lesson.reduce_lesson(ui, events.Act(asked))
    assert lesson.done(done)
    assert not any(isinstance(e, (KeepTutorial, Save)) for e in effects)
    assert "data-tutorial-done" in lesson.panel(done)
    assert lesson.frame(done).mark == ""


def test_the_emissaries_lesson_says_when_each_space_acts() -> None:
    """Whom a space acts after, in words a newcomer reads: the spaces nearer the Emperor
    (not "after 1 space")."""
    ui = lesson.start("emissaries")
    assert ui.session is not None
    said = {}
    for action in rome.sensible_actions(ui.session.state):
        picked, _e = lesson.reduce_lesson(ui, events.Select(action.kind or ""))
        tried, _e = lesson.reduce_lesson(picked, events.Act(action))
        assert tried.tutorial is not None
        said[action.space] = tried.tutorial.answer or ""
    wanted = {1: "acts first", 2: "acts after whoever stands on space 1",
              3: "acts after whoever stands on spaces 1 to 2",
              4: "acts after whoever stands on spaces 1 to 3",
              5: "acts after whoever stands on spaces 1 to 4"}
    answers = " ".join(said.values())  # the asked space is told in every other's answer
    for space in said:
        assert space is not None and wanted[space] in answers, answers
    assert len(said) >= 3


@pytest.mark.parametrize("topic", TOPICS)
def test_the_lesson_marks_one_button_and_its_words_name_the_topic(topic: str) -> None:
    ui = lesson.start(topic)
    drawn = lesson.frame(ui)
    markup = "".join(drawn.regions.values())
    selector = re.fullmatch(r'\[(data-\w+)="([^"]+)"\]', drawn.mark)
    assert selector is not None, drawn.mark
    assert re.search(rf'<button[^>]*{selector.group(1)}="{re.escape(selector.group(2))}"',
                     markup)  # a button: Tab reaches it, Enter and Space press it
    text = re.sub(r"<[^>]+>", " ", lesson.panel(ui)).lower()
    assert NAMES[topic] in text
    assert NAMES[topic] in LESSONS[topic].learnt.lower() or NAMES[topic] in text


def test_the_lessons_end_with_a_link_to_the_next() -> None:
    for topic in TOPICS:
        state, asked = position(topic)
        ui = lesson.start(topic)
        ui, _e = lesson.reduce_lesson(ui, events.Select(asked.kind or ""))
        done, _e = lesson.reduce_lesson(ui, events.Act(asked))
        after = next_topic(topic)
        link = f"topic={after}" if after else "topic="
        assert (link in lesson.panel(done).split("data-tutorial-done")[1]) == bool(after)


def test_a_done_lesson_asks_nothing_more() -> None:
    ui = lesson.start("bricks-and-cogs")
    _state, asked = position("bricks-and-cogs")
    ui, _e = lesson.reduce_lesson(ui, events.Select(asked.kind or ""))
    done, _e = lesson.reduce_lesson(ui, events.Act(asked))
    again, effects = lesson.reduce_lesson(done, events.Act(rome.Action.parse("end")))
    assert again == done and effects == ()


def test_the_address_refuses_an_unknown_topic_in_one_sentence() -> None:
    bad = embed_address("?view=lesson&topic=%3Cscript%3E")
    assert bad.view == "lesson" and bad.topic == ""
    assert bad.problems == ("The address's topic= must be one of " + ", ".join(TOPICS)
                            + ", not “<script>”, so it was not used.",)
    assert embed_address("?view=lesson&topic=aqueducts").topic == "aqueducts"
    assert embed_address("?view=lesson&topic=" + "x" * 5000).problems  # bounded, refused
