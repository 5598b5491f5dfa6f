"""code.py run unchanged on the desktop through Blinka: settings from the
environment (os.getenv, as on the device), buttons on Blinka pins pressed by a
scripted player, the real neopixel and displayio, until a whole game is over.

Only what Blinka lacks is stood in for at the lowest level: `supervisor`
(its ticks_ms is the test's clock, which also moves the player's fingers,
and its reload() is recorded) and keypad is hidden so the digitalio path
runs synchronously with that clock.
"""
import os
import runpy
import sys
import threading
import time
import types

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import board  # noqa: E402
import busdisplay  # noqa: E402
import digitalio  # noqa: E402
import displayio  # noqa: E402
import neopixel  # noqa: E402
import pytest  # noqa: E402
from adafruit_blinka.microcontroller.generic_agnostic_board.pin import Pin  # noqa: E402

from mapello import buttons  # noqa: E402
from mapello.game.catalogue import Catalogue  # noqa: E402
from mapello.game.game import Game  # noqa: E402
from mapello.rules.position import PASS, parse_cell  # noqa: E402
from mapello.ui.board_view import score_line  # noqa: E402
from mapello.ui.palette import WALL, get as palette_get  # noqa: E402
from desktop.app_driver import shown_turn  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CODE = os.path.join(ROOT, "code.py")
PINS = {"GP2": 202, "GP3": 203, "GP4": 204, "GP5": 205, "GP6": 206, "GP7": 207}
BUTTON_PIN = {buttons.UP: 202, buttons.DOWN: 203, buttons.LEFT: 204, buttons.RIGHT: 205,
              buttons.A: 206, buttons.B: 207}
LEVELS = {}
REAL_SLEEP = time.sleep


class LevelPin(Pin):
    def read(self):
        return LEVELS.get(self.id, True)        # pull-up: high until pressed


class Done(BaseException):
    """Ends code.py's endless loop (BaseException: the App must not catch it)."""


class Player:
    """Presses buttons through pin levels, deciding from what the App shows:
    its screen's name, its lines (the cursor's cell is on the third) and a
    model of the game, a Game on the bundled board the menu starts, to
    which it adds each move once the display shows it played (without a
    display, a press during a scroll only stops the scroll)."""

    def __init__(self, limit_ms=3_000_000):
        self.t = 0
        self.app = None
        self.phase = "idle"
        self.until = 0
        self.presses = 0
        self.moves = 0
        self.limit_ms = limit_ms
        self.over_at = None
        self.slept_ms = 0
        self.sleeps = 0
        self.wire_fails = False
        self.model = None
        self.pending = None       # the move pressed, until the display shows it played
        self.tries = 0            # presses of A meant as moves (moves: those that played)

    def sleep(self, seconds):
        """time.sleep of the loop: the game's clock moves on (Blinka's display
        thread keeps its own real sleep)."""
        if threading.current_thread() is not threading.main_thread():
            return REAL_SLEEP(seconds)
        self.t += int(seconds * 1000)
        self.slept_ms += int(seconds * 1000)
        self.sleeps += 1

    def ticks_ms(self):
        self.t += 1
        if self.t > self.limit_ms:
            raise AssertionError("the game did not end in time; screen %r, %r"
                                 % (self.app.screen_name, self.app.lines))
        if self.t % 5 == 0 and self.app is not None:
            self.act()
        return self.t

    def act(self):
        if self.phase == "down" and self.t >= self.until:
            LEVELS[self.pin] = True
            self.phase, self.until = "up", self.t + 40
        elif self.phase == "up" and self.t >= self.until:
            self.phase = "idle"
        elif self.phase == "idle":
            button = self.choose()
            if button is not None:
                self.pin = BUTTON_PIN[button]
                LEVELS[self.pin] = False
                self.phase, self.until = "down", self.t + 40
                self.presses += 1

    def choose(self):
        app = self.app
        kind = app.screen_name
        if self.pending is not None:
            shown = shown_turn(app.lines) if kind == "play" else ("over", None)
            if shown is not None and shown[0] != self.model.pos.turn:
                self.model.play(self.pending)
                self.moves += 1
            self.pending = None
        if kind == "game over":
            if self.over_at is None:
                self.over_at = self.t
            if self.t - self.over_at > 300:      # let the loop show the final frame
                raise Done()
            return None
        if kind != "play":
            return buttons.A                     # menu, colour choice: take the defaults
        if self.model is None:                   # the menu's board, from the same folder
            boards = Catalogue(os.path.join(ROOT, "boards"))
            board = boards.board(boards.names.index(app.settings["board"]))
            self.model = Game(board.position)
        pos = self.model.pos
        assert app.lines[0] == score_line(pos), (app.lines, pos)   # every move got there
        if pos.is_over():
            return None
        if pos.must_pass():
            assert app.lines[1].endswith("pass, A"), app.lines
            self.pending = PASS
            self.tries += 1
            return buttons.A
        target = pos.legal_moves()[0]
        cursor = parse_cell(app.lines[2][:2])
        r, c = cursor // 10, cursor % 10
        tr, tc = target // 10, target % 10
        if (r, c) == (tr, tc):
            self.pending = target
            self.tries += 1
            return buttons.A
        if r != tr:
            return buttons.DOWN if tr > r else buttons.UP
        return buttons.RIGHT if tc > c else buttons.LEFT


def expected_wire(frame, brightness):
    """The GRB bytes for the default wiring (serpentine from the top left),
    worked out here in floating point from docs/BUILD.md's rule ("Power") rather
    than from the driver's code: 100 mA idle + 20 mA per 255 per channel must
    stay within 500 mA; over that, a pixel whose channels sum to at most 100
    (full scale) keeps the brightness, and the part of a brighter pixel's sum
    above 100 shrinks by one ratio, never below a quarter; then, only if
    needed, the whole frame dims.  Floats: the driver's integers may differ by
    one."""
    b = brightness / 100
    room = 400 * 255 / 20                  # wire units within 500 mA
    sums = [sum(frame[i:i + 3]) for i in range(0, 300, 3)]
    low = sum(min(t, 100) for t in sums)
    high = sum(max(t - 100, 0) for t in sums)
    ratio, gain = 1.0, b
    if (low + high) * b > room:
        ratio = (room / b - low) / high if high else 0
        if ratio < 0.25:
            ratio = 0.25
            gain = room / (low + ratio * high)
    wire = [0.0] * 300
    for row in range(10):
        for col in range(10):
            cell = row * 10 + col
            pixel = row * 10 + (9 - col if row % 2 else col)
            t = sums[cell]
            f = gain if t <= 100 else gain * (100 + (t - 100) * ratio) / t
            r, g, bl = frame[cell * 3:cell * 3 + 3]
            wire[pixel * 3:pixel * 3 + 3] = (g * f, r * f, bl * f)
    return wire


def wire_matches(wire, frame, brightness):
    """The bytes sent are docs/BUILD.md's rule to within one, and within 500 mA."""
    want = expected_wire(frame, brightness)
    return 100 + sum(wire) * 20 / 255 <= 500 and all(abs(w - e) <= 1 for w, e in zip(wire, want))


@pytest.fixture
def device(monkeypatch):
    LEVELS.clear()
    player = Player()
    player.reloads = []                          # supervisor.reload()'s calls, by time
    monkeypatch.setitem(sys.modules, "supervisor", types.SimpleNamespace(
        ticks_ms=player.ticks_ms, reload=lambda: player.reloads.append(player.t)))
    monkeypatch.setitem(sys.modules, "keypad", None)
    monkeypatch.setattr(time, "sleep", player.sleep)
    monkeypatch.setattr(digitalio, "Pin", LevelPin)
    for name, pin_id in PINS.items():
        monkeypatch.setattr(board, name, Pin(pin_id), raising=False)
    displayio.release_displays()
    display = busdisplay.BusDisplay(None, b"", width=128, height=64, auto_refresh=False)
    monkeypatch.setattr(board, "DISPLAY", display, raising=False)
    for key, value in {"MAPELLO_MATRIX_PIN": "NEOPIXEL", "MAPELLO_DISPLAY": "builtin",
                       "MAPELLO_BRIGHTNESS": "20"}.items():
        monkeypatch.setenv(key, value)
    monkeypatch.chdir(ROOT)
    from mapello.ui import app as app_module
    real_init = app_module.App.__init__

    def remember(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        player.app = self
    monkeypatch.setattr(app_module.App, "__init__", remember)
    writes = []

    def wire(pin, buf):
        if player.wire_fails:
            raise OSError(5, "Input/output error")
        app = player.app
        writes.append((bytes(buf), bytes(app.frame) if app else None, app.brightness if app else None))
    monkeypatch.setattr(neopixel, "neopixel_write", wire)
    yield player, writes, display
    displayio.release_displays()


def test_code_py_plays_a_whole_game(device, capsys):
    player, writes, display = device
    with pytest.raises(Done):
        runpy.run_path(CODE, run_name="__main__")
    app = player.app
    pos = player.model.pos
    # the game's text record went to the serial console, once, and replays to the end
    out = capsys.readouterr().out
    assert out.count("; Mapello game record") == 1
    text = out[out.index("; Mapello game record"):].split("\n\n")[0] + "\n"
    from mapello.game.record.text import from_text
    record = from_text(text)
    assert list(record.moves) == list(player.model.moves) and record.replay().score() == pos.score()
    assert "python3 -m desktop replay FILE" in out[:out.index("; Mapello game record")]
    assert pos.is_over() and player.moves >= 20
    assert player.tries == player.moves           # with a display every press reaches the game
    assert app.screen_name == "game over" and app.lines[1] == score_line(pos)
    # only start-up reads settings.toml and builds the hardware: their code is let go
    assert "mapello.hardware.settings" not in sys.modules
    assert "mapello.hardware.build" not in sys.modules
    # every frame on the wire is the App's frame, wired, dimmed to 20 % and capped
    assert len(writes) > player.moves
    for wire, frame, brightness in writes:
        assert brightness == 20
        assert wire_matches(wire, frame, brightness)
    uncapped_ma = [100 + sum(frame) * 205 // 1024 * 20 // 255 for _, frame, _ in writes]
    print("frames %d, estimated mA at 20%% before the cap: max %d, median %d; capped %d"
          % (len(writes), max(uncapped_ma), sorted(uncapped_ma)[len(writes) // 2],
             sum(1 for ma in uncapped_ma if ma > 500)))
    # the last one is the final position (the model's: every press reached the
    # game), as the board view draws it
    from mapello.ui.board_view import draw_board
    final = bytearray(300)
    draw_board(final, pos)
    assert writes[-1][1] == bytes(final)
    # the display shows the App's lines
    lit = 0
    for y in range(64):
        row = bytes(display.fill_row(y, None))
        lit += sum(1 for v in row if v)
    assert lit > 0
    assert app.lines[0]


def test_a_bad_setting_is_shown_and_the_loop_never_starts(device, monkeypatch, capsys):
    monkeypatch.setenv("MAPELLO_MATRIX_ROTATION", "45")
    from mapello.hardware import start
    assert start.main(until=lambda: True) == "settings.toml: MAPELLO_MATRIX_ROTATION is 45; use 0, 90, 180 or 270"
    assert "MAPELLO_MATRIX_ROTATION" in capsys.readouterr().out


def test_a_missing_library_is_named(device, monkeypatch):
    monkeypatch.setitem(sys.modules, "adafruit_display_text", None)
    monkeypatch.setitem(sys.modules, "adafruit_display_text.label", None)
    from mapello.hardware import start
    assert start.main(until=lambda: True) == \
        "Library adafruit_display_text is missing from lib/: run deploy.sh again."


class CompiledForAnotherVersion:
    """A module in sys.modules that raises as a .mpy the board refuses does:
    CircuitPython 9 and 10 raise ValueError, its text translated on some
    builds (10.1 and later name MicroPython's files apart)."""

    def __init__(self, text):
        self.text = text

    def __getattr__(self, name):
        raise ValueError(self.text)


REFUSED_MPY = ("incompatible .mpy file", "fichier .mpy incompatible",
               "MicroPython .mpy file; use CircuitPython mpy-cross")


@pytest.mark.parametrize("library", ["neopixel", "adafruit_ticks"])   # built with the hardware; later
@pytest.mark.parametrize("text", REFUSED_MPY)
def test_a_library_compiled_for_another_version_is_named(device, monkeypatch, library, text):
    monkeypatch.setitem(sys.modules, library, CompiledForAnotherVersion(text))
    from mapello.hardware import start
    assert start.main(until=lambda: True) == ("A compiled file in lib/ or mapello/ was not made "
                                              "for this CircuitPython version: run deploy.sh again.")


def test_another_value_error_at_start_is_not_taken_for_a_compiled_file(device, monkeypatch):
    monkeypatch.setitem(sys.modules, "adafruit_ticks", CompiledForAnotherVersion("bad value"))
    from mapello.hardware import start
    assert start.main(until=lambda: True) == "Start failed: ValueError: bad value"


def test_a_missing_pin_is_shown_on_the_display(device, monkeypatch):
    monkeypatch.setenv("MAPELLO_BUTTON_B", "GP40")
    from mapello.hardware import start
    problem = start.main(until=lambda: True)
    assert problem == "settings.toml: MAPELLO_BUTTON_B is GP40: this board has no pin GP40"
    _, _, display = device
    assert any(bytes(display.fill_row(y, None)).strip(b"\0") for y in range(64))


def test_a_bad_or_unreadable_board_file_is_named_when_chosen(tmp_path, capsys):
    from mapello.ui.app import App
    (tmp_path / "good.txt").write_text((". " * 10 + "\n") * 10)
    (tmp_path / "bad.txt").write_text("; Broken\nJ J\n")
    (tmp_path / "binary.txt").write_bytes(b"\x89PNG\r\n\x1a\n not text")
    said = []
    boards = Catalogue(str(tmp_path), said.append)
    assert boards.names == ["Broken", "binary", "good"] and said == []
    capsys.readouterr()
    app = App(str(tmp_path), None, lambda: 0)
    app.press(buttons.DOWN)                            # the board line: Broken
    assert "bad.txt: line 2" in " ".join(app.lines[1:])
    app.press(buttons.A)                               # refused, with the reason
    assert app.screen_name == "menu" and "line 2" in " ".join(app.lines[1:])
    app.press(buttons.RIGHT)                           # binary: not even text
    assert "binary.txt: line 1, column 1: not UTF-8" in " ".join(app.lines[1:])
    app.press(buttons.A)
    assert app.screen_name == "menu" and "binary.txt: line 1" in " ".join(app.lines[1:])
    assert app.last_error is None and capsys.readouterr().out == ""


def test_no_long_integers_is_shown_on_the_display(device, monkeypatch):
    from mapello.hardware import launch, start
    monkeypatch.setattr(launch, "long_ints_problem", lambda: "This board has no long integers")
    assert start.main(until=lambda: True) == "This board has no long integers"
    _, _, display = device
    assert any(bytes(display.fill_row(y, None)).strip(b"\0") for y in range(64))


def test_out_of_memory_while_loading_the_game(device, monkeypatch):
    from mapello.ui import app as app_module
    from mapello.hardware import start

    def too_big(*args, **kwargs):
        raise MemoryError()
    monkeypatch.setattr(app_module.App, "__init__", too_big)
    problem = start.main(until=lambda: True)
    assert problem.startswith("Out of memory starting the game.")
    assert 'MAPELLO_DISPLAY = "none"' in problem and "Pico 2" in problem
    # the desktop runs the .py files: the game as deploy.sh --source copies it
    assert "run deploy.sh online without --source" in problem and "16 KB less" in problem


def test_out_of_memory_on_a_compiled_game_does_not_suggest_compiling():
    from mapello.hardware.problems import memory_problem
    text = memory_problem(compiled=True)
    assert text.startswith("Out of memory starting the game.") and "Pico 2" in text
    assert "deploy.sh" not in text and ".mpy" not in text


def test_out_of_memory_in_the_loop_says_the_game_is_saved(device, monkeypatch):
    """Past the App's own recovery (a display or matrix write that finds no
    room): the message says so, not that the game was starting."""
    from mapello.hardware import console, start

    def no_room(self):
        raise MemoryError()
    monkeypatch.setattr(console.Console, "step", no_room)
    answers = iter([False] + [True] * 10)          # the loop runs a step; the message then stands
    problem = start.main(until=lambda: next(answers))
    assert problem.startswith("Out of memory while playing; the game is saved: press A to restart, "
                              "then B resumes it.")
    assert "Pico 2" in problem


def test_after_a_failure_while_playing_a_then_restarts_the_game(device, monkeypatch):
    """A Pico has no reset button: after the loop ran out of memory, A
    (pressed, then released) runs code.py again through supervisor.reload(),
    as a reset would; another button, or A still held, does not."""
    player, writes, display = device
    from mapello.hardware import console, start

    def no_room(self):
        raise MemoryError()
    monkeypatch.setattr(console.Console, "step", no_room)
    monkeypatch.setattr(player, "act", lambda: None)      # only this test's fingers
    sys.modules["supervisor"].reload = lambda: reloads.append(calls[0])
    reloads = []
    a, b = BUTTON_PIN[buttons.A], BUTTON_PIN[buttons.B]
    fingers = {20: (b, False), 30: (b, True), 40: (a, False), 60: (a, True)}
    calls = [0]

    def until():
        calls[0] += 1
        if calls[0] in fingers:
            pin, level = fingers[calls[0]]
            LEVELS[pin] = level
        return calls[0] > 200
    problem = start.main(until=until)
    assert "press A to restart" in problem
    assert len(reloads) == 1 and 60 < reloads[0] < 70, reloads


def test_without_the_text_library_the_terminal_shows_the_problem(device, monkeypatch, capsys):
    """CircuitPython's terminal group (absent from Blinka: a Group stands in)
    goes on the display, and the message is printed onto it."""
    terminal = displayio.Group()
    monkeypatch.setattr(displayio, "CIRCUITPYTHON_TERMINAL", terminal, raising=False)
    monkeypatch.setitem(sys.modules, "adafruit_display_text", None)
    from mapello.hardware import start
    problem = start.main(until=lambda: True)
    _, _, display = device
    assert display.root_group is terminal
    out = capsys.readouterr().out
    assert "adafruit_display_text is missing" in out and "run deploy.sh" in out
    assert problem.startswith("Library adafruit_display_text")


def steps(n):
    """until() for main(): true after n calls."""
    left = [n]

    def until():
        left[0] -= 1
        return left[0] < 0
    return until


def no_oled(monkeypatch, why="No pull up found on SDA or SCL; check your wiring"):
    """The shipped settings (an SSD1306 on GP8/GP9) with nothing on the I2C
    pins: busio.I2C fails as CircuitPython's does without pull-ups."""
    import busio

    class NoDevice:
        def __init__(self, scl, sda, frequency=100000, timeout=255):
            raise RuntimeError(why)
    monkeypatch.setattr(busio, "I2C", NoDevice)
    monkeypatch.delenv("MAPELLO_DISPLAY")
    monkeypatch.setattr(board, "GP8", Pin(208), raising=False)
    monkeypatch.setattr(board, "GP9", Pin(209), raising=False)


def ticker_frames(writes):
    """Wire writes that are not the App's frame: the ticker's letters."""
    return [w for w in writes if w[1] is not None and not wire_matches(w[0], w[1], w[2])]


def test_no_display_answering_falls_back_to_the_matrix_and_plays(device, monkeypatch, capsys):
    player, writes, display = device
    no_oled(monkeypatch)
    with pytest.raises(Done):
        runpy.run_path(CODE, run_name="__main__")
    pos = player.model.pos
    assert pos.is_over() and player.moves >= 20
    assert player.app.screen_name == "game over" and player.app.lines[1] == score_line(pos)
    out = capsys.readouterr().out
    assert "Mapello: No display on GP8/GP9 (No pull up found on SDA or SCL" in out
    assert "Playing without it" in out
    assert "No display found" in out                       # the App's message, through SerialScreen
    assert any(line.startswith("Black ") for line in out.splitlines())   # the score, too
    assert len(ticker_frames(writes)) >= 5                 # "NO DISPLAY FOUND" scrolled (until a press)
    assert not any(bytes(display.fill_row(y, None)).strip(b"\0") for y in range(64))   # nothing on a display


def test_display_none_prints_the_games_lines_on_serial(device, monkeypatch, capsys):
    player, writes, display = device
    monkeypatch.setenv("MAPELLO_DISPLAY", "none")
    from mapello.hardware import start
    console = start.main(until=steps(50))
    lines = [line for line in capsys.readouterr().out.splitlines() if " | " in line]
    assert lines and lines[0].startswith("MAPELLO")        # the menu, then the game the player started
    assert any(line.startswith("B2(+0)  W2(+0) | P1 Black to move") for line in lines)
    assert console.ticker is not None and ticker_frames(writes)


def test_a_press_during_the_first_scroll_does_not_reach_the_game(device, monkeypatch):
    player, writes, display = device
    monkeypatch.setenv("MAPELLO_DISPLAY", "none")
    from mapello.hardware import start
    console = start.main(until=steps(20))
    assert console.ticker.active                           # the menu's title scrolls
    take_over(player)                                      # the scripted player lets go
    name, lines = player.app.screen_name, list(player.app.lines)
    LEVELS[BUTTON_PIN[buttons.A]] = False                  # A, held long enough to count
    for _ in range(5):
        console.run(until=steps(10))
    LEVELS[BUTTON_PIN[buttons.A]] = True
    for _ in range(5):
        console.run(until=steps(10))
    assert not console.ticker.active                       # the press stopped the scroll ...
    assert player.app.screen_name == name and player.app.lines == lines   # ... and only that


def test_a_firmware_without_i2cdisplaybus_falls_back_too(device, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "i2cdisplaybus", None)
    monkeypatch.setenv("MAPELLO_DISPLAY", "ssd1306")
    monkeypatch.setenv("MAPELLO_I2C_SDA", "SDA")
    monkeypatch.setenv("MAPELLO_I2C_SCL", "SCL")
    from mapello.hardware import start
    console = start.main(until=steps(5))
    out = capsys.readouterr().out
    assert "no i2cdisplaybus, so no SSD1306" in out and 'MAPELLO_DISPLAY = "builtin"' in out
    assert console.ticker is not None


def test_a_start_up_error_darkens_the_matrix(device, monkeypatch):
    player, writes, display = device
    monkeypatch.setenv("MAPELLO_BUTTON_B", "GP40")        # found after the matrix is built
    from mapello.hardware import start
    assert "GP40" in start.main(until=lambda: True)
    assert writes and writes[-1][0] == bytes(300)


def test_without_a_display_a_start_up_error_scrolls_on_the_matrix(device, monkeypatch, capsys):
    player, writes, display = device
    monkeypatch.setenv("MAPELLO_DISPLAY", "none")
    monkeypatch.setenv("MAPELLO_BUTTON_B", "GP40")
    from mapello.hardware import start
    problem = start.main(until=steps(200))
    assert problem == "settings.toml: MAPELLO_BUTTON_B is GP40: this board has no pin GP40"
    lit = [w for w in writes if any(w[0])]
    assert len(lit) > 5 and writes[0][0] == bytes(300)     # dark first, then the letters
    assert player.sleeps >= 200                            # waiting, not spinning


def test_an_unexpected_error_at_start_prints_its_traceback(device, monkeypatch, capsys):
    from mapello.hardware import matrix
    from mapello.hardware import start

    def broken(settings, pin):
        return 1 // 0
    monkeypatch.setattr(matrix, "build_matrix", broken)
    problem = start.main(until=lambda: True)
    assert problem == "Hardware start failed: ZeroDivisionError: integer division or modulo by zero" or \
        problem.startswith("Hardware start failed: ZeroDivisionError")
    captured = capsys.readouterr()
    assert "Traceback (most recent call last)" in captured.err + captured.out
    assert "in broken" in captured.err + captured.out


def test_an_error_in_the_loop_is_shown_with_its_traceback(device, monkeypatch, capsys):
    player, writes, display = device
    from mapello.hardware import start
    calls = [0]

    def until():
        calls[0] += 1
        player.wire_fails = calls[0] > 30              # the LED data pin fails mid-game
        return calls[0] > 1000
    problem = start.main(until=until)
    assert problem.startswith("Stopped by an error: OSError") and "Press A to restart" in problem
    captured = capsys.readouterr()
    assert "Traceback (most recent call last)" in captured.err + captured.out
    assert any(bytes(display.fill_row(y, None)).strip(b"\0") for y in range(64))


def test_a_board_object_that_is_not_a_pin_is_named(device, monkeypatch):
    monkeypatch.setenv("MAPELLO_MATRIX_PIN", "DISPLAY")
    from mapello.hardware import start
    assert start.main(until=lambda: True) == \
        "settings.toml: MAPELLO_MATRIX_PIN is DISPLAY: board.DISPLAY is not a pin; use a pin name such as GP0 or D5"


def test_rp2350_pull_downs_are_warned_about(device, monkeypatch, capsys):
    player, writes, display = device
    monkeypatch.setenv("MAPELLO_BUTTONS_ACTIVE", "high")
    monkeypatch.setattr(os, "uname", lambda: types.SimpleNamespace(
        machine="Raspberry Pi Pico 2 with rp2350a", sysname="rp2", release="10.0.3"))
    for pin_id in BUTTON_PIN.values():
        LEVELS[pin_id] = False                             # pulled down: not pressed
    from mapello.hardware import start
    start.main(until=steps(3))
    out = capsys.readouterr().out
    assert "erratum RP2350-E9" in out and "MAPELLO_BUTTONS_PULL = 0" in out
    assert "RP2350" in player.app.message
    monkeypatch.setattr(os, "uname", lambda: types.SimpleNamespace(
        machine="Raspberry Pi Pico with rp2040", sysname="rp2", release="10.0.3"))
    start.main(until=steps(3))
    assert "RP2350" not in capsys.readouterr().out


def the_game_owns_the_drive(monkeypatch, readonly=False):
    """storage.getmount("/") as after boot.py's remount (B held at reset)."""
    mount = types.SimpleNamespace(readonly=readonly)
    monkeypatch.setitem(sys.modules, "storage", types.SimpleNamespace(getmount=lambda path: mount))


def take_over(player):
    """The scripted player lets go; the test presses the App's buttons itself.
    Returns press(*names) -> the App's lines."""
    player.phase = "held by the test"
    LEVELS.clear()                                         # its fingers off every pin
    app = player.app

    def press(*names):
        for name in names:
            b = buttons.from_name(name)
            app.press(b)
            app.release(b)
        return app.lines
    return press


def save_a_board_from_setup(player, press):
    """Menu -> Set up by hand -> walls on a1 and h8 -> Save board: the message."""
    assert player.app.screen_name == "menu", player.app.lines
    press("DOWN", "LEFT")                                  # the board line, back to its last
    assert player.app.lines[2] == " Set up by hand", player.app.lines
    press("A")
    assert player.app.screen_name == "setup" and player.app.lines[2] == "c3: empty"
    assert press("UP", "UP", "LEFT", "LEFT", "A")[2] == "a1: wall"
    assert press("UP", "UP", "UP", "LEFT", "LEFT", "LEFT", "A")[2] == "h8: wall"
    press("B", "DOWN")
    assert player.app.lines[:2] == ["Setup menu", ">Save board"], player.app.lines
    press("A")
    return player.app.message


def test_with_b_at_reset_saved_boards_become_files_the_menu_lists(device, monkeypatch, tmp_path, capsys):
    import shutil
    from mapello.hardware import start
    from mapello.rules.boardfile import load_board
    from mapello.rules.position import parse_cell
    player, writes, display = device
    boards = tmp_path / "boards"
    boards.mkdir()
    shutil.copy(os.path.join(ROOT, "boards", "rulebook.txt"), boards / "rulebook.txt")
    the_game_owns_the_drive(monkeypatch)
    player.phase = "held by the test"                      # the test presses every button
    start.main(until=steps(3), boards_dir=str(boards))
    assert "saved boards go to boards/ as files" in capsys.readouterr().out
    assert player.app.message == "Boards save as files"
    press = take_over(player)
    assert save_a_board_from_setup(player, press) == "saved saved-1.txt"
    assert press("B", "DOWN", "A")[3] == "saved saved-2.txt"   # again: the next number
    assert sorted(os.listdir(boards)) == ["rulebook.txt", "saved-1.txt", "saved-2.txt"]
    # after a restart the menu offers them, by the names the files carry
    start.main(until=steps(3), boards_dir=str(boards))
    press = take_over(player)
    app = player.app
    assert app.screen_name == "menu", app.lines
    press("DOWN")
    count = int(app.lines[1].split("/")[1])
    names = []
    for _ in range(count):
        names.append(app.lines[2].strip())
        press("RIGHT")
    assert names[:3] == ["Rulebook example", "Saved 1", "Saved 2"], names
    while app.lines[2] != " Saved 1":
        press("RIGHT")
    walls = {c for c in range(100) if palette_get(app.frame, c) == WALL}
    assert walls == {parse_cell("a1"), parse_cell("h8")}   # its preview
    saved = load_board(str(boards / "saved-1.txt"))
    assert saved.position.walls == 1 << 11 | 1 << 88 and saved.description == "Own board"


def test_without_b_at_reset_no_file_is_written(device, monkeypatch, tmp_path, capsys):
    from mapello.hardware import start
    player, writes, display = device
    the_game_owns_the_drive(monkeypatch, readonly=True)
    start.main(until=steps(3), boards_dir=str(tmp_path))
    assert "hold B at reset to save boards as files" in capsys.readouterr().out
    said = save_a_board_from_setup(player, take_over(player))
    assert os.listdir(tmp_path) == [] and said == "no storage: not saved"


def test_a_full_drive_is_said_not_raised(tmp_path, monkeypatch):
    import builtins
    from mapello.hardware import boardfiles
    from mapello.rules.position import Position
    monkeypatch.setattr(boardfiles, "open", lambda path, mode: builtins.open("/dev/full", mode), raising=False)
    assert boardfiles.save_board_file(str(tmp_path), Position(), "Own board", None) == "not saved: drive full"
    assert os.listdir(tmp_path) == []
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    assert boardfiles.save_board_file(str(not_a_folder), Position(), "x", None).startswith("not saved: ")


def test_a_speaker_in_settings_toml_gives_the_app_its_sounds(device, monkeypatch):
    """MAPELLO_SPEAKER = "GP15" (a piezo): the App gets a list for its sound
    names, the loop plays them on Blinka's PWM; without it, no list."""
    import pwmio
    from mapello.hardware import start
    from mapello.hardware.sound import Sound
    made = []

    class Recorded(pwmio.PWMOut):
        def __init__(self, pin, **kwargs):
            super().__init__(pin, **kwargs)
            made.append(self)
    monkeypatch.setattr(pwmio, "PWMOut", Recorded)
    console = start.main(until=steps(3))
    assert console.app.sounds is None and made == []
    monkeypatch.setattr(board, "GP15", Pin(215), raising=False)
    monkeypatch.setenv("MAPELLO_SPEAKER", "GP15")
    console = start.main(until=steps(3))
    assert console.app.sounds == [] and isinstance(console.watchers[-1], Sound)
    console.app.sounds.append("move")
    console.step()
    assert made[-1].duty_cycle and made[-1].frequency == 1800 and console.app.sounds == []


def test_a_speaker_pin_that_cannot_sound_is_said_and_the_game_plays(device, monkeypatch, capsys):
    import pwmio
    from mapello.hardware import start

    def no_pwm(pin, **kwargs):
        raise ValueError("Invalid pin")
    monkeypatch.setattr(pwmio, "PWMOut", no_pwm)
    monkeypatch.setitem(sys.modules, "audioio", None)
    monkeypatch.setattr(board, "GP15", Pin(215), raising=False)
    monkeypatch.setenv("MAPELLO_SPEAKER", "GP15")
    console = start.main(until=steps(3))
    assert console.app.sounds is None
    said = "settings.toml: MAPELLO_SPEAKER is GP15: no PWM (Invalid pin) and no DAC on this pin"
    assert "Mapello: %s. Playing without sound." % said in capsys.readouterr().out
    assert console.app.message == said + "; playing without sound"


def settings_toml(monkeypatch, folder, text):
    """settings.toml as the board has it: the file (read for the keys it
    holds) and its values in the environment (what os.getenv reads here)."""
    import tomllib
    path = folder / "settings.toml"
    path.write_text(text)
    for key, value in tomllib.loads(text).items():
        monkeypatch.setenv(key, str(value))
    return str(path)


def test_a_key_buttons_on_pins_never_read_does_not_stop_the_board(device, monkeypatch):
    from mapello.hardware import start
    device[0].phase = "held by the test"
    monkeypatch.setenv("MAPELLO_SHIFT_COUNT", "7")
    monkeypatch.setenv("MAPELLO_SHIFT_KEYS", "1,2")
    console = start.main(until=steps(3))
    assert console.app.screen_name == "menu" and not console.app.message
    monkeypatch.setenv("MAPELLO_BUTTONS", "shift")               # read in shift mode: named
    assert start.main(until=lambda: True) == \
        "settings.toml: MAPELLO_SHIFT_KEYS is '1,2'; give 6 key numbers for UP DOWN LEFT RIGHT A B"


def test_a_misspelt_key_is_named_with_the_nearest_and_the_game_goes_on(device, monkeypatch, tmp_path, capsys):
    player, writes, display = device
    from mapello.hardware import start
    toml = settings_toml(monkeypatch, tmp_path, "MAPELLO_BRIGTHNESS = 60\nMAPELLO_SOUND = 0\n"
                                                "MAPELLO_THINK = 500\n")
    player.phase = "held by the test"
    console = start.main(until=steps(3), settings_file=toml)
    out = capsys.readouterr().out
    said = "settings.toml: MAPELLO_BRIGTHNESS is not a setting (ignored): did you mean MAPELLO_BRIGHTNESS?"
    assert "Mapello: " + said in out
    assert "Mapello: settings.toml: MAPELLO_THINK is not a setting (ignored): did you mean " \
           "MAPELLO_THINK_MS?" in out
    app = console.app
    assert app.message == said + " (1 more on serial)"          # on the display for a moment
    assert "MAPELLO_BRIGTHNESS" in " ".join(app.lines[1:])
    assert app.screen_name == "menu" and app.brightness == 20     # the default: the key is ignored
    player.t += 8000                                              # shown, then gone
    console.step()
    assert not app.message and app.lines[3] == "A start  </> change"
    player.phase = "idle"                                         # and the game goes on
    player.limit_ms = player.t + 3_000_000
    with pytest.raises(Done):
        console.run()
    assert player.model.pos.is_over()


def test_a_settings_file_that_is_not_utf8_is_named_by_line_and_the_game_goes_on(device, monkeypatch, tmp_path,
                                                                              capsys):
    """A Latin-1 é in a comment: CircuitPython's own reading of the file
    passes over it, and so does the game, saying which line (for a moment,
    and on serial).  In a value the game reads, os.getenv cannot give it a
    str (UnicodeError): the key and its line are shown, as any bad value is."""
    player, writes, display = device
    from mapello.hardware import start
    toml = tmp_path / "settings.toml"
    toml.write_bytes("# Mapello, réglages\nMAPELLO_SOUND = 0\n".encode("latin-1"))
    monkeypatch.setenv("MAPELLO_SOUND", "0")
    player.phase = "held by the test"
    console = start.main(until=steps(3), settings_file=str(toml))
    said = "settings.toml: line 1 is not UTF-8 text (not checked): save the file as UTF-8"
    assert "Mapello: " + said in capsys.readouterr().out
    app = console.app
    assert app.message == said and app.screen_name == "menu"
    assert "UTF-8" in " ".join(app.lines[1:])

    toml.write_bytes(b'MAPELLO_SOUND = 0\nMAPELLO_BUTTON_B = "GP\xe97"\n')

    def getenv(name):
        if name == "MAPELLO_BUTTON_B":
            raise UnicodeError()        # CircuitPython's os.getenv, for those bytes
        return os.getenv(name)
    assert start.main(getenv=getenv, until=lambda: True, settings_file=str(toml)) == \
        "settings.toml: MAPELLO_BUTTON_B (line 2) is not UTF-8 text: save the file as UTF-8"


def test_a_speaker_pin_the_board_lacks_is_named_and_the_game_plays(device, monkeypatch, capsys):
    from mapello.hardware import start
    device[0].phase = "held by the test"
    monkeypatch.setenv("MAPELLO_SPEAKER", "GP40")
    console = start.main(until=steps(3))
    said = "settings.toml: MAPELLO_SPEAKER is GP40: this board has no pin GP40"
    assert "Mapello: %s. Playing without sound." % said in capsys.readouterr().out
    assert console.app.message == said + "; playing without sound"
    assert console.app.sounds is None and console.app.screen_name == "menu"


@pytest.mark.parametrize("key, value", [("MAPELLO_MATRIX_ROTATION", "45"), ("MAPELLO_BRIGHTNESS", "500"),
                                        ("MAPELLO_BUTTONS", "joystick")])
def test_a_bad_setting_is_shown_on_the_display_it_names(device, monkeypatch, key, value):
    """settings.toml's bad value stops the hardware's build before the
    display is made: the display is made on its own to say so, the bad key
    read as its default."""
    monkeypatch.setenv(key, value)
    from mapello.hardware import start
    problem = start.main(until=lambda: True)
    assert problem.startswith("settings.toml: " + key)
    _, _, display = device
    assert any(bytes(display.fill_row(y, None)).strip(b"\0") for y in range(64))
