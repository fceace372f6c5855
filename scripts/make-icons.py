#!/usr/bin/env python3
"""Draws the web app's icons (a corner of a Gomoku board in wood, with a black and a
white stone) as PNG files, for the page's manifest and the home screen:

    scripts/make-icons.py OUT_DIR      # writes icon-192.png, icon-512.png, icon-180.png

Python's standard library only (zlib for PNG's deflate): scripts/build-web.sh runs it
for every build, so no image is committed. The icons are full-bleed squares with the
motif in the middle 80%, so a platform's mask (a circle, a rounded square) cuts
nothing of it ("maskable").
"""

import math
import pathlib
import struct
import sys
import zlib

WOOD = (206, 160, 98)
WOOD_DARK = (176, 128, 72)
LINE = (70, 46, 26)
BLACK = (24, 22, 22)
WHITE = (238, 234, 224)
SIZES = {"icon-192.png": 192, "icon-512.png": 512, "icon-180.png": 180}


def mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def pixel(x, y, size):
    """The colour at (x, y): wood with a grain, grid lines, two stones (antialiased
    by their distance to the edge)."""
    u, v = x / size, y / size
    grain = 0.5 + 0.5 * math.sin(u * 9.0 + math.sin(v * 23.0) * 0.8 + v * 2.0)
    colour = mix(WOOD, WOOD_DARK, 0.35 * grain)
    # Five lines each way inside the safe zone (10% .. 90%).
    spacing = 0.8 / 4
    width = max(1.0, size / 160) / size
    for i in range(5):
        at = 0.1 + i * spacing
        if abs(u - at) < width or abs(v - at) < width:
            colour = LINE
    # A black stone on the centre point, a white one beside it.
    radius = spacing * 0.46
    for (cx, cy), stone in (((0.5, 0.5), BLACK), ((0.5 + spacing, 0.5 - spacing), WHITE)):
        d = math.hypot(u - cx, v - cy)
        edge = (radius - d) * size
        if edge > -1.0:
            shine = max(0.0, 1.0 - math.hypot(u - cx + radius * 0.35, v - cy + radius * 0.35) / radius)
            body = mix(stone, (255, 255, 255), 0.25 * shine**2)
            colour = mix(colour, body, min(1.0, edge + 1.0) if edge < 0.0 else 1.0)
    return colour


def png(size):
    rows = bytearray()
    for y in range(size):
        rows.append(0)  # filter: none
        for x in range(size):
            rows.extend(pixel(x + 0.5, y + 0.5, size))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = pathlib.Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for name, size in SIZES.items():
        (out / name).write_bytes(png(size))


if __name__ == "__main__":
    main()
