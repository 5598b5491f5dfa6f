"""How a board is shown: a Position painted into the 300-byte frame (pieces,
hints, last move, flips) and its score as a line of text.

Kept apart from the screens so play, setup, replay and the menu's preview all
show a board the same way, and so the palette test can ask what colour a cell
shows in any state.
"""

from mapello.ui import palette
from mapello.rules.position import BLACK, INNER, WHITE


def cell_colour(pos, cell, hints=0, last=-1):
    """The colour `cell` shows: its piece, a hint if it is in `hints`, a
    tinted disc if it is the last move."""
    bit = 1 << cell
    if pos.discs[BLACK] & bit:
        return palette.LAST_BLACK if cell == last else palette.BLACK_DISC
    if pos.discs[WHITE] & bit:
        return palette.LAST_WHITE if cell == last else palette.WHITE_DISC
    if pos.walls & bit:
        return palette.WALL
    if pos.bonuses & bit:
        return palette.BONUS_HINT if hints & bit else palette.BONUS
    if pos.jokers & bit:
        return palette.JOKER
    if INNER & bit:
        return palette.HINT if hints & bit else palette.EMPTY
    return palette.BORDER


def draw_board(frame, pos, hints=0, last=-1, flipping=0):
    """Every cell of `pos` into `frame`; cells in the `flipping` mask show the
    half-way colour of the flip animation."""
    put = palette.put
    for cell in range(100):
        if (flipping >> cell) & 1:
            put(frame, cell, palette.FLIP_MID)
        else:
            put(frame, cell, cell_colour(pos, cell, hints, last))


COLOUR_WORD = ("Black", "White")


def score_line(pos):
    """'B9(+3)  W3(+0)': both scores, with the bonus points in brackets."""
    b, w = pos.score()
    return "B%d(+%d)  W%d(+%d)" % (b, 3 * pos.taken[0], w, 3 * pos.taken[1])
