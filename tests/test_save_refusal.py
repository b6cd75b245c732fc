"""The sentence a refused save gives says only what is true where it is shown (issue 32)."""

from __future__ import annotations

import pytest

from ui.saves.refusal import refusal


@pytest.mark.parametrize("embed", [False, True])
def test_no_refusal_blames_private_browsing_alone(embed: bool) -> None:
    for storage_open in (False, True):
        words = refusal(storage_open, embed)
        assert "private browsing" not in words
        assert words.endswith(".") and len(words) <= 160  # short: the board stays in view


def test_the_site_says_the_game_will_not_be_saved_and_how_to_keep_it() -> None:
    words = refusal(storage_open=False, embed=False)
    assert "(a private window or blocked storage)" in words  # either, not one for sure
    assert "this game will not be saved" in words
    assert "To keep it, use Download this game." in words  # the control, by its label
    assert "embed" not in words


def test_an_embed_says_it_cannot_keep_a_game_and_offers_no_download() -> None:
    words = refusal(storage_open=False, embed=True)
    assert words.startswith("This embed cannot keep a game")
    assert "will not be saved" in words
    assert "Download" not in words and "private" not in words  # a sandbox cannot download


@pytest.mark.parametrize("embed", [False, True])
def test_a_refused_write_with_storage_open_blames_a_full_or_refusing_storage(
        embed: bool) -> None:
    words = refusal(storage_open=True, embed=embed)
    assert "storage is full or refused" in words and "Download this game" in words
