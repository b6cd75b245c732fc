"""Embeds on a host page of another origin that uses the README's snippet verbatim, and
embeds given hostile addresses (issue 32).

Why two shared host pages per module: every frame boots its own Python (tens of seconds
on the 2-core machine), so each host page holds all the frames its tests look at and
boots them once, a few at a time. The site is served from a sub-folder (``/rome/``) with a valid
record *outside* it (``/secret.json``), so a ``src=`` that escaped the folder of
``embed.html`` would show up twice: as a request outside ``/rome/`` and as a replay.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from conftest import ROOT, PageErrors, watch_errors
from embedhost import TwoOriginGuard, _origin, frame_of, readme_host_snippet
from playwright.sync_api import Browser, BrowserContext, Frame, Page, Route
from playwright.sync_api import Error as PlaywrightError

from scripts.serve import start_server

BOOT_MS = 150_000
BATCH = 4  # frames booting at once (each its own Python; the page gives up after 120 s)
EXAMPLE = "examples/example-game.json"
RECORD = json.loads((ROOT / EXAMPLE).read_text(encoding="utf-8"))


def q(text: str) -> str:
    return quote(text, safe="")


VIEWS = {
    "calculator": ("embed.html?view=calculator", 640),
    "city": ("embed.html?view=city&code=1.8D69J55H2LH45BR7K.9.3.1", 640),
    "replay": (f"embed.html?view=replay&src={EXAMPLE}&step=20", 640),
    "game": ("embed.html?view=game&compact=1&save=hostile&seats=human,random&seed=5&pace=0",
             600),
    "index": ("index.html?seats=human,random&seed=5&pace=0", 640),
}

DEEP = "[" * 5000 + "]" * 5000
SHRINE_FALSE = json.dumps({**RECORD, "shrine": "false"})
HOSTILE = {
    # id: (address, words the sentence on screen must hold)
    "bad-embed": ("embed.html?view=atlas&theme=pink&compact=yes&open=2&save=" + "s" * 80
                  + "&step=" + "9" * 5000, ["view=", "theme=", "compact=", "open=", "save=",
                                           "step="]),
    "bad-step": (f"embed.html?view=replay&src={EXAMPLE}&step=%C2%B2", ["step="]),
    "bad-city": ("embed.html?view=city&code=" + q("1.ZZ.<b>.9.9"), ["city code"]),
    "long-code": ("embed.html?view=city&code=" + "1" * 500, ["code="]),
    "deep-record": ("embed.html?view=replay&record=" + q(DEEP), ["nested too deeply"]),
    "shrine-false": ("embed.html?view=replay&record=" + q(SHRINE_FALSE),
                     ["record's shrine must be true or false"]),
    "not-json-record": ("embed.html?view=replay&record=" + q("{players: 2"), ["not JSON"]),
    "bad-game": ("embed.html?view=game&compact=1&seats=human,wizard&seed=%C2%B2&pace=fastest",
                 ["seats=", "seed="]),
    "src-double-encoded": ("embed.html?view=replay&src=" + q("%252e%252e/secret.json"),
                           ["src="]),
    "src-encoded-dots": ("embed.html?view=replay&src=" + q("%2e%2e/secret.json"), ["src="]),
    "src-backslash": ("embed.html?view=replay&src=" + q("..\\secret.json"), ["src="]),
    "src-space": ("embed.html?view=replay&src=" + q(" ../secret.json"), ["src="]),
    "src-tab": ("embed.html?view=replay&src=" + q(".\t./secret.json"), ["src="]),
    "src-foreign": ("embed.html?view=replay&src=" + q("//evil.example/secret.json"), ["src="]),
    "src-scheme": ("embed.html?view=replay&src=" + q("http://evil.example/x.json"), ["src="]),
    "src-missing": ("embed.html?view=replay&src=examples/missing.json", ["not found"]),
    "src-not-json": ("embed.html?view=replay&src=examples/not-json.json", ["not JSON"]),
    "src-too-large": ("embed.html?view=replay&src=examples/too-large.json", ["too large"]),
}
TRACEBACK_WORDS = ("Traceback", "File \"", "Error:", "line ", "pyodide", "PythonError")


@dataclass
class Hosted:
    """One host page of frames, booted once for the module."""

    page: Page
    site: str  # the site's folder URL: http://127.0.0.1:P/rome/
    requests: list[str]
    errors: PageErrors
    guard: TwoOriginGuard
    heights: dict[str, list[float]] = field(default_factory=dict)

    def frame(self, frame_id: str) -> Frame:
        return frame_of(self.page, frame_id)

    def shown(self, frame_id: str) -> Frame:
        """The frame scrolled into the host's view first: Chromium passes a new size to a
        cross-origin frame out of view only once it is seen (its ``innerHeight`` stayed
        150 px in a 510 px iframe below the fold), as a reader would."""
        self.page.locator(f"iframe#{frame_id}").scroll_into_view_if_needed()
        return self.frame(frame_id)


def _fulfil_fakes(route: Route) -> None:
    """Two record files the repository does not hold: not JSON, and too large."""
    name = urlsplit(route.request.url).path.rsplit("/", 1)[-1]
    body = "this is not JSON" if name == "not-json.json" else "[" + "1," * 200_000 + "1]"
    route.fulfill(status=200, body=body, content_type="application/json",
                  headers={"Access-Control-Allow-Origin": "*"})


def host_page() -> str:
    """The host page; its frames are added by :func:`_boot`, a few at a time. It records
    its own scrolling (``scrolls``)."""
    return ("<!doctype html><html><head><meta charset='utf-8'>"
            "<link rel='icon' href='data:,'><title>A rules site</title><script>"
            "window.scrolls = []; addEventListener('scroll', () => scrolls.push(scrollY));"
            "</script></head><body>"
            f"<h1>A rules site</h1>\n{readme_host_snippet()}</body></html>")


ADD_FRAME = """([id, src, width]) => {
  const frame = document.createElement('iframe');
  Object.assign(frame, {id, src, width, height: 150, title: id});
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.style.cssText = 'border: 0; display: block';
  document.body.append(frame);
}"""


@dataclass
class Served:
    site: str  # the site's folder URL
    host: str  # the host origin's root URL
    host_dir: Path  # where host pages are written


@pytest.fixture(scope="module")
def served(site_url: str) -> Iterator[Served]:
    """The site under ``/rome/`` with a record outside it, and a host origin.
    (``site_url`` rebuilds the app zip first.)"""
    site_root = Path(tempfile.mkdtemp(prefix="rome-site-"))
    (site_root / "rome").symlink_to(ROOT, target_is_directory=True)
    (site_root / "secret.json").write_text(json.dumps(RECORD), encoding="utf-8")
    site = start_server(site_root)
    host_dir = Path(tempfile.mkdtemp(prefix="rome-host-"))
    host = start_server(host_dir)
    yield Served(f"http://127.0.0.1:{site.server_address[1]}/rome/",
                 f"http://127.0.0.1:{host.server_address[1]}/", host_dir)
    for server in (site, host):
        server.shutdown()
        server.server_close()


def _boot(browser: Browser, served: Served, name: str,
          frames: dict[str, tuple[str, int]]) -> Iterator[Hosted]:
    site, host = served.site, served.host
    context: BrowserContext = browser.new_context(bypass_csp=False,
                                                  viewport={"width": 900, "height": 800})
    guard = TwoOriginGuard((_origin(site), _origin(host)), [])
    requests: list[str] = []
    context.route("**/*", guard.on_route)
    context.route("**/examples/not-json.json", _fulfil_fakes)
    context.route("**/examples/too-large.json", _fulfil_fakes)
    context.on("request", lambda request: requests.append(request.url))
    context.on("request", guard.on_request)
    page = context.new_page()
    errors = watch_errors(page)
    (served.host_dir / name).write_text(host_page(), encoding="utf-8")
    page.goto(host + name)
    hosted = Hosted(page, site, requests, errors, guard)
    ids = list(frames)
    for start in range(0, len(ids), BATCH):  # a few at a time: each boots its own Python
        batch = ids[start:start + BATCH]
        for frame_id in batch:
            path, width = frames[frame_id]
            page.evaluate(ADD_FRAME, [frame_id, site + path, width])
        for frame_id in batch:
            frame = hosted.frame(frame_id)
            try:
                frame.wait_for_function(
                    "document.documentElement.dataset.ready === 'true' || "
                    "document.documentElement.dataset.error !== undefined", timeout=BOOT_MS,
                    polling=250)  # not rAF: Chromium pauses it in frames scrolled out of view
            except PlaywrightError:
                pytest.fail(f"{frame_id} did not start ({frame.url[:200]}): "
                            + str(frame.evaluate("document.body.innerText"))[:600])
    yield hosted
    context.close()


@pytest.fixture(scope="module")
def views(browser: Browser, served: Served) -> Iterator[Hosted]:
    yield from _boot(browser, served, "views.html", VIEWS)


@pytest.fixture(scope="module")
def hostile(browser: Browser, served: Served) -> Iterator[Hosted]:
    yield from _boot(browser, served, "hostile.html",
                     {fid: (path, 640) for fid, (path, _words) in HOSTILE.items()})


# -- heights and widths ---------------------------------------------------------------------
def frame_height(hosted: Hosted, frame_id: str) -> float:
    return float(hosted.page.locator(f"iframe#{frame_id}").evaluate(
        "f => f.getBoundingClientRect().height"))


def settled_height(hosted: Hosted, frame_id: str, seconds: float = 3.0) -> float:
    """The frame's height once it stays equal for ``seconds`` (fails after 30 s)."""
    deadline = time.monotonic() + 30
    while True:
        samples = []
        for _ in range(4):
            samples.append(frame_height(hosted, frame_id))
            time.sleep(seconds / 3)
        if len(set(samples)) == 1:
            return samples[0]
        assert time.monotonic() < deadline, f"{frame_id} keeps changing height: {samples}"


CONTENT_JS = """() => {
  let bottom = 0;
  for (const child of document.body.children) {
    if (child.hidden || child.tagName === 'SCRIPT') continue;
    const r = child.getBoundingClientRect();
    const margin = parseFloat(getComputedStyle(child).marginBottom);
    bottom = Math.max(bottom, r.bottom + scrollY + margin);
  }
  const root = document.documentElement;
  return {bottom, inner: innerHeight, scroll: root.scrollHeight, width: root.scrollWidth,
          client: root.clientWidth};
}"""


def test_no_view_scrolls_the_host_while_it_starts(views: Hosted) -> None:
    """The game gives its player the keyboard at their turn (seed 5: at once); in a frame
    the reader has not entered, that focus would scroll the host page to the frame."""
    assert views.page.evaluate("scrolls") == []


@pytest.mark.parametrize("view", list(VIEWS))
def test_each_view_settles_at_its_content_height(views: Hosted, view: str) -> None:
    frame = views.shown(view)
    assert frame.evaluate("document.documentElement.dataset.error") is None
    height = settled_height(views, view)
    measured = frame.evaluate(CONTENT_JS)
    assert height == measured["inner"]
    assert 150 < height < 2500, height  # grown to its content, and not without end
    assert abs(measured["bottom"] - height) <= 2, measured  # the content fills the frame
    assert measured["scroll"] <= height + 1, measured  # and nothing scrolls inside it


def test_the_compact_game_shows_its_board_inside_600_by_500(views: Hosted) -> None:
    frame = views.shown("game")
    frame.wait_for_selector("[data-action]", timeout=60_000)
    assert frame.evaluate("innerWidth") == 600
    assert settled_height(views, "game") <= 500
    board = frame.evaluate("""() => { const b = document.querySelector('.board');
        const r = b.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
                scroll: b.scrollHeight, client: b.clientHeight}; }""")
    assert board["left"] >= 0 and board["top"] >= 0, board
    assert board["right"] <= 600 and board["bottom"] <= 500, board
    assert board["scroll"] <= board["client"] + 1, board  # the whole board, unscrolled


@pytest.mark.parametrize("width", [320, 390])
def test_no_view_scrolls_sideways_in_a_narrow_frame(views: Hosted, width: int) -> None:
    for view in VIEWS:
        views.page.locator(f"iframe#{view}").evaluate(f"f => {{ f.width = {width}; }}")
    wide = {}
    for view in VIEWS:
        frame = views.shown(view)
        frame.wait_for_function(f"innerWidth === {width}", polling=250)
        settled_height(views, view, seconds=1.5)
        measured = frame.evaluate(CONTENT_JS)
        if measured["width"] > measured["client"]:
            wide[view] = measured["width"] - measured["client"]
    assert not wide, f"pixels of sideways overflow at {width} px: {wide}"


def test_the_views_page_saw_no_error(views: Hosted) -> None:
    assert not views.errors.messages, "\n".join(views.errors.messages)
    assert not views.guard.foreign, views.guard.foreign


# -- hostile addresses ----------------------------------------------------------------------
@pytest.mark.parametrize("frame_id", list(HOSTILE))
def test_a_bad_parameter_is_a_sentence_not_a_traceback(hostile: Hosted, frame_id: str) -> None:
    frame = hostile.frame(frame_id)
    assert frame.evaluate("document.documentElement.dataset.error") is None, \
        frame.evaluate("document.documentElement.dataset.error")
    text = frame.evaluate("document.body.innerText")
    for words in HOSTILE[frame_id][1]:
        assert words in text, f"{frame_id}: {words!r} not said in {text[:600]!r}"
    for words in TRACEBACK_WORDS:
        assert words not in text, f"{frame_id} shows {words!r}: {text[:600]!r}"
    # The rest of the page stays usable: the view is there, or its explanation.
    assert frame.locator("#app").is_visible()


def test_shrine_false_is_not_read_as_true(hostile: Hosted) -> None:
    frame = hostile.frame("shrine-false")
    assert frame.locator("[data-step]").count() == 0  # refused, not replayed


def test_no_src_request_leaves_the_folder_of_embed_html(hostile: Hosted) -> None:
    site_origin = _origin(hostile.site)
    folder = urlsplit(hostile.site).path
    outside = [url for url in hostile.requests
               if _origin(url) == site_origin and not urlsplit(url).path.startswith(folder)]
    assert not outside, outside
    assert not hostile.guard.foreign, hostile.guard.foreign
    for frame_id in HOSTILE:
        if frame_id.startswith("src-"):
            assert hostile.frame(frame_id).locator("[data-step]").count() == 0, frame_id

