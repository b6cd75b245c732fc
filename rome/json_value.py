"""The types of JSON values: what ``json.loads`` gives, and what ``json.dumps`` takes.

Why: data from outside (a save, a replay record, a city, an answer of the AI worker) is
read as :data:`JSON` rather than ``Any``, so mypy makes its reader check each part before
using it; data written is :data:`JSONLike`, which takes tuples and other sequences too (a
``list[int]`` is not a ``list[JSON]``: lists are invariant, sequences are not).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

JSON: TypeAlias = "None | bool | int | float | str | list[JSON] | dict[str, JSON]"
JSONLike: TypeAlias = ("None | bool | int | float | str | Sequence[JSONLike]"
                       " | Mapping[str, JSONLike]")
