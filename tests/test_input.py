"""The page's input (issue 44): the input half (``assets/input.js``) posts plain messages
and the model says what each stands for (``ui.model.inputs``).

Why both halves here: the meaning of a click or a key is decided on CPython from the
message and the UI state; the long press's decision is the input half's own, run under
Node with the steps the CPython test of its Python predecessor took. Messages of another
shape are refused with a sentence before anything is read from them. The browser tests
(``e2e/test_keyboard.py``, ``e2e/test_phone.py``'s long press, every click of ``e2e/``)
drive the listeners themselves.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

import rome
from ui.embed import calculator, lesson, replay
from ui.embed.view import ViewInput, ViewInputError, read_input
from ui.model import UiState, events
from ui.model.inputs import FILE_CHARS, MAX_MESSAGE_CHARS, InputError, event_for, read
from ui.saves.session import Seat, Session
from ui.shell.input import Input
from ui.shell.paint import Painter

INPUT = Path(__file__).resolve().parents[1] / "assets" / "input.js"
PRESS = """
const fs = require("fs"), vm = require("vm");
const context = {};
context.globalThis = context;
vm.runInNewContext(fs.readFileSync(process.argv[1], "utf8"), context);
const { Press, SLOP_PX } = context.romeInput;
const p = new Press(), seen = [];
seen.push(p.down(10, 10, "mouse", true), p.fire());  // a mouse has its right click
seen.push(p.down(10, 10, "touch", false), p.fire());  // not on a card
seen.push(p.down(10, 10, "touch", true), p.move(10 + SLOP_PX * 0.7, 10 + SLOP_PX * 0.7));
seen.push(p.fire(), p.swallowClick(), p.swallowClick());  // a tremor; one click eaten
seen.push(p.down(10, 10, "pen", true), p.move(10, 10 + SLOP_PX + 1));  // scrolling
seen.push(p.fire(), p.swallowClick());
seen.push(p.down(10, 10, "touch", true));
p.end();  // lifted (a tap) or taken over by the browser
seen.push(p.fire(), p.swallowClick());
seen.push(p.down(10, 10, "touch", true), p.fire());
p.down(50, 50, "touch", false);  // the next touch, no click came in between
seen.push(p.swallowClick());  // a long press never eats a later tap
process.stdout.write(JSON.stringify(seen));
"""


def test_a_long_press_needs_a_finger_on_a_card_held_still() -> None:
    node = shutil.which("node")
    assert node is not None, "make setup installs Node (scripts/vendor.py needs it too)"
    out = subprocess.run([node, "-e", PRESS, str(INPUT)], capture_output=True, text=True,
                         timeout=60, check=True)
    assert json.loads(out.stdout) == [False, False, False, False, True, False,
                                      True, True, False, True, True, False, False,
                                      True, False, False, True, True, False]


def message(kind: str, text: str = "", value: str = "", back: str = "") -> str:
    return json.dumps({"kind": kind, "text": text, "value": value, "back": back})


HELP = UiState(help_open=True)
STARTED = UiState(session=Session.new([Seat("Ann", True), Seat("Bob", False, "greedy")], 5, False))
DETAIL = UiState(detail="house-3", selection="bath")
CHOSEN = UiState(selection="bath")


@pytest.mark.parametrize(("sent", "ui", "event"), [
    (message("act", "end"), UiState(), events.Act(rome.Action.parse("end"))),
    (message("act", "build nowhere"), UiState(), None),  # no move: nothing to play
    (message("act", "end", "0"), STARTED, events.Act(rome.Action.parse("end"))),
    (message("act", "end", "1"), STARTED, None),  # clicked on a screen the game has left
    (message("act", "end", "0"), UiState(), None),  # on a table there no longer is
    (message("select", "bath"), UiState(), events.Select("bath")),
    (message("detail", "house-3@0,1", back='[data-pos="0,1"]'), UiState(),
     events.Panel("detail", "house-3@0,1", back='[data-pos="0,1"]')),
    (message("command", "undo"), UiState(), events.Undo()),
    (message("command", "rematch"), UiState(), events.Rematch()),
    (message("command", "rules", "aqueducts", "#why-1"), UiState(),
     events.Panel("help", "aqueducts", back="#why-1")),
    (message("command", "rules", "", "#help-btn"), UiState(),
     events.Panel("help", True, back="#help-btn")),
    (message("command", "theme", "dark"), UiState(), events.Setting("theme", "light")),
    (message("command", "theme", "dark"), UiState(theme="light"),
     events.Setting("theme", "dark")),
    (message("command", "review", "2"), UiState(), events.AskReview(2)),
    (message("command", "hint-show", "x"), UiState(), None),
    (message("command", "breakdown", "99999"), UiState(), None),
    (message("command", "resume-slot", "g17"), UiState(), events.Resume("g17")),
    (message("command", "replay-link", "https://x/?seats=human,hard"), UiState(),
     events.CopyLink("https://x/?seats=human,hard")),
    (message("command", "launch-missiles"), UiState(), None),
    (message("key", "?"), UiState(), events.Panel("help", True)),
    (message("key", "?"), HELP, events.Panel("help", False)),
    (message("key", "Escape"), HELP, events.Panel("help", False)),
    (message("key", "Escape"), DETAIL, events.Panel("detail", "")),
    (message("key", "Escape"), CHOSEN, events.Select("")),
    (message("key", "Escape"), UiState(), None),
    (message("field", "pace-select", "250"), UiState(), events.Setting("pace", 250)),
    (message("field", "pace-select", "-1"), UiState(), None),
    (message("field", "open-hands", "true"), UiState(), events.Setting("open_hands", True)),
    (message("field", "rules-filter", "aqu"), UiState(), events.RulesFilter("aqu")),
    (message("field", "seat-name-2", "Ada"), UiState(), events.FormInput("seat-name-2", "Ada")),
    (message("file", "", '{"seats": []}'), UiState(), events.Opened('{"seats": []}')),
])
def test_each_message_stands_for_its_event(sent: str, ui: UiState,
                                           event: events.Event | None) -> None:
    assert event_for(read(sent), ui) == event


def test_a_file_too_large_to_read_is_said_on_the_new_game_screen() -> None:
    found = event_for(read(message("file", "too large")), UiState())
    assert isinstance(found, events.OpenForm) and "far too large" in found.notice
    assert FILE_CHARS < MAX_MESSAGE_CHARS


@pytest.mark.parametrize("sent", [
    "", "not json", "[]", "null", '{"kind": "act"}',
    json.dumps({"kind": "act", "text": "end", "value": "", "back": "", "extra": ""}),
    json.dumps({"kind": "eval", "text": "", "value": "", "back": ""}),
    json.dumps({"kind": "act", "text": 5, "value": "", "back": ""}),
    json.dumps({"kind": "file", "text": "", "value": "x" * MAX_MESSAGE_CHARS, "back": ""}),
    "[" * 100_000,
])
def test_a_message_of_another_shape_is_refused_with_a_sentence(sent: str) -> None:
    with pytest.raises(InputError, match=r"^An input message .*\.$"):
        read(sent)


# -- the embed views' input (``romeInput.listenView``, ``ui.embed.view.ViewInput``) ---------
def view_message(kind: str, name: str, value: str = "", typed: str = "") -> ViewInput:
    return read_input(json.dumps({"kind": kind, "name": name, "value": value, "typed": typed}))


HREF = "https://rules.example/embed.html?view=calculator"


@pytest.mark.parametrize(("message", "event"), [
    (view_message("click", "data-cell", "2,-1"), calculator.SelectCell((2, -1))),
    (view_message("click", "data-cell", "2,x"), None),
    (view_message("click", "data-cell", "1,2,3"), None),
    (view_message("click", "data-card", "bath"), calculator.Place("bath")),
    (view_message("click", "data-influence-card", "3"), calculator.ToggleCard(3)),
    (view_message("click", "data-influence-card", "3e9"), None),
    (view_message("click", "data-do", "share"), calculator.Share(HREF)),
    (view_message("click", "data-do", "coins+"), calculator.Do("coins+")),
    (view_message("typed", "data-catalogue-search", typed="bath"), calculator.Search("bath")),
    (view_message("typed", "data-input", "coins", " 12 "), calculator.SetNumber("coins", 12)),
    (view_message("typed", "data-input", "coins", "twelve"), calculator.SetNumber("coins", 0)),
    (view_message("key", "Home"), None),
])
def test_a_calculator_input_stands_for_its_event(message: ViewInput,
                                                 event: calculator.Event | None) -> None:
    assert calculator.event_for(message, HREF) == event


def test_a_replay_moves_by_its_controls_and_keys_and_a_lesson_by_its_choices() -> None:
    assert replay.event_for(view_message("click", "data-replay", "forward")) == replay.Go("forward")
    assert replay.event_for(view_message("key", "End")) == replay.Go("end")
    assert replay.event_for(view_message("key", "Delete")) is None
    assert lesson.event_for(view_message("click", "data-action", "end")) == \
        events.Act(rome.Action.parse("end"))
    assert lesson.event_for(view_message("click", "data-select", "bath")) == events.Select("bath")
    assert lesson.event_for(view_message("click", "data-action", "fly to Mars")) is None


@pytest.mark.parametrize("sent", [
    "", "{}", "[]", json.dumps({"kind": "click", "name": "data-do", "value": "x"}),
    json.dumps({"kind": "hover", "name": "", "value": "", "typed": ""}),
    json.dumps({"kind": "click", "name": ["data-do"], "value": "", "typed": ""}),
    json.dumps({"kind": "typed", "name": "", "value": "", "typed": "x" * 30_000}),
    "{" * 50_000,
])
def test_a_view_input_of_another_shape_is_refused_with_a_sentence(sent: str) -> None:
    with pytest.raises(ViewInputError, match=r"^A view's input message .*\.$"):
        read_input(sent)


def test_every_input_is_answered_once_even_one_that_changes_nothing() -> None:
    """The input half learns that each input was heard: by the paint it caused, or else by
    an empty message, each marked as the input's answer (``assets/painter.js`` ends the
    input's wait there, and at no other message)."""
    sent: list[str] = []

    class Page:
        ui = UiState()
        paint = Painter("#app", sent.append)

        def dispatch(self, event: events.Event) -> None:
            self.paint.set({"status": type(event).__name__})
            self.paint.flush()

    class Link:
        def listen(self, root: str, receive: Callable[[str], None], options: object) -> None:
            self.receive = receive

    link = Link()
    Input(Page(), link, "#app")  # type: ignore[arg-type]
    link.receive(message("select", "bath"))  # a change: its paint is the answer
    link.receive(message("select", "bath"))  # the same again: nothing changes
    link.receive(message("act", "build nowhere"))  # no move: no event
    link.receive("not a message")
    answered = '{"input":true}'
    assert sent == ['{"containers":{"status":"Select"},"input":true}'] + [answered] * 3
