"""Mapello rules on integer bitmasks: a Position with push/pop.

Bit i of every mask is grid row i // 10, column i % 10 (mapello/rules/geometry.py has
the geometry and the move generator).  Imports nothing but mapello.rules.geometry, so it
runs unchanged on CPython, MicroPython and CircuitPython.
"""

# Re-exported, so that `mapello.rules.position` is the one import for the rules.
from mapello.rules.geometry import (BLACK, BONUS_POINTS, BORDER, BORDER_CELLS, CENTRE, COLOUR_NAMES,
                          FILES, INNER, INNER_CELLS, PASS, START_BLACK, START_WHITE, WHITE,
                          cell_name, cells_mask, cells_of, const, flips_mask, moves_mask,
                          parse_cell, popcount)

_PASS_RECORD = const(127)  # a cell number no move can have
_BONUS_FLAG = const(128)


class IllegalMove(ValueError):
    """A move the rules forbid; str() says why in a few words."""


class Position:
    """A Mapello position with push/pop, so a search walks a tree without copies.

    discs[BLACK], discs[WHITE]: disc masks; walls, bonuses (not yet taken) and
    jokers: masks; turn: BLACK or WHITE; taken[colour]: bonuses that side took.
    Each push records one integer (flips, cell, bonus flag) for pop, unless
    the position keeps no history (history=False: no pop, no ply count, and
    no long integer per move kept in memory).
    """

    def __init__(self, black=START_BLACK, white=START_WHITE, walls=0, bonuses=0,
                 jokers=0, turn=BLACK, taken=(0, 0), history=True):
        self.discs = [black, white]
        self.walls = walls
        self.bonuses = bonuses
        self.jokers = jokers
        self.turn = turn
        self.taken = [taken[0], taken[1]]
        self._undo = [] if history else None
        self._ply = 0

    def copy(self, history=True, into=None):
        """An independent position with the same pieces (history not copied).
        into: a Position to make the copy of instead of a new one (the
        computer copies a position every move: a new one would be five
        pieces of heap each time)."""
        if into is None:
            return Position(self.discs[0], self.discs[1], self.walls, self.bonuses,
                            self.jokers, self.turn, self.taken, history)
        into.discs[0], into.discs[1] = self.discs
        into.walls = self.walls
        into.bonuses = self.bonuses
        into.jokers = self.jokers
        into.turn = self.turn
        into.taken[0], into.taken[1] = self.taken
        if not history:
            into._undo = None
        elif into._undo is None:
            into._undo = []
        else:
            del into._undo[:]
        into._ply = 0
        return into

    def __eq__(self, other):
        return (isinstance(other, Position) and self.discs == other.discs
                and self.walls == other.walls and self.bonuses == other.bonuses
                and self.jokers == other.jokers and self.turn == other.turn
                and self.taken == other.taken)

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
            if self.legal_mask():
                return "a move exists"
            return None if self.opponent_legal_mask() else "the game is over"
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
        """Moves pushed (and not popped) since this position was made."""
        return self._ply

    def history(self):
        """The moves pushed so far, oldest first (PASS for passes); [] for a
        position that keeps no history."""
        undo = self._undo or []
        return [PASS if r & 127 == _PASS_RECORD else r & 127 for r in undo]

    # --- changing the position ------------------------------------------
    def push(self, cell):
        """Play `cell` (or PASS) without checking it: the fast path for search."""
        t = self.turn
        undo = self._undo
        if cell == PASS:
            if undo is not None:
                undo.append(_PASS_RECORD)
        else:
            discs = self.discs
            bit = 1 << cell
            f = flips_mask(bit, discs[t] | self.jokers, discs[1 - t])
            discs[t] |= f | bit
            discs[1 - t] ^= f
            if bit & self.bonuses:
                self.bonuses ^= bit
                self.taken[t] += 1
                if undo is not None:
                    undo.append((f << 8) | cell | _BONUS_FLAG)
            elif undo is not None:
                undo.append((f << 8) | cell)
        self.turn = 1 - t
        self._ply += 1

    def play(self, cell):
        """Play `cell` (or PASS) after checking it; IllegalMove says why not."""
        reason = self.why_illegal(cell)
        if reason is not None:
            raise IllegalMove("%s: %s" % (cell_name(cell), reason))
        self.push(cell)

    def pop(self):
        """Undo the last push; returns the move that was undone.  IndexError
        for a position that keeps no history."""
        undo = self._undo
        if undo is None:
            raise IndexError("pop: this position keeps no history")
        record = undo.pop()
        self._ply -= 1
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
