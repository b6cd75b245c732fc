// The page's input half: clicks, keys, changes, long presses and a chosen file become
// plain messages for the table's Python (ui/model/inputs.py says the event each stands
// for). Why JS: what must happen within the event itself stays here, where it is
// synchronous: preventDefault, keeping Tab inside the rules dialog, the arrow keys moving
// focus by the buttons' places on screen, a shortcut pressing its button, reading a file
// the player chose. What is left is data, so the Python can receive it from a worker by
// postMessage (issue 44) as well as on the page. Listeners are delegated: one set on the
// root and one on the document, for the page's life. The embed views' own controls come
// through `listenView`.
(() => {
  "use strict";
  const CLICKABLE = "[data-action], [data-hint], [data-select], [data-ui], [data-card]";
  const GROUPS = ".city-grid, .offer, .strip, .hand, .choices, #prompt, #tabs, #final";
  const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const SHORTCUTS = { e: '[data-action="end"]', p: '[data-action="produce"]',
    u: '[data-ui="undo"]', h: '[data-ui="hint"]' };
  // The fields whose every keystroke counts, and those whose choice counts.
  const TYPED = /^(rules-filter|opt-seed|seat-name-\d)$/;
  const CHOSEN = /^(opt-shrine|pace-select|open-hands|seat-kind-\d)$/;
  const INPUT_MARK = "rome:input"; // assets/painter.js measures from it (benchmarks/bench_main_thread.py)
  const LONG_PRESS_MS = 500; // a finger resting on a card opens its details (iOS's own)
  const SLOP_PX = 8; // a finger that moves farther is scrolling or dragging, not pressing

  // A selector that finds `el` again after a render (its most specific attribute).
  function backSelector(el) {
    for (const name of ["data-pos", "data-action", "data-select", "data-card"]) {
      const value = el.getAttribute(name);
      if (value) return `[${name}="${value}"]`;
    }
    return "";
  }

  // A drawn card's details key: its kind, and its city cell if it is built.
  function cardKey(el) {
    const kind = el.getAttribute("data-card") || "";
    const pos = el.getAttribute("data-pos");
    return pos ? `${kind}@${pos}` : kind;
  }

  const helpOpen = () => {
    const help = document.getElementById("help");
    return Boolean(help && !help.hidden);
  };

  // The button nearest to `from` in the arrow's direction among `items` (distance across
  // the direction counts double), or null.
  function nearest(from, items, [dx, dy]) {
    const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
    const [x, y] = centre(from.getBoundingClientRect());
    let best = null;
    let bestScore = Infinity;
    for (const el of items) {
      const rect = el.getBoundingClientRect();
      if (el === from || !rect.width) continue;
      const [cx, cy] = centre(rect);
      const along = (cx - x) * dx + (cy - y) * dy;
      if (along <= 1) continue;
      const score = along + 2 * (Math.abs((cx - x) * dy) + Math.abs((cy - y) * dx));
      if (score < bestScore) [best, bestScore] = [el, score];
    }
    return best;
  }

  // One finger's press, the decision alone (tests/test_input.py runs it under Node): timed
  // from pointerdown on a card (a finger or a pen: a mouse has its right click), ended by
  // lifting, by the browser taking the touch for scrolling, or by a move beyond the slop.
  class Press {
    constructor() {
      Object.assign(this, { x: 0, y: 0, active: false, fired: false });
    }

    // A pointer went down: true when a long press may start.
    down(x, y, pointerType, onCard) {
      this.fired = false;
      this.active = onCard && ["touch", "pen"].includes(pointerType);
      [this.x, this.y] = [x, y];
      return this.active;
    }

    // The pointer moved: true when that ends the press.
    move(x, y) {
      if (!this.active || (x - this.x) ** 2 + (y - this.y) ** 2 <= SLOP_PX ** 2) return false;
      this.active = false;
      return true;
    }

    end() {
      this.active = false;
    }

    // The time ran out: true when the press is still on (open the details).
    fire() {
      if (!this.active) return false;
      this.active = false;
      this.fired = true;
      return true;
    }

    // A click arrived: true when it only ends a long press; the flag is used once.
    swallowClick() {
      const fired = this.fired;
      this.fired = false;
      return fired;
    }
  }

  function listen(rootSelector, send, { fileLimit }) {
    const root = document.querySelector(rootSelector);
    // One message: which input, and what it carries ("" where it has nothing there).
    // Each is marked (user timing), so the painter can measure the time to its drawing.
    const post = (kind, text, value = "", back = "") => {
      performance.mark(INPUT_MARK);
      send(JSON.stringify({ kind, text, value, back }));
    };
    const details = (card, back) => post("detail", cardKey(card), "", back);

    function click(event) {
      const target = event.target.closest?.(CLICKABLE);
      if (!target || target.hasAttribute("disabled")) return;
      const text = target.getAttribute("data-action") || target.getAttribute("data-hint");
      // With the moves the screen showed: a worker drops a click on a screen it has left.
      if (text) return post("act", text, document.getElementById("table")?.dataset.moves);
      const card = target.getAttribute("data-select");
      if (card) return post("select", card);
      const command = target.getAttribute("data-ui");
      if (!command) return details(target, "");
      if (command === "help-backdrop" && event.target !== target) return; // inside the box
      post("command", command, commandValue(command, target),
        target.id ? `#${target.id}` : "");
    }

    // What a command needs of the button, or of the page, as text.
    function commandValue(command, target) {
      const attribute = { rules: "data-rules", review: "data-review-seat",
        "hint-show": "data-rank", tab: "data-tab", breakdown: "data-seat-score",
        "resume-slot": "data-slot", "delete-slot": "data-slot" }[command];
      if (attribute) return target.getAttribute(attribute) || "";
      if (command === "replay-link") return location.href;
      if (command === "theme") return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
      return "";
    }

    function key(event) {
      const name = event.key;
      if (name === "Tab" && helpOpen()) return trap(event);
      if (name === "Escape" && helpOpen()) { // even from the rules' filter box
        event.preventDefault();
        return post("key", name);
      }
      const tag = (event.target.tagName || "").toLowerCase();
      if (["input", "select", "textarea"].includes(tag) || event.ctrlKey || event.metaKey ||
          event.altKey) return;
      if (name === "Escape" || name === "?") return post("key", name);
      if (helpOpen()) return;
      if (name === "i" || name === "I") {
        const card = event.target.closest?.("[data-card]");
        if (card) {
          event.preventDefault();
          details(card, backSelector(card));
        }
        return;
      }
      if (name in ARROWS) {
        const group = event.target.closest?.(GROUPS);
        const best = group && nearest(event.target,
          group.querySelectorAll("button:not([disabled])"), ARROWS[name]);
        if (best) {
          event.preventDefault();
          best.focus();
        }
        return;
      }
      const shortcut = SHORTCUTS[name.toLowerCase()];
      const button = shortcut && document.querySelector(shortcut);
      if (button) {
        event.preventDefault();
        button.click();
      }
    }

    // Keep Tab inside the rules dialog.
    function trap(event) {
      const items = document.querySelectorAll(
        "#help a[href], #help button, #help input, #help [tabindex]:not([tabindex='-1'])");
      if (!items.length) return;
      const [first, last] = [items[0], items[items.length - 1]];
      const active = document.activeElement;
      const inside = Boolean(active && document.getElementById("help").contains(active));
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }

    // A field's value as typed or chosen (a checkbox's: "true" or "false").
    function field(event, fields) {
      const { id, type, checked, value } = event.target;
      if (!fields.test(id || "")) return;
      post("field", id, type === "checkbox" ? String(checked) : String(value));
    }

    // A game downloaded earlier, bounded by its size before it is read.
    async function file(event) {
      const chosen = event.target.id === "load-file" && event.target.files[0];
      if (!chosen) return field(event, CHOSEN);
      if (chosen.size > fileLimit) return post("file", "too large");
      post("file", "", await chosen.text());
    }

    // A long press on a card opens its details (iOS fires no contextmenu on a long touch).
    const press = new Press();
    let card = null;
    let timer = 0;
    function down(event) {
      clearTimeout(timer);
      card = event.target.closest?.("[data-card]") || null;
      if (press.down(event.clientX, event.clientY, event.pointerType, Boolean(card))) {
        timer = setTimeout(() => { if (press.fire()) details(card, backSelector(card)); },
          LONG_PRESS_MS);
      }
    }
    function move(event) {
      if (press.move(event.clientX, event.clientY)) clearTimeout(timer);
    }
    function end() {
      press.end();
      clearTimeout(timer);
    }
    // The click that ends a long press only ends it (no select, take or build as well).
    function swallow(event) {
      if (!press.swallowClick()) return;
      event.stopPropagation();
      event.preventDefault();
    }

    root.addEventListener("click", swallow, true); // capture: before the table's own
    root.addEventListener("click", click);
    root.addEventListener("contextmenu", (event) => {
      const card = event.target.closest?.("[data-card]");
      if (!card) return;
      event.preventDefault();
      details(card, backSelector(card));
    });
    root.addEventListener("input", (event) => field(event, TYPED));
    root.addEventListener("change", file);
    root.addEventListener("pointerdown", down);
    root.addEventListener("pointermove", move);
    root.addEventListener("pointerup", end);
    root.addEventListener("pointercancel", end);
    document.addEventListener("keydown", key);
  }

  // An embed view's input (ui/embed/page.py, ui/embed/view.py's `ViewInput`): a click on
  // an element carrying one of `attributes` (the first of them found around it, in their
  // order), typing in a field carrying one of `fields`, one of `keys` pressed outside a
  // field; each one message {kind, name, value, typed}.
  function listenView(rootSelector, send, { attributes, fields, keys }) {
    const root = document.querySelector(rootSelector);
    const post = (kind, name, value, typed = "") => {
      performance.mark(INPUT_MARK);
      send(JSON.stringify({ kind, name, value, typed }));
    };
    root.addEventListener("click", (event) => {
      for (const name of attributes) {
        const target = event.target.closest?.(`[${name}]`);
        if (target) return post("click", name, target.getAttribute(name) || "");
      }
    });
    root.addEventListener("input", (event) => {
      const name = fields.find((a) => event.target.hasAttribute?.(a));
      if (name) post("typed", name, event.target.getAttribute(name) || "", String(event.target.value));
    });
    if (!keys.length) return;
    document.addEventListener("keydown", (event) => {
      const typing = ["INPUT", "SELECT"].includes(event.target.tagName);
      if (!keys.includes(event.key) || typing || event.altKey || event.ctrlKey ||
          event.metaKey) return;
      event.preventDefault();
      post("key", event.key, "");
    });
  }

  globalThis.romeInput = Object.freeze({ listen, listenView, Press, SLOP_PX });
})();
