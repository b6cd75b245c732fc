// Tells the host page how tall this page's content is, whenever that changes, so a
// host can size its <iframe> to fit instead of scrolling inside it (docs/embedding.md).
// Message: {type: "rome:height", height: N} (CSS pixels), sent to any origin: the
// height is not a secret, and a sandboxed frame cannot know its host's origin anyway.
(() => {
  "use strict";
  if (window.parent === window) return;
  // The reported height must not depend on the frame's own height, or the host's resize
  // answers it and the page grows again: site.css gives a framed page's layout fixed
  // sizes where a top window's follows the viewport (the phone table's 100dvh).
  document.documentElement.dataset.framed = "true";
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
  function start() {
    watch();
    // Children come and go (the app shown after loading, PyScript's own elements).
    new MutationObserver(watch).observe(document.body, { childList: true, attributes: true, subtree: false });
    new MutationObserver(send).observe(document.body, { attributes: true, subtree: true, attributeFilter: ["hidden"] });
  }
  if (document.body) start();
  else addEventListener("DOMContentLoaded", start);
})();
