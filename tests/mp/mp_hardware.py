"""The hardware adapters' pure parts inside MicroPython: settings parsing,
wiring tables, the current cap, auto-repeat, the ticker and the loop."""
from mapello.hardware.settings import read_settings, SettingsError
from mapello.hardware import wiring
from mapello.hardware.repeat import Repeater
from mapello.hardware.ticker import Ticker, COLUMN_MS
from mapello.hardware.console import Console, TickClock
from mapello.hardware.screen import wrap


def env(d):
    return d.get


def check_settings_defaults_and_ints():
    s = read_settings(env({"MAPELLO_MATRIX_ROTATION": 270, "MAPELLO_I2C_ADDRESS": "0x3D"}))
    assert s.rotation == 270 and s.i2c_address == 0x3D and s.button_pins[5] == "GP7"


def check_settings_error_names_key():
    try:
        read_settings(env({"MAPELLO_CURRENT_MA": "lots"}))
    except SettingsError as e:
        assert "MAPELLO_CURRENT_MA" in str(e) and e.key == "MAPELLO_CURRENT_MA"
        return
    assert False, "no error"


def check_tables_are_permutations():
    for layout in ("serpentine", "progressive"):
        for start in ("top-left", "top-right", "bottom-left", "bottom-right"):
            for rotation in (0, 90, 180, 270):
                t = wiring.pixel_table(layout, start, rotation, rotation == 90)
                assert sorted(t) == list(range(100))
    assert wiring.pixel_table()[19] == 10


def check_current_cap():
    white = bytearray(b"\xff" * 300)
    gain, keep = wiring.cap(white, 100, 500)
    assert wiring.factor(765, gain, keep) == 68 and wiring.current_ma(white, gain, keep) <= 500
    flood = bytearray(b"\xff\xff\xdc" * 64 + b"\x30\x10\x00" * 36)   # white discs, the amber ring
    gain, keep = wiring.cap(flood, 20, 500)
    assert keep < wiring.SCALE_ONE and wiring.factor(64, gain, keep) == 20 * 1024 // 100


def check_repeat():
    r = Repeater(300, 100)
    r.pressed(2, 0)
    assert r.due(299) == -1 and r.due(300) == 2 and r.due(400) == 2


def check_ticker_and_loop():
    class App:
        frame = bytearray(300)
        lines = ["GO", "", "", ""]
        version = 1
        brightness = 30

        def press(self, b):
            pass

        def release(self, b):
            pass

        def tick(self):
            pass

    class Matrix:
        shown = 0

        def show(self, frame, brightness):
            Matrix.shown += 1

    t = [0]
    con = Console(App(), Matrix(), [], None, lambda: t[0], ticker=Ticker())
    con.step()
    t[0] = 9 * COLUMN_MS
    con.step()
    assert con.ticker.active and Matrix.shown == 2


def check_tick_clock_and_wrap():
    now = [100]
    c = TickClock(lambda: now[0], lambda a, b: a - b)
    now[0] = 350
    assert c() == 250
    assert wrap("a b c", 3) == ["a b", "c"]



def check_small_font_falls_back_without_displayio():
    # no displayio in this VM: the 128x32 screen must then use the built-in
    # font, not crash
    from mapello.hardware.font import small_sheet, font_path
    said = []
    assert small_sheet(None, said.append) is None
    assert "built-in font" in said[0]
    assert font_path().endswith("fonts/mapello-5x8.bin")


def check_small_font_python_fill():
    # where bitmaptools is missing the sheet is filled in Python: "!" (tile 1)
    # is a bar in its cell's middle column with a dot below
    from mapello.hardware.font import fill, font_path

    class Sheet:
        # one row a buffer: the imports above leave the 80K heap in pieces
        # smaller than the whole 475x8 sheet
        def __init__(self):
            self.rows = [bytearray(475) for _ in range(8)]

        def __setitem__(self, xy, value):
            x, y = xy
            assert 0 <= x < 475 and 0 <= y < 8 and value == 1
            self.rows[y][x] = 1
    sheet = Sheet()
    with open(font_path(), "rb") as f:
        fill(sheet, f.read())
    lit = [(x, y) for y in range(8) for x in range(5, 10) if sheet.rows[y][x]]
    assert lit == [(7, 1), (7, 2), (7, 3), (7, 4), (7, 6)]
    assert sum(sum(row) for row in sheet.rows) > 500
