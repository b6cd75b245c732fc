"""The embeddable views of ``embed.html``: calculator, city, replay, compact game, lesson.

Why a package apart from the game's table: a rules site embeds one small piece at a
time. Each view reuses the game's engine (``rome``), card drawings (``ui.render.svg_cards``,
``ui.render.city``) and styles; the modules here only lay them out. The pure parts
(``scorecard``, ``calculator``, ``replay``) import no browser module, so they are tested on
CPython; ``page`` binds them to the DOM. The address is read by ``ui.address``.
"""
