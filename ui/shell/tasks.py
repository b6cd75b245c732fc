"""Background tasks of the UI's Python (it runs in a worker: ``ui/worker_main.py``).

Why a module of its own: the entry, the table (``ui.shell.app``, ``ui.shell.tabs``) and
the AI's host all start tasks, and none of them should import another for it.
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
