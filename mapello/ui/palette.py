"""The colours of everything on the matrix, at full scale (0..255)."""
# Chosen for real LEDs on a dark board.  A lit LED cannot show black, so black
# discs are the one thing that is fully off and empty playing cells glow a
# dim green, like the felt of a board: a black disc is a dark hole in the
# felt, a white disc a bright warm-white light.  The border ring (where only
# jokers stand) glows dimly, so a black disc on the edge of the 8x8 still
# stands out against it.  Walls are grey, bonuses blue and jokers red, as
# the design asks (orange in the colour-blind palette).  The disc just
# played is tinted, never in the cursor's colours.  When the cursor rests on
# a legal move, the discs it would flip glow (PREVIEW).  The matrix adapter
# applies the brightness setting and the current cap
# (mapello/hardware/wiring.py), which dims bright colours before dim ones,
# so the felt and the border stay lit on a board full of white discs.
#
# tests/test_palette.py checks, for each palette, that any two things that
# can stand side by side, or that a blinking cursor or a hint turns a cell
# into, are at least MIN_DISTANCE apart (the colour-blind one also as
# protanopia and deuteranopia see them), still differ at every brightness the menu offers, and
# stay lit and apart on the wire in the worst-case frame (a board full of
# white discs) at the default brightness and current cap.

# A colour is an integer 0xRRGGBB, as CircuitPython's own APIs take them: no
# heap object for each, as a tuple of three would be.
OFF = 0x000000
BLACK_DISC = OFF
WHITE_DISC = 0xFFFFDC         # 255, 255, 220: warm white, in both palettes

# The menu's "Colours" setting picks a palette by index.  The colour-blind
# one keeps every pair that can stand side by side apart for protanopia and
# deuteranopia as well (red-green colour blindness, the common kinds): its
# jokers are orange on a violet ring, its felt teal, its hints cyan.
NAMES = ("standard", "colourblind")
# name: (standard, colour-blind); use() sets the module's names from a column.
_COLOURS = {
    "EMPTY": (0x003000, 0x08401C),         # a playing cell, nothing on it: dim green felt / teal
    "BORDER": (0x301000, 0x200044),        # a border cell without a joker: dim amber / violet
    "WALL": (0x606060, 0x606060),          # grey
    "BONUS": (0x0000C8, 0x6000FF),         # blue / violet-blue
    "JOKER": (0xC80000, 0xE07800),         # red / orange
    "HINT": (0x608800, 0x4098B0),          # a legal move on an empty cell: yellow-green / cyan
    "BONUS_HINT": (0x5A6EFF, 0x30B8FF),    # a legal move on a bonus: light blue / sky blue
    "LAST_BLACK": (0x7000A0, 0x1078FF),    # the black disc just played: violet / blue
    "LAST_WHITE": (0x5ADCC8, 0x28C058),    # the white disc just played: aqua / green
    "FLIP_MID": (0xAA28D2, 0x8810A0),      # a disc half way through its flip: violet / purple
    "CURSOR_BLACK": (0x6060A0, 0x802088),  # the cursor on black's turn: slate / plum
    "CURSOR_ALT": (0xFFA000, 0xE0C008),    # the cursor where the mover's colour would not show
    "SETUP_CURSOR": (0xFFC800, 0xB8F038),  # the cursor in setup (nobody moves there)
    "BAD_CELL": (0xFF0078, 0x282890),      # flashes where a press was refused
    "PREVIEW": (0x965082, 0x50E0B0),       # a disc the move under the resting cursor would flip
}
chosen = -1                   # the palette in use (an index of NAMES)


def use(which):
    """Paint with palette `which` (an index of NAMES) from now on."""
    global chosen, DISC, LAST, CURSOR
    g = globals()
    for name in _COLOURS:
        g[name] = _COLOURS[name][which]
    DISC = (BLACK_DISC, WHITE_DISC)
    LAST = (LAST_BLACK, LAST_WHITE)
    # The cursor's lit colour by mover: white's is the white disc; black's
    # disc is an unlit LED, which would make a still frame show a black disc
    # where the cursor is, so black's cursor has a colour of its own.
    CURSOR = (CURSOR_BLACK, WHITE_DISC)
    chosen = which


use(0)

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
