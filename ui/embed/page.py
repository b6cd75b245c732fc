"""``embed.html``'s views on the page: input becomes events, each event one render.

Why one runner for every view: a view is a frozen state, a pure reducer and a pure frame
(``ui.embed.view``); :class:`ViewPage` dispatches an event, writes the containers whose
markup changed and the attributes whose value changed, then runs the effects. Listeners
are delegated to the root, so they survive the rewriting.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

from pyscript import document, window
from pyscript.ffi import create_proxy

import rome
from rome import ScoreInputError
from ui.address import EmbedAddress
from ui.embed import calculator, calculator_render, city, replay
from ui.embed.view import Effect, Focus, Frame, Keep
from ui.shell.paint import Painter
from ui.words.markup import esc, present

if TYPE_CHECKING:
    from pyodide.ffi import JsProxy

    from ui.model.events import Event
    from ui.model.state import UiState

S = TypeVar("S")
E = TypeVar("E")
_proxies: list[JsProxy] = []  # kept alive for as long as the page lives


def _listen(target: JsProxy, event: str, handler: Callable[[JsProxy], None]) -> None:
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    target.addEventListener(event, proxy)


def _closest(event: JsProxy, selector: str) -> JsProxy | None:
    target = event.target
    found = target.closest(selector) if present(target) and hasattr(target, "closest") else None
    return found if present(found) else None


def _app() -> JsProxy:
    app: JsProxy = document.getElementById("app")
    return app


class ViewPage(Generic[S, E]):
    """Runs one view: holds its state, reduces events, has the page's painter draw what
    changed (``ui.shell.paint``, the table's too), runs effects."""

    def __init__(self, state: S, reduce: Callable[[S, E], tuple[S, tuple[Effect, ...]]],
                 frame: Callable[[S], Frame], shell: Callable[[S], str]) -> None:
        self.state = state
        self._reduce, self._frame = reduce, frame
        self._paint = painter()
        self._paint.mount(shell(state))
        self._draw(self._frame(state), ())

    def dispatch(self, event: E) -> None:
        self.state, effects = self._reduce(self.state, event)
        self._draw(self._frame(self.state), effects)

    def _draw(self, frame: Frame, effects: tuple[Effect, ...]) -> None:
        self._paint.set(frame.regions, kept={e.region for e in effects if isinstance(e, Keep)})
        self._paint.attributes(frame.attributes)
        self._paint.mark(frame.mark)
        for effect in effects:
            if isinstance(effect, Focus):
                self._paint.focus((effect.selector,))
        self._paint.flush()


def painter() -> Painter:
    """The page's painter on ``#app``, the root of every embed view."""
    return Painter("#app", window.romePainter.paint)


def show(html: str) -> None:
    """A view drawn once (a city, a problem)."""
    paint = painter()
    paint.mount(html)
    paint.flush()


# -- calculator --------------------------------------------------------------------------
def mount_calculator(params: EmbedAddress) -> ViewPage[calculator.Calculator, calculator.Event]:
    """The calculator, from the address's city code if it has one (else empty)."""
    try:
        calc = calculator.Calculator.from_code(params.code) if params.code \
            else calculator.Calculator()
    except ScoreInputError as exc:
        calc = calculator.Calculator(notice=f"The city in the address could not be read: {exc}.")
    view = ViewPage(calc, calculator.reduce, calculator_render.frame, calculator_render.shell)
    root = _app()
    _listen(root, "click", lambda event: _calculator_click(view, event))
    _listen(root, "input", lambda event: _calculator_input(view, event))
    return view


def _calculator_click(view: ViewPage[calculator.Calculator, calculator.Event],
                       event: JsProxy) -> None:
    cell = _closest(event, "[data-cell]")
    card = _closest(event, "[data-card]")
    infl = _closest(event, "[data-influence-card]")
    do = _closest(event, "[data-do]")
    if cell is not None:
        r, col = (int(x) for x in str(cell.dataset.cell).split(","))
        view.dispatch(calculator.SelectCell((r, col)))
    elif card is not None:
        view.dispatch(calculator.Place(str(card.dataset.card)))
    elif infl is not None:
        view.dispatch(calculator.ToggleCard(int(infl.dataset.influenceCard)))
    elif do is not None and str(do.getAttribute("data-do")) == "share":
        view.dispatch(calculator.Share(str(window.location.href)))
    elif do is not None:
        view.dispatch(calculator.Do(str(do.getAttribute("data-do"))))


def _calculator_input(view: ViewPage[calculator.Calculator, calculator.Event],
                       event: JsProxy) -> None:
    target = event.target
    if target.matches("[data-catalogue-search]"):
        view.dispatch(calculator.Search(str(target.value)))
    elif target.matches("[data-input]"):
        text = str(target.value).strip()
        number = int(text[:6]) if text[:6].isascii() and text[:6].isdigit() else 0
        view.dispatch(calculator.SetNumber(str(target.dataset.input), number))


# -- city view ---------------------------------------------------------------------------
def mount_city(params: EmbedAddress) -> None:
    """The city of ``code=``, read-only: one render, no events."""
    show(city.render(params.code, str(window.location.href)))


# -- replay ------------------------------------------------------------------------------
REPLAY_KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "start", "End": "end"}


def mount_replay(game: replay.Replay, params: EmbedAddress) -> ViewPage[replay.Viewer, replay.Go]:
    """The replay at the address's step; controls and arrow keys move it."""
    view = ViewPage(replay.start(game, params.step, params.open_hands), replay.reduce,
                    replay.frame, replay.shell)
    _listen(_app(), "click", lambda event: _replay_click(view, event))
    _listen(document, "keydown", lambda event: _replay_key(view, event))
    return view


def _replay_click(view: ViewPage[replay.Viewer, replay.Go], event: JsProxy) -> None:
    button = _closest(event, "[data-replay]")
    if button is not None:
        view.dispatch(replay.Go(str(button.dataset.replay)))


def _replay_key(view: ViewPage[replay.Viewer, replay.Go], event: JsProxy) -> None:
    key = REPLAY_KEYS.get(str(event.key))
    target = event.target
    typing = present(target) and str(getattr(target, "tagName", "")) in ("INPUT", "SELECT")
    if key and not typing and not event.altKey and not event.ctrlKey and not event.metaKey:
        event.preventDefault()
        view.dispatch(replay.Go(key))


# -- lesson --------------------------------------------------------------------------------
def mount_lesson(topic: str) -> ViewPage[UiState, Event]:
    """The lesson of ``topic``: a click on a choice is the table's event (a card to build,
    a move), reduced by the table's reducer; buttons take Enter and Space themselves. The
    table's model is imported here, so the other views do not load it."""
    from ui.embed import lesson
    from ui.model import events

    view: ViewPage[UiState, Event] = ViewPage(lesson.start(topic), lesson.reduce_lesson,
                                              lesson.frame, lesson.shell)

    def click(event: JsProxy) -> None:
        chosen = _closest(event, "[data-action]")
        card = _closest(event, "[data-select]")
        if chosen is not None:
            view.dispatch(events.Act(rome.Action.parse(str(chosen.dataset.action))))
        elif card is not None:
            view.dispatch(events.Select(str(card.dataset.select)))

    _listen(_app(), "click", click)
    return view


def show_problem(title: str, message: str) -> None:
    """A view that cannot be shown still starts: it explains why, readably."""
    show(f'<div class="embed-problem" role="alert"><h2>{esc(title)}</h2>'
         f"<p>{esc(message)}</p></div>")
