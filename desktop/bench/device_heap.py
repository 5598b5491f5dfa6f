"""Does the whole handheld fit a board's heap? code.py's own entry point
plays a two-game series against the hard level (hints choose your moves;
game over, replay, next game, series end), at each heap size given; with
--games 9, an evening's series.

  .venv/bin/python -m desktop.bench.device_heap [--heaps 176,192,208] [--vm PATH]
                                        [--mpy-cross PATH] [--games N] [--series N]
                                        [--think-ms MS]
                                        [--write-docs [FILE]]

The board is modelled as in desktop/bench/device_latency.py: the MicroPython VM runs
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

--write-docs writes this run's row of the device-heap block of
docs/MEASUREMENTS.md (or of FILE), a row per install (compiled or from
source): the smallest of the heaps given above which every one passes, the
ones that failed, and the heap in use over the runs that passed, in the VM
that ran (its word size as --word says).
"""
import argparse
import os
import re
import shutil
import subprocess
import tempfile

from desktop.bench import device_cost  # the VM
from desktop.bench import measurements
from desktop.bench.device_model import drive

# micropython.mem_info()'s lines: the heap's total, used and free bytes, and
# its largest free block in blocks (of 4 words)
MEM_GC = re.compile(r"^GC: total: (\d+), used: (\d+), free: (\d+)")
MEM_BLOCKS = re.compile(r"max free sz: (\d+)")


def in_use(out):
    """{"before" | "first" | "end": (B, P)}: the heap in use at each HEAP
    line of the run's output, and P, the same less the interned names' pool
    (None if the pool's size is missing)
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
        found[ln.split()[1]] = (total, total - pool if pool is not None else None)
    return found


def in_use_text(figure):
    """'B (P)' of an in_use() figure, '-' for none."""
    if figure is None:
        return "-"
    total, less_pool = figure
    return "%d (%s)" % (total, "-" if less_pool is None else less_pool)


def lowest(out, block_bytes):
    """From a watched run's output: (lowest free bytes after a collection,
    where; smallest largest free block in bytes, where), where being the
    game and the screen shown."""
    free = block = None
    where = "start"
    for ln in out.splitlines():
        if ln.startswith("AT "):
            where = ln[3:]
            continue
        m = MEM_GC.match(ln)
        if m:
            f = int(m.group(3))
            if free is None or f < free[0]:
                free = (f, where)
            continue
        m = MEM_BLOCKS.search(ln)
        if m:
            b = int(m.group(1)) * block_bytes
            if block is None or b < block[0]:
                block = (b, where)
    return free, block


def kb_span(values):
    """'86.5-86.6 KB (67.3-67.4)' from [(bytes, bytes less the pool), ...]."""
    def one(xs):
        lo, hi = "%.1f" % (min(xs) / 1000.0), "%.1f" % (max(xs) / 1000.0)
        return lo if lo == hi else "%s-%s" % (lo, hi)
    if not values:
        return "-"
    pools = [p for _, p in values if p is not None]
    return "%s KB%s" % (one([b for b, _ in values]), " (%s)" % one(pools) if pools else "")


def docs_row(install, word, results, seeds):
    """The device-heap block's row: results [(KiB, passed, in_use dict)], each
    size run with each of `seeds`."""
    sizes = sorted(set(k for k, _, _ in results))
    passed = dict((k, all(ok for kk, ok, _ in results if kk == k)) for k in sizes)
    failed = [k for k in sizes if not passed[k]]
    above = [k for k in sizes if passed[k] and not [f for f in failed if f > k]]
    smallest = ("passes from %dK" % above[0]) if above else "fails at every size run"
    if failed and above:
        smallest += "; fails at %s" % ", ".join("%dK" % k for k in failed)
    ok_runs = [h for k, ok, h in results if ok]

    def span(key):
        return kb_span([h[key] for h in ok_runs if key in h])
    return "| %s | %d-bit, sizes run: %s; seed%s %s | %s | %s | %s | %s |" % (
        install, 8 * word, ", ".join("%dK" % k for k in sizes), "s" if len(seeds) > 1 else "",
        ", ".join(str(s) for s in seeds), smallest, span("before"),
        span("first"), span("end"))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--heaps", default="176,192,208,224,256",
                   help="comma-separated heap sizes in KiB (default 176,192,208,224,256)")
    p.add_argument("--vm", help="another MicroPython VM (a 32-bit build for a Pico's figures)")
    p.add_argument("--mpy-cross", help="compile the game and the libraries with this mpy-cross first")
    p.add_argument("--games", type=int, default=2, help="the series' length, 1 to 9 (default 2)")
    p.add_argument("--series", type=int, default=1,
                   help="how many series, each begun from the menu after the last (default 1)")
    p.add_argument("--watch", action="store_true",
                   help="collect after every step and report the lowest free heap and the smallest "
                        "largest free block (slower)")
    p.add_argument("--pads", default="0",
                   help="comma-separated bytes allocated before code.py, each another layout of the "
                        "heap (default 0)")
    p.add_argument("--seeds", default="1",
                   help="comma-separated seeds for the App in place of os.urandom's, each another "
                        "series (its random boards and the computer's choices; default 1)")
    p.add_argument("--word", type=int, default=8, choices=(4, 8),
                   help="the VM's word size in bytes, for its block size (default 8; 4 for a 32-bit --vm)")
    p.add_argument("--think-ms", type=int, default=None,
                   help="the hard level's and the hint's time a move, as settings.toml's "
                        "MAPELLO_THINK_MS gives it (os.getenv, as on a board; default: the game's)")
    p.add_argument("--timeout", type=int, default=None,
                   help="seconds a run may take; one that takes longer is stopped and fails "
                        "(near its limit a run can recover from running out of memory again and "
                        "again)")
    measurements.add_flag(p)
    args = p.parse_args()
    if args.write_docs and (args.games != 2 or args.series != 1 or args.watch or args.think_ms):
        raise SystemExit("--write-docs writes the 2-game series' figures: no --games, --series, "
                         "--watch or --think-ms")
    env = dict(os.environ)
    env.pop("MAPELLO_THINK_MS", None)
    if args.think_ms is not None:
        env["MAPELLO_THINK_MS"] = str(args.think_ms)
    device_cost.VM[0] = args.vm
    work = tempfile.mkdtemp(prefix="mapello-heap-")
    try:
        lib = drive.make_lib(work)
        nvm = os.path.join(work, "blank.bin")
        drive.nvm_image(nvm, -1)
        root = drive.ROOT
        if args.mpy_cross:
            root, lib = drive.make_mpy_drive(work, lib, args.mpy_cross)
        print("%s%d-game series against the hard level from code.py, VM %s, %s%s"
              % ("a " if args.series == 1 else "%d " % args.series, args.games, device_cost.vm(),
                 "compiled .mpy" if args.mpy_cross else "from .py source",
                 "" if args.think_ms is None else ", %d ms a move" % args.think_ms))
        pads = [int(b) for b in args.pads.split(",")]
        seeds = [int(s) for s in args.seeds.split(",")]
        results = []
        for kib, pad, seed in [(int(k), b, s) for k in args.heaps.split(",") for b in pads
                               for s in seeds]:
            try:
                proc = subprocess.run(drive.vm_command("series", "%dK" % kib, lib, nvm, args.games,
                                                       args.series, int(args.watch), pad, seed),
                                      cwd=root, env=env, capture_output=True, text=True,
                                      timeout=args.timeout)
                out = proc.stdout + proc.stderr
                ok = proc.returncode == 0 and "\nOK " in out
            except subprocess.TimeoutExpired as stopped:
                got = stopped.stdout or ""
                if isinstance(got, bytes):
                    got = got.decode("utf-8", "replace")
                out = "%s\nno end within %d s: stopped" % (got, args.timeout)
                ok = False
            heap = in_use(out)
            results.append((kib, ok, heap))
            last = [ln for ln in out.strip().splitlines()
                    if not ln.startswith((";", "qstr pool", "GC:", " No.", "mem:", "stack:", "AT "))][-1:]
            starts = ""
            if args.series > 1:
                starts = ", at each series' start %s" % ", ".join(
                    [in_use_text(heap.get("series%d" % k)) for k in range(1, args.series + 1)])
            print("  %4dK%s%s: %s; heap in use (and less the names' pool): before code.py %s, "
                  "at the first frame %s%s, at the end %s"
                  % (kib, " pad %d" % pad if len(pads) > 1 or pad else "",
                     " seed %d" % seed if len(seeds) > 1 else "",
                     "passes" if ok else "fails (%s)" % (last[0][:90] if last else "?"),
                     in_use_text(heap.get("before")), in_use_text(heap.get("first")), starts,
                     in_use_text(heap.get("end"))))
            if args.watch:
                free, block = lowest(out, 4 * args.word)
                if free is not None:
                    print("         after a collection at each step: at least %d bytes free (%s), "
                          "the largest free block at least %d bytes (%s)"
                          % (free[0], free[1], block[0], block[1]))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.write_docs:
        install = "compiled (deploy.sh's default)" if args.mpy_cross else "from `.py` source"
        measurements.write_row(args.write_docs, "device-heap", docs_row(install, args.word, results, seeds))


if __name__ == "__main__":
    main()
