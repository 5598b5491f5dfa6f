"""The coach's review worked out (mapello/ai/review.py says what a verdict
is and reads them): each move's position searched once, by a Thinker that
searches the move played first in every iteration, with the full window:
the iteration gives its exact value at that depth beside the best move's
(the other moves are only bounded, as in any search).  The loss is the
difference of the two, from the last iteration the budget let finish: one
search, one horizon, both values from the mover's view.  A move that is the
search's best loses nothing.  Near the end the search solves exactly, and
so are the verdicts.  A position with one legal move (or a forced pass) is
not searched.

Review fills the record's verdicts in steps short enough for a tick of the
app, the shown move first, then from the end back, with a garbage
collection before each position's search.  In the ai group's modules loaded
on demand (mapello/ui/modules.py): the replay loads it after them.
"""

import gc

from mapello.ai.evaluation import final_margin, margin_value
from mapello.ai.levels import DEFAULT_NODES, HARD
from mapello.ai.review import NO_CHOICE, NOT_YET, verdicts
from mapello.ai.thinker import SLICE, Thinker
from mapello.rules.position import popcount

from micropython import const

_PUSHES = const(8)      # the moves a step replays at most (a few ms on the device)
BUDGET = DEFAULT_NODES[HARD]    # the nodes a position is searched for: the hard level's own


class Review:
    """Works out the verdicts of `record` a step at a time, as a Thinker
    thinks (the replay runs it as mapello.ui.thinking.run_slices() runs a
    Thinker): step(n) replays a few moves or searches about n nodes, and
    returns True once every move is judged.  `shown` (a replay's index:
    moves 0 to shown - 1 played) is worked on first: a search of another
    move stops for it (and starts again later)."""

    def __init__(self, record, nodes=None):
        self.slice = SLICE
        self.record = record
        self.data = verdicts(record)
        self.length = len(record.moves)
        self.budget = BUDGET if nodes is None else nodes
        self.shown = 0
        self.nodes = 0            # searched so far, every position's
        self.searched = 0         # of them, the positions' finished
        self.stored = 0           # verdicts found: a screen redraws
        self.pos = record.start.copy(history=False)
        self.index = 0            # the moves self.pos has played
        self.at = -1              # the move whose position is searched now, or -1
        self.thinker = None       # one, restarted for each position
        self.collected = False    # the garbage collected before the next search

    def step(self, max_nodes=8):
        """About `max_nodes` nodes of work; True once every move is judged."""
        t = self.thinker
        k = self.shown - 1
        if self.at >= 0 and k >= 0 and k != self.at and self.data[2 * k + 1] == NOT_YET:
            self.searched = self.nodes
            self.at = -1                      # the players look at another move: it comes first
        if self.at >= 0:
            done = t.step(max_nodes)
            self.nodes = self.searched + t.nodes
            if done:
                self.searched = self.nodes
                at = self.at
                self.at = -1
                best = t.best()
                loss = 0
                if best != self.record.moves[at]:
                    loss = (_value(t.score, t.exact) - _value(t.first_score, t.exact) + 128) >> 8
                self._store(at, loss if loss > 0 else 0, best)
            return False
        at = self._target()
        if at < 0:
            return True
        pos = self.pos
        if at < self.index:
            self.record.start.copy(history=False, into=pos)
            self.index = 0
        for _ in range(_PUSHES):
            if self.index == at:
                break
            pos.push(self.record.moves[self.index])
            self.index += 1
        if self.index < at:
            return False
        if popcount(pos.legal_mask()) <= 1:
            self._store(at, 0, NO_CHOICE)
            return False
        if not self.collected:                # a step of its own: the search's objects for
            self.collected = True             # this position are made after it, low in the
            gc.collect()                      # heap, not among a tick's garbage
            return False
        self.collected = False
        played = self.record.moves[at]
        if t is None:
            self.thinker = Judge(pos, HARD, self.budget, played)
        else:
            t.again(pos, HARD, self.budget, played)
        self.at = at
        return False

    def _store(self, at, loss, best):
        self.data[2 * at] = loss
        self.data[2 * at + 1] = best
        self.stored += 1

    def _target(self):
        """The move to judge next: the shown one, else the last one not
        judged yet; -1 when all are."""
        data = self.data
        k = self.shown
        if k > 0 and data[2 * k - 1] == NOT_YET:
            return k - 1
        at = self.length - 1
        while at >= 0 and data[2 * at + 1] != NOT_YET:
            at -= 1
        return at


class Judge(Thinker):
    """A Thinker that searches the move `first` first in every iteration,
    so that its value at the iteration's depth is exact (first_score, from
    the last iteration finished, as the Thinker's own score)."""

    solve_results = False  # a move's loss needs the margins

    def __init__(self, pos, level, node_budget, first):
        self.first = first
        self.first_score = 0
        Thinker.__init__(self, pos, level, 0, node_budget)

    def again(self, pos, level, node_budget, first):
        self.first = first
        self.first_score = 0
        self.restart(pos, level, 0, node_budget)

    def _prepare(self):
        Thinker._prepare(self)
        if self._stage == 3:            # the search has started: the first iteration
            self._ahead(1)

    def _end_iteration(self):
        s = self._search
        root = s.root
        for i in range(len(root)):
            if root[i] == self.first:
                self.first_score = s.root_scores[i]
        Thinker._end_iteration(self)
        if not self._done:              # the next iteration has started
            self._ahead(s.depth)

    def _ahead(self, depth):
        root = self._root
        if root[0] != self.first:
            root.remove(self.first)
            root.insert(0, self.first)
            self._search.start(root, depth)


def _value(score, exact):
    """A search's score in 1/256 of a point: a proven result as its margin,
    an estimate as it is."""
    if exact or score >= margin_value(1) or score <= margin_value(-1):
        return 256 * final_margin(score)
    return score
