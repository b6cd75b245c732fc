"""The README stays a user's README, and no link in it or in docs/ points nowhere.

Why: documents move and headings get renamed; a reader who follows a dead link from the
README is lost at the first step. Every relative link (and image) in ``README.md`` and
``docs/*.md`` must name an existing file, and a ``#fragment`` a heading of that file
(GitHub's anchors). The README is held to 150 lines: the rest belongs in ``docs/``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README_MAX_LINES = 150

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^(```|~~~)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
EXTERNAL = ("http://", "https://", "mailto:")


def prose_lines(path: Path) -> list[str]:
    """The file's lines outside fenced code blocks (links in code are examples)."""
    lines, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.replace("`", "").lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    return {anchor(m.group(1)) for line in prose_lines(path) if (m := HEADING.match(line))}


def relative_links(path: Path) -> list[str]:
    return [target for line in prose_lines(path) for target in LINK.findall(line)
            if not target.startswith(EXTERNAL)]


def test_the_documents_exist() -> None:
    names = {p.name for p in DOCUMENTS}
    assert {"README.md", "architecture.md", "testing.md", "embedding.md"} <= names


def test_the_readme_is_at_most_150_lines() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines"


def test_the_readme_links_every_document_in_docs() -> None:
    linked = {(ROOT / t.partition("#")[0]).resolve() for t in relative_links(ROOT / "README.md")}
    missing = [p.name for p in DOCUMENTS[1:] if p.resolve() not in linked]
    assert missing == [], f"README.md does not link {missing}"


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(path: Path) -> None:
    dead = []
    for target in relative_links(path):
        file_part, _, fragment = target.partition("#")
        resolved = (path.parent / file_part).resolve() if file_part else path
        if not resolved.is_file():
            dead.append(f"{target}: no such file")
        elif fragment and resolved.suffix == ".md" and fragment not in anchors(resolved):
            dead.append(f"{target}: no heading #{fragment}")
    assert dead == [], f"{path.name}: {dead}"


def test_the_link_reader_finds_links_and_anchors(tmp_path: Path) -> None:
    doc = tmp_path / "a.md"
    doc.write_text("# A `code` title, here\n[x](b.md#c) ![i](img.png)\n"
                   "```\n[not](in-code.md)\n```\n[web](https://example.org)\n",
                   encoding="utf-8")
    assert relative_links(doc) == ["b.md#c", "img.png"]
    assert anchors(doc) == {"a-code-title-here"}
