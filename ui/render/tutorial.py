"""The guided game's panel, and the one control it asks for (issue 41).

The contract the tests (and a lesson's host) rely on: while a course runs, the one
control it asks for carries ``data-tutorial-target``; its current words stand in the
element with ``data-tutorial-text``; its end shows the element with
``data-tutorial-done``. Pure: the panel is markup made from the UI state, and
:func:`target` says which control to mark; the painter marks it after each render
(``ui/shell/paint.py``), choosing the phone tab that holds it when it is out of view.
"""

from __future__ import annotations

from dataclasses import dataclass

import rome
from ui.model.state import Mode, UiState
from ui.model.turn import REGION_OF_VERB
from ui.render.city import render_city
from ui.render.help_panel import title_of
from ui.tutorial import coach
from ui.tutorial.course import asked, played_out
from ui.tutorial.courses import COURSES
from ui.tutorial.marks import NEXT
from ui.words.markup import button, esc


@dataclass(frozen=True)
class Target:
    """The control a course asks for: its selector, and the phone tab that holds it
    (None: it is never out of view)."""

    selector: str
    tab: str | None = None


def target(ui: UiState) -> Target | None:
    """The control the course on the table asks for now (None: nothing is asked, as while
    the other seats play)."""
    course = COURSES.get(ui.tutorial.course) if ui.tutorial is not None else None
    s = ui.session
    if course is None or s is None or ui.tutorial is None:
        return None
    if played_out(course, s):
        return Target(f"#{NEXT}") if ui.tutorial.page < len(course.pages) else None
    wanted = asked(course, s)
    if ui.mode is not Mode.HUMAN or wanted is None:
        return None
    action = rome.Action.parse(wanted)
    if action.verb == "build" and ui.selection != action.kind:
        return Target(f'[data-select="{action.kind}"]', REGION_OF_VERB["build"])
    return Target(f'[data-action="{wanted}"]', REGION_OF_VERB.get(action.verb))


def _city(ui: UiState, learner: int, cells: tuple[str, ...]) -> str:
    """The learner's city, in the panel beside the words of a scoring page (so it is in
    view at every size), with a rule marking the cells the page speaks of, there and in
    the table's own drawing (positions are digits, signs, commas and a colon: nothing to
    escape)."""
    s = ui.session
    assert s is not None
    player = rome.observation(s.state, learner)["players"][learner]
    chosen = ", ".join(f'.city [data-pos="{pos}"]' for pos in cells)
    rule = (f"<style>{chosen} {{ outline: 4px solid var(--target); outline-offset: -2px; }}"
            "</style>") if cells else ""
    return (f'<div class="tutorial-city">{render_city(player, learner, s.seats[learner].name)}'
            f"</div>{rule}")


def render_tutorial(ui: UiState) -> str:
    """The panel of the course on the table ("" when none is)."""
    course = COURSES.get(ui.tutorial.course) if ui.tutorial is not None else None
    s = ui.session
    if course is None or s is None or ui.tutorial is None:
        return ""
    said = coach.shown(course, ui.tutorial, s, ui.selection, ui.mode is Mode.HUMAN)
    text: list[str] = []
    if said.answer:
        text.append(f'<p class="tutorial-answer" data-tutorial-answer>{esc(said.answer)}</p>')
    if said.told:
        text.append('<ul class="tutorial-told">'
                    + "".join(f"<li>{esc(line)}</li>" for line in said.told) + "</ul>")
    text.extend(f"<p>{esc(words)}</p>" for words in said.words)
    if said.ask:
        how = f" {esc(said.how)}" if said.how else ""
        text.append(f'<p class="tutorial-ask"><strong>{esc(said.ask)}</strong>{how}</p>')
    elif said.waiting:
        text.append(f'<p class="tutorial-wait">{esc(said.waiting)}</p>')
    buttons = []
    if said.anchor:
        buttons.append(button("More in the rules", cls="btn small", data_ui="rules",
                              data_rules=said.anchor, id="tutorial-rules",
                              aria=f"More in the rules: {title_of(said.anchor)}"))
    if said.next:
        buttons.append(button("Next", cls="btn primary", data_ui="tutorial-next", id=NEXT))
    leave = "" if said.done else button("Leave", cls="btn small", data_ui="newgame",
                                         aria="Leave the guided game (it is kept)")
    body = (f'<div class="tutorial-main"><div class="tutorial-text" data-tutorial-text>'
            f'{"".join(text)}</div><div class="buttons">{"".join(buttons)}</div></div>'
            + (_city(ui, course.learner, said.marks) if said.next else ""))
    if said.done:
        body = (f'<div class="tutorial-done" data-tutorial-done>{body}<div class="buttons">'
                + button("Start a game of your own", cls="btn primary", data_ui="newgame")
                + button("Play the guided game again", cls="btn", data_ui="learn")
                + "</div></div>")
    return (f'<div class="tutorial-head"><h2 id="tutorial-title">{esc(course.title)}</h2>'
            f'<span class="tutorial-progress">{esc(said.progress)}</span>{leave}</div>'
            f'<div class="tutorial-body">{body}</div>')
