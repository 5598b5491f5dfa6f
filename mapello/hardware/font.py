"""The small font of 32-pixel-high displays: the X11 misc-fixed 5x8 font,
printable ASCII only, as a PCF file on the drive (fonts/README.md).  Kept out
of screen.py so that only a 128x32 display pays for it.

The font is read once, at start, into one sheet of glyph tiles (a
displayio.Bitmap 95 x 5 pixels wide, 8 high) that the text screen's tile
grids show: setting a line is then a tile index per character, done in C,
where a text label laid each line out in Python (about 12 ms a line on an
RP2040) and kept a glyph cache and the font's loader in RAM.  The loader
itself is let go once the sheet is made."""

FONT_FILE = "fonts/mapello-5x8.pcf"
FIRST = 32                 # the sheet's tiles: " " (32) to "~" (126)
COUNT = 95
WIDTH = 5                  # every glyph of this font fills its 5 x 8 cell
HEIGHT = 8

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
    """The 5x8 font's glyphs as one tile sheet, or None when the font file or
    adafruit_bitmap_font is missing or unreadable (then the built-in font is
    used)."""
    if path is None:
        path = font_path()
    if path in _sheets:
        return _sheets[path]
    sheet = None
    try:
        import displayio
        from adafruit_bitmap_font.pcf import PCF     # not bitmap_font.load_font: that imports every format
        with open(path, "rb") as f:
            # the library annotates a file as FileIO and the Bitmap class as an instance
            font = PCF(f, displayio.Bitmap)  # type: ignore[arg-type]
            codes = "".join(chr(FIRST + i) for i in range(COUNT))
            font.load_glyphs(codes)
            sheet = displayio.Bitmap(WIDTH * COUNT, HEIGHT, 2)
            for i in range(COUNT):
                glyph = font.get_glyph(FIRST + i)
                if glyph is None:
                    continue
                # the stubs' fontio.Glyph does not list the attributes it has
                bits = glyph.bitmap  # type: ignore[attr-defined]
                x0 = WIDTH * i + glyph.dx  # type: ignore[attr-defined]
                y0 = HEIGHT - 1 - glyph.height - glyph.dy  # type: ignore[attr-defined]  # baseline above the last row
                for y in range(glyph.height):  # type: ignore[attr-defined]
                    for x in range(glyph.width):  # type: ignore[attr-defined]
                        if bits[x, y]:
                            sheet[x0 + x, y0 + y] = 1
            del font
    except Exception as e:     # ImportError, OSError, MemoryError, a damaged file
        report("Font %s not loaded (%s): using the built-in font; run deploy.sh again."
               % (path, e))
        sheet = None
    _forget_loader()
    _sheets[path] = sheet
    return sheet


def _forget_loader():
    """The PCF loader's code is not needed once the sheet is made."""
    import sys
    for name in ("adafruit_bitmap_font.pcf", "adafruit_bitmap_font.glyph_cache", "adafruit_bitmap_font"):
        sys.modules.pop(name, None)
    import gc
    gc.collect()
