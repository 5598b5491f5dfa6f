"""Engine benchmark for CPython, the MicroPython VM and a device's REPL.

  python3 -m mapello.desktop.bench [--write-docs [FILE]]
  micropython -X heapsize=64K -m mapello.desktop.bench      (from the repository root)
  >>> import mapello.desktop.bench                           (at the device's REPL)

Prints perft leaf counts and leaves per second on the start position and on
the rulebook board, and where gc can tell (MicroPython, CircuitPython) the bytes
allocated per node and the heap in use after a whole game.  tools/min_heap.py
finds the smallest heap in which the engine plays a whole game.

--write-docs (CPython only) also runs the MicroPython VM's benchmark and
writes both into the engine-speed block of docs/MEASUREMENTS.md.
"""

import gc
import sys
import time

from mapello.rules.notation import parse_position, position_text
from mapello.rules.position import PASS, Position
from mapello.rules.perft import perft

RULEBOOK = ("...J..J.../.#.+.+..#./......#.+J/.+#......./....BW..../J...WB..../"
            ".+.....#+J/...#....../.#.+..+.#./...JJ..J.. b 0 0")


def _ticks():
    """(now_ms, diff) functions that work on every port."""
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms, time.ticks_diff
    if hasattr(time, "perf_counter"):
        return (lambda: time.perf_counter() * 1000.0), (lambda a, b: a - b)
    return (lambda: time.monotonic() * 1000.0), (lambda a, b: a - b)


def _depth():
    """Deep enough to take about a second on this kind of machine."""
    if sys.implementation.name == "cpython":
        return 8
    if sys.platform == "linux":
        return 7
    return 4


def play_game(pos):
    """A whole game with a fixed, cheap choice of move (the middle legal one)."""
    while True:
        moves = pos.legal_moves()
        if moves:
            pos.push(moves[len(moves) // 2])
        elif pos.opponent_legal_mask():
            pos.push(PASS)
        else:
            return pos


def bytes_per_node(pos):
    """Average bytes allocated by one node of search: a move generation plus a
    push and a pop, sampled along a whole game.  None where gc cannot tell."""
    if not hasattr(gc, "mem_alloc"):
        return None
    total = 0
    nodes = 0
    while True:
        gc.collect()
        before = gc.mem_alloc()
        moves = pos.legal_moves()
        move = moves[len(moves) // 2] if moves else PASS
        pos.push(move)
        pos.pop()
        total += gc.mem_alloc() - before
        nodes += 1
        if not moves and not pos.opponent_legal_mask():
            return total // nodes
        pos.push(move)


def run_perft(name, pos, depth):
    now, diff = _ticks()
    start = now()
    leaves = perft(pos, depth)
    ms = diff(now(), start)
    rate = leaves * 1000 // ms if ms > 0 else 0
    print("perft %s depth %d: %d leaves in %d ms, %d leaves/s" % (name, depth, leaves, ms, rate))
    return leaves


def main():
    version = ".".join(str(v) for v in sys.implementation.version[:3])
    print("mapello.desktop.bench on %s %s %s" % (sys.implementation.name, version, sys.platform))
    depth = _depth()
    run_perft("start", Position(), depth)
    run_perft("rulebook", parse_position(RULEBOOK), depth)
    per_node = bytes_per_node(Position())
    if per_node is not None:
        print("bytes allocated per node (movegen + push + pop): %d" % per_node)
        gc.collect()
        base = gc.mem_alloc()
        pos = play_game(Position())
        gc.collect()
        print("heap in use after a whole game: %d bytes (%d for the game's %d plies)"
              % (gc.mem_alloc(), gc.mem_alloc() - base, pos.ply()))
    else:
        print("bytes per node: gc cannot tell on this port")


def _command_line():
    """CPython's `python3 -m mapello.desktop.bench [--write-docs [FILE]]`."""
    import argparse
    import contextlib
    import io
    from mapello.desktop import measurements
    p = argparse.ArgumentParser(prog="python3 -m mapello.desktop.bench",
                                description="perft speed and the engine's memory")
    measurements.add_flag(p)
    page = p.parse_args().write_docs
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main()
    print(out.getvalue(), end="")
    if page:
        _write_docs(page, out.getvalue(), _vm_report())


def _vm_report():
    """What the benchmark prints in the MicroPython VM (64K heap)."""
    import os
    import shutil
    import subprocess
    from mapello.desktop.measurements import ROOT
    exe = shutil.which("micropython") or os.path.join(ROOT, ".venv", "bin", "micropython")
    if not os.path.exists(exe):
        raise SystemExit("--write-docs runs the MicroPython VM too: micropython not found "
                         "(./test.sh installs it)")
    return subprocess.run([exe, "-X", "heapsize=64K", "-m", "mapello.desktop.bench"], cwd=ROOT,
                          check=True, capture_output=True, text=True).stdout


def _write_docs(page, cpython, vm):
    import re
    from mapello.desktop.measurements import table, thousands, write_block

    def row(report, heap):
        name, version = re.search(r"bench on (\S+) (\S+)", report).groups()
        out = ["CPython %s" % version if name == "cpython"
               else "MicroPython %s VM (64-bit), %s heap" % (version, heap)]
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
    header = ("interpreter", "from the start", "on the rulebook board",
              "bytes allocated per node (a move generation, a push and a pop)",
              "heap in use after a whole game")
    write_block(page, "engine-speed", table(header, [row(cpython, None), row(vm, "64K")]))


if __name__ == "__main__" and sys.implementation.name == "cpython":
    _command_line()
else:
    main()
