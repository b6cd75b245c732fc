"""Find the guided first game's deal and record its moves (``ui/tutorial/first_game.py``).

Why a search: a guided game teaches each rule when it is first used, so its deal must
make every rule come up for the learner: the opening draft as a real choice (two cards
that differ), bricks and cogs bought with coins, producing, a public building, a starred
one, a bath, an aqueduct, temples, an influence scoring won and one tied, coins and
influence at the end, and a win over the gentle computer. The learner (seat 0) is played
by the normal level and the computer (seat 1) by the easy one, seeded as the tests seed
them; each 2-player seed is played out and checked, and the first one that has it all
(or the one asked for) is printed with its moves, for ``SCRIPT``.

    .venv/bin/python scripts/tutorial_game.py            # search from seed 1
    .venv/bin/python scripts/tutorial_game.py --seed 13  # check and print one seed

Seed 13, found this way, is the course's (47 decisions of the learner).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rome  # noqa: E402
from rome.ai.players import computer_players  # noqa: E402

LEARNER, LEVELS = 0, ("normal", "easy")


def lessons(seed: int) -> tuple[dict[str, int], list[str]] | None:
    """What the game of ``seed`` shows the learner (a count per lesson) and its moves;
    None when the learner would not choose in the opening draft."""
    state = rome.new_game(2, seed=seed)
    if rome.current_player(state) != LEARNER or rome.automatic_action(state) is not None:
        return None
    seen = dict.fromkeys(("decisions", "paid coins", "bought cogs", "produced", "public",
                          "stars", "baths", "won influence", "tied influence"), 0)
    steps = list(rome.playthrough(state, computer_players(list(LEVELS)), automatic=True))
    for before, action, after in steps:
        mine = rome.current_player(before) == LEARNER
        if mine and rome.automatic_action(before) is None:
            seen["decisions"] += 1
        if mine and action.verb == "build" and action.kind is not None:
            building = rome.BUILDINGS[action.kind]
            seen["paid coins"] += rome.build_cost(before, LEARNER, action.kind)[1] > 0
            seen["public"] += building.type == "public"
            seen["baths"] += building.build_points >= 0
            seen["stars"] += building.stars
        if mine and action.verb == "produce":
            seen["produced"] += 1
            seen["bought cogs"] += rome.produce_cost(before) > 0
        won = [len(a.influence_cards) - len(b.influence_cards)
               for b, a in zip(before.players, after.players, strict=True)]
        seen["won influence"] += won[LEARNER] > 0
        seen["tied influence"] += bool(before.influence_pool) and not any(won) \
            and after.round != before.round
    final = steps[-1][2]
    score = rome.final_scores(final)[LEARNER]
    for category in ("residential", "aqueducts", "temples", "coins"):
        seen[category] = score[category]
    seen["influence"] = score["influence_tokens"] + score["influence_cards"]
    seen["won"] = int(rome.winners(final) == [LEARNER])
    return seen, [str(action) for _b, action, _a in steps]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, help="check and print this seed only")
    parser.add_argument("--first", type=int, default=1, help="the first seed searched")
    args = parser.parse_args()
    seeds = [args.seed] if args.seed is not None else range(args.first, args.first + 500)
    for seed in seeds:
        found = lessons(seed)
        if found is None:
            continue
        seen, moves = found
        missing = [lesson for lesson, count in seen.items() if not count]
        print(f"seed {seed}: {seen['decisions']} decisions; missing: {missing or 'nothing'}")
        if not missing or args.seed is not None:
            print("|".join(moves))
            return


if __name__ == "__main__":
    main()
