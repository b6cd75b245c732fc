// Lets the page start wherever the browser refuses it storage, then starts PyScript: the
// pages load this module, not PyScript's core.js, so the guard is in place before
// PyScript first touches storage. Every module worker the page starts while the guard is
// in force imports storage-guard-worker.mjs first.
//
// Why: PyScript opens IndexedDB while it boots (file-system handles, package cache) and
// creates a BroadcastChannel; where the browser forbids storage these throw a
// SecurityError and the runtime never starts. Seen in: Chromium in an opaque origin
// (`<iframe sandbox="allow-scripts">`), Firefox ESR 153 with cookies blocked for the site
// (`network.cookie.cookieBehavior = 2`: IndexedDB, BroadcastChannel and localStorage all
// throw), and Safari/Firefox third-party frames under tracking protection. Where IndexedDB
// fails later instead (its `open` fires `error`: a broken backing store), PyScript's
// handler re-dispatches the event, which throws "InvalidStateError: The event is already
// being dispatched", and the start stops too. So each of `indexedDB` and
// `BroadcastChannel` is tried here, in whatever origin (IndexedDB is opened and its answer
// awaited, at most PROBE_MS), and only one that fails is replaced by an in-memory
// stand-in: IndexedDB by fake-indexeddb (a maintained, complete implementation, vendored
// by scripts/vendor.py; its 17 modules are fetched only where they are needed),
// BroadcastChannel by a small same-page channel (storage-standins.mjs). Nothing outlives
// the page, which is what the browser asked for. `localStorage` is left as it is:
// ui/saves/storage.py copes with it throwing, and the table says that the game is not saved.
import { indexedDBFails, standIn } from "./storage-standins.mjs";

const PROBE_MS = 3000;
// An open answers in a few milliseconds (docs/hardening.md); one that has not answered in
// 3 s is treated as broken: PyScript's own would keep the start waiting until its limit.

async function loadFake() {
  const [idb, range] = await Promise.all([import("./vendor/fake-indexeddb/fakeIndexedDB.js"),
                                          import("./vendor/fake-indexeddb/FDBKeyRange.js")]);
  return { indexedDB: idb.default, IDBKeyRange: range.default };
}

const opaque = self.origin === "null";
const replaced = standIn((await indexedDBFails(PROBE_MS)) ? await loadFake() : null);
const html = document.documentElement;
if (replaced.length) html.dataset.storageStandIns = replaced.join(" ");
// Where the browser refuses storage it refuses the offline cache too: Firefox ESR 153
// with cookies blocked logs an error for the mere attempt to register the service
// worker (e2e/engines/test_firefox_storage.py), so assets/boot.js is told not to try.
// Hence the service worker never needs what only a stand-in loads (fake-indexeddb,
// storage-guard-worker.mjs), and a first visit does not download it (scripts/vendor.py).
if (replaced.length) html.dataset.serviceWorker = "off";
if (opaque) html.dataset.opaqueOrigin = "true";
if (replaced.length || opaque) guardWorkers();
// Imported here, not listed in the page: a module script after this one could run while
// this one still awaits the stand-in. The pages preload it, so it downloads alongside.
// The page's UI runs in a worker (issue 44: `data-worker` names its Python), started only
// now, so that it is started behind the guard too.
await import("./vendor/pyscript/core.js");
await import("./ui-runner.mjs");

// PyScript's workers (the AI) boot their own interpreter, which opens IndexedDB again in
// the worker's scope: each module worker's script is therefore started behind an import
// of storage-guard-worker.mjs. Chromium does not start a module worker from a blob: URL in an opaque
// origin at all, and PyScript makes exactly that, so there the script (a blob of the page
// itself) is read and restarted from a data: URL; data: workers start, and their imports
// of this folder pass through CORS.
function guardWorkers() {
  // The worker's own probe sees only an IndexedDB that throws: where the page's failed
  // later, the worker is told to use the stand-in outright.
  const here = new URL("./storage-guard-worker.mjs", import.meta.url);
  if (replaced.includes("indexedDB")) here.searchParams.set("indexedDB", "stand-in");
  const NativeWorker = globalThis.Worker;
  if (typeof NativeWorker === "undefined") return;

  function readSync(url) {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", url, false); // a blob: URL of this page: local and immediate
    xhr.send();
    return xhr.responseText;
  }

  globalThis.Worker = class extends NativeWorker {
    constructor(url, options) {
      if (!options || options.type !== "module") {
        super(url, options); // a classic worker cannot import a module: left as it is
        return;
      }
      const href = String(url instanceof URL ? url.href : new URL(url, location.href));
      const body = href.startsWith("blob:") ? readSync(href) : `import ${JSON.stringify(href)};`;
      const source = `import ${JSON.stringify(here.href)};\n${body}`;
      super(opaque
        ? `data:text/javascript;charset=utf-8,${encodeURIComponent(source)}`
        : URL.createObjectURL(new Blob([source], { type: "text/javascript" })), options);
    }
  };
}
