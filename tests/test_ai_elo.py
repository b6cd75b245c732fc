"""The Elo fit on results whose maximum-likelihood ratings are known in closed form."""

from __future__ import annotations

import math

import pytest

from research.elo import fit, pairwise, table


def games(a: str, b: str, wins: int, losses: int) -> list[tuple[str, str, float, float]]:
    return [(a, b, 1.0, 1.0)] * wins + [(a, b, 0.0, 1.0)] * losses


def test_two_bots_rating_gap_is_the_logit_of_the_score():
    # 75 of 100: odds 3, so the gap is 400*log10(3) = 190.85; its standard error is
    # 400/ln(10) / sqrt(n p (1-p)) = 173.72 / sqrt(18.75) = 40.12.
    r = fit(games("b", "a", 25, 75), bots=["a", "b"], prior=0)
    assert r["a"]["elo"] == 0.0
    assert r["b"]["elo"] == pytest.approx(-190.8, abs=0.1)
    assert r["b"]["se"] == pytest.approx(40.1, abs=0.1)
    assert r["b"]["lo"] == pytest.approx(-190.85 - 1.96 * 40.12, abs=0.2)
    assert r["b"]["hi"] == pytest.approx(-190.85 + 1.96 * 40.12, abs=0.2)
    assert r["b"]["games"] == 100


def test_three_bots_with_consistent_odds_are_fitted_exactly():
    # a beats b at odds 3, b beats c at odds 3, a beats c at odds 9: Bradley-Terry fits
    # these exactly, so the ratings are 0, -190.85, -381.7.
    results = games("a", "b", 75, 25) + games("b", "c", 30, 10) + games("a", "c", 90, 10)
    r = fit(results, prior=0)
    assert [r[b]["elo"] for b in "abc"] == pytest.approx([0.0, -190.8, -381.7], abs=0.1)
    assert 0 < r["b"]["se"] < r["c"]["se"] + 10


def test_prior_keeps_a_perfect_record_finite_and_leaves_the_order():
    r = fit(games("strong", "weak", 10, 0), bots=["weak", "strong"])
    assert math.isfinite(r["strong"]["elo"]) and r["strong"]["elo"] > 300
    assert r["strong"]["lo"] < r["strong"]["elo"] < r["strong"]["hi"]


def test_disconnected_bots_are_refused():
    with pytest.raises(ValueError, match="connect"):
        fit(games("a", "b", 3, 2) + games("c", "d", 3, 2), prior=0)


def test_a_four_player_game_gives_one_result_per_pair_of_different_bots():
    # seat 2 wins; seats 0 and 3 (both "x") are not compared; the losers by score.
    results = pairwise(["x", "y", "z", "x"], [70, 80, 90, 85], [2])
    as_set = {(i, j, s) for i, j, s, _w in results}
    assert as_set == {("x", "y", 0.0), ("x", "z", 0.0), ("y", "z", 0.0), ("y", "x", 0.0),
                      ("z", "x", 1.0)}
    tie = pairwise(["a", "b"], [80, 80], [0, 1])
    assert tie == [("a", "b", 0.5, 1.0)]


def test_table_lists_the_strongest_first():
    text = table(fit(games("a", "b", 75, 25), prior=0))
    rows = [line.split()[0] for line in text.splitlines()[2:]]
    assert rows == ["a", "b"]
