# Narrow stub of Pyodide's JavaScript module (browser only): its fields are JS objects.
from typing import Any

_module: Any
