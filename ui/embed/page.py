"""``embed.html``'s views on the page: render them into ``#app`` and wire their controls.

Why one delegated listener per event type: each view re-renders parts of itself after
every change, so handlers on the root survive the re-rendering.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy

from rome import ScoreInputError
from rome.citycode import decode
from ui.embed import calculator, links, replay, scorecard
from ui.embed.params import EmbedParams
from ui.render.markup import esc, present

_proxies: list[Any] = []  # kept alive for as long as the page lives


def _listen(target: Any, event: str, handler: Any) -> None:
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    target.addEventListener(event, proxy)


def _closest(event: Any, selector: str) -> Any:
    target = event.target
    found = target.closest(selector) if present(target) and hasattr(target, "closest") else None
    return found if present(found) else None


def _app() -> Any:
    return document.getElementById("app")


# -- calculator --------------------------------------------------------------------------
class CalculatorPage:
    def __init__(self, params: EmbedParams) -> None:
        self.notice = ""
        try:
            self.calc = calculator.Calculator.from_code(params.code) if params.code \
                else calculator.Calculator()
        except ScoreInputError as exc:
            self.calc = calculator.Calculator()
            self.notice = f"The city in the address could not be read: {exc}."
        self.link = ""

    def mount(self) -> None:
        root = _app()
        notice = f'<p class="notice" role="status">{esc(self.notice)}</p>' if self.notice else ""
        root.innerHTML = notice + calculator.render(self.calc)
        _listen(root, "click", self.on_click)
        _listen(root, "input", self.on_input)

    def refresh(self, *, catalogue: bool = False, resources: bool = False) -> None:
        c = self.calc
        document.getElementById("calc-grid").innerHTML = calculator.grid_html(
            c.kinds, c.points, selected=c.selected)
        document.getElementById("calc-selection").innerHTML = calculator.selection_html(c)
        document.getElementById("calc-score").innerHTML = calculator.render_score(c)
        document.getElementById("calc-share").innerHTML = calculator.share_html(self.link)
        if resources:
            document.getElementById("calc-resources").innerHTML = calculator.resources_html(c)
        if catalogue:
            document.getElementById("calc-catalogue").innerHTML = calculator.catalogue_html(
                c.query)

    def on_click(self, event: Any) -> None:
        c = self.calc
        cell = _closest(event, "[data-cell]")
        card = _closest(event, "[data-card]")
        infl = _closest(event, "[data-influence-card]")
        do = _closest(event, "[data-do]")
        resources = False
        if cell is not None:
            r, col = (int(x) for x in str(cell.dataset.cell).split(","))
            c.select((r, col))
        elif card is not None:
            c.place(str(card.dataset.card))
        elif infl is not None:
            c.toggle_card(int(infl.dataset.influenceCard))
            resources = True
        elif do is not None:
            resources = self.command(str(do.getAttribute("data-do")))
        else:
            return
        if not (do is not None and str(do.getAttribute("data-do")) == "share"):
            self.link = ""
        self.refresh(resources=resources)
        if cell is not None:
            focus = document.querySelector(f'[data-cell="{cell.dataset.cell}"]')
            if present(focus):
                focus.focus()

    def command(self, name: str) -> bool:
        """A ``data-do`` button; returns whether the resource inputs must be redrawn."""
        c = self.calc
        if name in ("tokens+", "tokens-"):
            c.add_tokens(1 if name.endswith("+") else -1)
        elif name.startswith(("coins", "influence_tokens")):
            field = name[:-1]
            c.set_number(field, getattr(c, field) + (1 if name.endswith("+") else -1))
            return True
        elif name == "remove":
            c.remove()
        elif name == "clear":
            c.clear()
            return True
        elif name == "share":
            code = c.code()
            self.link = links.city_link(str(window.location.href), code) if code else ""
        return False

    def on_input(self, event: Any) -> None:
        target = event.target
        if target.matches("[data-catalogue-search]"):
            self.calc.query = str(target.value)
            document.getElementById("calc-catalogue").innerHTML = calculator.catalogue_html(
                self.calc.query)
            return
        if target.matches("[data-input]"):
            text = str(target.value).strip()
            self.calc.set_number(str(target.dataset.input), int(text) if text.isdigit() else 0)
            self.link = ""
            self.refresh()


# -- city view ---------------------------------------------------------------------------
def mount_city(params: EmbedParams) -> None:
    """The city of ``code=``, read-only, with its score (or why it cannot be scored)."""
    try:
        result = scorecard.score(decode(params.code))
    except ScoreInputError as exc:
        result = scorecard.Scored(None, None, f"the city code: {exc}")
    city = result.city
    if city is None:
        _app().innerHTML = f'<div class="embed-city">{scorecard.render(result)}</div>'
        return
    grid = calculator.grid_html(city.kinds, city.points, editable=False)
    link = links.city_link(str(window.location.href), params.code, view="calculator")
    _app().innerHTML = (
        f'<div class="embed-city"><section class="calc-city" aria-label="The city">{grid}'
        f'<p class="res">{city.coins} coins · {city.influence_tokens} influence tokens · '
        f'influence cards: {", ".join(map(str, city.influence_cards)) or "none"}</p></section>'
        f'<section class="calc-side" aria-label="Score">{scorecard.render(result)}'
        f'<p><a class="btn" href="{esc(link)}">Try it in the calculator</a></p></section></div>')


# -- replay ------------------------------------------------------------------------------
class ReplayPage:
    def __init__(self, game: replay.Replay, params: EmbedParams) -> None:
        self.game = game
        self.open_hands = params.open_hands
        self.step = min(params.step or 0, game.last)

    def mount(self) -> None:
        root = _app()
        root.innerHTML = (f'<div class="embed-replay" id="replay" data-step="{self.step}" '
                          f'tabindex="-1">{replay.controls_html()}<div id="replay-body"></div>'
                          "</div>")
        self.show(self.step)
        _listen(root, "click", self.on_click)
        _listen(document, "keydown", self.on_key)

    def show(self, step: int) -> None:
        self.step = max(0, min(step, self.game.last))
        document.getElementById("replay").dataset.step = str(self.step)
        document.getElementById("replay-body").innerHTML = replay.render_step(
            self.game, self.step, self.open_hands)
        for key, disabled in (("start", self.step == 0), ("back", self.step == 0),
                              ("forward", self.step == self.game.last),
                              ("end", self.step == self.game.last)):
            button = document.querySelector(f'[data-replay="{key}"]')
            button.setAttribute("aria-disabled", str(disabled).lower())

    def go(self, key: str) -> None:
        target = {"start": 0, "back": self.step - 1, "forward": self.step + 1,
                  "end": self.game.last}[key]
        self.show(target)

    def on_click(self, event: Any) -> None:
        button = _closest(event, "[data-replay]")
        if button is not None:
            self.go(str(button.dataset.replay))

    def on_key(self, event: Any) -> None:
        keys = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "start", "End": "end"}
        key = keys.get(str(event.key))
        target = event.target
        typing = present(target) and str(getattr(target, "tagName", "")) in ("INPUT", "SELECT")
        if key and not typing and not event.altKey and not event.ctrlKey and not event.metaKey:
            event.preventDefault()
            self.go(key)


def show_problem(title: str, message: str) -> None:
    """A view that cannot be shown still starts: it explains why, readably."""
    _app().innerHTML = (f'<div class="embed-problem" role="alert"><h2>{esc(title)}</h2>'
                        f"<p>{esc(message)}</p></div>")
