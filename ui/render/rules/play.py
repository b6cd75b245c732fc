"""The rules of play: the goal, the draft, a round and its parts, the end.

Why generated: every number (rounds, emissaries, decks, prices, the strip, the city's
size, influence cards) is read from the engine's data when the text is made, so the
rules a player reads are the rules the engine plays.
"""

from __future__ import annotations

from functools import cache

import rome
from rome.cards import (
    BRICK_PRICE,
    COG_PRICE,
    COGS_TO_PRODUCE,
    DECK_NAMES,
    DECKS,
    PUBLIC_COLOURS,
    SHAPES,
    SPACES,
    STARTING_CITY,
    STARTING_COINS,
    STRIPS,
)
from rome.city import MAX_SIDE
from ui.render.rules.entry import Entry, by_count, items, link, ordinal, players
from ui.render.svg_cards import COLOUR_SHAPE
from ui.words import anchors as at
from ui.words import facts
from ui.words.card_words import built_words, listed, plural, produce_words
from ui.words.markup import esc

SHAPE_MARKS = {"circle": "●", "triangle": "▲", "square": "■", "diamond": "◆"}
"""The shape each colour's badge has on a card, as a character."""


def _names(kinds: list[str]) -> str:
    return listed([esc(rome.BUILDINGS[k].name) for k in kinds])


def rounds_words() -> str:
    """``14 rounds with 3 or 4 players, 7 with 2``."""
    groups = by_count({n: shape.rounds for n, shape in SHAPES.items()})
    groups.sort(key=lambda g: -len(g[1]))
    first, *rest = groups
    return ", ".join([f"{first[0]} rounds with {players(first[1])}",
                      *(f"{r} with {listed([str(n) for n in ns], 'or')}" for r, ns in rest)])


def _goal() -> Entry:
    start = listed([f"a {esc(rome.BUILDINGS[kind].name)}" for _r, _c, kind in STARTING_CITY])
    return Entry(at.GOAL, "The goal", (
        "<p>You are architects rebuilding Rome. Round by round you win buildings at the "
        "Emperor's court and build them into your own city, which may grow to "
        f"{MAX_SIDE} × {MAX_SIDE} buildings. After {rounds_words()}, the city with the most "
        f"points wins ({link(at.FINAL_SCORING, 'final scoring')}).</p>"
        f"<p>Everyone starts with a city of two buildings, {start}, side by side, and "
        f"{plural(STARTING_COINS, 'coin')}.</p>"))


def _draft() -> Entry:
    return Entry(at.DRAFT, "The opening draft", (
        "<p>Before the first round everyone gets one card for their hand. The player on the "
        f"first player's right deals as many cards from deck {facts.draft_deck()} as there "
        "are players, keeps one and passes the rest to the right; each player in turn keeps "
        "one and passes the rest on, and the first player takes the last card. Who plays "
        "first is drawn at random. You see only the cards that reach you.</p>"))


def _round() -> Entry:
    steps = [f"{link(at.UPKEEP, 'Upkeep')}: a new action strip and a new offer.",
             f"{link(at.EMISSARIES, 'Emissaries')}: everyone places their emissaries on the "
             "strip.",
             f"{link(at.TURN, 'Turns')}: in the order of the emissaries on the strip, each "
             "takes a building from the offer, then may build and produce.",
             f"{link(at.INFLUENCE, 'Influence')}: if influence cards wait on the table, the "
             "player with the most influence tokens takes them."]
    return Entry(at.ROUND, "A round", (
        items(steps, ordered=True)
        + "<p>Then the first player marker passes to the next player on the left, and the "
        "next round begins.</p>"))


def _influence_cards() -> str:
    """Where deck I hides the influence cards, for each number of players."""
    size = len(DECKS[DECK_NAMES[0]])
    out = []
    for (values, after), counts in by_count({n: (s.influence_values, s.influence_after)
                                             for n, s in SHAPES.items()}):
        places = [ordinal(n) for n in after if n < size]
        bottom = " and at the bottom" if after[-1] >= size else ""
        out.append(f"with {players(counts)}, cards worth {listed([str(v) for v in values])} "
                   f"points lie after the {listed(places)} card{bottom}")
    return "; ".join(out)


def _upkeep() -> Entry:
    deck_words = []
    for (decks, draw), counts in by_count({n: (facts.decks_in_play(n), s.draw_per_deck)
                                           for n, s in SHAPES.items()}):
        deck_words.append(f"with {players(counts)}, {plural(draw, 'card')} from each of decks "
                          f"{listed(list(decks))}")
    first = DECK_NAMES[0]
    return Entry(at.UPKEEP, "Upkeep and the offer", (
        "<p>The action strip on top of the stack is turned over and put at the bottom: the "
        "strip now on top is this round's. Then new buildings are laid face up from the "
        f"decks: {'; '.join(deck_words)}. These buildings are the offer: on their turn each "
        "player takes one of them. A deck that runs out simply offers nothing more.</p>"
        f"<p>Deck {first} holds the special buildings, one of each: some carry stars, some "
        "do more than others of their kind. It also hides the influence cards "
        f"({_influence_cards()}). An influence card that comes to the top of deck {first} "
        f"is laid beside it and waits for the {link(at.INFLUENCE, 'influence scoring')}."
        "</p>"))


def _emissaries() -> Entry:
    strip = STRIPS[0]
    two = [f"With {players(counts)}, everyone has {n} emissaries and places them one at a "
           "time, taking turns." for n, counts in by_count(
               {k: s.emissaries for k, s in SHAPES.items()}) if n > 1]
    return Entry(at.EMISSARIES, "Emissaries and the action strip", (
        f"<p>The action strip has {SPACES} spaces: {plural(strip.count('B'), 'brick')} and "
        f"{plural(strip.count('C'), 'cog')}, in an order that differs from strip to strip "
        "and from side to side. The Emperor stands at one end.</p>"
        "<p>Starting with the first player and going clockwise, everyone places an emissary "
        f"on a free space. {' '.join(two)}</p>"
        "<p>An emissary brings its player the bricks and cogs of its own space and of every "
        "space between it and the Emperor. Nearer the Emperor means an earlier turn, and so "
        "an earlier choice from the offer, but fewer bricks and cogs; farther away means "
        "more bricks and cogs, but a later turn and what others left in the offer.</p>"))


def _turn() -> Entry:
    steps = ["Take one building from the offer into your hand (while the offer has any).",
             f"Then, in either order, you may {link(at.BUILDING, 'build')} once and "
             f"{link(at.PRODUCTION, 'produce')} once, paying with the bricks and cogs your "
             "emissary brings; coins pay for what is missing "
             f"({link(at.BRICKS_AND_COGS, 'bricks, cogs and coins')}).",
             "End your turn: your emissary leaves the strip, and bricks and cogs you did not "
             "use are lost."]
    return Entry(at.TURN, "Your turn", (
        items(steps, ordered=True)
        + "<p>With two emissaries, each one's turn is a turn of its own, with its own bricks "
        "and cogs. A choice that would gain you nothing is not offered, and the table says "
        "why beneath the turn's buttons; a move that is your only sensible choice is played "
        "for you, and the log marks it.</p>"))


def _bricks_and_cogs() -> Entry:
    costs = sorted({b.cost for b in rome.BUILDINGS.values() if b.cost})
    free = [k for k, b in rome.BUILDINGS.items() if not b.cost]
    free_words = f" ({_names(free)} costs none)" if free else ""
    return Entry(at.BRICKS_AND_COGS, "Bricks, cogs and coins", (
        f"<p>Building costs bricks: the number at the top left of the card, {costs[0]} to "
        f"{costs[-1]}{free_words}. Producing costs {plural(COGS_TO_PRODUCE, 'cog')}, however "
        "many production buildings your city has. More than you need is no use: you build "
        "and produce at most once a turn.</p>"
        "<p>What your emissary does not bring, you pay for. A missing brick is paid with a "
        f"brick token from your farms if you have one, else with {plural(BRICK_PRICE, 'coin')}"
        f"; a missing cog costs {plural(COG_PRICE, 'coin')}. The table pays for you and shows "
        "the price on every choice before you commit. Spend with care: every coin left at "
        f"the end is a point ({link(at.COINS, 'coins')}).</p>"))


def _building() -> Entry:
    return Entry(at.BUILDING, "Building", (
        "<p>To build, choose a card in your hand, then an empty space that shares a side "
        "with a building of your city (a corner is not enough). Your city has no fixed "
        f"board: it may grow in any direction, but never to more than {MAX_SIDE} columns or "
        f"{MAX_SIDE} rows. A building never moves. Only {link(at.AQUEDUCTS, 'aqueducts')} "
        "break these rules: at most one stands in each row and each column, and one may "
        "replace a building.</p>"
        "<p>When you build a card with stars, you take an influence token per star. When you "
        f"build a {link(at.PUBLIC_BUILDINGS, 'public building')}, its effect happens at "
        "once, counting the buildings next to it at that moment. You never have to build: "
        f"a city may end with fewer than {MAX_SIDE * MAX_SIDE} buildings.</p>"))


def _production() -> Entry:
    kinds = [k for k, b in rome.BUILDINGS.items() if b.type == "production"]
    gains = [f"{esc(rome.BUILDINGS[k].name)}: {esc(produce_words(rome.BUILDINGS[k]))}."
             for k in kinds]
    return Entry(at.PRODUCTION, "Production buildings and Produce", (
        f"<p>Producing costs {plural(COGS_TO_PRODUCE, 'cog')} and works every production "
        "building of your city once:</p>" + items(gains)
        + "<p>A brick token stays on its building until you spend it, one at most on each. "
        "Each token pays one brick of a build, even later in the same turn. The Produce "
        "button shows its price and what it gains, and is offered only when producing "
        "gains you something.</p>"))


def _public() -> Entry:
    kinds = [k for k, b in rome.BUILDINGS.items() if b.type == "public"]
    first = {b.colour: b.letter for b in rome.BUILDINGS.values() if b.colour}
    colours = [f"{first[c]} {SHAPE_MARKS[COLOUR_SHAPE[c]]} {c}" for c in PUBLIC_COLOURS]
    effects = [f"{esc(rome.BUILDINGS[k].name)} ({rome.BUILDINGS[k].colour}): "
               f"{esc(built_words(rome.BUILDINGS[k]))}." for k in kinds]
    return Entry(at.PUBLIC_BUILDINGS, "Public buildings", (
        f"<p>Public buildings come in {len(PUBLIC_COLOURS)} colours; a card shows its colour "
        f"with a letter and a shape too: {listed(colours)}. Each does its effect once, when "
        "it is built, counting the buildings next to it at that moment; the ones from deck "
        f"{DECK_NAMES[0]} do a little more:</p>" + items(effects)
        + "<p>At the end only the colour counts: each residential area scores once for each "
        f"colour touching it ({link(at.RESIDENTIAL, 'residential areas')}).</p>"))


def _influence() -> Entry:
    makers = [k for k, b in rome.BUILDINGS.items()
              if b.produce_influence or b.build_influence >= 0]
    return Entry(at.INFLUENCE, "Stars and influence", (
        "<p>Influence tokens come from the stars of the buildings you build (one token per "
        f"star) and from the {_names(makers)}.</p>"
        "<p>At the end of a round in which influence cards wait on the table, the player "
        "with the most influence tokens takes every waiting card and gives back all their "
        "tokens. If the most is shared, or nobody has a token, the cards wait for a later "
        "round; after the last round, cards still waiting go to nobody. An influence card is "
        "worth its value at the end, and tokens still held are worth a point per "
        f"{facts.tokens_per_point()} ({link(at.FINAL_INFLUENCE, 'influence')}).</p>"))


def _end() -> Entry:
    return Entry(at.END, "The end of the game", (
        f"<p>The game ends after {rounds_words()}, once that round's influence scoring is "
        f"done. Then every city is scored ({link(at.FINAL_SCORING, 'final scoring')}).</p>"))


@cache
def play_entries() -> tuple[Entry, ...]:
    """The rules of play, in the dialog's order."""
    return (_goal(), _draft(), _round(), _upkeep(), _emissaries(), _turn(), _bricks_and_cogs(),
            _building(), _production(), _public(), _influence(), _end())
