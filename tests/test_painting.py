"""The painter's messages (issue 44): what the page's Python sends (``ui.shell.paint``,
``ui.render.paint_message.Paint``) is what the page's painter (``assets/painter.js``) accepts.

Why across the two languages: the Python half decides and the JavaScript half writes, so
the only contract between them is the message's shape; once the Python half runs in a
worker, nothing but this test holds them together. Messages of every kind are made by
the real Python painter on real tables (a game, a hand-over, the guided game with its
mark, the new-game screen, the rules dialog, a card's travel and focus), then checked by
the painter's own ``romePainter.check`` under Node, with a table of wrong messages it must
refuse.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import rome
from ui import model
from ui.embed import calculator_render, lesson, replay
from ui.embed.calculator import Calculator
from ui.model import UiState
from ui.model.newgame import form_for
from ui.model.state import WorkerReport
from ui.render.newgame import render_form
from ui.saves.session import Seat, Session
from ui.shell.paint import Painter
from ui.shell.paint_table import TablePainter, page_frame
from ui.tutorial.course import Tutorial
from ui.tutorial.first_game import FIRST_GAME

ROOT = Path(__file__).resolve().parents[1]
PAINTER = ROOT / "assets" / "painter.js"
NODE = shutil.which("node")
CHECK = """
const fs = require("fs"), vm = require("vm");
const context = {};
context.globalThis = context;
vm.runInNewContext(fs.readFileSync(process.argv[1], "utf8"), context);
const messages = JSON.parse(fs.readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(messages.map((m) => context.romePainter.check(m))));
"""

TRIO = [Seat("Ann", True), Seat("Cy", True), Seat("Bo", False, "random")]


def painted(steps: list[tuple[UiState, str]]) -> list[dict[str, object]]:
    """The messages the painter sends for each state, drawn as the page draws it."""
    sent: list[str] = []
    paint = TablePainter("#app", sent.append)
    paint.mount(page_frame())
    paint.theme(UiState(theme="dark"))
    paint.flush()
    for ui, how in steps:
        if how == "table":
            paint.table()
        if how == "form":
            assert ui.form is not None
            paint.screen(render_form(ui.form, ui.open_hands))
        paint.help(ui)
        paint.worker(ui)
        paint.record(ui, "http://localhost/index.html")
        paint.render(ui)
        paint.travel(model.Travel('[data-card="0:1,1"]', '[data-offer="2"]', 320))
        paint.focus_on(model.Focus(("#prompt [data-action]", "#prompt"), top=False))
        paint.flush()
    return [json.loads(text) for text in sent]


def views() -> list[dict[str, object]]:
    """The messages of embed views (the calculator, a replay, a lesson), as ``ViewPage``
    sends them through the same painter."""
    sent: list[str] = []
    game = replay.load((ROOT / "examples" / "example-game.json").read_text())
    for state, frame, shell in ((Calculator(), calculator_render.frame, calculator_render.shell),
                                (replay.start(game, 3, False), replay.frame, replay.shell),
                                (lesson.start("aqueducts"), lesson.frame, lesson.shell)):
        paint = Painter("#app", sent.append)
        paint.mount(shell(state))
        shown = frame(state)
        paint.set(shown.regions, kept=())
        paint.attributes(shown.attributes)
        paint.mark(shown.mark)
        paint.focus(("[data-cell]",))
        paint.flush()
    return [json.loads(text) for text in sent]


def tables() -> list[tuple[UiState, str]]:
    game, _ = model.reduce(UiState(), model.Begin(Session.new(TRIO, 5, False), "s1"))
    handing = handed_over(game)
    guided, _ = model.reduce(UiState(), model.Begin(FIRST_GAME.fresh(), None,
                                                    tutorial=Tutorial(FIRST_GAME.key)))
    helped, _ = model.reduce(guided, model.Panel("help", True))
    filtered, _ = model.reduce(helped, model.RulesFilter("aqueduct"))
    listed = UiState(form=form_for(TRIO, True, "Saved games could not be read.", ()),
                     worker=WorkerReport("AI worker: ready", True, 23))
    return [(game, "table"), (handing, ""), (guided, "table"), (filtered, ""),
            (listed, "form")]


def handed_over(ui: UiState) -> UiState:
    """``ui`` played on (each human's first sensible move) until the screen passes from one
    human to the other."""
    for _ in range(40):
        if ui.mode is model.Mode.HANDOVER:
            return ui
        assert ui.session is not None and ui.mode is model.Mode.HUMAN, ui.mode
        ui, _ = model.reduce(ui, model.Act(rome.sensible_actions(ui.session.state)[0]))
    raise AssertionError("no hand-over in 40 moves")


def checked(messages: list[object]) -> list[str]:
    assert NODE is not None, "make setup installs Node (scripts/vendor.py needs it too)"
    out = subprocess.run([NODE, "-e", CHECK, str(PAINTER)], input=json.dumps(messages),
                         capture_output=True, text=True, timeout=60, check=True)
    answers: list[str] = json.loads(out.stdout)
    return answers


def test_every_message_the_python_half_sends_is_one_the_painter_takes() -> None:
    messages = painted(tables()) + views()
    kinds = {key for m in messages for key in m}
    assert kinds == {"mount", "theme", "screen", "containers", "table", "hotseat", "hidden",
                     "help", "worker", "target", "travel", "focus", "attributes"}
    marked = [m["target"] for m in messages if m.get("target")]
    assert marked and all(t["selector"] for t in marked)  # the guided game's mark
    assert any(m.get("table", {}).get("waiting") == "handover" for m in messages)
    assert checked(messages) == [""] * len(messages)


def test_a_message_sends_only_what_changed() -> None:
    game, _ = model.reduce(UiState(), model.Begin(Session.new(TRIO, 5, False), "s1"))
    sent: list[str] = []
    paint = TablePainter("#app", sent.append)
    paint.table()
    paint.render(game)
    paint.flush()
    paint.render(game)
    paint.flush()
    first, second = (json.loads(text) for text in sent)
    assert "status" in first["containers"] and "containers" not in second
    paint.flush()
    assert len(sent) == 2  # nothing changed, nothing sent


WRONG: list[tuple[object, str]] = [
    ([], "must be an object"),
    (None, "must be an object"),
    ({"script": "alert(1)"}, 'no key "script"'),
    ({"containers": {"status": 5}}, '"containers"'),
    ({"containers": ["<b>"]}, '"containers"'),
    ({"hidden": {"notice": "yes"}}, '"hidden"'),
    ({"theme": "neon"}, '"theme"'),
    ({"table": {"phase": "action"}}, '"table"'),
    ({"mount": {"root": "#app", "html": "", "compact": False, "extra": 1}}, '"mount"'),
    ({"target": {"selector": "#x", "tab": ""}}, '"target"'),
    ({"travel": [{"card": "#a", "source": "#b", "ms": 1.5}]}, '"travel"'),
    ({"focus": {"selectors": "#prompt", "top": False}}, '"focus"'),
    ({"worker": {"words": "", "error": "", "legalCount": "23", "ready": True}}, '"worker"'),
]


@pytest.mark.parametrize(("message", "said"), WRONG)
def test_the_painter_refuses_a_message_of_another_shape(message: object, said: str) -> None:
    (answer,) = checked([message])
    assert said in answer
