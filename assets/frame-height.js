// Tells the host page how tall this page's content is, so a host can size its <iframe>
// to fit instead of scrolling inside it (docs/embedding.md, "The height messages").
// Message: {type: "rome:height", height: N} (CSS pixels), sent to any origin: the
// height is not a secret, and a sandboxed frame cannot know its host's origin anyway.
//
// When: nothing while the page loads, one message once the view is drawn and has stood
// still, then one per change. Why silent while loading: the frame was given a height by
// its host (the <iframe height> attribute, the convention of iframe-resizer: a frame is
// sized before its content arrives) and the loading screen fills exactly that (embed.css,
// site.css), so the host's height stands until there is a real height to replace it.
// Reporting the viewport's height instead would change nothing on a plain host, and on
// a host that sizes the frame otherwise (CSS, its own script) it would echo back
// whatever that host chose: the one height this page must never derive its report from.
(() => {
  "use strict";
  if (window.parent === window) return;
  const html = document.documentElement;
  // The reported height must not depend on the frame's own height, or the host's resize
  // answers it and the page grows again: site.css gives a framed page's layout fixed
  // sizes where a top window's follows the viewport (the phone table's 100dvh).
  html.dataset.framed = "true";
  // The settle rule: once drawn, the height must stay the same for QUIET_MS (polled
  // every POLL_MS; timers, not animation frames, which Chromium pauses in frames out of
  // view) before the first message, or MAX_WAIT_MS pass. A view is drawn in a few
  // tasks (the notice of a compact game, the first computer move), and a host should
  // see one height, not each step on the way to it.
  const POLL_MS = 100;
  const QUIET_MS = 400;
  const MAX_WAIT_MS = 3000;
  let settled = false;
  let last = -1;

  // The bottom of the lowest visible child of <body>, not the body itself: the body is
  // at least as tall as the viewport (site.css), so a frame sized to fit would never
  // report that its content got shorter.
  function contentHeight() {
    const body = document.body;
    let bottom = 0;
    for (const child of body.children) {
      if (child.hidden || child.tagName === "SCRIPT") continue;
      const rect = child.getBoundingClientRect();
      if (rect.height === 0 && rect.width === 0) continue;
      bottom = Math.max(bottom, rect.bottom + parseFloat(getComputedStyle(child).marginBottom));
    }
    const style = getComputedStyle(body);
    return Math.ceil(bottom + window.scrollY + parseFloat(style.paddingBottom) +
      parseFloat(style.marginBottom));
  }

  function send() {
    if (!settled) return;
    const height = contentHeight();
    if (height === last || height === 0) return;
    last = height;
    window.parent.postMessage({ type: "rome:height", height }, "*");
  }

  const resized = new ResizeObserver(send);
  function watch() {
    for (const child of document.body.children) resized.observe(child);
    send();
  }

  // Drawn: boot.js marks <html> ready once the view is on screen, or marks the error it
  // shows instead.
  const drawn = () => html.dataset.ready === "true" || html.dataset.error !== undefined;

  function settle() {
    const start = performance.now();
    let height = contentHeight();
    let since = start;
    const tick = () => {
      const now = performance.now();
      const current = contentHeight();
      if (current !== height) [height, since] = [current, now];
      if (now - since < QUIET_MS && now - start < MAX_WAIT_MS) {
        setTimeout(tick, POLL_MS);
        return;
      }
      settled = true;
      watch();
    };
    setTimeout(tick, POLL_MS);
  }

  function start() {
    // Children come and go (the app shown after loading, PyScript's own elements).
    new MutationObserver(watch).observe(document.body, { childList: true, attributes: true, subtree: false });
    new MutationObserver(send).observe(document.body, { attributes: true, subtree: true, attributeFilter: ["hidden"] });
    if (drawn()) return settle();
    const marks = new MutationObserver(() => {
      if (!drawn()) return;
      marks.disconnect();
      settle();
    });
    marks.observe(html, { attributes: true, attributeFilter: ["data-ready", "data-error"] });
  }
  if (document.body) start();
  else addEventListener("DOMContentLoaded", start);
})();
