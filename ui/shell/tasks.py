"""Background tasks of the UI's Python, wherever it runs (the page or a worker).

Why a module of its own: ``ui.shell.boot`` needs PyScript's page-only names, and the
table's code that starts tasks (``ui.shell.app``, ``ui.shell.tabs``) runs in a worker too.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Hashable
from typing import TypeVar

T = TypeVar("T")

_background: set[Hashable] = set()  # the tasks under way, kept from the collector


def background(coro: Awaitable[T]) -> asyncio.Future[T]:
    """Start ``coro`` without awaiting it (keeps a reference so it is not collected)."""
    task = asyncio.ensure_future(coro)
    _background.add(task)
    task.add_done_callback(_background.discard)
    return task
