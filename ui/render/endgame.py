"""The end of the game: scoring by category, winners, a bar chart, and each city's detail.

Why: the totals and winners come straight from ``rome.final_scores`` and
``rome.winners`` (tie-breaks included); the per-area, per-temple and aqueduct detail
comes from the observed cities via :mod:`ui.words.facts`; this module only lays them out.
"""

from __future__ import annotations

from collections.abc import Sequence

import rome
from ui.render.table import CATEGORY_LABELS as LABELS
from ui.render.view import TableView, public_view
from ui.words import facts
from ui.words.markup import button, esc
from ui.words.names import short_name

CHART_COLOURS = {
    "residential": "#d9825b", "aqueducts": "#5d88a8", "temples": "#c9b27c", "shrine": "#8e6cb0",
    "coins": "#e0b21a", "influence_tokens": "#7e57c2", "influence_cards": "#4b2f80",
}


CHART_NAME = 12
"""Graphemes of a name the chart's label column holds (12 of the widest letters)."""


def render_chart(scores: tuple[dict[str, int], ...], names: tuple[str, ...],
                 categories: tuple[str, ...]) -> str:
    """Stacked horizontal bars, one per player, segments by category (SVG)."""
    best = max((s["total"] for s in scores), default=1) or 1
    bar_h, gap, label_w, width = 28, 12, 170, 560
    height = len(scores) * (bar_h + gap) + 4
    parts = [f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="Bar chart of the final scores" xmlns="http://www.w3.org/2000/svg">']
    scale = (width - label_w - 50) / best
    for i, (score, name) in enumerate(zip(scores, names, strict=True)):
        y = i * (bar_h + gap) + 6
        parts.append(f'<text x="{label_w - 8}" y="{y + bar_h * 0.68}" text-anchor="end" '
                     f'font-size="14" class="ink">{esc(short_name(name, CHART_NAME))}'
                     f"<title>{esc(name)}</title></text>")
        x = float(label_w)
        for cat in categories:
            w = score[cat] * scale
            if w <= 0:
                continue
            parts.append(f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{bar_h}" '
                         f'fill="{CHART_COLOURS[cat]}" stroke="#fff" stroke-width="1">'
                         f"<title>{esc(name)}: {LABELS[cat]} {score[cat]}</title></rect>")
            x += w
        parts.append(f'<text x="{x + 6:.1f}" y="{y + bar_h * 0.68}" font-size="14" '
                     f'font-weight="700" class="ink">{score["total"]}</text>')
    parts.append("</svg>")
    legend = "".join(f'<li><span class="swatch" style="background:{CHART_COLOURS[c]}"></span>'
                     f"{esc(LABELS[c])}</li>" for c in categories)
    return "".join(parts) + f'<ul class="legend" aria-hidden="true">{legend}</ul>'


def render_city_detail(view: TableView, seat: int) -> str:
    """One seat's residential areas (value, bath bonus), temples and aqueduct count."""
    p = view.obs["players"][seat]
    kinds = facts.kinds_of(p)
    rows = []
    for area, points, bath in facts.areas(p):
        value = rome.BUILDINGS[kinds[area[0]]].value
        colours = (points - bath) // (value * len(area))
        rows.append(f'<tr data-area="{seat}" data-points="{points}"><td>{len(area)} × '
                    f"value {value}</td><td>{value * len(area)} × {colours}</td>"
                    f"<td>{bath or '—'}</td><td>{points}</td></tr>")
    temples = "".join(f"<li>{esc(rome.BUILDINGS[k].name)}: {pts}</li>"
                      for _pos_, k, pts in facts.temple_points(p)) or "<li>none</li>"
    aqueducts = facts.aqueduct_count(p)
    areas = "".join(rows) or '<tr><td colspan="4">no residential areas</td></tr>'
    return (f'<div class="city-detail" data-seat-detail="{seat}"><h3>{esc(view.names[seat])}'
            f'</h3><table class="scores areas"><caption>Residential areas</caption><thead><tr>'
            f'<th scope="col">Area</th><th scope="col">Value × colours</th>'
            f'<th scope="col">Bath bonus</th><th scope="col">Points</th></tr></thead>'
            f"<tbody>{areas}</tbody></table><p>Temples:</p><ul class=temples>{temples}</ul>"
            f"<p>Aqueducts: {aqueducts} ({view.scores[seat]['aqueducts']} points)</p></div>")


def render_end(view: TableView | rome.GameState, names: Sequence[str] = ()) -> str:
    """The final scoring section with "new game" and "rematch" buttons (given a bare
    finished state and the names, as replays do, it draws the public view of it)."""
    if not isinstance(view, TableView):
        view = public_view(view, names)
    scores, names, wins = view.scores, view.names, view.winners
    head = "".join(f'<th scope="col">{esc(n)}'
                   f'{" <span class=win-mark>(winner)</span>" if i in wins else ""}</th>'
                   for i, n in enumerate(names))
    rows = []
    for cat in view.categories:
        cells = "".join(f"<td>{s[cat]}</td>" for s in scores)
        rows.append(f'<tr><th scope="row">{LABELS[cat]}</th>{cells}</tr>')
    totals = "".join(f"<td><strong>{s['total']}</strong></td>" for s in scores)
    rows.append(f'<tr class="total"><th scope="row">Total</th>{totals}</tr>')
    ranking = sorted(range(len(scores)), key=lambda i: -scores[i]["total"])
    summary = []
    for i in ranking:
        p = view.obs["players"][i]
        summary.append(
            f'<tr data-player="{i}" data-total="{scores[i]["total"]}"'
            f'{" class=winner" if i in wins else ""}><th scope="row">{esc(names[i])}</th>'
            f"<td>{scores[i]['total']}</td><td>{p['influence']}</td><td>{p['coins']}</td></tr>")
    if len(wins) == 1:
        verdict = f"{esc(names[wins[0]])} wins!"
    else:
        verdict = "Shared victory: " + ", ".join(esc(names[i]) for i in wins) + "."
    details = "".join(render_city_detail(view, i) for i in range(len(names)))
    return (
        '<section class="final panel" id="final" aria-labelledby="final-title">'
        f'<h2 id="final-title">Final scoring</h2><p class="verdict" role="status">{verdict}</p>'
        '<div class="final-grid"><div>'
        '<div class="table-scroll" tabindex="0" role="region" aria-label="Scores by category">'
        '<table class="scores" id="score-categories">'
        f'<thead><tr><th scope="col">Category</th>{head}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table></div>'
        '<div class="table-scroll" tabindex="0" role="region" aria-label="Ranking">'
        '<table class="scores ranking" id="final-table">'
        '<caption>Ranking (ties: most influence tokens, then most coins)</caption>'
        '<thead><tr><th scope="col">Player</th><th scope="col">Points</th>'
        '<th scope="col">Influence tokens</th><th scope="col">Coins</th></tr></thead>'
        f'<tbody>{"".join(summary)}</tbody></table></div>'
        + render_chart(scores, names, view.categories)
        + '<div class="buttons">'
        + button("Rematch with the same seats", cls="btn primary", data_ui="rematch")
        + button("New game", cls="btn", data_ui="newgame")
        + button("Copy replay link", cls="btn", data_ui="replay-link")
        + f'</div></div><div class="city-details">{details}</div></div></section>'
    )
