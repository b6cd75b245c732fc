"""The guided first game ("Learn to play"): two seats, seven rounds, one recorded deal.

Why seed 13 and this script: ``scripts/tutorial_game.py`` searched the 2-player seeds in
which the learner (seat 0, played by the normal computer) makes the opening draft's
choice and, over the game, pays coins for a missing brick and for a missing cog, produces,
builds a public building, a starred one, a bath, an aqueduct and temples, wins an
influence card, sees a tied influence scoring, has a forced take and a forced placement,
and wins; seed 13 does all of it in 47 decisions, against the easy computer (seat 1),
whose moves are replayed from this record so that every sentence here stays true.

Every step below is keyed by the moves played before it (``ply``); its words are
templates of ``ui.tutorial.position.FACTS``. The move asked for is said by the panel
itself (``rome.move_words``), so a step only adds what there is to learn at that moment.
"""

from __future__ import annotations

from ui.saves.session import Seat
from ui.tutorial.course import Course, Page, Step
from ui.words import anchors as at

SEED = 13
SCRIPT = tuple("""
draft market|place 5|place 2|place 3|place 1|take I:temple-jupiter|build temple-jupiter -1,0|end
take II:arena|produce|end|take I:temple-venus|build house-3 -1,1|end|take II:house-4
build temple-venus 1,0|produce|end|place 5|place 2|place 3|place 4|take I:temple-mercury
build temple-mercury 1,-1|end|take I:villa-2|build villa-2 0,2|end|take II:vegetable-farm
build house-4 -2,1|end|take II:house-2|build market -1,2|produce|end|place 1|place 5|place 4
place 3|take I:temple-mars|build temple-mars 0,-1|end|take I:vineyard|build vineyard -2,0
produce|end|take II:aqueduct|build aqueduct -1,-1|produce|end|take II:house-3|build arena 0,3
produce|end|place 5|place 4|place 3|place 2|take II:aqueduct|end|take I:imperial-baths
build house-3 -1,3|produce|end|take II:house-2|build house-2 0,2|produce|end
take I:forum-romanum|build imperial-baths -2,3|produce|end|place 5|place 2|place 4|place 3
take I:villa-3|build villa-3 -2,2|produce|end|take I:grand-aqueduct|build grand-aqueduct 1,0
produce|end|take II:sheep-farm|build vegetable-farm -1,0|produce|end|take II:house-2|produce
end|place 5|place 4|place 2|place 3|take I:temple-luna|build temple-luna 1,1|produce|end
take II:aqueduct|build aqueduct 1,1|produce|end|take I:colosseum|build colosseum -2,0|produce
end|take II:baths|build baths -1,1|produce|end|place 5|place 4|place 2|place 3
take I:university|build aqueduct -2,2|end|take I:villa-4|build house-2 1,2|end|take II:house-3
build villa-4 -2,1|produce|end|take II:school|build sheep-farm -2,-1|produce|end
""".strip().replace("\n", "|").split("|"))
"""Every move of the game, both seats' and the forced ones (recorded by
``scripts/tutorial_game.py``)."""

OPENING = (
    "Rome lies in ruins and needs rebuilding, and you are one of its architects. Round "
    "after round you and {them} send emissaries to the Emperor's court, win buildings "
    "there and raise them in a city of your own. After {rounds} rounds the cities are "
    "scored, and the one worth most wins. This game is laid out move by move: read what "
    "each step says, then make the move it marks. Your first choice is already here."
)

LEAD = "The guided game asks you to {asked} now: "
WHY = ("its moves are laid out in advance, so that each rule comes up at the moment you "
       "first need it. In a game of your own every choice is yours.")

STEPS = (
    Step(0, "First comes the opening draft: each player starts with one card in hand. Two "
            "cards were dealt to you; you keep one and the other goes to {them}, who plays "
            "first this game. You see only the cards that reach you. Keep the {card}: it "
            "is a public building, and it will pay off once your city has buildings around "
            "it.", at.DRAFT,
         why="it earns more the more buildings surround it, and your city will soon grow "
             "around it."),
    Step(2, "Round {round} began with upkeep: a fresh action strip was turned up, and new "
            "buildings were laid out from decks {decks}: the offer, at the top of the "
            "court. Now each of you places {emissaries} emissaries on the strip, one at a "
            "time. An emissary brings the bricks and cogs of its own space and of every "
            "space nearer the Emperor. Nearer the Emperor you act earlier and pick from the "
            "offer first, but with fewer bricks and cogs; farther out you get more, but "
            "pick later. Space "
            "{space} brings {space_gives}.", at.EMISSARIES,
         why="it acts before {them}'s emissary, and the cogs it brings will pay for "
             "producing."),
    Step(4, "Your second emissary goes right beside the Emperor. Space {space} brings "
            "little ({space_gives}), but it acts first of everyone this round: the whole offer "
            "is yours to pick from.", at.EMISSARIES,
         why="it acts first of all, so you pick the building you want before {them} can."),
    Step(5, "Turns go along the strip, starting beside the Emperor, so your emissary on "
            "space {acting} acts first. A turn starts by taking one building from the offer into "
            "your hand. The {card} is a temple: at the end it scores {scoring}.", at.TURN),
    Step(6, "Now build it. A building costs bricks, shown at the top left of its card: "
            "the {card} costs {cost}. Your emissary on space {acting} brings {acting_gives}, so "
            "the missing bricks are bought with coins, {brick_price} each: this build costs "
            "{pay}. The price stands on every space before you commit. A new building must "
            "share a side with one already in your city (a corner does not count), and a "
            "city never grows beyond {max_side} × {max_side}. The {card} also carries "
            "{stars}: a star on a building you build gives you an influence token.",
         at.BRICKS_AND_COGS,
         why="you can pay for it now, and every temple you build later adds to its "
             "points."),
    Step(8, "Your second emissary, on space {acting}, acts next. Take the {card}: a public "
            "building that you will build in a later round."),
    Step(9, "Space {acting} brings {acting_gives}. Cogs pay for producing: {produce_cogs} make "
            "every production building of your city work once. Your starting Vegetable "
            "Farm is one, so producing now gives you {yield}, and these cogs cost nothing. "
            "Cogs you lack are bought at {cog_price} each; the Produce button always shows "
            "its price and what it brings.", at.PRODUCTION,
         why="the cogs of this turn are free, and what a turn leaves unused is lost when "
             "it ends."),
    Step(18, "A new round: a new strip, a new offer, and the first player marker has "
             "passed to you, so you place first. An influence card worth {pool} has come up "
             "from deck I and waits beside the offer: when this round ends it goes to "
             "whoever holds the most influence tokens. You have {tokens}, {them} "
             "{their_tokens}. Space {space}, the farthest out, brings {space_gives}.",
         at.ROUND),
    Step(20, "Your second emissary: space {space} brings {space_gives} and acts before "
             "your emissary on space 5."),
    Step(25, "Space {acting} acts now. Take the {card}: a residential building with a star."),
    Step(26, "Build it beside your 2-Value Residential. It carries {stars}, and each star "
             "you build gives you an influence token: you hold {tokens} and {them} "
             "{their_tokens}, and the card worth {pool} goes to whoever holds the most "
             "when the round ends.", at.INFLUENCE),
    Step(32, "Only one building was left in the offer for your last emissary, so the game "
             "took it for you, and the line at the top of the table says so. Now build the "
             "{card} you kept in the draft. Public buildings come in four colours, and each "
             "does something once, when it is built: the {card} lets you {effect}. At the "
             "end, a residential area scores more for every colour of public building that "
             "touches it.", at.PUBLIC_BUILDINGS,
         why="it touches your new residential, and public buildings next to residentials "
             "pay at the end."),
    Step(33, "Produce again: the strip brings the cogs, your farm brings {yield}."),
    Step(36, "When round 2 ended, the influence card worth {pool} was scored. You and "
             "{them} held the same number of influence tokens: a tie, so nobody took it, "
             "and it waits for a later round. Only a single leader takes the waiting cards, "
             "and gives back all their tokens for them; when the most is shared, or nobody "
             "has a token, the cards wait, and after the last round they go to nobody.",
         at.INFLUENCE),
    Step(42, "Your last emissary of the round went to space {acting} by itself: as the round's "
             "last emissary it could only gain by standing as far out as the free spaces "
             "allow, so the table placed it for you and said so. It acts now: take the "
             "{card}, a production building."),
    Step(43, "Build the {card}. Each time you produce, it will {produces}."),
    Step(44, "Producing takes {produce_cogs}, and space {acting} brings {acting_gives}: the "
             "missing cog is bought for {produce_price}. It is worth it: you gain {yield}. "
             "A brick token pays one brick of a later build.", at.BRICKS_AND_COGS,
         why="it brings back more than the {produce_price} its missing cog costs."),
    Step(51, "Build the {card} you took in round 1. It lets you {effect}."),
    Step(54, "Round 3 ended with an influence scoring: {them} held the most influence "
             "tokens, took the waiting card (worth {their_cards}) and gave back all her "
             "tokens. A new card worth {pool} is waiting now: you hold {tokens}, {them} "
             "{their_tokens}.", at.INFLUENCE),
    Step(60, "Take the {card}: a bath, a public building whose point tokens add to the "
             "residential areas it touches."),
    Step(61, "Build the 3-Value Residential. It costs {cost}; your emissary brings "
             "{acting_gives}, and the brick token on your Vineyard pays the rest: this "
             "build costs {pay}.", at.BRICKS_AND_COGS),
    Step(69, "Build the {card}: {effect}. At the end those points count for each "
             "residential area it touches.", at.BATHS),
    Step(73, "At the end of round 4 you held the most influence tokens and took the card "
             "worth {my_cards}, which scores its value at the end; your tokens went back. {them} "
             "places first this round."),
    Step(81, "Aqueducts are the one exception to the building rule: at most one stands in "
             "each row and each column of a city, and one may even replace a building. Your "
             "aqueducts score together at the end: 1 to 4 of them are worth "
             "{aqueduct_scale} points. This one also carries {stars}.", at.AQUEDUCTS),
    Step(96, "The {card} scores {scoring}: every star you have built counts for it."),
    Step(112, "This is the last round: a game lasts {rounds} rounds with two players, "
              "{rounds_more} with three or four. An influence card worth {pool} has come "
              "up; it is scored when this round ends, and then the game is over.", at.END),
    Step(122, "Your last build: the {card} adds its value to an area and its {stars} to "
              "your influence tokens."),
)

PAGES = (
    Page("The game is over: after round {rounds} the last influence scoring was a tie, so "
         "the card worth {pool} went to nobody. Now every city is scored, category by "
         "category; your buildings that count are marked in your city.", at.FINAL_SCORING),
    Page("Residential areas: residential buildings of one value that share sides form an "
         "area, which scores the sum of its values times the number of colours among the "
         "public buildings touching it. Your areas score {areas}: {residential} in all.",
         at.RESIDENTIAL, "residential"),
    Page("Thermal baths: the point tokens on a bath add to each residential area it "
         "touches (where an area touches several baths, only the one holding most counts). "
         "They are already in your residential points.", at.BATHS, "baths"),
    Page("Aqueducts: together they score, 1 to 4 of them {aqueduct_scale} points. Your "
         "{aqueduct_count} brings {aqueducts}.", at.AQUEDUCTS, "aqueduct"),
    Page("Temples: each scores for its own condition: {temple_list}; {temples} in all.",
         at.TEMPLES, "temple"),
    Page("Coins: every coin left at the end is a point, so yours bring {coin_points}.",
         at.COINS),
    Page("Influence: each influence card scores its value ({card_points}), and tokens "
         "still held score a point per {tokens_per_point} ({token_points}).",
         at.FINAL_INFLUENCE),
    Page("In all your city scores {total} and {them}'s {their_total}: {result}. The most "
         "points wins; a tie goes to {tie_breaks}.", at.WINNING),
)

DONE = ("You have played a whole game of The Great City of Rome. For your next one: "
        "residentials of one value score best side by side, surrounded by public buildings "
        "of every colour, so plan where each will stand. Start a game of your own from the "
        "new-game screen; the rules are under Help (or the ? key) whenever you need them.")

FIRST_GAME = Course(
    key="first-game", title="Learn to play", seed=SEED,
    seats=(Seat("Apprentice", True), Seat("Aurelia", False, "easy")), learner=0,
    script=SCRIPT, steps=STEPS, opening=OPENING, pages=PAGES, done=DONE, lead=LEAD, why=WHY)
"""The guided first game."""
