"""The game's only source of randomness: a small seeded generator kept in the state.

SplitMix64 is used rather than :mod:`random` because its whole state is one integer
(cheap to copy into every immutable game state and to save as JSON) and its output is
defined bit for bit, so a seed gives the same game on CPython and on Pyodide.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_SPAN = 1 << 64


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (seed * 0xD1B54A32D192ED03 + _GOLDEN) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (64-bit output, next state)."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) without modulo bias, and the next state."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = _SPAN - _SPAN % n
    while True:
        value, state = next_u64(state)
        if value < limit:
            return value % n, state


class _Limits(dict[int, int]):
    """``_SPAN - _SPAN % n`` for each ``n`` (the largest multiple of ``n`` a draw may
    take), worked out on first use: a shuffle asks it of every card."""

    def __missing__(self, n: int) -> int:
        limit = self[n] = _SPAN - _SPAN % n
        return limit


_LIMITS = _Limits()


def shuffled(state: int, items: Sequence[T]) -> tuple[list[T], int]:
    """A Fisher-Yates shuffle of ``items`` (a new list) and the next state.

    The same draws as calling :func:`below` once per swap (``tests/test_setup.py`` holds
    it to that), written out in one loop: every new game shuffles about a hundred cards,
    and the calls were most of the time ``new_game`` took."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = _LIMITS[n]
        while True:
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        out[i], out[j] = out[j], out[i]
    return out, state
