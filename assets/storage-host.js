// The page's storage owner: the one place that touches localStorage (issue 44).
// Why JS, and why by message: workers have no localStorage, so the game's Python
// (ui/saves/storage.py, `Store`) keeps a copy of its namespace, reads that copy, and
// asks for every write by a plain JSON message that this host answers later. The same
// shape serves the Python on the page today and in a worker tomorrow (postMessage).
// Storage may be missing, throw on the mere access (an opaque-origin frame), refuse a
// write (private browsing, a full quota) or change in another tab: every call here
// catches, and says what happened in a message instead of throwing.
//
// romeStorage.open(namespace, answer) -> JSON {"available": bool, "items": {key: text}}
//   (keys without the "<namespace>." prefix); `answer(json)` then hears this namespace:
//   {"kind": "written", "id": n, "ok": bool, "now": {key: text|null}}: a write's outcome;
//     the writes are tried in order and stop at the first refused, so a damaged value is
//     removed only once its copy is kept; "now" holds what storage has for each key not
//     written, which the copy takes;
//   {"kind": "changed", "key": key, "value": text|null}: another tab wrote a key;
//   {"kind": "cleared", "items": {...}}: another tab cleared storage (or an unreadable
//     change): the namespace as it is now.
// romeStorage.write(namespace, json) with JSON {"id": n, "writes": [[key, text|null], ...]}.
// romeStorage.close(namespace): no more answers for it.
// tests/test_storage_host.py runs this file under Node with hostile storage objects.
(() => {
  "use strict";
  const PROBE = "great-city-of-rome.probe";
  const answers = new Map();

  // localStorage if it can be read, else null (the access itself may throw).
  function storage() {
    try {
      const found = globalThis.localStorage;
      if (!found) return null;
      found.getItem(PROBE);
      return found;
    } catch {
      return null;
    }
  }

  // The namespace's entries, keys without their prefix (what could be read of them).
  function items(store, namespace) {
    const prefix = namespace + ".";
    const found = {};
    try {
      for (let i = 0; i < store.length; i += 1) {
        const name = store.key(i);
        if (typeof name !== "string" || !name.startsWith(prefix)) continue;
        const value = store.getItem(name);
        if (typeof value === "string") found[name.slice(prefix.length)] = value;
      }
    } catch {
      // what was read so far
    }
    return found;
  }

  function read(store, name) {
    try {
      const value = store.getItem(name);
      return typeof value === "string" ? value : null;
    } catch {
      return null;
    }
  }

  // Later, as a worker's answer would be: never inside the caller's own call.
  function later(namespace, message) {
    const answer = answers.get(namespace);
    if (!answer) return;
    const text = JSON.stringify(message);
    queueMicrotask(() => {
      if (answers.get(namespace) === answer) answer(text);
    });
  }

  function open(namespace, answer) {
    answers.set(namespace, answer);
    const store = storage();
    return JSON.stringify({ available: store !== null,
      items: store === null ? {} : items(store, namespace) });
  }

  function write(namespace, text) {
    const { id, writes } = JSON.parse(text);
    const store = storage();
    const prefix = namespace + ".";
    let done = 0;
    if (store !== null) {
      for (const [key, value] of writes) {
        try {
          if (value === null) store.removeItem(prefix + key);
          else store.setItem(prefix + key, value);
        } catch {
          break;
        }
        done += 1;
      }
    }
    const now = {};
    for (const [key] of writes.slice(done)) {
      now[key] = store === null ? null : read(store, prefix + key);
    }
    later(namespace, { kind: "written", id, ok: done === writes.length, now });
  }

  function close(namespace) {
    answers.delete(namespace);
  }

  // Another tab's change, told to the namespace it belongs to.
  function heard(event) {
    for (const namespace of answers.keys()) {
      const prefix = namespace + ".";
      if (typeof event.key === "string") {
        if (!event.key.startsWith(prefix)) continue;
        later(namespace, { kind: "changed", key: event.key.slice(prefix.length),
          value: typeof event.newValue === "string" ? event.newValue : null });
      } else {
        const store = storage();
        later(namespace, { kind: "cleared", items: store === null ? {} : items(store, namespace) });
      }
    }
  }

  try {
    globalThis.addEventListener("storage", heard);
  } catch {
    // no events where there is no window (a test's context): nothing to hear
  }
  globalThis.romeStorage = { open, write, close };
})();
