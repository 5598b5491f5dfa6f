"""All legal moves of one side from rows of small integers, for the search.

The board is held as 10-bit rows (bit c is column c; jokers are in both
colours' rows, which is harmless: a joker is on the border, where no run of
discs can pass through it).  A run of the opponent's discs that a move flips
along a vertical or diagonal line is found in one pass over the rows per
vertical direction, carrying from row to row the cells that are the end of
such a run; the horizontal lines grow runs inside each row.  Every value stays
below 2**11, a small integer on every board.

A module of its own so that each module stays small enough to compile on the
device.
"""

from mapello.ai.evaluation import COL_OF


def moves(R, m, out, W, HI, x1, x2, x3, down):
    """Append the legal moves of colour m (1 or 2) to `out`, as sort keys:
    (W[cell] + HI[cell]) * 128 + cell, for every cell but x1, x2 and x3.

    R: R[r] the empty cells of row r, R[10 + r] black's row r, R[20 + r]
    white's (jokers in both); `down` is a scratch list of 10."""
    am = 10 * m
    ao = 30 - am
    # runs closed below: for row r, the cells whose line downwards (straight,
    # down-left, down-right) is the opponent's discs then one of ours
    sa = 0
    sl = 0
    sr = 0
    po = R[am + 9]
    r = 8
    while r:
        x = R[ao + r]
        down[r] = sa | (sl << 1) | (sr >> 1)
        sa = x & (po | sa)
        sl = x & ((po | sl) << 1)
        sr = x & ((po | sr) >> 1)
        po = R[am + r]
        r -= 1
    # then upwards, and along each row
    sa = 0
    sl = 0
    sr = 0
    po = R[am]
    r = 1
    while r < 9:
        x = R[ao + r]
        ow = R[am + r]
        t = down[r] | sa | (sl << 1) | (sr >> 1)
        sa = x & (po | sa)
        sl = x & ((po | sl) << 1)
        sr = x & ((po | sr) >> 1)
        u = x & (ow << 1)
        if u:
            y = x & (u << 1)
            while y:
                u |= y
                y = x & (y << 1)
            t |= u << 1
        u = x & (ow >> 1)
        if u:
            y = x & (u >> 1)
            while y:
                u |= y
                y = x & (y >> 1)
            t |= u >> 1
        t &= R[r]
        while t:
            u = t & -t
            t ^= u
            c = 10 * r + COL_OF[u % 11]
            if c != x1 and c != x2 and c != x3:
                out.append(((W[c] + HI[c]) << 7) | c)
        po = ow
        r += 1


def any_move(b, R, dirs, m):
    """True if colour m has a legal move (a walk from every empty cell: only
    needed when the side to move has none, to tell a pass from the end)."""
    o = 3 - m
    for r in range(1, 9):
        t = R[r]
        while t:
            u = t & -t
            t ^= u
            c = 10 * r + COL_OF[u % 11]
            for d in dirs[c]:
                if b[c + d] == o:
                    x = c + d + d
                    while b[x] == o:
                        x += d
                    if b[x] & m:
                        return True
    return False
