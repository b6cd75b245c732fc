// How the page starts a Python worker (the UI's, assets/ui-runner.mjs, and the computer
// players', assets/ai-host.mjs): PyScript's PyWorker, given the interpreter pyscript.toml
// names. Started from JavaScript, a PyWorker takes its interpreter as `version`; from the
// config alone it would reach for PyScript's default, a CDN. Its promise settles once the
// worker's Python has run (its `__export__` functions are then on `xworker.sync`).
import { PyWorker } from "./vendor/pyscript/core.js";

const config = new URL("../pyscript.toml", import.meta.url).href;
const version = new URL("./vendor/pyodide/pyodide-lockless.mjs", import.meta.url).href;

export function startPyWorker(src) {
  return PyWorker(new URL(src, document.baseURI).href, { config, version });
}
