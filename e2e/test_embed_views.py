"""embed.html's views, each in a sandboxed iframe of a host page on a second origin.

Expected numbers come from the command line (``python -m rome score`` / ``link``) or
from ``rome.final_scores`` run here on CPython, never from the page under test.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote, unquote

import embedhost
from conftest import click, wait_ready
from embedhost import Host, wait_frame_ready, wait_frame_still
from playwright.sync_api import BrowserContext, Frame, Page, expect

import rome

context, host, host_page = embedhost.context, embedhost.host, embedhost.host_page  # fixtures

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "city.json"  # the rulebook's example
# The rulebook's 75-point example city (003_…txt, "Example of final scoring"; the same
# city as examples/city.json), space by space.
EXAMPLE_CELLS = {
    "0,0": "villa-2", "0,1": "arena", "0,2": "house-3", "0,3": "villa-3",
    "1,0": "aqueduct", "1,1": "house-2", "1,2": "house-2", "1,3": "baths",
    "2,0": "temple-luna", "2,1": "baths", "2,2": "house-2", "2,3": "market",
    "3,0": "temple-fortuna", "3,1": "house-4", "3,2": "grand-aqueduct",
}
EXAMPLE_TOKENS = {"1,3": 2, "2,1": 4}


def cli(*args: str) -> str:
    result = subprocess.run([sys.executable, "-m", "rome", *args], cwd=ROOT, check=True,
                            capture_output=True, text=True)
    return result.stdout.strip()


def shown_scores(frame: Frame) -> dict[str, int]:
    scores = {cat: int(frame.locator(f'[data-score="{cat}"]').inner_text())
              for cat in rome.CATEGORIES if cat != "shrine"}
    shrine = frame.locator('[data-score="shrine"]')  # shown only for a city with the Shrine
    scores["shrine"] = int(shrine.inner_text()) if shrine.count() else 0
    scores["total"] = int(frame.locator("[data-score-total]").inner_text())
    return scores


def test_calculator_reaches_the_rulebook_example_by_clicks(host_page: Page, host: Host) -> None:
    # Tall enough that the host page never scrolls: a click aimed while the host resizes
    # the frame would otherwise land where the button was a moment before.
    host_page.set_viewport_size({"width": 1280, "height": 1000})
    host.open(host_page, [("calc", "embed.html?view=calculator&theme=dark")], height=400)
    frame = wait_frame_ready(host_page, "calc")
    wait_frame_still(host_page, "calc")
    side_tops: set[float] = set()  # the catalogue's top, after every click on the city

    def side_top() -> float:
        return float(frame.evaluate("document.querySelector('.calc-side')"
                                    ".getBoundingClientRect().top + scrollY"))

    frame.locator("[data-catalogue-search]").fill("baths")
    expect(frame.locator('[data-card="baths"]')).to_be_visible()
    expect(frame.locator('[data-card="house-2"]')).to_be_hidden()
    frame.locator("[data-catalogue-search]").fill("")
    # The whole catalogue is back before the first click: drawn later, it would move the
    # buttons under a click already aimed.
    expect(frame.locator('[data-card="house-2"]')).to_be_visible()
    for cell, kind in EXAMPLE_CELLS.items():
        click(frame, frame.locator(f'[data-cell="{cell}"]'))
        side_tops.add(side_top())
        click(frame, frame.locator(f'[data-card="{kind}"]'))
        side_tops.add(side_top())
    # The catalogue stays beside the city (640 px is room for both): it used to drop below
    # it whenever an empty space was chosen, and come back when a building was placed.
    assert len(side_tops) == 1, side_tops
    for cell, tokens in EXAMPLE_TOKENS.items():
        click(frame, frame.locator(f'[data-cell="{cell}"]'))
        for _ in range(tokens):
            click(frame, frame.locator('[data-do="tokens+"]'))
    for _ in range(9):
        click(frame, frame.locator('[data-do="coins+"]'))
    for _ in range(3):
        click(frame, frame.locator('[data-do="influence_tokens+"]'))
    click(frame, frame.locator('[data-influence-card="3"]'))

    expected = json.loads(cli("score", str(EXAMPLE)))
    assert expected["total"] == 75
    try:
        expect(frame.locator("[data-score-total]")).to_have_text("75")
    except AssertionError as short:  # a lost click (wait_frame_still): say which one
        cells = frame.evaluate(  # each cell's place, building and point tokens
            "[...document.querySelectorAll('[data-cell]')].map(e => e.getAttribute("
            "'aria-label')).map(l => l.split(',').slice(0, 2).join(',')"
            " + (l.match(/ \\d+ point tokens/) || [''])[0])")
        raise AssertionError(f"{short}\nthe city: {cells}\nthe scores: {shown_scores(frame)}"
                             ) from short
    assert shown_scores(frame) == expected

    # The rule behind a number shows on keyboard focus (and so on tap).
    rule = frame.locator('[data-category="residential"] .rule')
    expect(rule).to_be_hidden()
    frame.locator('[data-category="residential"]').focus()
    expect(rule).to_be_visible()
    expect(rule).to_contain_text("colours")

    # "Share" gives a city-view link carrying the same code as `python -m rome link`.
    click(frame, frame.locator('[data-do="share"]'))
    link = frame.locator("[data-share-link]").input_value()
    assert link.endswith("embed.html?view=city&code=" + cli("link", str(EXAMPLE)))

    # An impossible city is explained, not scored: a house far from the rest.
    click(frame, frame.locator('[data-cell="3,3"]'))
    expect(frame.locator('[data-do="remove"]')).to_have_count(0)  # nothing to remove
    click(frame, frame.locator('[data-cell="3,2"]'))
    click(frame, frame.locator('[data-do="remove"]'))
    click(frame, frame.locator('[data-cell="1,3"]'))
    click(frame, frame.locator('[data-do="remove"]'))
    click(frame, frame.locator('[data-cell="2,3"]'))
    click(frame, frame.locator('[data-do="remove"]'))
    click(frame, frame.locator('[data-cell="3,3"]'))
    click(frame, frame.locator('[data-card="house-2"]'))
    expect(frame.locator("[data-city-error]")).to_contain_text("not connected")
    expect(frame.locator('[data-score="residential"]')).to_have_count(0)


def _finished_city(tmp_path: Path, players: int, seed: int, seat: int) -> Path:
    """A city of a random legal game, written as ``score`` JSON."""
    state = rome.play(rome.new_game(players, seed=seed), rome.random_player(random.Random(seed)))
    player = rome.observation(state, seat)["players"][seat]
    r0 = min(r for r, *_ in player["city"])
    c0 = min(c for _r, c, *_ in player["city"])
    rows: list[list[object]] = [[None] * 4 for _ in range(4)]
    points = {(r, c): n for r, c, n in player["points"]}
    for r, c, kind, _deck in player["city"]:
        rows[r - r0][c - c0] = {"card": kind, "point_tokens": points.get((r, c), 0)} \
            if (r, c) in points else kind
    path = tmp_path / "city.json"
    path.write_text(json.dumps({"city": rows, "coins": player["coins"],
                                "influence_tokens": player["influence"],
                                "influence_cards": player["influence_cards"]}))
    return path


def test_city_view_of_a_link_code_shows_the_cli_score(
        host_page: Page, host: Host, tmp_path: Path) -> None:
    city = _finished_city(tmp_path, 3, 11, 1)
    code = cli("link", str(city))
    expected = json.loads(cli("score", str(city)))
    host.open(host_page, [("city", f"embed.html?view=city&code={code}&compact=1"),
                          ("bad", "embed.html?view=city&code=1.505.0.0.0")])
    frame = wait_frame_ready(host_page, "city")
    assert shown_scores(frame) == expected
    expect(frame.locator("[data-cell]")).to_have_count(16)
    bad = wait_frame_ready(host_page, "bad")
    expect(bad.locator("[data-city-error]")).to_contain_text("not connected")


def test_replay_to_the_end_shows_final_scores(host_page: Page, host: Host) -> None:
    players, seed = 3, 2026
    steps = list(rome.playthrough(rome.new_game(players, seed=seed, shrine=True),
                                  rome.random_player(random.Random(seed))))
    actions = [str(action) for _before, action, _after in steps]
    state = steps[-1][2]
    record = {"players": players, "seed": seed, "shrine": True, "actions": actions}
    url = "embed.html?view=replay&record=" + quote(json.dumps(record), safe="")
    host.open(host_page, [("replay", url)], height=300)
    frame = wait_frame_ready(host_page, "replay")
    wait_frame_still(host_page, "replay")
    root = frame.locator("[data-step]")
    expect(root).to_have_attribute("data-step", "0")
    click(frame, frame.locator('[data-replay="forward"]'))
    expect(root).to_have_attribute("data-step", "1")
    first = rome.describe(rome.new_game(players, seed=seed, shrine=True),
                          rome.Action.parse(actions[0]), rome.replay(
                              players, seed, actions[:1], shrine=True),
                          [f"Player {i + 1}" for i in range(players)])
    expect(frame.locator("[data-log-line]")).to_contain_text(first[0])
    frame.locator("body").press("ArrowRight")
    expect(root).to_have_attribute("data-step", "2")
    frame.locator("body").press("ArrowLeft")
    expect(root).to_have_attribute("data-step", "1")
    wait_frame_still(host_page, "replay")
    click(frame, frame.locator('[data-replay="back"]'))
    expect(root).to_have_attribute("data-step", "0")
    wait_frame_still(host_page, "replay")
    click(frame, frame.locator('[data-replay="end"]'))
    expect(root).to_have_attribute("data-step", str(len(actions)))
    totals = {int(row.get_attribute("data-player")): int(row.get_attribute("data-total"))
              for row in frame.locator("[data-player][data-total]").all()}
    assert totals == {seat: s["total"] for seat, s in enumerate(rome.final_scores(state))}
    frame.locator("body").press("Home")
    expect(root).to_have_attribute("data-step", "0")

    # Mid-game, a spectator sees only the hand cards known to everyone; open=1 shows all.
    step = 30
    for _ in range(step):
        frame.locator("body").press("ArrowRight")
    expect(root).to_have_attribute("data-step", str(step))
    mid = rome.replay(players, seed, actions[:step], shrine=True)
    hands = [rome.observation(mid, seat)["players"][seat]["hand"] for seat in range(players)]
    assert any(not card["public"] for hand in hands for card in hand)
    for seat, hand in enumerate(hands):
        cards = frame.locator(f'.replay-seat[data-seat="{seat}"] .hand-card')
        expect(cards).to_have_count(len(hand))
        faces = frame.locator(f'.replay-seat[data-seat="{seat}"] .hand-card:not(.back)')
        expect(faces).to_have_count(sum(1 for card in hand if card["public"]))
    host.open(host_page, [("open", url + f"&open=1&step={step}")], name="open.html")
    opened = wait_frame_ready(host_page, "open")
    expect(opened.locator("[data-step]")).to_have_attribute("data-step", str(step))
    expect(opened.locator(".hand-card.back")).to_have_count(0)
    expect(opened.locator(".hand-card")).to_have_count(sum(map(len, hands)))


def test_replay_from_a_file_next_to_the_page(host_page: Page, host: Host) -> None:
    record = json.loads((ROOT / "examples" / "example-game.json").read_text())
    final = rome.replay(record["players"], record["seed"], record["actions"],
                        shrine=record["shrine"])
    host.open(host_page, [("file", "embed.html?view=replay&src=examples/example-game.json"
                                    "&step=9999&theme=light")])
    frame = wait_frame_ready(host_page, "file")
    expect(frame.locator("[data-step]")).to_have_attribute(
        "data-step", str(len(record["actions"])))
    totals = {int(row.get_attribute("data-player")): int(row.get_attribute("data-total"))
              for row in frame.locator("[data-player][data-total]").all()}
    assert totals == {seat: s["total"] for seat, s in enumerate(rome.final_scores(final))}


def test_calculator_reports_its_height_and_the_host_snippet_resizes(
        host_page: Page, host: Host) -> None:
    host.open(host_page, [("calc", "embed.html?view=calculator&compact=1")], height=120)
    frame = wait_frame_ready(host_page, "calc")
    host_page.wait_for_function(
        "heights.length > 0 && document.getElementById('calc').style.height === "
        "heights[heights.length - 1] + 'px'")
    before = host_page.evaluate("heights[heights.length - 1]")
    assert before > 120
    content = frame.evaluate("document.querySelector('#app').getBoundingClientRect().bottom")
    assert before >= content
    click(frame, frame.locator('[data-do="share"]'))  # an empty city: nothing to share, no change
    click(frame, frame.locator('[data-cell="0,0"]'))
    click(frame, frame.locator('[data-card="house-2"]'))  # the impossible-city message: taller
    host_page.wait_for_function(
        f"heights[heights.length - 1] !== {before} && document.getElementById('calc')"
        ".style.height === heights[heights.length - 1] + 'px'")


NAMES_CUT_JS = """() => {
  const labels = [...document.querySelectorAll('.lbl.name')].filter(e => e.getClientRects().length);
  return {shown: labels.map(e => e.innerText.replaceAll('\u00ad', '').trim()),
          cut: labels.filter(e => e.scrollHeight > e.clientHeight + 1).map(e => e.innerText)};
}"""


def test_compact_game_plays_in_a_600_by_500_frame_and_says_nothing_is_saved(
        host_page: Page, host: Host) -> None:
    host_page.set_viewport_size({"width": 700, "height": 700})
    url = "embed.html?view=game&compact=1&save=rules-a&seats=human,random&seed=1&pace=0"
    host.open(host_page, [("game", url)], height=500)
    host_page.locator("iframe#game").evaluate("f => { f.width = 600; }")
    frame = wait_frame_ready(host_page, "game")
    expect(frame.locator("#messages")).to_contain_text("This embed cannot keep a game")
    # The game itself: the human's first decision is offered as legal actions.
    expect(frame.locator("[data-action]").first).to_be_visible(timeout=30_000)
    assert frame.evaluate("innerWidth") <= 600
    # every card's name shows whole on the 48 px cards (seed 1 offers the Grand Aqueduct,
    # whose "Gr. Aque-duct" took three lines of two)
    names = frame.evaluate(NAMES_CUT_JS)
    assert "Grand Aq." in names["shown"] and names["cut"] == [], names


def test_compact_game_saves_under_its_own_namespace(page: Page, site_url: str) -> None:
    """Same origin as the main site (no sandbox): its saves must not touch the site's."""
    page.goto(site_url + "embed.html?view=game&save=Rules-A!&seats=human,random&seed=5&pace=0")
    wait_ready(page)
    expect(page.locator("[data-action]").first).to_be_visible(timeout=30_000)
    page.locator("[data-action]").first.click()
    page.wait_for_function("Object.keys(localStorage).some(k => k.startsWith('rome-embed.'))")
    keys = page.evaluate("Object.keys(localStorage)")
    assert keys and all(k.startswith("rome-embed.rules-a.") for k in keys), keys
    assert page.locator("#app.compact, #app .compact").count() >= 1


def test_end_screen_copies_a_replay_link_of_the_game(
        page: Page, context: BrowserContext, site_url: str) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(site_url + "index.html?seats=random,random&seed=8&pace=0")
    wait_ready(page)
    page.locator('[data-ui="replay-link"]').click(timeout=90_000)
    expect(page.locator("body")).to_contain_text("Replay link copied")
    link = page.evaluate("navigator.clipboard.readText()")
    record = json.loads(page.evaluate("window.rome.record()"))
    assert link.startswith(site_url + "embed.html?view=replay&record=")
    assert json.loads(unquote(link.split("record=", 1)[1])) == record
    assert len(record["actions"]) > 50 and record["seed"] == 8
