"""Guided play (issue 41): courses, the step engine that runs them, and their words.

A *course* is a game the engine plays from a seed and a recorded list of moves, with the
words that go with the decisions of the seat it guides (``course.py``). The guided first
game is one course (``first_game.py``); a lesson is a shorter one (``lessons.py``: a
position reached by its moves, ``lesson_positions.py``, then one task the engine measures,
``lesson_tasks.py``, for each of ``ui/words/topics.py``). ``coach.py`` says what a course asks
for at any point of its game, ``position.py`` fills a step's words with the engine's
facts, ``narration.py`` tells the other seats' turns. The reducer's half is
``ui/model/tutor.py``, the panel ``ui/render/tutorial.py`` (a lesson's
``ui/embed/lesson.py``), its storage ``save.py``.
"""
