"""Each lesson's position, recorded by ``scripts/lesson_positions.py`` (do not edit).

A lesson is a decision of a two-player game: its seed and every move before it (joined
by ``|`` or a line break), the last move being the one the lesson asks for: the engine's
best by its task's measure (``ui.tutorial.lesson_tasks``) when the position was found;
the unit tests check that it still is.
"""

from __future__ import annotations

POSITIONS: dict[str, tuple[int, str]] = {
    "emissaries": (1, """
draft grain-farm|place 5|place 4|place 3|place 2|take I:grand-aqueduct
build grand-aqueduct 0,-1|end|take I:villa-2|build villa-2 0,2|end|take II:house-2
build grain-farm -1,0|end|take II:house-2|build school -1,2|school II|keep house-3|end
place 3|place 2
"""),
    "bricks-and-cogs": (1, """
draft grain-farm|place 5|place 4|place 3|place 2|take I:grand-aqueduct
build grand-aqueduct 0,-1|end|take I:villa-2|build villa-2 0,2|end|take II:house-2
build grain-farm -1,0|end|take II:house-2|build school -1,2|school II|keep house-3|end
place 3|place 1|place 2|place 5|take I:colosseum|build house-2 -1,0
"""),
    "building": (1, """
draft grain-farm|place 5|place 4|place 3|place 2|take I:grand-aqueduct
build grand-aqueduct 0,-1|end|take I:villa-2|build villa-2 0,2|end|take II:house-2
build grain-farm -1,0|end|take II:house-2|build school -1,2|school II|keep house-3|end
place 3|place 1|place 2|place 5|take I:colosseum|build colosseum -1,1|end|take I:villa-3
build villa-3 -2,0|end|take II:house-2|produce|end|take II:house-2|build house-3 -2,1|end
place 2|place 5|place 4|place 1|take I:imperial-baths|build imperial-baths -2,-1|end
take I:temple-mars|build house-2 -2,0
"""),
    "production": (1, """
draft grain-farm|place 5|place 4|place 3|place 2|take I:grand-aqueduct
build grand-aqueduct 0,-1|end|take I:villa-2|build villa-2 0,2|end|take II:house-2
build grain-farm -1,0|end|take II:house-2|build school -1,2|school II|keep house-3|end
place 3|place 1|place 2|place 5|take I:colosseum|build colosseum -1,1|end|take I:villa-3
build villa-3 -2,0|end|take II:house-2|produce|end|take II:house-2|build house-3 -2,1|end
place 2|place 5|place 4|place 1|take I:imperial-baths|build imperial-baths -2,-1|end
take I:temple-mars|build house-2 0,3|end|take II:house-4|produce|build temple-mars 1,0|end
take II:temple-minerva|build house-2 -2,-2|produce|end|place 5|place 2|place 1|place 4
take I:forum-romanum|build house-2 -3,-2|produce|end|take II:house-3|build house-3 -2,2
end|take I:vineyard|build vineyard -1,0|produce
"""),
    "influence": (1, """
draft grain-farm|place 5|place 4|place 3|place 2|take I:grand-aqueduct
build grand-aqueduct 0,-1|end|take I:villa-2|build villa-2 0,2|end|take II:house-2
build grain-farm -1,0|end|take II:house-2|build school -1,2|school II|keep house-3|end
place 3|place 1|place 2|place 5|take I:colosseum|build colosseum -1,1
"""),
    "residential": (1, """
draft grain-farm|place 5|place 4|place 3|place 2|take I:grand-aqueduct
build grand-aqueduct 0,-1|end|take I:villa-2|build villa-2 0,2|end|take II:house-2
build grain-farm -1,0|end|take II:house-2|build school -1,2|school II|keep house-3|end
place 3|place 1|place 2|place 5|take I:colosseum|build colosseum -1,1|end|take I:villa-3
build villa-3 -2,0|end|take II:house-2|produce|end|take II:house-2|build house-2 0,3
"""),
    "aqueducts": (2, """
draft house-2|place 5|place 4|place 3|place 2|take I:temple-mars|build temple-mars 0,-1
end|take I:imperial-baths|end|take II:house-2|end|take II:aqueduct|build aqueduct 0,-1
produce|end|place 4|place 1|place 2|place 5|take I:grand-aqueduct
build grand-aqueduct -1,0|end|take I:vineyard|build vineyard -1,0|end|take II:aqueduct
build aqueduct -1,-1|end|take II:house-3|produce|build imperial-baths -1,1|end|place 5
place 4|place 3|place 2|take II:aqueduct|build house-2 1,1|produce|end|take I:villa-4
build villa-4 -1,2|end|take II:school|build school 1,0|school II|keep arena|produce|end
take I:temple-venus|produce|build house-3 -2,1|end|place 4|place 5|place 3|place 2
take I:temple-jupiter|produce|build temple-venus 1,-1|end|take II:house-3|build arena -1,1
produce|end|take I:villa-3|build aqueduct -2,0|produce|end|take II:house-3
build temple-minerva 1,0|produce|end|place 4|place 5|place 3|place 2|take I:forum-romanum
build forum-romanum 0,2|produce|end|take I:colosseum|build colosseum 0,2|end
take II:house-2|build temple-jupiter -1,-1|end|take II:house-4|produce|build villa-3 -2,1
end|place 5|place 3|place 4|place 2|take II:aqueduct|build aqueduct -2,2
"""),
    "temples": (1, """
draft grain-farm|place 5|place 4|place 3|place 2|take I:grand-aqueduct
build grand-aqueduct 0,-1|end|take I:villa-2|build villa-2 0,2|end|take II:house-2
build grain-farm -1,0|end|take II:house-2|build school -1,2|school II|keep house-3|end
place 3|place 1|place 2|place 5|take I:colosseum|build colosseum -1,1|end|take I:villa-3
build villa-3 -2,0|end|take II:house-2|produce|end|take II:house-2|build house-3 -2,1|end
place 2|place 5|place 4|place 1|take I:imperial-baths|build imperial-baths -2,-1|end
take I:temple-mars|build house-2 0,3|end|take II:house-4|produce|build temple-mars 1,0|end
take II:temple-minerva|build house-2 -2,-2|produce|end|place 5|place 2|place 1|place 4
take I:forum-romanum|build house-2 -3,-2|produce|end|take II:house-3|build house-3 -2,2
end|take I:vineyard|build vineyard -1,0|produce|end|take II:aqueduct|build aqueduct -3,0
produce|end|place 5|place 3|place 4|place 2|take II:house-3|build house-3 -2,1|end
take I:villa-4|produce|build forum-romanum -3,1|end|take I:temple-luna|build house-4 -1,3
produce|end|take II:baths|build baths -2,3|produce|end|place 5|place 4|place 2|place 1
take I:temple-jupiter|build temple-luna -2,0
"""),
    "public-buildings": (1, """
draft grain-farm|place 5|place 4|place 3|place 2|take I:grand-aqueduct
build grand-aqueduct 0,-1|end|take I:villa-2|build villa-2 0,2|end|take II:house-2
build grain-farm -1,0|end|take II:house-2|build school -1,2|school II|keep house-3|end
place 3|place 1|place 2|place 5|take I:colosseum|build colosseum -1,1|end|take I:villa-3
build villa-3 -2,0|end|take II:house-2|produce|end|take II:house-2|build house-3 -2,1|end
place 2|place 5|place 4|place 1|take I:imperial-baths|build imperial-baths -2,-1|end
take I:temple-mars|build house-2 0,3|end|take II:house-4|produce|build temple-mars 1,0|end
take II:temple-minerva|build house-2 -2,-2|produce|end|place 5|place 2|place 1|place 4
take I:forum-romanum|build house-2 -3,-2|produce|end|take II:house-3|build house-3 -2,2
end|take I:vineyard|build vineyard -1,0|produce|end|take II:aqueduct|build aqueduct -3,0
produce|end|place 5|place 3|place 4|place 2|take II:house-3|build house-3 -2,1|end
take I:villa-4|produce|build forum-romanum -3,1|end|take I:temple-luna|build house-4 -1,3
produce|end|take II:baths|build baths -2,3
"""),
    "final-scoring": (1, """
draft grain-farm|place 5|place 4|place 3|place 2|take I:grand-aqueduct
build grand-aqueduct 0,-1|end|take I:villa-2|build villa-2 0,2|end|take II:house-2
build grain-farm -1,0|end|take II:house-2|build school -1,2|school II|keep house-3|end
place 3|place 1|place 2|place 5|take I:colosseum|build colosseum -1,1|end|take I:villa-3
build villa-3 -2,0|end|take II:house-2|produce|end|take II:house-2|build house-3 -2,1|end
place 2|place 5|place 4|place 1|take I:imperial-baths|build imperial-baths -2,-1|end
take I:temple-mars|build house-2 0,3|end|take II:house-4|produce|build temple-mars 1,0|end
take II:temple-minerva|build house-2 -2,-2|produce|end|place 5|place 2|place 1|place 4
take I:forum-romanum|build house-2 -3,-2|produce|end|take II:house-3|build house-3 -2,2
end|take I:vineyard|build vineyard -1,0|produce|end|take II:aqueduct|build aqueduct -3,0
produce|end|place 5|place 3|place 4|place 2|take II:house-3|build house-3 -2,1|end
take I:villa-4|produce|build forum-romanum -3,1|end|take I:temple-luna|build house-4 -1,3
produce|end|take II:baths|build baths -2,3|produce|end|place 5|place 4|place 2|place 1
take I:temple-jupiter|build temple-luna 1,1|produce|end|take I:temple-venus
build villa-4 -1,-1|produce|end|take II:sheep-farm|build house-2 1,2|produce|end
take II:arena|produce|build arena -1,1|end|place 3|place 5|place 1|place 4
take I:temple-mercury|build temple-jupiter -2,0
"""),
}
