"""The limits players agree on before a setup: at most, or exactly, so many
walls, bonuses and jokers.  A game keeps its board's Limits (its record
and its save hold them), so they stay loaded through a game; where each
piece may stand and what breaks a limit are mapello/rules/pieces.py, which
only setups, board files and the save's checks load."""

WALL = 0
BONUS = 1
JOKER = 2
KIND_PLURALS = ("walls", "bonuses", "jokers")
MAX_PER_KIND = 8


class Limits:
    """The agreed most (and optionally exact) number of each kind of piece.

    maximum[kind] is 0..8; exact[kind] True means the setup must have exactly
    maximum[kind] of that kind.
    """

    def __init__(self, walls=MAX_PER_KIND, bonuses=MAX_PER_KIND, jokers=MAX_PER_KIND,
                 exact=(False, False, False)):
        self.maximum = [walls, bonuses, jokers]
        self.exact = [bool(exact[0]), bool(exact[1]), bool(exact[2])]
        for kind in (WALL, BONUS, JOKER):
            m = self.maximum[kind]
            if not isinstance(m, int) or not 0 <= m <= MAX_PER_KIND:
                raise ValueError("limit for %s must be 0 to %d, not %r"
                                 % (KIND_PLURALS[kind], MAX_PER_KIND, m))

    def __eq__(self, other):
        return (isinstance(other, Limits) and self.maximum == other.maximum
                and self.exact == other.exact)

    def __repr__(self):
        return "Limits(%r, %r)" % (self.maximum, self.exact)
