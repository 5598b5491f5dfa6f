"""The colours of everything on the matrix, at full scale (0..255)."""
# Chosen for real LEDs on a dark board.  A lit LED cannot show black, so black
# discs are the one thing that is fully off and empty playing cells glow a
# dim green, like the felt of a board: a black disc is a dark hole in the
# felt, a white disc a bright warm-white light.  The border ring (where only
# jokers stand) glows dimly, so a black disc on the edge of the 8x8 still
# stands out against it.  Walls are grey, bonuses blue and jokers red, as
# the design asks (orange in the colourblind palette).  The disc just
# played is tinted, never in the cursor's colours.  When the cursor rests on
# a legal move, the discs it would flip glow (PREVIEW).  The matrix adapter
# applies the brightness setting and the current cap
# (mapello/hardware/wiring.py), which dims bright colours before dim ones,
# so the felt and the border stay lit on a board full of white discs.
#
# tests/test_palette.py checks, for each palette, that any two things that
# can stand side by side, or that a blinking cursor or a hint turns a cell
# into, are at least MIN_DISTANCE apart (the colourblind one also as
# protanopia and deuteranopia see them), still differ at every brightness
# the menu offers, and stay lit and apart on the wire in the worst-case frame (a board full of
# white discs) at the default brightness and current cap.

# A colour is an integer 0xRRGGBB, as CircuitPython's own APIs take them: no
# heap object for each, as a tuple of three would be.
OFF = 0x000000
BLACK_DISC = OFF
WHITE_DISC = 0xFFFFDC         # 255, 255, 220: warm white, in both palettes

# The standard palette:
EMPTY = 0x003000              # 0, 48, 0: playing cell, nothing on it: dim green felt
BORDER = 0x301000             # 48, 16, 0: border cell without a joker: dim amber frame
WALL = 0x606060               # 96, 96, 96: grey
BONUS = 0x0000C8              # 0, 0, 200: blue
JOKER = 0xC80000              # 200, 0, 0: red
HINT = 0x608800               # 96, 136, 0: a legal move on an empty cell: yellow-green
BONUS_HINT = 0x5A6EFF         # 90, 110, 255: a legal move on a bonus: light blue
LAST_BLACK = 0x7000A0         # 112, 0, 160: the black disc just played: violet
LAST_WHITE = 0x5ADCC8         # 90, 220, 200: the white disc just played: aqua
FLIP_MID = 0xAA28D2           # 170, 40, 210: a disc half way through its flip: violet
CURSOR_BLACK = 0x6060A0       # 96, 96, 160: the cursor on black's turn: slate
CURSOR_ALT = 0xFFA000         # 255, 160, 0: cursor where the mover's colour would not show
SETUP_CURSOR = 0xFFC800       # 255, 200, 0: cursor in setup (nobody moves there)
BAD_CELL = 0xFF0078           # 255, 0, 120: flashes where a press was refused
PREVIEW = 0x965082            # 150, 80, 130: a disc the move under the resting cursor would flip: soft rose

# The menu's "Colours" setting picks a palette by index (NAMES).  The
# colourblind one keeps every pair that can stand side by side apart for
# protanopia and deuteranopia as well (red-green colour blindness, the
# common kinds), where the standard red joker on the amber ring is all but
# lost.  The felt and the ring stay within the current cap's knee
# (mapello/hardware/wiring.py) in both, so the cap never dims them.
NAMES = ("standard", "colourblind")
# The colours use() sets, and the colourblind palette's in their order
# (tuples: a dict of them would hold three times the bytes, all the time).
_NAMES = ("EMPTY", "BORDER", "WALL", "BONUS", "JOKER", "HINT", "BONUS_HINT", "LAST_BLACK",
          "LAST_WHITE", "FLIP_MID", "CURSOR_BLACK", "CURSOR_ALT", "SETUP_CURSOR", "BAD_CELL",
          "PREVIEW")
_COLOURBLIND = (
    0x08401C,      # EMPTY: teal felt
    0x200044,      # BORDER: violet ring
    0x606060,      # WALL: grey
    0x6000FF,      # BONUS: violet-blue
    0xE07800,      # JOKER: orange
    0x4098B0,      # HINT: cyan
    0x30B8FF,      # BONUS_HINT: sky blue
    0x1078FF,      # LAST_BLACK: blue
    0x28C058,      # LAST_WHITE: green
    0x8810A0,      # FLIP_MID: purple
    0x802088,      # CURSOR_BLACK: plum
    0xE0C008,      # CURSOR_ALT: yellow
    0xB8F038,      # SETUP_CURSOR: lime
    0x282890,      # BAD_CELL: navy
    0x50E0B0,      # PREVIEW: mint
)
_STANDARD = tuple([globals()[name] for name in _NAMES])

DISC = (BLACK_DISC, WHITE_DISC)
LAST = (LAST_BLACK, LAST_WHITE)
# The cursor's lit colour by mover: white's is the white disc; black's disc
# is an unlit LED, which would make a still frame show a black disc where
# the cursor is, so black's cursor has a colour of its own.
CURSOR = (CURSOR_BLACK, WHITE_DISC)
chosen = 0                    # the palette in use (an index of NAMES)


def use(which):
    """Paint with palette `which` (an index of NAMES) from now on."""
    global chosen, DISC, LAST, CURSOR
    table = _COLOURBLIND if which else _STANDARD
    g = globals()
    for i in range(len(_NAMES)):
        g[_NAMES[i]] = table[i]
    DISC = (BLACK_DISC, WHITE_DISC)
    LAST = (LAST_BLACK, LAST_WHITE)
    CURSOR = (CURSOR_BLACK, WHITE_DISC)
    chosen = which


MIN_DISTANCE = 40


def rgb(colour):
    """(red, green, blue) of a colour."""
    return (colour >> 16, (colour >> 8) & 255, colour & 255)


def distance(a, b):
    """Euclidean distance between two colours (0..441)."""
    dr = (a >> 16) - (b >> 16)
    dg = ((a >> 8) & 255) - ((b >> 8) & 255)
    db = (a & 255) - (b & 255)
    return (dr * dr + dg * dg + db * db) ** 0.5


def cursor_colour(under, mover):
    """The cursor's lit phase over a cell showing `under`: the mover's
    cursor colour (CURSOR), or CURSOR_ALT where that would not stand out."""
    c = CURSOR[mover]
    if distance(c, under) < MIN_DISTANCE:
        return CURSOR_ALT
    return c


def put(frame, cell, colour):
    """Write one cell's colour into a 300-byte frame."""
    i = cell * 3
    frame[i] = colour >> 16
    frame[i + 1] = (colour >> 8) & 255
    frame[i + 2] = colour & 255


def get(frame, cell):
    i = cell * 3
    return (frame[i] << 16) | (frame[i + 1] << 8) | frame[i + 2]
