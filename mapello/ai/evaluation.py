"""What a Mapello position is worth to the side to move, for the computer
player: integers in 1/_DISC of a point, kept up to date by the search move
by move.  Its terms and how their weights were fitted: docs/DESIGN.md, "The
computer player".  Runs unchanged on CPython, MicroPython and CircuitPython.
"""

from micropython import const

from array import array

from mapello.rules.geometry import BORDER, INNER, INNER_CELLS, cells_of

_WIN = const(100000)
_DISC = const(256)

# What a cell of the search's mailbox holds.  A colour is 1 (black) or 2
# (white), so `value & colour` is true for that colour's discs and for jokers.
_EMPTY = const(0)  # bonus cells are empty too
_JOKER_CELL = const(3)
_BLOCK = const(4)  # wall, or border cell without a joker

DIRECTIONS = (-11, -10, -9, -1, 1, 9, 10, 11)
_LINES = (1, 9, 10, 11)

# The weights of each phase, in 1/_DISC of a point (desktop/tune_eval.py fits
# them).  A phase is the positions with at least `empties` empty cells:
# (empties, a disc on a cell that 0, 1, 2, 3 or 4 lines can flip,
#  a disc diagonally / orthogonally next to an empty unflippable cell,
#  a frontier disc, a point of margin, parity)
# and the places of the terms in a phase's row:
_PHASE_EMPTIES = const(0)
_LINES_0 = const(1)  # then 2 to 5 for a cell that 1 to 4 lines can flip
_DIAGONAL = const(6)
_ORTHOGONAL = const(7)
_FRONTIER = const(8)
_MARGIN = const(9)
_PARITY = const(10)
WEIGHTS = (
    (50, 1344, -44, -125, -193, -166, -1469, -1309, -4, 15, 438),
    (40, 2405, 199, 50, 70, 88, -810, -857, -349, 93, 482),
    (30, 2176, 172, 29, 27, 19, -616, -648, -387, 112, 499),
    (20, 1964, 278, 126, 3, -18, -690, -614, -442, 94, 526),
    (10, 1860, 300, 76, 5, -21, -694, -471, -652, 166, 723),
    (0, 1432, 222, 114, 149, 28, -810, -253, -959, 256, 972),
)


# A move of the side to move one ply above the horizon (the search counts
# them there): set by matches against the hard level without it, not fitted
# by desktop/tune_eval.py, which fits the terms a leaf is scored by
MOBILITY = 64


def margin_value(d):
    """The value of a finished game with a point margin d: wins first, then
    the margin."""
    if d > 0:
        return _WIN + d * _DISC
    if d < 0:
        return d * _DISC - _WIN
    return 0


def final_margin(value):
    """The point margin a proven value stands for (inverse of margin_value)."""
    if value > 0:
        return (value - _WIN) // _DISC
    if value < 0:
        return -((-value - _WIN) // _DISC)
    return 0


def unflippable_cells(walls, jokers):
    """Inner cells whose disc can never be flipped: on each of the 4 lines
    through the cell a neighbour is a wall or a border cell without a joker
    (a line needs a disc or joker on both sides of a flipped disc)."""
    block = walls | (BORDER & ~jokers)
    m = INNER & ~walls
    for d in _LINES:
        m &= (block << d) | (block >> d)
    return m


class BoardInfo:
    """The fixed facts of a board that the search works with: its mailbox
    template, each cell's weight, the penalties around
    unflippable cells, and the hashing keys.  They depend only on the walls
    and the jokers; setup() fills them in place for another board, so that
    the device makes them once (mapello.ai.thinker keeps one)."""

    def __init__(self, walls, jokers, weights=WEIGHTS):
        self.weights = weights
        # lists (made once, filled in place): a search copies them in one go
        self.cells = bytearray(100)
        self.lines = bytearray(100)  # how many lines can flip a disc on the cell
        self.base = array("h", _ZEROS + _ZEROS)  # the cell weights of the phase
        # an unflippable cell's (neighbour, penalty, ...), by cell: a dict, as
        # they are few (a list of 100 would be mostly None)
        self.pens = {}  # type: dict
        self.playable = b""  # the cells a disc can be on
        self.corners = []  # the unflippable cells with penalties around them
        # the margin and parity weights by the empties of a leaf
        self.margin_weight = array("h", [self.row(e)[_MARGIN] for e in range(65)])
        self.parity = array("h", [self.row(e)[_PARITY] for e in range(65)])
        # Zobrist keys below 2**30, the same on every interpreter: zkey[cell]
        # a black disc's; a white disc's is zkey[cell] ^ zflip[cell],
        # zflip[cell] being what a flip there changes; taking the bonus on
        # the cell, zkey[cell] rotated by 7 of its 30 bits (worked out in
        # mapello/ai/alphabeta.py, where a move takes one).  Those 200 keys
        # are not kept: 800 bytes.
        state = 0x2545F491
        keys = array("i", bytes(400))
        flip = array("i", bytes(400))
        for i in range(200):
            state ^= (state << 13) & 0xFFFFFFFF
            state ^= state >> 17
            state ^= (state << 5) & 0xFFFFFFFF
            if i < 100:
                keys[i] = state >> 2
            else:
                flip[i - 100] = keys[i - 100] ^ (state >> 2)
        self.zkey = keys
        self.zflip = flip
        self.zside = 0x1F3A5C7B
        self.key = None  # type: tuple
        self.setup(walls, jokers)

    def row(self, empties):
        """The weights of the phase of a position with `empties` empty cells."""
        for r in self.weights:
            if empties >= r[_PHASE_EMPTIES]:
                return r
        return self.weights[-1]

    def setup(self, walls, jokers):
        """Fill the facts for the board with these walls and jokers."""
        if self.key is not None and self.key[0] == walls and self.key[1] == jokers:
            return
        self.key = (walls, jokers, None)
        cells = self.cells
        for i in range(100):
            cells[i] = _BLOCK
        for i in INNER_CELLS:
            cells[i] = _EMPTY
        for i in cells_of(walls):
            cells[i] = _BLOCK
        for r in (0, 9):  # jokers on the border rows, then on the border columns
            row = (jokers >> (10 * r)) & 0x3FF
            for c in range(10):
                if (row >> c) & 1:
                    cells[10 * r + c] = _JOKER_CELL
        for r in range(1, 9):
            row = (jokers >> (10 * r)) & 0x3FF
            if row & 1:
                cells[10 * r] = _JOKER_CELL
            if row & 0x200:
                cells[10 * r + 9] = _JOKER_CELL
        lines = self.lines
        for i in range(100):
            lines[i] = 0
        # counted first, then made in one piece of that many bytes: a list
        # grown cell by cell asks for ever larger pieces as it grows, which a
        # heap cut up by a game may not have
        count = 0
        for i in INNER_CELLS:
            if cells[i] == _EMPTY:
                count += 1
        playable = bytearray(count)
        k = 0
        for i in INNER_CELLS:
            if cells[i] != _EMPTY:
                continue
            playable[k] = i
            k += 1
            n = 0
            for d in _LINES:
                if cells[i + d] != _BLOCK and cells[i - d] != _BLOCK:
                    n += 1
            lines[i] = n
        self.playable = playable

    def use_phase(self, empties):
        """Set the cell weights and the penalties for the phase of `empties`."""
        row = self.row(empties)
        if self.key[2] is row:
            return
        self.key = (self.key[0], self.key[1], row)
        cells = self.cells
        lines = self.lines
        base = self.base
        pens = self.pens
        for i in range(100):
            base[i] = 0
        pens.clear()
        corners = []
        for i in self.playable:
            base[i] = row[_LINES_0 + lines[i]]
            if lines[i]:
                continue
            out = []
            for d in DIRECTIONS:
                v = i + d
                if cells[v] == _EMPTY and lines[v]:
                    out.append(v)
                    out.append(row[_DIAGONAL] if d in (-11, -9, 9, 11) else row[_ORTHOGONAL])
            if out:
                pens[i] = tuple(out)
                corners.append(i)
        self.corners = corners
        self.front = row[_FRONTIER]
        self.mob = MOBILITY  # of every phase

    def search_state(self, pos, b, w, rows, points, near):
        """Fill what mapello.ai.search.Search starts from: the mailbox b, the
        cell weights w, the rows (empty cells, then black's and white's discs
        with the jokers, 10 each), the points of the bonuses still on the
        board (3 or 0 per cell) and each cell's empty neighbours.  Returns
        (colour to move, estimate, point margin, empties, hash)."""
        # the rows first, from the masks: a few shifts of long integers, not
        # one per cell; then the cells of the discs and bonuses from the rows
        # (counted, not listed: a list per search would cut up the heap)
        jokers = pos.jokers
        empty = pos.empty()
        bonuses = pos.bonuses
        nb = nw = 0
        b[:] = self.cells  # both bytearrays: one copy
        points[:] = _ZEROS
        for r in range(10):
            shift = 10 * r
            j = (jokers >> shift) & 0x3FF
            x = (pos.discs[0] >> shift) & 0x3FF
            y = (pos.discs[1] >> shift) & 0x3FF
            rows[r] = (empty >> shift) & 0x3FF
            rows[10 + r] = x | j
            rows[20 + r] = y | j
            z = (bonuses >> shift) & 0x3FF
            while x:
                u = x & -x
                x ^= u
                b[shift + COL_OF[u % 11]] = 1
                nb += 1
            while y:
                u = y & -y
                y ^= u
                b[shift + COL_OF[u % 11]] = 2
                nw += 1
            while z:
                u = z & -z
                z ^= u
                points[shift + COL_OF[u % 11]] = 3
        empties = len(self.playable) - nb - nw
        self.use_phase(empties)
        w[:] = self.base
        pens = self.pens
        for u in self.corners:
            if b[u] == _EMPTY:
                t = pens[u]
                for k in range(0, len(t), 2):
                    w[t[k]] += t[k + 1]
        me = pos.turn + 1
        v = 0
        h = 0
        front = 0
        zkey = self.zkey
        zflip = self.zflip
        dirs = DIRECTIONS
        # a wall or border cell's count is only counted down, by each playable
        # neighbour filled (the search walks all 8 directions): 8 never goes below 0
        near[:] = _EIGHTS
        for i in self.playable:
            n = 0
            for d in dirs:
                if b[i + d] == _EMPTY:
                    n += 1
            near[i] = n
            c = b[i]
            if c == 1:
                h ^= zkey[i]
                v += w[i]
                if n:
                    front += 1
            elif c == 2:
                h ^= zkey[i] ^ zflip[i]
                v -= w[i]
                if n:
                    front -= 1
        if me == 2:
            v = -v
            front = -front
        margin = nb - nw + 3 * (pos.taken[0] - pos.taken[1])
        if pos.turn:
            margin = -margin
        return me, v + self.front * front, margin, empties, h


_ZEROS = bytes(100)
_EIGHTS = b"\x08" * 100
# the column of a row's single bit 2**c is COL_OF[2**c % 11] (2**c % 11 differ for c < 10)
COL_OF = tuple(max([c for c in range(10) if (1 << c) % 11 == i] + [0]) for i in range(11))
