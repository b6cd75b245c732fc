# Narrow stub of polyscript (browser only): in a worker PyScript starts from JavaScript
# (`PyWorker`), plain messages to and from the page.
from typing import Any

xworker: Any
