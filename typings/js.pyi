# Narrow stub of Pyodide's `js` module (the JavaScript global scope: in the AI worker, the
# worker's own, which PyScript's `window` is not), declaring just what ui/ uses.
from typing import Any

from pyodide.ffi import JsProxy

globalThis: JsProxy
Object: Any

Promise: Any
navigator: Any

def encodeURIComponent(text: str, /) -> str: ...
def decodeURIComponent(text: str, /) -> str: ...
URL: Any
romeSnapshot: Any
romeAiLimits: Any

def fetch(resource: str, /) -> Any: ...
performance: Any
