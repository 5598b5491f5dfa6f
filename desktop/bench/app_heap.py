"""Which heap sizes the App's flows fit, in 8 layouts of the heap: the
app-heap block of docs/MEASUREMENTS.md, and the sizes tests/test_app_heap.py
holds the suite to (HELD_FROM: one table for both).

  .venv/bin/python -m desktop.bench.app_heap [--flows series,setup,...]
                                     [--sizes 136,144,152] [--pads 8,48,...]
                                     [--write-docs [FILE]]

Each flow of tests/mp/ (the App driven by its buttons, in the 64-bit
MicroPython VM of .venv) runs at each heap size, once for each layout: a pad
of bytes allocated before the flow's script, which moves where everything
after it lands.  On a board the heap fragments, so a flow that fits in one
layout can fail in the next, and a size one layout failed at is not held
to.  Three installs, each in a folder of its own beside the boards and the
flows:

  native:   compiled to .mpy with the native search, as deploy.sh installs
            an RP2040 on CircuitPython 10.3.1 or later (with a block that
            stands in for the native code's room on the board:
            desktop/bench/min_heap.py);
  bytecode: compiled without it (other boards, earlier CircuitPython);
  source:   the .py files, compiled at import (deploy.sh --source).

By default a flow runs at the size it is held from and the two 8K steps
below (the nine-game evening at its own size only); --sizes gives others.  --write-docs writes the rows of the flows run
into the block's table, each row needing every install its flow runs in.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from desktop.bench import measurements

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INSTALLS = ("native", "bytecode", "source")
# The flows: (name, the script of tests/mp/ and its arguments, the installs
# it runs in, the block's first cell).  RESUME_NVM stands for the save the
# resume flow starts from, made first in each install's folder.
RESUME_NVM = "resume-nvm.bin"
FLOWS = (
    ("series", ("app_series",), INSTALLS,
     "a two-game series against the hard level on the rulebook board, with hints, game over, "
     "the replay with its review and the series end (`tests/mp/app_series.py`)"),
    ("evening", ("app_series", "9"), ("source",),
     "an evening: the same series with nine games (`tests/mp/app_series.py 9`; the live heap "
     "after the last game within 1 KB of the first)"),
    ("resume", ("app_resume", "resume", RESUME_NVM), ("native", "source"),
     "switched on with a game against the hard level saved: B resumes it, played out with "
     "hints (`tests/mp/app_resume.py`)"),
    ("menu", ("app_menu_evening",), ("native", "source"),
     "four one-game series against the hard level, each from the menu "
     "(`tests/mp/app_menu_evening.py`; each from the third starting within 1.75 KB of the "
     "second's live heap)"),
    ("whatif", ("app_whatif",), ("native", "source"),
     "a game against the hard level, then a what-if branch from its replay against the hard "
     "level, and the next game (`tests/mp/app_whatif.py`)"),
    ("setup", ("app_setup",), ("native", "source"),
     "free play: a board set up by hand, the colour choice, moves, undo, back to the menu "
     "(`tests/mp/app_setup.py`)"),
)
# The smallest size, in KiB, the suite holds each flow to, every 16K step
# from there (tests/test_app_heap.py): a size where all 8 layouts passed.
HELD_FROM = {
    "native": {"series": 152, "resume": 152, "menu": 152, "whatif": 168, "setup": 128},
    "bytecode": {"series": 136},
    "source": {"series": 168, "evening": 168, "resume": 168, "menu": 168, "whatif": 168,
               "setup": 168},
}
PADS = (8, 48, 88, 128, 168, 208, 248, 288)
PAD_RUN = """import sys
pad = bytearray(int(sys.argv.pop()))     # the layout: bytes taken before the flow
script = sys.argv.pop(1)
exec(open("tests/mp/%s.py" % script).read())
"""
PEAK = re.compile(r"live heap peak (\d+) B(?:, in the review (\d+) B)?")


def micropython():
    """The VM ./test.sh installs beside this Python, else the one on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    exe = here if os.path.exists(here) else shutil.which("micropython")
    if exe is None:
        raise SystemExit("the micropython command is missing: run ./test.sh, which installs it")
    return exe


def install(dest, kind):
    """The folder `dest` as a board's drive for the flows: mapello/ as `kind`
    installs it, the boards and the flows.  Compiled, the flows' driver is
    compiled too, as deploy.sh compiles what stands in its place (the
    hardware adapters); the flows' scripts compile at run time, as a board
    compiles code.py."""
    from desktop.bench.min_heap import compile_module, compile_package
    dest = str(dest)
    if kind == "source":
        shutil.copytree(os.path.join(ROOT, "mapello"), os.path.join(dest, "mapello"),
                        ignore=shutil.ignore_patterns("__pycache__"))
    else:
        compile_package(os.path.join(ROOT, "mapello"), dest, native=kind == "native")
    shutil.copytree(os.path.join(ROOT, "boards"), os.path.join(dest, "boards"))
    flows = os.path.join(dest, "tests", "mp")
    shutil.copytree(os.path.join(ROOT, "tests", "mp"), flows,
                    ignore=shutil.ignore_patterns("__pycache__"))
    if kind != "source":
        compile_module(os.path.join(flows, "driver.py"), os.path.join(flows, "driver.mpy"),
                       "tests/mp/driver.mpy")
        os.remove(os.path.join(flows, "driver.py"))
    return dest


def run(exe, cwd, script, kib, *args, pad=None):
    """One run of tests/mp/`script` in `cwd` at `kib` KiB: (passed, its last line)."""
    if pad is None:
        cmd = [exe, "-X", "heapsize=%dK" % kib, "tests/mp/%s.py" % script] + list(args)
    else:
        cmd = [exe, "-X", "heapsize=%dK" % kib, "pad_run.py", script] + list(args) + [str(pad)]
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=900)
    out = (proc.stdout + proc.stderr).strip()
    last = out.splitlines()[-1] if out else "(no output)"
    return proc.returncode == 0 and last.startswith("ok"), last


def default_sizes(name, kind):
    """The size a flow is held from and the two 8K steps below; the nine-game
    evening, ten minutes of runs there, at its own size only."""
    held = HELD_FROM[kind][name]
    return (held,) if name == "evening" else (held - 16, held - 8, held)


def cell(counts, held, layouts):
    """'**152K**, 144K: 8 of 8; 136K: 3 of 8' from {KiB: passes} of
    `layouts` runs a size, the largest size first, sizes with the same count
    together, the size it is held from in bold."""
    groups = []
    for kib in sorted(counts, reverse=True):
        label = ("**%dK**" if kib == held else "%dK") % kib
        if groups and groups[-1][1] == counts[kib]:
            groups[-1][0].append(label)
        else:
            groups.append(([label], counts[kib]))
    return "; ".join("%s: %s" % (", ".join(labels), ("%d of %d" % (n, layouts)) if n else "none")
                     for labels, n in groups)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--flows", default=",".join(name for name, _, _, _ in FLOWS),
                   help="comma-separated, of: %s" % ", ".join(name for name, _, _, _ in FLOWS))
    p.add_argument("--sizes", help="comma-separated heap sizes in KiB, for every flow (default: "
                                   "the size it is held from and the two 8K steps below)")
    p.add_argument("--pads", default=",".join(str(b) for b in PADS),
                   help="comma-separated layouts: bytes allocated before the flow (default %s)"
                        % ",".join(str(b) for b in PADS))
    measurements.add_flag(p)
    args = p.parse_args()
    names = args.flows.split(",")
    unknown = [n for n in names if n not in [f[0] for f in FLOWS]]
    if unknown:
        raise SystemExit("no flow %s" % ", ".join(unknown))
    pads = [int(b) for b in args.pads.split(",")]
    if args.write_docs and pads != list(PADS):
        raise SystemExit("--write-docs writes figures of the 8 layouts: no --pads")
    flows = [f for f in FLOWS if f[0] in names]
    exe = micropython()
    work = tempfile.mkdtemp(prefix="mapello-app-heap-")
    try:
        folders = {}
        for kind in INSTALLS:
            if any(kind in installs for _, _, installs, _ in flows):
                folders[kind] = install(os.path.join(work, kind), kind)
                with open(os.path.join(folders[kind], "pad_run.py"), "w") as f:
                    f.write(PAD_RUN)
                if "resume" in names and kind in dict((f[0], f[2]) for f in FLOWS)["resume"]:
                    ok, last = run(exe, folders[kind], "app_resume", 256, "make", RESUME_NVM)
                    if not ok:
                        raise SystemExit("the resume flow's save could not be made: " + last)
        jobs = []
        for name, script, installs, _ in flows:
            for kind in installs:
                sizes = ([int(k) for k in args.sizes.split(",")] if args.sizes
                         else default_sizes(name, kind))
                jobs += [(name, kind, kib, pad, script) for kib in sizes for pad in pads]
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            results = list(pool.map(
                lambda j: run(exe, folders[j[1]], j[4][0], j[2], *j[4][1:], pad=j[3]), jobs))
        room = 0
        room_file = os.path.join(folders.get("native", work), "native_code_room.py")
        if os.path.exists(room_file):
            with open(room_file) as f:
                room = int(re.search(r"bytearray\((\d+)\)", f.read()).group(1))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("the App's flows in the 64-bit VM (%s), %d layouts a size (pads of %s bytes)"
          % (exe, len(pads), ", ".join(str(b) for b in pads)))
    counts = {}                 # (flow, install) -> {KiB: passes}
    peaks = {}                  # (flow, install) -> the live heap's peak over the runs that passed
    for (name, kind, kib, pad, _), (ok, last) in zip(jobs, results):
        counts.setdefault((name, kind), {}).setdefault(kib, 0)
        counts[(name, kind)][kib] += ok
        if ok:
            found = PEAK.search(last)
            if found:
                peak = max(int(g) for g in found.groups() if g)
                peaks[(name, kind)] = max(peaks.get((name, kind), 0), peak)
        else:
            print("  %s, %s, %dK, pad %d: %s" % (name, kind, kib, pad, last[:100]))
    rows = []
    for name, _, installs, label in flows:
        cells = []
        for kind in INSTALLS:
            if kind in installs:
                found = cell(counts[(name, kind)], HELD_FROM[kind].get(name), len(pads))
                print("%-8s %-8s %s" % (name, kind, found.replace("**", "")))
                cells.append(found)
            else:
                cells.append("")
        peak = []
        if (name, "native") in peaks:
            peak.append("%.1f KB with the native search (%.1f of it the block for its code)"
                        % (peaks[(name, "native")] / 1000.0, room / 1000.0))
        if (name, "bytecode") in peaks:
            peak.append("%.1f KB without" % (peaks[(name, "bytecode")] / 1000.0))
        rows.append("| %s | %s | %s |" % (label, " | ".join(cells), " / ".join(peak)))
    if args.write_docs:
        for row in rows:
            measurements.write_row(args.write_docs, "app-heap", row)


if __name__ == "__main__":
    main()
