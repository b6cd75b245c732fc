"""The rules dialog's contents: the whole rules in the game's own words.

Why a folder: the rules are long, and each part has its own concern: ``anchors`` (the
stable section ids others link to, and which section explains a decision), ``entry`` (a
section and how the filter finds it), ``play`` (a game and a round), ``scoring`` (the
final scoring), ``buildings`` (every building, drawn with its card). The dialog around
them (the filter box, the contents, advice and keys) is :mod:`ui.render.help_panel`.

Every number in the text is read from the engine's data (``rome.cards``, the public
scoring functions, :mod:`ui.words.facts`), never typed here; the words are this
project's own.
"""
