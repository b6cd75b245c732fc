"""Shared test set-up for the engine's tests."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

# The unit tests run at the lowest priority beside the browser tests (the Makefile's
# `test`): a property must not fail because the machine was busy when it drew an example.
settings.register_profile("busy", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("busy")


@pytest.fixture(autouse=True)
def no_ai_wall_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """A level decides by its node budget; its wall-clock cap is only a safety net, and a
    loaded machine (two cores shared by five people) can trip it, dropping samples and
    changing the choice.  Tests pin the choices of the budgets alone."""
    from rome.ai import levels

    for table in (levels.LEVEL_PARAMS, levels.DUEL_PARAMS, levels.MANY_TREES):
        for name, level in table.items():
            monkeypatch.setitem(table, name, levels.without_wall_clock(level))
