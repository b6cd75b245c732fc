"""The local server sends what docs/hosting.md asks of a host.

Why test it: the browser tests and the load benchmark measure the site through this server;
if it sent a copy with the wrong coding, or no validators, they would measure another site
than the one a player gets.
"""

from __future__ import annotations

import gzip
import http.client
from collections.abc import Iterator
from pathlib import Path

import brotli
import pytest

from scripts.precompress import precompress
from scripts.serve import Server, accepted_codings, start_server

TEXT = ("let x = 1;\n" * 500).encode()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    (tmp_path / "app.js").write_bytes(TEXT)
    (tmp_path / "core-C9KDLldu.js").write_bytes(TEXT)
    (tmp_path / "tiny.js").write_bytes(b"1;")
    precompress(tmp_path)
    server = start_server(tmp_path)
    yield server, tmp_path
    server.shutdown()
    server.server_close()


def get(server: Server, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1])
    conn.request("GET", path, headers=headers)
    answer = conn.getresponse()
    body = answer.read()
    conn.close()
    return answer.status, {k.lower(): v for k, v in answer.getheaders()}, body


def test_precompress_writes_copies_only_where_they_save(site: tuple[Server, Path]) -> None:
    _server, root = site
    assert gzip.decompress((root / "app.js.gz").read_bytes()) == TEXT
    assert brotli.decompress((root / "app.js.br").read_bytes()) == TEXT
    assert not (root / "tiny.js.gz").exists()


def test_best_accepted_coding_is_sent(site: tuple[Server, Path]) -> None:
    server, _root = site
    status, headers, body = get(server, "/app.js", **{"Accept-Encoding": "gzip, deflate, br"})
    assert (status, headers["content-encoding"]) == (200, "br")
    assert brotli.decompress(body) == TEXT
    assert headers["content-type"] == "text/javascript"
    assert headers["vary"] == "Accept-Encoding"
    _status, headers, body = get(server, "/app.js", **{"Accept-Encoding": "gzip"})
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == TEXT
    _status, headers, body = get(server, "/app.js", **{"Accept-Encoding": "br;q=0, gzip"})
    assert headers["content-encoding"] == "gzip"
    _status, headers, body = get(server, "/app.js")
    assert "content-encoding" not in headers and body == TEXT
    assert int(headers["content-length"]) == len(TEXT)


def test_validators_answer_304_without_a_body(site: tuple[Server, Path]) -> None:
    server, _root = site
    _status, headers, _body = get(server, "/app.js", **{"Accept-Encoding": "br"})
    assert headers["cache-control"] == "no-cache" and headers["last-modified"]
    status, again, body = get(server, "/app.js", **{"Accept-Encoding": "br",
                                                    "If-None-Match": headers["etag"]})
    assert (status, body) == (304, b"") and again["etag"] == headers["etag"]
    # Another coding is another representation: its validator differs.
    status, _headers, body = get(server, "/app.js", **{"Accept-Encoding": "gzip",
                                                       "If-None-Match": headers["etag"]})
    assert status == 200 and gzip.decompress(body) == TEXT


def test_hashed_names_are_immutable(site: tuple[Server, Path]) -> None:
    server, _root = site
    _status, headers, _body = get(server, "/core-C9KDLldu.js")
    assert headers["cache-control"] == "public, max-age=31536000, immutable"


def test_requests_are_logged_with_bytes_sent(site: tuple[Server, Path]) -> None:
    server, root = site
    get(server, "/app.js", **{"Accept-Encoding": "gzip"})
    get(server, "/missing.js")
    assert server.requests[0] == ["/app.js", 200, (root / "app.js.gz").stat().st_size]
    assert server.requests[1][:2] == ["/missing.js", 404]


def test_accept_encoding_is_parsed() -> None:
    assert accepted_codings("gzip;q=1.0, br;q=0 , identity") == {"gzip", "identity"}
    assert accepted_codings("") == set()
