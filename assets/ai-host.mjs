// The computer players' workers, as the page's JavaScript owns them (issue 44): the
// table's Python (ui/shell/boot.py) asks for each by name, and when it moves into a
// worker of its own, these same calls arrive as its messages. Started by
// assets/storage-guard.mjs, so every worker starts behind the guard.
//
// `romeAi.start(name, src)` starts a Python worker (assets/py-worker.mjs) and settles with
// `{ exports }`, its `__export__` functions (each answers with a promise; wrapped, since a
// promise settled with the exports themselves would ask them for `then`).
// `watch(name, lock, gone)` calls `gone("crashed")` on the worker's error event,
// `gone("garbled")` on a message it could not read, and `gone("closed")` when the Web Lock
// `lock` it holds for its life (ui/worker/lifeline.py) is granted to the page: it ended.
// `stop(name)` terminates it. `workers` maps each running name to its worker, for tests.
import { startPyWorker } from "./py-worker.mjs";

const workers = new Map();
const starting = new Map(); // name -> its start under way (a start stopped meanwhile is not)

async function start(name, src) {
  const token = {};
  starting.set(name, token);
  const worker = await startPyWorker(src);
  if (starting.get(name) !== token) { // stopped while it started (its time limit ran out)
    worker.terminate();
    throw new Error(`the worker ${name} was stopped while it started`);
  }
  starting.delete(name);
  workers.set(name, worker);
  return { exports: worker.sync };
}

function watch(name, lock, gone) {
  const worker = workers.get(name);
  worker?.addEventListener("error", () => gone("crashed"));
  worker?.addEventListener("messageerror", () => gone("garbled"));
  if (!lock) return;
  try {
    navigator.locks.request(lock, () => gone("closed")).catch(() => {}); // the page unloads
  } catch {
    // no Web Locks here: pings and time limits tell instead
  }
}

function stop(name) {
  workers.get(name)?.terminate();
  workers.delete(name);
  starting.delete(name);
}

globalThis.romeAi = { start, watch, stop, workers };
