"""Alpha-beta (negamax) on an explicit stack, so it can stop after any node.

One slot per ply holds plain integers (the two sides' discs, the empties, the
bonus balance, the moves still to try, alpha, beta, best value, depth left):
no recursion, no position copies, and nothing that grows with the number of
nodes; the stacks grow only with the iteration's depth, at most 2 * empties + 2.  run(limit) advances until `limit` nodes or the end of the iteration and
picks up exactly where it stopped, so slices do not change the result.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from mapello.rules.position import flips_mask, moves_mask, popcount
from mapello.ai.evaluation import final_value

INF = const(1000000)


class Search:
    """The search tree of one root position (side to move's view).

    `ev` is a mapello.ai.evaluation.Evaluator; `first` and `middle` are the move
    ordering classes at inner nodes (the rest comes last).  The root's moves are
    searched in the order of the list given to start().
    """

    def __init__(self, own, opp, empty, bonus_diff, ev, first, middle):
        self.ev = ev
        self.jokers = ev.jokers
        self.bonuses = ev.bonuses
        self.first = first
        self.middle = middle
        self.own = [0]
        self.opp = [0]
        self.emp = [0]
        self.bd = [0]  # bonuses taken, side to move minus opponent
        self.rem = [0]  # moves still to try at this ply
        self.alpha = [0]
        self.beta = [0]
        self.bestv = [0]
        self.dep = [0]
        self.stacks = (self.own, self.opp, self.emp, self.bd, self.rem, self.alpha, self.beta,
                       self.bestv, self.dep)
        self.max_ply = 2 * popcount(empty) + 2  # a pass before every move, and the end
        self.own[0] = own
        self.opp[0] = opp
        self.emp[0] = empty
        self.bd[0] = bonus_diff
        self.nodes = 0
        self.root = []
        self.root_scores = []
        self.ri = 0  # index of the root move being searched
        self.best_index = 0  # index of the best root move so far in this iteration

    def start(self, root, depth):
        """Begin an iteration `depth` plies deep over the root moves `root`."""
        # a line holds at most `depth` moves and a pass before each of them
        need = min(2 * depth + 2, self.max_ply)
        for stack in self.stacks:
            while len(stack) < need:
                stack.append(0)
        self.root = root
        self.root_scores = [0] * len(root)
        self.dep[0] = depth
        self.alpha[0] = -INF
        self.beta[0] = INF
        self.bestv[0] = -INF
        self.ev.estimated = False
        self.ri = 0
        self.best_index = 0
        self._p = 0
        self._val = None
        self._pick(0)

    def value(self):
        """The root's value once run() returned True."""
        return self.bestv[0]

    def _pick(self, p):
        """Set up ply p+1 for the next move to try at ply p."""
        if p == 0:
            bit = 1 << self.root[self.ri]
        else:
            r = self.rem[p]
            t = r & self.first
            if not t:
                t = r & self.middle
                if not t:
                    t = r
            bit = t & -t
            self.rem[p] = r ^ bit
        o = self.own[p]
        x = self.opp[p]
        f = flips_mask(bit, o | self.jokers, x)
        q = p + 1
        self.own[q] = x ^ f
        self.opp[q] = o | f | bit
        self.emp[q] = self.emp[p] ^ bit
        self.bd[q] = -self.bd[p] - (1 if bit & self.bonuses else 0)
        self.dep[q] = self.dep[p] - 1
        self.alpha[q] = -self.beta[p]
        self.beta[q] = -self.alpha[p]
        self._p = q

    def run(self, limit):
        """Advance until the iteration ends (True) or `limit` nodes (False)."""
        own = self.own
        opp = self.opp
        emp = self.emp
        bd = self.bd
        rem = self.rem
        alpha = self.alpha
        beta = self.beta
        bestv = self.bestv
        dep = self.dep
        jokers = self.jokers
        ev = self.ev
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
                    val = ev.value(o, x, e, bd[p])
                else:
                    m = moves_mask(o | jokers, x, e)
                    if m:
                        rem[p] = m
                        bestv[p] = -INF
                        self._pick(p)
                        continue
                    if moves_mask(x | jokers, o, e):  # a pass: same depth left
                        rem[p] = 0
                        bestv[p] = -INF
                        q = p + 1
                        own[q] = x
                        opp[q] = o
                        emp[q] = e
                        bd[q] = -bd[p]
                        dep[q] = dep[p]
                        alpha[q] = -beta[p]
                        beta[q] = -alpha[p]
                        self._p = q
                        continue
                    val = final_value(o, x, bd[p])
            else:  # the child of ply p returned val
                v = -val
                val = None
                if p == 0:
                    self.root_scores[self.ri] = v
                if v > bestv[p]:
                    bestv[p] = v
                    if p == 0:
                        self.best_index = self.ri
                    if v > alpha[p]:
                        alpha[p] = v
                        if v >= beta[p]:
                            val = v
                if val is None:
                    if p == 0:
                        self.ri += 1
                        if self.ri < len(self.root):
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
