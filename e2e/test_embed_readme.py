"""The README's embed snippets, pasted verbatim into a rules site's page of another origin
(issue 40): the frames hold their place while they load, the host's text barely moves,
nothing scrolls sideways, and the compact game draws its board and hints whole.

Why one load per width: each frame boots its own Python (tens of seconds on the 2-core
machine), so one host page holds every snippet, is sampled from its navigation until
every frame has settled, and the tests then read that record. The snippets are read from
README.md here, so the README cannot drift from what is tested; the only change made to
them is the site's address (``https://example.org/rome/`` becomes the local site's).
"""

from __future__ import annotations

import re
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import CUT_NAMES_JS, PageErrors, watch_errors
from embedhost import TwoOriginGuard, _origin, watch_heights_js
from playwright.sync_api import Browser, Frame, Page, expect
from playwright.sync_api import Error as PlaywrightError

from scripts.serve import start_server
from ui.worker.ai_client import BOOT_LIMIT_S

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "e2e" / "artifacts" / "embed"
README_SITE = "https://example.org/rome/"  # the site's address in the README's snippets
VIEWPORTS = {1280: 720, 320: 640}  # a laptop, and the narrowest phone
SAMPLE_MS = 100
QUIET_S = 3.0  # a frame has settled when its height stayed the same this long after ready
SETTLE_TIMEOUT_S = 240.0
FLOOR = 0.6  # no frame is ever shorter than this share of its settled height
CLS_BUDGET = 0.1  # the web's "good" cumulative layout shift
STANDS_MS = 2000  # a frame's first reported height stands at least this long

# Installed before any frame: the height of every frame every SAMPLE_MS, each layout shift
# of the host (PerformanceObserver, buffered), each height a frame reports, and each
# scroll of the host.
WATCH = f"""<script>
  window.samples = []; window.shifts = []; window.reports = []; window.scrolls = [];
  addEventListener("scroll", () => scrolls.push([performance.now(), scrollY]));
  new PerformanceObserver((list) => {{
    for (const e of list.getEntries()) if (!e.hadRecentInput) shifts.push([e.startTime, e.value,
      e.sources.map((s) => `${{s.node ? s.node.nodeName : "?"}} from y ${{s.previousRect.y}}` +
                           ` to y ${{s.currentRect.y}}`)]);
  }}).observe({{ type: "layout-shift", buffered: true }});
{watch_heights_js(SAMPLE_MS)}</script>"""


def readme_snippets() -> tuple[str, list[str]]:
    """The README's height script and its frame snippets, as written under Embedding."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Embedding"):]
    section = section[:section.index("\n## ")]
    blocks = re.findall(r"```html\n(.*?)```", section, re.S)
    script = [b for b in blocks if "<script>" in b]
    frames = [b for b in blocks if "<iframe" in b]
    assert len(script) == 1 and frames, "README's Embedding section lost its snippets"
    return script[0], frames


def host_html(site_url: str) -> str:
    """A rules site's article: prose around the README's snippets, its script at the end."""
    script, blocks = readme_snippets()
    body = "\n".join(f"<h2>Section {n}</h2>\n<p>Some prose about the game before the "
                     f"frames.</p>\n{block.replace(README_SITE, site_url)}\n<p>And after.</p>"
                     for n, block in enumerate(blocks, 1))
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<link rel='icon' href='data:,'><title>A rules site</title>{WATCH}</head>"
            "<body><h1>A rules site about The Great City of Rome</h1>"
            f"<p>Some prose about the game.</p>\n{body}\n{script}</body></html>")


def cls(shifts: list[list[float]]) -> float:
    """Cumulative layout shift as the web measures it: the largest session window (shifts
    less than 1 s apart, a window at most 5 s long)."""
    best = window = 0.0
    start = last = -1e9
    for at, value, *_where in shifts:
        if at - last >= 1000 or at - start >= 5000:
            start, window = at, 0.0
        window += value
        last = at
        best = max(best, window)
    return best


def nth_frame(page: Page, n: int) -> Frame:
    """The n-th frame of the host page (the snippets carry no id: that is the host's
    business)."""
    frame = page.locator("iframe").nth(n).element_handle().content_frame()
    assert frame is not None
    return frame


def wait_settled(page: Page, count: int) -> list[float]:
    """Every frame ready, its height reported and then unchanged for QUIET_S; the settled
    heights."""
    deadline = time.monotonic() + SETTLE_TIMEOUT_S
    quiet = round(QUIET_S * 1000 / SAMPLE_MS)
    while True:
        states = [nth_frame(page, n).evaluate(
            "document.documentElement.dataset.ready || document.documentElement.dataset.error"
            " || ''") for n in range(count)]
        assert time.monotonic() < deadline, f"not settled: {states}"
        samples = page.evaluate(f"samples.slice(-{quiet})")
        reported = set(page.evaluate("reports.map((r) => r[1])"))
        if all(s == "true" for s in states) and reported == set(range(count)) and len(
                samples) == quiet and all(s[1] == samples[-1][1] for s in samples):
            return [float(h) for h in samples[-1][1]]
        time.sleep(0.5)


@contextmanager
def whole_page_in_view(page: Page) -> Iterator[None]:
    """The viewport made as tall as the host page for a picture: Chromium does not paint
    cross-origin frames out of view."""
    size = page.viewport_size
    assert size is not None
    tall = int(page.evaluate("document.documentElement.scrollHeight"))
    page.set_viewport_size({"width": size["width"], "height": tall})
    time.sleep(1)
    yield
    page.set_viewport_size(size)


def wait_loading_screens(page: Page) -> None:
    """Until every frame shows its loading screen (its page parsed, its Python starting)."""
    deadline = time.monotonic() + 60
    count = page.locator("iframe").count()
    while True:
        try:
            shown = all(nth_frame(page, n).evaluate("!!document.getElementById('loading-bar')")
                        for n in range(count))
        except PlaywrightError:  # a frame still on its initial about:blank
            shown = False
        if shown:
            return
        assert time.monotonic() < deadline, "the frames' loading screens never showed"
        time.sleep(0.2)


@dataclass
class Loaded:
    """One host page loaded at one width, and what was recorded until it settled."""

    width: int
    page: Page
    urls: list[str]
    declared: list[float]
    settled: list[float]
    samples: list[Any]
    reports: list[Any]
    shifts: list[Any]
    scrolls: list[Any]
    errors: PageErrors
    guard: TwoOriginGuard


@pytest.fixture(scope="module", params=list(VIEWPORTS), ids=lambda w: f"{w}px")
def loaded(request: pytest.FixtureRequest, browser: Browser, site_url: str) -> Iterator[Loaded]:
    width: int = request.param
    folder = Path(tempfile.mkdtemp(prefix="rome-readme-host-"))
    (folder / "readme.html").write_text(host_html(site_url), encoding="utf-8")
    server = start_server(folder)
    host_url = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(bypass_csp=False,
                                  viewport={"width": width, "height": VIEWPORTS[width]})
    guard = TwoOriginGuard((_origin(site_url), _origin(host_url)), [])
    context.route("**/*", guard.on_route)
    context.on("request", guard.on_request)
    page = context.new_page()
    errors = watch_errors(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(host_url + "readme.html", wait_until="commit")
    wait_loading_screens(page)
    time.sleep(1)
    page.screenshot(path=str(SHOTS / f"host-page-while-loading-{width}.png"))
    urls = page.evaluate("[...document.querySelectorAll('iframe')].map((f) => f.src)")
    settled = wait_settled(page, len(urls))
    declared = page.evaluate(
        "[...document.querySelectorAll('iframe')].map((f) => Number(f.getAttribute('height')))")
    loaded = Loaded(width, page, urls, declared, settled, page.evaluate("samples"),
                    page.evaluate("reports"), page.evaluate("shifts"), page.evaluate("scrolls"),
                    errors, guard)
    with whole_page_in_view(page):
        page.screenshot(path=str(SHOTS / f"host-page-settled-{width}.png"))
    yield loaded
    context.close()
    server.shutdown()
    server.server_close()


def view_of(url: str) -> str:
    match = re.search(r"view=(\w+)", url)
    return match.group(1) if match else url


def test_no_frame_shrinks_below_its_settled_height_while_it_loads(loaded: Loaded) -> None:
    count = len(loaded.urls)
    lowest = [min(s[1][n] for s in loaded.samples if len(s[1]) > n) for n in range(count)]
    print(f"\n{loaded.width} px: " + "; ".join(
        f"{view_of(url)} declared {d:.0f}, lowest {lo:.0f}, settled {s:.0f} "
        f"({lo / s:.2f}x)" for url, d, lo, s in zip(loaded.urls, loaded.declared, lowest,
                                                     loaded.settled, strict=True))
        + f"; {len(loaded.samples)} samples")
    short = {view_of(url): (lo, s) for url, lo, s in zip(loaded.urls, lowest, loaded.settled,
                                                         strict=True) if lo < FLOOR * s}
    assert not short, f"frames below {FLOOR} x their settled height: {short}"
    # until a frame reports its drawn height, the host's declared one stands
    first = [min(t for t, n, _h in loaded.reports if n == i) for i in range(count)]
    early = {view_of(url): [h[n] for t, h in loaded.samples if t < first[n] and len(h) > n
                            and h[n] < d - 0.5]
             for n, (url, d) in enumerate(zip(loaded.urls, loaded.declared, strict=True))}
    assert not any(early.values()), f"heights under the declared one before a report: {early}"


def test_each_frame_reports_its_real_height_once(loaded: Loaded) -> None:
    """A frame's first height stands: no other one follows within STANDS_MS (before the
    settle rule, each frame reported its loading bar's 32 px, then its view's height)."""
    per_frame = [[(t, h) for t, n, h in loaded.reports if n == i] for i in range(len(loaded.urls))]
    print(f"\n{loaded.width} px: reports (ms, px) "
          f"{dict(zip(map(view_of, loaded.urls), per_frame, strict=True))}")
    assert all(per_frame), per_frame
    soon = {view_of(url): reports for url, reports in zip(loaded.urls, per_frame, strict=True)
            if any(t - reports[0][0] < STANDS_MS for t, _h in reports[1:])}
    assert not soon, soon


def test_the_host_text_barely_moves(loaded: Loaded) -> None:
    shift = cls(loaded.shifts)
    print(f"\n{loaded.width} px: CLS {shift:.4f} ({len(loaded.shifts)} shifts, "
          f"sum {sum(v for _t, v, *_where in loaded.shifts):.4f})")
    assert shift <= CLS_BUDGET, loaded.shifts


def test_no_frame_moves_the_reader(loaded: Loaded) -> None:
    """The host page stays where its reader left it: a frame that took the keyboard's
    focus (the game at its player's turn) would scroll the host to itself."""
    assert not loaded.scrolls, loaded.scrolls


def test_nothing_scrolls_sideways(loaded: Loaded) -> None:
    wide = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    assert loaded.page.evaluate(wide) == 0
    inside = {view_of(url): nth_frame(loaded.page, n).evaluate(wide)
              for n, url in enumerate(loaded.urls)}
    assert not any(inside.values()), inside


# Each part must be whole: nothing scrolls inside it, and no box around it cuts it.
CLIPPED_JS = """(element) => {
  const cut = [];
  const box = element.getBoundingClientRect();
  if (element.scrollWidth > element.clientWidth + 1 ||
      element.scrollHeight > element.clientHeight + 1)
    cut.push(`scrolls inside: ${element.scrollWidth}x${element.scrollHeight} in ` +
             `${element.clientWidth}x${element.clientHeight}`);
  for (let up = element.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const around = up.getBoundingClientRect();
    if (box.left < around.left - 1 || box.right > around.right + 1 ||
        box.top < around.top - 1 || box.bottom > around.bottom + 1)
      cut.push(`cut by ${up.tagName}.${up.className}`);
  }
  if (box.left < 0 || box.right > innerWidth + 1) cut.push('beyond the frame');
  return cut;
}"""


def test_the_compact_game_draws_strip_offer_and_hints_whole(loaded: Loaded) -> None:
    page = loaded.page
    n = next(i for i, url in enumerate(loaded.urls) if "view=game" in url)
    frame = nth_frame(page, n)
    # The hint waits for the AI worker's first boot, which in a sandboxed frame has no
    # memory snapshot and here shares two cores with every other view's start: wait for it
    # (up to its own boot limit), so what is timed below is the hint, not the boot.
    frame.wait_for_function(
        "document.getElementById('worker-status')?.dataset.workerReady === 'true'",
        timeout=BOOT_LIMIT_S * 1000)
    frame.locator('[data-ui="hint"]').click(timeout=120_000)  # the human's turn
    frame.locator('#hint[data-hint-state="shown"]').wait_for(timeout=60_000)
    # The host's frame grows to the hints (frame-height.js, the README's script).
    deadline = time.monotonic() + 15
    while not frame.evaluate("document.documentElement.scrollHeight <= innerHeight"):
        assert time.monotonic() < deadline, "the frame did not grow to its hints"
        time.sleep(0.25)
    with whole_page_in_view(page):
        page.locator("iframe").nth(n).screenshot(
            path=str(SHOTS / f"compact-game-hints-{loaded.width}.png"))
    parts = (".strip", ".offer", "#hint")
    for part in parts:
        expect(frame.locator(part)).to_be_visible()
    cut = {part: frame.locator(part).evaluate(CLIPPED_JS) for part in parts}
    assert not any(cut.values()), cut
    names = frame.locator("#table").evaluate(CUT_NAMES_JS)
    assert names == [], f"names cut to less than their first letters: {names}"
    height = frame.evaluate("innerHeight")
    bottom = frame.evaluate("document.getElementById('hint').getBoundingClientRect().bottom")
    assert bottom <= height, (bottom, height)  # the host's frame shows it, unscrolled
    print(f"\n{loaded.width} px: the compact game {frame.evaluate('innerWidth')} px wide "
          f"grew to {height} px with the hints")


def test_the_sandboxed_game_says_it_keeps_no_saves(loaded: Loaded) -> None:
    """As the README says: every snippet is ``sandbox="allow-scripts"`` alone, and the
    game in it tells its player that it keeps nothing."""
    _script, blocks = readme_snippets()
    frames = re.findall(r"<iframe .*?</iframe>", "".join(blocks), re.S)
    assert all(re.findall(r'sandbox="([^"]*)"', f) == ["allow-scripts"] for f in frames)
    n = next(i for i, url in enumerate(loaded.urls) if "view=game" in url)
    expect(nth_frame(loaded.page, n).locator("#messages")).to_contain_text(
        "This embed cannot keep a game")


def test_the_host_page_saw_no_error(loaded: Loaded) -> None:
    assert not loaded.errors.messages, "\n".join(loaded.errors.messages)
    assert not loaded.guard.foreign, loaded.guard.foreign
