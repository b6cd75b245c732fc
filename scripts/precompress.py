"""Write pre-compressed copies (``x.br``, ``x.gz``) of a built site's large files.

Why ahead of time: a static host then sends the smaller copy with ``Content-Encoding``
(docs/hosting.md) instead of compressing on every request, and at the best settings,
too slow to run per request (brotli's quality 11 takes about a minute for the 9.6 MB
wasm; it saves 0.8 MB over gzip's best). ``scripts/serve.py`` serves these copies.
A copy is kept only where it saves bytes worth a header (``MIN_SAVING``): the standard
library zip, already deflated, gains under 3 % and is sent as is.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

import brotli

MIN_SIZE = 1024
"""Below this a response fits in a packet or two either way."""
MIN_SAVING = 0.05
"""A copy must be at least 5 % smaller than the file to be worth serving."""
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".toml", ".py",
                ".webmanifest", ".zip", ".whl", ".txt")


CODERS = {".br": lambda data: brotli.compress(data, quality=11),
          ".gz": lambda data: gzip.compress(data, compresslevel=9, mtime=0)}
"""Each copy's suffix and how it is made (``mtime=0``: the same input gives the same file)."""


def compressed_copies(data: bytes, suffixes: tuple[str, ...] = tuple(CODERS)
                      ) -> dict[str, bytes]:
    """``data`` compressed by each coding of ``suffixes``."""
    return {suffix: CODERS[suffix](data) for suffix in suffixes}


def precompress(site: Path, suffixes: tuple[str, ...] = tuple(CODERS)) -> tuple[int, int]:
    """Write the worthwhile copies under ``site``; return (bytes before, best bytes after).

    ``suffixes=(".gz",)`` gives gzip alone, in seconds (the browser tests' compressed site).
    """
    before = after = 0
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE:
            continue
        data = path.read_bytes()
        if len(data) < MIN_SIZE:
            continue
        best = len(data)
        for suffix, packed in compressed_copies(data, suffixes).items():
            copy = path.with_name(path.name + suffix)
            if len(packed) <= len(data) * (1 - MIN_SAVING):
                copy.write_bytes(packed)
                best = min(best, len(packed))
            else:
                copy.unlink(missing_ok=True)
        before += len(data)
        after += best
    return before, after


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("site", type=Path, help="the built site, e.g. dist")
    args = parser.parse_args(argv)
    before, after = precompress(args.site)
    print(f"pre-compressed {args.site}: {before / 1e6:.2f} MB of large files, "
          f"{after / 1e6:.2f} MB as sent")


if __name__ == "__main__":
    main(sys.argv[1:])
