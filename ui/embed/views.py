"""``embed.html``'s views mounted from the address, by their Python in a worker
(``ui/worker_main.py``), through the link to the page (``ui.shell.current``).

The address is read once by :mod:`ui.address`; what it refused is said above the view,
which starts with its defaults. The replay may come from a JSON file in the folder of
the page (``src=``): the browser's own ``URL`` resolves it, :func:`ui.address.inside_folder`
checks the result, and it is fetched before the view is mounted so ``data-ready`` means
"the view is on screen".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import js

from ui import address
from ui.address import EmbedAddress
from ui.embed import calculator, page, replay
from ui.embed.calculator import Calculator
from ui.embed.page import ViewPage
from ui.shell import current
from ui.words.markup import esc
from ui.words.topics import TOPICS

if TYPE_CHECKING:  # the table's model is loaded by a lesson's frame only
    from ui.model.events import Event
    from ui.model.state import UiState

_view: (ViewPage[Calculator, calculator.Event] | ViewPage[replay.Viewer, replay.Go]
        | ViewPage[UiState, Event] | None) = None
LESSON_HELP = ("The address needs topic= with one of the lessons: " + ", ".join(TOPICS)
               + ".")


def _mount_replay(params: EmbedAddress, text: str, where: str) -> None:
    global _view
    try:
        game = replay.load(text)
    except replay.RecordError as exc:
        page.show_problem("This replay cannot be shown", f"{where} cannot be shown: {exc}.")
        return
    _view = page.mount_replay(game, params)


def setup(params: EmbedAddress, record_text: str = "", fetch_problem: str = "") -> None:
    """Mount the view the address asks for, after saying what the address got wrong."""
    global _view
    _say(params.problems)
    if params.view == "calculator":
        _view = page.mount_calculator(params)
    elif params.view == "city":
        page.mount_city(params)
    elif params.view == "replay":
        if fetch_problem:
            page.show_problem("This replay cannot be shown", fetch_problem)
        elif params.record:
            _mount_replay(params, params.record, "The address's record=")
        elif record_text:
            _mount_replay(params, record_text, f"The replay file {params.src}")
        else:
            page.show_problem("No game to replay",
                              "The address needs record=<JSON> or src=<file.json>.")
    elif params.view == "lesson" and params.topic:
        _view = page.mount_lesson(params.topic)
    elif params.view == "lesson":
        page.show_problem("No lesson to show", LESSON_HELP)
    elif params.view == "game":
        from ui.embed import game

        game.mount(params)


def _say(problems: tuple[str, ...]) -> None:
    """The refused parameters, one sentence each, above the view."""
    if not problems:
        return
    current.link().notes("".join(f"<p>{esc(text)}</p>" for text in problems))


async def fetch_record(src: str) -> tuple[str, str]:
    """The text of the record file ``src`` (already whitelisted), or why there is none."""
    here = current.link().address
    try:
        resolved = str(js.URL.new(src, here).href)
    except Exception:
        return "", str(address.refuse("src", "an address", src))
    if not address.inside_folder(resolved, here):
        return "", str(address.refuse("src", "a file in the folder of embed.html or below it",
                                      src))
    try:
        response = await js.fetch(resolved)
    except Exception:
        return "", f"The replay file {src} could not be reached."
    status = int(response.status)
    if status == 404:
        return "", f"The replay file {src} was not found."
    if not response.ok:
        return "", f"The replay file {src} could not be loaded (HTTP {status})."
    declared = str(response.headers.get("Content-Length") or "")
    if len(declared) > 12 or (declared.isascii() and declared.isdigit()
                              and int(declared) > address.MAX_RECORD_CHARS):
        return "", (f"The replay file {src} is too large to be a game ({declared} bytes, "
                    f"at most {address.MAX_RECORD_CHARS}).")
    return str(await response.text()), ""


