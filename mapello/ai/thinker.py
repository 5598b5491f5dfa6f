"""The computer opponent, thinking in slices on a microcontroller: one
Thinker per move, for the level's depth and budgets (mapello/ai/levels.py),
deepening the search of mapello/ai/kernel.py's kernel iteration by iteration.

`Thinker.step(n)` searches about n nodes and returns, so the app keeps the
display and the buttons alive while the computer thinks; `best()` is a legal
move at any moment.
"""

# In the game the group loader (mapello.ui.modules.load) has loaded all that
# this module imports before it, the search's kernel included, each after a
# collection: neither the order of these lines nor kernel.load() compiles
# anything then.  Imported alone (the desktop, tests) it loads them here.
from micropython import const

import gc

from mapello.ai.evaluation import BoardInfo
from mapello.ai import kernel
from mapello.ai.levels import (DEFAULT_NODES, EXACT_EMPTIES, HARD, MAX_DEPTH, exact_nodes, one_ply,
                                win_nodes)
from mapello.rules.position import PASS, cells_of, moves_mask, popcount
from mapello.rng import Rng

# The search's kernel, native or bytecode (mapello.ai.kernel).
_KERNEL = kernel.load()
Search = _KERNEL.Search
reserve = _KERNEL.reserve
SLICE = _KERNEL.SLICE  # nodes a step of the app's thinking searches


_EXACT = const(200)  # the depth of an exact solve: deeper than any game goes


class Thinker:
    """One search for the side to move of `pos`, run in slices by step().

    `level` is the level's index (mapello/ai/levels.py).  node_budget caps
    the nodes for the whole move (deterministic: the same position, level,
    seed and budget give the same move on every platform); time_budget_ms
    with `clock` (a callable returning milliseconds) caps the time.  Without
    a node budget, the level's default applies (levels.DEFAULT_NODES), but
    the hard level's when a time budget is given.  max_depth
    stops iterative deepening there, without an exact solve (tests compare
    with plain minimax).  `pos` is read, not copied, by the first three
    steps: it must not change before them (the play screen takes no move
    while the computer or a hint thinks).
    """

    slice = SLICE  # the nodes of a step of the app's thinking (mapello.ui.thinking)
    # Where the exact solve does not fit but a solve of the result alone
    # (win, draw or loss: the root window -1..1) does, that first; a
    # subclass that needs every score exact (mapello.ai.judge) turns it off.
    solve_results = True

    def __init__(self, pos, level, seed=0, node_budget=None, time_budget_ms=None, clock=None,
                 max_depth=None):
        self._search = None  # made by the first steps (each is kept short)
        self.restart(pos, level, seed, node_budget, time_budget_ms, clock, max_depth)

    def restart(self, pos, level, seed=0, node_budget=None, time_budget_ms=None, clock=None,
                max_depth=None):
        """Think afresh, as Thinker(...) with these arguments would, in this
        Thinker and its Search: a game's moves then make no new objects and
        attribute tables (a few hundred bytes each, which a heap a game has
        cut up may not have in one piece)."""
        if type(level) is not int or not 0 <= level <= HARD:
            raise ValueError("level %r: choose 0 to %d" % (level, HARD))
        self.max_depth = MAX_DEPTH[level] if max_depth is None else max_depth
        self.exact_empties = EXACT_EMPTIES[level] if max_depth is None else 0
        self.nodes = 0
        self.depth = 0  # depth of the deepest finished iteration (_EXACT: solved)
        self.score = 0  # its value for the side to move (see mapello.ai.evaluation)
        self.exact = False  # True when the score is the proven final result
        self._wld = False  # the iteration solves for the result only
        if node_budget is None and (level < HARD or time_budget_ms is None or clock is None):
            node_budget = DEFAULT_NODES[level]
        self.node_budget = node_budget
        self._clock = clock if time_budget_ms is not None else None
        self._start = clock() if self._clock is not None else 0
        self._deadline = self._start + time_budget_ms if self._clock is not None else 0
        self._rng = Rng(seed)
        self._stage = 0  # the preparing steps done; 3: the search runs
        self._pos = None
        t = pos.turn
        own = pos.discs[t]
        opp = pos.discs[1 - t]
        empty = pos.empty()
        legal = moves_mask(own | pos.jokers, opp, empty)
        cells = cells_of(legal)
        self._best = cells[0] if cells else PASS
        self._done = len(cells) <= 1
        if self._done:
            return
        if level == 0:
            self._best = one_ply(pos, cells, own | pos.jokers, opp, self._rng)
            self._done = True
            return
        self._root = cells
        # read by the preparing steps, not copied (a copy would be one more
        # position held all game): pos must not change until step() has prepared
        self._pos = pos

    def best(self):
        """The move to play if stopped now: a legal cell, or PASS."""
        return self._best

    def done(self):
        return self._done

    def step(self, max_nodes=256):
        """Search about `max_nodes` more nodes; True once the choice is final.
        The first three calls prepare the search instead (the board's tables,
        the phase's weights, the search's own state), so that no call takes
        long."""
        if self._stage < 3 and not self._done:
            if self._out_of_budget():
                self.stop()
            else:
                self._prepare()
            return self._done
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
            if self._clock is not None and limit > self.nodes + _KERNEL.CLOCK_NODES:
                limit = self.nodes + _KERNEL.CLOCK_NODES  # look at the clock now and then
            finished = self._search.run(limit)
            if finished is None:  # a newer Thinker took the search over
                self.stop()
                break
            self.nodes = self._search.nodes
            if finished:
                self._end_iteration()
        return self._done

    def _prepare(self):
        """One stage of preparing the search: the board's cells, the weights
        of the game's phase, the search's state."""
        pos = self._pos
        stage = self._stage
        self._stage = stage + 1
        # set up at every stage, in case another Thinker set up another board
        # meanwhile (only a new board's takes long: the first stage's)
        info = board_info(pos)
        if stage == 0:
            return
        empties = popcount(pos.empty())
        info.use_phase(empties)
        if stage == 1:
            return
        # the first order: by cell weight, ties shuffled by the seed
        cells = self._root
        rng = self._rng
        for i in range(len(cells) - 1, 0, -1):
            j = rng.below(i + 1)
            cells[i], cells[j] = cells[j], cells[i]
        w = info.base
        keyed = [(-w[c], i) for i, c in enumerate(cells)]
        keyed.sort()
        self._root = [cells[i] for _, i in keyed]
        self._best = self._root[0]
        if self._search is None:
            self._search = Search(info, pos)
        else:
            self._search.setup(info, pos)
        self._search.start(self._root, 1)
        self._pos = None

    def stop(self):
        """End the search now (the B button): best() is the move."""
        if self._done:
            return
        s = self._search
        if self._stage < 3:  # not started: the first legal move
            self._done = True
            return
        # the first root move is the last iteration's best; a move that beat it
        # in the unfinished iteration is better at the greater depth
        if s.ri >= 1 and not self._wld:
            self._best = s.root[s.best_index]
        self._done = True

    def _end_iteration(self):
        s = self._search
        if self._wld and s.value() < 0:
            # every move loses against perfect play: the estimate's choice
            # keeps the best chances against an opponent who errs
            self._done = True
            return
        self._best = s.root[s.best_index]
        self.score = s.value()
        self.depth = depth = s.depth
        if not s.estimated:  # every line reached the end of the game
            self.exact = not self._wld  # a win or a draw, not its margin
            self._done = True
            return
        if depth >= self.max_depth or depth == _EXACT:
            self._done = True
            return
        # the next iteration tries this one's best moves first (a stable sort)
        pairs = [(-s.root_scores[i], i) for i in range(len(s.root))]
        pairs.sort()
        self._root = [s.root[i] for _, i in pairs]
        depth += 1
        _, _, _, empties, _ = s.root_state  # (colour, estimate, margin, empties, hash)
        if depth >= empties:
            depth = _EXACT
        elif empties <= self.exact_empties:
            left = self._nodes_left()
            if exact_nodes(empties) <= left:
                depth = _EXACT
            elif self.solve_results and win_nodes(empties) <= left:
                self._wld = True
                s.start(self._root, _EXACT, -1, 1)
                return
        s.start(self._root, depth)

    def _nodes_left(self):
        """The nodes the budget still allows: counted, or estimated from the
        time left at the speed so far."""
        left = 10 ** 9
        if self.node_budget is not None:
            left = self.node_budget - self.nodes
        if self._clock is not None:
            now = self._clock()
            spent = now - self._start
            # no speed known yet: nothing to spare
            left = min(left, (self._deadline - now) * self.nodes // spent if spent > 0 else 0)
        return left

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
    return choose_move(pos, HARD, 0, node_budget)


_INFO = [None]  # type: list


def board_info(pos):
    """The BoardInfo of pos's board: one, made once and set up again for
    another board (its tables are not made again, which cuts up the heap)."""
    info = _INFO[0]
    if info is None:
        gc.collect()
        info = _INFO[0] = BoardInfo(pos.walls, pos.jokers)
    info.setup(pos.walls, pos.jokers)
    return info


# The search's memory and the board facts, made now, in the room the compiler
# left: later, a game's objects cut the heap up into smaller pieces.
_INFO[0] = BoardInfo(0, 0)
reserve(_INFO[0])
