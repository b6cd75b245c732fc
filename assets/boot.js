// Start-up guard for the page, loaded as a classic script before PyScript.
// Why JS: failures before Python runs (interpreter missing, a script failing to load,
// a hang) can only be seen from here. It feeds the progress bar from PyScript's
// `py:progress` events, and turns any start-up failure into a readable message plus
// `data-error` on <html>. The UI's worker says when the page is interactive (through
// assets/ui-runner.mjs, which calls `romeBoot.ready()`), which sets `data-ready="true"`.
//
// A start whose Python was restored from a memory snapshot (`romeSnapshot`, set by the
// interpreter module, scripts/lockless_template.mjs) and that fails in any way (an
// exception, a fatal error of Pyodide, a wrong answer of the self-check, the time limit)
// is not shown as an error: the snapshot is the first suspect, so it is deleted and the
// page reloaded to start without one. That start is told so by its address (it carries
// no snapshot to fail, so there is one retry at most); if it fails too, the error says
// that reloading will not help.
(() => {
  "use strict";
  const html = document.documentElement;
  const timeoutMs = Number(html.dataset.bootTimeout || 120000);
  // Rough share of the start-up each PyScript stage marks; unknown stages nudge forward.
  const STAGES = {
    "Loading Pyodide": 5,
    "Loading interpreter": 5,
    "Loaded Pyodide": 70,
    "Loaded interpreter": 70,
    "Loading files": 75,
    "Loaded files": 85,
    "Loading JS modules": 86,
    "Loaded JS modules": 88,
  };
  let progress = 0;
  let settled = false;
  const AFRESH = "The game already started afresh, so reloading will not help: please " +
    "report the message above.";

  const $ = (id) => document.getElementById(id);

  function setProgress(value, text) {
    progress = Math.max(progress, Math.min(100, value));
    const bar = $("loading-bar");
    if (bar) bar.value = progress;
    if (text && $("loading-text")) $("loading-text").textContent = text + "…";
  }

  function fail(message) {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    const snapshot = globalThis.romeSnapshot;
    if (!snapshot?.restored) return show(message, snapshot?.skipped);
    console.warn("The start from the memory snapshot failed; starting without it:", message);
    setProgress(progress, "Starting again");
    snapshot.startWithout().catch(() => show(message, false));
  }

  // The game stopped for good once it was up (its worker kept dying: assets/ui-runner.mjs):
  // said as a failed start is, in place of the table, which no longer answers.
  function stopped(message) {
    settled = true;
    show(message, false);
    if ($("app")) $("app").hidden = true;
  }

  function show(message, afresh) {
    let text = String(message || "unknown error").trim();
    // A Python traceback's useful part is its last line: show that first.
    const summary = text.split("\n").filter((line) => line.trim()).pop() || text;
    if (summary !== text) text = `${summary}\n\n${text}`;
    html.dataset.error = summary.slice(0, 500);
    if ($("starting")) $("starting").hidden = false;
    if ($("loading")) $("loading").hidden = true;
    if ($("boot-error-message")) $("boot-error-message").textContent = text;
    if (afresh && $("boot-error-advice")) $("boot-error-advice").textContent = AFRESH;
    if ($("boot-error")) $("boot-error").hidden = false;
  }

  function ready() {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    setProgress(100, "Ready");
    if ($("loading")) $("loading").hidden = true;
    if ($("starting")) $("starting").hidden = true; // one <main> shows at a time
    if ($("app")) $("app").hidden = false;
    html.dataset.readyMs = String(Math.round(performance.now()));
    html.dataset.ready = "true";
    // Offline support is set up only now, once the player has left the page alone for a
    // second: caching the site must slow neither the first start nor the answers to the
    // first clicks (at a phone's speed the caching under way made some 100-200 ms late).
    lastInput = performance.now();
    whenQuiet(registerServiceWorker);
  }

  const QUIET_MS = 1000;
  let lastInput = 0;
  for (const type of ["pointerdown", "keydown"]) {
    addEventListener(type, () => {
      lastInput = performance.now();
    }, { capture: true, passive: true });
  }

  function whenQuiet(then) {
    const left = lastInput + QUIET_MS - performance.now();
    if (left <= 0) then();
    else setTimeout(() => whenQuiet(then), left);
  }

  // Offline play (sw.js, written by scripts/vendor.py). Storage-like APIs may throw in an
  // opaque-origin frame, and a site opened from disk has no service worker: both are fine.
  function registerServiceWorker() {
    let container;
    try {
      container = navigator.serviceWorker;
      if (!container || html.dataset.serviceWorker === "off") return;
    } catch {
      return;
    }
    let reloading = false;
    let reloaded = false;
    const reloadOnce = () => {
      if (reloading && !reloaded) {
        reloaded = true;
        location.reload();
      }
    };
    container.addEventListener("controllerchange", reloadOnce);
    // A new version is installed (all its files cached) while this page runs the old one.
    // The click asks whichever version waits *then*: the one offered may have been
    // replaced by a newer install, or already taken over from another tab (then a reload
    // is all it takes). The page reloads when this page's controller changes or the
    // version asked is activated, whichever is seen first, and after TAKE_OVER_MS in any
    // case, so that a version whose activation the browser gave up still reloads the page.
    // (It does not help while Chromium holds the activation, and new requests with it, for
    // the old worker's fetches in flight, e.g. the AI worker booting: e2e/test_offline.py.)
    const TAKE_OVER_MS = 5000;
    const offer = (registration) => {
      if (!container.controller) return; // the first install: nothing older is running
      showUpdate(() => {
        reloading = true;
        const waiting = registration.waiting;
        if (!waiting) return reloadOnce();
        waiting.addEventListener("statechange", () => {
          if (waiting.state === "activated") reloadOnce();
        });
        waiting.postMessage("take-over");
        setTimeout(reloadOnce, TAKE_OVER_MS);
      });
    };
    container
      .register("./sw.js")
      .then((registration) => {
        if (registration.waiting) offer(registration);
        registration.addEventListener("updatefound", () => {
          const incoming = registration.installing;
          incoming?.addEventListener("statechange", () => {
            if (incoming.state === "installed") offer(registration);
          });
        });
        return container.ready;
      })
      .then(() => {
        html.dataset.offlineReady = "true";
      })
      .catch((error) => console.warn("Offline play is not available:", error && error.message));
  }

  // Offer the new version; `takeOver` switches to it (the page then reloads whole).
  function showUpdate(takeOver) {
    if ($("update-notice")) return;
    const box = document.createElement("div");
    box.id = "update-notice";
    box.className = "notice update-notice";
    box.setAttribute("role", "status");
    box.textContent = "A new version of the game is ready. ";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn";
    button.textContent = "Reload now";
    button.addEventListener("click", takeOver);
    box.append(button);
    document.body.prepend(box);
  }

  // Content-Security-Policy refusals are counted for the tests and explained in the console.
  const cspViolations = [];
  addEventListener("securitypolicyviolation", (event) => {
    cspViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`);
  });

  const timer = setTimeout(() => {
    const again = globalThis.romeSnapshot?.skipped ? "" : " Please reload.";
    fail(`The game did not start within ${timeoutMs / 1000} s.${again}`);
  }, timeoutMs);

  addEventListener("py:progress", ({ detail }) => {
    if (!settled) setProgress(STAGES[detail] ?? progress + 2, String(detail));
  });

  // Capture phase also sees resource failures (e.g. core.js returning 404).
  addEventListener(
    "error",
    (event) => {
      const el = event.target;
      if (el && el.tagName === "SCRIPT") {
        fail(`Could not load ${el.getAttribute("src") || "a script"}.`);
      } else if (event.message) {
        fail(event.message);
      }
    },
    true,
  );
  addEventListener("unhandledrejection", ({ reason }) => {
    fail(reason && reason.message ? reason.message : reason);
  });

  // PyScript reports Python errors by appending a `.py-error` banner to <body>.
  new MutationObserver((records) => {
    for (const { addedNodes } of records) {
      for (const node of addedNodes) {
        if (node.classList && node.classList.contains("py-error")) fail(node.textContent);
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });

  // A time limit on a promise (the AI worker's answers), kept in JS: an asyncio timer
  // per move would leave a Python callback pending in a JS timer long after the answer.
  function withTimeout(promise, ms) {
    let timer;
    const limit = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    });
    return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
  }

  window.romeBoot = { ready, fail, stopped, setProgress, cspViolations, withTimeout };
})();
