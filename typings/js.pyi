# Narrow stub of Pyodide's `js` module (JavaScript's global object: the AI worker's, where
# PyScript's `window` is not available), declaring just what ui/ uses.
from typing import Any

encodeURIComponent: Any
decodeURIComponent: Any
