// The embed's Content-Security-Policy, written by the first script of embed.html.
//
// Why not a static <meta>: WebKitGTK 2.50 (the engine of Safari) matches 'self' against
// the document's own origin, which in `<iframe sandbox="allow-scripts">` is opaque, so
// every CORS-mode load from the site's own folder (module scripts, fetch: all of
// PyScript) was refused and no view started there (e2e/engines, the sandboxed-frame
// test). Chromium and Firefox match 'self' against the page's address. So the policy is
// the game's (index.html) with, in an opaque origin only, the page's own origin spelled
// out, which every engine matches. Policies can only be added, never loosened, so this
// is the page's one policy; nothing is loaded before it but this file.
(() => {
  "use strict";
  const own = self.origin === "null" ? `'self' ${location.origin}` : "'self'";
  const meta = document.createElement("meta");
  meta.httpEquiv = "Content-Security-Policy";
  meta.content = [
    `default-src ${own}`,
    `script-src ${own} 'unsafe-eval' 'wasm-unsafe-eval'`,
    `worker-src ${own} blob: data:`,
    `connect-src ${own} blob:`,
    `style-src ${own} 'unsafe-inline'`,
    `img-src ${own} data: blob:`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join("; ");
  document.currentScript.after(meta);
})();
