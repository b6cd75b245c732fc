// Imported first by every module worker a guarded page starts (assets/storage-guard.mjs):
// the same stand-ins in the worker's own scope, where PyScript's worker opens IndexedDB
// again. The stand-in is imported statically, so it is in place before any module of the
// worker runs (a top-level await here would not hold back the worker's other imports).
// `?indexedDB=stand-in` on this module's address: the page found IndexedDB failing (maybe
// only asynchronously, which a synchronous probe here cannot see), so the worker uses the
// stand-in too.
import fakeIndexedDB from "./vendor/fake-indexeddb/fakeIndexedDB.js";
import FDBKeyRange from "./vendor/fake-indexeddb/FDBKeyRange.js";
import { indexedDBThrows, standIn } from "./storage-standins.mjs";

const told = new URL(import.meta.url).searchParams.get("indexedDB") === "stand-in";
standIn(told || indexedDBThrows() ? { indexedDB: fakeIndexedDB, IDBKeyRange: FDBKeyRange } : null);
