"""A PNG of the simulated matrix and display, as they are now.

Written with zlib and struct alone (no imaging library needed).  Layout, which
tests read back: cell (row, col) is the square cell_box(cell) filled with
SimDevices.cell_colour(cell); the display's 128x32 pixels are drawn SCALE
times larger at (DISPLAY_X, MARGIN); everything else is BACKGROUND.
"""

import struct
import zlib

CELL = 24
GAP = 2
MARGIN = 8
SCALE = 2
DISPLAY_X = MARGIN + 10 * CELL + 16
BACKGROUND = (24, 24, 24)


def cell_box(cell):
    """(x0, y0, x1, y1), inclusive, of a cell's square in the image."""
    r, c = cell // 10, cell % 10
    x0 = MARGIN + c * CELL + GAP
    y0 = MARGIN + r * CELL + GAP
    return (x0, y0, x0 + CELL - 2 * GAP - 1, y0 + CELL - 2 * GAP - 1)


def image_size():
    from desktop.sim.devices import DISPLAY_H, DISPLAY_W
    return (DISPLAY_X + DISPLAY_W * SCALE + MARGIN,
            max(2 * MARGIN + 10 * CELL, 2 * MARGIN + DISPLAY_H * SCALE))


def snapshot_pixels(devices):
    """(width, height, rows): rows of bytearray RGB pixels."""
    width, height = image_size()
    rows = [bytearray(bytes(BACKGROUND) * width) for _ in range(height)]

    def fill(x0, y0, x1, y1, colour):
        run = bytes(colour) * (x1 - x0 + 1)
        for y in range(y0, y1 + 1):
            rows[y][3 * x0:3 * (x1 + 1)] = run

    for cell in range(100):
        x0, y0, x1, y1 = cell_box(cell)
        fill(x0, y0, x1, y1, devices.cell_colour(cell))
    shown = devices.display_rows()
    for y in range(len(shown)):
        for x in range(len(shown[y])):
            x0 = DISPLAY_X + x * SCALE
            y0 = MARGIN + y * SCALE
            fill(x0, y0, x0 + SCALE - 1, y0 + SCALE - 1, shown[y][x])
    return width, height, rows


def _chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def png_bytes(width, height, rows):
    raw = b"".join([b"\x00" + bytes(r) for r in rows])
    return (b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b""))


def read_png(path):
    """(width, height, rows) of a PNG written by png_bytes (8-bit RGB, filter 0)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    at = 8
    idat = b""
    width = height = 0
    while at < len(data):
        n, = struct.unpack(">I", data[at:at + 4])
        kind = data[at + 4:at + 8]
        body = data[at + 8:at + 8 + n]
        crc, = struct.unpack(">I", data[at + 8 + n:at + 12 + n])
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            raise ValueError("bad CRC in %r" % kind)
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        at += 12 + n
    raw = zlib.decompress(idat)
    stride = 1 + 3 * width
    rows = []
    for y in range(height):
        line = raw[y * stride:(y + 1) * stride]
        if line[0] != 0:
            raise ValueError("unexpected PNG filter")
        rows.append(bytearray(line[1:]))
    return width, height, rows


def write_snapshot(devices, path):
    with open(path, "wb") as f:
        f.write(png_bytes(*snapshot_pixels(devices)))
