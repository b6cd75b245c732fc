"""Hypothesis profiles for the property tests that leave ``max_examples`` to the profile.

``ci`` (the default) runs enough examples to matter within the suite's time budget;
``large`` is for a long hunt before a release:
``.venv/bin/python -m pytest tests/test_hostile_input.py --hypothesis-profile=large``.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

_COMMON = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow,
                                                        HealthCheck.data_too_large]}
settings.register_profile("ci", max_examples=150, **_COMMON)
settings.register_profile("large", max_examples=5000, **_COMMON)
settings.load_profile("ci")
