# desktop-only
"""The simulator in a terminal: coloured blocks for the matrix, the display's
text beside it, a key legend, and the keys read raw (works over SSH)."""

import os
import re
import select
import sys

from mapello import buttons
from mapello.ui import palette
from mapello.rules.geometry import parse_cell

KEY_LEGEND = ("Keys: arrows or WASD move   Z / Enter / Space = A",
              "      X / Backspace = B      Q = quit")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

# What each cell IS, as one letter, for a colour-less terminal (--plain) and
# the screen --keys prints: found from the App's frame before brightness and
# the current cap (every kind of cell is one exact palette colour there), so
# the cap can never change a letter.  The cursor is found apart (cursor_cell).
SYMBOLS = ((palette.BLACK_DISC, "B"), (palette.WHITE_DISC, "W"),
           (palette.LAST_BLACK, "b"), (palette.LAST_WHITE, "w"),
           (palette.EMPTY, "."), (palette.HINT, "*"), (palette.BONUS, "+"),
           (palette.BONUS_HINT, "$"), (palette.WALL, "#"), (palette.JOKER, "J"),
           (palette.BORDER, " "), (palette.FLIP_MID, "~"), (palette.BAD_CELL, "!"),
           (palette.CURSOR_ALT, "@"), (palette.SETUP_CURSOR, "@"))
CURSOR = "@"
UNKNOWN = "?"
LEGEND = ("B black  W white  b w the last move  # wall  J joker  (blank) border",
          ". empty  * legal move  + bonus  $ legal move on a bonus  ~ flipping",
          "! refused  @ cursor")


def symbol(colour):
    """The letter of a palette colour (full scale), UNKNOWN for any other."""
    for ref, letter in SYMBOLS:
        if ref == colour:
            return letter
    return UNKNOWN


def cursor_cell(screen_name, lines):
    """The cell under the cursor, whatever its blink phase, or -1: read from
    the display's third line, where play and setup name the cursor's cell
    (docs/DESIGN.md, "What the player reads"): `d3  game 1/2`, `c3: wall`,
    `border 0,4: empty`.  No cursor once the game is over."""
    if screen_name not in ("play", "setup") or len(lines) < 3:
        return -1
    if screen_name == "play" and lines[1] == "game over":
        return -1
    words = lines[2].replace(":", " ").split()
    if not words:
        return -1
    if words[0] == "border" and len(words) > 1:
        rc = words[1].split(",")
        if len(rc) == 2 and rc[0].isdigit() and rc[1].isdigit():
            return int(rc[0]) * 10 + int(rc[1])
        return -1
    try:
        cell = parse_cell(words[0])
    except ValueError:
        return -1
    return cell if cell >= 0 else -1


def cell_symbols(frame, screen_name, lines):
    """100 letters: what each cell of the App's `frame` (full scale) shows,
    the cursor as CURSOR wherever it is, lit or not."""
    out = []
    for cell in range(100):
        i = cell * 3
        out.append(symbol((frame[i], frame[i + 1], frame[i + 2])))
    cursor = cursor_cell(screen_name, lines)
    if cursor >= 0 and out[cursor] != "!":     # a refused press flashes where the cursor is
        out[cursor] = CURSOR
    return out


def strip_ansi(text):
    return _ANSI.sub("", text)


def render(devices, plain=False):
    """The whole screen as text: matrix rows with the display's lines beside;
    in plain text, with the legend of the letters."""
    lines = devices.lines()
    out = ["Mapello Handheld (simulator)", ""]
    box = ["+" + "-" * 21 + "+"]
    for t in lines:
        box.append("|" + t + " " * (21 - len(t)) + "|")
    box.append("+" + "-" * 21 + "+")
    letters = devices.symbols() if plain else None
    for r in range(10):
        cells = []
        for c in range(10):
            if plain:
                cells.append(letters[r * 10 + c] + " ")
            else:
                cells.append("\x1b[38;2;%d;%d;%dm\u2588\u2588" % devices.cell_colour(r * 10 + c))
        row = "  " + "".join(cells) + ("" if plain else "\x1b[0m")
        side = box[r] if r < len(box) else ""
        out.append(row + "    " + side)
    out.append("")
    if plain:
        out.extend(LEGEND)
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
