"""What a Mapello position is worth to the side to move, for the computer player.

Values are integers in 1/DISC of a point.  A finished game is worth WIN plus its
margin, so a proven win outranks every estimate; an estimate stays below WIN.

The estimate is built so that the search can keep it up to date move by move
with a few small-integer additions (mapello/search.py), instead of scanning the
board at every leaf:

- every cell has a weight, computed from the board itself when a search
  starts.  A cell's weight depends on how many of the 4 lines through it can
  flip it: a line is closed when a neighbour on it is a wall or a border cell
  without a joker.  A cell on no open line can never be flipped (corners are
  only the plain case; a cell between walls is one too, and jokers open the
  border again);
- a cell next to an empty unflippable cell hands that cell to the opponent:
  while that cell is empty its neighbours' weights carry a penalty, larger on
  the diagonal; the penalty goes when the cell is taken;
- a bonus taken is worth its 3 points and a little more (nobody can take it
  back);
- near the end the plain point margin counts more and more, and the side that
  can expect the last move (odd empties) gets a little;
- the search adds the mobility of the side to move one ply before its leaves.

The weights were tuned by self-play on the desktop (tools/tune_eval.py).
Everything here runs unchanged on CPython, MicroPython and CircuitPython.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from array import array

from mapello.bits import BLACK, BORDER, INNER, popcount

WIN = const(100000)
DISC = const(256)

# What a cell of the search's mailbox holds.  A colour is BLACK + 1 or WHITE + 1,
# so `value & colour` is true for that colour's discs and for jokers.
EMPTY = const(0)  # bonus cells are empty too
JOKER_CELL = const(3)
BLOCK = const(4)  # wall, or border cell without a joker

DIRECTIONS = (-11, -10, -9, -1, 1, 9, 10, 11)
_LINES = (1, 9, 10, 11)

# The evaluation's parameters, in 1/DISC of a point (tools/tune_eval.py):
#   0-4   weight of a disc on a cell that 0, 1, 2, 3 or 4 lines can flip
#   5, 6  penalty of a disc diagonally / orthogonally next to an empty
#         unflippable cell
#   7     a bonus taken, besides its 3 points
#   8     parity: the side to move when the empties are odd
#   9     each legal move of the side to move one ply before the leaves
#   10    empties from which the point margin starts to count
#   11    the weight of a point of margin with no empty left
WEIGHTS = (700, 90, 30, 10, 0, -330, -110, 300, 90, 40, 24, 256)


def final_value(own, opp, bonus_diff):
    """The value of a finished game: wins first, then the margin."""
    return margin_value(popcount(own) - popcount(opp) + 3 * bonus_diff)


def margin_value(d):
    """final_value for a point margin d."""
    if d > 0:
        return WIN + d * DISC
    if d < 0:
        return d * DISC - WIN
    return 0


def final_margin(value):
    """The point margin a proven value stands for (inverse of final_value)."""
    if value > 0:
        return (value - WIN) // DISC
    if value < 0:
        return -((-value - WIN) // DISC)
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
    template, each cell's weight and flip directions, the penalties around
    unflippable cells, and the hashing keys.  They depend only on the walls
    and the jokers; setup() fills them in place for another board, so that
    the device makes them once (mapello.ai keeps one)."""

    def __init__(self, walls, jokers, weights=WEIGHTS):
        self.weights = weights
        self.cells = bytearray(100)
        self.base = array("h", bytes(200))
        self.dirs = [()] * 100  # the directions from each cell towards a playable cell
        self.pens = [None] * 100
        self.bonus_weight = 3 * DISC + weights[7]
        self.parity = weights[8]
        self.mobility = weights[9]
        late, full = weights[10], weights[11]
        self.margin_weight = array("h", [full * (late - n) // late if n < late else 0
                                         for n in range(65)])
        # Zobrist keys below 2**30, the same on every interpreter:
        # [100 * (colour - 1) + cell], then 100 keys for taking a bonus
        state = 0x2545F491
        keys = array("i")
        for i in range(300):
            state ^= (state << 13) & 0xFFFFFFFF
            state ^= state >> 17
            state ^= (state << 5) & 0xFFFFFFFF
            keys.append(state >> 2)
        self.zkey = keys
        self.zflip = array("i", [keys[i] ^ keys[100 + i] for i in range(100)])
        self.zside = 0x1F3A5C7B
        self.key = None
        self.setup(walls, jokers)

    def setup(self, walls, jokers):
        """Fill the facts for the board with these walls and jokers."""
        if self.key == (walls, jokers):
            return
        self.key = (walls, jokers)
        weights = self.weights
        cells = self.cells
        for i in range(100):
            bit = 1 << i
            if bit & jokers:
                cells[i] = JOKER_CELL
            elif bit & walls or not bit & INNER:
                cells[i] = BLOCK
            else:
                cells[i] = EMPTY
        lines = bytearray(100)
        base = self.base
        dirs = self.dirs
        shared = {}  # equal direction tuples are one object (they are few)
        for i in range(100):
            dirs[i] = ()
            base[i] = 0
            if cells[i] != EMPTY:
                continue
            n = 0
            for d in _LINES:
                if cells[i + d] != BLOCK and cells[i - d] != BLOCK:
                    n += 1
            lines[i] = n
            base[i] = weights[n]
            t = tuple(d for d in DIRECTIONS if cells[i + d] == EMPTY)
            dirs[i] = shared.setdefault(t, t)
        # penalties: for each unflippable cell, (neighbour, penalty) pairs
        pens = self.pens
        for u in range(100):
            pens[u] = None
            if cells[u] != EMPTY or lines[u]:
                continue
            out = []
            for d in DIRECTIONS:
                v = u + d
                if cells[v] == EMPTY and lines[v]:
                    out.append(v)
                    out.append(weights[5] if d in (-11, -9, 9, 11) else weights[6])
            if out:
                pens[u] = tuple(out)

    def search_state(self, pos, b, w, rows, points):
        """Fill what mapello.search.Search starts from: the mailbox b, the cell
        weights w, the rows (empty cells, then black's and white's discs with
        the jokers, 10 each) and the points of the bonuses still on the board
        (3 or 0 per cell).  Returns (colour to move, estimate, point margin,
        empties, hash)."""
        cells = self.cells
        bonuses = pos.bonuses
        black = pos.discs[0]
        white = pos.discs[1]
        for i in range(100):
            c = cells[i]
            if c == EMPTY:
                if (black >> i) & 1:
                    c = 1
                elif (white >> i) & 1:
                    c = 2
            b[i] = c
            points[i] = 3 if (bonuses >> i) & 1 else 0
            w[i] = self.base[i]
        pens = self.pens
        for u in range(100):
            t = pens[u]
            if t is not None and b[u] == EMPTY:
                for k in range(0, len(t), 2):
                    w[t[k]] += t[k + 1]
        for r in range(30):
            rows[r] = 0
        me = pos.turn + 1
        v = 0
        h = 0
        empties = 0
        for i in range(100):
            c = b[i]
            r = i // 10
            bit = 1 << (i % 10)
            if c == EMPTY:
                rows[r] |= bit
                empties += 1
            elif c == JOKER_CELL:
                rows[10 + r] |= bit
                rows[20 + r] |= bit
            elif c < JOKER_CELL:
                rows[10 * c + r] |= bit
                h ^= self.zkey[100 * (c - 1) + i]
                v += w[i] if c == me else -w[i]
        t = pos.turn
        bonus_diff = pos.taken[t] - pos.taken[1 - t]
        margin = popcount(pos.discs[t]) - popcount(pos.discs[1 - t]) + 3 * bonus_diff
        return me, v + self.bonus_weight * bonus_diff, margin, empties, h
