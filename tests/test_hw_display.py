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
