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

from mapello.engine import BORDER, INNER, PASS, flips_mask, moves_mask, popcount

LEVELS = ("easy", "medium", "hard")
LEVEL_NAMES = ("Easy", "Medium", "Hard")

# Node budgets used when the caller gives neither a node nor a time budget.
DEFAULT_NODES = (0, 3000, 20000)
DEVICE_TIME_MS = 2000  # the hard level's suggested time per move on an RP2040

_MAX_DEPTH = (0, 2, 99)  # iterative deepening stops at this depth per level
_EXACT_EMPTIES = (0, 7, 12)  # solve exactly (to the end) at this many empties or fewer
_EXACT_DEPTH = const(200)  # a depth no game can reach: the search runs to the end
_MAX_PLY = const(132)  # longest line: 64 moves with a pass before each, plus margin

_INF = const(1000000)
_WIN = const(100000)  # a proven win outranks any estimate
_DISC = const(256)  # a final point is worth this much; estimates stay below _WIN

# evaluation weights, in 1/_DISC of a point, from the side to move's view
_W_STABLE = const(900)  # a disc on a cell that can never be flipped
_W_DANGER = const(500)  # a disc next to an empty unflippable cell
_W_MOBILITY = const(220)  # one more legal move than the opponent
_W_BONUS_REACH = const(250)  # a bonus cell one can take next move
_W_PARITY = const(120)  # the last move in the game is usually worth a little
_W_LATE_DISC = const(140)  # plain discs count once few empties remain
_LATE = const(20)


class Rng:
    """A tiny linear congruential generator: the same numbers on CPython and the
    device for the same seed (random's sequences differ between them)."""

    def __init__(self, seed=0):
        self.state = (seed * 2654435761 + 12345) & 0x7FFFFFFF

    def below(self, n):
        """A number in 0..n-1."""
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n


def _neighbours(m):
    """Inner cells next to (8 directions) a cell of `m`."""
    return ((m << 1) | (m >> 1) | (m << 9) | (m >> 9) | (m << 10) | (m >> 10)
            | (m << 11) | (m >> 11)) & INNER


def unflippable_cells(walls, jokers):
    """Inner cells whose disc can never be flipped: on each of the 4 lines
    through the cell a neighbour is a wall or a border cell without a joker
    (a line needs a disc or joker on both sides of a flipped disc)."""
    block = walls | (BORDER & ~jokers)
    m = INNER & ~walls
    for d in (1, 9, 10, 11):
        m &= (block << d) | (block >> d)
    return m


def _level_index(level):
    if level in LEVELS:
        return LEVELS.index(level)
    raise ValueError("level %r: choose one of %s" % (level, ", ".join(LEVELS)))


class Thinker:
    """One search for the side to move of `pos`, run in slices by step().

    node_budget caps the nodes for the whole move (deterministic: the same
    position, level, seed and budget give the same move on every platform);
    time_budget_ms with `clock` (a callable returning milliseconds) caps the
    time. With neither, the level's default node budget applies.
    """

    def __init__(self, pos, level, seed=0, node_budget=None, time_budget_ms=None, clock=None):
        self.level = _level_index(level)
        self.nodes = 0
        self.depth = 0  # deepest finished iteration
        self.score = 0  # its value in 1/_DISC points for the side to move
        self.exact = False  # True when the score is the proven final margin
        if node_budget is None and (time_budget_ms is None or clock is None):
            node_budget = DEFAULT_NODES[self.level]
        self.node_budget = node_budget
        self._clock = clock if time_budget_ms is not None else None
        self._deadline = clock() + time_budget_ms if self._clock is not None else 0
        self._rng = Rng(seed)
        t = pos.turn
        own, opp = pos.discs[t], pos.discs[1 - t]
        self._jokers = pos.jokers
        self._bonuses = pos.bonuses
        self._stable = unflippable_cells(pos.walls, pos.jokers)
        self._danger_static = _neighbours(self._stable) & ~self._stable
        # move ordering classes: unflippable cells and bonuses first, cells next
        # to unflippable ones last
        self._first = self._stable | pos.bonuses
        self._middle = INNER & ~self._first & ~self._danger_static
        empty = pos.empty()
        self._empties = popcount(empty)
        legal = moves_mask(own | pos.jokers, opp, empty)
        self._root = self._order_root(legal)
        self._root_scores = [0] * len(self._root)
        self._done = len(self._root) <= 1
        self._best = self._root[0] if self._root else PASS
        if self.level == 0 and not self._done:
            self._best = self._one_ply(own, opp)
            self._done = True
        if self._done:
            return
        # the stack: one slot per ply
        n = _MAX_PLY
        self._own = [0] * n
        self._opp = [0] * n
        self._emp = [0] * n
        self._bd = [0] * n  # bonuses taken, side to move minus opponent
        self._rem = [0] * n  # moves still to try at this ply
        self._alpha = [0] * n
        self._beta = [0] * n
        self._bestv = [0] * n
        self._dep = [0] * n
        self._own[0] = own
        self._opp[0] = opp
        self._emp[0] = empty
        self._bd[0] = pos.taken[t] - pos.taken[1 - t]
        self._iter_best = self._best
        self._next_depth = 1
        self._start_iteration()

    # --- public -----------------------------------------------------------
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
                self._finish_interrupted()
                break
            if self.nodes >= stop_at:
                break
            limit = stop_at
            if self.node_budget is not None and limit > self.node_budget:
                limit = self.node_budget
            if self._clock is not None and limit > self.nodes + 64:
                limit = self.nodes + 64  # look at the clock every 64 nodes
            if self._run(limit):
                self._end_iteration()
        return self._done

    def stop(self):
        """End the search now (the B button): best() is the move."""
        if not self._done:
            self._finish_interrupted()

    # --- easy ---------------------------------------------------------------
    def _one_ply(self, own, opp):
        """Most flips + 3 per bonus + 2 for an unflippable cell; ties by seed."""
        mine = own | self._jokers
        best = PASS
        best_v = -1
        for cell in self._root:
            bit = 1 << cell
            v = 4 * popcount(flips_mask(bit, mine, opp))
            if bit & self._bonuses:
                v += 12
            if bit & self._stable:
                v += 8
            v = v * 8 + self._rng.below(8)
            if v > best_v:
                best_v = v
                best = cell
        return best

    # --- iterative deepening ----------------------------------------------
    def _order_root(self, legal):
        """Legal cells: first-class cells, then plain ones, then risky ones; the
        order within a class is shuffled by the seed, so games vary by seed."""
        cells = []
        for i in range(100):
            if (legal >> i) & 1:
                cells.append(i)
        for i in range(len(cells) - 1, 0, -1):
            j = self._rng.below(i + 1)
            cells[i], cells[j] = cells[j], cells[i]
        first = self._stable | self._bonuses
        risky = self._danger_static
        out = [c for c in cells if (first >> c) & 1]
        out += [c for c in cells if not (first >> c) & 1 and not (risky >> c) & 1]
        out += [c for c in cells if not (first >> c) & 1 and (risky >> c) & 1]
        return out

    def _start_iteration(self):
        d = self._next_depth
        if d >= self._empties or (d >= 2 and self._empties <= _EXACT_EMPTIES[self.level]):
            d = _EXACT_DEPTH
        self._dep[0] = d
        self._alpha[0] = -_INF
        self._beta[0] = _INF
        self._bestv[0] = -_INF
        self._horizon = False  # set when a leaf is estimated, not played out
        self._ri = 0  # index of the root move being searched
        self._p = 0
        self._val = None
        self._pick(0)

    def _end_iteration(self):
        self._best = self._iter_best
        self.score = self._bestv[0]
        self.depth = self._dep[0]
        # order the next iteration by this one's scores (stable, best first)
        pairs = [(-self._root_scores[i], i) for i in range(len(self._root))]
        pairs.sort()
        self._root = [self._root[i] for _, i in pairs]
        self._root_scores = [-s for s, _ in pairs]
        if not self._horizon:
            self.exact = True
            self._done = True
            return
        if self._dep[0] >= _MAX_DEPTH[self.level] or self._dep[0] == _EXACT_DEPTH:
            self._done = True
            return
        self._next_depth = self._dep[0] + 1
        self._start_iteration()

    def _out_of_budget(self):
        if self.node_budget is not None and self.nodes >= self.node_budget:
            return True
        return self._clock is not None and self._clock() - self._deadline >= 0

    def _finish_interrupted(self):
        # the first root move is the last iteration's best; a move that beat it
        # in the unfinished iteration is better at the greater depth
        if self._ri >= 1:
            self._best = self._iter_best
        self._done = True

    # --- the stack machine --------------------------------------------------
    def _pick(self, p):
        """Set up ply p+1 for the next move to try at ply p."""
        if p == 0:
            cell = self._root[self._ri]
            bit = 1 << cell
        else:
            r = self._rem[p]
            t = r & self._first
            if not t:
                t = r & self._middle
                if not t:
                    t = r
            bit = t & -t
            self._rem[p] = r ^ bit
        o = self._own[p]
        x = self._opp[p]
        f = flips_mask(bit, o | self._jokers, x)
        q = p + 1
        self._own[q] = x ^ f
        self._opp[q] = o | f | bit
        self._emp[q] = self._emp[p] ^ bit
        self._bd[q] = -self._bd[p] - (1 if bit & self._bonuses else 0)
        self._dep[q] = self._dep[p] - 1
        self._alpha[q] = -self._beta[p]
        self._beta[q] = -self._alpha[p]
        self._p = q

    def _run(self, limit):
        """Advance the search until the iteration ends (True) or `limit` nodes."""
        own = self._own
        opp = self._opp
        emp = self._emp
        rem = self._rem
        alpha = self._alpha
        beta = self._beta
        bestv = self._bestv
        dep = self._dep
        jokers = self._jokers
        nodes = self.nodes
        val = self._val
        while True:
            p = self._p
            if val is None:  # a new node at ply p
                if nodes >= limit:
                    self.nodes = nodes
                    self._val = None
                    return False
                nodes += 1
                o = own[p]
                x = opp[p]
                e = emp[p]
                if dep[p] <= 0:
                    val = self._evaluate(o, x, e, self._bd[p])
                else:
                    m = moves_mask(o | jokers, x, e)
                    if m:
                        rem[p] = m
                        bestv[p] = -_INF
                        self._pick(p)
                        continue
                    if moves_mask(x | jokers, o, e):  # pass: same depth
                        rem[p] = 0
                        bestv[p] = -_INF
                        q = p + 1
                        own[q] = x
                        opp[q] = o
                        emp[q] = e
                        self._bd[q] = -self._bd[p]
                        dep[q] = dep[p]
                        alpha[q] = -beta[p]
                        beta[q] = -alpha[p]
                        self._p = q
                        continue
                    val = _final(o, x, self._bd[p])
            else:  # the child of ply p returned val
                v = -val
                val = None
                if p == 0:
                    self._root_scores[self._ri] = v
                if v > bestv[p]:
                    bestv[p] = v
                    if p == 0:
                        self._iter_best = self._root[self._ri]
                    if v > alpha[p]:
                        alpha[p] = v
                        if v >= beta[p]:
                            val = v
                if val is None:
                    if p == 0:
                        self._ri += 1
                        if self._ri < len(self._root):
                            self._pick(0)
                            continue
                        val = bestv[0]
                    elif rem[p]:
                        self._pick(p)
                        continue
                    else:
                        val = bestv[p]
            # node p is resolved with value val
            if p == 0:
                self.nodes = nodes
                self._val = None
                return True
            self._p = p - 1

    def _evaluate(self, own, opp, empty, bonus_diff):
        """An estimate for the side to move, in 1/_DISC points."""
        jokers = self._jokers
        mo = moves_mask(own | jokers, opp, empty)
        mx = moves_mask(opp | jokers, own, empty)
        if not mo and not mx:
            return _final(own, opp, bonus_diff)
        self._horizon = True
        stable = self._stable
        v = 3 * _DISC * bonus_diff
        v += _W_STABLE * (popcount(own & stable) - popcount(opp & stable))
        danger = _neighbours(stable & empty) & self._danger_static
        v += _W_DANGER * (popcount(opp & danger) - popcount(own & danger))
        v += _W_MOBILITY * (popcount(mo) - popcount(mx))
        bonuses = self._bonuses & empty
        if bonuses:
            v += _W_BONUS_REACH * (popcount(mo & bonuses) - popcount(mx & bonuses))
        n = popcount(empty)
        if n <= _LATE:
            v += _W_LATE_DISC * (popcount(own) - popcount(opp))
        v += _W_PARITY if n & 1 else -_W_PARITY
        if v >= _WIN:
            return _WIN - 1
        if v <= -_WIN:
            return 1 - _WIN
        return v


def _final(own, opp, bonus_diff):
    """The value of a finished game: wins first, then the margin."""
    d = popcount(own) - popcount(opp) + 3 * bonus_diff
    if d > 0:
        return _WIN + d * _DISC
    if d < 0:
        return d * _DISC - _WIN
    return 0


def final_margin(value):
    """The point margin a proven search value stands for (see Thinker.exact)."""
    if value > 0:
        return (value - _WIN) // _DISC
    if value < 0:
        return -((-value - _WIN) // _DISC)
    return 0


def choose_move(pos, level, seed=0, node_budget=None):
    """The level's move for the side to move of `pos` (a cell or PASS)."""
    t = Thinker(pos, level, seed, node_budget)
    while not t.step(4096):
        pass
    return t.best()


def hint(pos, node_budget=None):
    """The hard level's choice, offered to a human player."""
    return choose_move(pos, "hard", 0, node_budget)
