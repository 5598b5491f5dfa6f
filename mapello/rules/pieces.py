"""Where walls, bonuses and jokers may stand, and the limits players agree on.

One place for these rules, used by board files and by the setup screen alike,
so both give the same reason in the same words.
"""

from mapello.rules.position import BORDER, CENTRE, INNER, cell_name, popcount

WALL = 0
BONUS = 1
JOKER = 2
KIND_NAMES = ("wall", "bonus", "joker")
KIND_PLURALS = ("walls", "bonuses", "jokers")
MAX_PER_KIND = 8


def placement_error(kind, cell):
    """None if a piece of `kind` may stand on `cell`, else why not."""
    bit = 1 << cell
    name = KIND_NAMES[kind]
    if kind == JOKER:
        if not bit & BORDER:
            return "joker on %s: jokers go on the border ring" % cell_name(cell)
        return None
    if not bit & INNER:
        return "%s on the border: %s go on the inner 8x8" % (name, KIND_PLURALS[kind])
    if bit & CENTRE:
        return "%s on %s: the centre four must stay free" % (name, cell_name(cell))
    return None


def count_text(n, kind):
    """'1 wall', '3 walls', '0 jokers': counts in messages."""
    return "%d %s" % (n, KIND_NAMES[kind] if n == 1 else KIND_PLURALS[kind])


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

    def __ne__(self, other):
        return not self.__eq__(other)

    def __repr__(self):
        return "Limits(%r, %r)" % (self.maximum, self.exact)

    def problems(self, counts):
        """Reasons a setup with counts[kind] pieces breaks these limits ([] if none)."""
        out = []
        for kind in (WALL, BONUS, JOKER):
            n = counts[kind]
            m = self.maximum[kind]
            what = count_text(n, kind)
            if n > m:
                out.append("%s: at most %d" % (what, m))
            elif self.exact[kind] and n != m:
                out.append("%s: exactly %d agreed" % (what, m))
        return out


def piece_counts(pos):
    """[walls, bonuses, jokers] on a position's board (bonuses not yet taken)."""
    return [popcount(pos.walls), popcount(pos.bonuses), popcount(pos.jokers)]
