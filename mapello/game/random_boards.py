"""Generated boards from a seed, identical on CPython, MicroPython and the device.

The `random` module gives different sequences on different interpreters, so
boards come from mapello.rng: the same seed makes the same board everywhere.  Two kinds:
  blocked_squares(seed): 1 to 4 walls, never in the centre 4x4 (c3..f6),
      no bonuses or jokers (the "blocked squares" variant);
  random_board(seed, limits): walls, bonuses and jokers within agreed limits.
Both return a mapello.rules.boardfile.BoardFile whose name carries the seed; a game
record keeps the board itself, so a replay shows the same board regardless.
"""

from mapello.rules.position import BORDER_CELLS, INNER_CELLS, Position, cells_mask
from mapello.rules.pieces import BONUS, JOKER, WALL, Limits, placement_error
from mapello.rng import Rng

_MAX_TRIES = 64


def _in_centre_4x4(cell):
    r, c = cell // 10, cell % 10
    return 3 <= r <= 6 and 3 <= c <= 6


BLOCKABLE = tuple(c for c in INNER_CELLS if not _in_centre_4x4(c))
PIECE_CELLS = tuple(c for c in INNER_CELLS if placement_error(WALL, c) is None)


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
