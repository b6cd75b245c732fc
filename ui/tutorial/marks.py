"""The page's side of a course: the attributes and ids its panel and its marks carry.

Why a module of their own: the model (focus after a move) and the painter (the mark)
name the control a course asks for by the same attribute, and the tests and a lesson's
host page click it; declared once here, where nothing heavier is imported.
"""

from __future__ import annotations

TARGET = "data-tutorial-target"
"""On the one control the course asks for (the tests click only these)."""
NEXT = "tutorial-next"
"""The id of the button that turns a page after the course's game."""
