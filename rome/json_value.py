"""The type of a JSON value, as ``json.loads`` gives it.

Why: data from outside (a save, a replay record, a city, an answer of the AI worker) is
read as this type rather than ``Any``, so mypy makes its reader check each part before
using it.
"""

from __future__ import annotations

from typing import TypeAlias

JSON: TypeAlias = "None | bool | int | float | str | list[JSON] | dict[str, JSON]"
