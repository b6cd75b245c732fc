// The stand-ins of assets/storage-guard.mjs (the page) and storage-guard-worker.mjs (its
// workers): the probes that tell whether the browser refuses IndexedDB or
// BroadcastChannel, an in-memory BroadcastChannel, and the one way a global is replaced.
const PROBE = "great-city-of-rome.probe";

export function indexedDBThrows() {
  try {
    const request = globalThis.indexedDB.open(PROBE);
    request.onsuccess = () => request.result.close();
    request.onerror = (event) => event.preventDefault();
    return false;
  } catch {
    return true; // also: no indexedDB at all
  }
}

/** Whether IndexedDB fails, at once or later: true when `open` throws, answers with an
 * `error` event (a broken backing store, a profile on a full disk: PyScript's own open
 * then fails the same way, and its handler re-dispatches the event, which throws
 * "InvalidStateError: The event is already being dispatched" and stops the start), or gives
 * no answer within `ms` (PyScript would wait for it forever). The probe database is kept,
 * empty, so later visits only open it (a few milliseconds: docs/hardening.md). */
export function indexedDBFails(ms) {
  return new Promise((resolve) => {
    let request;
    try {
      request = globalThis.indexedDB.open(PROBE);
    } catch {
      resolve(true); // also: no indexedDB at all
      return;
    }
    const timer = setTimeout(() => resolve(true), ms);
    request.onsuccess = () => {
      clearTimeout(timer);
      request.result.close();
      resolve(false);
    };
    request.onerror = (event) => {
      event.preventDefault(); // handled here: no "uncaught" report of the probe's error
      clearTimeout(timer);
      resolve(true);
    };
  });
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


/** Replace what throws: IndexedDB by ``fake`` ({indexedDB, IDBKeyRange} from
 * fake-indexeddb, given by the caller only where ``indexedDBThrows()``) and BroadcastChannel
 * by the in-memory channel. Synchronous, so a module that calls it at its top level has
 * the stand-ins in place before its importers run. Returns the names replaced. */
export function standIn(fake) {
  const replaced = [];
  if (fake) {
    replace("indexedDB", fake.indexedDB);
    replace("IDBKeyRange", fake.IDBKeyRange);
    replaced.push("indexedDB");
  }
  if (broadcastChannelThrows()) {
    replace("BroadcastChannel", MemoryBroadcastChannel);
    replaced.push("BroadcastChannel");
  }
  return replaced;
}
