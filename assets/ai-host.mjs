// The computer players' workers, as the page's JavaScript owns them (issue 44): the
// UI's worker asks for each by name, in messages that assets/ui-runner.mjs carries out
// here (ui/shell/worker_host.py). Started behind assets/storage-guard.mjs, so every
// worker starts behind the guard.
//
// `romeAi.start(name, src)` starts a Python worker (assets/py-worker.mjs), checks it, and
// settles with `{ exports }`, its `__export__` functions (each answers with a promise;
// wrapped, since a promise settled with the exports themselves would ask them for
// `then`); `call(name, fn, args)` calls one of them.
// `watch(name, lock, gone)` calls `gone("crashed")` on the worker's error event,
// `gone("garbled")` on a message it could not read, and `gone("closed")` when the Web Lock
// `lock` it holds for its life (ui/worker/lifeline.py) is granted to the page: it ended.
// `stop(name)` terminates it. `workers` maps each running name to its worker, for tests.
import { startPyWorker } from "./py-worker.mjs";

const workers = new Map();
const starting = new Map(); // name -> its start under way (a start stopped meanwhile is not)

const SELF_CHECK_MS = 10000;
const FORGET_MS = 10000;

// A time limit on a promise (assets/boot.js's).
const within = (promise, ms) => globalThis.romeBoot.withTimeout(promise, ms);

async function begin(name, src) {
  const token = {};
  starting.set(name, token);
  const worker = await startPyWorker(src);
  if (starting.get(name) !== token) { // stopped while it started (its time limit ran out)
    worker.terminate();
    throw new Error(`the worker ${name} was stopped while it started`);
  }
  starting.delete(name);
  workers.set(name, worker);
  return worker;
}

// "" if the worker started and its Python answers its self-check rightly (ui/selfcheck.py),
// else what went wrong.
async function checked(name, src) {
  try {
    const worker = await begin(name, src);
    const wrong = String(await within(worker.sync.self_check(), SELF_CHECK_MS));
    return wrong && `its start-up self-check found a wrong answer about ${wrong}`;
  } catch (error) {
    return String(error?.message ?? error);
  }
}

// A worker that fails to start or answers wrongly may have restored a bad memory snapshot:
// where Cache Storage holds snapshots, it is deleted and the worker started once more,
// without it. Rejects with what went wrong if it still fails.
async function start(name, src) {
  let wrong = await checked(name, src);
  const snapshots = globalThis.romeSnapshot;
  if (wrong && snapshots && await within(snapshots.forget(), FORGET_MS).catch(() => false)) {
    console.warn(`The AI worker did not start well (${wrong}); starting it again without ` +
      "the memory snapshot.");
    stop(name);
    wrong = await checked(name, src);
  }
  if (wrong) {
    stop(name);
    throw new Error(wrong);
  }
  return { exports: workers.get(name).sync };
}

// One of the worker's exports, called (the UI's runner relays its worker's calls so).
function call(name, fn, args) {
  const worker = workers.get(name);
  if (!worker) return Promise.reject(new Error(`the worker ${name} is not running`));
  return worker.sync[fn](...args);
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

globalThis.romeAi = { start, call, watch, stop, workers };
