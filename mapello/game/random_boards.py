"""Generated boards from a seed, identical on CPython, MicroPython and the device.

The `random` module gives different sequences on different interpreters, so
boards come from mapello.rng: the same seed makes the same board everywhere.  Two kinds:
  blocked_squares(seed): 1 to 4 walls, never in the centre 4x4 (c3..f6),
      no bonuses or jokers (the "blocked squares" variant);
  random_board(seed, limits): walls, bonuses and jokers within agreed limits.
Both return a mapello.rules.boardfile.BoardFile whose name carries the seed; a game
record keeps the board itself, so a replay shows the same board regardless.
"""

from mapello.rules.position import BORDER_CELLS, Position, cells_mask
from mapello.rules.pieces import BONUS, JOKER, WALL, Limits
from mapello.rng import Rng

_MAX_TRIES = 64


# Written out, so importing makes no garbage (tests/test_randboards.py checks them):
# inner cells outside the centre 4x4 (c3..f6), and inner cells but the centre four.
BLOCKABLE = (11, 12, 13, 14, 15, 16, 17, 18, 21, 22, 23, 24, 25, 26, 27, 28, 31, 32, 37, 38,
             41, 42, 47, 48, 51, 52, 57, 58, 61, 62, 67, 68, 71, 72, 73, 74, 75, 76, 77, 78,
             81, 82, 83, 84, 85, 86, 87, 88)
PIECE_CELLS = (11, 12, 13, 14, 15, 16, 17, 18, 21, 22, 23, 24, 25, 26, 27, 28, 31, 32, 33, 34,
               35, 36, 37, 38, 41, 42, 43, 46, 47, 48, 51, 52, 53, 56, 57, 58, 61, 62, 63, 64,
               65, 66, 67, 68, 71, 72, 73, 74, 75, 76, 77, 78, 81, 82, 83, 84, 85, 86, 87, 88)


def blocked_squares(seed):
    """The blocked-squares variant: 1 to 4 walls outside c3..f6, nothing else."""
    from mapello.rules.boardfile import BoardFile
    rng = Rng(seed)
    walls = rng.pick(BLOCKABLE, 1 + rng.below(4))
    return BoardFile(Position(walls=cells_mask(walls)), "Blocked %d" % seed,
                     "%d random walls" % len(walls), Limits(4, 0, 0))


def _count(rng, limits, kind):
    m = limits.maximum[kind]
    if limits.exact[kind] or m == 0:
        return m
    return 1 + rng.below(m)  # at least one of each kind allowed, at most the limit


def random_board(seed, limits=None):
    """A random Mapello board within `limits` (pieces.Limits; default 8 each).

    Each kind gets its exact count when agreed exactly, else 1..maximum.  A
    board on which black cannot open is drawn again (from the same seed's
    stream, so still reproducible).
    """
    from mapello.rules.boardfile import BoardFile
    if limits is None:
        limits = Limits()
    rng = Rng(seed)
    pos = None
    for _ in range(_MAX_TRIES):
        nw = _count(rng, limits, WALL)
        nb = _count(rng, limits, BONUS)
        nj = _count(rng, limits, JOKER)
        inner = rng.pick(PIECE_CELLS, nw + nb)
        jokers = rng.pick(BORDER_CELLS, nj)
        pos = Position(walls=cells_mask(inner[:nw]), bonuses=cells_mask(inner[nw:]),
                       jokers=cells_mask(jokers))
        if pos.legal_mask():
            break
    return BoardFile(pos, "Random %d" % seed, "random board", limits)
