"""The board's geometry and the move generator on integer bitmasks.

Bit i is grid row i // 10, column i % 10; the playable 8x8 is rows and columns
1..8.  The border ring holds nothing but jokers, so a run of discs can never
wrap from one row into the next: the shifts below need no edge masks.  This is
what makes the move generator both short and fast on a plain interpreter.

Imports nothing, so it runs unchanged on CPython, MicroPython and CircuitPython.
Kept apart from the Position class so that each module stays small enough to
compile from source in a small heap.
"""

from micropython import const

BLACK = const(0)
WHITE = const(1)
PASS = const(-1)
BONUS_POINTS = const(3)

FILES = "abcdefgh"
COLOUR_NAMES = ("black", "white")


def cells_mask(cells):
    """The mask with the bits of `cells` set (the inverse of cells_of)."""
    m = 0
    for c in cells:
        m |= 1 << c
    return m


# Bytes, not tuples: 100 bytes of heap where two tuples of small integers take
# 400 on a board (tests/test_engine.py checks each against its definition).
INNER_CELLS = bytes(r * 10 + c for r in range(1, 9) for c in range(1, 9))    # rows 1-8, columns 1-8
BORDER_CELLS = bytes(c for c in range(100) if c < 10 or c >= 90 or c % 10 in (0, 9))  # the ring
INNER = 0x1fe7f9fe7f9fe7f9fe7f800           # cells_mask(INNER_CELLS)
BORDER = 0xffe01806018060180601807ff        # cells_mask(BORDER_CELLS)
CENTRE = 0xc0300000000000                   # d4 e4 d5 e5
START_BLACK = 0x80100000000000              # d4, e5
START_WHITE = 0x40200000000000              # e4, d5


def cell_name(cell):
    """'a1'..'h8' for inner cells, 'border r,c' for the ring; 'pass' for PASS;
    any other number (not a cell at all) as itself."""
    if cell == PASS:
        return "pass"
    if not 0 <= cell < 100:
        return str(cell)
    r, c = cell // 10, cell % 10
    if 1 <= r <= 8 and 1 <= c <= 8:
        return FILES[c - 1] + str(r)
    return "border %d,%d" % (r, c)


def parse_cell(text):
    """Inverse of cell_name for moves: 'd3' -> 31, 'pass' -> PASS."""
    s = text.strip().lower()
    if s == "pass":
        return PASS
    if len(s) == 2 and s[0] in FILES and s[1] in "12345678":
        return int(s[1]) * 10 + FILES.index(s[0]) + 1
    raise ValueError("%r is not a cell (a1..h8) or 'pass'" % text)


def popcount(x):
    return bin(x).count("1")


def cells_of(mask):
    """Cell numbers of the set bits of an inner-cell mask, in board order.

    Works a row at a time so that only 8 long-integer shifts allocate; the bit
    tests inside a row are on small integers, which allocate nothing on
    MicroPython."""
    out = []
    for r in range(10, 90, 10):
        row = (mask >> r) & 0x3FF
        if row:
            for c in range(1, 9):
                if (row >> c) & 1:
                    out.append(r + c)
    return out


def moves_mask(own, opp, empty):
    """Cells where a disc of `own` (jokers included) flips at least one of `opp`.

    For each direction, grow runs of `opp` out of `own` one step at a time; the
    loop stops as soon as no run grows, which early in a game is after one or two
    steps.  The cell just past a run is a move if it is empty.
    """
    m = 0
    for d in (1, 9, 10, 11):
        t = (own << d) & opp
        if t:
            x = (t << d) & opp
            while x:
                t |= x
                x = (x << d) & opp
            m |= t << d
        t = (own >> d) & opp
        if t:
            x = (t >> d) & opp
            while x:
                t |= x
                x = (x >> d) & opp
            m |= t >> d
    return m & empty


def flips_mask(bit, own, opp):
    """Discs of `opp` flipped by a disc placed on `bit` (own includes jokers)."""
    f = 0
    for d in (1, 9, 10, 11):
        t = (bit << d) & opp
        if t:
            x = t << d
            while x & opp:
                t |= x
                x <<= d
            if x & own:
                f |= t
        t = (bit >> d) & opp
        if t:
            x = t >> d
            while x & opp:
                t |= x
                x >>= d
            if x & own:
                f |= t
    return f
