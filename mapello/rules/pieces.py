"""Where walls, bonuses and jokers may stand, and what breaks the limits
players agree on (the Limits themselves are mapello/rules/limits.py, which a
game keeps loaded; this module is loaded by setups, board files and the
save's checks only).

One place for these rules, used by board files and by the setup screen alike,
so both give the same reason in the same words.
"""

from mapello.rules.limits import BONUS, JOKER, KIND_PLURALS, MAX_PER_KIND, WALL, Limits  # noqa: F401
from mapello.rules.position import BORDER, CENTRE, INNER, cell_name, popcount

KIND_NAMES = ("wall", "bonus", "joker")


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


def problems(limits, counts):
    """Reasons a setup with counts[kind] pieces breaks `limits` ([] if none)."""
    out = []
    for kind in (WALL, BONUS, JOKER):
        n = counts[kind]
        m = limits.maximum[kind]
        what = count_text(n, kind)
        if n > m:
            out.append("%s: at most %d" % (what, m))
        elif limits.exact[kind] and n != m:
            out.append("%s: exactly %d agreed" % (what, m))
    return out


def piece_counts(pos):
    """[walls, bonuses, jokers] on a position's board (bonuses not yet taken)."""
    return [popcount(pos.walls), popcount(pos.bonuses), popcount(pos.jokers)]
