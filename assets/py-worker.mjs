// How the page starts a Python worker (the UI's, assets/ui-runner.mjs, and the computer
// players', assets/ai-host.mjs): PyScript's PyWorker, given the interpreter pyscript.toml
// names. Started from JavaScript, a PyWorker takes its interpreter as `version`; from the
// config alone it would reach for PyScript's default, a CDN. Its promise settles once the
// worker's Python has run (its `__export__` functions are then on `xworker.sync`).
import { PyWorker, hooks } from "./vendor/pyscript/core.js";

const config = new URL("../pyscript.toml", import.meta.url).href;
const version = new URL("./vendor/pyodide/pyodide-lockless.mjs", import.meta.url).href;

// A Python error PyScript catches in a worker (the script's own, at its top) is only
// logged there, and its `ready` resolves all the same: each worker also posts it to the
// page, as `{to: "pythonError", message, restored}` (its traceback, and whether this
// worker's interpreter came from a memory snapshot), for the runner to say. (PyScript
// runs this hook in the worker, from its source: it may use nothing from here.)
hooks.worker.onReady.add((wrap, xworker) => {
  const { stderr } = wrap.io;
  wrap.io.stderr = (error, ...rest) => {
    if (error instanceof Error) { // not a line the Python wrote to sys.stderr itself
      xworker.postMessage(JSON.stringify({
        to: "pythonError",
        message: String(error.message),
        restored: Boolean(globalThis.romeSnapshot?.restored),
      }));
    }
    return stderr(error, ...rest);
  };
});

// Who hears each worker's messages from its first: `ready` resolves only once the script
// has run, and what it posted meanwhile would be lost. Workers are made in the order
// they are asked for, so the next one made is the oldest asker's.
const hearing = [];
hooks.main.onWorker.add((_, xworker) => {
  const heard = hearing.shift();
  if (heard) xworker.addEventListener("message", heard);
});

// PyScript gives a worker its hooks (those above) only once its plugins are loaded, and
// says so by defining <py-script>; PyWorker itself does not wait for them (it awaits
// the function that loads them, not its promise). A worker asked for sooner, as a
// page whose Python is all in workers can, would start without them: no one would hear
// it. Waiting for the definition keeps the order in which workers are asked for.
const hooked = customElements.whenDefined("py-script");

// `heard(event)`, if given, receives every message the worker posts, from its start.
export async function startPyWorker(src, heard = null) {
  const url = new URL(src, document.baseURI).href;
  await hooked;
  hearing.push(heard);
  return PyWorker(url, { config, version });
}
