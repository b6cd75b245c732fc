"""The record of games in storage, on CPython with the fake ``localStorage`` objects of
``test_save_store``: two tabs counting, a damaged record, storage that throws or is full.

Why here: the storage paths of ``ui.saves.record_store`` need a ``Store``, whose fakes live
beside the saves' tests; the counting rules are tested in ``tests/test_record.py`` and the
page in ``e2e/test_faults.py``.
"""

from __future__ import annotations

import json

import pytest
from fake_storage import NS, FakeStorage, FakeWindow, ThrowingStorage, store_on

from ui.saves import record_store
from ui.saves.record import Finished, Record, counted
from ui.saves.storage import Store

KEY = NS + record_store.KEY


def added(store: Store, memory: Record, game: Finished) -> tuple[Record, str]:
    """The record and what is said once the page has answered the count's write."""
    refused: list[tuple[Record, str]] = []
    now = record_store.add(store, memory, game, lambda *said: refused.append(said))
    return refused.pop() if refused else now


def reset(store: Store, memory: Record) -> tuple[Record, str]:
    """The record and what is said once the page has answered the reset's write."""
    refused: list[tuple[Record, str]] = []
    now = record_store.reset(store, memory, lambda *said: refused.append(said))
    return refused.pop() if refused else now


def win(key: str, level: str = "normal") -> Finished:
    return Finished(key, False, level, 2, 70, True)


def test_two_tabs_count_into_the_record_as_stored_never_over_each_other() -> None:
    window = FakeWindow()
    first, second = store_on(window), store_on(window)
    mine, _ = added(first, Record(), win("1-2-9-00000001"))
    theirs, _ = added(second, Record(), win("2-2-9-00000002"))  # a stale copy
    assert theirs.games == 2 and theirs.counted == ("1-2-9-00000001", "2-2-9-00000002")
    # the first tab, still holding one game, counts a third: the second's is kept
    again, problem = added(first, mine, win("3-2-9-00000003"))
    assert problem == "" and again.games == 3 and again.streaks["normal"].now == 3
    # the same game finished in both tabs (or resumed after a reload) counts once
    same, _ = added(second, theirs, win("3-2-9-00000003"))
    assert same.games == 3
    assert record_store.read_text(window._storage.data[KEY]) == same
    # what another tab wrote is heard as it is; a damaged write is left alone
    assert record_store.heard(window._storage.data[KEY]) == same
    assert record_store.heard("{") is None and record_store.heard(None) == Record()


def test_a_damaged_record_is_set_aside_with_a_sentence_and_a_new_one_starts() -> None:
    window = FakeWindow()
    window._storage.data[KEY] = json.dumps({"record": "great-city-of-rome record",
                                            "version": 1, "solo": "lots"})
    rec, notice = record_store.load(store_on(window))
    assert rec == Record()
    assert notice.startswith("Your record of games could not be read (the record's solo must "
                             "be a list of at most 18 objects")
    assert notice.endswith("it was set aside and a new record starts.")
    assert KEY not in window._storage.data
    assert NS + "damaged.record.1" in window._storage.data  # kept, never destroyed
    rec, problem = added(store_on(window), Record(), win("1-2-9-00000001"))
    assert rec.games == 1 and problem == ""


@pytest.mark.parametrize("window", [FakeWindow(throws=True), FakeWindow(ThrowingStorage())],
                         ids=["access-throws", "calls-throw"])
def test_storage_that_throws_keeps_the_record_for_this_visit_and_says_so(
        window: FakeWindow) -> None:
    store = store_on(window)
    assert record_store.load(store) == (Record(), "")  # never a failed start
    rec, problem = added(store, Record(), win("1-2-9-00000001"))
    assert rec.games == 1 and "kept only until this page closes" in problem
    rec, problem = added(store, rec, win("2-2-9-00000002"))
    assert rec.games == 2
    assert reset(store, rec) == (Record(counted=rec.counted), "")


def test_full_storage_says_the_game_was_not_added_and_keeps_the_stored_record() -> None:
    storage = FakeStorage()
    store = store_on(FakeWindow(storage))
    kept, _ = added(store, Record(), win("1-2-9-00000001"))
    before = storage.data[KEY]
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items())
    rec, problem = added(store, kept, win("2-2-9-00000002"))
    assert rec.games == 2 and "could not be added to your record" in problem
    assert storage.data[KEY] == before


def test_a_reset_forgets_every_count_but_not_which_games_were_counted() -> None:
    window = FakeWindow()
    store = store_on(window)
    rec, _ = added(store, Record(), win("1-2-9-00000001"))
    fresh, problem = reset(store, rec)
    assert problem == "" and fresh.games == 0 and fresh.streaks == {}
    assert record_store.read_text(window._storage.data[KEY]) == fresh
    # the game counted before, resumed after the reset, is not counted again
    assert added(store, fresh, win("1-2-9-00000001"))[0].games == 0
    assert counted(fresh, win("4-2-9-00000004")).games == 1
