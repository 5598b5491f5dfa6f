"""The CPython command lines of desktop/bench/engine.py and ai.py.
Those two also run in MicroPython and at a device's REPL, so what only
CPython has (argparse, subprocess) lives here: the options, and with
--write-docs a run of the same benchmark in the MicroPython VM, then both
runs' figures written into their block of docs/MEASUREMENTS.md."""
import argparse
import contextlib
import io
import os
import re
import shutil
import subprocess

from desktop.bench import measurements
from desktop.bench.measurements import ROOT, table, thousands, write_block

ENGINE_HEAP = "64K"      # as tests/test_bench.py runs the engine benchmark
SEARCH_HEAP = "96K"      # as tests/test_ai_micropython.py runs the computer player


def engine_bench(main):
    """`python3 -m desktop.bench.engine [--write-docs [FILE]]`; `main` is the
    benchmark, which prints its report."""
    p = argparse.ArgumentParser(prog="python3 -m desktop.bench.engine",
                                description="perft speed and the engine's memory")
    measurements.add_flag(p)
    page = p.parse_args().write_docs
    report = _printed(main)
    if page:
        vm = _vm_report(ENGINE_HEAP, "desktop.bench.engine")
        header = ("interpreter", "from the start", "on the rulebook board",
                  "bytes allocated per node (a move generation, a push and a pop)",
                  "heap in use after a whole game")
        write_block(page, "engine-speed", table(header, [_engine_row(report, None),
                                                         _engine_row(vm, ENGINE_HEAP)]))


def search_bench(run, slice_nodes):
    """`python3 -m desktop.bench.ai [NODES] [--write-docs [FILE]]`;
    `run(nodes)` is the benchmark, which prints its report."""
    p = argparse.ArgumentParser(prog="python3 -m desktop.bench.ai",
                                description="the computer player's speed and memory")
    p.add_argument("nodes", nargs="?", type=int, default=400, help="nodes per move (default 400)")
    measurements.add_flag(p)
    args = p.parse_args()
    report = _printed(lambda: run(args.nodes))
    if args.write_docs:
        vm = _vm_report(SEARCH_HEAP, "desktop.bench.ai", str(args.nodes))
        header = ("interpreter", "hard against hard", "speed", "longest %d-node step" % slice_nodes,
                  "longest start of a search", "the search's live heap")
        write_block(args.write_docs, "search-speed", table(header, [_search_row(report, None),
                                                                    _search_row(vm, SEARCH_HEAP)]))


def _printed(benchmark):
    """Run `benchmark`, print what it printed, and return that text."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        benchmark()
    print(out.getvalue(), end="")
    return out.getvalue()


def _vm_report(heap, module, *args):
    """What `module` prints when the MicroPython VM runs it."""
    exe = shutil.which("micropython") or os.path.join(ROOT, ".venv", "bin", "micropython")
    if not os.path.exists(exe):
        raise SystemExit("--write-docs runs the MicroPython VM too: micropython not found "
                         "(./test.sh installs it)")
    return subprocess.run([exe, "-X", "heapsize=" + heap, "-m", module] + list(args), cwd=ROOT,
                          check=True, capture_output=True, text=True).stdout


def _interpreter(name, version, heap):
    if name == "cpython":
        return "CPython %s" % version
    return "MicroPython %s VM (64-bit), %s heap" % (version, heap)


def _engine_row(report, heap):
    name, version = re.search(r"desktop\.bench\.engine on (\S+) (\S+)", report).groups()
    out = [_interpreter(name, version, heap)]
    for board in ("start", "rulebook"):
        depth, leaves, ms, rate = re.search(r"perft %s depth (\d+): (\d+) leaves in (\d+) ms, "
                                            r"(\d+) leaves/s" % board, report).groups()
        out.append("perft(%s): %s leaves in %.2f s, **%s leaves/s**"
                   % (depth, thousands(int(leaves)), int(ms) / 1000.0, thousands(int(rate))))
    node = re.search(r"bytes allocated per node \(movegen \+ push \+ pop\): (\d+)", report)
    game = re.search(r"heap in use after a whole game: (\d+) bytes \((\d+) for the game's "
                     r"(\d+) plies\)", report)
    out.append(thousands(int(node.group(1))) if node else "gc cannot tell")
    out.append("%s bytes, %s of them the %s plies' history"
               % tuple(thousands(int(v)) for v in game.groups()) if game else "gc cannot tell")
    return out


def _search_row(report, heap):
    name, version = re.search(r"desktop\.bench\.ai on (\S+) (\S+)", report).groups()
    nodes, moves, total, ms, rate = re.search(
        r"hard vs hard, (\d+) nodes/move, (\d+) moves, (\d+) nodes in (\d+) ms: (\d+) nodes/s",
        report).groups()
    step, start = re.search(r"step: (\d+) us; longest start of a search: (\d+) us",
                            report).groups()
    live = re.search(r"live heap: (\d+) bytes after import, (\d+) at peak \(search: (\d+)\)",
                     report)
    return [_interpreter(name, version, heap),
            "%s nodes a move, %s moves" % (thousands(int(nodes)), moves),
            "**%s nodes/s** (%s nodes in %.1f s)" % (thousands(int(rate)), thousands(int(total)),
                                                      int(ms) / 1e3),
            "%.1f ms" % (int(step) / 1e3), "%.2f ms" % (int(start) / 1e3),
            "%s bytes at its peak" % thousands(int(live.group(3))) if live else "gc cannot tell"]
