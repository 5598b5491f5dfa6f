# desktop-only
"""What a search node and a perft leaf cost on the device, counted exactly.

  .venv/bin/python tools/device_cost.py [--nodes 500] [--heap 64K]

Runs the MicroPython VM (the `micropython` command that ./test.sh installs)
under valgrind's cachegrind, which counts the x86-64 instructions the VM
executes; the count is the same on every run, unlike a stopwatch.  Each figure
is a difference of two runs, so start-up and imports cancel out:

  search: the hard level on the fixed positions of mapello/ai_bench.py, each
          with a budget of --nodes nodes, in slices of 8 nodes as the app
          thinks; minus a run that only builds the positions.  Divided by the
          nodes searched (every position the search visits is a node: the
          root, inner nodes and leaves).
  perft:  perft(6) from the start and perft(5) on the rulebook board, minus
          a run that only builds the positions; divided by the leaves.

The RP2040 estimate uses the calibration measured on real CircuitPython
firmware in an RP2040 emulator: about 2.5 cycles per VM instruction at
125 MHz.  The VM is a 64-bit build; on a 32-bit board an integer over 30 bits
is a heap object, so code that works on 100-bit masks needs more there.  The
--factor option (default 1.0) scales the estimate for that.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CYCLES_PER_INSTR = 2.5
CLOCK_HZ = 125e6

SEARCH = """
from mapello.ai_bench import search_set
print("nodes", search_set(%d) if %d else 0)
"""
PERFT = """
from mapello.engine import Position
from mapello.perft import perft
a = Position()
b = Position.from_text("%s")
print("leaves", (perft(a, 6) + perft(b, 5)) if %d else 0)
"""
RULEBOOK = ("...J..J.../.#.+.+..#./......#.+J/.+#......./....BW..../J...WB..../"
            ".+.....#+J/...#....../.#.+..+.#./...JJ..J.. b 0 0")


def vm():
    exe = shutil.which("micropython") or os.path.join(ROOT, ".venv", "bin", "micropython")
    if not os.path.exists(exe):
        raise SystemExit("micropython not found: run ./test.sh once to install it")
    return exe


def count(code, heap):
    """(instructions, the program's last printed number) of one VM run."""
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind not found (Debian: apt-get install valgrind)")
    proc = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                           "--cachegrind-out-file=/dev/null", vm(), "-X", "heapsize=" + heap,
                           "-c", code], cwd=ROOT, capture_output=True, text=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", proc.stderr)
    if proc.returncode != 0 or found is None:
        raise SystemExit("the VM run failed:\n" + proc.stdout + proc.stderr)
    return int(found.group(1).replace(",", "")), int(proc.stdout.split()[-1])


def per_unit(without, with_work, heap):
    """Instructions per unit of work: the difference of two runs, divided."""
    base, _ = count(without, heap)
    total, units = count(with_work, heap)
    return (total - base) / units, units


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--nodes", type=int, default=500, help="node budget per position")
    p.add_argument("--heap", default="96K",
                   help="the VM's heap (default 96K, as tests/test_ai_micropython.py)")
    p.add_argument("--factor", type=float, default=1.0,
                   help="32-bit board instructions per VM instruction (default 1.0)")
    args = p.parse_args()
    sys.path.insert(0, ROOT)
    search, nodes = per_unit(SEARCH % (args.nodes, 0), SEARCH % (args.nodes, 1), args.heap)
    perft_cost, leaves = per_unit(PERFT % (RULEBOOK, 0), PERFT % (RULEBOOK, 1), args.heap)
    rate = CLOCK_HZ / (search * CYCLES_PER_INSTR * args.factor)
    print("VM instructions per search node: %.0f (%d nodes, hard level, %d positions, "
          "%d nodes each)" % (search, nodes, len(_positions()), args.nodes))
    print("VM instructions per perft leaf:  %.0f (%d leaves)" % (perft_cost, leaves))
    print("RP2040 estimate (%.1f cycles per instruction at %.0f MHz, factor %.2f): "
          "%.0f nodes/s, %.0f nodes in 2 s; perft %.0f leaves/s"
          % (CYCLES_PER_INSTR, CLOCK_HZ / 1e6, args.factor, rate, 2 * rate,
             CLOCK_HZ / (perft_cost * CYCLES_PER_INSTR * args.factor)))


def _positions():
    from mapello.ai_bench import POSITIONS
    return POSITIONS


if __name__ == "__main__":
    main()
