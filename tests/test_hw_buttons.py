"""Buttons on Blinka's pins, levels set by the test: the real keypad scanners
(Keys, ShiftRegisterKeys) and the digitalio polling fallback, mapped to the
App's buttons; plus the auto-repeat of held directions.

Blinka traps avoided: keypad's scanner thread is given an interval of an hour
and the scan is run by the test, so nothing depends on real time; deinit() is
never called (it never returns on Blinka).  Pin levels are set at the lowest
level: digitalio's Pin class reads them from LEVELS.
"""
import os
import sys

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import board  # noqa: E402
import digitalio  # noqa: E402
import pytest  # noqa: E402
from adafruit_blinka.microcontroller.generic_agnostic_board.pin import Pin  # noqa: E402

from mapello import buttons  # noqa: E402
from mapello.hardware import keys as hwkeys  # noqa: E402
from mapello.hardware.build import build_inputs  # noqa: E402
from mapello.hardware.repeat import Repeater  # noqa: E402
from mapello.hardware.settings import read_settings  # noqa: E402

HOUR = 3600.0


class Wire:
    """The electrical side: pin levels by pin id, and a 74HC165 model."""

    def __init__(self):
        self.levels = {}
        self.register = 0          # bit k = key k pressed (PyBadge: high when pressed)
        self.loaded = 0
        self.shifted = 0
        self.ids = {}


WIRE = Wire()


class LevelPin(Pin):
    """Blinka's generic pin, reading levels from WIRE instead of fixed values.
    The shift register freezes the buttons when latch goes high and shifts one
    bit out per rising clock edge, key 0 first (a 74HC165 on a PyBadge)."""

    def read(self):
        if self.id == SHIFT_DATA:
            return bool(WIRE.loaded >> WIRE.shifted & 1)
        return WIRE.levels.get(self.id, True)     # pull-up: high when not pressed

    def write(self, value):
        old = self.current_value
        super().write(value)
        if self.id == SHIFT_LATCH and value and not old:
            WIRE.loaded = WIRE.register
            WIRE.shifted = 0
        if self.id == SHIFT_CLOCK and value and not old:
            WIRE.shifted += 1


PIN_IDS = {"GP2": 202, "GP3": 203, "GP4": 204, "GP5": 205, "GP6": 206, "GP7": 207,
           "BUTTON_CLOCK": 220, "BUTTON_OUT": 221, "BUTTON_LATCH": 222}
SHIFT_CLOCK, SHIFT_DATA, SHIFT_LATCH = 220, 221, 222


@pytest.fixture
def wire(monkeypatch):
    WIRE.__init__()
    monkeypatch.setattr(digitalio, "Pin", LevelPin)
    for name, pin_id in PIN_IDS.items():
        monkeypatch.setattr(board, name, Pin(pin_id), raising=False)
    return WIRE


def press_pin(name, down=True):
    WIRE.levels[PIN_IDS[name]] = not down        # active low


class Sink:
    def __init__(self):
        self.log = []

    def press(self, b):
        self.log.append(("press", buttons.NAMES[b]))

    def release(self, b):
        self.log.append(("release", buttons.NAMES[b]))


def scan(source):
    source.keys._scanning_function()             # what keypad's thread does every interval


PICO = {"MAPELLO_BUTTON_UP": "GP2"}


def test_keypad_keys_on_pins(wire):
    settings = read_settings(PICO.get)
    pins = [getattr(board, n) for n in settings.button_pins]
    source = hwkeys.pin_keys(pins, settings.active_low, settings.pull, interval=HOUR)
    assert isinstance(source, hwkeys.KeypadInput)
    sink = Sink()
    scan(source)
    source.poll(sink, 0)
    assert sink.log == []                        # nothing held at start
    press_pin("GP6")                             # A
    press_pin("GP2")                             # UP
    scan(source)
    source.poll(sink, 20)
    press_pin("GP6", down=False)
    scan(source)
    source.poll(sink, 40)
    assert sink.log == [("press", "UP"), ("press", "A"), ("release", "A")]
    event = source.event
    press_pin("GP7")
    scan(source)
    source.poll(sink, 60)
    assert source.event is event                 # one Event, reused: no allocation per press
    assert sink.log[-1] == ("press", "B")


def test_build_inputs_uses_keypad_for_pins(wire):
    source = build_inputs(read_settings(PICO.get), board)
    interval = source.keys._interval
    source.keys._interval = HOUR                 # quiet Blinka's scanner thread for the rest of the run
    assert interval <= 0.01                      # a press waits at most 10 ms for keypad's scan
    assert isinstance(source, hwkeys.KeypadInput)
    assert list(source.key_map) == [0, 1, 2, 3, 4, 5]


def test_polling_fallback_when_keypad_is_missing(wire, monkeypatch):
    monkeypatch.setitem(sys.modules, "keypad", None)      # import keypad -> ImportError
    settings = read_settings(PICO.get)
    source = build_inputs(settings, board)
    assert isinstance(source, hwkeys.PollingInput)
    sink = Sink()
    source.poll(sink, 0)
    press_pin("GP4")                             # LEFT goes down ...
    source.poll(sink, 100)
    press_pin("GP4", down=False)                 # ... bounces up ...
    source.poll(sink, 105)
    press_pin("GP4")                             # ... and down again
    source.poll(sink, 110)
    source.poll(sink, 125)
    assert sink.log == []                        # not yet 20 ms steady
    source.poll(sink, 130)
    assert sink.log == [("press", "LEFT")]
    source.poll(sink, 200)
    press_pin("GP4", down=False)
    source.poll(sink, 300)
    source.poll(sink, 319)
    assert sink.log == [("press", "LEFT")]
    source.poll(sink, 320)
    assert sink.log == [("press", "LEFT"), ("release", "LEFT")]


def test_polling_reads_active_high_buttons(wire, monkeypatch):
    monkeypatch.setitem(sys.modules, "keypad", None)
    settings = read_settings({"MAPELLO_BUTTONS_ACTIVE": "high", "MAPELLO_BUTTONS_PULL": "0"}.get)
    for name in ("GP2", "GP3", "GP4", "GP5", "GP6", "GP7"):
        WIRE.levels[PIN_IDS[name]] = False           # pulled down externally: released
    source = build_inputs(settings, board)
    sink = Sink()
    source.poll(sink, 0)
    WIRE.levels[PIN_IDS["GP5"]] = True
    source.poll(sink, 10)
    source.poll(sink, 40)
    assert sink.log == [("press", "RIGHT")]


def test_pybadge_shift_register_keys(wire):
    settings = read_settings({"MAPELLO_BUTTONS": "shift"}.get)
    source = build_inputs(settings, board)
    assert isinstance(source, hwkeys.KeypadInput)
    interval = source.keys._interval
    source.keys._interval = HOUR                 # keep Blinka's thread asleep; the test scans
    assert interval <= 0.01
    sink = Sink()
    scan(source)                                 # the first scan reads what was latched at start
    # PyBadge register bits: B=0 A=1 START=2 SELECT=3 RIGHT=4 DOWN=5 UP=6 LEFT=7
    for bit, name in ((6, "UP"), (5, "DOWN"), (7, "LEFT"), (4, "RIGHT"), (1, "A"), (0, "B")):
        wire.register = 1 << bit
        scan(source)
        wire.register = 0
        scan(source)
        source.poll(sink, 0)
        assert sink.log[-2:] == [("press", name), ("release", name)]
    wire.register = 1 << 2 | 1 << 3              # START and SELECT: not game buttons
    scan(source)
    before = len(sink.log)
    source.poll(sink, 0)
    assert len(sink.log) == before


def test_missing_pin_names_the_key(wire):
    # both from the modules as they are now: another test's App may have
    # unloaded and imported them again since this file imported them
    from mapello.hardware.build import SettingsError, build_inputs
    with pytest.raises(SettingsError, match="MAPELLO_BUTTON_A is GP99: this board has no pin GP99"):
        build_inputs(read_settings({"MAPELLO_BUTTON_A": "GP99"}.get), board)


def test_held_direction_repeats_after_a_delay():
    r = Repeater(delay_ms=350, interval_ms=90)
    r.pressed(buttons.LEFT, 1000)
    assert r.due(1100) == -1 and r.due(1349) == -1
    assert r.due(1350) == buttons.LEFT
    assert r.due(1351) == -1
    assert r.due(1440) == buttons.LEFT
    assert r.due(1530) == buttons.LEFT
    assert r.due(5000) == buttons.LEFT           # after a stall: one repeat, not a burst
    assert r.due(5001) == -1
    r.released(buttons.LEFT, 5002)
    assert r.due(9000) == -1


def test_only_directions_repeat_and_the_last_one_wins():
    r = Repeater(delay_ms=300, interval_ms=100)
    r.pressed(buttons.A, 0)
    assert r.due(1000) == -1
    r.pressed(buttons.UP, 0)
    r.pressed(buttons.RIGHT, 100)
    assert r.due(350) == -1 and r.due(400) == buttons.RIGHT
    r.released(buttons.UP, 410)                   # not the repeating one
    assert r.due(500) == buttons.RIGHT


class RecordingApp(Sink):
    """What the Console feeds: the presses and releases it passes on."""

    def __init__(self):
        Sink.__init__(self)
        self.frame = bytearray(300)
        self.lines = ["", "", "", ""]
        self.version = 0
        self.brightness = 50
        self.message = ""

    def tick(self):
        pass


def test_a_release_lost_when_keypads_queue_overflowed_stops_the_repeat(wire):
    """The loop stalls while the player presses more than keypad's queue
    holds: the release of a held direction is lost.  The next poll sees the
    queue overflowed, clears it and releases every button held, through the
    Console to the repeater (the direction stops repeating) and the App; a
    key still down then does not come back as a new press."""
    import keypad
    from mapello.hardware.console import Console
    pins = [getattr(board, n) for n in read_settings(PICO.get).button_pins]
    keys = keypad.Keys(pins, value_when_pressed=False, pull=True, interval=HOUR, max_events=4)
    source = hwkeys.KeypadInput(keys, bytearray(range(len(pins))))
    app, clock = RecordingApp(), [0]
    con = Console(app, None, [source], None, lambda: clock[0], repeater=Repeater(350, 90))

    def step(at):
        clock[0] = at
        con.step()

    scan(source)
    press_pin("GP3")                             # DOWN
    press_pin("GP7")                             # B
    scan(source)
    step(0)
    step(400)                                    # DOWN repeats after its delay
    assert app.log == [("press", "DOWN"), ("press", "B"), ("press", "DOWN")]
    del app.log[:]
    for _ in range(2):                           # the loop stalls: A twice fills the queue ...
        press_pin("GP6")
        scan(source)
        press_pin("GP6", down=False)
        scan(source)
    press_pin("GP3", down=False)                 # ... and DOWN's release is lost
    scan(source)
    assert keys.events.overflowed
    step(450)
    assert not keys.events.overflowed and not keys.events
    assert app.log == [("release", "DOWN"), ("release", "B")]
    for at in range(500, 3000, 50):              # no repeat, and B (still down) is no new press
        scan(source)
        step(at)
    assert app.log == [("release", "DOWN"), ("release", "B")]
    press_pin("GP7", down=False)                 # B's release, told again: no harm
    scan(source)
    press_pin("GP5")                             # RIGHT, a new press, goes through
    scan(source)
    step(3000)
    assert app.log[2:] == [("release", "B"), ("press", "RIGHT")]
