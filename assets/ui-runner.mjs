// The page's half of a UI in a worker (issue 44): no Python on the page. Started by
// assets/storage-guard.mjs, so the worker is started behind the guard. It starts the UI's
// Python (ui/worker_main.py) in a PyScript worker (assets/py-worker.mjs) and carries out
// what that Python asks of the page, one JSON message `{to, ...}` each (ui/shell/
// worker_link.py says them): paint and notes (assets/painter.js), listen to input
// (assets/input.js, whose messages it forwards), the loading screen's progress, ready and
// failure (assets/boot.js), storage (assets/storage-host.js), the address, the hooks for
// tests, the gesture-bound calls (confirm, copy, download) and the AI worker
// (assets/ai-host.mjs). What needs an answer carries an `id`; the answer goes back as
// `{kind: "answer", id, value | error}`. The worker's first message from the page is
// `start`: the page's address (a worker has none of the page's), which entry,
// `window.romeAiLimits` and whether it is a restart.
//
// A UI worker that dies once the page is up (its `error` event, or no answer to a ping
// for PING_LIMIT_MS: a fatal error of its interpreter, or an endless loop) is started
// again, at most RESTARTS times; the table then resumes its last save and says so
// (ui/worker_main.py). `romeUi.worker` is the one running, for tests.
import { startPyWorker } from "./py-worker.mjs";
import "./ai-host.mjs";

const boot = globalThis.romeBoot;
const html = document.documentElement;
const src = html.dataset.worker;
const asked = new Map(); // the page's hooks' calls the worker has yet to answer
let nextCall = 0;
const PING_MS = 2000;
const PING_LIMIT_MS = 10000;
// The UI's Python answers in milliseconds, and its longest task (a long saved game
// replayed) takes about a second on a slow phone: 10 s unanswered is a dead worker.
const RESTARTS = 3;
let current = null; // the UI's worker now
let restarts = 0;
let pinged = 0; // when the unanswered ping was sent (0: none is)
const listened = new Set(); // the roots whose input goes to the current worker
// What the start did and when (ms since the page's start), the first time of each kind
// of message heard: what a start that never ends shows a tester (e2e/conftest.py).
const steps = [];
function step(what) {
  if (!steps.some(([, done]) => done === what)) steps.push([Math.round(performance.now()), what]);
}
globalThis.romeUi = { get worker() { return current; }, steps };

function post(worker, message) {
  worker.postMessage(JSON.stringify(message));
}

function answer(worker, id, promise) {
  Promise.resolve(promise).then(
    (value) => post(worker, { kind: "answer", id, value: value ?? null }),
    (error) => post(worker, { kind: "answer", id, error: String(error?.message ?? error) }));
}

// `window[name].fn(...args)`: a promise of the worker's answer.
function expose(worker, name, fns) {
  globalThis[name] = Object.fromEntries(fns.map((fn) => [fn, (...args) => {
    const id = ++nextCall;
    post(worker, { kind: "call", id, name, fn, args });
    return new Promise((resolve, reject) => asked.set(id, { resolve, reject }));
  }]));
}

function answered(message) {
  const call = asked.get(message.id);
  asked.delete(message.id);
  if (!call) return;
  if ("error" in message) call.reject(new Error(message.error));
  else call.resolve(message.value);
}

function ai(worker, message) {
  const romeAi = globalThis.romeAi;
  switch (message.op) {
    case "start":
      answer(worker, message.id, romeAi.start(message.name, message.src).then(() => true));
      break;
    case "call":
      answer(worker, message.id, romeAi.call(message.name, message.fn, message.args));
      break;
    case "watch":
      romeAi.watch(message.name, message.lock,
        (cause) => post(worker, { kind: "aiGone", name: message.name, cause }));
      break;
    case "stop": romeAi.stop(message.name); break;
    default: console.warn("The UI's worker asked the AI host for", message.op);
  }
}

// The UI's Python failed where it cannot say so itself (at its script's top, or
// uncaught): the first such error is said, the rest only logged by PyScript.
function failed(message, restored) {
  if (html.dataset.ready === "true") return;
  if (restored && !told && globalThis.romeSnapshot) globalThis.romeSnapshot.restored = true;
  boot.fail(message);
}

// The input half's listeners are the page's for its life: a restarted worker's input
// goes to it through the same ones.
function listen(how, root, options) {
  if (listened.has(root)) return;
  listened.add(root);
  globalThis.romeInput[how](root, (text) => post(current, { kind: "input", root, text }),
    options);
}

function carry(worker, message) {
  const painter = globalThis.romePainter;
  switch (message.to) {
    case "paint": painter.paint(message.text); break;
    case "notes": painter.notes(message.html); break;
    case "listen": listen("listen", message.root, message.options); break;
    case "listenView": listen("listenView", message.root, message.options); break;
    case "pong": pinged = 0; break;
    case "progress": boot.setProgress(message.value, message.text); break;
    case "stage": // PyScript's, in the worker (scripts/lockless_template.mjs): told here
      dispatchEvent(new CustomEvent("py:progress", { detail: message.detail }));
      break;
    case "ready": boot.ready(); break;
    case "marks": // the interpreter's start, told on the page as the page's own would be
      for (const [name, at] of message.marks) {
        performance.mark(name, { startTime: Math.max(0, at - performance.timeOrigin) });
      }
      break;
    case "fail": failed(message.message, message.restored); break;
    case "replaceAddress": history.replaceState(null, "", message.path); break;
    case "expose": expose(worker, message.name, message.fns); break;
    case "answer": answered(message); break;
    case "storeOpen": {
      const { namespace } = message;
      answer(worker, message.id, globalThis.romeStorage.open(namespace,
        (text) => post(worker, { kind: "storage", namespace, text })));
      break;
    }
    case "storeWrite": globalThis.romeStorage.write(message.namespace, message.text); break;
    case "download": painter.download(message.text, message.filename); break;
    case "confirm": answer(worker, message.id, painter.confirm(message.question)); break;
    case "copy": answer(worker, message.id, painter.copy(message.text)); break;
    case "ai": ai(worker, message); break;
    default: console.warn("The UI's worker asked for what the page does not do:", message.to);
  }
}

// Starts the UI's worker; `restarted` when it replaces one that died.
async function launch(restarted) {
  let worker = null;
  const heard = ({ data }) => {
    if (typeof data !== "string" || !data.startsWith("{")) return; // PyScript's own
    if (worker !== null && worker !== current) return; // one that was replaced
    const message = JSON.parse(data);
    step(`heard ${message.to}`);
    if (message.to === "pythonError") failed(message.message, message.restored);
    else carry(worker, message);
  };
  step(restarted ? "restarting" : "starting");
  worker = await startPyWorker(src, heard);
  step("its Python ran");
  current = worker;
  pinged = 0;
  worker.addEventListener("error", (event) => {
    if (worker !== current) return;
    if (html.dataset.ready === "true") restart(`failed (${event.message || event})`);
    else failed(`The UI's worker failed: ${event.message || event}`, false);
  });
  if (html.dataset.error === undefined) post(worker, {
    kind: "start",
    address: location.href,
    entry: html.classList.contains("embed") ? "embed" : "game",
    limits: globalThis.romeAiLimits ?? null,
    restarted,
  });
}

function restart(why) {
  const worker = current;
  current = null;
  worker?.terminate();
  for (const name of [...globalThis.romeAi.workers.keys()]) globalThis.romeAi.stop(name);
  if (restarts >= RESTARTS) {
    boot.stopped(`The game stopped working (its worker ${why}, ${RESTARTS + 1} times).`);
    return;
  }
  restarts += 1;
  console.warn(`The UI's worker ${why}; starting it again.`);
  launch(true).catch((error) => boot.stopped(
    `The game stopped working and could not start again: ${error?.message ?? error}`));
}

// Once the page is up, a ping every PING_MS; one unanswered for PING_LIMIT_MS restarts
// the worker. (A page in the background gets its timers late: the limit counts from
// the ping's own sending, so a late tick is not taken for a dead worker.)
function watchLife() {
  setInterval(() => {
    if (current === null || html.dataset.ready !== "true") return;
    if (!pinged) {
      pinged = performance.now();
      post(current, { kind: "ping" });
    } else if (performance.now() - pinged > PING_LIMIT_MS) {
      restart("stopped answering");
    }
  }, PING_MS);
}

// A page that is left for good ends its UI worker at once: the browser would end it only
// after the page, and until then the worker holds the game's Web Lock and answers the
// other tabs for it (ui/shell/tabs.py), so a reload's new table would take it for
// another tab's. (Every move is saved as it is made: nothing is left to say.)
addEventListener("pagehide", (event) => {
  if (!event.persisted) current?.terminate();
});

let told = false;
try {
  // On the page for its `romeSnapshot` only (Pyodide does not start here): assets/boot.js
  // deletes the worker's snapshot and reloads without one when a start restored from it
  // fails; a reload told so is not retried. Imported here, so that a file of the
  // interpreter's that is missing is named in the sentence below.
  const { toldToStartWithout } = await import("./vendor/pyodide/pyodide-lockless.mjs");
  told = toldToStartWithout();
  boot.setProgress(5, "Loading Python");
  await launch(false);
  watchLife();
} catch (error) {
  // Its Python failed before it could say whether it was restored from a snapshot: the
  // snapshot is the first suspect, once (a start told to go without it is not retried).
  if (!told && globalThis.romeSnapshot) globalThis.romeSnapshot.restored = true;
  boot.fail(`The UI's worker could not start: ${error?.message ?? error}`);
}
