"""The lessons as a rules site embeds them (issue 41): docs/embedding.md's snippet of every
lesson, pasted into a page of another origin with the README's height script, each frame
``sandbox="allow-scripts"``.

Why one host page for all: each frame boots its own Python; booting them side by side on
one page is the lean way (and what a rules page with several lessons does). The host
samples every frame's height every 100 ms from its navigation; each lesson is then
followed by clicking only ``[data-tutorial-target]`` until ``[data-tutorial-done]``, and
its record must show that it never reported a height below its declared one while it
loaded, and that after its end its height did not change. One lesson is first answered
with another legal choice, which must be explained; one is followed by keyboard (Enter on
the marked control). Screenshots (laptop and phone width)
go to ``e2e/artifacts/lessons/``.
"""

from __future__ import annotations

import re
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import DESKTOP, PHONE, PageErrors, answered, click, watch_errors
from embedhost import TwoOriginGuard, _origin, readme_host_snippet, watch_heights_js
from playwright.sync_api import Browser, Frame, Page, expect
from playwright.sync_api import Error as PlaywrightError
from table_checks import AXE

from scripts.serve import start_server

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "e2e" / "artifacts" / "lessons"
DOCS_SITE = "https://example.org/rome/"
SAMPLE_MS = 100
AFTER_DONE_S = 1.5  # how long the height is watched after a lesson's end
READY_TIMEOUT_S = 150.0
WATCH = f"""<script>
  window.samples = []; window.reports = [];{watch_heights_js(SAMPLE_MS)}</script>"""


def lesson_snippets() -> list[str]:
    """docs/embedding.md's lesson snippets, as written there."""
    text = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")
    section = text[text.index("### Lessons (`view=lesson`)"):]
    section = section[:section.index("\n## ")]
    frames = re.findall(r"<iframe .*?</iframe>", section, re.S)
    assert frames, "docs/embedding.md lost its lesson snippets"
    return frames


@dataclass
class Host:
    page: Page
    topics: list[str]
    declared: list[float]
    errors: PageErrors
    guard: TwoOriginGuard

    def frame(self, n: int) -> Frame:
        frame = self.page.locator("iframe").nth(n).element_handle().content_frame()
        assert frame is not None
        return frame


@pytest.fixture(scope="module")
def host(browser: Browser, site_url: str) -> Iterator[Host]:
    snippets = lesson_snippets()
    body = "\n".join(f"<h2>Rule {n}</h2><p>Prose before.</p>\n"
                     f"{s.replace(DOCS_SITE, site_url)}" for n, s in enumerate(snippets, 1))
    folder = Path(tempfile.mkdtemp(prefix="rome-lessons-host-"))
    (folder / "lessons.html").write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<link rel='icon' href='data:,'><title>A rules site</title>" + WATCH + "</head><body>"
        f"<h1>Learn the rules</h1>{body}\n{readme_host_snippet()}</body></html>",
        encoding="utf-8")
    server = start_server(folder)
    host_url = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(bypass_csp=False, viewport=DESKTOP)
    guard = TwoOriginGuard((_origin(site_url), _origin(host_url)), [])
    context.route("**/*", guard.on_route)
    context.on("request", guard.on_request)
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors = watch_errors(page)
    started = time.monotonic()
    page.goto(host_url + "lessons.html", wait_until="commit")
    topics = [re.search(r"topic=([a-z-]+)", s).group(1) for s in snippets]  # type: ignore[union-attr]
    declared = [float(re.search(r'height="(\d+)"', s).group(1)) for s in snippets]  # type: ignore[union-attr]
    loaded = Host(page, topics, declared, errors, guard)
    wait_ready(loaded)
    print(f"\n{len(topics)} lesson frames ready in {time.monotonic() - started:.1f} s")
    yield loaded
    context.close()
    server.shutdown()
    server.server_close()


STATE_JS = ("document.documentElement.dataset.ready || (document.documentElement.dataset.error"
            " !== undefined ? 'error: ' + document.documentElement.dataset.error : '') || "
            "'loading: ' + (document.getElementById('loading-text') || {}).textContent")


def wait_ready(host: Host) -> None:
    """Every frame ready (a frame's handle is taken afresh each time: until its page
    arrives it is the host's blank one); fails with each frame's state, or a start-up
    error's words."""
    deadline = time.monotonic() + READY_TIMEOUT_S
    while True:
        states = []
        for n in range(len(host.topics)):
            try:
                states.append(str(host.frame(n).evaluate(STATE_JS)))
            except PlaywrightError:
                states.append("blank")
        errors = [s for s in states if s.startswith("error")]
        assert not errors, errors
        if all(s == "true" for s in states):
            return
        assert time.monotonic() < deadline, dict(zip(host.topics, states, strict=True))
        time.sleep(0.5)


def follow(frame: Frame, keys: bool = False) -> int:
    """Click only the marked control until the lesson is done (``keys``: press Enter on
    it instead, as a keyboard does); the clicks made. Each click waits for the view's
    answer: its Python answers from a worker, so until then the old mark is still on
    the page. (A key pressed on a control redrawn meanwhile reaches nothing: the next
    round presses it again.)"""
    for clicks in range(10):
        frame.wait_for_selector("[data-tutorial-target], [data-tutorial-done]")
        if frame.locator("[data-tutorial-done]").count():
            return clicks
        asked = frame.locator("[data-tutorial-target]")
        if keys:
            asked.press("Enter")
            answered(frame)
        else:
            click(frame, asked)
    raise AssertionError("the lesson did not end")


def check_axe(frame: Frame, screen: str) -> None:
    """Nothing serious by axe-core in the frame, in both themes (the script is evaluated,
    not added as a tag: the frame's policy allows no inline script)."""
    if not frame.evaluate("typeof window.axe !== 'undefined'"):
        frame.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    for theme in ("light", "dark"):
        frame.evaluate("t => document.documentElement.dataset.theme = t", theme)
        found = frame.evaluate("""async () => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations.filter(v => ['serious', 'critical'].includes(v.impact))
              .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')));
        }""")
        assert not found, f"{screen} ({theme}): {found}"
    frame.evaluate("document.documentElement.dataset.theme = 'light'")


def shoot(page: Page, n: int, name: str) -> None:
    """A picture of the n-th frame (Chromium paints a frame of another origin only while
    it is in view)."""
    frame = page.locator("iframe").nth(n)
    frame.scroll_into_view_if_needed()
    time.sleep(0.7)
    SHOTS.mkdir(parents=True, exist_ok=True)
    frame.screenshot(path=str(SHOTS / f"{name}.png"))


def heights(host: Host, n: int, since: float = 0.0) -> list[float]:
    return [float(h[n]) for t, h in host.page.evaluate("samples") if t >= since and len(h) > n]


def test_every_lesson_followed_to_its_end_holds_its_place(host: Host) -> None:
    page = host.page
    ends: dict[str, float] = {}
    for n, topic in enumerate(host.topics):
        frame = host.frame(n)
        page.locator("iframe").nth(n).scroll_into_view_if_needed()
        if topic == "emissaries":  # axe-core while it asks; another choice: explained
            check_axe(frame, "emissaries, asking")
            asked = frame.locator("[data-tutorial-target]")
            outline = "el => getComputedStyle(el).outlineStyle"
            assert asked.evaluate(outline) == "none"  # the learner tries before being shown
            other = frame.locator('[data-action^="place "]:not([data-tutorial-target])').first
            other.click()
            expect(frame.locator("[data-tutorial-answer]")).to_contain_text("You chose to place")
            expect(frame.locator("[data-tutorial-answer]")).to_contain_text("Try again")
            assert asked.evaluate(outline) == "solid"  # answered: now the move is shown
            shoot(page, n, "lesson-answered-1280")
        clicks = follow(frame, keys=topic == "residential")
        ends[topic] = float(page.evaluate("performance.now()"))
        text = frame.locator("[data-tutorial-done] [data-tutorial-text]").inner_text()
        assert "Well done" in text and clicks >= 1, (topic, text)
        assert frame.evaluate("document.activeElement.hasAttribute('data-tutorial-done')")
        if topic == "emissaries":
            shoot(page, n, "lesson-done-1280")
    time.sleep(AFTER_DONE_S)
    for n, topic in enumerate(host.topics):
        after = heights(host, n, ends[topic])
        assert len(set(after)) == 1, f"{topic}: its height changed after its end: {after}"
    reports = page.evaluate("reports")
    record = {topic: (heights(host, n), {h for _t, i, h in reports if i == n})
              for n, topic in enumerate(host.topics)}
    print("\n" + "\n".join(f"{topic}: declared {host.declared[n]:.0f}, lowest "
                            f"{min(seen):.0f}, reported {sorted(said)}"
                            for n, (topic, (seen, said)) in enumerate(record.items())))
    for n, (topic, (seen, said)) in enumerate(record.items()):
        assert min(seen) >= host.declared[n], (topic, min(seen), host.declared[n])
        assert len(said) == 1, f"{topic}: its height changed on the way: {said}"


def test_a_lesson_at_phone_width_and_axe(host: Host) -> None:
    """The first lesson as a phone shows it (its frame 374 px wide) after its end: a
    picture, nothing scrolls sideways, and axe-core finds nothing serious."""
    page = host.page
    page.set_viewport_size(PHONE)
    frame = host.frame(0)
    frame.wait_for_function("innerWidth < 400")
    shoot(page, 0, "lesson-done-390")
    wide = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    assert frame.evaluate(wide) <= 0
    check_axe(frame, "emissaries, done, 374 px")


def test_the_host_page_saw_no_error(host: Host) -> None:
    assert not host.errors.messages, "\n".join(host.errors.messages)
    assert not host.guard.foreign, host.guard.foreign
