"""Build the engine's wheel for rules sites and the example page that installs it.

The wheel is the one packaging of ``pyproject.toml``, built by its standard build
backend (setuptools, through ``python -m build``): the distribution
``great-city-of-rome``, holding the ``rome`` package and its ``rome`` command.  A rules
site that runs PyScript itself installs it with ``packages = ["…/wheels/<wheel>"]``.

Why ``--no-isolation``: the backend is the one ``requirements-dev.txt`` pins in the
project's environment, so a build needs no network, takes a second, and the same
sources and pins give the same wheel (``SOURCE_DATE_EPOCH`` fixes the file times).  Why
sdist then wheel (``build``'s default): the wheel is built from an unpacked sdist in a
fresh directory, so nothing left in a ``build/`` folder by an earlier build can slip in.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DATE_EPOCH = "1577836800"  # 2020-01-01: the files' time inside the wheel


def build_wheel(out_dir: Path, root: Path = ROOT) -> Path:
    """Build the wheel from ``root``'s pyproject.toml into ``out_dir``; return its path."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
        done = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir",
                               tmp, str(root)], env=env, capture_output=True, text=True)
        if done.returncode:
            sys.exit(f"python -m build failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
        (wheel,) = Path(tmp).glob("*.whl")
        out_dir.mkdir(parents=True, exist_ok=True)
        return Path(shutil.copy2(wheel, out_dir / wheel.name))


def build_example(dist: Path, root: Path = ROOT) -> Path:
    """Write the wheel to ``dist/wheels/`` and ``dist/wheel-example.html``, the page that
    installs it (``{wheel}`` in the page becomes the wheel's file name); return the wheel."""
    wheel = build_wheel(dist / "wheels", root)
    page = (root / "examples" / "wheel-example.html").read_text(encoding="utf-8")
    (dist / "wheel-example.html").write_text(page.replace("{wheel}", wheel.name),
                                             encoding="utf-8")
    return wheel


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "dist"
    print(f"wrote {build_example(target)} and {target / 'wheel-example.html'}")
