"""The page's storage owner (``assets/storage-host.js``) under Node, over hostile storage.

Why under Node: the host is the one place that touches ``localStorage`` (issue 44), and the
browser tests reach only the storage a browser gives them. Here each failure a browser's
storage can produce is a small fake object: missing, throwing on the access itself (an
opaque-origin frame), throwing on every call (private browsing), full part-way through a
batch of writes, changed or cleared by another tab. Each answer is checked against what
the Python copy (``ui/saves/storage.py``) relies on; ``e2e/test_save_store.py`` tries that
copy over a Python stand-in of this host.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
HOST = ROOT / "assets" / "storage-host.js"
NODE = shutil.which("node")
RUN = """
const fs = require("fs"), vm = require("vm");
const scenario = JSON.parse(fs.readFileSync(0, "utf8"));
const data = new Map(Object.entries(scenario.data || {}));
const used = () => [...data].reduce((n, [k, v]) => n + k.length + v.length, 0);
const storage = {
  get length() { if (scenario.storage === "calls-throw") throw new Error("SecurityError");
                 return data.size; },
  key(i) { return [...data.keys()][i] ?? null; },
  getItem(k) { if (scenario.storage === "calls-throw") throw new Error("SecurityError");
               return data.has(k) ? data.get(k) : null; },
  setItem(k, v) {
    if (scenario.storage === "calls-throw") throw new Error("SecurityError");
    const before = data.has(k) ? k.length + data.get(k).length : 0;
    if (used() - before + k.length + v.length > (scenario.quota ?? Infinity))
      throw new Error("QuotaExceededError");
    data.set(k, String(v));
  },
  removeItem(k) { if (scenario.storage === "calls-throw") throw new Error("SecurityError");
                  data.delete(k); },
};
const listeners = [];
const context = { queueMicrotask, addEventListener: (kind, fn) => listeners.push([kind, fn]) };
Object.defineProperty(context, "localStorage", { get() {
  if (scenario.storage === "access-throws") throw new Error("SecurityError: access denied");
  if (scenario.storage === "missing") return undefined;
  return storage;
} });
context.globalThis = context;
vm.runInNewContext(fs.readFileSync(process.argv[1], "utf8"), context);
const out = { opened: [], answers: [], during: 0 };
let calling = false;
const answer = (ns) => (text) => {
  if (calling) out.during += 1;
  out.answers.push([ns, JSON.parse(text)]);
};
(async () => {
  for (const [verb, ...args] of scenario.steps) {
    calling = true;
    const host = context.romeStorage;
    if (verb === "open") out.opened.push(JSON.parse(host.open(args[0], answer(args[0]))));
    if (verb === "write") host.write(args[0], JSON.stringify(args[1]));
    if (verb === "close") host.close(args[0]);
    if (verb === "event") {
      if (args[0] === null) data.clear(); else data.set(args[0], args[1]);
      const event = { key: args[0], newValue: args[1] };
      for (const [kind, fn] of listeners) if (kind === "storage") fn(event);
    }
    calling = false;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  out.data = Object.fromEntries(data);
  process.stdout.write(JSON.stringify(out));
})();
"""
NS = "great-city-of-rome"


def run(storage: str, steps: list[list[Any]], data: dict[str, str] | None = None,
        quota: int | None = None) -> dict[str, Any]:
    """What the host answered to ``steps`` over a storage of the kind ``storage``."""
    assert NODE is not None, "node is installed by `make setup`"
    scenario = {"storage": storage, "steps": steps, "data": data or {}, "quota": quota}
    done = subprocess.run([NODE, "-e", RUN, str(HOST)], input=json.dumps(scenario),
                          capture_output=True, text=True, check=True, timeout=60)
    result: dict[str, Any] = json.loads(done.stdout)
    assert result["during"] == 0, "an answer came inside the call that asked for it"
    return result


@pytest.mark.parametrize("storage", ["missing", "access-throws", "calls-throw"])
def test_closed_storage_opens_empty_and_refuses_every_write(storage: str) -> None:
    got = run(storage, [["open", NS], ["write", NS, {"id": 1, "writes": [["game.1", "x"]]}]],
              {f"{NS}.game.1": "kept"})
    assert got["opened"] == [{"available": False, "items": {}}]
    assert got["answers"] == [[NS, {"kind": "written", "id": 1, "ok": False,
                                    "now": {"game.1": None}}]]


def test_open_hands_over_its_namespace_only_without_the_prefix() -> None:
    data = {f"{NS}.game.1": "a", f"{NS}.last": "1", "rome-embed.x.game.2": "b", "other": "c"}
    got = run("ok", [["open", NS], ["open", "rome-embed.x"]], data)
    assert got["opened"] == [{"available": True, "items": {"game.1": "a", "last": "1"}},
                             {"available": True, "items": {"game.2": "b"}}]
    assert got["answers"] == []


def test_a_full_storage_stops_a_batch_at_the_first_refusal_and_says_what_is_kept() -> None:
    """A damaged value is removed only once its copy is kept: a batch stops where storage
    refuses, and "now" is what storage holds for each key not written."""
    key = f"{NS}.record"
    writes = [["damaged.record.1", "y" * 50], ["record", None]]
    got = run("ok", [["open", NS], ["write", NS, {"id": 7, "writes": writes}],
                     ["write", NS, {"id": 8, "writes": [["settings", "{}"]]}]],
              {key: "old"}, quota=80)
    assert got["answers"] == [
        [NS, {"kind": "written", "id": 7, "ok": False,
              "now": {"damaged.record.1": None, "record": "old"}}],
        [NS, {"kind": "written", "id": 8, "ok": True, "now": {}}]]
    assert got["data"] == {key: "old", f"{NS}.settings": "{}"}


def test_writes_in_order_then_removal() -> None:
    writes = [["damaged.game.1.1", "bad"], ["game.1", None], ["last", "2"]]
    got = run("ok", [["open", NS], ["write", NS, {"id": 1, "writes": writes}]],
              {f"{NS}.game.1": "bad"})
    assert got["answers"] == [[NS, {"kind": "written", "id": 1, "ok": True, "now": {}}]]
    assert got["data"] == {f"{NS}.damaged.game.1.1": "bad", f"{NS}.last": "2"}


def test_other_tabs_changes_reach_the_namespace_they_belong_to() -> None:
    got = run("ok", [["open", NS], ["open", "rome-embed.x"],
                     ["event", f"{NS}.game.3", "text"], ["event", "elsewhere.y", "1"],
                     ["event", f"{NS}.game.3", None], ["event", None, None]],
              {"rome-embed.x.k": "v"})
    assert got["answers"] == [
        [NS, {"kind": "changed", "key": "game.3", "value": "text"}],
        [NS, {"kind": "changed", "key": "game.3", "value": None}],
        [NS, {"kind": "cleared", "items": {}}],
        ["rome-embed.x", {"kind": "cleared", "items": {}}]]


def test_a_closed_namespace_hears_nothing_more() -> None:
    got = run("ok", [["open", NS], ["write", NS, {"id": 1, "writes": [["a", "1"]]}],
                     ["close", NS], ["write", NS, {"id": 2, "writes": [["b", "2"]]}],
                     ["event", f"{NS}.c", "3"]])
    assert [a[1]["id"] for a in got["answers"]] == [1]
    assert got["data"] == {f"{NS}.a": "1", f"{NS}.b": "2", f"{NS}.c": "3"}
