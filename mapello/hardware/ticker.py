"""Scrolls a short message across the matrix when there is no display.

A 3x5 font of capitals, digits and a little punctuation; pure code drawing
into the App's 300-byte frame format, so the matrix driver shows it as usual.
"""

from micropython import const

COLUMN_MS = const(70)      # one column of scroll
TOP_ROW = const(2)         # glyph rows 2..6 of the 10x10 grid

_CHARS = " 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.,!?-:/+'()=#%"
_ROWS = (
    "000000000000000"
    "111101101101111" "010110010010111" "111001111100111" "111001111001111"
    "101101111001001" "111100111001111" "111100111101111" "111001010010010"
    "111101111101111" "111101111001111"
    "010101111101101" "110101110101110" "011100100100011" "110101101101110"
    "111100110100111" "111100110100100" "011100101101011" "101101111101101"
    "111010010010111" "001001001101010" "101101110101101" "100100100100111"
    "101111111101101" "110101101101101" "010101101101010" "110101110100100"
    "010101101110011" "110101110101101" "011100010001110" "111010010010010"
    "101101101101111" "101101101101010" "101101111111101" "101101010101101"
    "101101010010010" "111001010100111"
    "000000000000010" "000000000010100" "010010010000010" "110001010000010"
    "000000111000000" "000010000010000" "001001010100100" "000010111010000"
    "010010000000000" "001010010010001" "100010010010100" "000111000111000"
    "101111101111101" "101001010100101"
)


def glyph(ch):
    """15 bits, top row first, left pixel highest; unknown characters show '?'."""
    i = _CHARS.find(ch.upper())
    if i < 0:
        i = _CHARS.find("?")
    return int(_ROWS[i * 15:i * 15 + 15], 2)


class Ticker:
    """One message at a time; `draw(now, frame)` paints it, False when done."""

    def __init__(self, colour=(255, 160, 0)):
        self.colour = colour
        self.text = ""
        self.start_ms = 0
        self.active = False
        self._shift = -1

    def start(self, text, now):
        self.text = text.strip()
        self.start_ms = now
        self.active = len(self.text) > 0
        self._shift = -1

    def stop(self):
        self.active = False

    def width(self):
        """Columns of the message plus the 10 it takes to scroll fully out."""
        return len(self.text) * 4 + 10

    def draw(self, now, frame):
        if not self.active:
            return False
        shift = (now - self.start_ms) // COLUMN_MS   # columns scrolled so far
        if shift >= self.width():
            self.active = False
            return False
        if shift == self._shift:       # this column is already painted
            return True
        self._shift = shift
        for i in range(300):
            frame[i] = 0
        r, g, b = self.colour
        for x in range(10):
            col = x + shift - 10       # message column under matrix column x
            if col < 0 or col % 4 == 3 or col // 4 >= len(self.text):
                continue
            bits = glyph(self.text[col // 4])
            for row in range(5):
                if bits >> (14 - row * 3 - col % 4) & 1:
                    i = ((TOP_ROW + row) * 10 + x) * 3
                    frame[i] = r
                    frame[i + 1] = g
                    frame[i + 2] = b
        return True
