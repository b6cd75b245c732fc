# Narrow stub of pyodide.ffi (browser only), declaring just what ui/ uses.
from collections.abc import Callable
from typing import Any

def create_once_callable(obj: Callable[..., Any]) -> Any: ...
