"""What the player asks of the browser itself (``ui.model.gestures``): each is decided and
worded by the reducer and handed to the page as one effect, never run by a handler."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

from ui import model
from ui.model import UiState, effects, events
from ui.saves import save
from ui.saves.session import Seat, Session

SEATS = [Seat("Ann", True), Seat("Bob", False, "random")]


def on_table() -> UiState:
    """A game of a few moves on the table (the computer's moves played at once)."""
    ui, _ = model.reduce(UiState(), model.Begin(Session.new(SEATS, 5, False), "game.1"))
    assert ui.session is not None
    return ui


def test_deleting_a_saved_game_is_asked_first_and_changes_nothing_yet() -> None:
    ui = UiState()
    after, todo = model.reduce(ui, events.Delete("game.3"))
    assert after is ui
    assert todo == (effects.Confirm("Delete this saved game? It cannot be brought back.",
                                    effects.DeleteSlot("game.3")),)
    # yes, answered later by the painter's dialog, deletes it
    assert model.reduce(ui, events.Confirmed(effects.DeleteSlot("game.3"))) == (
        ui, (effects.DeleteSlot("game.3"),))


def test_resuming_asks_the_page_to_read_the_slot() -> None:
    ui = UiState()
    assert model.reduce(ui, events.Resume("game.2")) == (ui, (effects.Load("game.2"),))


def test_the_download_is_the_game_on_the_table_and_reads_back_as_it() -> None:
    ui = on_table()
    after, todo = model.reduce(ui, events.Download())
    assert after is ui and len(todo) == 1 and isinstance(todo[0], effects.Download)
    assert todo[0].filename == "great-city-of-rome-game.json"
    again = save.import_game(todo[0].text)
    assert ui.session is not None
    assert again.actions == ui.session.actions and again.seed == 5 and again.seats == SEATS


def test_the_replay_link_holds_the_game_beside_the_page() -> None:
    ui = on_table()
    _, todo = model.reduce(ui, events.CopyLink("https://x.org/rome/index.html?seats=2#t"))
    assert len(todo) == 1 and isinstance(todo[0], effects.Copy)
    link = urlsplit(todo[0].text)
    assert (link.netloc, link.path) == ("x.org", "/rome/embed.html")
    query = parse_qs(link.query)
    assert query["view"] == ["replay"]
    assert ui.session is not None
    assert json.loads(query["record"][0])["actions"] == list(ui.session.actions)


def test_without_a_game_there_is_nothing_to_download_or_link() -> None:
    ui = UiState()
    assert model.reduce(ui, events.Download()) == (ui, ())
    assert model.reduce(ui, events.CopyLink("https://x.org/")) == (ui, ())


def test_the_clipboard_s_answer_is_said() -> None:
    ui = on_table()
    done, _ = model.reduce(ui, events.Copied(True))
    refused, _ = model.reduce(ui, events.Copied(False))
    assert "Replay link copied" in done.notices[-1]
    assert "refused to copy" in refused.notices[-1]


def test_a_downloaded_game_read_back_goes_on_the_table_in_a_slot_of_its_own() -> None:
    ui = on_table()
    _, todo = model.reduce(ui, events.Download())
    assert isinstance(todo[0], effects.Download)
    after, placed = model.reduce(UiState(), events.Opened(todo[0].text))
    assert after == UiState() and len(placed) == 1 and isinstance(placed[0], effects.Place)
    assert ui.session is not None and placed[0].session.actions == ui.session.actions


def test_a_file_that_is_no_game_is_said_on_the_form() -> None:
    after, todo = model.reduce(UiState(), events.Opened('{"seats": 7}'))
    assert len(todo) == 1 and isinstance(todo[0], effects.ShowForm)
    assert todo[0].notice.startswith("That file could not be loaded: ")
