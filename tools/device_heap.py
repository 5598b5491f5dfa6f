# desktop-only
"""Does the whole handheld fit a board's heap? code.py's own entry point
plays a two-game series against the hard level (hints choose your moves;
game over, replay, next game, series end), at each heap size given; with
--games 9, an evening's series.

  .venv/bin/python tools/device_heap.py [--heaps 176,192,208] [--vm PATH]
                                        [--mpy-cross PATH] [--games N] [--series N]

The board is modelled as in tools/device_latency.py: the MicroPython VM runs
mapello.hardware.start.main with small Python stand-ins for CircuitPython's
C modules and the Adafruit libraries deploy.sh installs, compiled from
source at import as on the device (or, with --mpy-cross, the game and the
libraries compiled first, as deploy.sh copies them by default).

What the figures mean for a board: objects are about 1.4 times their
device size in the project's 64-bit VM, so for a Pico's figures give --vm a
32-bit build of MicroPython's unix port (built from MicroPython's source
with -m32; not part of this project).  The stand-ins, this script and the
4 KiB NVM image take heap that on the board they do not: the figure printed
as "before code.py" is that part, to subtract.  A Pico starts code.py with
about 154 KB free.  Each figure is followed, in brackets, by the same less
the pool of interned names: that pool grows in blocks allocated whenever a
new name comes, so the first figure jumps by a few KB with the layout, and
the bracketed one is what to compare between two versions of the code.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import device_cost  # noqa: E402  (the VM)
import device_latency  # noqa: E402  (the stand-ins, the libraries, the NVM image)

SERIES = r'''
def press(b, n=10):
    keypad.QUEUE.append((b, True))
    keypad.QUEUE.append((b, False))
    steps(n)
    if app.last_error:
        raise SystemExit("the app recovered from " + app.last_error)


def line(i):
    return app.lines[i]


def until(test, what, limit=6000):
    n = 0
    while not test():
        step()
        n += 1
        if app.last_error:
            raise SystemExit("the app recovered from " + app.last_error)
        if n > limit:
            raise SystemExit("waited for %s: %r" % (what, app.lines))


gc.collect()
print("HEAP first frame %d" % gc.mem_alloc())
micropython.qstr_info()
steps(30)
change_to(">Mode: vs computer")             # device_latency's menu walk
to_row(">Level")
change_to(">Level: hard")
to_row(">Series")
change_to(">Series: %d game%s" % (GAMES, "" if GAMES == 1 else "s"))
games = moves = 0
for series in range(1, SERIES + 1):         # each from the menu, where the last one ended
    press(A)
    gc.collect()
    print("HEAP series%d %d" % (series, gc.mem_alloc()))
    micropython.qstr_info()
    while True:
        until(lambda: not (line(1).endswith("thinking") or line(1) == "game over"), "the computer")
        if "(+" not in line(0):             # the game-over screen
            games += 1
            until(lambda: "B replay" in line(3), "the game-over keys")
            over = "A menu" in line(3)
            for b in (B, RIGHT, UP, B, A):  # the replay, a step, back, next game or menu
                press(b)
            if over:
                break
            continue
        if line(1).endswith("pass, A"):
            press(A)
            continue
        press(B)                            # the game menu's Hint
        n = 0
        while line(1) != ">Hint":
            press(DOWN)
            n += 1
            if n > 8:
                raise SystemExit("no Hint in %r" % app.lines)
        press(A, 1)
        until(lambda: "try " in app.lines[3], "the hint")
        press(A)
        moves += 1
gc.collect()
print("HEAP end %d" % gc.mem_alloc())
micropython.qstr_info()
print("OK %d games, %d moves" % (games, moves))
'''


def in_use(out):
    """{"before" | "first" | "end": "B (P)"}: the heap in use at each HEAP
    line of the run's output, and P, the same less the interned names' pool
    (micropython.qstr_info() right after it).  The pool grows in blocks
    that double, each allocated whenever the next new name comes, so the
    first figure jumps by a few KB with where a block lands; the second is
    the code and the objects alone, what to compare between two versions."""
    found = {}
    lines = out.splitlines()
    for i, ln in enumerate(lines):
        if not ln.startswith("HEAP "):
            continue
        total = int(ln.split()[-1])
        pool = None
        if i + 1 < len(lines) and lines[i + 1].startswith("qstr pool"):
            pool = int(lines[i + 1].rsplit("n_total_bytes=", 1)[1].split(",")[0])
        found[ln.split()[1]] = "%d (%s)" % (total, total - pool if pool is not None else "-")
    return found


def scenario(games=2, series=1):
    """device_latency's start (the stand-ins, code.py's main to the first
    frame) without its measuring, then the series, `series` times from the
    menu."""
    head = device_latency.SCENARIO.split('if WHAT == "menu":')[0]
    cut = head.index("changed = bytearray(")
    head = head[:cut] + head[head.index("MEASURING = [False]"):]
    head = head.replace('mark("code.py")', 'import micropython\ngc.collect()\n'
                        'print("HEAP before %d" % gc.mem_alloc())\nmicropython.qstr_info()\n'
                        'mark("code.py")', 1)
    return ("STEP_MS = %d\nGAMES = %d\nSERIES = %d\n" % (device_latency.STEP_MS, games, series)
            + head + SERIES)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--heaps", default="176,192,208,224,256",
                   help="comma-separated heap sizes in KiB (default 176,192,208,224,256)")
    p.add_argument("--vm", help="another MicroPython VM (a 32-bit build for a Pico's figures)")
    p.add_argument("--mpy-cross", help="compile the game and the libraries with this mpy-cross first")
    p.add_argument("--games", type=int, default=2, help="the series' length, 1 to 9 (default 2)")
    p.add_argument("--series", type=int, default=1,
                   help="how many series, each begun from the menu after the last (default 1)")
    args = p.parse_args()
    device_cost.VM[0] = args.vm
    work = tempfile.mkdtemp(prefix="mapello-heap-")
    try:
        stubs, lib = device_latency.make_drive(work)
        with open(os.path.join(stubs, "_probe.py"), "w") as f:   # no marks: nothing measured here
            f.write("count = [0]\nwires = [0]\ndef mark(name):\n    pass\n")
        nvm = os.path.join(work, "blank.bin")
        device_latency.nvm_image(nvm, -1)
        path = os.path.join(work, "series.py")
        with open(path, "w") as f:
            f.write(scenario(args.games, args.series))
        drive = ROOT
        if args.mpy_cross:
            drive, lib = device_latency.make_mpy_drive(work, stubs, lib, args.mpy_cross)
        print("%s%d-game series against the hard level from code.py, VM %s, %s"
              % ("a " if args.series == 1 else "%d " % args.series, args.games, device_cost.vm(),
                 "compiled .mpy" if args.mpy_cross else "from .py source"))
        for kib in [int(k) for k in args.heaps.split(",")]:
            proc = subprocess.run([device_cost.vm(), "-X", "heapsize=%dK" % kib, path, stubs, lib, nvm,
                                   "series", "0", "0", "8"], cwd=drive, capture_output=True, text=True)
            out = proc.stdout + proc.stderr
            heap = in_use(out)
            ok = proc.returncode == 0 and "\nOK " in out
            last = [ln for ln in out.strip().splitlines()
                    if not ln.startswith(";") and not ln.startswith("qstr pool")][-1:]
            starts = ""
            if args.series > 1:
                starts = ", at each series' start %s" % ", ".join(
                    [heap.get("series%d" % k, "-") for k in range(1, args.series + 1)])
            print("  %4dK: %s; heap in use (and less the names' pool): before code.py %s, "
                  "at the first frame %s%s, at the end %s"
                  % (kib, "passes" if ok else "fails (%s)" % (last[0][:60] if last else "?"),
                     heap.get("before", "-"), heap.get("first", "-"), starts, heap.get("end", "-")))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
