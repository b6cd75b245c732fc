"""Build and serve helpers for the static site (not shipped to the browser)."""
