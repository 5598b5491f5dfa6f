"""The small font of 32-pixel-high displays: the X11 misc-fixed 5x8 font,
printable ASCII only, as a ready-made glyph sheet on the drive
(fonts/README.md).  Kept out of screen.py so that only a 128x32 display pays
for it.

The sheet is one displayio.Bitmap of 95 tiles, 5 pixels wide and 8 high, that
the text screen's tile grids show: setting a line is then a tile index per
character, done in C.  The file holds exactly the sheet's pixels
(fonts/mapello-5x8.bin: 8 rows of 475 pixels, 1 bit a pixel, the lowest bit
of a byte first, each row padded to a whole byte, 60 bytes a row), so
bitmaptools.readinto fills the bitmap in C in one call.  The file is made on
a desktop from the PCF font by desktop/make_font.py: parsing the PCF on the
board would take its loader's compile and a glyph-by-glyph copy in Python
at every power-on."""

FONT_FILE = "fonts/mapello-5x8.bin"
FIRST = 32                 # the sheet's tiles: " " (32) to "~" (126)
COUNT = 95
WIDTH = 5                  # every glyph of this font fills its 5 x 8 cell
HEIGHT = 8
ROW_BYTES = (WIDTH * COUNT + 7) // 8      # 60: a row of the file, 475 pixels
SIZE = ROW_BYTES * HEIGHT                 # 480: the whole file

_sheets = {}  # type: dict             # path -> the sheet made (or None)


def font_path():
    """FONT_FILE beside the mapello/ folder: the drive's root on the device,
    the repository on a desktop."""
    try:
        here = __file__.replace("\\", "/")
    except NameError:                  # a build without __file__
        return FONT_FILE
    at = here.rfind("mapello/hardware/")
    return here[:at] + FONT_FILE if at >= 0 else FONT_FILE


def tile(char):
    """The sheet's tile for `char`; '?' for a character the font lacks."""
    code = ord(char) - FIRST
    return code if 0 <= code < COUNT else ord("?") - FIRST


def small_sheet(path=None, report=print):
    """The 5x8 font's glyphs as one tile sheet, or None when the sheet file is
    missing, unreadable or not SIZE bytes long (then the built-in font is
    used)."""
    if path is None:
        path = font_path()
    if path in _sheets:
        return _sheets[path]
    sheet = None
    try:
        import displayio
        import os
        size = os.stat(path)[6]
        if size != SIZE:
            raise ValueError("%d bytes, not %d" % (size, SIZE))
        sheet = displayio.Bitmap(WIDTH * COUNT, HEIGHT, 2)
        with open(path, "rb") as f:
            try:
                from bitmaptools import readinto
            except ImportError:        # a build without bitmaptools: the same in Python
                fill(sheet, f.read())
            else:
                readinto(sheet, f, 1)  # in C: rows of 1-bit pixels, lowest bit first
    except Exception as e:     # OSError, EOFError, ValueError, MemoryError
        report("Font %s not loaded (%s): using the built-in font; run deploy.sh again."
               % (path, e))
        sheet = None
    _sheets[path] = sheet
    return sheet


def fill(sheet, data):
    """Set the lit pixels of `data`, the file's bytes, in the blank `sheet`:
    what bitmaptools.readinto(sheet, file, 1) does, in Python."""
    if len(data) != SIZE:
        raise ValueError("%d bytes, not %d" % (len(data), SIZE))
    width = WIDTH * COUNT
    for y in range(HEIGHT):
        at = y * ROW_BYTES
        for i in range(ROW_BYTES):
            bits = data[at + i]
            x = 8 * i
            while bits and x < width:  # the last byte's 5 padding bits are not pixels
                if bits & 1:
                    sheet[x, y] = 1
                bits >>= 1
                x += 1
