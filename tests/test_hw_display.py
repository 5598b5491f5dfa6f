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
# the 5x8 font (fonts/mapello-5x8.pcf): each line owns an 8-pixel band, cap
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


def lit(display):
    return {(x, y) for y, row in enumerate(picture(display))
            for x, ch in enumerate(row) if ch == "#"}


def test_the_font_file_is_in_the_repository():
    path = font_module.font_path()
    assert os.path.isfile(path) and path.endswith("fonts/mapello-5x8.pcf")
    with open(path, "rb") as f:
        assert f.read(4) == b"\x01fcp"
    assert os.path.getsize(path) < 8000                  # printable ASCII only


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
    missing = str(tmp_path / "fonts" / "mapello-5x8.pcf")
    assert font_module.small_sheet(missing, said.append) is None
    assert "run deploy.sh again" in said[0]
    d = display_of(128, 32)
    screen = TextScreen(d, 128, 32, font_file=missing)
    assert not screen.small
    screen.show_lines(SCORE)
    assert picture(d, 9, 60) == TERMINAL_TOP                # the old layout, as before the font


def test_missing_font_library_falls_back_to_the_terminal_font(display_of, monkeypatch):
    monkeypatch.setattr(font_module, "_sheets", {})
    monkeypatch.setitem(sys.modules, "adafruit_bitmap_font.pcf", None)   # import fails
    monkeypatch.setattr(font_module, "_forget_loader", lambda: None)    # keep the failing stand-in
    said = []
    assert font_module.small_sheet(None, said.append) is None
    assert "using the built-in font" in said[0]
    d = display_of(128, 32)
    screen = TextScreen(d, 128, 32)
    assert not screen.small
    screen.show_lines(SCORE)
    assert picture(d, 9, 60) == TERMINAL_TOP


def test_damaged_font_file_falls_back(tmp_path):
    bad = tmp_path / "mapello-5x8.pcf"
    bad.write_bytes(b"\x01fcp" + b"\x00" * 20)
    said = []
    assert font_module.small_sheet(str(bad), said.append) is None
    assert said


def test_every_printable_character_is_on_the_sheet_and_the_loader_is_let_go(tmp_path):
    """The font becomes one sheet of 95 glyph tiles at start, each the glyph
    the font file holds; after that the PCF loader's code is not kept."""
    import shutil
    from adafruit_bitmap_font.pcf import PCF
    import displayio
    path = str(tmp_path / "mapello-5x8.pcf")
    shutil.copy(font_module.font_path(), path)
    sheet = font_module.small_sheet(path)
    assert (sheet.width, sheet.height) == (5 * 95, 8)
    assert "adafruit_bitmap_font.pcf" not in sys.modules
    with open(path, "rb") as f:
        font = PCF(f, displayio.Bitmap)
        for code in range(32, 127):
            font.load_glyphs(chr(code))
            glyph = font.get_glyph(code)
            tile = font_module.tile(chr(code))
            for y in range(8):
                for x in range(5):
                    assert sheet[5 * tile + x, y] == glyph.bitmap[x, y], (chr(code), x, y)
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
