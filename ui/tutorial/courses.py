"""Every course by its key: the guided first game and the lessons."""

from __future__ import annotations

from ui.tutorial.course import Course
from ui.tutorial.first_game import FIRST_GAME
from ui.tutorial.lessons import LESSON_COURSES

COURSES: dict[str, Course] = {course.key: course for course in (FIRST_GAME, *LESSON_COURSES)}
