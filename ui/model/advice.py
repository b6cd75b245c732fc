"""The reducer's half for advice from the AI worker: a hint during the game, a review of a
seat's decisions after it. Both are asked for, worked out elsewhere, and shown only if the
answer is still for the table as it is.

Both ask for the same analysis (``rome.ai.ADVICE_LEVEL``, seeded by ``rome.ai.advice_seed``
from the game's seed and the decision), so the review of a decision repeats the hint given
there. The better move is in the analysis' words (with what its plan builds next); the
move played in ``rome.move_words``, where it was met (what was done, not the analysis'
plan for it), unless both read alike: then in the analysis' words, which tell the two
apart (the same card beside the same neighbour, on two sides)."""

from __future__ import annotations

from dataclasses import replace

import rome
from rome.ai import ADVICE_LEVEL, advice_seed, review_game
from rome.ai.answers import ReviewLine
from ui.model import page, preparing
from ui.model.effects import Analyse, Focus, Result
from ui.model.events import AskHint, AskReview, HintAnswer, Prepared, ShowHint, Tab
from ui.model.page import noticed
from ui.model.places import place_tab, places
from ui.model.state import Mode, Reviewed, Suggestion, UiState

FOCUS_HINT = ("#hint [data-hint]", '[data-ui="hint"]')
NO_HINT = "No hint could be found for this move."


def ask_hint(ui: UiState, event: AskHint) -> Result:
    """Ask the worker for the best few moves of the human to act; pressed again once
    shown, the hint closes; pressed while one is worked out, nothing more is asked."""
    s = ui.session
    if s is None or ui.mode is not Mode.HUMAN or s.current is None:
        return ui, ()
    moves = len(s.actions)
    if ui.hint_at == moves:
        if not ui.hints:
            return ui, ()  # still being worked out
        return replace(ui, hint_at=None, hints=()), (Focus(('[data-ui="hint"]',)),)
    return (replace(ui, hint_at=moves, hints=()),
            (Analyse(ui.generation, moves, s.current, ADVICE_LEVEL, advice_seed(s.seed, moves)),
             Focus(('[data-ui="hint"]',))))


def hint_answer(ui: UiState, event: HintAnswer) -> Result:
    """Show the analysis if it is for the position on the table (else it is stale and
    dropped); moves the engine does not offer now are left out."""
    s = ui.session
    if (s is None or event.generation != ui.generation or ui.mode is not Mode.HUMAN
            or event.moves != len(s.actions) or ui.hint_at != event.moves):
        return ui, ()
    offered = rome.sensible_actions(s.state)
    kept: list[Suggestion] = []
    for move in event.suggestions:
        try:
            action = rome.parse_legal(s.state, move["action"])
        except rome.RomeError:
            continue
        if action in offered and all(k.action != action for k in kept):
            kept.append(Suggestion(action, move["value"], move["loss"], move["reason"],
                                   move["words"] or rome.move_words(s.state, action),
                                   move["why"], places(move["marks"]), move["looks"]))
    if not kept:
        return noticed(replace(ui, hint_at=None), NO_HINT), ()
    return (replace(ui, hints=tuple(kept), hint_source=event.source, hint_shown=None),
            (Focus(FOCUS_HINT),))


def show_hint(ui: UiState, event: ShowHint) -> Result:
    """The phone's tab where the suggestion's place is, opened by the player's own press,
    with that place marked until another hint is shown."""
    if not 0 <= event.rank < len(ui.hints):
        return ui, ()
    tab = place_tab(ui.hints[event.rank].where)
    if tab is None:
        return ui, ()
    return page.tab(replace(ui, hint_shown=event.rank), Tab(tab))


def ask_review(ui: UiState, event: AskReview) -> Result:
    """Review a human seat's decisions once the game is over: at once if they were all
    analysed as the game went (``ui.model.preparing``), else once the rest are; pressed
    again once shown, the review closes; pressed while it is worked out, nothing more."""
    s = ui.session
    if (s is None or ui.mode is not Mode.OVER or not 0 <= event.seat < len(s.seats)
            or not s.seats[event.seat].human):
        return ui, ()
    if ui.review_seat == event.seat:
        if ui.review is None:
            return ui, ()  # still being worked out
        return replace(ui, review_seat=None, review=None, review_turning=(),
                       review_cities=None), ()
    asked = replace(ui, review_seat=event.seat, review=None)
    return _shown(asked)[0], (Focus(("#review",)),)


def prepared(ui: UiState, event: Prepared) -> Result:
    """A decision analysed: kept, and the review waiting for it shown if it was the last."""
    kept, effects = preparing.prepared(ui, event)
    return _shown(kept)[0], effects


def _shown(ui: UiState) -> Result:
    """The review asked for, put together once every decision of its seat is analysed; a
    line whose moves are not notation is left out."""
    s, seat = ui.session, ui.review_seat
    if s is None or seat is None or ui.review is not None or ui.mode is not Mode.OVER:
        return ui, ()
    done, total = preparing.progress(ui, seat)
    if done < total:
        return ui, ()
    mine = set(preparing.decisions(s, seat))
    kept: list[Reviewed] = []
    valid: list[ReviewLine] = []
    for line in sorted(ui.preparation.lines, key=lambda x: x["ply"]):
        if line["ply"] not in mine:
            continue
        try:
            at = s.states[line["ply"]]
            move, better = rome.Action.parse(line["played"]), rome.Action.parse(line["best"])
            played = rome.move_words(at, move)  # what was done, without a plan after it
            if move != better and played == rome.move_words(at, better):
                played = line["played_words"] or played  # told apart by side, or by deck
            kept.append(Reviewed(line["ply"], line["round"], move, better, line["loss"],
                                 line["reason"], played,
                                 line["best_words"] or rome.move_words(at, better)))
            valid.append(line)
        except (rome.RomeError, TypeError, ValueError, IndexError):
            continue
    whole = review_game(valid, rome.final_scores(s.state), rome.winners(s.state), seat)
    source = "page" if ui.preparation.on_page else "worker"
    return replace(ui, review=tuple(kept), review_source=source,
                   review_turning=tuple(d["ply"] for d in whole["turning_points"]),
                   review_cities=whole["cities"]), ()
