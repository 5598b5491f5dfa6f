"""The board drawn on 10-bit rows inside MicroPython: every cell as the
per-cell cell_colour() says, with hints, the last move and flips."""
from mapello.rules.position import BLACK, WHITE, Position
from mapello.rng import Rng
from mapello.ui import palette
from mapello.ui.board_view import cell_colour, draw_board


def check_draw_board_matches_cell_colour():
    rng = Rng(3)
    frame = bytearray(300)
    want = bytearray(300)
    for n in range(8):
        pos = Position(walls=1 << 23 | 1 << 76, bonuses=1 << 34 | 1 << 65, jokers=1 | 1 << 99)
        for _ in range(rng.below(40)):
            legal = pos.legal_moves()
            pos.push(legal[rng.below(len(legal))] if legal else -1)
        hints = pos.legal_mask() if n % 2 else rng.next32() << 68 | rng.next32() << 34 | rng.next32()
        last = (-1, 44, 99, 0)[n % 4]
        flipping = (pos.discs[BLACK] | pos.discs[WHITE]) & (rng.next32() << 50 | rng.next32())
        draw_board(frame, pos, hints, last, flipping)
        for cell in range(100):
            colour = palette.FLIP_MID if (flipping >> cell) & 1 else cell_colour(pos, cell, hints, last)
            palette.put(want, cell, colour)
        assert frame == want, n
