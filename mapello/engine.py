"""Mapello rules on integer bitmasks: one bit per cell of the 10x10 grid.

Bit i is grid row i // 10, column i % 10; the playable 8x8 is rows and columns
1..8.  The border ring holds nothing but jokers, so a run of discs can never
wrap from one row into the next: the shifts below need no edge masks.  This is
what makes the move generator both short and fast on a plain interpreter.

Imports nothing, so it runs unchanged on CPython, MicroPython and CircuitPython.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

BLACK = const(0)
WHITE = const(1)
PASS = const(-1)
_PASS_RECORD = const(127)  # a cell number no move can have
_BONUS_FLAG = const(128)
BONUS_POINTS = const(3)

FILES = "abcdefgh"
COLOUR_NAMES = ("black", "white")


def _cells_mask(cells):
    m = 0
    for c in cells:
        m |= 1 << c
    return m


INNER_CELLS = tuple(r * 10 + c for r in range(1, 9) for c in range(1, 9))
BORDER_CELLS = tuple(i for i in range(100) if i // 10 in (0, 9) or i % 10 in (0, 9))
INNER = _cells_mask(INNER_CELLS)
BORDER = _cells_mask(BORDER_CELLS)
CENTRE = _cells_mask((44, 45, 54, 55))
START_BLACK = _cells_mask((44, 55))  # d4, e5
START_WHITE = _cells_mask((45, 54))  # e4, d5


class IllegalMove(ValueError):
    """A move the rules forbid; str() says why in a few words."""


def cell_name(cell):
    """'a1'..'h8' for inner cells, 'border r,c' for the ring; 'pass' for PASS."""
    if cell == PASS:
        return "pass"
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
    """Cell numbers of the set bits of an inner-cell mask, in board order."""
    return [c for c in INNER_CELLS if (mask >> c) & 1]


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


class Position:
    """A Mapello position with push/pop, so a search walks a tree without copies.

    discs[BLACK], discs[WHITE]: disc masks; walls, bonuses (not yet taken) and
    jokers: masks; turn: BLACK or WHITE; taken[colour]: bonuses that side took.
    Each push records one integer (flips, cell, bonus flag) for pop.
    """

    def __init__(self, black=START_BLACK, white=START_WHITE, walls=0, bonuses=0,
                 jokers=0, turn=BLACK, taken=(0, 0)):
        self.discs = [black, white]
        self.walls = walls
        self.bonuses = bonuses
        self.jokers = jokers
        self.turn = turn
        self.taken = [taken[0], taken[1]]
        self._undo = []

    def copy(self):
        """An independent position with the same pieces (history not copied)."""
        return Position(self.discs[0], self.discs[1], self.walls, self.bonuses,
                        self.jokers, self.turn, self.taken)

    def __eq__(self, other):
        return (isinstance(other, Position) and self.discs == other.discs
                and self.walls == other.walls and self.bonuses == other.bonuses
                and self.jokers == other.jokers and self.turn == other.turn
                and self.taken == other.taken)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __repr__(self):
        return "Position(%r)" % self.to_text()

    # --- queries -----------------------------------------------------------
    def empty(self):
        """Cells a disc may go on: inner, not a disc, not a wall (bonuses count)."""
        return INNER & ~(self.discs[0] | self.discs[1] | self.walls)

    def legal_mask(self):
        t = self.turn
        return moves_mask(self.discs[t] | self.jokers, self.discs[1 - t], self.empty())

    def opponent_legal_mask(self):
        t = self.turn
        return moves_mask(self.discs[1 - t] | self.jokers, self.discs[t], self.empty())

    def legal_moves(self):
        """Cell numbers of the legal moves, in board order; [] means pass."""
        return cells_of(self.legal_mask())

    def must_pass(self):
        return not self.legal_mask() and bool(self.opponent_legal_mask())

    def is_over(self):
        return not self.legal_mask() and not self.opponent_legal_mask()

    def flips(self, cell):
        """Mask of discs a move on `cell` would flip (0 if it flips none)."""
        t = self.turn
        return flips_mask(1 << cell, self.discs[t] | self.jokers, self.discs[1 - t])

    def why_illegal(self, cell):
        """None if `cell` is a legal move now, else a short reason for a player."""
        if cell == PASS:
            return "a move exists" if self.legal_mask() else None
        if not 0 <= cell < 100 or not (INNER >> cell) & 1:
            return "off the board"
        bit = 1 << cell
        if bit & self.walls:
            return "wall"
        if bit & (self.discs[0] | self.discs[1]):
            return "occupied"
        if not self.flips(cell):
            return "no flip"
        return None

    def score(self):
        """(black, white): discs on the board plus 3 per bonus taken."""
        return (popcount(self.discs[0]) + BONUS_POINTS * self.taken[0],
                popcount(self.discs[1]) + BONUS_POINTS * self.taken[1])

    def winner(self):
        """BLACK, WHITE, or None for a draw (meaningful once the game is over)."""
        b, w = self.score()
        if b == w:
            return None
        return BLACK if b > w else WHITE

    def ply(self):
        return len(self._undo)

    def history(self):
        """The moves pushed so far, oldest first (PASS for passes)."""
        return [PASS if r & 127 == _PASS_RECORD else r & 127 for r in self._undo]

    # --- changing the position ------------------------------------------
    def push(self, cell):
        """Play `cell` (or PASS) without checking it: the fast path for search."""
        t = self.turn
        if cell == PASS:
            self._undo.append(_PASS_RECORD)
        else:
            discs = self.discs
            bit = 1 << cell
            f = flips_mask(bit, discs[t] | self.jokers, discs[1 - t])
            discs[t] |= f | bit
            discs[1 - t] ^= f
            record = (f << 8) | cell
            if bit & self.bonuses:
                self.bonuses ^= bit
                self.taken[t] += 1
                record |= _BONUS_FLAG
            self._undo.append(record)
        self.turn = 1 - t

    def play(self, cell):
        """Play `cell` (or PASS) after checking it; IllegalMove says why not."""
        reason = self.why_illegal(cell)
        if reason is None and cell == PASS and self.is_over():
            reason = "the game is over"
        if reason is not None:
            raise IllegalMove("%s: %s" % (cell_name(cell) if 0 <= cell < 100 or cell == PASS
                                          else str(cell), reason))
        self.push(cell)

    def pop(self):
        """Undo the last push; returns the move that was undone."""
        record = self._undo.pop()
        t = 1 - self.turn
        self.turn = t
        cell = record & 127
        if cell == _PASS_RECORD:
            return PASS
        f = record >> 8
        bit = 1 << cell
        discs = self.discs
        discs[t] ^= f | bit
        discs[1 - t] |= f
        if record & _BONUS_FLAG:
            self.bonuses |= bit
            self.taken[t] -= 1
        return cell

    # --- one-line notation ----------------------------------------------
    def symbol_at(self, cell):
        bit = 1 << cell
        if bit & self.discs[0]:
            return "B"
        if bit & self.discs[1]:
            return "W"
        if bit & self.walls:
            return "#"
        if bit & self.bonuses:
            return "+"
        if bit & self.jokers:
            return "J"
        return "."

    def to_text(self):
        """Ten rows of ten symbols joined by '/', side to move, bonuses taken:
        'J........J/..../J........J b 0 0'.  Round-trips through from_text."""
        rows = []
        for r in range(10):
            rows.append("".join([self.symbol_at(r * 10 + c) for c in range(10)]))
        return "%s %s %d %d" % ("/".join(rows), "bw"[self.turn], self.taken[0], self.taken[1])

    @staticmethod
    def from_text(text):
        """Parse to_text()'s notation; ValueError names what is wrong."""
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


def perft(pos, depth):
    """Leaf count at `depth` plies; a pass is a ply, a finished game is a leaf."""
    t = pos.turn
    if depth <= 0:
        return 1
    return _perft(pos.discs[t], pos.discs[1 - t], pos.jokers, pos.empty(), depth)


def _perft(own, opp, jokers, empty, depth):
    m = moves_mask(own | jokers, opp, empty)
    if depth == 1:
        # bulk count: every move is a leaf; no move is one leaf (a pass or the end)
        return popcount(m) if m else 1
    if not m:
        if not moves_mask(opp | jokers, own, empty):
            return 1
        return _perft(opp, own, jokers, empty, depth - 1)
    n = 0
    mine = own | jokers
    while m:
        bit = m & -m
        m ^= bit
        f = flips_mask(bit, mine, opp)
        n += _perft(opp ^ f, own | f | bit, jokers, empty ^ bit, depth - 1)
    return n
