"""Game records: a board and the moves played on it, in two forms.

Binary (encode here; decode in mapello/game/record_read.py, loaded only to
read a save back), for the device's storage: a few dozen bytes a game.
  Passes are not stored (a pass is forced exactly when the mover has no legal
  move, so replaying puts them back); every other move is 6 bits, its inner
  cell index.  The board is stored as its pieces, 6 bits each.
Text (to_text/from_text, in mapello/game/record_text.py), for people and the desktop tools: board-file text
  (docs/DESIGN.md section 3) with the moves in section 2 notation on
  `; moves:` comment lines, so a record is also a valid board file:
      ; Mapello game record
      ; name: Four Corners
      ; limits: walls 4, bonuses 4, jokers 4
      ; result: black 40 white 24
      J . . . . . . . . J
      ... (10 rows)
      ; moves: c5 d6 c3 pass e6
  A `moves:` line without the ';' is accepted too.
"""

from mapello.rules.position import (BORDER_CELLS, COLOUR_NAMES, INNER_CELLS, PASS, START_BLACK,
                            START_WHITE, IllegalMove, cell_name)

FORMAT = 1
F_DISCS = 1       # custom start discs (not the standard four)
F_WHITE = 2       # white moves first
F_TAKEN = 4       # bonuses already taken at the start
F_LIMITS = 8
F_NAME = 16
_NAME_BYTES = 60  # a board name is kept to this many bytes of UTF-8


class RecordError(ValueError):
    """A record that cannot be read or does not replay; str() is one line."""


class GameRecord:
    """The start position, the moves (cells, PASS for passes) and board facts.

    name: the board's name; limits: pieces.Limits or None; resigned: the
    colour that resigned, or None (the text form says so; the binary form
    leaves it out: a save keeps a resignation in the series' scores).
    """

    def __init__(self, start, moves=(), name="", limits=None):
        self.start = start.copy()
        self.moves = moves if isinstance(moves, list) else list(moves)   # a list is kept, not copied
        self.name = name
        self.limits = limits
        self.resigned = None

    def replay(self, upto=None):
        """The position after the first `upto` moves (all by default), every
        move checked; RecordError names the move and why it is illegal."""
        pos = self.start.copy()
        n = len(self.moves) if upto is None else upto
        for i in range(n):
            cell = self.moves[i]
            try:
                pos.play(cell)
            except IllegalMove as e:
                raise RecordError("move %d %s by %s is illegal: %s" % (
                    i + 1, cell_name(cell), COLOUR_NAMES[pos.turn], e))
        return pos

    def __eq__(self, other):
        return (isinstance(other, GameRecord) and self.start == other.start
                and self.moves == other.moves and self.name == other.name
                and self.limits == other.limits)

    def __ne__(self, other):
        return not self.__eq__(other)


# --- bits -----------------------------------------------------------------
class _Bits:
    """Most significant bit first: the writer of the binary form (its reader
    is in mapello/game/record_read.py)."""

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
    if len(name) > _NAME_BYTES:
        cut = _NAME_BYTES
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
