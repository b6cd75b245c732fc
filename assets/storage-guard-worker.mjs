// Imported first by every module worker a guarded page starts (assets/storage-guard.mjs):
// the same stand-ins in the worker's own scope, where PyScript's worker opens IndexedDB
// again. The stand-in is imported statically, so it is in place before any module of the
// worker runs (a top-level await here would not hold back the worker's other imports).
import fakeIndexedDB from "./vendor/fake-indexeddb/fakeIndexedDB.js";
import FDBKeyRange from "./vendor/fake-indexeddb/FDBKeyRange.js";
import { indexedDBThrows, standIn } from "./storage-standins.mjs";

standIn(indexedDBThrows() ? { indexedDB: fakeIndexedDB, IDBKeyRange: FDBKeyRange } : null);
