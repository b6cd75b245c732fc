"""The end screen's words for the game that was played (``ui.render.endgame``).

Why apart from the model's tests: what the final scoring names depends on the game's own
settings (the Shrine in play or not), read from a finished state as a replay draws it.
"""

from __future__ import annotations

import pytest

import rome
from rome.ai.players import computer_player
from ui.render.endgame import render_end


@pytest.mark.parametrize("shrine", [False, True])
def test_the_end_screen_names_the_shrine_only_in_games_with_it(shrine: bool) -> None:
    """A row and a legend entry of noughts for a Shrine the game never had would send a
    newcomer looking for it; with the Shrine in play its row and colour are there."""
    state = list(rome.playthrough(rome.new_game(2, seed=4, shrine=shrine),
                                  computer_player("greedy"), automatic=True))[-1][2]
    assert rome.is_over(state)
    html = render_end(state, ("Ann", "Bea"))
    assert ('<th scope="row">Shrine</th>' in html) is shrine
    assert (">Shrine</li>" in html) is shrine
    assert '<th scope="row">Temples</th>' in html and ">Temples</li>" in html
