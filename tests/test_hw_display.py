"""The text screen through the real displayio and adafruit_display_text,
rendered headless by Blinka's BusDisplay and compared pixel by pixel."""
import os
import sys

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import busdisplay  # noqa: E402
import displayio  # noqa: E402
import pytest  # noqa: E402

from mapello.hardware import font as font_module  # noqa: E402
from mapello.hardware.screen import TextScreen, SerialScreen, wrap  # noqa: E402


@pytest.fixture
def display_of():
    made = []

    def make(width, height):
        displayio.release_displays()          # Blinka allows one display at a time
        d = busdisplay.BusDisplay(None, b"", width=width, height=height, auto_refresh=False)
        made.append(d)
        return d
    yield make
    displayio.release_displays()


def picture(display, rows=None, width=None):
    """'#' for a lit pixel, '.' for a dark one, one string per row."""
    out = []
    for y in range(rows or display.height):
        row = bytes(display.fill_row(y, None))
        out.append("".join("#" if row[2 * x] or row[2 * x + 1] else "." for x in range(width or display.width)))
    return out


SCORE = ["Black 12  White 9", "Black to move", "", ""]

# The first two lines of the score screen on a 128x32 OLED, left 60 columns, in
# the 5x8 font (fonts/mapello-5x8.bin): each line owns an 8-pixel band, cap
# height 6, one row below the baseline for descenders.
SCORE_5X8 = """\
............................................................
###...##............#...........#...##............#..#.#....
#..#...#............#..........##..#..#...........#..#.#....
###....#...###...##.#..#........#.....#...........#..#.###..
#..#...#..#..#..#...###.........#...##............####.#..#.
#..#...#..#..#..#...#..#........#..#..............####.#..#.
###...###..###...##.#..#.......###.####...........#..#.#..#.
............................................................
............................................................
###...##............#..........#............................
#..#...#............#..........#............................
###....#...###...##.#..#......###...##.......##.#..##...#.#.
#..#...#..#..#..#...###........#...#..#......#.#.##..#..#.#.
#..#...#..#..#..#...#..#.......#.#.#..#......#.#.##..#..#.#.
###...###..###...##.#..#........#...##.......#.#.#.##....#..
............................................................""".split("\n")

# The first 9 rows of the same screen in the 6x12 terminal font (128x64, and the
# 128x32 fallback when the 5x8 font cannot load), cap height 8 pixels; on
# 128x32 the last row is already the top of line 2, "Black t": the clipping
# the 5x8 font removes.
TERMINAL_TOP = """\
####...##................#............#....###..............
#...#...#................#...........##...#...#.............
#...#...#....###...###...#..#.........#...#...#.............
####....#.......#.#...#..#.#..........#.......#.............
#...#...#....####.#......##...........#......#..............
#...#...#...#...#.#......##...........#.....#...............
#...#...#...#...#.#...#..#.#..........#....#................
####...###...####..###...#..#........###..#####.............
####...##................#............#.....................""".split("\n")

PRINTABLE = "".join(chr(c) for c in range(32, 127))
PCF_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fonts", "mapello-5x8.pcf")


def lit(display):
    return {(x, y) for y, row in enumerate(picture(display))
            for x, ch in enumerate(row) if ch == "#"}


def test_the_font_files_are_in_the_repository():
    """The sheet the device reads, and the PCF font it is made from."""
    path = font_module.font_path()
    assert os.path.isfile(path) and path.endswith("fonts/mapello-5x8.bin")
    assert os.path.getsize(path) == font_module.SIZE == 480
    with open(PCF_FILE, "rb") as f:
        assert f.read(4) == b"\x01fcp"
    assert os.path.getsize(PCF_FILE) < 8000                  # printable ASCII only


def test_score_screen_on_128x32(display_of):
    d = display_of(128, 32)
    screen = TextScreen(d, 128, 32)
    assert screen.small
    assert screen.show_lines(SCORE) == 2
    pic = picture(d)
    assert picture(d, 16, 60) == SCORE_5X8
    assert all("#" not in row for row in pic[16:])        # lines 3 and 4 are blank
    assert any("#" in row[60:] for row in pic[:8])        # "White 9" goes on to the right


@pytest.mark.parametrize("start", range(0, 95, 21))
def test_every_line_stays_in_its_own_8_pixel_band(display_of, start):
    """Each printable character, on each line: its lit pixels stay within that
    line's rows 8i..8i+7, so no two lines overlap or clip each other."""
    d = display_of(128, 32)
    screen = TextScreen(d, 128, 32)
    text = PRINTABLE[start:start + 21]
    alone = []
    for i in range(4):
        lines = ["", "", "", ""]
        lines[i] = text
        screen.show_lines(lines)
        pixels = lit(d)
        assert pixels, "line %d shows nothing" % i
        assert {y // 8 for _, y in pixels} == {i}, "line %d leaves its band" % i
        alone.append(pixels)
    screen.show_lines([text] * 4)
    together = lit(d)
    assert together == set().union(*alone)
    assert sum(len(p) for p in alone) == len(together)     # no pixel lit by two lines


def test_descenders_and_tall_glyphs_do_not_touch_the_next_line(display_of):
    d = display_of(128, 32)
    TextScreen(d, 128, 32).show_lines(["gjpqy_", "([{|}])", "gjpqy_", "([{|}])"])
    pic = picture(d)
    assert "#" in pic[7] and "#" in pic[23]               # descenders use the band's last row
    assert "#" in pic[8] and "#" in pic[24]               # tall glyphs its first
    assert "#" not in pic[15] and "#" not in pic[31]      # and the lines between stay apart


def test_same_text_on_128x64_keeps_the_terminal_font(display_of):
    d = display_of(128, 64)
    screen = TextScreen(d, 128, 64)
    assert not screen.small
    screen.show_lines(SCORE)
    pic = picture(d, width=60)
    top = next(y for y, row in enumerate(pic) if "#" in row)
    assert pic[top:top + 8] == TERMINAL_TOP[:8]
    second = next(y for y in range(top + 9, 64) if "#" in pic[y])
    assert second - top == 16                              # 16-pixel rows on a 64-pixel display


def test_builtin_tft_centres_the_text(display_of):
    d = display_of(160, 128)
    TextScreen(d, 160, 128).show_lines(["A", "", "", ""])
    pic = picture(d)
    lit = [(x, y) for y, row in enumerate(pic) for x, ch in enumerate(row) if ch == "#"]
    assert min(x for x, _ in lit) == (160 - 126) // 2
    assert max(y for _, y in lit) < 32


def test_missing_font_file_falls_back_to_the_terminal_font(display_of, tmp_path):
    said = []
    missing = str(tmp_path / "fonts" / "mapello-5x8.bin")
    assert font_module.small_sheet(missing, said.append) is None
    assert "run deploy.sh again" in said[0]
    d = display_of(128, 32)
    screen = TextScreen(d, 128, 32, font_file=missing)
    assert not screen.small
    screen.show_lines(SCORE)
    assert picture(d, 9, 60) == TERMINAL_TOP                # the old layout, as before the font


@pytest.mark.parametrize("size", [0, 479, 481, 4000])
def test_a_sheet_file_of_another_size_falls_back(tmp_path, size):
    """No header to check: the size is what tells a damaged or foreign file
    (an old PCF copied by hand, a cut-off copy) from the sheet."""
    bad = tmp_path / "mapello-5x8.bin"
    with open(font_module.font_path(), "rb") as f:
        bad.write_bytes((f.read() * 10)[:size])
    said = []
    assert font_module.small_sheet(str(bad), said.append) is None
    assert said == ["Font %s not loaded (%d bytes, not 480): using the built-in font; run deploy.sh again."
                    % (bad, size)]


def test_an_unreadable_sheet_file_falls_back(monkeypatch):
    def failing_open(path, mode="r"):
        raise OSError(5, "Input/output error")
    monkeypatch.setattr(font_module, "open", failing_open, raising=False)
    monkeypatch.setattr(font_module, "_sheets", {})
    said = []
    assert font_module.small_sheet(None, said.append) is None
    assert said == ["Font %s not loaded ([Errno 5] Input/output error): using the built-in font; "
                    "run deploy.sh again." % font_module.font_path()]


def pcf_glyph_pixels():
    """{(x, y) lit on the sheet} straight from the PCF font, each glyph's
    bitmap in its tile, read with adafruit_bitmap_font."""
    from adafruit_bitmap_font.pcf import PCF
    lit = set()
    with open(PCF_FILE, "rb") as f:
        font = PCF(f, displayio.Bitmap)
        for code in range(32, 127):
            font.load_glyphs(chr(code))
            glyph = font.get_glyph(code)
            assert (glyph.width, glyph.height, glyph.dx, glyph.dy) == (5, 8, 0, -1)   # each fills its cell
            tile = font_module.tile(chr(code))
            lit |= {(5 * tile + x, y) for y in range(8) for x in range(5) if glyph.bitmap[x, y]}
    return lit


def sheet_pixels(sheet):
    assert (sheet.width, sheet.height) == (5 * 95, 8)
    return {(x, y) for y in range(8) for x in range(5 * 95) if sheet[x, y]}


def load_make_font():
    from desktop import make_font
    return make_font


def test_the_committed_sheet_is_what_the_pcf_gives(tmp_path):
    """fonts/mapello-5x8.bin is desktop/make_font.py's output for the committed
    .pcf, byte for byte: after a change to the font, run make_font.py --bin."""
    make_font = load_make_font()
    lit = make_font.sheet_pixels(PCF_FILE)
    assert lit == pcf_glyph_pixels()
    out = tmp_path / "sheet.bin"
    make_font.write_sheet(PCF_FILE, str(out))                # what --bin writes
    with open(font_module.font_path(), "rb") as f:
        assert f.read() == make_font.pack(lit) == out.read_bytes()


class CBitmaptools:
    """bitmaptools as CircuitPython's C readinto behaves (shared-module/bitmaptools):
    rows of ceil(width * bits / (8 * element_size)) elements read top to bottom
    (bottom to top with reverse_rows), a short row raising EOFError; at 1 bit a
    pixel, pixel x of a row is bit x % 8 of byte x // 8, from the top bit down
    with reverse_pixels_in_element; every pixel is written, the unlit ones too."""

    def __init__(self):
        self.calls = []

    def readinto(self, bitmap, file, bits_per_pixel, element_size=1, reverse_pixels_in_element=False,
                 swap_bytes_in_element=False, reverse_rows=False):
        self.calls.append((bits_per_pixel, element_size, reverse_pixels_in_element,
                           swap_bytes_in_element, reverse_rows))
        assert bits_per_pixel == 1 and not swap_bytes_in_element   # the rest is not modelled
        elements = (bitmap.width * bits_per_pixel + element_size * 8 - 1) // (element_size * 8)
        size = element_size * elements
        for y in range(bitmap.height):
            row = file.read(size)
            if len(row) != size:
                raise EOFError()
            y_draw = bitmap.height - 1 - y if reverse_rows else y
            for x in range(bitmap.width):
                bit = 7 - x % 8 if reverse_pixels_in_element else x % 8
                bitmap[x, y_draw] = (row[x // 8] >> bit) & 1


def test_the_device_path_reads_the_sheet_with_one_readinto(monkeypatch):
    """On the board bitmaptools.readinto (C) fills the sheet: through a
    stand-in with the C function's semantics, the sheet is the PCF font's
    glyphs, the same as the Python fill where bitmaptools is missing, and the
    PCF loader is never imported."""
    for name in ("adafruit_bitmap_font", "adafruit_bitmap_font.pcf", "adafruit_bitmap_font.glyph_cache"):
        monkeypatch.setitem(sys.modules, name, None)        # an import would fail
    c = CBitmaptools()
    monkeypatch.setitem(sys.modules, "bitmaptools", c)
    monkeypatch.setattr(font_module, "_sheets", {})
    said = []
    device = font_module.small_sheet(None, said.append)
    assert said == [] and device is not None
    assert c.calls == [(1, 1, False, False, False)]        # one call, for all 8 rows

    monkeypatch.setitem(sys.modules, "bitmaptools", None)   # a build without bitmaptools
    monkeypatch.setattr(font_module, "_sheets", {})
    python = font_module.small_sheet(None, said.append)
    assert said == [] and python is not None and python is not device
    monkeypatch.undo()

    expected = pcf_glyph_pixels()
    assert len(expected) > 500
    assert sheet_pixels(device) == expected
    assert sheet_pixels(python) == expected


def test_the_desktop_bitmaptools_reads_the_same_sheet(monkeypatch):
    """Blinka brings a bitmaptools of its own (Python): the simulator's sheet
    is the same."""
    import bitmaptools
    assert callable(bitmaptools.readinto)
    monkeypatch.setattr(font_module, "_sheets", {})
    assert sheet_pixels(font_module.small_sheet()) == pcf_glyph_pixels()


def test_the_python_fill_leaves_the_padding_alone():
    """The last byte of a row holds 3 pixels and 5 bits of padding: set
    padding bits are not pixels (readinto ignores them too)."""
    class Sheet(dict):
        width, height = 5 * 95, 8
    sheet = Sheet()
    font_module.fill(sheet, b"\xff" * 480)
    assert sheet == {(x, y): 1 for y in range(8) for x in range(475)}
    with pytest.raises(ValueError):
        font_module.fill(sheet, b"\xff" * 479)


def test_every_printable_character_has_a_tile():
    assert [font_module.tile(chr(c)) for c in range(32, 127)] == list(range(95))
    assert font_module.tile("\u00e9") == font_module.tile("?")


def test_the_font_is_read_once(display_of):
    d = display_of(128, 32)
    first = font_module.small_sheet()
    TextScreen(d, 128, 32)
    assert font_module.small_sheet() is first


def test_only_changed_lines_are_updated(display_of):
    d = display_of(128, 32)
    screen = TextScreen(d, 128, 32)
    screen.show_lines(SCORE)
    assert screen.show_lines(SCORE) == 0
    assert screen.show_lines(["Black 13  White 8", "Black to move", "", ""]) == 1
    assert screen.updates == 3
    assert picture(d, 8, 60) != SCORE_5X8[:8]
    assert picture(d, 16, 60)[8:] == SCORE_5X8[8:]


def test_a_self_refreshing_display_is_refreshed_once_the_lines_are_set():
    """displayio refreshes an auto-refreshing display in a background task,
    at whatever moment its frame time is up, the middle of the matrix's
    write included: the screen turns that off and refreshes after each change."""
    class Display:
        auto_refresh = True
        root_group = None
        refreshed = 0

        def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
            self.refreshed += 1      # None: at once, as CircuitPython's BusDisplay does
            return True

    d = Display()
    screen = TextScreen(d, 128, 32)
    assert d.auto_refresh is False and d.refreshed == 0
    screen.show_lines(SCORE)
    assert d.refreshed == 1
    screen.show_lines(SCORE)                               # nothing changed: no transfer
    assert d.refreshed == 1
    screen.show_lines(["Black 13  White 8", "Black to move", "", ""])
    assert d.refreshed == 2


def test_a_display_the_caller_refreshes_is_left_so(display_of):
    d = display_of(128, 32)                                # auto_refresh=False, as the simulator's
    screen = TextScreen(d, 128, 32)
    assert not screen.refreshes and d.auto_refresh is False


def test_full_width_line_fits(display_of):
    d = display_of(128, 32)
    TextScreen(d, 128, 32).show_lines(["M" * 21, "W" * 21, "g" * 21, "@" * 21])
    pic = picture(d)
    for band in range(4):
        rows = pic[8 * band:8 * band + 8]
        assert "#" in "".join(row[100:105] for row in rows)     # the 21st character shows
        assert "#" not in "".join(row[105:] for row in rows)    # 21 x 5 pixels wide


def test_serial_screen_prints_changes_only():
    printed = []
    s = SerialScreen(printed.append)
    s.show_lines(["a", "b"])
    s.show_lines(["a", "b"])
    s.show_lines(["a", "c"])
    assert printed == ["a | b", "a | c"]


def test_wrap_keeps_lines_short():
    text = "settings.toml: MAPELLO_BUTTON_B is GP40: this board has no pin GP40"
    lines = wrap(text)
    assert all(len(line) <= 21 for line in lines) and len(lines) <= 4
    assert " ".join(lines).startswith("settings.toml: MAPELLO_BUTTON_B is")


class FakeI2C:
    """busio.I2C at the wire: records what the SSD1306 driver sends."""
    present = (0x3C,)

    def __init__(self, scl, sda, frequency=100000, timeout=255):   # busio.I2C's defaults
        self.sent = []
        self.pins = (scl, sda)
        self.frequency = frequency
        FakeI2C.last = self

    def try_lock(self):
        # Blinka trap: BusDisplay's init spins `while begin_transaction(): pass`,
        # the inverse of CircuitPython, so a bus that locks hangs it forever.
        return False

    def unlock(self):
        pass

    def writeto(self, address, buffer, start=0, end=None, stop=True):
        if address not in self.present:
            raise OSError(121, "Remote I/O error")      # no ACK, as Blinka reports it
        self.sent.append((address, bytes(buffer)))

    def deinit(self):
        pass


def ssd1306_settings(**extra):
    from mapello.hardware.settings import read_settings
    values = {"MAPELLO_I2C_SDA": "SDA", "MAPELLO_I2C_SCL": "SCL"}
    values.update(extra)
    return read_settings(values.get)


@pytest.mark.parametrize("height,mux", [(32, 0x1F), (64, 0x3F)])
def test_ssd1306_through_i2cdisplaybus(monkeypatch, height, mux):
    import board
    import busio
    from mapello.hardware.build import build_display
    monkeypatch.setattr(busio, "I2C", FakeI2C)
    displayio.release_displays()
    display = build_display(ssd1306_settings(MAPELLO_DISPLAY_HEIGHT=str(height)), board)
    assert (display.width, display.height) == (128, height)
    assert FakeI2C.last.pins == (board.SCL, board.SDA)
    assert FakeI2C.last.frequency == 400000                   # the SSD1306's fast mode
    init = b"".join(buf for _, buf in FakeI2C.last.sent)
    assert all(addr == 0x3C for addr, _ in FakeI2C.last.sent)
    assert b"\x80\xa8\x80" + bytes((mux,)) in init           # multiplex ratio = height - 1
    displayio.release_displays()


def test_no_ssd1306_at_the_address(monkeypatch):
    import board
    import busio
    from mapello.hardware.build import build_display, HardwareError
    monkeypatch.setattr(busio, "I2C", FakeI2C)
    displayio.release_displays()
    with pytest.raises(HardwareError, match='No display at I2C address 0x3D: .*MAPELLO_DISPLAY = "none"'):
        build_display(ssd1306_settings(MAPELLO_I2C_ADDRESS="0x3D"), board)
    displayio.release_displays()


def test_no_i2cdisplaybus_in_the_firmware(monkeypatch):
    """A PyBadge's CircuitPython has no i2cdisplaybus: a clear message, not an
    AttributeError from a displayio.I2CDisplay that CircuitPython 10 removed."""
    import board
    from mapello.hardware.build import build_display, HardwareError
    monkeypatch.setitem(sys.modules, "i2cdisplaybus", None)
    with pytest.raises(HardwareError, match='no i2cdisplaybus, so no SSD1306: set MAPELLO_DISPLAY = "builtin"'):
        build_display(ssd1306_settings(), board)
