"""The one-line position notation, for tests, saves and bug reports.

'J........J/........../..../J........J b 0 0': ten rows of ten board-file
symbols joined by '/', the side to move ('b' or 'w'), then the bonuses black
and white have taken.  Separate from the engine so that a device that never
prints a position never compiles this code.
"""

from mapello.rules.geometry import BORDER, INNER
from mapello.rules.position import Position


def position_text(pos):
    rows = []
    for r in range(10):
        rows.append("".join([pos.symbol_at(r * 10 + c) for c in range(10)]))
    return "%s %s %d %d" % ("/".join(rows), "bw"[pos.turn], pos.taken[0], pos.taken[1])


def parse_position(text):
    """Position from position_text()'s form; ValueError names what is wrong."""
    parts = text.split()
    if len(parts) != 4:
        raise ValueError("position: expected 'ROWS SIDE TAKEN_B TAKEN_W', got %d fields"
                         % len(parts))
    rows = parts[0].split("/")
    if len(rows) != 10 or any(len(r) != 10 for r in rows):
        raise ValueError("position: expected 10 rows of 10 symbols")
    if parts[1] not in ("b", "w"):
        raise ValueError("position: side to move must be 'b' or 'w'")
    try:
        taken = (int(parts[2]), int(parts[3]))
    except ValueError:
        raise ValueError("position: bonuses taken must be numbers")
    masks = {"B": 0, "W": 0, "#": 0, "+": 0, "J": 0, ".": 0}
    for r in range(10):
        for c in range(10):
            s = rows[r][c]
            if s not in masks:
                raise ValueError("position: unknown symbol %r in row %d" % (s, r))
            masks[s] |= 1 << (r * 10 + c)
    if (masks["B"] | masks["W"] | masks["#"] | masks["+"]) & BORDER or masks["J"] & INNER:
        raise ValueError("position: only jokers may stand on the border")
    return Position(masks["B"], masks["W"], masks["#"], masks["+"], masks["J"],
                    "bw".index(parts[1]), taken)
