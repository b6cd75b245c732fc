"""Storage faults as first scripts of a page, shared by the Chromium tests
(``test_faults.py``) and the cross-engine suite (``engines/test_engines.py``).

Each runs before the page's own scripts (Playwright's init script, or a script the engines'
copy of ``index.html`` loads first); the page's workers keep the browser's own storage.
"""

from __future__ import annotations

FULL_STORAGE = """(() => {
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.storageFull && String(key).startsWith('great-city-of-rome.game.'))
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return real.call(this, key, value);
  };
})();
"""
"""``localStorage`` refuses the game's saves (``QuotaExceededError``) while
``window.storageFull`` is true, as a full quota does."""

FAILS_LATER = {
    # A real request that fires `error` asynchronously (VersionError: every open asks for
    # a version below the one a first open gave the database), as a broken backing store's
    # does; PyScript's handler then threw "The event is already being dispatched".
    "indexeddb-open-errors": """(() => {
      const open = IDBFactory.prototype.open, name = "broken-backing-store";
      const first = open.call(indexedDB, name, 5);
      first.onsuccess = () => first.result.close();
      IDBFactory.prototype.open = function () { return open.call(this, name, 1); };
    })();""",
    "indexeddb-open-never-answers": """(() => {
      IDBFactory.prototype.open = function () { return new EventTarget(); };
    })();""",
    "cache-storage-rejects": """(() => {
      CacheStorage.prototype.open = () =>
        Promise.reject(new DOMException("Unknown failure.", "UnknownError"));
    })();""",
    "cache-storage-full": """(() => {
      Cache.prototype.put = () =>
        Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError"));
    })();""",
}
"""Storage that fails later rather than at once: the game must start, play and save as
usual (IndexedDB is PyScript's, Cache Storage the Pyodide snapshot's: neither holds a
game)."""
