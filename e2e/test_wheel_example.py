"""dist/'s example page installs the engine's wheel (built from pyproject.toml by the
standard backend) through micropip, all from its own folder."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, Request, Route

from scripts.rules_wheel import build_example
from scripts.serve import start_server

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def dist_url(tmp_path: Path) -> Iterator[str]:
    """A dist/ of the wheel and the example page; the vendored runtime linked in."""
    build_example(tmp_path)  # what `make dist` writes
    (tmp_path / "assets").symlink_to(ROOT / "assets", target_is_directory=True)
    server = start_server(tmp_path)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_example_page_installs_the_wheel_and_scores_like_the_cli(
        page: Page, context: BrowserContext, dist_url: str, tmp_path: Path) -> None:
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(dist_url))
    seen: list[str] = []
    foreign: list[str] = []

    def route(r: Route) -> None:
        if r.request.url.startswith((origin, "data:", "blob:")):
            r.fallback()
        else:
            foreign.append(r.request.url)
            r.abort()

    def on_request(request: Request) -> None:
        seen.append(request.url)

    errors: list[str] = []
    context.route("**/*", route)
    context.on("request", on_request)
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(dist_url + "wheel-example.html")
    page.wait_for_function("document.documentElement.dataset.ready === 'true'",
                           timeout=120_000)
    shown = json.loads(page.inner_text("#result"))

    # The city the page scores, read from its source, scored by the command line.
    source = (tmp_path / "wheel-example.html").read_text()
    city = ast.literal_eval(re.search(r"CITY = (\{.*?\n\})", source, re.S).group(1))
    city_file = tmp_path / "city.json"
    city_file.write_text(json.dumps(city))
    expected = json.loads(subprocess.run(
        [sys.executable, "-m", "rome", "score", str(city_file)], cwd=ROOT, check=True,
        capture_output=True, text=True).stdout)
    assert shown == expected and shown["total"] == 75
    assert page.inner_text("#total") == "75"
    # Installed from the wheel (site-packages), through micropip, all from this origin.
    assert "site-packages/rome/" in page.evaluate("document.documentElement.dataset.rome")
    (wheel,) = (tmp_path / "wheels").glob("great_city_of_rome-*-py3-none-any.whl")
    assert any(url.endswith("/wheels/" + wheel.name) for url in seen)
    assert any(re.search(r"/micropip-[\d.]+-py3-none-any\.whl$", url) for url in seen)
    assert not foreign and all(url.startswith((origin, "data:", "blob:")) for url in seen)
    assert not errors, errors
