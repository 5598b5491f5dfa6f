"""Engine benchmark for CPython, the MicroPython VM and a device's REPL.

  python3 -m desktop.bench.engine [--write-docs [FILE]]
  micropython -X heapsize=64K -m desktop.bench.engine      (from the repository root)
  >>> import desktop.bench.engine                           (at the device's REPL)

Prints perft leaf counts and leaves per second on the start position and on
the rulebook board, and where gc can tell (MicroPython, CircuitPython) the bytes
allocated per node and the heap in use after a whole game.  desktop/bench/min_heap.py
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
    print("desktop.bench.engine on %s %s %s" % (sys.implementation.name, version, sys.platform))
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


if __name__ == "__main__" and sys.implementation.name == "cpython":
    from desktop.bench.cli import engine_bench
    engine_bench(main)
else:
    main()
