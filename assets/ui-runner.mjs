// The page's half of a UI in a worker (issue 44): no Python on the page. Started by
// assets/storage-guard.mjs, so the worker is started behind the guard. It starts the UI's
// Python in a PyScript worker (assets/py-worker.mjs) and carries out what that Python asks of the page, one JSON message each: paint (assets/painter.js), notes,
// listen to input (assets/input.js, whose messages it forwards), the loading screen's
// progress, ready and failure (assets/boot.js). The worker's first message from the page
// is the page's address: a worker has no `location` of the page's.
import { startPyWorker } from "./py-worker.mjs";
// On the page for its `romeSnapshot` only (Pyodide does not start here): assets/boot.js
// deletes the worker's snapshot and reloads without one when a start restored from it
// fails; a reload told so is not retried.
import { toldToStartWithout } from "./vendor/pyodide/pyodide-lockless.mjs";

const boot = globalThis.romeBoot;
const told = toldToStartWithout();
const src = document.documentElement.dataset.worker;
function carry(worker, message) {
  switch (message.to) {
    case "paint": globalThis.romePainter.paint(message.text); break;
    case "notes": globalThis.romePainter.notes(message.html); break;
    case "listenView":
      globalThis.romeInput.listenView(message.root, (text) => worker.postMessage(
        JSON.stringify({ kind: "input", root: message.root, text })), message.options);
      break;
    case "progress": boot.setProgress(message.value, message.text); break;
    case "ready": boot.ready(); break;
    case "marks": // the interpreter's start, told on the page as the page's own would be
      for (const name of message.names) performance.mark(name);
      break;
    case "fail":
      if (message.restored && !told && globalThis.romeSnapshot) {
        globalThis.romeSnapshot.restored = true;
      }
      boot.fail(message.message);
      break;
    default: console.warn("The UI's worker asked for what the page does not do:", message.to);
  }
}

try {
  boot.setProgress(5, "Loading Python");
  const worker = await startPyWorker(src);
  worker.onmessage = ({ data }) => {
    if (typeof data !== "string" || !data.startsWith("{")) return; // PyScript's own
    carry(worker, JSON.parse(data));
  };
  worker.onerror = (event) => boot.fail(`The UI's worker failed: ${event.message || event}`);
  worker.postMessage(JSON.stringify({ kind: "start", address: location.href }));
} catch (error) {
  // Its Python failed before it could say whether it was restored from a snapshot: the
  // snapshot is the first suspect, once (a start told to go without it is not retried).
  if (!told && globalThis.romeSnapshot) globalThis.romeSnapshot.restored = true;
  boot.fail(`The UI's worker could not start: ${error?.message ?? error}`);
}
