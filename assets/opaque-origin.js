// Lets the page start in an opaque origin: `<iframe sandbox="allow-scripts">` without
// `allow-same-origin`, where Chromium throws a SecurityError from `indexedDB.open` and
// from every `localStorage` access. Loaded as a classic script before PyScript.
// Why: PyScript opens IndexedDB while it boots (its file-system handles and its
// package cache), so an opaque origin stopped it with "access to the Indexed Database
// API is denied". Here, and only in an opaque origin, `indexedDB` becomes a small
// in-memory stand-in with just the calls PyScript makes (IDBMap: open, one object
// store, get/put/delete/clear/count/getKey/getAllKeys). Nothing outlives the page,
// which is exactly what an opaque origin means anyway; the game's own saves go through
// ui/saves/storage.py, which says so on screen.
(() => {
  "use strict";
  if (self.origin !== "null") return; // a real origin: leave everything alone

  const later = (fn) => Promise.resolve().then(fn);

  // An IDBRequest look-alike: handlers may be set after the call returns, so
  // completion is always deferred to a microtask.
  function request(compute, source) {
    const req = { result: undefined, error: null, source, onsuccess: null, onerror: null };
    later(() => {
      try {
        req.result = compute();
        if (req.onsuccess) req.onsuccess({ type: "success", target: req });
      } catch (error) {
        req.error = error;
        if (req.onerror) req.onerror({ type: "error", target: req, message: String(error) });
      }
    });
    return req;
  }

  function objectStore(map) {
    return {
      get: (key) => request(() => map.get(key)),
      getKey: (key) => request(() => (map.has(key) ? key : undefined)),
      getAll: () => request(() => [...map.values()]),
      getAllKeys: () => request(() => [...map.keys()].sort()),
      count: () => request(() => map.size),
      put: (value, key) => request(() => (map.set(key, structuredClone(value)), key)),
      add: (value, key) => request(() => (map.set(key, structuredClone(value)), key)),
      delete: (key) => request(() => void map.delete(key)),
      clear: () => request(() => void map.clear()),
    };
  }

  const databases = new Map(); // name -> Map(store name -> Map)

  function database(name) {
    const stores = databases.get(name);
    return {
      name,
      version: 1,
      objectStoreNames: {
        get length() { return stores.size; },
        contains: (store) => stores.has(store),
      },
      createObjectStore(store) {
        if (!stores.has(store)) stores.set(store, new Map());
        return objectStore(stores.get(store));
      },
      transaction(store) {
        const names = [].concat(store);
        const tx = {
          oncomplete: null,
          onerror: null,
          onabort: null,
          objectStore: (one) => objectStore(stores.get(one)),
        };
        if (!names.every((one) => stores.has(one))) {
          throw new DOMException(`no object store ${names}`, "NotFoundError");
        }
        later(() => later(() => tx.oncomplete && tx.oncomplete({ type: "complete", target: tx })));
        return tx;
      },
      close() {},
      onabort: null,
      onclose: null,
      onerror: null,
      onversionchange: null,
    };
  }

  const memoryIndexedDB = {
    open(name) {
      const fresh = !databases.has(name);
      if (fresh) databases.set(name, new Map());
      const db = database(name);
      const req = { result: db, error: null, onsuccess: null, onerror: null, onupgradeneeded: null };
      later(() => {
        if (fresh && req.onupgradeneeded) {
          const transaction = { oncomplete: null, objectStore: (s) => db.createObjectStore(s) };
          req.onupgradeneeded({ type: "upgradeneeded", target: { result: db, transaction } });
          later(() => transaction.oncomplete && transaction.oncomplete({ type: "complete" }));
        } else if (req.onsuccess) {
          req.onsuccess({ type: "success", target: req });
        }
      });
      return req;
    },
    deleteDatabase(name) {
      return request(() => void databases.delete(name));
    },
    cmp: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
    databases: async () => [...databases.keys()].map((name) => ({ name, version: 1 })),
  };

  Object.defineProperty(globalThis, "indexedDB", {
    value: memoryIndexedDB,
    configurable: true,
    writable: true,
  });

  // PyScript's workers (the AI) boot their own interpreter, which opens IndexedDB
  // again, in the worker's scope where this file has not run. Worse, Chromium does not
  // start a module worker from a blob: URL in an opaque origin at all, and PyScript
  // makes exactly that. So in an opaque origin a module worker's script is read
  // (a blob of the page itself) and restarted from a data: URL that first imports this
  // file: data: workers start, and their imports of this folder pass through CORS.
  if (typeof document === "undefined" || typeof Worker === "undefined") return;
  document.documentElement.dataset.opaqueOrigin = "true";
  const here = document.currentScript.src;
  const NativeWorker = Worker;

  function readSync(url) {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", url, false); // a blob: URL of this page: local and immediate
    xhr.send();
    return xhr.responseText;
  }

  globalThis.Worker = class extends NativeWorker {
    constructor(url, options) {
      const href = String(url instanceof URL ? url.href : new URL(url, location.href));
      if (options && options.type === "module") {
        const body = href.startsWith("blob:") ? readSync(href) : `import ${JSON.stringify(href)};`;
        const source = `import ${JSON.stringify(here)};\n${body}`;
        super(`data:text/javascript;charset=utf-8,${encodeURIComponent(source)}`, options);
      } else {
        const source = `importScripts(${JSON.stringify(here)}, ${JSON.stringify(href)});`;
        super(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), options);
      }
    }
  };
})();
