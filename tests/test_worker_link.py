"""The UI worker's side of the page (``ui/shell/worker_link.py``, ``ui/shell/worker_host.py``)
on CPython, against a runner played by the test: each call is the message the page's
runner (``assets/ui-runner.mjs``) carries out, and each of the runner's messages reaches
what it answers. The messages written here by hand are the runner's, as it sends them."""

from __future__ import annotations

import asyncio
import json

import pytest

from ui.shell.worker_host import WorkerHost
from ui.shell.worker_link import WorkerLink

PAGE = "https://rules.example/rome/index.html?seats=human,hard&seed=3"


class Runner:
    """The page's runner: keeps what the worker posted."""

    def __init__(self) -> None:
        self.posted: list[dict[str, object]] = []

    def post(self, text: str) -> None:
        message = json.loads(text)
        assert isinstance(message, dict)
        self.posted.append(message)

    def last(self, to: str) -> dict[str, object]:
        return [m for m in self.posted if m["to"] == to][-1]


def linked() -> tuple[WorkerLink, Runner]:
    runner = Runner()
    return WorkerLink(PAGE, runner.post), runner


def test_an_asked_call_is_answered_by_its_id_and_an_error_is_raised() -> None:
    async def play() -> None:
        link, runner = linked()
        yes = asyncio.ensure_future(link.confirm("Delete this game?"))
        copied = asyncio.ensure_future(link.copy("1.8D69J55H2LH45BR7K.9.3.1"))
        await asyncio.sleep(0)
        asked, copy = runner.last("confirm"), runner.last("copy")
        assert asked["question"] == "Delete this game?"
        assert copy["text"] == "1.8D69J55H2LH45BR7K.9.3.1"
        assert asked["id"] != copy["id"]
        link.heard({"kind": "answer", "id": copy["id"], "value": False})  # out of order
        link.heard({"kind": "answer", "id": asked["id"], "value": True})
        link.heard({"kind": "answer", "id": asked["id"], "value": False})  # twice: ignored
        link.heard({"kind": "answer", "id": "1", "value": True})  # not an id: ignored
        assert await yes is True and await copied is False
        failing = link.ask("ai", op="start", name="ai", src="./ui/worker/ai_worker.py")
        await asyncio.sleep(0)
        link.heard({"kind": "answer", "id": runner.last("ai")["id"],
                    "error": "its script could not be fetched"})
        with pytest.raises(RuntimeError, match="its script could not be fetched"):
            await failing

    asyncio.run(play())


def test_the_pages_hooks_are_answered_with_the_value_or_the_error() -> None:
    link, runner = linked()
    link.expose("romeEngine", {"legal_count": lambda players, seed: players * 10 + seed,
                               "broken": lambda: int("x")})
    assert runner.last("expose") == {"to": "expose", "name": "romeEngine",
                                     "fns": ["legal_count", "broken"]}
    link.heard({"kind": "call", "id": 7, "name": "romeEngine", "fn": "legal_count",
                "args": [2, 1]})
    assert runner.last("answer") == {"to": "answer", "id": 7, "value": 21}
    link.heard({"kind": "call", "id": 8, "name": "romeEngine", "fn": "broken", "args": []})
    assert runner.last("answer")["id"] == 8
    assert "ValueError" in str(runner.last("answer")["error"])
    link.heard({"kind": "call", "id": 9, "name": "nothing", "fn": "x", "args": []})
    assert "KeyError" in str(runner.last("answer")["error"])


def test_storage_is_opened_before_use_and_its_answers_reach_the_copy() -> None:
    async def play() -> None:
        link, runner = linked()
        opening = asyncio.ensure_future(link.open_store("great-city-of-rome"))
        await asyncio.sleep(0)
        asked = runner.last("storeOpen")
        assert asked["namespace"] == "great-city-of-rome"
        link.heard({"kind": "answer", "id": asked["id"],
                    "value": json.dumps({"available": True, "items": {"settings": "{}"}})})
        store = await opening
        assert link.store("great-city-of-rome") is store
        assert store.available and store.get("settings") == "{}"
        outcomes: list[bool] = []
        assert store.set("last", "slot-1", outcomes.append)
        write = runner.last("storeWrite")
        assert write["namespace"] == "great-city-of-rome"
        sent = json.loads(str(write["text"]))
        link.heard({"kind": "storage", "namespace": "great-city-of-rome",
                    "text": json.dumps({"kind": "written", "id": sent["id"], "ok": True})})
        assert outcomes == [True] and store.get("last") == "slot-1"
        link.heard({"kind": "storage", "namespace": "great-city-of-rome",
                    "text": json.dumps({"kind": "changed", "key": "last", "value": "slot-2"})})
        assert store.get("last") == "slot-2"  # another tab's change

    asyncio.run(play())


def test_input_reaches_its_root_and_the_address_follows_the_page() -> None:
    link, runner = linked()
    heard: list[str] = []
    link.listen("#app", heard.append, {"fileLimit": 100})
    assert runner.last("listen") == {"to": "listen", "root": "#app",
                                     "options": {"fileLimit": 100}}
    link.heard({"kind": "input", "root": "#app", "text": '{"type":"click"}'})
    link.heard({"kind": "input", "root": "#other", "text": "lost"})
    link.heard({"kind": "input", "root": "#app", "text": 5})  # not text: dropped
    assert heard == ['{"type":"click"}']
    link.replace_address("/rome/index.html?pace=0")
    assert runner.last("replaceAddress")["path"] == "/rome/index.html?pace=0"
    assert link.address == "https://rules.example/rome/index.html?pace=0"


def test_the_ai_worker_is_started_called_watched_and_stopped_through_the_page() -> None:
    async def play() -> None:
        link, runner = linked()
        host = WorkerHost(link)
        starting = asyncio.ensure_future(host.start_worker("ai", "./ui/worker/ai_worker.py"))
        await asyncio.sleep(0)
        start = runner.last("ai")
        assert (start["op"], start["name"], start["src"]) == ("start", "ai",
                                                              "./ui/worker/ai_worker.py")
        link.heard({"kind": "answer", "id": start["id"], "value": True})
        worker = await starting
        move = asyncio.ensure_future(worker.choose('{"seat": 0}', "hard", 11))
        await asyncio.sleep(0)
        call = runner.last("ai")
        assert (call["op"], call["name"], call["fn"], call["args"]) == (
            "call", "ai", "choose", ['{"seat": 0}', "hard", 11])
        link.heard({"kind": "answer", "id": call["id"], "value": "pass"})
        assert await move == "pass"
        causes: list[str] = []
        host.watch_worker("ai", "rome-ai-1-ai", causes.append)
        assert runner.last("ai") == {"to": "ai", "op": "watch", "name": "ai",
                                     "lock": "rome-ai-1-ai"}
        link.heard({"kind": "aiGone", "name": "ai", "cause": "closed"})
        link.heard({"kind": "aiGone", "name": "ai-1", "cause": "crashed"})  # not watched
        assert causes == ["closed"]
        host.stop_worker("ai")
        assert runner.last("ai") == {"to": "ai", "op": "stop", "name": "ai"}
        with pytest.raises(TimeoutError):
            await host.within(worker.ping(), 0.01)  # never answered

    asyncio.run(play())


def test_a_ping_is_answered_so_the_runner_knows_the_worker_lives() -> None:
    link, runner = linked()
    link.heard({"kind": "ping"})
    assert runner.last("pong") == {"to": "pong"}
