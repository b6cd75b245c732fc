"""Offline play, a new deployment over a cached one, the installable app, and the CSP.

Why in their own file: these tests depend on the service worker (``sw.js``, written by
``scripts/vendor.py``), which outlives a page; each test gets a fresh browser context,
so no test sees another's cache.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import SHOWN_JS, OpenGame, wait_ready, watch_errors
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scripts.vendor import write_service_worker

ROOT = Path(__file__).resolve().parent.parent
TABLE = "document.getElementById('table')"
OFFLINE_READY_MS = 120_000


@pytest.fixture(autouse=True)
def patient_waits(page: Page) -> None:
    page.set_default_timeout(90_000)
    expect.set_options(timeout=30_000)


def wait_offline_ready(page: Page) -> None:
    """Wait until the service worker has cached every file and controls the page."""
    page.wait_for_function("document.documentElement.dataset.offlineReady === 'true'",
                           timeout=OFFLINE_READY_MS)
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def test_offline_reload_after_one_visit(strict_page: Page, context: BrowserContext,
                                        open_game: OpenGame) -> None:
    page = strict_page
    open_game(page, "index.html")
    wait_offline_ready(page)
    # No need to go back online afterwards: the context is this test's alone. (Doing it in a
    # `finally` once crashed Chromium's renderer late in a long suite, after the test passed.)
    context.set_offline(True)
    page.goto(page.url.split("index.html")[0] + "index.html?seats=human,easy&seed=5&pace=0")
    wait_ready(page)
    page.wait_for_function(f"{TABLE}?.dataset.waiting === 'human'")
    for _ in range(4):  # the human's moves and the computer's (worker, from the cache)
        moves = page.locator("#table").get_attribute("data-moves")
        page.locator("[data-action]:not([disabled])").first.click()
        page.wait_for_function(f"{TABLE}.dataset.moves !== '{moves}'")
        page.wait_for_function(f"['human', 'over'].includes({TABLE}.dataset.waiting)",
                               timeout=120_000)
    expect(page.locator("#worker-status")).to_have_attribute("data-worker-ready", "true")
    assert "quick AI" not in page.locator("body").inner_text()


@pytest.fixture
def deployed_site(site_url: str) -> Iterator[tuple[str, Path]]:
    """A copy of the site under ``e2e/artifacts/deploy/`` that a test can redeploy."""
    target = ROOT / "e2e" / "artifacts" / "deploy"
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for name in ("index.html", "pyscript.toml", "manifest.webmanifest"):
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, target / name)
    for name in ("ui", "assets"):
        shutil.copytree(ROOT / name, target / name, ignore=shutil.ignore_patterns("__pycache__"))
    write_service_worker(target)
    yield site_url + "e2e/artifacts/deploy/index.html", target
    shutil.rmtree(target)


def cache_names(page: Page) -> list[str]:
    """The offline caches' names (not the Pyodide snapshot's, e2e/test_snapshot.py)."""
    return [name for name in page.evaluate("caches.keys()")
            if name.startswith("great-city-of-rome")]


def watch_service_workers(page: Page) -> list[tuple[float, str, str, str]]:
    """From now on, every change of a service worker version's running state or status,
    as DevTools reports it (seconds since the call, version id, running, status).

    Why: a deployment test that saw no navigation after 'Reload now' (full runs, never
    alone) gave no clue whether the new version was held in 'activating', the old one kept
    starting, or the page's reload never left; this list is printed when it happens."""
    seen: list[tuple[float, str, str, str]] = []
    start = time.monotonic()
    cdp = page.context.new_cdp_session(page)

    def on_versions(params: dict) -> None:
        for v in params["versions"]:
            entry = (round(time.monotonic() - start, 1), v["versionId"], v["runningStatus"],
                     v["status"])
            last = next((e for e in reversed(seen) if e[1] == entry[1]), None)
            if last is None or last[1:] != entry[1:]:
                seen.append(entry)

    cdp.on("ServiceWorker.workerVersionUpdated", on_versions)
    cdp.send("ServiceWorker.enable")
    return seen


MARKER_JS = "getComputedStyle(document.documentElement).getPropertyValue('--deploy').trim()"


def test_new_deployment_replaces_the_cache_cleanly(
        strict_page: Page, deployed_site: tuple[str, Path]) -> None:
    page = strict_page
    url, site = deployed_site
    css = site / "assets" / "site.css"
    css.write_text(css.read_text() + '\n:root { --deploy: "one"; }\n')
    first = write_service_worker(site)
    page.goto(url)
    wait_ready(page)
    wait_offline_ready(page)
    assert cache_names(page) == [f"great-city-of-rome|/e2e/artifacts/deploy/|{first}"]
    # A new deployment: one stylesheet changes, so sw.js carries a new version.
    css.write_text(css.read_text().replace('"one"', '"two"'))
    second = write_service_worker(site)
    assert second != first
    for _ in range(2):  # reloads keep the old version whole while the new one is offered
        page.reload()
        wait_ready(page)
        assert page.evaluate(MARKER_JS) == '"one"'
        expect(page.locator("#update-notice")).to_contain_text("new version", timeout=120_000)
    # No AI worker boots here (the form has no computer to play): while one booted through
    # the old version's service worker, Chromium could hold the new version's activation.
    versions = watch_service_workers(page)
    try:
        with page.expect_navigation():
            page.locator("#update-notice button").click()
    except PlaywrightTimeoutError as error:  # say what the workers did: the flake's clue
        raise AssertionError("no navigation after 'Reload now'; service worker versions "
                             f"(id, running, status) over time: {versions}") from error
    wait_ready(page)
    assert page.evaluate(MARKER_JS) == '"two"'
    assert cache_names(page) == [f"great-city-of-rome|/e2e/artifacts/deploy/|{second}"]
    expect(page.locator("#update-notice")).to_have_count(0)


@pytest.fixture
def two_deployments(site_url: str) -> Iterator[dict[str, str]]:
    """The site deployed twice on one origin, at ``/…/rome/`` and ``/…/rome-beta/`` (the one
    path a prefix of the other's name), each with its own ``sw.js``; name: base address."""
    base = ROOT / "e2e" / "artifacts" / "origin"
    if base.exists():
        shutil.rmtree(base)
    urls = {}
    for name in ("rome", "rome-beta"):
        target = base / name
        target.mkdir(parents=True)
        for file in ("index.html", "embed.html", "pyscript.toml", "manifest.webmanifest"):
            shutil.copy2(ROOT / file, target / file)
        for folder in ("ui", "assets", "examples"):
            (target / folder).symlink_to(ROOT / folder, target_is_directory=True)
        write_service_worker(target)
        urls[name] = f"{site_url}e2e/artifacts/origin/{name}/"
    yield urls
    shutil.rmtree(base)


REPLAY_FILE = "embed.html?view=replay&src=examples/example-game.json&step=9999"


@pytest.mark.parametrize("order", [("rome", "rome-beta"), ("rome-beta", "rome")])
def test_two_deployments_on_one_origin_both_work_offline(
        strict_page: Page, context: BrowserContext, two_deployments: dict[str, str],
        order: tuple[str, str]) -> None:
    """Each deployment's cache is named by its own path: activating one never deletes the
    other's, and the embeds' example file is cached with the pages (issue 32)."""
    page = strict_page
    for name in order:
        page.goto(two_deployments[name] + "index.html")
        wait_ready(page)
        wait_offline_ready(page)
    names = cache_names(page)
    for name in order:
        assert sum(f"|/e2e/artifacts/origin/{name}/|" in n for n in names) == 1, names
    context.set_offline(True)
    record = json.loads((ROOT / "examples" / "example-game.json").read_text())
    for name in order:
        page.goto(two_deployments[name] + "index.html")
        wait_ready(page)
        page.goto(two_deployments[name] + REPLAY_FILE)
        wait_ready(page)
        expect(page.locator("[data-step]")).to_have_attribute(
            "data-step", str(len(record["actions"])))


def test_installable_manifest_and_icons(strict_page: Page, site_url: str) -> None:
    """The page links a manifest whose icons are served with their declared types.

    Why no wait for the game to start: the link is in the page's HTML and the files are
    static; a start of Pyodide would only cost the 2-core machine seconds of CPU."""
    page = strict_page
    page.goto(site_url + "index.html", wait_until="domcontentloaded")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = json.loads(page.evaluate("u => fetch(u).then(r => r.text())", href))
    assert manifest["name"] == "The Great City of Rome"
    assert manifest["display"] == "standalone" and manifest["start_url"]
    sizes = set()
    for icon in manifest["icons"]:
        status, kind = page.evaluate(
            "u => fetch(u).then(r => [r.status, r.headers.get('content-type')])", icon["src"])
        assert status == 200 and kind == icon["type"], icon
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes


def poll(page: Page, expression: str, timeout_s: float) -> None:
    """Wait for ``expression`` to be truthy without ``eval`` (which the CSP forbids)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(expression):
        assert page.evaluate("document.documentElement.dataset.error") is None and (
            time.monotonic() < deadline), (
            f"no {expression}; the page showed {page.evaluate(SHOWN_JS)}")
        page.wait_for_timeout(250)



EMBED_VIEWS = ["calculator", "city", "replay"]


@pytest.mark.parametrize("view", EMBED_VIEWS)
def test_embeds_run_under_the_same_policy(browser: Browser, site_url: str, view: str) -> None:
    context = browser.new_context()  # enforcing the CSP
    page = context.new_page()
    errors = watch_errors(page)
    try:
        page.goto(site_url + f"embed.html?view={view}")
        # embed.html's policy is written by its first script (assets/frame-policy.js).
        written = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute(
            "content")
        assert written == policy_of("index.html")
        poll(page, "document.documentElement.dataset.ready === 'true'", 90)
        poll(page, "document.documentElement.dataset.offlineReady === 'true'", 120)
        assert page.evaluate("window.romeBoot.cspViolations") == []
        assert not errors.messages, errors.messages
    finally:
        context.close()


def policy_of(name: str) -> str:
    """The Content-Security-Policy of a page, read from its file."""
    match = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"',
                      (ROOT / name).read_text())
    assert match, f"{name} has no Content-Security-Policy"
    return match.group(1)


def test_content_security_policy_has_no_violation(browser: Browser, site_url: str) -> None:
    """The game, the AI worker and the service worker run under the policy, unhindered."""
    context = browser.new_context()  # enforcing the CSP, unlike the other tests' contexts
    page = context.new_page()
    errors = watch_errors(page)
    try:
        page.goto(site_url + "index.html?seats=easy,easy&seed=3&pace=0")
        policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute(
            "content")
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
        assert directives["default-src"] == "'self'"
        # No host, no inline script: eval is what PyScript and Pyodide strictly need.
        assert directives["script-src"] == "'self' 'unsafe-eval' 'wasm-unsafe-eval'"
        assert "http" not in policy
        poll(page, "document.documentElement.dataset.ready === 'true'", 90)
        poll(page, "document.getElementById('worker-status').dataset.workerReady === 'true'",
             120)
        poll(page, f"{TABLE}?.dataset.phase === 'over'", 240)
        poll(page, "document.documentElement.dataset.offlineReady === 'true'", 120)
        assert page.evaluate("window.romeBoot.cspViolations") == []
        assert "quick AI" not in page.locator("body").inner_text()
        assert not errors.messages, errors.messages
    finally:
        context.close()
