"""The cross-engine browser tests (Firefox and WebKit); see conftest.py."""
