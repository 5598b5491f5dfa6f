"""What a Mapello position is worth to the side to move, for the computer player.

Values are integers in 1/DISC of a point.  A finished game is worth WIN plus its
margin, so a proven win outranks every estimate; an estimate stays below WIN.

The estimate knows what Othello engines never see: walls and bare border cells
make cells that can never be flipped (corners are only the plain case), jokers
open lines along the border again, bonuses are 3 points nobody can take back,
and a disc next to an empty unflippable cell hands that cell to the opponent.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from mapello.rules.position import BORDER, INNER, moves_mask, popcount

WIN = const(100000)
DISC = const(256)

# weights in 1/DISC of a point
_W_STABLE = const(900)  # a disc on a cell that can never be flipped
_W_DANGER = const(500)  # a disc next to an empty unflippable cell
_W_MOBILITY = const(220)  # one more legal move than the opponent
_W_BONUS_REACH = const(250)  # a bonus cell one can take next move
_W_PARITY = const(120)  # the last move in the game is usually worth a little
_W_LATE_DISC = const(140)  # plain discs count once few empties remain
_LATE = const(20)


def neighbours(m):
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


def final_value(own, opp, bonus_diff):
    """The value of a finished game: wins first, then the margin."""
    d = popcount(own) - popcount(opp) + 3 * bonus_diff
    if d > 0:
        return WIN + d * DISC
    if d < 0:
        return d * DISC - WIN
    return 0


def final_margin(value):
    """The point margin a proven value stands for (inverse of final_value)."""
    if value > 0:
        return (value - WIN) // DISC
    if value < 0:
        return -((-value - WIN) // DISC)
    return 0


class Evaluator:
    """The board's fixed facts (jokers, bonuses, unflippable cells) computed once
    per move; value() is called at every leaf of the search."""

    def __init__(self, pos):
        self.jokers = pos.jokers
        self.bonuses = pos.bonuses
        self.stable = unflippable_cells(pos.walls, pos.jokers)
        self.risky = neighbours(self.stable) & ~self.stable
        self.estimated = False  # set when value() estimated an unfinished game

    def value(self, own, opp, empty, bonus_diff):
        """own/opp: disc masks of the side to move and of the other side;
        bonus_diff: bonuses taken by the side to move minus the other's."""
        jokers = self.jokers
        mo = moves_mask(own | jokers, opp, empty)
        mx = moves_mask(opp | jokers, own, empty)
        if not mo and not mx:
            return final_value(own, opp, bonus_diff)
        self.estimated = True
        stable = self.stable
        v = 3 * DISC * bonus_diff
        v += _W_STABLE * (popcount(own & stable) - popcount(opp & stable))
        danger = neighbours(stable & empty) & self.risky
        if danger:
            v += _W_DANGER * (popcount(opp & danger) - popcount(own & danger))
        v += _W_MOBILITY * (popcount(mo) - popcount(mx))
        bonuses = self.bonuses & empty
        if bonuses:
            v += _W_BONUS_REACH * (popcount(mo & bonuses) - popcount(mx & bonuses))
        n = popcount(empty)
        if n <= _LATE:
            v += _W_LATE_DISC * (popcount(own) - popcount(opp))
        v += _W_PARITY if n & 1 else -_W_PARITY
        if v >= WIN:
            return WIN - 1
        if v <= -WIN:
            return 1 - WIN
        return v
