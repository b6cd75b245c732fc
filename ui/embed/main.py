"""``embed.html``'s entry point: read the address, mount one view, mark the page ready.

The replay may come from a JSON file next to the page (``src=``): that is fetched
before ``boot.start`` so ``data-ready`` means "the view is on screen".
"""

from __future__ import annotations

from pyscript import window

from ui.embed import page, replay
from ui.embed.params import EmbedParams, parse
from ui.shell import boot

_view: object = None


def _mount_replay(params: EmbedParams, text: str) -> None:
    global _view
    try:
        game = replay.load(text)
    except replay.RecordError as exc:
        page.show_problem("This replay cannot be shown", str(exc))
        return
    _view = page.mount_replay(game, params)


def setup(params: EmbedParams, record_text: str = "") -> None:
    """Mount the view the address asks for."""
    global _view
    if params.view == "calculator":
        _view = page.mount_calculator(params)
    elif params.view == "city":
        page.mount_city(params)
    elif params.view == "replay":
        if not (params.record or record_text):
            page.show_problem("No game to replay",
                              "The address needs record=<JSON> or src=<file.json>.")
        else:
            _mount_replay(params, params.record or record_text)
    elif params.view == "game":
        from ui.embed import game

        game.mount(params)


async def main() -> None:
    params = parse(str(window.location.search))
    record_text = ""
    if params.view == "replay" and params.src and not params.record:
        parts = params.src.split("/")
        if ":" in params.src or ".." in parts or not parts[0] or not params.src.endswith(".json"):
            boot.fail("src= names a .json file in the page's own folder (or below it)")
            return
        response = await window.fetch(params.src)
        if not response.ok:
            boot.fail(f"The replay file {params.src} could not be loaded ({response.status}).")
            return
        record_text = str(await response.text())
    boot.start(lambda: setup(params, record_text))


boot.background(main())
