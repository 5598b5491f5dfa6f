# desktop-only
"""The simulator in a terminal: coloured blocks for the matrix, the display's
text beside it, a key legend, and the keys read raw (works over SSH)."""

import os
import re
import select
import sys

from mapello import buttons
from mapello.ui import palette

KEY_LEGEND = ("Keys: arrows or WASD move   Z / Enter / Space = A",
              "      X / Backspace = B      Q = quit")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

# names for a colour-less terminal (--plain) and for the tests
_GLYPHS = ((palette.BLACK_DISC, "B"), (palette.WHITE_DISC, "W"), (palette.EMPTY, "."),
           (palette.BORDER, " "), (palette.WALL, "#"), (palette.BONUS, "+"),
           (palette.JOKER, "J"), (palette.HINT, "*"), (palette.BONUS_HINT, "*"),
           (palette.LAST_BLACK, "b"), (palette.LAST_WHITE, "w"),
           (palette.FLIP_MID, "~"), (palette.CURSOR_ALT, "@"), (palette.SETUP_CURSOR, "@"),
           (palette.BAD_CELL, "!"))


def glyph(colour):
    """The letter of the palette colour nearest to `colour`."""
    best = None
    for ref, g in _GLYPHS:
        d = palette.distance(ref, colour)
        if best is None or d < best[0]:
            best = (d, g)
    return best[1]


def strip_ansi(text):
    return _ANSI.sub("", text)


def render(devices, plain=False):
    """The whole screen as text: matrix rows with the display's lines beside."""
    lines = devices.lines()
    out = ["Mapello Handheld (simulator)", ""]
    box = ["+" + "-" * 21 + "+"]
    for t in lines:
        box.append("|" + t + " " * (21 - len(t)) + "|")
    box.append("+" + "-" * 21 + "+")
    for r in range(10):
        cells = []
        for c in range(10):
            col = devices.cell_colour(r * 10 + c)
            if plain:
                cells.append(glyph(col) + " ")
            else:
                cells.append("\x1b[38;2;%d;%d;%dm\u2588\u2588" % col)
        row = "  " + "".join(cells) + ("" if plain else "\x1b[0m")
        side = box[r] if r < len(box) else ""
        out.append(row + "    " + side)
    out.append("")
    out.extend(KEY_LEGEND)
    return out


KEYS = {"\x1b[A": buttons.UP, "\x1b[B": buttons.DOWN, "\x1b[C": buttons.RIGHT,
        "\x1b[D": buttons.LEFT, "\x1bOA": buttons.UP, "\x1bOB": buttons.DOWN,
        "\x1bOC": buttons.RIGHT, "\x1bOD": buttons.LEFT,
        "w": buttons.UP, "s": buttons.DOWN, "a": buttons.LEFT, "d": buttons.RIGHT,
        "z": buttons.A, "\r": buttons.A, "\n": buttons.A, " ": buttons.A,
        "x": buttons.B, "\x7f": buttons.B, "\x08": buttons.B}
QUIT = ("q", "\x03")


def parse_keys(data):
    """Buttons (and 'quit') from raw terminal input, escape sequences included."""
    out = []
    i = 0
    while i < len(data):
        if data[i] == "\x1b" and i + 2 < len(data) and data[i + 1] in "[O":
            seq = data[i:i + 3]
            if seq in KEYS:
                out.append(KEYS[seq])
            i += 3
            continue
        ch = data[i]
        low = ch.lower()
        if low in QUIT:
            out.append("quit")
        elif low in KEYS:
            out.append(KEYS[low])
        i += 1
    return out


def run(app, devices, clock_ms, plain=False, stdin=None, stdout=None):
    """Play until Q: read keys, feed the app, redraw on change."""
    import termios
    import tty
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    fd = stdin.fileno()
    old = termios.tcgetattr(fd) if os.isatty(fd) else None
    if old is not None:
        tty.setraw(fd)
    stdout.write("\x1b[?1049h\x1b[?25l\x1b[2J")
    try:
        while True:
            ready, _, _ = select.select([fd], [], [], 0.02)
            if ready:
                data = os.read(fd, 64).decode("utf-8", "replace")
                if not data:
                    break
                stop = False
                for key in parse_keys(data):
                    if key == "quit":
                        stop = True
                        break
                    app.press(key)
                    app.release(key)
                if stop:
                    break
            app.tick()
            if devices.update(app):
                screen = render(devices, plain)
                stdout.write("\x1b[H" + "\r\n".join([s + "\x1b[K" for s in screen]))
                stdout.flush()
    finally:
        stdout.write("\x1b[0m\x1b[?25h\x1b[?1049l")
        stdout.flush()
        if old is not None:
            termios.tcsetattr(fd, termios.TCSADRAIN, old)
