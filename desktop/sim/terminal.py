"""The simulator in a terminal: coloured blocks for the matrix, the display's
text beside it, a key legend, and the keys read raw (works over SSH)."""

import os
import re
import select
import sys

from mapello import buttons

KEY_LEGEND = ("Keys: arrows move   A, Z, Enter or Space = A",
              "      B, X or Backspace = B   Q = quit")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")

# What each cell IS, as one letter, for a colour-less terminal (--plain) and
# the screen --keys prints: from the App's own cell_kinds() (what the game
# shows, before brightness and the current cap, so the cap can never change a
# letter) and its cursor, printed as @ whether or not it is lit.
LETTERS = ".*BWbw#+$ J~!%@"     # by the codes of mapello/ui/kinds.py; the last: a cursor mark
CURSOR = "@"
LEGEND = ("B black  W white  b w the last move  # wall  J joker  (blank) border",
          ". empty  * legal move  + bonus  $ legal move on a bonus  ~ flipping",
          "% would flip  ! refused  @ cursor")


def cell_symbols(kinds, cursor=-1):
    """100 letters: what each cell is (`kinds`, the App's cell_kinds()), the
    cursor as CURSOR wherever it is, lit or not."""
    out = [LETTERS[k] for k in kinds]
    if cursor >= 0:
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
        "a": buttons.A, "z": buttons.A, "\r": buttons.A, "\n": buttons.A, " ": buttons.A,
        "b": buttons.B, "x": buttons.B, "\x7f": buttons.B, "\x08": buttons.B}
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
