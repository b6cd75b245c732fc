"""Copy the browser runtime out of node_modules and pack the app's Python code.

Why: the page must never reach a CDN, so PyScript and Pyodide are served from
``assets/vendor/`` (ignored by git, rebuilt by ``make setup``). The Python code the
browser needs (``rome/`` and ``ui/``) is packed into ``assets/vendor/app.zip``, which
``pyscript.toml`` unpacks into the browser file system: adding a module never needs a
config edit, and the page makes one request instead of one per module.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "assets" / "vendor"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
APP_PACKAGES = ("rome", "ui")
FETCHED_BY_URL = ("ui/worker_main.py", "ui/worker/ai_worker.py")
"""The only Python files a page asks for by address (``<script type="py" src>`` and the AI
worker); every other one is read from app.zip."""
LIBRARY_ONLY = {
    "rome/cli.py": "the command line (`rome`, `python -m rome`)",
    "rome/__main__.py": "the command line (`rome`, `python -m rome`)",
    "rome/ai/players.py": "the computer levels as players of rome.play, for Python callers",
}
"""Modules of the engine as a library that the game itself never imports: the app zip
leaves them out, as it leaves out the scripts pages fetch by address (``FETCHED_BY_URL``),
since every player's first visit pays for each byte (``tests/test_packaging.py`` checks
the zip holds exactly what the game imports)."""
# micropip, which PyScript uses for `packages = [...]` (the rome wheel of `make dist`):
# the npm pyodide package lacks it, so it comes from PyPI, pinned to the version the
# lock file names and to this exact file (docs/embedding.md, "the wheel").
MICROPIP = ("micropip", "0.11.1",
            "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3")
# Fixed timestamp so that an unchanged tree gives a byte-identical zip.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def copy_runtime(root: Path = ROOT, vendor: Path = VENDOR) -> None:
    """Copy PyScript's dist (minus source maps) and the Pyodide core files."""
    modules = root / "node_modules"
    core_dist = modules / "@pyscript" / "core" / "dist"
    pyodide_dir = modules / "pyodide"
    if not core_dist.is_dir() or not pyodide_dir.is_dir():
        sys.exit("node_modules is missing: run `npm ci` (or `make setup`) first")
    target = vendor / "pyscript"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(core_dist, target, ignore=shutil.ignore_patterns("*.map"))
    (vendor / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide_dir / name, vendor / "pyodide" / name)
    copy_fake_indexeddb(modules, vendor)


def copy_fake_indexeddb(modules: Path, vendor: Path) -> None:
    """Copy fake-indexeddb's browser modules (ESM, no dependencies) and its licence.

    Why: ``assets/storage-guard.mjs`` puts this in-memory IndexedDB in place of one that
    throws (storage blocked), so that PyScript can still boot.
    """
    package = modules / "fake-indexeddb"
    if not package.is_dir():
        sys.exit("node_modules/fake-indexeddb is missing: run `npm ci` (or `make setup`)")
    target = vendor / "fake-indexeddb"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(package / "build" / "esm", target,
                    ignore=shutil.ignore_patterns("*.map", "*.d.ts"))
    shutil.copy2(package / "LICENSE", target / "LICENSE")


def vendor_micropip(pyodide_dir: Path = VENDOR / "pyodide") -> Path:
    """Download the pinned micropip wheel next to the lock file and point the lock at it.

    Why rewrite the lock: Pyodide checks each package file against the lock's sha256,
    and PyPI's wheel is not byte-identical to the one Pyodide's own CDN serves.
    """
    name, version, sha256 = MICROPIP
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    entry = lock["packages"][name]
    if entry["version"] != version or entry["depends"]:
        sys.exit(f"pyodide-lock.json wants {name} {entry['version']} (depends on "
                 f"{entry['depends']}): update MICROPIP in scripts/vendor.py")
    wheel = pyodide_dir / f"{name}-{version}-py3-none-any.whl"
    if not wheel.exists() or hashlib.sha256(wheel.read_bytes()).hexdigest() != sha256:
        python = lock["info"]["python"].rsplit(".", 1)[0]  # "3.14.2" -> "3.14"
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", f"{name}=={version}",
                        "--no-deps", "--only-binary=:all:", "--python-version", python,
                        "--dest", str(pyodide_dir)], check=True)
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != sha256:
        wheel.unlink()
        sys.exit(f"{wheel.name} from PyPI has sha256 {digest}, not the pinned {sha256}")
    entry["file_name"], entry["sha256"] = wheel.name, digest
    lock_path.write_text(json.dumps(lock), encoding="utf-8")
    return wheel


LOCKLESS = "pyodide-lockless.mjs"
LOCKLESS_TEMPLATE = ROOT / "scripts" / "lockless_template.mjs"
"""The interpreter module pyscript.toml names: Pyodide given its lock, started from a memory
snapshot where the browser keeps one (the template says why)."""
APP_ZIP = "app.zip"
"""The app's Python as bytecode, in ``assets/vendor/`` beside Pyodide's folder."""
SNAPSHOT_INPUTS = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""Pyodide's files that make the interpreter's memory at the moment it is snapshotted."""
COMMENT_LINE = re.compile(r"^[ \t]*//.*\n", re.MULTILINE)
"""A whole line of comment in the template: left out of the module the browser downloads
(they are half its size, 1.8 kB gzipped of every first visit), and out of its hash, so
that rewording one keeps players' snapshots."""


def write_lockless(pyodide_dir: Path = VENDOR / "pyodide",
                   template: Path = LOCKLESS_TEMPLATE, root: Path = ROOT) -> Path:
    """Write the interpreter module: the part of the lock the site uses, the app's modules
    it imports before its memory snapshot, and the id of that snapshot.

    The id hashes Pyodide's files, the app zip beside their folder (the preloaded modules
    come from it) and the module itself (without the id): everything that runs before the
    snapshot is taken, so a change to any of them makes players' snapshots stale, and
    nothing else does. The modules are those of the zip whose import reaches nothing of the
    browser (``scripts/app_imports.py``), read from their sources under ``root``.
    """
    from scripts.app_imports import preloadable

    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text(encoding="utf-8"))
    kept = {"info": lock["info"], "packages": {MICROPIP[0]: lock["packages"][MICROPIP[0]]}}
    app_zip = pyodide_dir.parent / APP_ZIP
    with zipfile.ZipFile(app_zip) as zf:
        sources = [n.removesuffix("c") for n in zf.namelist() if n.endswith(".pyc")]
    text = COMMENT_LINE.sub("", template.read_text(encoding="utf-8"))
    text = text.replace("__LOCK__", json.dumps(kept)).replace(
        "__PRELOAD__", json.dumps(preloadable(root, sources))).replace(
        "__APP_ZIP__", f"../{APP_ZIP}")
    digest = hashlib.sha256(text.encode())
    for path in [pyodide_dir / name for name in SNAPSHOT_INPUTS] + [app_zip]:
        digest.update(b"\0" + path.read_bytes())
    out = pyodide_dir / LOCKLESS
    out.write_text(text.replace("__SNAPSHOT_ID__", digest.hexdigest()[:16]), encoding="utf-8")
    return out


def build_app_zip(root: Path = ROOT, out: Path | None = None) -> Path:
    """Pack the app packages' Python as bytecode for Pyodide's own Python, keeping paths
    like ``rome/x.pyc`` (``scripts/compile_app.mjs`` says why and how)."""
    out = out or root / "assets" / "vendor" / APP_ZIP
    out.parent.mkdir(parents=True, exist_ok=True)
    source = out.with_suffix(".src.tmp")
    with zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as zf:
        for package in APP_PACKAGES:
            for path in sorted((root / package).rglob("*.py")):
                name = path.relative_to(root).as_posix()
                if "__pycache__" in path.parts or name in LIBRARY_ONLY or name in FETCHED_BY_URL:
                    continue
                info = zipfile.ZipInfo(name, ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, path.read_bytes())
    tmp = out.with_suffix(".zip.tmp")
    try:
        subprocess.run(["node", str(ROOT / "scripts" / "compile_app.mjs"), str(source), str(tmp)],
                       check=True, cwd=ROOT)
    finally:
        source.unlink()
    tmp.replace(out)  # atomic: a server never sees a half-written zip
    return out


SW_TEMPLATE = ROOT / "scripts" / "sw_template.js"
SITE_FILES = ("index.html", "embed.html", "pyscript.toml", "manifest.webmanifest")
SITE_DIRS = ("assets", "ui", "examples")
"""What the service worker caches: pages, config, assets (vendored runtime included), the
Python files pages and workers fetch by URL and the examples the embeds load
(``rome/`` and the rest of ``ui/`` arrive inside app.zip)."""
UNUSED = re.compile(
    r"(^|/)(codemirror|xterm|mpy-|pyodide_graph|service-worker|storage\.js|zip-)"
    r"[^/]*$|pyodide-lock\.json$|\.(whl|map|tmp|gz|br)$|^examples/(?!.*\.json$)|/LICENSE$")
"""Files no page of the site loads (requests recorded for the game, each embed view and the
AI worker): PyScript's code editor and terminal libraries, its MicroPython, zip, storage
and service-worker chunks, its package graph, Pyodide's lock file (``LOCKLESS``) and micropip (no
``packages =``), source
maps, build leftovers, pre-compressed copies (the browser stores the decoded file),
example pages and the vendored packages' licences (they ship with the site, ``copy_site``,
but no player's offline cache needs them: fake-indexeddb's cost each first visit 11 kB)."""


STAND_IN_ONLY = re.compile(r"^assets/(storage-guard-worker\.mjs|vendor/fake-indexeddb/)")
"""Files loaded only where the browser refuses storage (``assets/storage-guard.mjs``): it
then refuses the offline cache too, so they ship but are not cached ahead (45 kB of each
first visit)."""


def site_files(root: Path = ROOT) -> list[str]:
    """Every file the site uses, as sorted paths relative to the site root."""
    found = [name for name in SITE_FILES if (root / name).is_file()]
    for folder in SITE_DIRS:
        for path in (root / folder).rglob("*"):
            name = path.relative_to(root).as_posix()
            if not path.is_file() or "__pycache__" in path.parts or UNUSED.search(name):
                continue
            if path.suffix == ".py" and name not in FETCHED_BY_URL:
                continue
            found.append(name)
    return sorted(found)


def offline_files(root: Path = ROOT) -> list[str]:
    """The files the service worker caches: the site's, but those only a stand-in loads."""
    return [name for name in site_files(root) if not STAND_IN_ONLY.search(name)]


def copy_site(target: Path, root: Path = ROOT) -> None:
    """Copy the site as a host serves it into ``target`` (``make dist``, the tests' copies):
    every file :func:`site_files` lists, and the vendored runtime whole, since a page with
    ``packages =`` installs micropip from it."""
    vendored = [p.relative_to(root).as_posix() for p in (root / "assets" / "vendor").rglob("*")
                if p.is_file() and not p.name.endswith(".tmp")]
    for name in sorted(set(site_files(root)) | set(vendored)):
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target / name)


def write_service_worker(root: Path = ROOT, template: Path = SW_TEMPLATE) -> str:
    """Write ``sw.js`` (site root) from the template; returns the version it carries.

    The version is a hash of every cached file's path and content, so any change to the
    site gives a new ``sw.js``, which browsers take as a new deployment.
    """
    files = offline_files(root)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (root / name).read_bytes() + b"\0")
    version = digest.hexdigest()[:16]
    text = template.read_text().replace('"__VERSION__"', json.dumps(version)).replace(
        "__FILES__", json.dumps(files, indent=0))
    tmp = root / "sw.js.tmp"
    tmp.write_text(text)
    tmp.replace(root / "sw.js")
    return version


PRELOADING_PAGES = ("index.html", "embed.html")
PRELOAD = re.compile(r'<link rel="(?:module)?preload" href="\./([^"]+)"')


def check_preloads(root: Path = ROOT) -> None:
    """Stop if a page preloads a file the site lacks, or if the pages preload different
    files (each page must carry the list: HTML has no include).

    Why: PyScript's chunk names carry a hash, so a new PyScript version renames the file
    the pages preload; the browser would then download a 404 and the real chunk apart.
    """
    lists = {page: PRELOAD.findall((root / page).read_text(encoding="utf-8"))
             for page in PRELOADING_PAGES}
    first = PRELOADING_PAGES[0]
    for page, names in lists.items():
        if names != lists[first]:
            sys.exit(f"{page} and {first} preload different files: give both the same list")
        for name in names:
            if not (root / name).is_file():
                sys.exit(f"{page} preloads {name}, which is missing: update its <link> "
                         "tags to the vendored file names")


def build_site(root: Path = ROOT) -> str:
    """Re-pack the app code, draw missing icons, check the preloads and rewrite the service
    worker (the e2e fixtures call this); returns the deployment version."""
    from scripts.icons import build_icons

    build_app_zip(root)
    build_icons(root / "assets" / "icon.svg", root / "assets" / "vendor" / "icons")
    write_lockless(root / "assets" / "vendor" / "pyodide", root=root)
    check_preloads(root)
    return write_service_worker(root)


def main(argv: list[str]) -> None:
    """``vendor.py`` copies runtime + zip; ``vendor.py --zip-only`` just re-packs;
    ``vendor.py --copy DIR`` copies the site into DIR and ``vendor.py --sw DIR`` writes the
    service worker of that copy (``make dist``)."""
    if "--copy" in argv:
        site = Path(argv[argv.index("--copy") + 1])
        copy_site(site)
        print(f"copied the site into {site}/")
        return
    if "--sw" in argv:
        site = Path(argv[argv.index("--sw") + 1])
        print(f"wrote {site}/sw.js (version {write_service_worker(site)})")
        return
    if "--zip-only" not in argv:
        copy_runtime()
        vendor_micropip()
    print(f"wrote app.zip, icons and sw.js (version {build_site()})")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main(sys.argv[1:])
