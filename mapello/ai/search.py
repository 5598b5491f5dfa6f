"""Alpha-beta (negamax) on an explicit stack, on small integers only, cheap
enough per node for a microcontroller; run(limit) stops after any node and
picks up exactly where it stopped.  How and why: docs/DESIGN.md, "The
computer player".

The search's working memory is this module's: each part a global below, by
the name the search loop takes it by (mapello.ai.alphabeta.loop, and
mapello.ai.frontier.leaves from it).
"""

from micropython import const

import gc
from array import array

from mapello.ai.alphabeta import TT_SIZE, loop

_INF = const(1000000)
# Nodes a step of the app's thinking searches (a few ms on an RP2040: block
# search-cost of docs/MEASUREMENTS.md), and at most between two looks at the
# clock (mapello.ai.thinker); mapello.ai.native has its own.
SLICE = const(8)
CLOCK_NODES = const(64)

# The working memory: made by the first search (reserve(), which
# mapello.ai.thinker calls once it has loaded, so after its compile) and used
# by every later one, so that a game does not cut up the heap with a new set
# of lists each move.  Each part is a global of this module, declared below
# and made by _make().  One search at a time owns it, and a search that a
# newer one displaced stops (run() returns None).
#
# The stacks of numbers are arrays of 32-bit integers (every value on them is
# a small integer): 4 bytes a ply, where a list takes 8 in a 64-bit VM, which
# the deepest line of a game (an exact solve near the end, 13 plies and more)
# pays for 19 stacks.  Each ply's moves are a bytearray of cells, not a list
# of sort keys: a byte a move, where a list takes 8 (64-bit VM) and doubles
# its room.  The mailbox and the empty-neighbour counts are bytearrays: 100
# bytes, not a list's 400 (800 in a 64-bit VM).  Each costs the search a
# little speed for the memory (the stacks' and the moves': docs/MEASUREMENTS.md,
# "Measured once, by hand").  The rows stay a list.
_PLIES = const(6)  # stack room made at the start (it grows as lines go deeper)
_ONE_PLY = array("i", bytes(4))  # what grow() extends a stack of numbers by
board = None  # type: bytearray  # the mailbox
weights = None  # type: array  # each cell's weight
rows = None  # type: list  # the empty cells' rows, then black's and white's (jokers in both)
points = None  # type: bytearray  # the points of the bonuses still on the board
near = None  # type: bytearray  # each cell's empty neighbours
history = None  # type: array  # the history heuristic's score of each cell
undo = None  # type: bytearray  # the cells flipped, move after move down the line
scratch = None  # type: list  # the move generator's sort keys, their room made now
down = None  # type: list  # the move generator's scratch row
tt_keys = None  # type: array  # the transposition table
tt_values = None  # type: array
# the Search whose start() the loop has not seen yet
starting = None  # type: list
# The stacks, one slot a ply
depths = None  # type: array  # the plies left to the horizon
alphas = None  # type: array  # the window, from the side to move's view
betas = None  # type: array
values = None  # type: array  # the best value found so far
# alpha as the node was entered: its value's bound
entry_alphas = None  # type: array
estimates = None  # type: array  # the evaluation, kept up to date move by move
margins = None  # type: array  # the point margin
empties = None  # type: array  # the empty cells
hashes = None  # type: array  # the position's hashing key
colours = None  # type: array  # the colour to move (1 or 2)
# the ply's moves, in the order tried, and how many of them were tried (-1
# from leaves: none is legal)
move_lists = None  # type: list
tried = None  # type: array
played = None  # type: array  # the cell played to reach the next ply (0: a pass)
# where the flips of the move to this ply start in undo
undo_starts = None  # type: array
best_moves = None  # type: array
new_killers = None  # type: array  # the last two moves that cut off at this ply
old_killers = None  # type: array
legal_counts = None  # type: array  # the legal moves known so far
generated = None  # type: array  # 1 once the move generator ran
null_windows = None  # type: array  # 1 when searched with a null window


def _make():
    """Make the working memory, after a collection, while the heap is still in
    few pieces.  reserve() calls it once and drops it (a module keeps its
    functions' code in RAM)."""
    global board, weights, rows, points, near, history, undo, scratch, down, tt_keys, tt_values
    global starting, depths, alphas, betas, values, entry_alphas, estimates, margins, empties
    global hashes, colours, move_lists, tried, played, undo_starts, best_moves, new_killers
    global old_killers, legal_counts, generated, null_windows
    gc.collect()
    board = bytearray(100)
    weights = array("h", bytes(200))
    rows = [0] * 30
    points = bytearray(100)
    near = bytearray(100)
    history = array("h", bytes(200))
    undo = bytearray(19 * 12 + 1)
    scratch = [0] * 32
    del scratch[:]
    down = [0] * 10
    tt_keys = array("i", bytes(4 * TT_SIZE))
    tt_values = array("i", bytes(4 * TT_SIZE))
    starting = [None]
    depths = array("i", bytes(4 * _PLIES))
    alphas = array("i", bytes(4 * _PLIES))
    betas = array("i", bytes(4 * _PLIES))
    values = array("i", bytes(4 * _PLIES))
    entry_alphas = array("i", bytes(4 * _PLIES))
    estimates = array("i", bytes(4 * _PLIES))
    margins = array("i", bytes(4 * _PLIES))
    empties = array("i", bytes(4 * _PLIES))
    hashes = array("i", bytes(4 * _PLIES))
    colours = array("i", bytes(4 * _PLIES))
    move_lists = [bytearray() for _ in range(_PLIES)]
    tried = array("i", bytes(4 * _PLIES))
    played = array("i", bytes(4 * _PLIES))
    undo_starts = array("i", bytes(4 * _PLIES))
    best_moves = array("i", bytes(4 * _PLIES))
    new_killers = array("i", bytes(4 * _PLIES))
    old_killers = array("i", bytes(4 * _PLIES))
    legal_counts = array("i", bytes(4 * _PLIES))
    generated = array("i", bytes(4 * _PLIES))
    null_windows = array("i", bytes(4 * _PLIES))


# The search loop over the memory (a generator), the board facts and the
# table's use it was made for, and the number of the search that owns the
# memory, by these indices (a list, not four globals: each global's name
# would stay in RAM as well)
_LOOP = const(0)
_INFO = const(1)
_TABLE = const(2)
_OWNER = const(3)
_MEM = [None, None, True, 0]  # type: list


def grow(need):
    """Make the stacks `need` plies deep: they grow as the search first
    reaches a ply, by extend(), which makes an array exactly the room asked
    for and a list (the move lists, a bytearray of moves per ply) that and 4
    more, where append() would double a list's room or add 8 entries to an
    array's: the growth, mid-search in a full heap, asks for little."""
    while len(move_lists) < need:
        move_lists.extend([bytearray()])
    for stack in (depths, alphas, betas, values, entry_alphas, estimates, margins, empties,
                  hashes, colours, tried, played, undo_starts, best_moves, new_killers,
                  old_killers, legal_counts, generated, null_windows):
        while len(stack) < need:
            stack.extend(_ONE_PLY)


def lift(board, weights, t, m):
    """A move of colour m on an unflippable cell lifts the penalty t =
    (neighbour, penalty, ...) from the discs next to it (moves there are
    rare, so the loop calls this)."""
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


def unlift(weights, t):
    """Put back the penalty t that lift() lifted."""
    j = 0
    while j < len(t):
        weights[t[j]] += t[j + 1]
        j += 2


def reserve(info, table=True):
    """Make the search loop over the memory for the board facts `info` and
    the table's use, unless it was made for them.  mapello.ai.thinker does it
    right after importing, while the heap is still in few pieces: a move's
    search then allocates none of it (in a heap cut up by a game, the loop's
    frame, a block of some 110 words, may find no room)."""
    global _make
    if _make is not None:
        _make()
        _make = None
    if _MEM[_LOOP] is None or _MEM[_INFO] is not info or _MEM[_TABLE] != table:
        _MEM[_LOOP] = None  # the old loop's room is free for the new one
        made = loop(board, rows, weights, points, info, history, undo, scratch, down,
                    tt_keys if table else None, tt_values, near, depths, alphas, betas, values,
                    entry_alphas, estimates, margins, empties, hashes, colours, move_lists,
                    tried, played, undo_starts, best_moves, new_killers, old_killers,
                    legal_counts, generated, null_windows, starting, grow, lift, unlift)
        made.send(None)  # to its first yield
        _MEM[_LOOP] = made
        _MEM[_INFO] = info
        _MEM[_TABLE] = table


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
        self.root_state = info.search_state(pos, board, weights, rows, points, near)
        for i in range(100):
            history[i] = 0
        for st in (new_killers, old_killers):  # no killer moves yet
            for i in range(len(st)):
                st[i] = 0
        if table:
            for i in range(TT_SIZE):
                tt_keys[i] = 0
        self.nodes = 0
        self.depth = 0
        self.root = self.root_scores = ()   # start() gives them
        self.ri = 0  # index of the root move being searched
        self.best_index = 0  # index of the best root move so far in this iteration
        self.estimated = False  # a leaf was estimated (the value is not a proven result)

    def start(self, root, depth, alpha=-_INF, beta=_INF):
        """Begin an iteration `depth` plies deep over the root moves `root`, with
        the root window (alpha, beta)."""
        # a move flips at most 19 discs; a line holds min(depth, empties) moves
        colour, estimate, margin, empty, hash_key = self.root_state
        need = 19 * min(depth, empty) + 1 - len(undo)
        if need > 0:
            undo.extend(bytes(need))
        colours[0] = colour
        estimates[0] = estimate
        margins[0] = margin
        empties[0] = empty
        hashes[0] = hash_key
        depths[0] = self.depth = depth
        alphas[0] = alpha
        betas[0] = beta
        self.root = root
        self.root_scores = [-_INF] * len(root)
        self.estimated = False
        self.ri = 0
        self.best_index = 0
        starting[0] = self  # the loop enters the root

    def value(self):
        """The root's value once run() returned True."""
        return values[0]

    def run(self, limit):
        """Advance until the iteration ends (True) or `limit` nodes (False);
        None if a newer search has taken the memory over."""
        if _MEM[_OWNER] != self.owner:
            return None
        return _MEM[_LOOP].send(limit)
