"""What a search node and a perft leaf cost on the device, counted exactly.

  .venv/bin/python -m desktop.bench.device_cost [--nodes 500] [--heap 64K] [--steps]
                                        [--write-docs [FILE]]

Runs the MicroPython VM (the `micropython` command that ./test.sh installs)
under valgrind's cachegrind, which counts the x86-64 instructions the VM
executes; the count is the same on every run, unlike a stopwatch.  Each figure
is a difference of two runs, so start-up and imports cancel out:

  search: the hard level on the fixed positions of desktop/bench/ai.py, each
          with a budget of --nodes nodes, in slices of 8 nodes as the app
          thinks; minus a run that only builds the positions.  Divided by the
          nodes searched (every position the search visits is a node: the
          root, inner nodes and leaves).
  perft:  perft(6) from the start and perft(5) on the rulebook board, minus
          a run that only builds the positions; divided by the leaves.

  steps:  (--steps) every call the app makes while the computer thinks, on the
          same positions with the device's node budget: making a Thinker and
          each step(8).  Callgrind dumps its count each time a marker runs
          between two calls (micropython.kbd_intr), which gives the cost of
          every single call; the largest is what a tick can stall for.

The RP2040 estimate uses the calibration measured on real CircuitPython
firmware in an RP2040 emulator: about 2.5 cycles per VM instruction at
125 MHz.  The VM is a 64-bit build; on a 32-bit board an integer over 30 bits
is a heap object, so code that works on 100-bit masks needs more there.  The
--factor option (default 1.0) scales the estimate for that.

--write-docs (it implies --steps) writes the figures into the search-cost
block of docs/MEASUREMENTS.md, or search-cost-vm with --vm.

  .venv/bin/python -m desktop.bench.device_cost --firmware LOG... [--write-docs]

reads instead what boards printed running desktop/bench/ai.py's
run() and desktop/bench/device_think.py (their serial console's text, a file each),
and writes the search-firmware block: the figures of a real board, one row
for each search kernel (native code, bytecode).
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CYCLES_PER_INSTR = 2.5
CLOCK_HZ = 125e6

SEARCH = """
from desktop.bench.ai import search_set
print("nodes", search_set(%d) if %d else 0)
"""
PERFT = """
from mapello.rules.notation import parse_position
from mapello.rules.position import Position
from mapello.rules.perft import perft
a = Position()
b = parse_position("%s")
print("leaves", (perft(a, 6) + perft(b, 5)) if %d else 0)
"""
STEPS = """
import micropython
from desktop.bench.ai import POSITIONS
from mapello.ai.thinker import Thinker
from mapello.ai.levels import HARD
from mapello.rules.notation import parse_position
mark = micropython.kbd_intr
for text in POSITIONS:
    pos = parse_position(text)
    mark(3)
    print("make")
    t = Thinker(pos, HARD, seed=1, node_budget=%d)
    mark(3)
    print("prepare" if t._search is None else "step")
    while not t.step(%d):
        mark(3)
        print("prepare" if t._search is None else "step")
    mark(3)
    print("end")
"""
RULEBOOK = ("...J..J.../.#.+.+..#./......#.+J/.+#......./....BW..../J...WB..../"
            ".+.....#+J/...#....../.#.+..+.#./...JJ..J.. b 0 0")


VM = [None]  # --vm


def vm():
    if VM[0]:
        return VM[0]
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


def dump_counts(folder):
    """The instruction count of each callgrind dump in `folder`
    (cg.out.1, cg.out.2, ...), in the order they were taken."""
    files = sorted(glob.glob(os.path.join(folder, "cg.out.*")),
                   key=lambda f: int(f.rsplit(".", 1)[1]))
    counts = []
    for name in files:
        with open(name) as f:
            for line in f:
                if line.startswith("summary:"):
                    counts.append(int(line.split()[1]))
                    break
    return counts

def step_costs(nodes, slice_nodes, heap):
    """{what: [VM instructions of each call]} for making a Thinker and for each
    step."""
    return call_costs(STEPS % (nodes, slice_nodes), heap)


def call_costs(code, heap):
    """{label: [VM instructions of each call]} of the VM program `code`, which
    calls micropython.kbd_intr() before each call and prints the call's
    label after it: measured with callgrind's dumps at that marker."""
    out = tempfile.mkdtemp(prefix="mapello-steps-")
    proc = subprocess.run(["valgrind", "--tool=callgrind",
                           "--dump-before=mp_micropython_kbd_intr",
                           "--callgrind-out-file=" + os.path.join(out, "cg.out"), vm(),
                           "-X", "heapsize=" + heap, "-c", code],
                          cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit("the VM run failed:\n" + proc.stdout + proc.stderr)
    counts = dump_counts(out)
    shutil.rmtree(out)
    costs = {}
    # dump i is taken as marker i runs: it holds the work since the marker before,
    # which is the call that the label printed after that marker names
    for label, count in zip(proc.stdout.split(), counts[1:]):
        costs.setdefault(label, []).append(count)
    return costs


def device_ms(instructions, factor=1.0):
    return instructions * CYCLES_PER_INSTR * factor / CLOCK_HZ * 1000


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
    p.add_argument("--vm", help="another MicroPython VM to count (a 32-bit build, say)")
    p.add_argument("--steps", action="store_true",
                   help="also the cost of every call while thinking (callgrind, slower)")
    p.add_argument("--slice", type=int, default=8, help="nodes per step (default 8, as the app)")
    from desktop.bench import measurements
    measurements.add_flag(p)
    p.add_argument("--firmware", nargs="+", metavar="LOG",
                   help="instead: the search-firmware block, from what boards printed "
                        "(desktop/bench/ai.py's run(), desktop/bench/device_think.py)")
    args = p.parse_args()
    if args.firmware:
        for line in firmware_rows(args.firmware):
            print(" | ".join(line))
        if args.write_docs:
            write_firmware_block(args)
        return
    args.steps = args.steps or bool(args.write_docs)
    VM[0] = args.vm
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
    if args.steps:
        budget = int(2 * rate)
        costs = step_costs(budget, args.slice, args.heap)
        steps = costs.get("step", [])
        makes = costs.get("make", [])
        prepares = costs.get("prepare", [])
        print("thinking as the app does (%d nodes a move, step(%d)), %d steps:"
              % (budget, args.slice, len(steps)))
        print("  making a Thinker: largest %d VM instructions (%.1f ms on the RP2040)"
              % (max(makes), device_ms(max(makes), args.factor)))
        if prepares:
            print("  the steps that prepare a search: largest %d (%.1f ms)"
                  % (max(prepares), device_ms(max(prepares), args.factor)))
        print("  a step of the search: largest %d (%.1f ms), mean %d (%.1f ms)"
              % (max(steps), device_ms(max(steps), args.factor), sum(steps) // len(steps),
                 device_ms(sum(steps) / len(steps), args.factor)))
    if args.write_docs:
        calls = [("making a Thinker (the start of a move)", max(makes))]
        if prepares:
            calls.append(("a step that prepares the search", max(prepares)))
        calls.append(("a step of %d nodes" % args.slice, max(steps)))
        write_docs(args, search, nodes, perft_cost, leaves, rate, calls,
                   sum(steps) / len(steps), len(steps), budget)


def write_docs(args, search, nodes, perft_cost, leaves, rate, calls, mean_step, steps, budget):
    from desktop.bench.measurements import table, thousands, write_block
    f = args.factor
    head = ["%s: the hard level on the %d positions of `desktop/bench/ai.py`, %d nodes "
            "each; perft(6) from the start and perft(5) on the rulebook board. RP2040 estimate: "
            "%.1f cycles per VM instruction at %.0f MHz, times %.2f for the word size."
            % ("A VM of your own (`--vm %s`)" % args.vm if args.vm else
               "The 64-bit MicroPython VM of `.venv`", len(_positions()), args.nodes,
               CYCLES_PER_INSTR, CLOCK_HZ / 1e6, f), ""]
    rows = [("VM instructions per search node", "**%s** (%s nodes)" % (thousands(search),
                                                                     thousands(nodes)),
             "**%s nodes/s**, %s nodes in 2 s" % (thousands(rate), thousands(2 * rate))),
            ("VM instructions per perft leaf", "%s (%s leaves)" % (thousands(perft_cost),
                                                                  thousands(leaves)),
             "%s leaves/s" % thousands(CLOCK_HZ / (perft_cost * CYCLES_PER_INSTR * f)))]
    for what, n in calls:
        rows.append(("longest call while thinking: " + what, "%s" % thousands(n),
                     "%.1f ms" % device_ms(n, f)))
    rows.append(("a step of %d nodes on average (%s steps, %s nodes a move)"
                 % (args.slice, thousands(steps), thousands(budget)), thousands(mean_step),
                 "%.1f ms" % device_ms(mean_step, f)))
    write_block(args.write_docs, "search-cost-vm" if args.vm else "search-cost",
                head + table(("what", "VM instructions", "on an RP2040 (estimate)"), rows))


FIRMWARE_PATTERNS = {
    "banner": r"Adafruit CircuitPython (\S+) on [^;]*; (.*) with (\w+)",
    "search": r"(native|bytecode) kernel: hard vs hard, ([0-9]+) nodes/move, [0-9]+ moves, "
              r"[0-9]+ nodes in [0-9]+ ms: ([0-9]+) nodes/s",
    "heap": r"live heap: ([0-9]+) bytes after import, ([0-9]+) at peak",
    "kernel": r"kernel mapello\.ai\.(native|search)",
    "think": r"summary ([0-9]+) moves: median ([0-9]+) ms, at most ([0-9]+); median ([0-9]+) nodes a move; "
             r"([0-9]+) steps a second",
}


def read_firmware_log(path):
    """What a board printed running desktop/bench/ai.py's run() and
    desktop/bench/device_think.py: {pattern name: its groups}, for the patterns found."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    found = {}
    for name, pattern in FIRMWARE_PATTERNS.items():
        m = re.search(pattern, text)
        if m:
            found[name] = m.groups()
    if "kernel" in found:    # device_think names the module; desktop.bench.ai the kernel
        found["kernel"] = ("bytecode" if found["kernel"][0] == "search" else "native",)
    return found


def firmware_rows(paths):
    """The rows of the search-firmware block, one for each kernel the logs cover."""
    from desktop.bench.measurements import thousands
    kernels = {}
    for path in paths:
        log = read_firmware_log(path)
        kernel = (log.get("search") or log.get("kernel") or ("?",))[0]
        kernels.setdefault(kernel, {}).update(log)
    rows = []
    for kernel in sorted(kernels, key=lambda k: k != "native"):
        log = kernels[kernel]
        board = "CircuitPython %s, %s (%s)" % log["banner"] if "banner" in log else "?"
        search = ("**%s nodes/s** (a game at %s nodes a move)" % (thousands(int(log["search"][2])),
                                                                  thousands(int(log["search"][1])))
                  if "search" in log else "")
        think = ""
        if "think" in log:
            moves, median, most, nodes, steps = (int(x) for x in log["think"])
            think = ("**%s nodes a move**; %s ms median, %s at most; %s loop steps a second (%d moves)"
                     % (thousands(nodes), thousands(median), thousands(most), steps, moves))
        heap = ("%s bytes after import, %s at the peak" % tuple(thousands(int(x)) for x in log["heap"])
                if "heap" in log else "")
        rows.append((kernel, board, search, think, heap))
    return rows


def write_firmware_block(args):
    from desktop.bench.measurements import table, write_block
    head = ["Measured on CircuitPython firmware for the Raspberry Pi Pico: the serial console's text "
            "of `desktop/bench/ai.py`'s run() (the search's speed in a whole game, hard "
            "against hard) and of `desktop/bench/device_think.py` (the computer's moves in a game through "
            "the App, 2 s each, with the board's clock), read by `python3 -m desktop.bench.device_cost "
            "--firmware LOG...`.", ""]
    write_block(args.write_docs, "search-firmware", head + table(
        ("kernel", "firmware", "search speed", "the computer's move in the App", "live heap in the game"),
        firmware_rows(args.firmware)))


def _positions():
    from desktop.bench.ai import POSITIONS
    return POSITIONS


if __name__ == "__main__":
    main()
