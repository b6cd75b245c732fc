// Compile the app zip's Python to bytecode with the very Python the site runs.
//
//   node scripts/compile_app.mjs SOURCE.zip OUT.zip
//
// Why: on every visit, warm ones included, Pyodide compiled each module of app.zip from
// source again (about a fifth of a warm start, docs/measurements.md). Bytecode is tied to
// one Python version, so it is made here by the vendored Pyodide itself (node_modules,
// installed by `make setup`) rather than by the Python that runs the build. The pyc files
// check no source ("unchecked hash": the zip holds no source) and keep the source paths
// for tracebacks; the zip is stored, not deflated, so the host's brotli compresses the
// bytecode itself. Docstrings and asserts are left out (optimize=2): the game never reads a
// docstring, its asserts only narrow types for mypy, and the docstrings were a sixth of the
// zip's compressed bytes (480 -> 402 kB gzip), which a first visit pays (issue 44's 7 MB).
// Line numbers stay, the column ranges of each instruction go (PYTHONNODEBUGRANGES, as
// `python -X no_debug_ranges`): a traceback still names file, function and line, only
// without its ^^^ carets, and the bytecode gzips about a third smaller (530 -> 375 kB).
// Called by scripts/vendor.py (build_app_zip).
import { readFileSync, writeFileSync } from "node:fs";

const [source, out] = process.argv.slice(2);
if (!source || !out) {
  console.error("usage: node scripts/compile_app.mjs SOURCE.zip OUT.zip");
  process.exit(2);
}
const home = new URL("../node_modules/pyodide/", import.meta.url);
const { loadPyodide } = await import(new URL("pyodide.mjs", home).href);
const pyodide = await loadPyodide({ indexURL: home.pathname, env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/source.zip", new Uint8Array(readFileSync(source)));
pyodide.runPython(`
import os
import py_compile
import zipfile

DATE = (2020, 1, 1, 0, 0, 0)
with zipfile.ZipFile("/tmp/source.zip") as src, \\
        zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_STORED) as dst:
    for info in sorted(src.infolist(), key=lambda i: i.filename):
        path = "/tmp/src/" + info.filename
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(src.read(info))
        compiled = py_compile.compile(
            path, cfile=path + "c", dfile=info.filename, doraise=True, optimize=2,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        with open(compiled, "rb") as f:
            dst.writestr(zipfile.ZipInfo(info.filename + "c", DATE), f.read())
`);
writeFileSync(out, pyodide.FS.readFile("/tmp/out.zip"));
