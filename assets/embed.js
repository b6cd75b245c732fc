// embed.html: apply theme= and compact= from the address before anything is drawn,
// so a dark host page never flashes a light frame while Python starts.
(() => {
  "use strict";
  const query = new URLSearchParams(location.search);
  const html = document.documentElement;
  const theme = query.get("theme");
  html.dataset.theme = ["light", "dark", "auto"].includes(theme) ? theme : "auto";
  if (["1", "true", "yes", "on"].includes((query.get("compact") || "").toLowerCase())) {
    html.dataset.compact = "true";
  }
  html.dataset.view = query.get("view") || "calculator";
})();
