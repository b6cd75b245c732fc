"""A city's final score, category by category, each with the rule and the sum behind it.

Why here: the calculator and the city view show the same card. The check is
``rome.score_input.read_city`` and the numbers are ``rome.scoring.score_city``, the
very functions of ``python -m rome score``; this module adds only the words.
"""

from __future__ import annotations

from dataclasses import dataclass

import rome
from rome import ScoreInputError
from rome.cards import AQUEDUCT_POINTS, BUILDINGS
from rome.score_input import FinishedCity, read_city
from rome.scoring import TEMPLE_SCORING, CityFacts, area_points, residential_areas, score_city
from ui.render.table import CATEGORY_LABELS as LABELS
from ui.words.markup import esc

RULES = {
    "residential": "Each area of joined residential buildings of one value scores the sum "
                   "of its values times the number of public-building colours touching it, "
                   "plus the point tokens of the adjacent thermal bath holding the most.",
    "aqueducts": "1, 2, 3 or 4 aqueducts score 4, 12, 24 or 40 points.",
    "temples": "Each temple scores its own condition at the end of the game.",
    "shrine": "The Shrine scores 2 points per building next to it.",
    "coins": "Each coin is worth 1 point.",
    "influence_tokens": "Every 2 influence tokens are worth 1 point.",
    "influence_cards": "Each influence card is worth its value.",
}


@dataclass(frozen=True)
class Scored:
    """A checked city with its breakdown, or the reason no game could produce it."""

    city: FinishedCity | None
    breakdown: dict[str, int] | None
    problem: str


def score(data: rome.JSON) -> Scored:
    """Check and score ``python -m rome score`` JSON."""
    try:
        city = read_city(data)
    except ScoreInputError as exc:
        return Scored(None, None, str(exc))
    breakdown = score_city(city.kinds, city.points, city.coins, city.influence_tokens,
                           city.influence_cards)
    return Scored(city, breakdown, "")


def _name(kind: str) -> str:
    return BUILDINGS[kind].name


def details(city: FinishedCity, breakdown: dict[str, int]) -> dict[str, str]:
    """How this city earns each category's number, in words."""
    kinds, out = city.kinds, {}
    areas = []
    for area in residential_areas(kinds):
        value = BUILDINGS[kinds[area[0]]].value
        areas.append(f"{len(area)} × value {value}: {area_points(kinds, city.points, area)}")
    out["residential"] = "; ".join(areas) or "no residential buildings"
    count = sum(1 for k in kinds.values() if BUILDINGS[k].type == "aqueduct")
    out["aqueducts"] = f"{count} aqueduct{'s' * (count != 1)}: {AQUEDUCT_POINTS[count]}"
    facts = CityFacts(kinds, city.coins)
    temples = [f"{_name(k)}: {TEMPLE_SCORING[k](facts)}" for k in sorted(kinds.values())
               if k in TEMPLE_SCORING]
    out["temples"] = "; ".join(temples) or "no temples"
    if "shrine" in kinds.values():
        out["shrine"] = f"next to {breakdown['shrine'] // 2} buildings"
    out["coins"] = f"{city.coins} coins"
    out["influence_tokens"] = f"{city.influence_tokens} tokens ÷ 2"
    out["influence_cards"] = ", ".join(map(str, city.influence_cards)) or "none"
    return out


def render(scored: Scored) -> str:
    """The score card: one focusable row per category (rule on hover, focus or tap),
    ``data-score`` hooks, and the total; or the reason the city is impossible."""
    if scored.city is None or scored.breakdown is None:
        return ('<div class="scorecard impossible" data-city-error role="alert">'
                '<p class="why">No game can produce this city, so it is not scored:</p>'
                f'<p class="reason">{esc(scored.problem)}.</p>'
                '<p><span data-score-total hidden></span></p></div>')
    why = details(scored.city, scored.breakdown)
    rows = []
    shrine = "shrine" in scored.city.kinds.values()  # a variant's row only where it is played
    for cat in (c for c in rome.CATEGORIES if c != "shrine" or shrine):
        tip = f"{RULES[cat]} This city: {why[cat]}."
        rows.append(
            f'<li class="score-row" tabindex="0" title="{esc(tip)}" data-category="{cat}">'
            f'<span class="label">{esc(LABELS[cat])}</span>'
            f'<span class="points" data-score="{cat}">{scored.breakdown[cat]}</span>'
            f'<span class="rule" role="note">{esc(RULES[cat])} '
            f'<em>This city: {esc(why[cat])}.</em></span></li>')
    return ('<div class="scorecard" aria-live="polite"><ul class="score-rows">'
            f'{"".join(rows)}</ul><p class="score-total">Total '
            f'<strong data-score-total>{scored.breakdown["total"]}</strong> points</p></div>')

