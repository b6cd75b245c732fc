"""The lessons a rules site embeds (``embed.html?view=lesson&topic=T``): one position each,
one task, checked by the engine, and their words.

Why each lesson is a :class:`ui.tutorial.course.Course`: the guided first game's step
engine already says what a position asks, marks the one control, answers another
choice, and ends; a lesson is a course whose script is the recorded moves to its
position plus the one move it asks for (``lesson_positions``), with a single step. The
moves it accepts are not written here: they are the legal moves its task measures best
(``lesson_tasks``), and any other legal choice is answered with what that same measure
says of it, so the lesson can never disagree with the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import rome
from ui.saves.session import Seat
from ui.tutorial.course import Course, Step
from ui.tutorial.lesson_positions import POSITIONS
from ui.tutorial.lesson_tasks import TASKS, Task
from ui.words import anchors as at
from ui.words.topics import TOPICS

LEARNER = 0
SEATS = (Seat("You", True), Seat("Aurelia", False, "easy"))
"""A lesson's table: the reader (seat 0, as the positions were recorded) and a computer,
whose moves before the position are part of the record."""


@dataclass(frozen=True)
class Lesson:
    """One lesson's words: its title, what it teaches at its position (a template of
    :mod:`ui.tutorial.position`'s fields, filled from the position), what the reader
    learnt (said at its end, filled from the position after the move), and the table's
    parts it shows besides the reader's hand and city (``strip``, ``offer``)."""

    title: str
    words: str
    learnt: str
    anchor: str
    shows: tuple[str, ...] = ()


LESSONS: dict[str, Lesson] = {
    "emissaries": Lesson(
        "Emissaries and the action strip",
        "Your emissary goes on a free space of the action strip. It brings the bricks and "
        "cogs of its own space and of every space between it and the Emperor, and the "
        "nearer the Emperor it stands, the sooner its turn comes (so the sooner you choose "
        "from the offer). Your dearest card costs {hand_cost}. Place your emissary on the "
        "space nearest the Emperor that brings enough bricks for it.",
        "Nearer the Emperor means an earlier turn but fewer bricks and cogs; farther away, "
        "more of them but a later turn: where you place weighs the two.",
        at.EMISSARIES, ("strip",)),
    "bricks-and-cogs": Lesson(
        "Bricks, cogs and coins",
        "This turn your emissary brings {acting_gives}. A building costs bricks (the number "
        "on its card) and producing costs {produce_cogs}; whatever your emissary does not "
        "bring you pay for, with a brick token from your farms or {brick_price} a brick, "
        "and {cog_price} a cog. Every coin left at the end is a point. Build the dearest "
        "card your emissary's bricks pay for in full.",
        "You built without spending a coin: you still hold {coins}. The table shows the "
        "price of every choice before you make it.",
        at.BRICKS_AND_COGS),
    "building": Lesson(
        "Building",
        "A building goes on an empty space that shares a side with your city (a corner is "
        "not enough), and it never moves. The city has no fixed board, but it may never "
        "be wider or taller than {max_side} buildings, so every space you fill can close "
        "others off. Build your {card} where your city keeps the most spaces to grow.",
        "A city may grow in any direction, up to {max_side} × {max_side}: where you build "
        "decides where you still can. Your city now has {room} to grow into.",
        at.BUILDING),
    "production": Lesson(
        "Production",
        "Producing costs {produce_cogs}, and then every production building of your city "
        "yields at once: here {yield}. Your emissary brings {acting_gives}; missing cogs "
        "cost {cog_price} each. Produce now, rather than end your turn with your farms "
        "idle.",
        "Once a turn you may produce, paying {produce_cogs}: the more production buildings "
        "stand in your city, the more each turn's production brings. You now hold {coins}.",
        at.PRODUCTION),
    "influence": Lesson(
        "Stars and influence",
        "An influence card worth {pool} waits on the table. At the end of this round the "
        "player with the most influence tokens takes it and gives back their tokens; a tie "
        "leaves it waiting. You hold {tokens}, {them} holds {their_tokens}. Stars on a card "
        "and the effects of some buildings give tokens. Make the move that gives you the "
        "most influence tokens.",
        "You now hold {tokens} against {their_tokens}: unless that changes before the round "
        "ends, the card worth {pool} is yours, and scores its value at the end.",
        at.INFLUENCE, ("offer",)),
    "residential": Lesson(
        "Residential areas",
        "Residential buildings of one value that share sides form an area. An area scores "
        "the sum of its values, times the number of colours among the public buildings "
        "touching it. Your areas score {areas} now. Build the residential card where your "
        "areas score most.",
        "Your areas now score {areas}: {residential} in all. Keep houses of one value side "
        "by side, and ring them with public buildings of every colour.",
        at.RESIDENTIAL),
    "aqueducts": Lesson(
        "Aqueducts",
        "Aqueducts break the building rule: at most one stands in each row and each column "
        "of a city, and one may replace a building that stands there. Together they score: "
        "1 to 4 of them bring {aqueduct_scale} points. Place your aqueduct where your city "
        "scores most.",
        "Your {aqueduct_count} bring {aqueducts}, and your city is worth {total}. An "
        "aqueduct that replaces a building takes that building's points away with it.",
        at.AQUEDUCTS),
    "temples": Lesson(
        "Temples",
        "Each temple scores for its own condition, written on its card: what stands next "
        "to it, or what your whole city holds. Your temples score {temple_list} now. Build "
        "the temple that scores most.",
        "Your temples now score {temple_list}: {temples} in all. Read a temple's condition "
        "before you choose where it stands.",
        at.TEMPLES),
    "public-buildings": Lesson(
        "Public buildings",
        "A public building does its effect once, when it is built, counting the buildings "
        "next to it then. At the end its colour counts: each residential area scores once "
        "more for each colour touching it. Build where your city scores most.",
        "Your city is now worth {total}, {residential} of it from residential areas. A "
        "public building is worth most beside the areas it multiplies.",
        at.PUBLIC_BUILDINGS),
    "final-scoring": Lesson(
        "Final scoring",
        "This is the last round. At the end every city is scored: residential areas, "
        "aqueducts, temples, every coin a point, influence cards at their value and a "
        "point per {tokens_per_point} influence tokens. Your city would score {total} now. "
        "Make the move after which your city scores most.",
        "Your city now scores {total}: {residential} from residential areas, {aqueducts} "
        "from aqueducts, {temples} from temples and {coin_points} from coins.",
        at.FINAL_SCORING),
}
"""Every lesson by its topic (``ui.words.topics.TOPICS``, the same order)."""

LEAD = "You chose to {tried}, which {tried_says}. "
ASKED = "The lesson asks you to {asked}, which {asked_says}. Try again."


PREFIX = "lesson-"


def key(topic: str) -> str:
    """A lesson's course key (``Tutorial.course``)."""
    return PREFIX + topic


def topic_of(course: Course) -> str:
    """The topic of a lesson's course."""
    return course.key.removeprefix(PREFIX)


def explain(task: Task) -> Callable[[rome.GameState, rome.Action | str], str]:
    """Why ``tried`` (a move, or a card chosen to build: its best space) is not what the
    lesson asks, in the task's measure of both."""
    def why(state: rome.GameState, tried: rome.Action | str) -> str:
        seat = rome.current_player(state)
        assert seat is not None
        best = rome.Action.parse(min(task.best(state)))
        if isinstance(tried, str):
            options = [a for a in task.choices(state) if a.kind == tried]
            tried = max(options, key=lambda a: task.worth(state, seat, a))
        asked = ASKED.format(asked=rome.move_words(state, best),
                             asked_says=task.says(state, seat, best))
        if tried.verb not in task.verbs:
            return f"You chose to {rome.move_words(state, tried)}. " + asked
        return LEAD.format(tried=rome.move_words(state, tried),
                           tried_says=task.says(state, seat, tried)) + asked
    return why


def course(topic: str) -> Course:
    """The lesson of ``topic`` as a course of one step."""
    lesson, task = LESSONS[topic], TASKS[topic]
    seed, moves = POSITIONS[topic]
    script = tuple(moves.strip().replace("\n", "|").split("|"))
    step = Step(len(script) - 1, lesson.words, lesson.anchor, accept=task.best,
                explain=explain(task))
    return Course(key=key(topic), title=lesson.title, seed=seed, seats=SEATS,
                  learner=LEARNER, script=script, steps=(step,), opening="", pages=(),
                  done=lesson.learnt, lead="", why="")


LESSON_COURSES = tuple(course(topic) for topic in TOPICS)
"""Every lesson's course, in the topics' order."""


def next_topic(topic: str) -> str | None:
    """The lesson after ``topic`` (None after the last)."""
    i = TOPICS.index(topic)
    return TOPICS[i + 1] if i + 1 < len(TOPICS) else None
