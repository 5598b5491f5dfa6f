"""How long the handheld takes to answer: a button press to the LEDs, a move
to its first flip frame, a menu press to the display's text, code.py to the
first frame, and the loop's pace; estimated for an RP2040.

  .venv/bin/python -m desktop.bench.device_latency [--heap 256K] [--factor 1.0] [--vm PATH]
                                           [--only startup,game,menu,think] [--mpy] [--detail]
                                           [--quick] [--write-docs [FILE]]

How: the game runs in the MicroPython VM (the `micropython` command that
./test.sh installs) under valgrind's callgrind, from code.py's own entry point
(mapello.hardware.start.main) on the model of the board in desktop/bench/device_model:
small Python stand-ins for CircuitPython's C modules, whose methods do next
to nothing, and the Adafruit libraries the device loads, as deploy.sh copies
them to lib/, compiled from source at import as on the device.  Buttons go
in through the keypad stand-in's event queue, so a press takes the device's
path: Console.step, the App, the Matrix adapter, the TextScreen.  The
scenarios are desktop/bench/device_model/vm/latency.py.

Callgrind dumps its instruction count each time a marker runs (micropython.kbd_intr,
called by _probe.mark): at a press, where its step reads keypad's queue, at
the matrix's wire write (neopixel_write), at a save's first write into the
flash, at the display's refresh and after its text is set, around each
slice of the computer's search.  A count between two markers is exact and
the same on every run (a marker adds a few instructions of its own).
Device time = VM instructions x 2.5 cycles / 125 MHz (the
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

A press from the pin going low adds two waits to its step's own work:
keypad's scan (in C, in the tick interrupt: every `interval`, counted in
ticks of 1/1024 s, an event queued once debounce_threshold scans agree; a
press comes at a moment uniformly random against the scans) and the loop's
(its reading of the queue comes after the App's tick, at the loop's pace; a
queued event ends its rest).  The loop's timeline is the idle steps of a game
as counted, an event queued at every moment of it; the three parts are
independent, so their distributions convolve, which gives the median and
the worst case.  The same model with the settings the firmware was measured
with is printed beside the firmware's own figures (FIRMWARE_*).

The firmware's own start (reset to code.py, boot.py included) is not run
here: it is the 2.7 s measured in the emulator, added as a constant.

--write-docs rewrites the latency block of docs/MEASUREMENTS.md (or of
FILE) with these figures; it needs every scenario and --mpy.  With --quick
it writes a block of the same form from fewer presses and a shorter think,
as its last line's counts say.
"""
import argparse
import os
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

from desktop.bench import device_cost  # the VM, the calibration
from desktop.bench import measurements
from desktop.bench.device_model import drive

CYCLES_PER_INSTR = device_cost.CYCLES_PER_INSTR
CLOCK_HZ = device_cost.CLOCK_HZ
FIRMWARE_MS = 2700          # reset to code.py, measured in the emulator
WS2812_MS = 100 * 24 * 1.25e-3 + 0.28
I2C_BYTE_MS = 9 / 400.0     # one byte at 400 kHz
PAGE_BYTES = 128 + 12       # a page of the 128x32 SSD1306 and its addressing
PAGE_MS = PAGE_BYTES * I2C_BYTE_MS
FLASH_PAGE_MS = 0.8
FLASH_ERASE_MS = 45.0

# Measured on CircuitPython 10.2.1 firmware for the Pico in an RP2040
# emulator, from the pin going low, before the loop woke for a queued press
# and keypad scanned every 10 ms (it scanned every 20 ms, keypad's default,
# and the loop slept out each 10 ms period).
FIRMWARE_DIRECTION = (32.7, 59.8)             # median, max ms, compiled
FIRMWARE_MOVE = (45.0, 69.0, 81.0)            # median, max compiled, max from source
FIRMWARE_KEYPAD = (0.02, 1)                   # keypad's interval (s) and debounce_threshold then
GOAL_DIRECTION = (30.0, 40.0)                 # median, max
GOAL_MOVE_MAX = 60.0
BIN_MS = 0.05                                 # the press model's resolution


def scan_ms(interval):
    """keypad's scan period: it counts `interval` in ticks of 1/1024 s."""
    return int(interval * 1024) * 1000.0 / 1024


def queueing_scan(threshold):
    """Which scan that sees a press queues it, with keypad's debounce_threshold."""
    ordinals = ("first", "second", "third")
    return ordinals[threshold - 1] if threshold <= len(ordinals) else "%dth" % threshold


def loop_timeline(run, fig):
    """The idle loop's steps as (work ms, ms from the step's start to its
    reading of the queue), in order."""
    starts = run.indexes("idle_step")
    ends = starts[1:] + [run.at("idle", starts[-1])]
    steps = []
    for a, b in zip(starts, ends):
        p = run.at("poll", a, b)
        steps.append((fig.ms(run.between(a, b)), fig.ms(run.between(a, p))))
    return steps


def polled_to_wire(run, label, fig):
    """For each press `label`: ms from its step reading the queue to the
    wire write's end (the WS2812 time included)."""
    out = []
    for i in run.indexes(label):
        p = run.at("poll", i)
        w = run.at("wire", p)
        out.append(fig.ms(run.between(p, w)) + WS2812_MS)
    return out


def waits(timeline, step_ms, wake_ms):
    """How long a queued event waits for the loop to read it: one figure per
    BIN_MS of the timeline, for an event queued at that moment.  The loop
    steps at the pace of step_ms, resting out each period after a quick
    step; wake_ms None: it sleeps the rest through; otherwise it looks at
    the queue every wake_ms while it rests and steps at once when it finds
    an event (or when the step that read the queue ends with one queued)."""
    starts = [0.0]
    for work, _ in timeline:
        starts.append(starts[-1] + max(step_ms, work))
    out = []
    for k in range(len(timeline) - 1):
        s, (work, poll) = starts[k], timeline[k]
        nxt, next_poll = starts[k + 1], timeline[k + 1][1]
        e = s
        while e < nxt:
            if e <= s + poll:
                picked = s + poll
            elif wake_ms is None:
                picked = nxt + next_poll
            elif e < s + work:                 # read after the step that missed it
                picked = s + work + next_poll
            else:                              # resting: the next look at the queue
                looks = -(-(e - s - work) // wake_ms)
                picked = min(s + work + looks * wake_ms, nxt) + next_poll
            out.append(picked - e)
            e += BIN_MS
    return out


def histogram(values):
    counts = {}
    for v in values:
        b = int(round(v / BIN_MS))
        counts[b] = counts.get(b, 0) + 1
    return counts


def press_model(wait_values, handling, interval, threshold):
    """(median, max) ms from the pin going low to the frame on the LEDs: the
    wait for keypad's scans (the press comes at a moment uniformly random
    against them: the first scan after it, then threshold - 1 more), the
    wait for the loop, and the step's handling (each measured press weighs
    the same); independent, so their distributions convolve."""
    period = scan_ms(interval)
    first = (threshold - 1) * period
    scans = [first + i * BIN_MS for i in range(int(period / BIN_MS))]
    total = {}
    loop = histogram(wait_values)
    keys = histogram(scans)
    for kb, kn in keys.items():
        for lb, ln in loop.items():
            total[kb + lb] = total.get(kb + lb, 0) + kn * ln
    dist = {}
    for h in handling:
        hb = int(round(h / BIN_MS))
        for b, n in total.items():
            dist[b + hb] = dist.get(b + hb, 0) + n
    half = sum(dist.values()) / 2.0
    seen = 0
    for b in sorted(dist):
        seen += dist[b]
        if seen >= half:
            median = b * BIN_MS
            break
    return median, first + period + max(wait_values) + max(handling)

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
    return led, shown if text is not None else None


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
    return total, shown, (nbytes, pages, flash, before_wire)


def report_directions(run, fig):
    got = press_to_wire(run, "direction", fig)
    worst = [t + (pages * PAGE_MS if text else 0.0) for t, text, pages in got]
    texts = [fig.ms(text) for _, text, _ in got if text]
    line = "  direction press to the LEDs: %s" % span([t for t, _, _ in got])
    shown = None
    if texts:
        line += (" (of it the display's text, set before the LEDs: %s; up to %s when displayio's "
                 "refresh of that text runs before the matrix write)" % (span(texts), span(worst)))
    else:
        shown = press_to_text(run, "direction", fig)
        line += (" (the display's text after them: %s to its last byte over I2C)"
                 % span([t for t, _ in shown]) if shown else " (the display's text after them)")
    print(line)
    return {"leds": [t for t, _, _ in got], "worst": worst,
            "text": [t for t, _ in shown] if shown else None}


def report_idle(run, fig):
    starts = run.indexes("idle_step")
    ends = starts[1:] + [run.at("idle", starts[-1])]           # the whole step, to the next one
    costs = [fig.ms(run.between(i, j)) for i, j in zip(starts, ends)]
    mean = sum(costs) / len(costs)
    step_ms = int(run.output("PACE")[0][0])
    print("  idle loop in a game: %.2f ms of work a step on average, %.1f ms at most; "
          "%d steps/s with the loop's %d ms pace, %d steps/s if it never slept"
          % (mean, max(costs), min(1000 / step_ms, 1000 / mean), step_ms, 1000 / mean))
    return mean, max(costs), step_ms


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
    return 1000 * len(ticks) / total, len(slices), sum(slices) / len(slices), max(slices)


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
    return first, len(each), sum(each), max(each)


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
    return costs

def report_from_the_pin(early, late, fig):
    """A press from the pin going low, as the game scans and rests, and
    as the firmware was measured; the firmware's figures beside them."""
    pace = early.output("PACE")[0]
    step_ms, wake_ms = int(pace[0]), int(pace[1])
    made = early.output("KEYS")[0]
    interval, threshold = float(made[0]), int(made[1])
    timeline = loop_timeline(early, fig)
    now, before = waits(timeline, step_ms, wake_ms), waits(timeline, step_ms, None)
    directions = polled_to_wire(early, "direction", fig)
    moves = polled_to_wire(early, "move", fig) + polled_to_wire(late, "move", fig)
    d_now = press_model(now, directions, interval, threshold)
    m_now = press_model(now, moves, interval, threshold)
    d_then = press_model(before, directions, *FIRMWARE_KEYPAD)
    m_then = press_model(before, moves, *FIRMWARE_KEYPAD)
    print("from the pin going low (keypad scans every %.1f ms and queues a press at the %s scan "
          "that sees it; the loop rests out its %d ms, looking at the queue every %d ms):"
          % (scan_ms(interval), queueing_scan(threshold), step_ms, wake_ms))
    print("  direction press to the LEDs: median %.1f ms, at most %.1f ms (goal: median %.0f, at most %.0f)"
          % (d_now + GOAL_DIRECTION))
    print("  own move (A) to the first flip frame: median %.1f ms, at most %.1f ms (goal: at most %.0f)"
          % (m_now + (GOAL_MOVE_MAX,)))
    print("  the same with the firmware's settings when it was measured (keypad every %.1f ms, the "
          "loop sleeping out its %d ms): direction median %.1f ms, at most %.1f; own move median "
          "%.1f, at most %.1f" % ((scan_ms(FIRMWARE_KEYPAD[0]), step_ms) + d_then + m_then))
    print("  measured on CircuitPython 10.2.1 firmware in an RP2040 emulator, as it was: direction "
          "median %.1f ms, at most %.1f (compiled); own move median %.0f, at most %.0f compiled, %.0f "
          "from source" % (FIRMWARE_DIRECTION + FIRMWARE_MOVE))
    looks = [early.between(i, i + 1) for i in early.indexes("wake") if early.marks[i + 1][0] == "wake"]
    bare = [early.between(i, i + 1) for i in early.indexes("bare") if early.marks[i + 1][0] == "bare"]
    if looks and bare:
        look = fig.ms(sum(looks) / len(looks) - sum(bare) / len(bare))
        print("  a look at the queue while the loop rests: %.1f us, %.1f %% of the CPU at one every %d ms"
              % (look * 1000, 100 * look / wake_ms, wake_ms))
    return {"direction": d_now, "move": m_now, "direction_then": d_then, "move_then": m_then,
            "scan": scan_ms(interval), "threshold": threshold, "step": step_ms, "wake": wake_ms,
            "scan_then": scan_ms(FIRMWARE_KEYPAD[0])}


def latency_block(got):
    """The latency block of docs/MEASUREMENTS.md: the figures printed above."""
    pin = got["pin"]
    d, m = pin["direction"], pin["move"]
    d0, m0 = pin["direction_then"], pin["move_then"]
    direction = got["direction"]
    early, late = got["early"], got["late"]
    src, mpy = got["source"], got["mpy"]
    start = got["start"]
    think = got["think"]
    idle_mean, idle_max, step_ms = got["idle"]
    nbytes, pages, flash, before = early[2]
    both = "the LEDs; the first flip frame"
    rows = [
        ("a direction press, from the pin going low", "the LEDs",
         "median **%.1f ms**, at most **%.1f**" % d,
         "median %.0f ms, at most %.0f" % GOAL_DIRECTION),
        ("your move (A), from the pin going low", "the first flip frame",
         "median **%.1f ms**, at most **%.1f**" % m, "at most %.0f ms" % GOAL_MOVE_MAX),
        ("the same two, with the firmware's settings when it was measured (keypad every %.1f ms, "
         "the loop sleeping out its %d ms)" % (pin["scan_then"], pin["step"]), both,
         "direction median %.1f ms, at most %.1f; move median %.1f, at most %.1f" % (d0 + m0), ""),
        ("the same two, measured on CircuitPython 10.2.1 firmware in an RP2040 emulator, with "
         "those settings", both,
         "direction median %.1f ms, at most %.1f (compiled); move median %.0f, at most %.0f "
         "compiled, %.0f from source" % (FIRMWARE_DIRECTION + FIRMWARE_MOVE), ""),
        ("a direction press, from the step that reads it", "the LEDs; its text on the display",
         "%s; %s" % (span(direction["leds"]), span(direction["text"]) if direction["text"] else "-"),
         ""),
        ("your move, move 5 / %d, from the step that reads it" % got["late_move"],
         "the first flip frame; its text on the display",
         "%.1f / %.1f ms; %.1f / %.1f ms" % (early[0], late[0], early[1], late[1]), ""),
        ("a menu press, from the step that reads it", "the display's text", span(got["menu"]), ""),
        ("the game loop, idle", "work in a %d ms step" % step_ms,
         "%.2f ms on average, %.1f at most" % (idle_mean, idle_max), ""),
        ("the loop while the hard level thinks", "steps",
         "%.0f a second; a slice of 8 nodes %.1f ms on average, %.1f at most" % (think[0], think[2], think[3]),
         ""),
        ("`code.py`, from `.py` / `.mpy`, a game saved", "the first frame; the menu's text",
         "%.2f / %.2f s; %.2f / %.2f s" % (src[0] / 1000, mpy[0] / 1000, src[1] / 1000, mpy[1] / 1000), ""),
        ("a garbage collection", "", span(got["gc"]), ""),
        ("A that starts a game against the computer, from `.py`", "the first frame",
         "%.2f s" % (start[0] / 1000), ""),
        ("the computer's code loading, from `.py`, after that frame", "the longest loop step",
         "%.2f s (one module a step, %d steps, %.2f s in all)" % (start[3] / 1000, start[1], start[2] / 1000),
         ""),
    ]
    return measurements.table(("from", "to", "estimate", "goal"), rows) + [
        "",
        "From the pin going low: keypad scans every %.1f ms and queues a press at the %s scan "
        "that sees it, and the loop rests out its %d ms looking at the queue every %d ms; "
        "the firmware's figures were measured before that, as the row above them models. "
        "A move's save (%d bytes, %d flash page%s, %.1f ms) is written %s its first frame. "
        "Add the firmware's own %.1f s from reset to `code.py`. Counted over %d direction "
        "presses, %d moves, %d menu presses and %d slices of the hard level's search."
        % (pin["scan"], queueing_scan(pin["threshold"]),
           pin["step"], pin["wake"], nbytes, pages, "" if pages == 1 else "s", flash,
           "before" if before else "after", FIRMWARE_MS / 1000, len(direction["leds"]),
           got["moves"], len(got["menu"]), think[1]),
    ]


def run_scenario(work, what, nvm, heap, cwd=drive.ROOT, lib=None, quick=False, detail=False):
    out = tempfile.mkdtemp(prefix="cg-", dir=work)
    cmd = (["valgrind", "--tool=callgrind", "--dump-before=mp_micropython_kbd_intr",
            "--callgrind-out-file=" + os.path.join(out, "cg.out")]
           + drive.vm_command("latency", heap, lib or os.path.join(work, "lib"), nvm, what,
                              int(detail), int(quick), 8))
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


def print_detail(run, fig, label):
    """Each press `label`: the markers inside its step, in ms from the press."""
    for i in run.indexes(label):
        j = run.at("end", i)
        print("  %s: %s" % (label, ", ".join("%s %.2f" % (run.marks[k][0], fig.ms(run.between(i, k)))
                                              for k in range(i + 1, j + 1))))


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
    measurements.add_flag(p)
    p.add_argument("--detail", action="store_true",
                   help="also the markers inside each measured press's step (the App's press, tick "
                        "and drawing); they add their own few instructions")
    args = p.parse_args()
    device_cost.VM[0] = args.vm
    if args.write_docs and (args.only != p.get_default("only") or not args.mpy or args.detail):
        raise SystemExit("--write-docs writes every figure of the block: run it with --mpy, "
                         "every scenario and no --detail")
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind not found (Debian: apt-get install valgrind)")
    only = set(args.only.split(","))
    fig = Figures(args.factor)
    work = tempfile.mkdtemp(prefix="mapello-latency-")
    try:
        lib = drive.make_lib(work)
        nvm = {}
        for name, plies in (("early", 4), ("late", args.late), ("blank", -1)):
            nvm[name] = os.path.join(work, "nvm-%s.bin" % name)
            drive.nvm_image(nvm[name], plies)
        jobs = {}
        common = dict(quick=args.quick, detail=args.detail)
        if only & {"startup", "menu"}:
            jobs["menu"] = ((work, "menu", nvm["early"], args.heap), common)
        if "game" in only:
            jobs["early"] = ((work, "game", nvm["early"], args.heap), common)
            jobs["late"] = ((work, "game", nvm["late"], args.heap), common)
        if "think" in only:
            jobs["think"] = ((work, "think", nvm["blank"], args.heap), common)
        if args.mpy and "startup" in only:
            # the bytecode search: the VM's own machine code says nothing of an
            # RP2040's time (the native search's is measured on the firmware:
            # docs/MEASUREMENTS.md, block search-firmware)
            mdrive, mlib = drive.make_mpy_drive(work, lib, native=False)
            jobs["mpy"] = ((work, "menu", nvm["early"], args.heap), dict(common, cwd=mdrive, lib=mlib))
        with ThreadPoolExecutor(max_workers=min(len(jobs), os.cpu_count() or 2)) as pool:
            futures = {k: pool.submit(run_scenario, *a, **kw) for k, (a, kw) in jobs.items()}
            runs = {k: f.result() for k, f in futures.items()}
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("Mapello Handheld on an RP2040, estimated: MicroPython VM instructions (64-bit, %s heap, "
          "counted by callgrind) x %.1f cycles / %.0f MHz x factor %.2f, plus the buses"
          % (args.heap, CYCLES_PER_INSTR, CLOCK_HZ / 1e6, args.factor))
    print("  (WS2812 %.2f ms a frame; SSD1306 %.2f ms of I2C at 400 kHz per changed text line; "
          "flash %.1f ms per page programmed)" % (WS2812_MS, PAGE_MS, FLASH_PAGE_MS))
    got = {}
    if "startup" in only:
        got["source"] = report_startup(runs["menu"], fig, "from .py source (deploy.sh --source, or offline)")
        if "mpy" in runs:
            got["mpy"] = report_startup(runs["mpy"], fig, "from .mpy files (deploy.sh's default)")
    print("responsiveness, from the step that reads the press:")
    if "game" in only:
        got["direction"] = report_directions(runs["early"], fig)
        got["early"] = report_game(runs["early"], fig, "early (move %d)" % 5)
        got["late"] = report_game(runs["late"], fig, "late (move %d)" % (args.late + 1))
    if only & {"startup", "menu"}:
        got["menu"] = report_menu(runs["menu"], fig)
    if "game" in only:
        got["idle"] = report_idle(runs["early"], fig)
    if "think" in only:
        got["start"] = report_game_start(runs["think"], fig)
        got["think"] = simulate_thinking(runs["think"], fig)
    if "game" in only:
        got["gc"] = report_gc(runs["early"], fig)
        got["pin"] = report_from_the_pin(runs["early"], runs["late"], fig)
        got["moves"] = len(runs["early"].indexes("move")) + len(runs["late"].indexes("move"))
    got["late_move"] = args.late + 1
    if args.detail:
        print("inside the measured steps (ms from the press):")
        for name, run in sorted(runs.items()):
            for label in ("direction", "move", "menu_press"):
                print_detail(run, fig, label)
    if args.write_docs:
        measurements.write_block(args.write_docs, "latency", latency_block(got))


if __name__ == "__main__":
    main()
