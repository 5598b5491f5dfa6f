"""Alpha-beta (negamax) on an explicit stack, on small integers only, cheap
enough per node for a microcontroller; run(limit) stops after any node and
picks up exactly where it stopped.  How and why: docs/DESIGN.md, "The
computer player".
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

import gc
from array import array

from mapello.ai import alphabeta
from mapello.ai.evaluation import DIRECTIONS

_INF = const(1000000)

# The working memory of a search: made by the first search and used by every
# later one, so that a game does not cut up the heap with a new set of lists
# each move.  The transposition table (_TT_BITS) is part of it.  One search
# at a time owns it (_MEM below), and a search that a newer one displaced
# stops (run() returns None).
_TT_BITS = const(6)  # 64 entries of 8 bytes
_STACKS = const(20)
_PLIES = const(6)  # stack room made at the start (it grows as lines go deeper)
_ONE_PLY = array("i", bytes(4))  # what _grow() extends a stack of numbers by


def _make_memory():
    stacks = tuple([bytearray() for _ in range(_PLIES)] if k == 10 else array("i", bytes(4 * _PLIES))
                   for k in range(_STACKS))  # type: tuple
    scratch = [0] * 32
    del scratch[:]
    # The stacks of numbers are arrays of 32-bit integers (every value on
    # them is a small integer): 4 bytes a ply, where a list takes 8 in a
    # 64-bit VM, which the deepest line of a game (an exact solve near the
    # end, 13 plies and more) pays for 19 stacks; +1.5% VM instructions a
    # node.  Each ply's moves are a bytearray of cells, not a list of sort
    # keys: a byte a move, where a list takes 8 (64-bit VM) and doubles its
    # room (800 bytes less in a series, for 1.2% more VM instructions a node).
    # The mailbox and the empty-neighbour counts are bytearrays: 100 bytes, not
    # a list's 400 (800 in a 64-bit VM), for about 1% more VM instructions a
    # node.  The rows stay a list.
    return stacks, (bytearray(100), array("h", bytes(200)), [0] * 30, bytearray(100),
                    array("h", bytes(200)), bytearray(19 * 12 + 1),
                    scratch, [0] * 10, array("i", bytes(4 << _TT_BITS)),
                    array("i", bytes(4 << _TT_BITS)), bytearray(100))


# [the memory, the number of the search that owns it, the stacks, the tuples
# Search.tables and Search.leaf_tables of the last search]
_MEM = [None, 0, None, None, None]  # type: list


def reserve(info, table=True):
    """Make the working memory, if not yet made, and the tuples the search
    loops unpack (Search.tables and leaf_tables) for the board facts `info`
    and the table's use, unless the last ones were for them.  mapello.ai.thinker
    does it right after importing, while the heap is still in few pieces: a
    move's search then allocates none of it (in a heap cut up by a game, a
    39-item tuple may find no room)."""
    if _MEM[0] is None:
        gc.collect()
        _MEM[2], _MEM[0] = _make_memory()
    t = _MEM[3]
    if t is None or t[6] is not info or (t[14] is None) == table:
        b, w, rows, points, hist, undo, scratch, down, tk, tv, near = _MEM[0]
        if not table:
            tk = tv = None
        stacks = _MEM[2]
        _MEM[3] = (b, rows, w, DIRECTIONS, info.pens, points, info, info.zkey, info.zflip,
                   info.zside, hist, undo, scratch, down, tk, tv, (1 << _TT_BITS) - 1,
                   _TT_BITS, near) + stacks
        _MEM[4] = (b, w, rows, DIRECTIONS, info.pens, points, hist, scratch, down, info,
                   near) + stacks


class Search:
    """The search tree of one root position (side to move's view).

    `info` is a mapello.evaluation.BoardInfo of the position's board; the root's
    moves are searched in the order of the list given to start().  With
    table=False the search runs without its transposition table.  Only the
    newest Search runs: making one ends the one before it.
    """

    def __init__(self, info, pos, table=True):
        self.setup(info, pos, table)

    def setup(self, info, pos, table=True):
        """Become the search of `pos`, as Search(info, pos, table) would: the
        same object, its attributes replaced (mapello.ai.thinker reuses it)."""
        reserve(info, table)
        _MEM[1] += 1
        self.owner = _MEM[1]
        stacks = _MEM[2]
        self.tables = _MEM[3]
        self.leaf_tables = _MEM[4]
        b, w, rows, points, hist, undo, scratch, down, tk, tv, near = _MEM[0]
        self.root_state = info.search_state(pos, b, w, rows, points, near)
        for i in range(100):
            hist[i] = 0
        for k in (15, 16):  # no killer moves yet
            st = stacks[k]
            for i in range(len(st)):
                st[i] = 0
        if table:
            for i in range(1 << _TT_BITS):
                tk[i] = 0
        self.nodes = 0
        self.depth = 0
        self.root = self.root_scores = ()   # start() gives them
        self.ri = 0  # index of the root move being searched
        self.best_index = 0  # index of the best root move so far in this iteration
        self.estimated = False  # a leaf was estimated (the value is not a proven result)
        self._p = self._mode = self._val = self._up = 0

    def _grow(self, need):
        """Make the stacks `need` plies deep: they grow as the search first
        reaches a ply, by extend(), which makes an array exactly the room
        asked for and a list (stack 10, a bytearray of moves per ply) that
        and 4 more, where append() would double a list's room or add 8
        entries to an array's: the growth, mid-search in a full heap, asks
        for little."""
        for i in range(_STACKS):
            stack = _MEM[2][i]
            while len(stack) < need:
                stack.extend([bytearray()] if i == 10 else _ONE_PLY)

    def start(self, root, depth, alpha=-_INF, beta=_INF):
        """Begin an iteration `depth` plies deep over the root moves `root`, with
        the root window (alpha, beta)."""
        # a move flips at most 19 discs; a line holds min(depth, empties) moves
        undo = self.tables[11]
        need = 19 * min(depth, self.root_state[3]) + 1 - len(undo)
        if need > 0:
            undo.extend(bytes(need))
        me, s, g, e, h = self.root_state
        st = _MEM[2]
        st[9][0] = me
        st[5][0] = s
        st[6][0] = g
        st[7][0] = e
        st[8][0] = h
        st[0][0] = self.depth = depth
        st[1][0] = alpha
        st[2][0] = beta
        self.root = root
        self.root_scores = [-_INF] * len(root)
        self.estimated = False
        self.ri = 0
        self.best_index = 0
        self._p = 0
        self._mode = 0  # enter the root
        self._val = 0
        self._up = 0

    def value(self):
        """The root's value once run() returned True."""
        return _MEM[2][3][0]

    def run(self, limit):
        """Advance until the iteration ends (True) or `limit` nodes (False);
        None if a newer search has taken the memory over."""
        if _MEM[1] != self.owner:
            return None
        return alphabeta.run(self, limit)

    def _lift(self, t, m):
        """A move of colour m on an unflippable cell lifts the penalty t =
        (neighbour, penalty, ...) from the discs next to it (moves there are
        rare, so this is a call)."""
        b = self.tables[0]
        W = self.tables[2]
        v = 0
        j = 0
        while j < len(t):
            y = t[j]
            W[y] -= t[j + 1]
            if b[y] == m:
                v -= t[j + 1]
            elif b[y] == 3 - m:
                v += t[j + 1]
            j += 2
        return v

    def _unlift(self, t):
        W = self.tables[2]
        j = 0
        while j < len(t):
            W[t[j]] += t[j + 1]
            j += 2
