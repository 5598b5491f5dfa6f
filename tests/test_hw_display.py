"""The text screen through the real displayio and adafruit_display_text,
rendered headless by Blinka's BusDisplay and compared pixel by pixel."""
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import busdisplay  # noqa: E402
import displayio  # noqa: E402
import pytest  # noqa: E402

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

# The first 9 rows of the score screen on a 128x32 OLED, left 60 columns:
# "Black 12  W" in the 6x12 terminal font, cap height 8 pixels; the last row is
# the top of line 2, "Black t", 8 pixels further down.
SCORE_TOP = """\
####...##................#............#....###..............
#...#...#................#...........##...#...#.............
#...#...#....###...###...#..#.........#...#...#.............
####....#.......#.#...#..#.#..........#.......#.............
#...#...#....####.#......##...........#......#..............
#...#...#...#...#.#......##...........#.....#...............
#...#...#...#...#.#...#..#.#..........#....#................
####...###...####..###...#..#........###..#####.............
####...##................#............#.....................""".split("\n")


def test_score_screen_on_128x32(display_of):
    d = display_of(128, 32)
    screen = TextScreen(d, 128, 32)
    assert screen.show_lines(SCORE) == 2
    pic = picture(d)
    assert picture(d, 9, 60) == SCORE_TOP
    assert all("#" not in row for row in pic[17:])        # lines 3 and 4 are blank
    assert any("#" in row[100:] for row in pic[:8])       # "White 9" reaches the right part


def test_same_text_on_128x64_is_the_same_glyphs_further_apart(display_of):
    d = display_of(128, 64)
    TextScreen(d, 128, 64).show_lines(SCORE)
    pic = picture(d, width=60)
    top = next(y for y, row in enumerate(pic) if "#" in row)
    assert pic[top:top + 8] == SCORE_TOP[:8]
    second = next(y for y in range(top + 9, 64) if "#" in pic[y])
    assert second - top == 16                              # 16-pixel rows on a 64-pixel display


def test_builtin_tft_centres_the_text(display_of):
    d = display_of(160, 128)
    TextScreen(d, 160, 128).show_lines(["A", "", "", ""])
    pic = picture(d)
    lit = [(x, y) for y, row in enumerate(pic) for x, ch in enumerate(row) if ch == "#"]
    assert min(x for x, _ in lit) == (160 - 126) // 2
    assert max(y for _, y in lit) < 32


def test_only_changed_lines_are_updated(display_of):
    d = display_of(128, 32)
    screen = TextScreen(d, 128, 32)
    screen.show_lines(SCORE)
    first = screen.labels[0]
    assert screen.show_lines(SCORE) == 0
    assert screen.show_lines(["Black 13  White 8", "Black to move", "", ""]) == 1
    assert screen.labels[0] is first and first.text == "Black 13  White 8"
    assert screen.updates == 3
    assert picture(d, 9, 60) != SCORE_TOP


def test_full_width_line_fits(display_of):
    d = display_of(128, 32)
    TextScreen(d, 128, 32).show_lines(["M" * 21])
    pic = picture(d, 9)
    assert "#" in "".join(row[120:126] for row in pic)


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

    def __init__(self, scl, sda, frequency=400000):
        self.sent = []
        self.pins = (scl, sda)
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
