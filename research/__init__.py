"""Research on the computer players: tournaments, ratings, the yardstick, fitted weights.

None of this ships: the game (``rome``, ``ui``) never imports it, and the wheel holds only
``rome``.  It may use anything ``rome`` offers.  Run a tool with ``python -m research
TOOL ...`` (``python -m research --help`` lists them); research/README.md says what each
measures and the results so far.
"""
