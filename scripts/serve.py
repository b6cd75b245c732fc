"""Tiny static file server for the repo root or ``dist/`` (stdlib only), with the headers
a good static host sends.

Why not plain ``python -m http.server``: its MIME table depends on the host's
``/etc/mime.types``; browsers refuse ES modules (``.mjs``) not served as JavaScript
and stream-compile wasm only as ``application/wasm``, so the types are pinned here.
It also does what docs/hosting.md asks of a host, so that tests and benchmarks measure
what a player gets:

* a file's pre-compressed copy (``x.br``, else ``x.gz``, written by ``make dist``) is
  sent with ``Content-Encoding`` when the request's ``Accept-Encoding`` allows it, and
  ``Vary: Accept-Encoding`` says the answer depends on it;
* every answer carries an ``ETag`` and ``Last-Modified``, and a request that names the
  copy the browser holds (``If-None-Match``) is answered ``304`` with no body: the page,
  the AI worker and the offline cache then download each file once;
* ``Cache-Control``: files whose name carries a content hash never change and are
  ``immutable``; every other file is ``no-cache`` (kept, but revalidated on each use).

Used by ``make play``, the e2e fixtures and the load benchmark.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import os
import re
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MIME_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".toml": "text/plain",
    ".py": "text/plain",
    ".zip": "application/zip",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".html": "text/html",
}

ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
"""Content codings this server offers, best first, with the suffix of their copies."""
HASHED_NAME = re.compile(r"-[A-Za-z0-9_-]{8}\.(?:js|mjs|css)$")
"""PyScript's chunk names carry a hash of their content (``core-C9KDLldu.js``)."""
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


def accepted_codings(header: str) -> set[str]:
    """The codings an ``Accept-Encoding`` header allows (a ``q=0`` refuses one)."""
    allowed = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip()
        if q.startswith("q=") and q[2:].strip() in ("0", "0.0", "0.00", "0.000"):
            continue
        if name.strip():
            allowed.add(name.strip().lower())
    return allowed


def cache_control(path: str) -> str:
    """``immutable`` for content-hashed names, else revalidate on every use."""
    return IMMUTABLE if HASHED_NAME.search(path) else REVALIDATE


def etag(stat: os.stat_result, coding: str) -> str:
    """A validator that changes whenever the served bytes do (size, time, coding)."""
    return f'"{stat.st_size:x}-{stat.st_mtime_ns:x}{"-" + coding if coding else ""}"'


class Handler(SimpleHTTPRequestHandler):
    """Static handler with pinned MIME types, pre-compressed copies, validators and
    quiet logging."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def send_head(self):  # type: ignore[no-untyped-def]
        """Answer a file with its best accepted copy, or ``304`` if the browser has it.

        Directories and missing files keep the standard behaviour (listing, redirect, 404).
        """
        path = self.translate_path(self.path)
        if not os.path.isfile(path) or self.path.endswith("/"):
            return super().send_head()
        coding, served = "", path
        offered = accepted_codings(self.headers.get("Accept-Encoding", ""))
        for name, suffix in ENCODINGS:
            if name in offered and os.path.isfile(path + suffix):
                coding, served = name, path + suffix
                break
        compressed = any(os.path.isfile(path + suffix) for _, suffix in ENCODINGS)
        try:
            handle = open(served, "rb")  # noqa: SIM115 (the base class closes it)
        except OSError:
            self.send_error(404, "File not found")
            return None
        stat = os.fstat(handle.fileno())
        tag = etag(stat, coding)
        headers = [("ETag", tag), ("Last-Modified", self.date_time_string(int(stat.st_mtime))),
                   ("Cache-Control", cache_control(path))]
        if compressed:
            headers.append(("Vary", "Accept-Encoding"))
        if self._not_modified(tag, stat.st_mtime):
            handle.close()
            self.send_response(304)
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Length", str(stat.st_size))
        if coding:
            self.send_header("Content-Encoding", coding)
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        return handle

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        """Copy the body, counting its bytes in the server's log (``Server.requests``)."""
        before = source.tell()
        super().copyfile(source, outputfile)
        self.server.sent(self._entry, source.tell() - before)  # type: ignore[attr-defined]

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Record the request and its status on the server; print nothing."""
        status = int(code) if str(code).isdigit() else 0
        self._entry = self.server.log(self.path, status)  # type: ignore[attr-defined]

    def _not_modified(self, tag: str, mtime: float) -> bool:
        """True if the request's validators name the copy about to be sent."""
        match = self.headers.get("If-None-Match")
        if match is not None:
            return tag in [t.strip() for t in match.split(",")] or match.strip() == "*"
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                when = email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError):
                return False
            return int(mtime) <= when
        return False

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        """Stay quiet: tests and benchmarks would drown in access logs."""

    def end_headers(self) -> None:
        """Allow any origin to read, as GitHub Pages does.

        Why the CORS header: inside ``<iframe sandbox="allow-scripts">`` the page's
        origin is opaque ('null'), so its module scripts, fetches and workers are
        cross-origin requests even to this very server (see docs/embedding.md).
        """
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


class Server(ThreadingHTTPServer):
    """Threaded server that ignores clients hanging up mid-download.

    Why: a browser closing a tab while the 9 MB wasm streams would otherwise print
    a traceback into the test output.
    """

    daemon_threads = True

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.requests: list[list[Any]] = []
        """Every answered request: [path with query, status, body bytes sent] (tests and the
        load benchmark count bytes on the wire here, as a host's access log would)."""
        self._lock = threading.Lock()

    def log(self, path: str, status: int) -> int:
        """Note a request; returns its index for :meth:`sent`."""
        with self._lock:
            self.requests.append([path, status, 0])
            return len(self.requests) - 1

    def sent(self, entry: int, size: int) -> None:
        with self._lock:
            self.requests[entry][2] += size

    def handle_error(self, request: object, client_address: object) -> None:
        """Drop connection resets quietly; report anything else as usual."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def start_server(root: Path = ROOT, port: int = 0) -> Server:
    """Serve ``root`` on 127.0.0.1 in a daemon thread; ``port=0`` picks a free port."""
    handler = functools.partial(Handler, directory=str(root))
    server = Server(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> None:
    """Serve in the foreground until Ctrl-C (used by ``make play``)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--root", type=Path, default=ROOT)
    args = parser.parse_args()
    handler = functools.partial(Handler, directory=str(args.root))
    with Server(("127.0.0.1", args.port), handler) as server:
        print(f"Serving {args.root} at http://127.0.0.1:{args.port}/index.html (Ctrl-C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped")


if __name__ == "__main__":
    main()
