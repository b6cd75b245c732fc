"""What the memory-snapshot tests share (``e2e/test_snapshot.py`` in Chromium,
``e2e/engines/test_engine_snapshot.py`` in Firefox and WebKit): reading the kept snapshot,
damaging it in seeded ways, and the ``performance`` marks that say how a start went.

The interpreter module (``scripts/lockless_template.mjs``) marks ``pyodide:start``, then
``pyodide:verified`` and ``pyodide:restored`` for a start from the snapshot,
``pyodide:booted``, ``pyodide:preloaded`` (the app's modules imported) and
``pyodide:snapshot-taken`` for an ordinary start that made one,
``pyodide:skipped`` for a start the address's fragment told to go without one.
"""

from __future__ import annotations

import random

MARKS_JS = ("() => performance.getEntriesByType('mark').map((m) => m.name)"
            ".filter((name) => name.startsWith('pyodide:'))")
CACHE = "rome-pyodide-snapshot|/assets/vendor/pyodide/"

SNAPSHOT_JS = """async (name) => {
  const cache = await caches.open(name);
  const keys = await cache.keys();
  if (keys.length !== 1) return null;
  const response = await cache.match(keys[0]);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return { url: keys[0].url, bytes: bytes.byteLength,
           digest: Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join(""),
           said: response.headers.get("x-snapshot-sha256"),
           build: response.headers.get("x-snapshot-build") };
}"""
"""The one kept snapshot: its address, size, the SHA-256 of its bytes and what its
headers say (digest, build); null while there is none."""

DAMAGE_JS = """async ([name, how, edits]) => {
  const cache = await caches.open(name);
  const [key] = await cache.keys();
  const response = await cache.match(key);
  let bytes = new Uint8Array(await response.arrayBuffer());
  const headers = Object.fromEntries(response.headers);
  let rehash = false;
  if (how === "flips") for (const [at, xor] of edits) bytes[at] ^= xor;
  if (how === "truncated") bytes = bytes.slice(0, edits);
  if (how === "empty") bytes = new Uint8Array(0);
  if (how === "digest lie") headers["x-snapshot-sha256"] = "0".repeat(64);
  if (how === "another build") headers["x-snapshot-build"] = "0123456789abcdef";
  if (how === "another Pyodide, rehashed") { bytes[20] ^= 0xff; rehash = true; }
  if (how === "garbage, rehashed") { bytes = new Uint8Array(bytes.length).fill(7); rehash = true; }
  if (how === "scrambled heap, rehashed") {
    const heap = bytes.subarray(new Uint32Array(bytes.buffer, 0, 2)[1]);
    const noise = new Uint8Array(4096);
    for (const [at, value] of edits) noise[at] = value;
    for (let i = 0; i + noise.length <= heap.length; i += noise.length) heap.set(noise, i);
    rehash = true;
  }
  if (rehash) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    headers["x-snapshot-sha256"] = Array.from(digest, (b) => b.toString(16).padStart(2, "0"))
      .join("");
  }
  await cache.put(key, new Response(bytes, { headers }));
}"""
"""Damage the kept snapshot ``how`` (see ``DAMAGE``), at the places ``edits`` says."""

ORDINARY = ["pyodide:start", "pyodide:booted", "pyodide:preloaded", "pyodide:snapshot-taken"]
RESTORED = ["pyodide:start", "pyodide:verified", "pyodide:restored"]
FAILED_RESTORE = ["pyodide:start", "pyodide:verified", "pyodide:booted", "pyodide:preloaded",
                  "pyodide:snapshot-taken"]

DAMAGE = [("flips", seed) for seed in range(1, 3)] + [
    ("truncated", 7), ("empty", 0), ("digest lie", 0), ("another build", 0),
    ("another Pyodide, rehashed", 0), ("garbage, rehashed", 0),
    ("scrambled heap, rehashed", 8)]
"""Damage, and the seed of where it falls: 16 bytes flipped at random offsets, a random
length cut off, or a header that lies. "Rehashed" ones carry the digest of their damaged
bytes, so only Pyodide's own build check or the restore itself can refuse them. Flips at
two seeds, met by the page and by the AI worker: the digest refuses any flip alike, and
each case costs a start (the test's longest part)."""


def edits(how: str, seed: int, size: int) -> object:
    """Where damage ``how`` falls in a snapshot of ``size`` bytes, drawn from ``seed``."""
    rng = random.Random(seed)
    if how == "flips":
        return [[rng.randrange(size), rng.randrange(1, 256)] for _ in range(16)]
    if how == "truncated":
        return rng.randrange(size)
    return [[rng.randrange(4096), rng.randrange(256)] for _ in range(4096)]
