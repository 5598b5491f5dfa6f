"""Writing a game record's binary form (the record, __init__.py, has the format;
binary_read.py reads it back).  A game's saves hold its board in this form:
the session encodes its board once and keeps the bytes
(mapello/game/session.py), loading this module only for that, so a game in
progress does not hold this code."""

from mapello.game.record import (FORMAT, F_DISCS, F_LIMITS, F_NAME, F_TAKEN, F_WHITE, NAME_BYTES,
                                 RecordError)
from mapello.rules.geometry import BORDER, INNER
from mapello.rules.position import BORDER_CELLS, INNER_CELLS, PASS, START_BLACK, START_WHITE


class _Bits:
    """Most significant bit first: the writer of the binary form (its reader
    is in binary_read.py)."""

    def __init__(self):
        self.buf = bytearray()
        self.pos = 0

    def write(self, value, n):
        for i in range(n - 1, -1, -1):
            if self.pos % 8 == 0:
                self.buf.append(0)
            if (value >> i) & 1:
                self.buf[-1] |= 0x80 >> (self.pos % 8)
            self.pos += 1


def _inner_index(cell):
    return (cell // 10 - 1) * 8 + cell % 10 - 1


def _write_cells(bits, mask, cells):
    chosen = [i for i in range(len(cells)) if (mask >> cells[i]) & 1]
    bits.write(len(chosen), 4)
    for i in chosen:
        bits.write(i, 6)


def _inner_mask_bits(mask):
    v = 0
    for i in range(64):
        if (mask >> INNER_CELLS[i]) & 1:
            v |= 1 << i
    return v


def encode(record):
    """Bytes for a record; RecordError if its moves do not replay."""
    start = record.start
    record.replay()  # refuse to store a game that cannot be read back
    if (start.walls | start.bonuses | start.discs[0] | start.discs[1]) & ~INNER or \
            start.jokers & ~BORDER:  # the form has no place for them: never store another board
        raise RecordError("record: a piece off its squares (jokers go on the ring, the rest inside)")
    flags = 0
    if start.discs[0] != START_BLACK or start.discs[1] != START_WHITE:
        flags |= F_DISCS
    if start.turn:
        flags |= F_WHITE
    if start.taken[0] or start.taken[1]:
        flags |= F_TAKEN
    if record.limits is not None:
        flags |= F_LIMITS
    name = (record.name or "").encode("utf-8")
    if len(name) > NAME_BYTES:
        cut = NAME_BYTES
        while name[cut] & 0xC0 == 0x80:  # a UTF-8 continuation byte: keep whole characters
            cut -= 1
        name = name[:cut]
    if name:
        flags |= F_NAME
    bits = _Bits()
    bits.write(FORMAT, 8)
    bits.write(flags, 8)
    _write_cells(bits, start.walls, INNER_CELLS)
    _write_cells(bits, start.bonuses, INNER_CELLS)
    _write_cells(bits, start.jokers, BORDER_CELLS)
    if flags & F_DISCS:
        bits.write(_inner_mask_bits(start.discs[0]), 64)
        bits.write(_inner_mask_bits(start.discs[1]), 64)
    if flags & F_TAKEN:
        bits.write(start.taken[0], 4)
        bits.write(start.taken[1], 4)
    if flags & F_LIMITS:
        for k in range(3):
            bits.write(record.limits.maximum[k], 4)
            bits.write(record.limits.exact[k], 1)
    n = len(record.moves)
    if n > 255:
        raise RecordError("record: more than 255 moves")
    bits.write(n, 8)
    for cell in record.moves:
        if cell != PASS:
            bits.write(_inner_index(cell), 6)
    out = bits.buf
    if name:
        out.append(len(name))
        out.extend(name)
    return bytes(out)
