"""Rasterise ``assets/icon.svg`` into the PNG icons the web manifest lists (build time).

Why a tiny rasteriser of our own: install prompts want PNG icons of 192 and 512 px, the
drawing is a handful of filled rectangles and triangles, and the build must not depend
on an image library or reach the network. Only what ``icon.svg`` uses is understood:
``<rect x y width height [rx] fill>`` and ``<polygon points fill>``; the drawing is
sampled 3×3 per pixel for smooth edges. Output goes to ``assets/vendor/icons/`` (ignored
by git, rebuilt by ``make setup``).
"""

from __future__ import annotations

import re
import struct
import zlib
from pathlib import Path
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "assets" / "icon.svg"
OUT = ROOT / "assets" / "vendor" / "icons"
SIZES = (192, 512)
SAMPLES = 3
SVG = "{http://www.w3.org/2000/svg}"

Shape = tuple[list[list[tuple[float, float]]], tuple[int, int, int]]


def _colour(text: str) -> tuple[int, int, int]:
    text = text.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def _rounded(x: float, y: float, w: float, h: float, r: float) -> list[tuple[float, float]]:
    """A rounded rectangle as a polygon (8 points per corner)."""
    import math

    if r <= 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    points = []
    corners = ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90),
               (x + r, y + r, 180))
    for cx, cy, start in corners:
        for step in range(9):
            angle = math.radians(start + step * 90 / 8)
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def read_shapes(svg: Path = SOURCE) -> tuple[float, list[Shape]]:
    """The drawing's width (viewBox) and its filled polygons, in painting order."""
    root = ElementTree.parse(svg).getroot()
    width = float(root.get("viewBox", "0 0 512 512").split()[2])
    shapes: list[Shape] = []
    for el in root.iter():
        tag = el.tag.replace(SVG, "")
        if tag == "rect":
            x, y, w, h = (float(el.get(k, 0)) for k in ("x", "y", "width", "height"))
            shapes.append(([_rounded(x, y, w, h, float(el.get("rx", 0)))],
                           _colour(el.get("fill", "#000000"))))
        elif tag == "polygon":
            nums = [float(n) for n in re.split(r"[\s,]+", el.get("points", "").strip()) if n]
            shapes.append(([list(zip(nums[0::2], nums[1::2], strict=True))],
                           _colour(el.get("fill", "#000000"))))
    return width, shapes


def rasterise(size: int, width: float, shapes: list[Shape]) -> bytes:
    """RGBA rows (PNG filter byte first) of the drawing at ``size`` × ``size`` pixels."""
    n = size * SAMPLES
    scale = n / width
    palette = [(0, 0, 0, 0)] + [(*rgb, 255) for _, rgb in shapes]
    grid = [bytearray(n) for _ in range(n)]  # palette index per sample
    for index, (polygons, _) in enumerate(shapes, start=1):
        for polygon in polygons:
            pts = [(px * scale, py * scale) for px, py in polygon]
            edges = list(zip(pts, pts[1:] + pts[:1], strict=True))
            top = max(0, int(min(p[1] for p in pts)))
            bottom = min(n - 1, int(max(p[1] for p in pts)) + 1)
            for row in range(top, bottom + 1):
                yc = row + 0.5
                xs = sorted(x0 + (yc - y0) * (x1 - x0) / (y1 - y0)
                            for (x0, y0), (x1, y1) in edges
                            if (y0 <= yc < y1) or (y1 <= yc < y0))
                for left, right in zip(xs[0::2], xs[1::2], strict=False):
                    a, b = max(0, round(left)), min(n, round(right))
                    if b > a:
                        grid[row][a:b] = bytes([index]) * (b - a)
    out = bytearray()
    area = SAMPLES * SAMPLES
    for y in range(size):
        out.append(0)
        rows = grid[y * SAMPLES:(y + 1) * SAMPLES]
        for x in range(size):
            r = g = b = a = 0
            for sample_row in rows:
                for idx in sample_row[x * SAMPLES:(x + 1) * SAMPLES]:
                    pr, pg, pb, pa = palette[idx]
                    r += pr * pa
                    g += pg * pa
                    b += pb * pa
                    a += pa
            if a:
                out += bytes((r // a, g // a, b // a, a // area))
            else:
                out += b"\0\0\0\0"
    return bytes(out)


def png(size: int, rows: bytes) -> bytes:
    """A PNG file (8-bit RGBA) from filtered rows."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def build_icons(source: Path = SOURCE, out: Path = OUT) -> list[Path]:
    """Write ``icon-<size>.png`` for every size, unless already newer than the SVG."""
    out.mkdir(parents=True, exist_ok=True)
    width, shapes = read_shapes(source)
    written = []
    for size in SIZES:
        target = out / f"icon-{size}.png"
        if not target.exists() or target.stat().st_mtime < source.stat().st_mtime:
            target.write_bytes(png(size, rasterise(size, width, shapes)))
        written.append(target)
    return written


if __name__ == "__main__":
    for path in build_icons():
        print(f"wrote {path.relative_to(ROOT)}")
