"""The lesson view (``embed.html?view=lesson&topic=T``): one position, one task, its answer.

Why the table's own model: a lesson is a course (``ui.tutorial.lessons``) on the table's
``UiState``, moved by the table's reducer (``ui.model.reduce``: a choice other than the
one asked for is answered there, the move asked for is played there), so nothing about a
lesson lives outside that state, and nothing is saved (its ``Tutorial`` is not ``kept``).
This module only starts it, hands the page the effects it runs (focus), and draws the
parts a lesson needs: its panel, the strip or offer where the topic is about them, and
the reader's hand and city.

Why the panel is drawn in layers: a frame on a rules page must hold its place. The
panel reserves, invisibly, the room its tallest state takes (the lesson's words with the
longest answer any legal choice gets, and its end), in the same grid cell as what it
shows, so it never grows or shrinks as the reader tries, is answered, and finishes.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import rome
from ui.bounds import Place
from ui.embed.view import Effect, Focus, Frame, ViewInput
from ui.model import effects as model_effects
from ui.model import events, reduce
from ui.model.state import UiState
from ui.render.city import render_city
from ui.render.table import render_hand, render_offer, render_strip
from ui.render.tutorial import target
from ui.render.view import TableView, table_view
from ui.saves.session import Session
from ui.tutorial import coach
from ui.tutorial.course import Course, Tutorial, played_out
from ui.tutorial.courses import COURSES
from ui.tutorial.lesson_tasks import TASKS
from ui.tutorial.lessons import LESSONS, key, next_topic, topic_of
from ui.words.card_words import plural
from ui.words.markup import button, esc

DONE = "[data-tutorial-done]"
RECORDED = Place("the lesson's", ValueError)
"""Where a lesson's recorded moves come from (the unit tests replay every one)."""


def course_of(topic: str) -> Course:
    return COURSES[key(topic)]


def start(topic: str) -> UiState:
    """The lesson of ``topic`` on a fresh table: its recorded moves played, the reader
    asked (``topic`` is one of ``TOPICS``: the address refused any other)."""
    course = course_of(topic)
    session = Session.replayed(list(course.seats), course.seed, False,
                               list(course.script[:-1]), None, RECORDED)
    ui, _effects = reduce(UiState(pace=0), events.Begin(session, None,
                                                        tutorial=Tutorial(course.key,
                                                                          kept=False)))
    return ui


def _course(ui: UiState) -> Course:
    assert ui.tutorial is not None, "a lesson is on the table"
    return COURSES[ui.tutorial.course]


def done(ui: UiState) -> bool:
    return ui.session is not None and played_out(_course(ui), ui.session)


def reduce_lesson(ui: UiState, event: events.Event) -> tuple[UiState, tuple[Effect, ...]]:
    """The table's reducer; of its effects the page runs focus (the first place named: the
    control asked for), and on the lesson's end focus goes to what it says."""
    was = done(ui)
    after, todo = reduce(ui, event)
    if done(after) and not was:
        return after, (Focus(DONE),)
    focus = [e.selectors[0] for e in todo if isinstance(e, model_effects.Focus) and e.selectors]
    return after, tuple(Focus(s) for s in focus[:1])


# -- drawing ---------------------------------------------------------------------------------
def _view(ui: UiState) -> TableView:
    """The table as the reader sees it; once the task is done nothing is offered."""
    view = table_view(ui)
    return replace(view, actions=(), outcomes={}) if done(ui) else view


TURN_VERBS = {"produce": "Produce", "end": "End the turn"}
"""The turn's buttons a task may choose among (the table draws them in its prompt)."""


def _turn(view: TableView, verbs: frozenset[str]) -> str:
    """The turn's buttons the task chooses among, always drawn (disabled when not offered,
    as after the lesson's end), so the board keeps its size."""
    offered = {a.verb: a for a in view.actions if a.verb in TURN_VERBS}
    buttons = [button(label, cls="btn", data_action=str(offered[verb])) if verb in offered
               else f'<button type="button" class="btn" disabled>{esc(label)}</button>'
               for verb, label in TURN_VERBS.items() if verb in verbs]
    return f'<p class="lesson-turn">{"".join(buttons)}</p>' if buttons else ""


def _board(ui: UiState) -> str:
    course = _course(ui)
    topic = topic_of(course)
    view = _view(ui)
    seat = course.learner
    me = view.obs["players"][seat]
    parts = [render_strip(view) if "strip" in LESSONS[topic].shows else "",
             render_offer(view) if "offer" in LESSONS[topic].shows else ""]
    targets = {a: o for a, o in view.outcomes.items() if a.verb == "build"}
    stats = (f'<p class="lesson-stats">{plural(me["coins"], "coin")} · '
             f'{plural(me["influence"], "influence token")} · '
             f'{plural(len(me["bricks"]), "brick token")}</p>')
    return ("".join(parts) + f'<section class="lesson-city" aria-label="Your hand and city">'
            f'{stats}{render_hand(view, seat)}'
            f'{render_city(me, seat, view.names[seat], targets, big=True)}</section>'
            + _turn(view, TASKS[topic].verbs))


def _asking(words: tuple[str, ...], answer: str, live: bool = True) -> str:
    """The lesson's words after its answer to a choice tried; ``live``: shown (a reserve
    layer carries none of the contract's attributes)."""
    mark = " data-tutorial-answer" if live else ""
    said = f'<p class="tutorial-answer"{mark}>{esc(answer)}</p>' if answer else ""
    return said + "".join(f"<p>{esc(w)}</p>" for w in words)


def _ending(course: Course, learnt: tuple[str, ...]) -> str:
    topic = topic_of(course)
    after = next_topic(topic)
    link = (f'<a class="btn primary" href="embed.html?view=lesson&amp;topic={after}">Next '
            f"lesson: {esc(LESSONS[after].title)}</a>" if after else "")
    return ("<p><strong>Well done: that is the best move here.</strong></p>"
            + "".join(f"<p>{esc(w)}</p>" for w in learnt)
            + (f'<p class="buttons">{link}</p>' if link else ""))


@cache
def _reserve(topic: str) -> str:
    """The panel's tallest states, drawn invisibly: the words with the longest answer any
    legal choice gets, and the end (with a stand-in for what it fills in)."""
    course = course_of(topic)
    first = start(topic)
    s = first.session
    assert s is not None and first.tutorial is not None
    said = coach.shown(course, first.tutorial, s, "", True)
    answers = [coach.answer(course, s, a) for a in rome.legal_actions(s.state)]
    ended = s.after(course.script[-1])
    learnt = coach.shown(course, first.tutorial, ended, "", True).words
    return (f'<div class="lesson-layer lesson-reserve" aria-hidden="true">'
            f"{_asking(said.words, max(answers, key=len, default=''), live=False)}</div>"
            f'<div class="lesson-layer lesson-reserve" aria-hidden="true">'
            f"{_ending(course, learnt)}</div>")


def panel(ui: UiState) -> str:
    """The lesson's words, its answer to a choice tried, or its end."""
    course, s = _course(ui), ui.session
    assert s is not None and ui.tutorial is not None
    said = coach.shown(course, ui.tutorial, s, ui.selection, True)
    topic = topic_of(course)
    if said.done:
        shown = (f'<div class="lesson-layer tutorial-done" data-tutorial-done tabindex="-1">'
                 f'<div data-tutorial-text>{_ending(course, said.words)}</div></div>')
    else:
        shown = (f'<div class="lesson-layer" data-tutorial-text>'
                 f"{_asking(said.words, said.answer)}</div>")
    return (f'<h2 class="tutorial-head" id="lesson-title">Lesson: {esc(course.title)}</h2>'
            f'<div class="lesson-layers">{_reserve(topic)}{shown}</div>')


def frame(ui: UiState) -> Frame:
    asked = target(ui)
    return Frame({"lesson-panel": panel(ui), "lesson-board": _board(ui)},
                 mark=asked.selector if asked is not None else "")


def shell(ui: UiState) -> str:
    return ('<div class="lesson"><section id="lesson-panel" class="tutorial panel '
            'lesson-panel" aria-labelledby="lesson-title" aria-live="polite"></section>'
            '<div id="lesson-board" class="lesson-board"></div></div>')


# -- its input (``romeInput.listenView``) ------------------------------------------------
CLICKS = ("data-action", "data-select")
"""A choice is the table's event (a move, a card to build): buttons take Enter and Space
themselves."""


def event_for(message: ViewInput) -> events.Event | None:
    if message["kind"] != "click":
        return None
    if message["name"] == "data-select":
        return events.Select(message["value"])
    try:
        return events.Act(rome.Action.parse(message["value"]))
    except rome.NotationError:
        return None
