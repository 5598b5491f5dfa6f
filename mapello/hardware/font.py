"""The small font of 32-pixel-high displays: the X11 misc-fixed 5x8 font,
printable ASCII only, as a PCF file on the drive (fonts/README.md).  Kept out
of screen.py so that only a 128x32 display pays for it."""

FONT_FILE = "fonts/mapello-5x8.pcf"
# The characters of the game's own lines, loaded with the font: the loader
# collects the garbage (about 25 ms on an RP2040) each time a text brings a
# character not loaded yet, which made a menu press wait 35 ms more now and
# then.  Others (a board file's name) still load when first shown.
CHARACTERS = (" 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
              "()+,-./:<=>!?%'")

_fonts = {}  # type: dict              # path -> the loaded font (it keeps its file open)


def font_path():
    """FONT_FILE beside the mapello/ folder: the drive's root on the device,
    the repository on a desktop."""
    try:
        here = __file__.replace("\\", "/")
    except NameError:                  # a build without __file__
        return FONT_FILE
    at = here.rfind("mapello/hardware/")
    return here[:at] + FONT_FILE if at >= 0 else FONT_FILE


def small_font(path=None, report=print):
    """The 5x8 font for 32-pixel-high displays, or None when its file or
    adafruit_bitmap_font is missing or unreadable (then the built-in font is
    used).  The game's own characters load with it (CHARACTERS); any other
    when a text first needs it."""
    if path is None:
        path = font_path()
    if path in _fonts:
        return _fonts[path]
    font = None
    try:
        import displayio
        from adafruit_bitmap_font.pcf import PCF     # not bitmap_font.load_font: that imports every format
        # the library annotates a file as FileIO and the Bitmap class as an instance
        font = PCF(open(path, "rb"), displayio.Bitmap)  # type: ignore[arg-type]
        font.load_glyphs(CHARACTERS)
    except Exception as e:     # ImportError, OSError, MemoryError, a damaged file
        report("Font %s not loaded (%s): using the built-in font; run deploy.sh again."
               % (path, e))
    _fonts[path] = font
    return font
