"""Build ``rome-<version>-py3-none-any.whl``: the rules engine for other PyScript pages.

Why a wheel: a rules site that runs PyScript itself installs the engine with
``packages = ["…/rome-<version>-py3-none-any.whl"]`` (PyScript hands that to micropip).
Why by hand (standard library, no build backend): the wheel is a zip of ``rome/`` plus
three metadata files, and building it this way needs no network, no build isolation
and gives the same bytes for the same sources. The distribution is named ``rome`` after
its import name; its version is the project's (``pyproject.toml``).
"""

from __future__ import annotations

import base64
import hashlib
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "rome"
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def version(root: Path = ROOT) -> str:
    with open(root / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


def wheel_name(root: Path = ROOT) -> str:
    return f"{NAME}-{version(root)}-py3-none-any.whl"


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def build_wheel(out_dir: Path, root: Path = ROOT) -> Path:
    """Write the wheel into ``out_dir`` and return its path."""
    with open(root / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    ver = project["version"]
    info = f"{NAME}-{ver}.dist-info"
    files: list[tuple[str, bytes]] = []
    for path in sorted((root / NAME).rglob("*.py")):
        if "__pycache__" not in path.parts:
            files.append((path.relative_to(root).as_posix(), path.read_bytes()))
    metadata = (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {ver}\n"
                f"Summary: {project.get('description', '')}\n"
                f"Requires-Python: {project.get('requires-python', '>=3.11')}\n").encode()
    wheel = (b"Wheel-Version: 1.0\nGenerator: scripts/wheel.py\nRoot-Is-Purelib: true\n"
             b"Tag: py3-none-any\n")
    files += [(f"{info}/METADATA", metadata), (f"{info}/WHEEL", wheel),
              (f"{info}/top_level.txt", f"{NAME}\n".encode())]
    record = "\n".join([*(_record_line(p, d) for p, d in files), f"{info}/RECORD,,"]) + "\n"
    files.append((f"{info}/RECORD", record.encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / wheel_name(root)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files:
            entry = zipfile.ZipInfo(name, ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            zf.writestr(entry, data)
    return target


def build_example(dist: Path, root: Path = ROOT) -> Path:
    """Write the wheel to ``dist/wheels/`` and the example page that installs it."""
    wheel = build_wheel(dist / "wheels", root)
    page = (root / "examples" / "wheel-example.html").read_text(encoding="utf-8")
    target = dist / "wheel-example.html"
    target.write_text(page.replace("{wheel}", wheel.name), encoding="utf-8")
    return wheel


if __name__ == "__main__":
    dist = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "dist"
    print(f"wrote {build_example(dist)} and {dist / 'wheel-example.html'}")
