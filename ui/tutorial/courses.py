"""Every course by its key: the guided first game (lessons join it here)."""

from __future__ import annotations

from ui.tutorial.course import Course
from ui.tutorial.first_game import FIRST_GAME

COURSES: dict[str, Course] = {course.key: course for course in (FIRST_GAME,)}
