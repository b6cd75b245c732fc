// Lets the page start wherever the browser refuses it storage. Loaded as a module before
// PyScript's core.js (module scripts run in document order), and imported first by every
// worker the page starts while it is in force.
//
// Why: PyScript opens IndexedDB while it boots (file-system handles, package cache) and
// creates a BroadcastChannel; where the browser forbids storage these throw a
// SecurityError and the runtime never starts. Seen in: Chromium in an opaque origin
// (`<iframe sandbox="allow-scripts">`), Firefox ESR 153 with cookies blocked for the site
// (`network.cookie.cookieBehavior = 2`: IndexedDB, BroadcastChannel and localStorage all
// throw), and Safari/Firefox third-party frames under tracking protection. So each of
// `indexedDB` and `BroadcastChannel` is tried here, in whatever origin, and only one that
// throws is replaced by an in-memory stand-in: IndexedDB by fake-indexeddb (a maintained,
// complete implementation, vendored by scripts/vendor.py), BroadcastChannel by the small
// same-page channel below. Nothing outlives the page, which is what the browser asked
// for. `localStorage` is left as it is: ui/storage.py copes with it throwing and tells
// the player once that the game cannot be saved.
import fakeIndexedDB from "./vendor/fake-indexeddb/fakeIndexedDB.js";
import FDBKeyRange from "./vendor/fake-indexeddb/FDBKeyRange.js";

const PROBE = "great-city-of-rome.probe";

function indexedDBThrows() {
  try {
    const request = globalThis.indexedDB.open(PROBE);
    request.onsuccess = () => {
      request.result.close();
      globalThis.indexedDB.deleteDatabase(PROBE);
    };
    return false;
  } catch {
    return true; // also: no indexedDB at all
  }
}

function broadcastChannelThrows() {
  try {
    new globalThis.BroadcastChannel(PROBE).close();
    return false;
  } catch {
    return true;
  }
}

// Messages between the channels of one name inside this page (or worker) only: enough
// for PyScript, which only needs the constructor and its methods to work.
const channels = new Map(); // name -> Set of open channels

class MemoryBroadcastChannel extends EventTarget {
  constructor(name) {
    super();
    this.name = String(name);
    this.onmessage = null;
    this.onmessageerror = null;
    if (!channels.has(this.name)) channels.set(this.name, new Set());
    channels.get(this.name).add(this);
  }

  postMessage(data) {
    const peers = [...(channels.get(this.name) || [])].filter((peer) => peer !== this);
    const copy = structuredClone(data);
    setTimeout(() => {
      for (const peer of peers) {
        if (!channels.get(peer.name)?.has(peer)) continue;
        const event = new MessageEvent("message", { data: copy });
        if (peer.onmessage) peer.onmessage(event);
        peer.dispatchEvent(event);
      }
    });
  }

  close() {
    channels.get(this.name)?.delete(this);
  }
}

function replace(name, value) {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

const opaque = self.origin === "null";
const replaced = [];
if (indexedDBThrows()) {
  replace("indexedDB", fakeIndexedDB);
  replace("IDBKeyRange", FDBKeyRange);
  replaced.push("indexedDB");
}
if (broadcastChannelThrows()) {
  replace("BroadcastChannel", MemoryBroadcastChannel);
  replaced.push("BroadcastChannel");
}

if (typeof document !== "undefined") {
  const html = document.documentElement;
  if (replaced.length) html.dataset.storageStandIns = replaced.join(" ");
  // Where the browser refuses IndexedDB it refuses the offline cache too: Firefox ESR 153
  // with cookies blocked logs an error for the mere attempt to register the service
  // worker (e2e/engines/test_firefox_storage.py), so assets/boot.js is told not to try.
  if (replaced.includes("indexedDB")) html.dataset.serviceWorker = "off";
  if (opaque) html.dataset.opaqueOrigin = "true";
  if (replaced.length || opaque) guardWorkers();
}

// PyScript's workers (the AI) boot their own interpreter, which opens IndexedDB again in
// the worker's scope: each module worker's script is therefore started behind an import
// of this file. Chromium does not start a module worker from a blob: URL in an opaque
// origin at all, and PyScript makes exactly that, so there the script (a blob of the page
// itself) is read and restarted from a data: URL; data: workers start, and their imports
// of this folder pass through CORS.
function guardWorkers() {
  const here = import.meta.url;
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
      const source = `import ${JSON.stringify(here)};\n${body}`;
      super(opaque
        ? `data:text/javascript;charset=utf-8,${encodeURIComponent(source)}`
        : URL.createObjectURL(new Blob([source], { type: "text/javascript" })), options);
    }
  };
}
