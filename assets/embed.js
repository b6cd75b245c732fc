// embed.html: apply theme= and compact= from the address before anything is drawn,
// so a dark host page never flashes a light frame while Python starts. The same rules
// as ui/address.py, which reads the whole address once Python runs and says what it
// refused: the first value of each name, booleans "true"/"1" (or "false"/"0") only.
(() => {
  "use strict";
  const query = new URLSearchParams(location.search);
  const html = document.documentElement;
  const theme = query.get("theme");
  html.dataset.theme = ["light", "dark", "auto"].includes(theme) ? theme : "auto";
  if (["1", "true"].includes(query.get("compact"))) html.dataset.compact = "true";
  const view = query.get("view");
  html.dataset.view = ["calculator", "city", "replay", "game"].includes(view) ? view : "calculator";
})();
