"""What each cell of the App's frame is, as a code: the App's cell_kinds(),
for the simulator's printed screen.  Imported only when asked (the device
never asks), so it costs the game nothing."""
# Every kind of cell is one exact palette colour in the App's frame (before
# brightness and the current cap); the cursor's cell is what the cursor covers.

from mapello.ui import palette

NAMES = ("empty", "hint", "black", "white", "last black", "last white", "wall", "bonus",
         "bonus hint", "border", "joker", "flipping", "refused", "preview", "other")
OTHER = 14      # a colour of no kind: a cursor the App does not track (the colour choice)


def cell_kinds(frame, cursor=-1, under=None):
    """A bytearray of 100 codes (indexes into NAMES)."""
    colours = (palette.EMPTY, palette.HINT, palette.BLACK_DISC, palette.WHITE_DISC,
               palette.LAST_BLACK, palette.LAST_WHITE, palette.WALL, palette.BONUS,
               palette.BONUS_HINT, palette.BORDER, palette.JOKER, palette.FLIP_MID,
               palette.BAD_CELL, palette.PREVIEW)        # in the palette in use, by NAMES
    out = bytearray(100)
    for cell in range(100):
        colour = under if cell == cursor else palette.get(frame, cell)
        out[cell] = colours.index(colour) if colour in colours else OTHER
    return out
