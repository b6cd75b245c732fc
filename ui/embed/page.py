"""``embed.html``'s views on the page: input becomes events, each event one render.

Why one runner for every view: a view is a frozen state, a pure reducer and a pure frame
(``ui.embed.view``); :class:`ViewPage` dispatches an event, has the page's painter write
the containers and attributes that changed, then runs the effects. Input comes from the
page's input half (``assets/input.js``, ``romeInput.listenView``) as plain messages, which
each view's ``event_for`` turns into its events; its listeners are delegated to the root,
so they survive the rewriting.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

from rome import ScoreInputError
from ui.address import EmbedAddress
from ui.embed import calculator, calculator_render, city, replay
from ui.embed.view import Effect, Focus, Frame, Keep, ViewInput, ViewInputError, read_input
from ui.shell import current
from ui.shell.paint import Painter
from ui.words.markup import esc

if TYPE_CHECKING:
    from ui.model.events import Event
    from ui.model.state import UiState

S = TypeVar("S")
E = TypeVar("E")


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

    def listen(self, translate: Callable[[ViewInput], E | None], clicks: tuple[str, ...],
               fields: tuple[str, ...] = (), keys: tuple[str, ...] = ()) -> None:
        """Receive the page's input half's messages (``romeInput.listenView``) for the
        attributes, fields and keys given, each dispatched as the event ``translate``
        says; one receiver, kept for the page's life."""

        def respond(text: str) -> None:
            event = translate(read_input(text))
            if event is not None:
                self.dispatch(event)

        def receive(text: str) -> None:
            self._paint.answer(lambda: respond(str(text)), ViewInputError)

        current.link().listen_view("#app", receive, {
            "attributes": list(clicks), "fields": list(fields), "keys": list(keys)})

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
    return Painter("#app", current.link().paint)


def show(html: str) -> None:
    """A view drawn once (a city, a problem)."""
    paint = painter()
    paint.mount(html)
    paint.flush()


# -- calculator ----------------------------------------------------------------------------
def mount_calculator(params: EmbedAddress) -> ViewPage[calculator.Calculator, calculator.Event]:
    """The calculator, from the address's city code if it has one (else empty)."""
    try:
        calc = calculator.Calculator.from_code(params.code) if params.code \
            else calculator.Calculator()
    except ScoreInputError as exc:
        calc = calculator.Calculator(notice=f"The city in the address could not be read: {exc}.")
    view = ViewPage(calc, calculator.reduce, calculator_render.frame, calculator_render.shell)
    href = current.link().address
    view.listen(lambda message: calculator.event_for(message, href), calculator.CLICKS,
                calculator.FIELDS)
    return view


# -- city view ---------------------------------------------------------------------------
def mount_city(params: EmbedAddress) -> None:
    """The city of ``code=``, read-only: one render, no events."""
    show(city.render(params.code, current.link().address))


# -- replay ------------------------------------------------------------------------------
def mount_replay(game: replay.Replay, params: EmbedAddress) -> ViewPage[replay.Viewer, replay.Go]:
    """The replay at the address's step; controls and arrow keys move it."""
    view = ViewPage(replay.start(game, params.step, params.open_hands), replay.reduce,
                    replay.frame, replay.shell)
    view.listen(replay.event_for, replay.CLICKS, keys=tuple(replay.KEYS))
    return view


# -- lesson --------------------------------------------------------------------------------
def mount_lesson(topic: str) -> ViewPage[UiState, Event]:
    """The lesson of ``topic``, reduced by the table's reducer. The table's model is
    imported here, so the other views do not load it."""
    from ui.embed import lesson

    view: ViewPage[UiState, Event] = ViewPage(lesson.start(topic), lesson.reduce_lesson,
                                              lesson.frame, lesson.shell)
    view.listen(lesson.event_for, lesson.CLICKS)
    return view


def show_problem(title: str, message: str) -> None:
    """A view that cannot be shown still starts: it explains why, readably."""
    show(f'<div class="embed-problem" role="alert"><h2>{esc(title)}</h2>'
         f"<p>{esc(message)}</p></div>")
