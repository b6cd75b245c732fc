# Narrow stub of PyScript (browser only), declaring just what ui/ uses. The browser's
# objects are JavaScript proxies whose attributes mypy cannot know: they are Any.
from typing import Any

document: Any
window: Any
workers: Any

async def create_named_worker(src: str, name: str, config: Any = ..., type: str = ...) -> Any: ...
