# The handheld in the MicroPython VM, for the model's programs (latency.py,
# series.py): the board's stand-ins, the drive's root (the current folder)
# and its lib/ on sys.path, in CircuitPython's order; the NVM filled
# from its image; code.py's own entry point run to the first frame; and
# buttons pressed through keypad's queue, the clock moved on as the loop
# runs.  Its arguments: the stand-ins' folder, lib/, the NVM image, then the
# program's own.  The stand-ins come first, as the C modules are built in.
import sys

BOARD, LIB, NVM = sys.argv[1:4]
ARGS = sys.argv[4:]
sys.path[0] = ""          # the drive's root, as on the device
sys.path.insert(0, BOARD)
sys.path.append(LIB)
import _probe, __future__, microcontroller, board, digitalio, neopixel_write, adafruit_pixelbuf
import busio, i2cdisplaybus, busdisplay, displayio, fontio, terminalio, bitmaptools
import keypad, supervisor, storage
import gc
try:                      # an RP2040 install's native search: its code's room on the board
    import native_code_room  # noqa: F401 (desktop/bench/min_heap.py's compile_package writes it)
except ImportError:
    pass

with open(NVM, "rb") as f:
    microcontroller.nvm = bytearray(f.read())
mark = _probe.mark
NOW = supervisor.NOW
UP, DOWN, LEFT, RIGHT, A, B = 0, 1, 2, 3, 4, 5
STEP_MS = 10              # the loop's pace, read from the game once it runs
console = None
app = None


def start(seed=None):
    """code.py's main, until the first frame is on the LEDs; returns the Console.
    seed: the App's seed in place of os.urandom's (a run that repeats: the
    random boards and the computer's choices follow it)."""
    global console, app, STEP_MS
    try:                  # as code.py sets it: no line numbers in what compiles now
        from micropython import opt_level
        opt_level(3)
    except ImportError:
        pass
    if seed is not None:
        import mapello.hardware.launch as launch
        launch.seed = lambda: seed
    from mapello.hardware.start import main
    console = main(until=lambda: _probe.wires[0] > 0)
    app = console.app
    STEP_MS = sys.modules["mapello.hardware.console"].STEP_MS
    return console


def step(dt=None):
    NOW[0] += STEP_MS if dt is None else dt
    console.step()


def steps(n, dt=None):
    for _ in range(n):
        step(dt)


def queue(button):
    """A press and its release, queued as keypad queues them."""
    keypad.QUEUE.append((button, True))
    keypad.QUEUE.append((button, False))


def to_row(prefix):
    """Down the menu until its selected row starts with `prefix`."""
    n = 0
    while not app.lines[1].startswith(prefix):
        queue(DOWN)
        steps(3)
        n += 1
        if n > 20:
            raise SystemExit("no menu row " + prefix)


def change_to(text):
    """Right on the selected menu row until it reads `text`."""
    n = 0
    while app.lines[1] != text:
        queue(RIGHT)
        steps(3)
        n += 1
        if n > 20:
            raise SystemExit("no menu value " + text)


def vs_hard(games=None):
    """From the menu: a series against the hard level (of `games` games)."""
    steps(30)
    change_to(">Mode: vs computer")
    to_row(">Level")
    change_to(">Level: hard")
    if games is not None:
        to_row(">Series")
        change_to(">Series: %d game%s" % (games, "" if games == 1 else "s"))
