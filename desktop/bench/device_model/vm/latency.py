# What the latency model (desktop/bench/device_latency.py) runs in the VM under
# callgrind: the handheld from code.py to its first frame, then one of the
# scenarios below.  Every measured stretch starts at a marker and ends at
# one; the tool reads the instruction counts between them.  Its own
# arguments: the scenario (menu, game, think), 1 to mark inside each step
# (the App's press, tick and drawing, each import), 1 for the quick run,
# and the milliseconds the clock moves on for a slice of the search.
import handheld
from handheld import A, B, DOWN, LEFT, NOW, RIGHT, UP, mark, queue, step, steps
import _probe
import gc
import keypad
import sys

WHAT, DETAIL, QUICK, SLICE_MS = handheld.ARGS[:4]
DETAIL = DETAIL == "1"
QUICK = QUICK == "1"
SLICE_MS = int(SLICE_MS)
_probe.start(2000)

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
console = handheld.start()
mark("first_frame_shown")
app = console.app
screen = console.screen
print("PACE %d %d" % (handheld.STEP_MS, sys.modules["mapello.hardware.console"].WAKE_MS))
print("KEYS " + " ".join("%r %d" % made for made in keypad.MADE))
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
MEASURING = [False]              # the step of a measured press
POLLS = [False]                  # the steps whose reading of the queue is marked
for source in console.inputs:
    def poll(sink, now, read=source.poll):
        if POLLS[0]:
            mark("poll")
        read(sink, now)
    source.poll = poll

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


def tap(button, label):
    queue(button)
    mark(label)
    MEASURING[0] = POLLS[0] = True
    step()
    MEASURING[0] = POLLS[0] = False
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


def resting(times):
    """The loop's rest after a step, `times`, with a sleep that only marks:
    a marker at each look at the queue.  First the same call and marker
    with no look around them, whose cost the tool subtracts."""
    def sleep(seconds):
        mark("wake")

    def bare(seconds):
        mark("bare")
    for _ in range(8):
        bare(0)
    for _ in range(times):
        step()
        mark("rest")
        console.rest(sleep)
        mark("rested")


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
    POLLS[0] = True
    for _ in range(45 if QUICK else 80):
        mark("idle_step")
        step()
    mark("idle")
    resting(3)
    POLLS[0] = False
elif WHAT == "think":
    handheld.vs_hard()
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
