"""What the player is told when the game cannot be saved: only what is true where it is said.

Why a module of its own: the same refusal is said at start-up (storage is closed) and after
each failed save, and the page deduplicates notices by their text; one function choosing
the sentence keeps the two identical, so the player reads it once. Why these words: an
embed has no way to keep a game once its frame closes (a sandboxed frame cannot even
download), while the main page can offer the download; and a browser that refuses storage
may be a private window or one with the site's storage blocked (cookie settings, tracking
protection in a third-party frame), so neither cause is asserted alone.
"""

from __future__ import annotations

DOWNLOAD = "Download this game"
"""The label of the control that keeps a game storage refused (``ui/shell/paint.py``)."""

CLOSED_EMBED = "This embed cannot keep a game: you can play, but it will not be saved."
CLOSED_PAGE = ("This browser is not letting the site store anything (a private window or "
               f"blocked storage), so this game will not be saved. To keep it, use {DOWNLOAD}.")
REFUSED = ("The game could not be saved: the browser's storage is full or refused. It goes on "
           f"here; to keep it, use {DOWNLOAD}.")


def refusal(storage_open: bool, embed: bool) -> str:
    """The sentence for a save that did not happen.

    ``storage_open``: the browser let the page reach its storage at all (False: it throws
    or is missing, so nothing will ever be saved; True: this one write was refused, e.g. a
    full quota). ``embed``: said inside an embed rather than on the site's own page.
    """
    if storage_open:
        return REFUSED
    return CLOSED_EMBED if embed else CLOSED_PAGE
