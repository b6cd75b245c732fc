// The page's painter: writes what the table's Python decided, one message per change.
// Why JS: the UI's Python (ui/shell/paint.py: the table and every embed view) only says
// what to show, as plain JSON (ui/render/paint_message.py, `Paint`), which it says from its
// worker by postMessage (issue 44). Each message is checked against that shape first (a
// wrong one is refused whole, with a sentence, and nothing of it is written), then applied
// in the order of its keys: the frame, the theme, the screen, containers, the table's
// attributes and a view's, what is hidden, the rules' filter, the AI worker's About line,
// the guided game's mark, the cards that travel, focus, and the time to it of the input
// it answers. `romePainter.check` is also what tests/test_painting.py runs under Node on
// every kind of message the Python half sends.
(() => {
  "use strict";
  const TARGET = "data-tutorial-target";
  const TABLE_DATA = ["phase", "currentPlayer", "waiting", "writer", "moves", "seed",
    "seats", "tab"];
  let root = null;

  const isString = (v) => typeof v === "string";
  const isBool = (v) => typeof v === "boolean";
  const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  const all = (object, test) => isObject(object) && Object.values(object).every(test);
  const fields = (object, shape) => isObject(object) &&
    Object.keys(object).length === Object.keys(shape).length &&
    Object.entries(shape).every(([key, test]) => key in object && test(object[key]));

  // Every key a message may carry, and the shape of its value (ui/render/frame.py).
  const SHAPE = {
    mount: (v) => fields(v, { root: isString, html: isString, compact: isBool }),
    theme: (v) => ["auto", "light", "dark"].includes(v),
    screen: isString,
    containers: (v) => all(v, isString),
    table: (v) => fields(v, Object.fromEntries(TABLE_DATA.map((k) => [k, isString]))),
    hotseat: isBool,
    attributes: (v) => Array.isArray(v) && v.every((a) => fields(a, {
      selector: isString, name: isString, value: isString,
    })),
    hidden: (v) => all(v, isBool),
    help: (v) => fields(v, { filter: isString }),
    worker: (v) => fields(v, {
      words: isString, error: isString, ready: isBool,
      legalCount: (n) => n === null || Number.isInteger(n),
    }),
    target: (v) => v === null || fields(v, { selector: isString, tab: isString, media: isString }),
    travel: (v) => Array.isArray(v) && v.every((t) => fields(t, {
      card: isString, source: isString, ms: Number.isInteger,
    })),
    focus: (v) => fields(v, {
      selectors: (s) => Array.isArray(s) && s.every(isString), top: isBool,
    }),
    input: (v) => v === true,
  };

  // "" if `message` is a frame, else what is wrong with it (a sentence's end).
  function check(message) {
    if (!isObject(message)) return "a paint message must be an object";
    for (const [key, value] of Object.entries(message)) {
      if (!(key in SHAPE)) return `a paint message has no key "${key}"`;
      if (!SHAPE[key](value)) return `the paint message's "${key}" is not of its shape`;
    }
    return "";
  }

  const byId = (id) => document.getElementById(id);

  function paint(text) {
    const frame = JSON.parse(text);
    const wrong = check(frame);
    if (wrong) throw new TypeError(`The painter refused a message: ${wrong}.`);
    const focused = focusedControl();
    if (frame.mount) {
      root = document.querySelector(frame.mount.root);
      root.classList.toggle("compact", frame.mount.compact);
      root.innerHTML = frame.mount.html;
    }
    if (frame.theme) theme(frame.theme);
    if ("screen" in frame) byId("screen").innerHTML = frame.screen;
    for (const [id, html] of Object.entries(frame.containers || {})) {
      const el = byId(id);
      if (el) el.innerHTML = html;
    }
    keepFocus(focused);
    const table = byId("table");
    if (frame.table && table) Object.assign(table.dataset, frame.table);
    if ("hotseat" in frame && table) table.classList.toggle("hotseat", frame.hotseat);
    for (const { selector, name, value } of frame.attributes || []) {
      document.querySelector(selector)?.setAttribute(name, value);
    }
    for (const [id, hidden] of Object.entries(frame.hidden || {})) {
      const el = byId(id);
      if (el) el.hidden = hidden;
    }
    if (frame.help) filterBox(frame.help.filter);
    if (frame.worker) workerLine(frame.worker);
    if ("target" in frame) mark(frame.target);
    for (const moving of frame.travel || []) travel(moving);
    if (frame.focus) focus(frame.focus);
    if (frame.input) measureInput();
  }

  // The time from the input this message answers (assets/input.js marks each) to its
  // drawing, as the user-timing measure "rome:input-to-paint": what a player waits for,
  // which Event Timing alone would end at the message (benchmarks/bench_main_thread.py).
  // The mark is cleared: the input is answered (a test waits for that, as a player
  // waits to see the screen change).
  function measureInput() {
    const [input] = performance.getEntriesByName("rome:input", "mark").slice(-1);
    if (!input) return;
    performance.clearMarks("rome:input");
    performance.measure("rome:input-to-paint", { start: input.startTime });
  }

  function theme(name) {
    const html = document.documentElement;
    if (name === "auto") html.removeAttribute("data-theme");
    else html.dataset.theme = name;
  }

  // The focus survives a redraw: when a container holding the focused control is
  // rewritten, its new copy (the same id, or else the same tag and data attributes, found
  // once) gets the focus back, without a scroll. Why: a keyboard or screen-reader player
  // would otherwise be sent back to the page's start by every redraw around them (the
  // review's "n of m checked" rewrites the end screen every second or two). Only when the
  // focus was lost with the old copy: a focus the message moves on purpose comes after.
  // A field the player is typing in also keeps what it holds and its caret: the model's
  // copy may lack the last keystrokes (each is a message to the UI's worker, whose answer
  // to one may come after the next), and keystrokes typed into a replaced field would go
  // nowhere.
  const TYPED = "textarea, input:not([type]), input[type=text], input[type=search], " +
    "input[type=number]";

  function keyOf(el) {
    if (el.id) return `#${CSS.escape(el.id)}`;
    const data = [...el.attributes].filter((a) => a.name.startsWith("data-"))
      .map((a) => `[${a.name}="${CSS.escape(a.value)}"]`).join("");
    return data && el.tagName.toLowerCase() + data;
  }

  function focusedControl() {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return null;
    const key = keyOf(el);
    if (!key) return null;
    if (!el.matches(TYPED)) return { key, typed: false };
    return { key, typed: true, value: el.value, start: el.selectionStart, end: el.selectionEnd };
  }

  function keepFocus(was) {
    if (!was) return;
    const found = document.querySelectorAll(was.key);
    const el = found.length === 1 ? found[0] : null;
    if (!el || el === document.activeElement) return;
    if (!was.typed) {
      const active = document.activeElement;
      if ((!active || active === document.body) && mayTakeFocus()) {
        el.focus({ preventScroll: true });
      }
      return;
    }
    if (!el.matches(TYPED)) return;
    el.value = was.value;
    el.focus();
    if (was.start !== null) el.setSelectionRange(was.start, was.end);
  }

  // The filter box shows what the player typed already; set only when the model differs
  // (a section's link cleared it), so the caret stays where it was, and never while the
  // player types in it: a worker's answer to one keystroke may come after the next.
  function filterBox(text) {
    const box = byId("rules-filter");
    if (box && box.value !== text && document.activeElement !== box) box.value = text;
  }

  function workerLine(report) {
    const el = byId("worker-status");
    if (!el) return;
    if (report.words) el.textContent = report.words;
    if (report.error) el.dataset.workerError = report.error;
    if (report.legalCount !== null) el.dataset.workerLegalCount = String(report.legalCount);
    if (report.ready) el.dataset.workerReady = "true";
  }

  // The one control the guided game asks for; on a phone, the tab that holds it when the
  // player's tab is another (the table never moves them: ui/model/turn.py).
  function mark(target) {
    if (!root) return;
    for (const el of root.querySelectorAll(`[${TARGET}]`)) el.removeAttribute(TARGET);
    if (!target) return;
    const selector = target.tab && matchMedia(target.media).matches ? target.tab
      : target.selector;
    root.querySelector(selector)?.setAttribute(TARGET, "");
  }

  // A computer's new card moves from where it came from to where it is drawn (a FLIP: it
  // starts over its source and its transform eases to none); skipped under reduced motion
  // and when either end is not drawn (a hidden panel on a phone, a round drawn at once).
  function travel({ card, source, ms }) {
    if (!root || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const to = root.querySelector(card);
    const from = root.querySelector(source);
    if (!to || !from) return;
    const start = from.getBoundingClientRect();
    const end = to.getBoundingClientRect();
    if (!start.width || !end.width) return;
    const dx = start.left + start.width / 2 - (end.left + end.width / 2);
    const dy = start.top + start.height / 2 - (end.top + end.height / 2);
    to.animate([
      { transform: `translate(${dx.toFixed(0)}px, ${dy.toFixed(0)}px) scale(0.8)`,
        opacity: 0.5, zIndex: 6 },
      { transform: "none", opacity: 1, zIndex: 6 },
    ], { duration: ms, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" });
  }

  // Whether the page may move the keyboard's focus: always in a window of its own, in a
  // frame only once the player is in it. A focus() in a frame the reader has not entered
  // would take the keyboard from the host page, and Chromium scrolls the host to the frame
  // for it, even across origins (assets/frame-height.js marks a framed page).
  function mayTakeFocus() {
    return document.documentElement.dataset.framed !== "true" || document.hasFocus();
  }

  // The first element found and drawn (a phone's other tabs are not), never one behind the
  // open rules dialog, first scrolled to the top of its scroller if asked (a rules section;
  // the dialog's title, in its sticky bar, by scrolling the dialog to its start: a stuck
  // element is always "in view", so scrollIntoView would not move).
  function focus({ selectors, top }) {
    if (!root || !mayTakeFocus()) return;
    const help = byId("help");
    for (const selector of selectors) {
      const el = root.querySelector(selector);
      if (!el || !el.getClientRects().length) continue;
      if (help && !help.hidden && !help.contains(el)) return;
      if (top && help && el.closest("[data-sticky]")) help.scrollTop = 0;
      else if (top) el.scrollIntoView({ block: "start" });
      el.focus({ preventScroll: top });
      return;
    }
  }

  // Sentences above the view, once (an embed's address refused in part): a status the
  // reader's assistive technology announces, outside the view's own root.
  function notes(html) {
    if (typeof html !== "string" || document.getElementById("embed-notes")) return;
    const box = document.createElement("div");
    box.id = "embed-notes";
    box.className = "embed-notes";
    box.setAttribute("role", "status");
    box.innerHTML = html;
    document.body.insertBefore(box, document.getElementById("app"));
  }

  // What needs the player's gesture, each asked for by an effect (ui/model/effects.py):
  // the browser's own confirm dialog, a file offered for download, the clipboard.
  // Its answer comes later, as it will to a UI in a worker: `ui.model.events.Confirmed`.
  const confirmed = async (question) => window.confirm(question);

  function download(text, filename) {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = filename;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // Whether the browser took `text` (it may refuse: no permission, no secure context).
  async function copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      return false;
    }
  }

  globalThis.romePainter = Object.freeze({
    paint, check, notes, confirm: confirmed, download, copy,
  });
})();
