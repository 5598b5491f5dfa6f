"""Game records: a board and the moves played on it (GameRecord, here in the
package's own module, which a game holds: on the device a package is a
module object in RAM whether its __init__ holds anything or not), in two
forms.

Binary (encoded by binary_write.py, decoded by binary_read.py: each loaded
only when needed, so a game in progress holds neither; their constants are
here), for the device's storage: a few dozen bytes a game.
  Passes are not stored (a pass is forced exactly when the mover has no legal
  move, so replaying puts them back); every other move is 6 bits, its inner
  cell index.  The board is stored as its pieces, 6 bits each.
Text (to_text/from_text, in text.py), for people and the desktop tools:
  board-file text (docs/DESIGN.md section 3) with the moves in section 2
  notation on `; moves:` comment lines, so a record is also a valid board
  file:
      ; Mapello game record
      ; name: Four Corners
      ; limits: walls 4, bonuses 4, jokers 4
      ; result: black 40 white 24
      J . . . . . . . . J
      ... (10 rows)
      ; moves: c5 d6 c3 pass e6
  A `moves:` line without the ';' is accepted too.
"""

from array import array

from mapello.rules.position import COLOUR_NAMES, IllegalMove, cell_name

FORMAT = 1
F_DISCS = 1       # custom start discs (not the standard four)
F_WHITE = 2       # white moves first
F_TAKEN = 4       # bonuses already taken at the start
F_LIMITS = 8
F_NAME = 16
NAME_BYTES = 60  # a board name is kept to this many bytes of UTF-8


class RecordError(ValueError):
    """A record that cannot be read or does not replay; str() is one line."""


class GameRecord:
    """The start position (kept, not copied), the moves (cells, PASS for
    passes) and board facts.

    moves: an array of signed bytes; name: the board's name; limits: a
    limits.Limits or None; resigned: the colour that resigned, or None (the
    text form says so; the binary form leaves it out: a save keeps a
    resignation in the series' scores); review: the replay's verdicts,
    kept for as long as the record.
    """

    def __init__(self, start, moves=(), name="", limits=None):
        self.start = start   # shared, as a Game shares it: nothing changes a start
        # signed bytes (cells 0..99, PASS -1): a game's 60 moves in 60 bytes,
        # where a list takes 512 in one piece (64-bit VM) as a game ends
        self.moves = array("b", moves)
        self.name = name
        self.limits = limits
        self.resigned = None
        self.review = None   # the coach's verdicts, as far as worked out (mapello/ai/review.py)

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
