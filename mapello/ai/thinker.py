"""The computer opponent: three levels that think in slices on a microcontroller.

easy   one ply: the move that flips most, takes bonuses and grabs cells that can
       never be flipped; it never looks at the reply, so it walks into traps.
medium a two-ply alpha-beta search with the Mapello evaluation below, and an
       exact solve of the last few empties.
hard   iterative deepening alpha-beta with move ordering, a node and/or time
       budget, and an exact solve of the endgame once it fits in the budget.

The search runs on an explicit stack of per-ply integers (no recursion, no
tables that grow, no copied positions), so `Thinker.step(n)` can stop after
about n nodes and resume later: the app keeps the display and the buttons alive
while the computer thinks, and `best()` is a legal move at any moment.

The evaluation knows what Othello engines never see: walls and jokers make
cells that can never be flipped (on every line through them one neighbour is a
wall or a bare border cell), bonuses are 3 points nobody can take back, and
the cells next to an empty unflippable cell hand it to the opponent.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from mapello.rules.position import INNER, PASS, cells_of, flips_mask, moves_mask, popcount
from mapello.ai.evaluation import Evaluator
from mapello.ai import LEVELS
from mapello.ai.search import Search
from mapello.rng import Rng


# Node budgets used when the caller gives neither a node nor a time budget.
DEFAULT_NODES = (0, 3000, 20000)
DEVICE_TIME_MS = 2000  # the hard level's suggested time per move on an RP2040

_MAX_DEPTH = (0, 2, 99)  # iterative deepening stops at this depth per level
_EXACT_EMPTIES = (0, 7, 12)  # solve exactly (to the end) at this many empties or fewer
_EXACT_DEPTH = const(200)  # a depth no game can reach: the search runs to the end


def _level_index(level):
    if level in LEVELS:
        return LEVELS.index(level)
    raise ValueError("level %r: choose one of %s" % (level, ", ".join(LEVELS)))


class Thinker:
    """One search for the side to move of `pos`, run in slices by step().

    node_budget caps the nodes for the whole move (deterministic: the same
    position, level, seed and budget give the same move on every platform);
    time_budget_ms with `clock` (a callable returning milliseconds) caps the
    time. With neither, the level's default node budget applies.  max_depth
    stops iterative deepening there (tests use it to compare with minimax).
    """

    def __init__(self, pos, level, seed=0, node_budget=None, time_budget_ms=None, clock=None,
                 max_depth=None):
        self.level = _level_index(level)
        self.max_depth = _MAX_DEPTH[self.level] if max_depth is None else max_depth
        self.exact_empties = _EXACT_EMPTIES[self.level] if max_depth is None else 0
        self.nodes = 0
        self.depth = 0  # depth of the deepest finished iteration
        self.score = 0  # its value for the side to move (see mapello.ai.evaluation)
        self.exact = False  # True when the score is the proven final result
        if node_budget is None and (time_budget_ms is None or clock is None):
            node_budget = DEFAULT_NODES[self.level]
        self.node_budget = node_budget
        self._clock = clock if time_budget_ms is not None else None
        self._deadline = clock() + time_budget_ms if self._clock is not None else 0
        self._rng = Rng(seed)
        t = pos.turn
        own, opp = pos.discs[t], pos.discs[1 - t]
        self._ev = ev = Evaluator(pos)
        # move ordering: unflippable cells and bonuses first, cells next to
        # unflippable ones last
        first = ev.stable | pos.bonuses
        middle = INNER & ~first & ~ev.risky
        empty = pos.empty()
        self._empties = popcount(empty)
        self._root = self._order_root(moves_mask(own | pos.jokers, opp, empty), first, ev.risky)
        self._done = len(self._root) <= 1
        self._best = self._root[0] if self._root else PASS
        if self.level == 0 and not self._done:
            self._best = self._one_ply(own, opp)
            self._done = True
        if self._done:
            return
        self._search = Search(own, opp, empty, pos.taken[t] - pos.taken[1 - t], ev, first,
                              middle)
        self._start_iteration(1)

    def best(self):
        """The move to play if stopped now: a legal cell, or PASS."""
        return self._best

    def done(self):
        return self._done

    def step(self, max_nodes=256):
        """Search about `max_nodes` more nodes; True once the choice is final."""
        stop_at = self.nodes + max(1, max_nodes)
        while not self._done:
            if self._out_of_budget():
                self.stop()
                break
            if self.nodes >= stop_at:
                break
            limit = stop_at
            if self.node_budget is not None and limit > self.node_budget:
                limit = self.node_budget
            if self._clock is not None and limit > self.nodes + 64:
                limit = self.nodes + 64  # look at the clock every 64 nodes
            finished = self._search.run(limit)
            self.nodes = self._search.nodes
            if finished:
                self._end_iteration()
        return self._done

    def stop(self):
        """End the search now (the B button): best() is the move."""
        if self._done:
            return
        s = self._search
        # the first root move is the last iteration's best; a move that beat it
        # in the unfinished iteration is better at the greater depth
        if s.ri >= 1:
            self._best = s.root[s.best_index]
        self._done = True

    def _one_ply(self, own, opp):
        """The easy level: most flips, bonuses, unflippable cells; ties by seed."""
        mine = own | self._ev.jokers
        best = PASS
        best_v = -1
        for cell in self._root:
            bit = 1 << cell
            v = 4 * popcount(flips_mask(bit, mine, opp))
            if bit & self._ev.bonuses:
                v += 12
            if bit & self._ev.stable:
                v += 8
            v = v * 8 + self._rng.below(8)
            if v > best_v:
                best_v = v
                best = cell
        return best

    def _order_root(self, legal, first, risky):
        """Legal cells: first-class cells, then plain ones, then risky ones; the
        order within a class is shuffled by the seed, so games vary by seed."""
        cells = cells_of(legal)
        for i in range(len(cells) - 1, 0, -1):
            j = self._rng.below(i + 1)
            cells[i], cells[j] = cells[j], cells[i]
        out = [c for c in cells if (first >> c) & 1]
        out += [c for c in cells if not (first >> c) & 1 and not (risky >> c) & 1]
        out += [c for c in cells if not (first >> c) & 1 and (risky >> c) & 1]
        return out

    def _start_iteration(self, depth):
        if depth >= self._empties or (depth >= 2 and self._empties <= self.exact_empties):
            depth = _EXACT_DEPTH
        self._search.start(self._root, depth)

    def _end_iteration(self):
        s = self._search
        self._best = s.root[s.best_index]
        self.score = s.value()
        self.depth = s.dep[0]
        # order the next iteration by this one's scores (stable, best first)
        pairs = [(-s.root_scores[i], i) for i in range(len(s.root))]
        pairs.sort()
        self._root = [s.root[i] for _, i in pairs]
        if not self._ev.estimated:
            self.exact = True
            self._done = True
        elif self.depth >= self.max_depth or self.depth == _EXACT_DEPTH:
            self._done = True
        else:
            self._start_iteration(self.depth + 1)

    def _out_of_budget(self):
        if self.node_budget is not None and self.nodes >= self.node_budget:
            return True
        return self._clock is not None and self._clock() - self._deadline >= 0


def choose_move(pos, level, seed=0, node_budget=None):
    """The level's move for the side to move of `pos` (a cell or PASS)."""
    t = Thinker(pos, level, seed, node_budget)
    while not t.step(4096):
        pass
    return t.best()


def hint(pos, node_budget=None):
    """The hard level's choice, offered to a human player."""
    return choose_move(pos, "hard", 0, node_budget)
