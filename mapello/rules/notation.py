"""Positions as text: the one-line notation (for tests, saves and bug
reports) and board-file text (mapello/rules/boardfile.py reads it back).

'J........J/........../..../J........J b 0 0': ten rows of ten board-file
symbols joined by '/', the side to move ('b' or 'w'), then the bonuses black
and white have taken; also the board-file symbol of each cell.  Separate from
the engine so that a game that never writes a board never compiles this.
"""

from mapello.rules.geometry import BORDER, INNER
from mapello.rules.pieces import BONUS, JOKER, KIND_PLURALS, WALL
from mapello.rules.position import Position

# the comment keys mapello/rules/boardfile.py reads: a title equal to one is
# written as "; name: ..." so that it reads back as the name
KEYS = ("name", "mapello board", "description", "limits")


def symbol_at(pos, cell):
    """The board-file symbol of `cell`: B W # + J or '.'."""
    bit = 1 << cell
    if bit & pos.discs[0]:
        return "B"
    if bit & pos.discs[1]:
        return "W"
    if bit & pos.walls:
        return "#"
    if bit & pos.bonuses:
        return "+"
    if bit & pos.jokers:
        return "J"
    return "."


def board_rows(pos):
    """The ten rows of `pos` as strings of ten symbols."""
    return ["".join([symbol_at(pos, r * 10 + c) for c in range(10)]) for r in range(10)]


def position_text(pos):
    """One line: ten rows of ten symbols joined by '/', side to move, bonuses
    taken ('...... b 0 0'); parse_position reads it back exactly."""
    rows = board_rows(pos)
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


def limits_text(limits):
    """'walls 4, bonuses =2, jokers 8': '=' marks an exact count."""
    parts = []
    for kind in (WALL, BONUS, JOKER):
        parts.append("%s %s%d" % (KIND_PLURALS[kind], "=" if limits.exact[kind] else "",
                                  limits.maximum[kind]))
    return ", ".join(parts)


def format_board(pos, name="", description="", limits=None):
    """Board-file text for a position's pieces (side to move and taken bonuses
    are not part of the format)."""
    lines = []
    if ":" in name or name.strip().lower() in KEYS:
        # a title line would be misread: say what is what
        lines.append("; name: " + name)
        if description:
            lines.append("; description: " + description)
    elif name or description:
        lines.append("; %s: %s" % (name or "Board", description) if description
                     else "; %s" % name)
    if limits is not None:
        lines.append("; limits: " + limits_text(limits))
    for row in board_rows(pos):
        lines.append(" ".join(row))
    return "\n".join(lines) + "\n"

