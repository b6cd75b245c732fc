"""The city view: the city of a link's code, read-only, with its score (or why it cannot
be scored). It has no events: one pure render of the code, drawn once."""

from __future__ import annotations

from rome import ScoreInputError
from rome.citycode import decode
from ui import address
from ui.embed import scorecard
from ui.embed.calculator_render import grid_html
from ui.words.markup import esc


def render(code: str, href: str) -> str:
    """The view of ``code`` on the page at ``href`` (which the calculator link keeps)."""
    try:
        result = scorecard.score(decode(code))
    except ScoreInputError as exc:
        result = scorecard.Scored(None, None, f"the city code: {exc}")
    city = result.city
    if city is None:
        return f'<div class="embed-city">{scorecard.render(result)}</div>'
    grid = grid_html(city.kinds, city.points, editable=False)
    link = address.city_link(href, code, view="calculator")
    return (
        f'<div class="embed-city"><section class="calc-city" aria-label="The city">{grid}'
        f'<p class="res">{city.coins} coins · {city.influence_tokens} influence tokens · '
        f'influence cards: {", ".join(map(str, city.influence_cards)) or "none"}</p></section>'
        f'<section class="calc-side" aria-label="Score">{scorecard.render(result)}'
        f'<p><a class="btn" href="{esc(link)}">Try it in the calculator</a></p>'
        '</section></div>')
