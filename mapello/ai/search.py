"""Alpha-beta (negamax) on an explicit stack, on small integers only, cheap
enough per node for a microcontroller; run(limit) stops after any node and
picks up exactly where it stopped.  How and why: docs/DESIGN.md, "The
computer player".
"""

from micropython import const

import gc
from array import array

from mapello.ai import alphabeta
from mapello.ai.evaluation import DIRECTIONS

_INF = const(1000000)
# Nodes a step of the app's thinking searches (a few ms on an RP2040: block
# search-cost of docs/MEASUREMENTS.md), and at most between two looks at the
# clock (mapello.ai.thinker); mapello.ai.native has its own.
SLICE = const(8)
CLOCK_NODES = const(64)

# The working memory of a search: made by the first search and used by every
# later one, so that a game does not cut up the heap with a new set of lists
# each move.  The transposition table (_TT_BITS) is part of it.  One search
# at a time owns it (_MEM below), and a search that a newer one displaced
# stops (run() returns None).
_TT_BITS = const(6)  # 64 entries of 8 bytes
_PLIES = const(6)  # stack room made at the start (it grows as lines go deeper)
_ONE_PLY = array("i", bytes(4))  # what _grow() extends a stack of numbers by

# The search's stacks, one slot a ply, by their index in _MEM[_STACKS].  They
# end Search.tables and Search.leaf_tables in this order, and
# mapello.ai.alphabeta.run() and mapello.ai.frontier.leaves() unpack them
# into locals named as these are, in lower case (tests/test_search.py checks
# that the names agree).
_DEPTHS = const(0)  # the plies left to the horizon
_ALPHAS = const(1)  # the window, from the side to move's view
_BETAS = const(2)
_VALUES = const(3)  # the best value found so far
_ENTRY_ALPHAS = const(4)  # alpha as the node was entered: how its value is bounded
_ESTIMATES = const(5)  # the evaluation, kept up to date move by move
_MARGINS = const(6)  # the point margin
_EMPTIES = const(7)  # the empty cells
_HASHES = const(8)  # the position's hashing key
_COLOURS = const(9)  # the colour to move (1 or 2)
_MOVE_LISTS = const(10)  # a bytearray of the ply's moves, in the order tried
_TRIED = const(11)  # how many of them were tried (-1 from leaves(): none is legal)
_PLAYED = const(12)  # the cell played to reach the next ply (0: a pass)
_UNDO_STARTS = const(13)  # where the flips of the move to this ply start in undo
_BEST_MOVES = const(14)
_NEW_KILLERS = const(15)  # the last two moves that cut off at this ply
_OLD_KILLERS = const(16)
_LEGAL_COUNTS = const(17)  # the legal moves known so far
_GENERATED = const(18)  # 1 once the move generator ran (before: the table's and killer moves)
_NULL_WINDOWS = const(19)  # 1 when searched with a null window (a later move)
_STACK_COUNT = const(20)

# Search.tables, what alphabeta.run() unpacks, starts with the 20 items that
# reserve() names; the indices search.py reads them by:
_BOARD = const(0)
_WEIGHTS = const(2)
_INFO = const(6)
_UNDO = const(11)
_TT_KEYS = const(14)
_PAUSED = const(19)

# The slots of _MEM, the search's shared state
_PARTS = const(0)  # the working memory, as _make_memory() returns it
_OWNER = const(1)  # the number of the search that owns it
_STACKS = const(2)  # the stacks
_TABLES = const(3)  # Search.tables of the last search
_LEAF_TABLES = const(4)  # Search.leaf_tables of the last search


def _make_memory():
    """(the stacks, the working memory: the parts that reserve() unpacks)."""
    stacks = tuple([bytearray() for _ in range(_PLIES)] if k == _MOVE_LISTS
                   else array("i", bytes(4 * _PLIES)) for k in range(_STACK_COUNT))
    scratch = [0] * 32
    del scratch[:]
    # The stacks of numbers are arrays of 32-bit integers (every value on
    # them is a small integer): 4 bytes a ply, where a list takes 8 in a
    # 64-bit VM, which the deepest line of a game (an exact solve near the
    # end, 13 plies and more) pays for 19 stacks.  Each ply's moves are a
    # bytearray of cells, not a list of sort keys: a byte a move, where a list
    # takes 8 (64-bit VM) and doubles its room.  The mailbox and the
    # empty-neighbour counts are bytearrays: 100 bytes, not a list's 400 (800
    # in a 64-bit VM).  Each costs the search a little speed for the memory
    # (the stacks' and the moves': docs/MEASUREMENTS.md, "Measured once, by
    # hand").  The rows stay a list.
    board = bytearray(100)  # the mailbox
    weights = array("h", bytes(200))  # each cell's weight
    rows = [0] * 30  # the empty cells' rows, then black's and white's (jokers in both)
    points = bytearray(100)  # the points of the bonuses still on the board
    history = array("h", bytes(200))  # the history heuristic's score of each cell
    undo = bytearray(19 * 12 + 1)  # the cells flipped, move after move down the line
    down = [0] * 10  # the move generator's scratch row
    tt_keys = array("i", bytes(4 << _TT_BITS))  # the transposition table
    tt_values = array("i", bytes(4 << _TT_BITS))
    near = bytearray(100)  # each cell's empty neighbours
    paused = array("i", bytes(16))  # where alphabeta.run() stopped (all 0: at the root)
    return stacks, (board, weights, rows, points, history, undo, scratch, down, tt_keys,
                    tt_values, near, paused)


# [the memory, the owner, the stacks, the tables, the leaf tables]: see _PARTS
_MEM = [None, 0, None, None, None]  # type: list


def reserve(info, table=True):
    """Make the working memory, if not yet made, and the tuples the search
    loops unpack (Search.tables and leaf_tables) for the board facts `info`
    and the table's use, unless the last ones were for them.  mapello.ai.thinker
    does it right after importing, while the heap is still in few pieces: a
    move's search then allocates none of it (in a heap cut up by a game, a
    40-item tuple may find no room)."""
    if _MEM[_PARTS] is None:
        gc.collect()
        _MEM[_STACKS], _MEM[_PARTS] = _make_memory()
    tables = _MEM[_TABLES]
    if tables is None or tables[_INFO] is not info or (tables[_TT_KEYS] is None) == table:
        (board, weights, rows, points, history, undo, scratch, down, tt_keys, tt_values,
         near, paused) = _MEM[_PARTS]
        if not table:
            tt_keys = tt_values = None
        directions = DIRECTIONS
        penalties = info.pens
        zkey = info.zkey
        zflip = info.zflip
        zside = info.zside
        tt_mask = (1 << _TT_BITS) - 1
        tt_bits = _TT_BITS
        stacks = _MEM[_STACKS]
        _MEM[_TABLES] = (board, rows, weights, directions, penalties, points, info, zkey, zflip,
                         zside, history, undo, scratch, down, tt_keys, tt_values, tt_mask,
                         tt_bits, near, paused) + stacks
        _MEM[_LEAF_TABLES] = (board, weights, rows, directions, penalties, points, history,
                              scratch, down, info, near) + stacks


class Search:
    """The search tree of one root position (side to move's view).

    `info` is a mapello.ai.evaluation.BoardInfo of the position's board; the
    root's moves are searched in the order of the list given to start().  With
    table=False the search runs without its transposition table.  Only the
    newest Search runs: making one ends the one before it.
    """

    def __init__(self, info, pos, table=True):
        self.setup(info, pos, table)

    def setup(self, info, pos, table=True):
        """Become the search of `pos`, as Search(info, pos, table) would: the
        same object, its attributes replaced (mapello.ai.thinker reuses it)."""
        reserve(info, table)
        _MEM[_OWNER] += 1
        self.owner = _MEM[_OWNER]
        stacks = _MEM[_STACKS]
        self.tables = _MEM[_TABLES]
        self.leaf_tables = _MEM[_LEAF_TABLES]
        (board, weights, rows, points, history, undo, scratch, down, tt_keys, tt_values,
         near, paused) = _MEM[_PARTS]
        self.root_state = info.search_state(pos, board, weights, rows, points, near)
        for i in range(100):
            history[i] = 0
        for k in (_NEW_KILLERS, _OLD_KILLERS):  # no killer moves yet
            st = stacks[k]
            for i in range(len(st)):
                st[i] = 0
        if table:
            for i in range(1 << _TT_BITS):
                tt_keys[i] = 0
        self.nodes = 0
        self.depth = 0
        self.root = self.root_scores = ()   # start() gives them
        self.ri = 0  # index of the root move being searched
        self.best_index = 0  # index of the best root move so far in this iteration
        self.estimated = False  # a leaf was estimated (the value is not a proven result)
        for i in range(4):
            paused[i] = 0

    def _grow(self, need):
        """Make the stacks `need` plies deep: they grow as the search first
        reaches a ply, by extend(), which makes an array exactly the room
        asked for and a list (the move lists, a bytearray of moves per ply)
        that and 4 more, where append() would double a list's room or add 8
        entries to an array's: the growth, mid-search in a full heap, asks
        for little."""
        for i in range(_STACK_COUNT):
            stack = _MEM[_STACKS][i]
            while len(stack) < need:
                stack.extend([bytearray()] if i == _MOVE_LISTS else _ONE_PLY)

    def start(self, root, depth, alpha=-_INF, beta=_INF):
        """Begin an iteration `depth` plies deep over the root moves `root`, with
        the root window (alpha, beta)."""
        # a move flips at most 19 discs; a line holds min(depth, empties) moves
        undo = self.tables[_UNDO]
        colour, estimate, margin, empties, hash_key = self.root_state
        need = 19 * min(depth, empties) + 1 - len(undo)
        if need > 0:
            undo.extend(bytes(need))
        st = _MEM[_STACKS]
        st[_COLOURS][0] = colour
        st[_ESTIMATES][0] = estimate
        st[_MARGINS][0] = margin
        st[_EMPTIES][0] = empties
        st[_HASHES][0] = hash_key
        st[_DEPTHS][0] = self.depth = depth
        st[_ALPHAS][0] = alpha
        st[_BETAS][0] = beta
        self.root = root
        self.root_scores = [-_INF] * len(root)
        self.estimated = False
        self.ri = 0
        self.best_index = 0
        paused = self.tables[_PAUSED]
        for i in range(4):
            paused[i] = 0  # enter the root

    def value(self):
        """The root's value once run() returned True."""
        return _MEM[_STACKS][_VALUES][0]

    def run(self, limit):
        """Advance until the iteration ends (True) or `limit` nodes (False);
        None if a newer search has taken the memory over."""
        if _MEM[_OWNER] != self.owner:
            return None
        return alphabeta.run(self, limit)

    def _lift(self, t, m):
        """A move of colour m on an unflippable cell lifts the penalty t =
        (neighbour, penalty, ...) from the discs next to it (moves there are
        rare, so this is a call)."""
        board = self.tables[_BOARD]
        weights = self.tables[_WEIGHTS]
        v = 0
        j = 0
        while j < len(t):
            y = t[j]
            weights[y] -= t[j + 1]
            if board[y] == m:
                v -= t[j + 1]
            elif board[y] == 3 - m:
                v += t[j + 1]
            j += 2
        return v

    def _unlift(self, t):
        weights = self.tables[_WEIGHTS]
        j = 0
        while j < len(t):
            weights[t[j]] += t[j + 1]
            j += 2
