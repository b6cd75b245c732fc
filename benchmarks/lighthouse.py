"""Lighthouse's scores for the game's page as a host serves it.

    python benchmarks/lighthouse.py [--runs 3] [--page index.html]   # or: make lighthouse
    python benchmarks/lighthouse.py --bare     # the floor: a bare loadPyodide() page

``dist/`` (``make dist``: pre-compressed copies) served by ``scripts/serve.py`` as
docs/hosting.md asks of a host, Lighthouse (pinned in ``tools/lighthouse/``, installed there
by ``make lighthouse``, not by ``make setup``) run against Debian's Chromium, headless, with
its default settings: mobile, then ``--preset=desktop``. Prints, per form factor, the
median of each category's score and of the key metrics over the runs, and every audit
that costs points outside performance. The reports go to ``benchmarks/results/lighthouse/``
(not committed). Targets (issue 36): performance >= 0.6 mobile and >= 0.9 desktop, best
practices, SEO and accessibility 1.0. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
from pathlib import Path
from typing import Any

from common import ROOT

LIGHTHOUSE = ROOT / "tools" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
DIST = ROOT / "dist"
BARE = "benchmarks/bare_pyodide.html"
REPORTS = ROOT / "benchmarks" / "results" / "lighthouse"
METRICS = {"FCP": "first-contentful-paint", "LCP": "largest-contentful-paint",
           "TBT": "total-blocking-time", "CLS": "cumulative-layout-shift", "SI": "speed-index"}
FORMS = {"mobile": [], "desktop": ["--preset=desktop"]}


def run_lighthouse(url: str, form: str, out: Path) -> dict[str, Any]:
    """One Lighthouse run of ``url`` in form factor ``form``; returns its report."""
    subprocess.run([str(LIGHTHOUSE), url, *FORMS[form], "--output=json", f"--output-path={out}",
                    "--chrome-flags=--headless=new --no-sandbox", "--quiet"],
                   check=True, env={**os.environ, "CHROME_PATH": CHROMIUM})
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return report


def lost_points(report: dict[str, Any]) -> list[str]:
    """The audits outside performance that cost points, as "category: audit title"."""
    lost = []
    for key, category in report["categories"].items():
        if key == "performance":
            continue
        for ref in category["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref["weight"] > 0 and audit["score"] is not None and audit["score"] < 1:
                lost.append(f"{key}: {audit['title']}")
    return lost


def summary(reports: list[dict[str, Any]]) -> str:
    """Medians of the category scores and of the metrics over ``reports``."""
    names = [k for k in reports[0]["categories"] if k != "agentic-browsing"]
    scores = ", ".join(
        f"{name} {statistics.median(r['categories'][name]['score'] for r in reports):.2f}"
        for name in names)
    metrics = ", ".join(
        f"{short} {statistics.median(r['audits'][key]['numericValue'] for r in reports):.0f}"
        + ("" if short == "CLS" else " ms") for short, key in METRICS.items())
    each = " / ".join(f"{r['categories']['performance']['score']:.2f}" for r in reports)
    return f"{scores}\n  {metrics}\n  performance in each run: {each}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per form factor")
    parser.add_argument("--page", default="index.html", help="the page under dist/")
    parser.add_argument("--bare", action="store_true",
                        help=f"score {BARE} (Pyodide alone, from the same files) instead")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit("Lighthouse is not installed: run `make lighthouse`")
    if not (DIST / "index.html").exists() or not list(DIST.rglob("*.gz")):
        raise SystemExit("dist/ is missing or uncompressed: run `make dist` first")
    from scripts.serve import start_server

    REPORTS.mkdir(parents=True, exist_ok=True)
    if args.bare:
        args.page = BARE
        (DIST / BARE).parent.mkdir(exist_ok=True)
        (DIST / BARE).write_text((ROOT / BARE).read_text())
    server = start_server(DIST)
    url = f"http://127.0.0.1:{server.server_address[1]}/{args.page}"
    version = subprocess.run([str(LIGHTHOUSE), "--version"], capture_output=True, text=True,
                             check=True).stdout.strip()
    chromium = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True,
                              check=True).stdout.strip()
    print(f"Lighthouse {version}, {chromium}, {args.page} from dist/ served compressed, "
          f"{args.runs} runs per form factor (medians)")
    try:
        for form in FORMS:
            reports = [run_lighthouse(url, form, REPORTS / f"{form}-{i}.json")
                       for i in range(args.runs)]
            print(f"{form}: {summary(reports)}")
            for lost in sorted({x for r in reports for x in lost_points(r)}):
                print(f"  loses points: {lost}")
    finally:
        server.shutdown()
        server.server_close()
        if args.bare:
            shutil.rmtree((DIST / BARE).parent)


if __name__ == "__main__":
    main()
