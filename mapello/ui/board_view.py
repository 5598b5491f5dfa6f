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


def _empty_board():
    """The frame of a board with nothing on it: felt on the inner cells, the
    amber ring around them."""
    frame = bytearray(300)
    for cell in range(100):
        r = cell // 10
        c = cell % 10
        palette.put(frame, cell, palette.EMPTY if 0 < r < 9 and 0 < c < 9 else palette.BORDER)
    return bytes(frame)


# What draw_board() starts from, and the colours it paints over it, as bytes
# for one slice store a cell.
_EMPTY_BOARD = _empty_board()
_FLIP = bytes(palette.FLIP_MID)
_BLACK = bytes(palette.BLACK_DISC)
_WHITE = bytes(palette.WHITE_DISC)
_WALL = bytes(palette.WALL)
_BONUS = bytes(palette.BONUS)
_BONUS_HINT = bytes(palette.BONUS_HINT)
_JOKER = bytes(palette.JOKER)
_HINT = bytes(palette.HINT)


def draw_board(frame, pos, hints=0, last=-1, flipping=0):
    """Every cell of `pos` into `frame`; cells in the `flipping` mask show the
    half-way colour of the flip animation.  The same colours as cell_colour()."""
    # The empty board first (one copy), then only the cells with something on
    # them, row by row: a 100-bit mask is a heap integer on a 32-bit board,
    # so testing `1 << cell` against it allocates for every cell, while a
    # row (the mask & 1023, the mask then shifted on by 10) is a small
    # integer, and so is every test of its bits.
    frame[:] = _EMPTY_BOARD
    black = pos.discs[BLACK]
    white = pos.discs[WHITE]
    walls = pos.walls
    bonuses = pos.bonuses
    jokers = pos.jokers
    rest_hints = hints
    rest_flips = flipping
    for row in range(10):
        b = black & 1023
        w = white & 1023
        wall = walls & 1023
        bonus = bonuses & 1023
        joker = jokers & 1023
        hint = rest_hints & 1023
        flip = rest_flips & 1023
        black >>= 10
        white >>= 10
        walls >>= 10
        bonuses >>= 10
        jokers >>= 10
        rest_hints >>= 10
        rest_flips >>= 10
        if row == 0 or row == 9:
            hint = 0                 # a hint shows on an inner cell only
        else:
            hint &= 0x1FE
        paint = flip | b | w | wall | bonus | joker | hint
        i = 30 * row
        bit = 1
        while bit <= paint:
            if paint & bit:
                if flip & bit:
                    c = _FLIP
                elif b & bit:
                    c = _BLACK
                elif w & bit:
                    c = _WHITE
                elif wall & bit:
                    c = _WALL
                elif bonus & bit:
                    c = _BONUS_HINT if hint & bit else _BONUS
                elif joker & bit:
                    c = _JOKER
                else:
                    c = _HINT
                frame[i:i + 3] = c
            i += 3
            bit <<= 1
    if 0 <= last < 100 and not (flipping >> last) & 1:      # the disc just played, tinted
        palette.put(frame, last, cell_colour(pos, last, hints, last))


COLOUR_WORD = ("Black", "White")


def score_line(pos):
    """'B9(+3)  W3(+0)': both scores, with the bonus points in brackets."""
    b, w = pos.score()
    return "B%d(+%d)  W%d(+%d)" % (b, 3 * pos.taken[0], w, 3 * pos.taken[1])
