"""perft: the number of leaf positions a given number of plies deep.

The standard check of a move generator against published tables, and the
engine benchmark.  A module of its own because the game never needs it, so a
device that only plays does not compile or hold it.
"""

from mapello.rules.geometry import flips_mask, moves_mask, popcount


def perft(pos, depth):
    """Leaf count at `depth` plies; a pass is a ply, a finished game is a leaf."""
    t = pos.turn
    if depth <= 0:
        return 1
    return _perft(pos.discs[t], pos.discs[1 - t], pos.jokers, pos.empty(), depth)


def _perft(own, opp, jokers, empty, depth):
    m = moves_mask(own | jokers, opp, empty)
    if depth == 1:
        # bulk count: every move is a leaf; no move is one leaf (a pass or the end)
        return popcount(m) if m else 1
    if not m:
        if not moves_mask(opp | jokers, own, empty):
            return 1
        return _perft(opp, own, jokers, empty, depth - 1)
    n = 0
    mine = own | jokers
    while m:
        bit = m & -m
        m ^= bit
        f = flips_mask(bit, mine, opp)
        n += _perft(opp ^ f, own | f | bit, jokers, empty ^ bit, depth - 1)
    return n
