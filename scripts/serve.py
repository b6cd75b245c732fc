"""Tiny static file server for the repo root (stdlib only).

Why not plain ``python -m http.server``: its MIME table depends on the host's
``/etc/mime.types``; browsers refuse ES modules (``.mjs``) not served as JavaScript
and stream-compile wasm only as ``application/wasm``, so the types are pinned here.
Used by ``make play``, the e2e fixtures and the load benchmark.
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

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


class Handler(SimpleHTTPRequestHandler):
    """Static handler with pinned MIME types and quiet logging."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        """Stay quiet: tests and benchmarks would drown in access logs."""

    def end_headers(self) -> None:
        """Disable caching; allow any origin to read, as GitHub Pages does.

        Why the CORS header: inside ``<iframe sandbox="allow-scripts">`` the page's
        origin is opaque ('null'), so its module scripts, fetches and workers are
        cross-origin requests even to this very server (see docs/embedding.md).
        """
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


class Server(ThreadingHTTPServer):
    """Threaded server that ignores clients hanging up mid-download.

    Why: a browser closing a tab while the 9 MB wasm streams would otherwise print
    a traceback into the test output.
    """

    daemon_threads = True

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
