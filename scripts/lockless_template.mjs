// Written by scripts/vendor.py from scripts/lockless_template.mjs: Pyodide with its
// package lock given, not fetched, started from a memory snapshot where one is kept.
// pyscript.toml names this module as the interpreter (the page's and the AI worker's); it
// lives beside pyodide.mjs, which PyScript takes as Pyodide's home.
//
// The lock: loadPyodide() downloads pyodide-lock.json (119 kB, 150+ packages) on every
// start, though the game installs nothing at run time; only micropip (for a page's
// `packages =`) could be asked for, so its entry is all that is kept.
//
// The snapshot: most of a reload's start-up is Pyodide initialising Python (about 1.6 s of
// 2.2 s, docs/measurements.md), the same work each time. So the first start in a browser
// boots as usual with `_makeSnapshot`, copies the interpreter's memory right after
// loadPyodide() resolves (before PyScript, the page or the app have run anything) and keeps
// it in Cache Storage; later starts restore from it (`_loadSnapshot`). Both are private
// Pyodide APIs (leading underscore): SNAPSHOT_ID is a hash of Pyodide's files and of this
// module, so a new Pyodide or a change here never restores an old snapshot; Pyodide itself
// also refuses one of another build. Whatever goes wrong (no Cache Storage, storage that
// throws, quota, a snapshot that is short, corrupt or of another build) ends in an
// ordinary start, the bad snapshot deleted. The cache is named after this module's folder,
// so two deployments on one origin keep their own.
import { loadPyodide as load, version } from "./pyodide.mjs";

const LOCK = __LOCK__;
const SNAPSHOT_ID = "__SNAPSHOT_ID__";
const FOLDER = new URL(".", import.meta.url);
const CACHE = `rome-pyodide-snapshot|${FOLDER.pathname}`;
const KEY = new URL(`snapshot-${SNAPSHOT_ID}.bin`, FOLDER).href;
const SIZE_HEADER = "x-snapshot-bytes";
const STORE_AFTER_MS = 1000;
// Writing 31 MB competes with the rest of the start for the CPU and the disk, so it waits a
// second (the page is interactive about 0.5 s after loadPyodide on an idle machine); the
// bytes are kept in memory meanwhile.

const READ_LIMIT_MS = 10000;
// Reading takes 50-250 ms; a Cache Storage that never answers must not stop the start.

export { version };

function mark(name) {
  performance.mark(`pyodide:${name}`);
}

function warn(what, error) {
  console.warn(`Pyodide memory snapshot ${what}:`, error?.message ?? error);
}

function within(promise, ms) {
  let timer;
  const limit = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

async function openCache() {
  try {
    return await globalThis.caches.open(CACHE);
  } catch {
    return null; // no Cache Storage here: insecure context, opaque origin, storage blocked
  }
}

async function forget(cache) {
  try {
    for (const request of await cache.keys()) await cache.delete(request);
  } catch (error) {
    warn("could not be deleted", error);
  }
}

async function kept(cache) {
  try {
    const response = await cache.match(KEY);
    if (!response) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (String(bytes.byteLength) !== response.headers.get(SIZE_HEADER)) {
      throw new Error(`${bytes.byteLength} bytes, not ${response.headers.get(SIZE_HEADER)}`);
    }
    return bytes;
  } catch (error) {
    warn("unreadable, deleted", error);
    await forget(cache);
    return null;
  }
}

function keep(cache, bytes) {
  setTimeout(async () => {
    try {
      await forget(cache); // another build's snapshot, if any
      const headers = { "content-type": "application/octet-stream",
                        [SIZE_HEADER]: String(bytes.byteLength) };
      await cache.put(KEY, new Response(bytes, { headers }));
    } catch (error) {
      warn("not kept", error);
      await forget(cache);
    }
  }, STORE_AFTER_MS);
}

// `_makeSnapshot` hands Python a proxy of globalThis that records the path of every object
// it reaches (so the snapshot can name them); a proxied DOM node is refused by the DOM's
// own methods, so once the snapshot is taken Python's `js` is globalThis itself again.
function unwrapGlobals(pyodide) {
  pyodide.registerJsModule("js", globalThis);
  pyodide.runPython("import sys; sys.modules.pop('js', None)");
}

// A restored interpreter also restores the state of `random` (imported while Pyodide
// boots): every visit would draw the same numbers. Reseeded from the OS (crypto). (The
// seed of str hashes stays the snapshot's: fixed per browser, as in a pinned PYTHONHASHSEED.)
const RESEED = "import random; random.seed(); 6 * 7";

async function restored(settings, cache, snapshot) {
  try {
    const pyodide = await load({ ...settings, _loadSnapshot: snapshot });
    if (pyodide.runPython(RESEED) !== 42) throw new Error("restored Python does not run");
    mark("restored");
    return pyodide;
  } catch (error) {
    warn("failed to restore, deleted", error);
    await forget(cache);
    return null;
  }
}

export async function loadPyodide(options = {}) {
  if (options.lockFileURL || options.lockFileContents) return load(options);
  const settings = { ...options, lockFileContents: LOCK, packageBaseUrl: options.indexURL };
  mark("start");
  const cache = await within(openCache(), READ_LIMIT_MS);
  const snapshot = cache && (await within(kept(cache), READ_LIMIT_MS));
  const fromSnapshot = snapshot && (await restored(settings, cache, snapshot));
  if (fromSnapshot) return fromSnapshot;
  if (!cache) return load(settings);
  const pyodide = await load({ ...settings, _makeSnapshot: true });
  mark("booted");
  try {
    keep(cache, pyodide.makeMemorySnapshot());
    mark("snapshot-taken");
  } catch (error) {
    warn("not taken", error);
  } finally {
    unwrapGlobals(pyodide);
  }
  return pyodide;
}
