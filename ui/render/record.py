"""The record of games on the first screen: how the player fares against each level, the
best city, wins in a row and when to try a stronger level; its download and reset.

Pure: the record (``ui.saves.record.Record``) and the page's address in, markup out. The
section is drawn into ``#record`` of the new-game screen by the painter whenever the record
changes (a game counted, the record reset here or in another tab).
"""

from __future__ import annotations

from ui import address
from ui.saves.record import Record, Streak, Tally, move_up
from ui.words.markup import button, esc

EMPTY = ("Games you finish against the computer are counted here: by level and by "
         "number of players, with your best city and your wins in a row.")
HOTSEAT = "Hot-seat games (several players at one screen), counted apart:"


def move_up_words(rec: Record) -> str:
    """The suggestion to try the next level up ("" none)."""
    up = move_up(rec)
    if up is None:
        return ""
    level, streak, above = up
    return f"{streak} wins in a row against {level}: try {above} next."


def _games(n: int) -> str:
    return f"{n} game" if n == 1 else f"{n} games"


def _row(head: str, t: Tally, streak: Streak | None = None, **data: str) -> str:
    cells = [head, f"{t.wins}\u00a0of\u00a0{t.games}", f"{t.average:.0f}", str(t.best)]
    if streak is not None:
        cells.append(f"{streak.now}, best\u00a0{streak.best}")
    marks = "".join(f' data-record-{k}="{esc(v)}"' for k, v in data.items())
    return (f'<tr{marks} data-games="{t.games}" data-wins="{t.wins}" data-best="{t.best}">'
            f'<th scope="row">{esc(cells[0])}</th>'
            + "".join(f"<td>{esc(c)}</td>" for c in cells[1:]) + "</tr>")


def _table(caption: str, first: str, rows: list[str], streaks: bool) -> str:
    heads = [first, "Won", "Average score", "Best score"]
    if streaks:
        heads.append("Wins in a row")
    return (f'<div class="table-scroll"><table class="scores"><caption>{esc(caption)}</caption>'
            "<thead><tr>" + "".join(f'<th scope="col">{esc(h)}</th>' for h in heads)
            + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table></div>")


def render_record(rec: Record, href: str) -> str:
    """The section's inner markup; ``href``: the page's address (the best city's link is
    to ``embed.html`` beside it)."""
    title = f'<h2 id="record-title" data-record-games="{rec.games}">Your record</h2>'
    if not rec.games:
        return f'{title}<p class="record-empty">{esc(EMPTY)}</p>'
    parts = [title]
    suggestion = move_up_words(rec)
    if suggestion:
        parts.append(f'<p class="record-suggestion" data-record-suggestion>{esc(suggestion)}</p>')
    levels = rec.by_level()
    if levels:
        parts.append(_table("Against the computer, by the strongest level at the table",
                            "Level", [_row(lv, t, rec.streaks.get(lv, Streak()), level=lv)
                                      for lv, t in levels.items()], streaks=True))
        parts.append(_table("By number of players", "Players",
                            [_row(str(n), t, players=str(n))
                             for n, t in rec.by_players().items()], streaks=False))
    best = rec.best_city
    if best is not None:
        link = address.city_link(href, best.code)
        parts.append(f'<p class="record-best">Your best city: {best.score} points against '
                     f'{esc(best.level)} with {best.players} players. '
                     f'<a href="{esc(link)}" data-record-city>See this city</a></p>')
    if rec.hotseat:
        items = "".join(f'<li data-record-hotseat="{n}">{n} players: {_games(t.games)}, best '
                        f"score {t.best}</li>" for n, t in sorted(rec.hotseat.items()))
        parts.append(f'<p>{esc(HOTSEAT)}</p><ul class="record-hotseat">{items}</ul>')
    parts.append('<p class="record-actions">'
                 + button("Download your record", cls="btn small", data_ui="record-download")
                 + button("Reset your record", cls="btn small", data_ui="record-reset")
                 + "</p>")
    return "".join(parts)
