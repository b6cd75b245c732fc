"""The lesson topics of ``embed.html?view=lesson&topic=T``, in the order they are taught.

Why a module of their own: the address (``ui.address``) refuses any other topic, and the
lessons (``ui.tutorial.lessons``), their recorded positions and the docs' snippets are
keyed by these words; declared once here, where nothing heavier is imported. Each topic is
also the end of a rules section's id (``rules-<topic>``, ``ui.words.anchors``).
"""

from __future__ import annotations

TOPICS = ("emissaries", "bricks-and-cogs", "building", "production", "influence",
          "residential", "aqueducts", "temples", "public-buildings", "final-scoring")
