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
// 2.2 s, docs/measurements.md), the same work each time, and then the app importing its
// modules (a third of a warm start in a worker, where they ran twice as slowly after a
// restore as cold). So the first start in a browser boots as usual with `_makeSnapshot`,
// unpacks the app's zip and imports the modules PRELOAD names (those whose import touches
// nothing of the browser: scripts/app_imports.py), copies the interpreter's memory (before
// PyScript, the page or the app have run anything else) and keeps it in Cache Storage;
// later starts restore from it (`_loadSnapshot`) with those modules imported. PyScript
// unpacks the zip again as on any start, for the modules the snapshot lacks. Both are
// private Pyodide APIs (leading underscore): SNAPSHOT_ID is a hash of Pyodide's files, of
// the app's zip and of this module, so a new Pyodide, a new app or a change here never
// restores an old snapshot; Pyodide itself also refuses one of another build. The cache is
// named after this module's folder, so two deployments on one origin keep their own.
//
// The bytes come from storage, so they are outside input: a disk, a browser or an
// extension may change them. Each is kept with the SHA-256 of its bytes and the build it
// belongs to, and both are checked before the bytes are restored. Whatever goes wrong
// (no Cache Storage, storage that throws, quota, a snapshot that is short, damaged or of
// another build, one that fails to restore) ends in an ordinary start, the bad snapshot
// deleted. A snapshot that passes these checks and still breaks the start later, or fails
// the app's self-check (ui/selfcheck.py), is handled by the page: assets/boot.js calls
// `romeSnapshot.startWithout()` (the snapshot deleted, the page reloaded with WITHOUT in
// its fragment, which makes that start go without one), assets/ai-host.mjs restarts an AI
// worker likewise; and a fatal error of Pyodide restored from a snapshot deletes it.
import { loadPyodide as load, version } from "./pyodide.mjs";

const LOCK = __LOCK__;
const SNAPSHOT_ID = "__SNAPSHOT_ID__";
const FOLDER = new URL(".", import.meta.url);
const APP_ZIP = new URL("__APP_ZIP__", FOLDER).href;
const PRELOAD = `import importlib
for name in __PRELOAD__:
    importlib.import_module(name)
globals().pop("name", None)
del importlib`;
const CACHE = `rome-pyodide-snapshot|${FOLDER.pathname}`;
const KEY = new URL(`snapshot-${SNAPSHOT_ID}.bin`, FOLDER).href;
const DIGEST_HEADER = "x-snapshot-sha256";
const BUILD_HEADER = "x-snapshot-build";
const WITHOUT = "rome-no-snapshot";
// A word of the address's fragment (words joined by "&"): the start that reads it neither
// restores nor makes a snapshot, and removes the word from the address. Carried by the
// reload of startWithout(), so that the reason survives where storage does not.
const STORE_AFTER_MS = 1000;
// Writing 31 MB competes for the CPU and the disk with whatever else the worker does, so it
// waits for a second in which the worker heard no message (the page is interactive about
// 0.5 s after loadPyodide on an idle machine; at a phone's speed a write under way delayed
// the answer to a player's first clicks by 100-200 ms); the bytes are kept in memory
// meanwhile. (The UI's runner pings its worker every 2 s: such a second always comes.)

const IN_WORKER = Boolean(globalThis.WorkerGlobalScope
  && globalThis instanceof globalThis.WorkerGlobalScope); // the UI's or the AI's
const READ_LIMIT_MS = 10000;
// Reading takes 50-250 ms; a Cache Storage that never answers must not stop the start.

export { version };

// For a page whose Python runs in a worker (assets/ui-runner.mjs), which starts no
// interpreter of its own: whether its address says WITHOUT (then removed from it, and this
// start counted as skipped, so that a failure is not retried). The worker is not told: the
// snapshot is already deleted, and its start is an ordinary one that makes a new snapshot,
// as the AI worker's second start does (assets/ai-host.mjs).
export function toldToStartWithout() {
  const told = toldWithout();
  if (told) snapshots.skipped = true;
  return told;
}

// What the page's scripts know of this start: `restored` (from a snapshot), `skipped`
// (the address said WITHOUT); `forget()` deletes any kept snapshot, `startWithout()`
// deletes it and reloads the page without one.
const snapshots = { restored: false, skipped: false, forget, startWithout };
globalThis.romeSnapshot = snapshots;

// PyScript's stages (its `py:progress` events) happen in a worker's own scope, where the
// page's loading screen cannot see them. In a worker, each from here on (the interpreter
// loaded, the app's files unpacked) is posted to the page as `{to: "stage", detail}`, and
// assets/ui-runner.mjs dispatches it on the page as PyScript there would. (The AI worker's
// are posted too, and heard by no one.)
if (IN_WORKER) {
  addEventListener("py:progress", ({ detail }) => {
    globalThis.postMessage(JSON.stringify({ to: "stage", detail: String(detail) }));
  });
}

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
    if (!globalThis.crypto?.subtle) return null; // nothing to check a snapshot with
    return await globalThis.caches.open(CACHE);
  } catch {
    return null; // no Cache Storage here: insecure context, opaque origin, storage blocked
  }
}

// True once no snapshot is kept (none was, or it is deleted); false if Cache Storage
// cannot be reached here (then there was none to restore either).
async function forget() {
  try {
    const cache = await globalThis.caches.open(CACHE);
    for (const request of await cache.keys()) await cache.delete(request);
    return true;
  } catch (error) {
    warn("could not be deleted", error);
    return false;
  }
}

function fragmentWords(hash) {
  return hash.replace(/^#/, "").split("&").filter(Boolean);
}

// Called by assets/boot.js when a start restored from a snapshot fails: the reload's
// address carries WITHOUT, and no reload follows a start that carried it (`skipped`).
async function startWithout() {
  await within(forget(), READ_LIMIT_MS);
  const url = new URL(location.href);
  url.hash = [...fragmentWords(url.hash), WITHOUT].join("&");
  history.replaceState(history.state, "", url.href);
  location.reload();
}

// True if the address says WITHOUT, which is then removed from it (other words are kept).
function toldWithout() {
  const hash = globalThis.location?.hash ?? "";
  const words = fragmentWords(hash);
  if (!words.includes(WITHOUT) || !globalThis.history) return false;
  const url = new URL(location.href);
  url.hash = words.filter((word) => word !== WITHOUT).join("&");
  history.replaceState(history.state, "", url.href);
  return true;
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function kept(cache) {
  try {
    const response = await cache.match(KEY);
    if (!response) return null;
    const build = response.headers.get(BUILD_HEADER);
    if (build !== SNAPSHOT_ID) throw new Error(`of build ${build}, not ${SNAPSHOT_ID}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if ((await sha256(bytes)) !== response.headers.get(DIGEST_HEADER)) {
      throw new Error(`${bytes.byteLength} bytes that do not match their digest`);
    }
    mark("verified");
    return bytes;
  } catch (error) {
    warn("unreadable, deleted", error);
    await forget();
    return null;
  }
}

let heard = 0; // when the worker last heard a message (an input, a call)
addEventListener("message", () => {
  heard = performance.now();
});

function whenQuiet(then) {
  const left = heard + STORE_AFTER_MS - performance.now();
  if (left <= 0) then();
  else setTimeout(() => whenQuiet(then), left);
}

// Several contexts of one origin may each make a snapshot (the page and its AI worker, two
// tabs): the first one kept stays, and no writer deletes this build's snapshot (deleting
// it before writing, and again after a failed write, would let a context whose write
// failed wipe another's good one). A put that fails stores nothing, so nothing is left to
// clean up after it.
function keep(bytes) {
  heard = performance.now();
  whenQuiet(async () => {
    try {
      const cache = await globalThis.caches.open(CACHE);
      if (await cache.match(KEY)) return; // kept meanwhile by another context
      const headers = { "content-type": "application/octet-stream",
                        [DIGEST_HEADER]: await sha256(bytes), [BUILD_HEADER]: SNAPSHOT_ID };
      for (const request of await cache.keys()) {
        if (request.url !== KEY) await cache.delete(request); // another build's
      }
      await cache.put(KEY, new Response(bytes, { headers }));
    } catch (error) {
      warn("not kept", error);
    }
  });
}

// The app's modules PRELOAD names, imported from its zip (unpacked into the working
// directory, as PyScript's `[files]` does) so that the snapshot holds them. A failure
// (the zip unreachable, a module that raises) takes no snapshot.
async function preload(pyodide) {
  const response = await fetch(APP_ZIP);
  if (!response.ok) throw new Error(`${APP_ZIP} answered ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip");
  pyodide.runPython(PRELOAD);
  mark("preloaded");
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

// Pyodide calls `_api.on_fatal` when it stops for good (a trap such as "table index is out
// of bounds"). After a restore, the snapshot is the first suspect: it is deleted. In a
// worker, PyScript's page side would wait for the start until its time limit; an Error
// posted to it ends the wait at once (as PyScript's own worker start reports a failure),
// and assets/ai-host.mjs then starts the worker again.
function onFatal(pyodide, fromSnapshot) {
  const api = pyodide._api;
  const before = api.on_fatal;
  api.on_fatal = (error) => {
    before?.(error);
    if (fromSnapshot) {
      warn("restored a Python that failed, deleted", error);
      forget();
    }
    if (IN_WORKER) {
      globalThis.postMessage(new Error(`Python failed: ${error?.message ?? error}`));
    }
  };
  return pyodide;
}

async function restored(settings, snapshot) {
  try {
    const pyodide = await load({ ...settings, _loadSnapshot: snapshot });
    if (pyodide.runPython(RESEED) !== 42) throw new Error("restored Python does not run");
    snapshots.restored = true;
    mark("restored");
    return onFatal(pyodide, true);
  } catch (error) {
    warn("failed to restore, deleted", error);
    await forget();
    return null;
  }
}

// Where the start finds its snapshot: `{ cache, snapshot }` (the verified bytes, or null)
// or `{ skipped: true }`.
async function lookup() {
  mark("start");
  if (toldWithout()) {
    snapshots.skipped = true;
    mark("skipped");
    return { skipped: true };
  }
  const cache = await within(openCache(), READ_LIMIT_MS);
  return { cache, snapshot: cache && (await within(kept(cache), READ_LIMIT_MS)) };
}

export async function loadPyodide(options = {}) {
  if (options.lockFileURL || options.lockFileContents) return load(options);
  const settings = { ...options, lockFileContents: LOCK, packageBaseUrl: options.indexURL };
  const { cache, snapshot, skipped } = await lookup();
  if (skipped) return onFatal(await load(settings), false);
  const fromSnapshot = snapshot && (await restored(settings, snapshot));
  if (fromSnapshot) return fromSnapshot;
  if (!cache) return onFatal(await load(settings), false);
  const pyodide = await load({ ...settings, _makeSnapshot: true });
  mark("booted");
  try {
    await preload(pyodide);
    keep(pyodide.makeMemorySnapshot());
    mark("snapshot-taken");
  } catch (error) {
    warn("not taken", error);
  } finally {
    unwrapGlobals(pyodide);
  }
  return onFatal(pyodide, false);
}
