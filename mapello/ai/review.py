"""The coach's review of a game: for each move, the search's best move there
and the points the move played lost against it (`12. c4 -6, best e3`),
worked out by the hard level's search at one node budget a position, so that
the device's replay and `python3 -m mapello review FILE` give the same
verdicts.

Each position of the game is searched once, for its value V(i) to the side
to move there (the position before move i; V(n) after the last move).  The
next position is valued from the other side's view, so the move played is
worth -V(i + 1) to its mover and loses V(i) + V(i + 1) against the best: both
from one search at one budget each.  A move that is the search's best loses
nothing.  Near the end the search solves exactly, and so are the verdicts.
A position with one legal move (or a forced pass) is not searched: it is
worth its only move, -V(i + 1); a finished game's last position is worth
its score.

What is worked out is kept with the game (GameRecord.review): two signed
shorts a position, V(i) in 1/256 of a point and the best cell (_NOT_YET, or
NO_CHOICE where there was one move or none).  Review fills it in steps
short enough for a tick of the app, the shown move's verdict first, then
from the end back; verdict() reads it.

Only the position module at the top: the computer's modules (the ai group
of mapello/ui/modules.py) load when a Review is made, so a replay whose
verdicts are all known shows them without loading the search.
"""

from array import array

from mapello.rules.position import PASS, popcount

from micropython import const

NO_CHOICE = const(-1)   # best[]: a forced move or pass, or the game's end
_FORCED = const(-2)     # a forced position whose value waits for the next one's
_NOT_YET = const(-3)    # not reached yet
_CAP = const(32767)     # the most a value holds: 128 points, more than a board has
_PUSHES = const(8)      # the moves a step replays at most (a few ms on the device)


def verdicts(record):
    """The record's review data, made when first asked for."""
    data = record.review
    if data is None:
        n = len(record.moves) + 1
        data = record.review = array("h", bytes(4 * n))
        for i in range(n):
            data[2 * i + 1] = _NOT_YET
    return data


def verdict(record, i):
    """(best cell or NO_CHOICE, points lost) of move i (0-based), None while
    it is not known.  NO_CHOICE: the move (or pass) was the only one."""
    data = record.review
    if data is None:
        return None
    best = data[2 * i + 1]
    if best == NO_CHOICE or best == _FORCED:
        return NO_CHOICE, 0
    if best == _NOT_YET or data[2 * i + 3] < NO_CHOICE:
        return None
    if best == record.moves[i]:
        return best, 0
    loss = (data[2 * i] + data[2 * i + 2] + 128) >> 8     # rounded to whole points
    return best, loss if loss > 0 else 0


def left(record):
    """How many moves' verdicts are still unknown."""
    n = 0
    for i in range(len(record.moves)):
        if verdict(record, i) is None:
            n += 1
    return n


def budget():
    """The nodes a position is searched for: the hard level's own budget."""
    from mapello.ai.levels import DEFAULT_NODES, HARD
    return DEFAULT_NODES[HARD]


class Review:
    """Works out the verdicts of `record` a step at a time, as a Thinker
    thinks (mapello.ui.thinking.run_slices() runs either): step(n) replays
    a few moves or searches about n nodes, and returns True once every
    position is valued.  `shown` (a replay's index: moves 0 to shown - 1
    played) is worked on first.  Needs the ai group loaded."""

    def __init__(self, record, nodes=None):
        from mapello.ai.thinker import SLICE
        self.slice = SLICE
        self.record = record
        self.data = verdicts(record)
        self.length = len(record.moves)
        self.budget = budget() if nodes is None else nodes
        self.shown = 0
        self.nodes = 0            # searched so far, every position's
        self.searched = 0         # of them, the positions' finished
        self.stored = 0           # values (and forced positions) found: a screen redraws
        self.pos = record.start.copy(history=False)
        self.index = 0            # the moves self.pos has played
        self.at = -1              # the position searched now, or -1
        self.sign = 1             # -1: self.pos is one forced move past a resigned game's end
        self.thinker = None       # one, restarted for each position

    def step(self, max_nodes=8):
        """About `max_nodes` nodes of work; True once every value is known."""
        if self.at >= 0:
            t = self.thinker
            done = t.step(max_nodes)
            self.nodes = self.searched + t.nodes
            if done:
                self.searched = self.nodes
                self._store(self.at, self.sign * _value(t.score, t.exact), t.best())
                self.at = -1
            return False
        at = self._target()
        if at < 0:
            return True
        data = self.data
        if data[2 * at + 1] == _FORCED:       # its only move's value is known
            self._store(at, -data[2 * at + 2], NO_CHOICE)
            return False
        pos = self.pos
        if at < self.index or self.sign < 0:
            self.record.start.copy(history=False, into=pos)
            self.index = 0
            self.sign = 1
        for _ in range(_PUSHES):
            if self.index == at:
                break
            pos.push(self.record.moves[self.index])
            self.index += 1
        if self.index < at:
            return False
        legal = pos.legal_mask()
        if at < self.length and popcount(legal) <= 1:
            data[2 * at + 1] = _FORCED        # valued once the next position is
            self.stored += 1
            return False
        if at == self.length:                 # the game's end, or a resignation
            while popcount(legal) <= 1 and not pos.is_over():
                pos.push(PASS if not legal else _first(legal))   # its only way on
                self.sign = -self.sign
                legal = pos.legal_mask()
            if pos.is_over():
                s = pos.score()
                t = pos.turn
                self._store(at, self.sign * 256 * (s[t] - s[1 - t]), NO_CHOICE)
                return False
        self._search(at)
        return False

    def _search(self, at):
        from mapello.ai.levels import HARD
        from mapello.ai.thinker import Thinker
        if self.thinker is None:
            self.thinker = Thinker(self.pos, HARD, 0, self.budget)
        else:
            self.thinker.restart(self.pos, HARD, 0, self.budget)
        self.at = at

    def _store(self, at, value, best):
        data = self.data
        data[2 * at] = _CAP if value > _CAP else -_CAP if value < -_CAP else value
        data[2 * at + 1] = best
        self.stored += 1

    def _target(self):
        """The position to value next: the shown move's two, else the last
        one not valued; a forced one whose next is not valued yet gives way
        to that one.  -1 when all are."""
        data = self.data
        at = -1
        k = self.shown
        if k > 0 and data[2 * k + 1] < NO_CHOICE:
            at = k
        elif k > 0 and data[2 * k - 1] < NO_CHOICE:
            at = k - 1
        else:
            at = self.length
            while at >= 0 and data[2 * at + 1] >= NO_CHOICE:
                at -= 1
        while at >= 0 and data[2 * at + 1] == _FORCED and data[2 * at + 3] < NO_CHOICE:
            at += 1
        return at


def _first(mask):
    cell = 0
    while not mask >> cell & 1:
        cell += 1
    return cell


def _value(score, exact):
    """A search's score in 1/256 of a point: a proven result as its margin,
    an estimate as it is."""
    from mapello.ai.evaluation import final_margin, margin_value
    if exact or score >= margin_value(1) or score <= margin_value(-1):
        return 256 * final_margin(score)
    return score
