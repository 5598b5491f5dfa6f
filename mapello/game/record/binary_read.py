"""Reading a game record's binary form (the record, __init__.py, has the format,
binary_write.py writes it) back: only a save read back whole needs it
(mapello/game/save/resume.py), so a game in progress does not hold this
code."""

from mapello.game.record import (FORMAT, F_DISCS, F_LIMITS, F_NAME, F_TAKEN, F_WHITE, GameRecord,
                                 RecordError)
from mapello.rules.limits import Limits
from mapello.rules.position import BORDER_CELLS, INNER_CELLS, PASS, Position, cell_name


class _BitReader:
    """Most significant bit first, as binary_write.py writes."""

    def __init__(self, data):
        self.buf = data
        self.pos = 0

    def read(self, n):
        v = 0
        for _ in range(n):
            byte = self.pos // 8
            if byte >= len(self.buf):
                raise RecordError("record: ends too early")
            v = (v << 1) | ((self.buf[byte] >> (7 - self.pos % 8)) & 1)
            self.pos += 1
        return v


def decode(data):
    """A GameRecord from encode()'s bytes; RecordError on anything wrong."""
    try:
        return _decode(data)
    except (IndexError, ValueError, UnicodeError) as e:  # BoardError, IllegalMove included
        if isinstance(e, RecordError):
            raise
        raise RecordError("record: unreadable (%s)" % e)


def _read_cells(bits, cells):
    n = bits.read(4)
    m = 0
    for _ in range(n):
        i = bits.read(6)
        if i >= len(cells):
            raise RecordError("record: bad cell")
        m |= 1 << cells[i]
    return m


def _decode(data):
    bits = _BitReader(bytearray(data))
    if bits.read(8) != FORMAT:
        raise RecordError("record: unknown format")
    flags = bits.read(8)
    walls = _read_cells(bits, INNER_CELLS)
    bonuses = _read_cells(bits, INNER_CELLS)
    jokers = _read_cells(bits, BORDER_CELLS)
    start = Position(walls=walls, bonuses=bonuses, jokers=jokers)
    if flags & F_DISCS:
        for colour in (0, 1):
            v = bits.read(64)
            m = 0
            for i in range(64):
                if (v >> i) & 1:
                    m |= 1 << INNER_CELLS[i]
            start.discs[colour] = m
    if flags & F_WHITE:
        start.turn = 1
    if flags & F_TAKEN:
        start.taken = [bits.read(4), bits.read(4)]
    limits = None
    if flags & F_LIMITS:
        vals = []
        exact = []
        for _ in range(3):
            vals.append(bits.read(4))
            exact.append(bits.read(1))
        limits = Limits(vals[0], vals[1], vals[2], exact)
    n = bits.read(8)
    pos = start.copy()
    moves = []
    for i in range(n):
        if not pos.legal_mask():
            cell = PASS
        else:
            cell = INNER_CELLS[bits.read(6)]
        reason = pos.why_illegal(cell)
        if reason is not None:
            raise RecordError("record: move %d %s is illegal: %s" % (i + 1, cell_name(cell), reason))
        pos.push(cell)
        moves.append(cell)
    name = ""
    if flags & F_NAME:
        at = (bits.pos + 7) // 8
        length = data[at]
        name = bytes(data[at + 1:at + 1 + length]).decode("utf-8")
    return GameRecord(start, moves, name, limits)
