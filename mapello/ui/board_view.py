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


# What draw_board() starts from: each row of a board with nothing on it
# (the ring around the felt), and the colours it paints over it, 3 bytes
# each, in the order of its tests; made again when the palette changes.
_tables = (-1, b"", b"", b"")    # palette.chosen they were made for, edge row, inner row, paint


def _made_tables():
    global _tables
    if _tables[0] != palette.chosen:
        border = palette.rgb(palette.BORDER)
        paint = bytes([v for c in (palette.FLIP_MID, palette.BLACK_DISC, palette.WHITE_DISC,
                                   palette.WALL, palette.BONUS, palette.BONUS_HINT,
                                   palette.JOKER, palette.HINT)
                       for v in palette.rgb(c)])
        _tables = (palette.chosen, bytes(border * 10),
                   bytes(border + palette.rgb(palette.EMPTY) * 8 + border), paint)
    return _tables


def draw_board(frame, pos, hints=0, last=-1, flipping=0):
    """Every cell of `pos` into `frame`; cells in the `flipping` mask show the
    half-way colour of the flip animation.  The same colours as cell_colour()."""
    # The empty rows first, then only the cells with something on them: a
    # 100-bit mask is a heap integer on a 32-bit board, so testing `1 << cell`
    # against it allocates for every cell, while a row (the mask & 1023, the
    # mask then shifted on by 10) is a small integer, and so is every test of
    # its bits.  Nothing here allocates on the heap but those shifts.
    black = pos.discs[BLACK]
    white = pos.discs[WHITE]
    walls = pos.walls
    bonuses = pos.bonuses
    jokers = pos.jokers
    rest_hints = hints
    rest_flips = flipping
    _, edge_row, inner_row, paint = _made_tables()
    for row in range(10):
        i = 30 * row
        b = black & 1023
        w = white & 1023
        wall = walls & 1023
        bonus = bonuses & 1023
        joker = jokers & 1023
        flip = rest_flips & 1023
        if row == 0 or row == 9:
            frame[i:i + 30] = edge_row
            hint = 0                 # a hint shows on an inner cell only
        else:
            frame[i:i + 30] = inner_row
            hint = rest_hints & 0x1FE
        black >>= 10
        white >>= 10
        walls >>= 10
        bonuses >>= 10
        jokers >>= 10
        rest_hints >>= 10
        rest_flips >>= 10
        todo = flip | b | w | wall | bonus | joker | hint
        bit = 1
        while bit <= todo:
            if todo & bit:
                if flip & bit:
                    k = 0
                elif b & bit:
                    k = 3
                elif w & bit:
                    k = 6
                elif wall & bit:
                    k = 9
                elif bonus & bit:
                    k = 15 if hint & bit else 12
                elif joker & bit:
                    k = 18
                else:
                    k = 21
                frame[i] = paint[k]
                frame[i + 1] = paint[k + 1]
                frame[i + 2] = paint[k + 2]
            i += 3
            bit <<= 1
    if 0 <= last < 100 and not (flipping >> last) & 1:      # the disc just played, tinted
        palette.put(frame, last, cell_colour(pos, last, hints, last))


COLOUR_WORD = ("Black", "White")


def score_line(pos):
    """'B9(+3)  W3(+0)': both scores, with the bonus points in brackets."""
    b, w = pos.score()
    return "B%d(+%d)  W%d(+%d)" % (b, 3 * pos.taken[0], w, 3 * pos.taken[1])
