"""A board being set up cell by cell, under the limits the players agreed.

The setup screen moves a cursor and presses A; this model says what may go on
each cell, keeps count per kind and refuses what the rules or the agreed limits
forbid.  A refusal is a reason code with what it concerns, (code, kind, cell),
and describe() words it, so no caller ever takes English apart.  Placement
rules come from mapello.rules.pieces, so a board file and a hand setup are
judged in the same words.
"""

from mapello.rules.position import Position, popcount
from mapello.rules.pieces import BONUS, JOKER, KIND_NAMES, KIND_PLURALS, WALL, Limits, placement_error

KINDS = (WALL, BONUS, JOKER)
# reason codes: (code, kind, cell)
RULE = 0        # the placement rules forbid `kind` on `cell`
LIMIT = 1       # the agreed limit for `kind` is reached
NONE_AGREED = 2  # no piece of `kind` was agreed at all
FULL = 3        # more than one kind's limit is reached; `kind` is their bit mask (1 << kind)


class Setup:
    """Walls, bonuses and jokers placed so far; `limits` is a pieces.Limits.

    masks[kind] is a cell mask per kind and counts[kind] its size.  The four
    start discs are always there: a hand setup places pieces, not discs.
    """

    def __init__(self, limits=None, position=None):
        self.limits = limits if limits is not None else Limits()
        self.masks = [0, 0, 0]
        self.counts = [0, 0, 0]
        self.skipped = None     # the last cycle()'s full kinds it passed over: (FULL, mask, cell)
        if position is not None:
            self.load(position)

    def load(self, pos):
        """Start from the pieces of an existing position (e.g. a bundled board)."""
        self.masks = [pos.walls, pos.bonuses, pos.jokers]  # WALL, BONUS, JOKER
        self.counts = [popcount(m) for m in self.masks]

    def kind_at(self, cell):
        """WALL, BONUS, JOKER or None for an empty cell."""
        bit = 1 << cell
        for kind in KINDS:
            if self.masks[kind] & bit:
                return kind
        return None

    def allowed(self, cell):
        """Kinds the placement rules allow on `cell` (limits not considered)."""
        return [k for k in KINDS if placement_error(k, cell) is None]

    def place_error(self, kind, cell):
        """None if `kind` may be put on `cell` now, else a reason (code, kind, cell)."""
        if not 0 <= cell < 100 or placement_error(kind, cell):
            return (RULE, kind, cell)
        if self.kind_at(cell) == kind:
            return None
        m = self.limits.maximum[kind]
        if self.counts[kind] >= m:
            return (NONE_AGREED if m == 0 else LIMIT, kind, cell)
        return None

    def describe(self, reason):
        """A reason in a few words for the display, e.g. 'walls: at most 3'."""
        code, kind, cell = reason
        if code == RULE:
            if not 0 <= cell < 100:
                return "cell %r is off the board" % cell
            return placement_error(kind, cell)
        if code == FULL:
            return ", ".join(self.describe((LIMIT, k, cell)) for k in KINDS if kind >> k & 1)
        if code == NONE_AGREED:
            return "no %s agreed" % KIND_PLURALS[kind]
        return "%s: %s %d" % (KIND_PLURALS[kind], "exactly" if self.limits.exact[kind]
                              else "at most", self.limits.maximum[kind])

    def place(self, kind, cell):
        """Put `kind` on `cell` (replacing what was there); None or the reason why not."""
        reason = self.place_error(kind, cell)
        if reason is None:
            self.remove(cell)
            self.masks[kind] |= 1 << cell
            self.counts[kind] += 1
        return reason

    def remove(self, cell):
        """Empty `cell`; True if something was there."""
        kind = self.kind_at(cell)
        if kind is None:
            return False
        self.masks[kind] &= ~(1 << cell)
        self.counts[kind] -= 1
        return True

    def cycle(self, cell):
        """One press of A on `cell`: empty -> next allowed kind -> ... -> empty.

        Kinds whose limit is reached are skipped (and kept in `skipped`, so
        that the player hears why the wall they expected became a bonus).
        Returns None, or the reason when nothing at all may go there (the
        cell stays empty): a limit reached before a kind not agreed at all,
        and (FULL, their mask, cell) when the limits of more than one kind
        are reached, so that every one is named.
        """
        self.skipped = None
        order = [None] + self.allowed(cell)
        if len(order) == 1:
            return (RULE, WALL, cell)  # the centre four: nothing allowed
        here = self.kind_at(cell)
        i = order.index(here)
        first_reason = None
        full = 0            # the kinds whose limit is reached, a bit each
        for step in range(1, len(order) + 1):
            kind = order[(i + step) % len(order)]
            if kind is None:
                self.remove(cell)
                if here is not None:
                    return None
                if full & (full - 1):       # two kinds or more
                    return (FULL, full, cell)
                return first_reason
            reason = self.place(kind, cell)
            if reason is None:
                if full:
                    self.skipped = (FULL, full, cell)
                return None
            if reason[0] == LIMIT:
                full |= 1 << kind
            if first_reason is None or reason[0] == LIMIT and first_reason[0] != LIMIT:
                first_reason = reason
        return first_reason

    def start_problem(self):
        """Why this setup may not start, or be saved as a board, yet: what to
        do about every limit it breaks ('remove 1 joker; place 2 more
        walls, 1 more bonus'), or that nobody could move; None when it may."""
        remove = []
        place = []
        for kind in KINDS:
            n = self.counts[kind]
            m = self.limits.maximum[kind]
            if n > m:
                remove.append("%d %s" % (n - m, _kind_word(n - m, kind)))
            elif n < m and self.limits.exact[kind]:
                place.append("%d more %s" % (m - n, _kind_word(m - n, kind)))
        todo = []
        if remove:
            todo.append("remove " + ", ".join(remove))
        if place:
            todo.append("place " + ", ".join(place))
        if todo:
            return "; ".join(todo)
        if self.position().is_over():
            return "nobody can move: walls block every opening move"
        return None

    def position(self):
        """The starting position: the start discs plus the pieces placed."""
        return Position(walls=self.masks[WALL], bonuses=self.masks[BONUS],
                        jokers=self.masks[JOKER])


def _kind_word(n, kind):
    """'wall' for one, 'walls' for more."""
    return KIND_NAMES[kind] if n == 1 else KIND_PLURALS[kind]
