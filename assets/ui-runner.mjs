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
// `start`: the page's address (a worker has none of the page's), which entry, and
// `window.romeAiLimits`.
import { startPyWorker } from "./py-worker.mjs";
import "./ai-host.mjs";

const boot = globalThis.romeBoot;
const html = document.documentElement;
const src = html.dataset.worker;
const asked = new Map(); // the page's hooks' calls the worker has yet to answer
let nextCall = 0;

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

function carry(worker, message) {
  const painter = globalThis.romePainter;
  const input = (root) => (text) => post(worker, { kind: "input", root, text });
  switch (message.to) {
    case "paint": painter.paint(message.text); break;
    case "notes": painter.notes(message.html); break;
    case "listen":
      globalThis.romeInput.listen(message.root, input(message.root), message.options);
      break;
    case "listenView":
      globalThis.romeInput.listenView(message.root, input(message.root), message.options);
      break;
    case "progress": boot.setProgress(message.value, message.text); break;
    case "ready": boot.ready(); break;
    case "marks": // the interpreter's start, told on the page as the page's own would be
      for (const name of message.names) performance.mark(name);
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

let told = false;
try {
  // On the page for its `romeSnapshot` only (Pyodide does not start here): assets/boot.js
  // deletes the worker's snapshot and reloads without one when a start restored from it
  // fails; a reload told so is not retried. Imported here, so that a file of the
  // interpreter's that is missing is named in the sentence below.
  const { toldToStartWithout } = await import("./vendor/pyodide/pyodide-lockless.mjs");
  told = toldToStartWithout();
  boot.setProgress(5, "Loading Python");
  let worker = null;
  const heard = ({ data }) => {
    if (typeof data !== "string" || !data.startsWith("{")) return; // PyScript's own
    const message = JSON.parse(data);
    if (message.to === "pythonError") failed(message.message, message.restored);
    else carry(worker, message);
  };
  worker = await startPyWorker(src, heard);
  worker.addEventListener("error", (event) => failed(
    `The UI's worker failed: ${event.message || event}`, false));
  if (html.dataset.error === undefined) post(worker, {
    kind: "start",
    address: location.href,
    entry: html.classList.contains("embed") ? "embed" : "game",
    limits: globalThis.romeAiLimits ?? null,
  });
} catch (error) {
  // Its Python failed before it could say whether it was restored from a snapshot: the
  // snapshot is the first suspect, once (a start told to go without it is not retried).
  if (!told && globalThis.romeSnapshot) globalThis.romeSnapshot.restored = true;
  boot.fail(`The UI's worker could not start: ${error?.message ?? error}`);
}
