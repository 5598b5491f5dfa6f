"""Speed and memory of the computer player, on CPython and in MicroPython.

  python3 -m mapello.desktop.ai_bench [NODES]
  micropython -X heapsize=64K -m mapello.desktop.ai_bench [NODES]   (from the repo root)

Plays one whole game, hard against hard, NODES nodes per move (default 400),
in slices of 64 nodes as the app does, and prints nodes per second, the longest
slice, and (where gc can tell) the live heap before the game and at its peak.
Numbers are printed, never asserted: they depend on the machine.
"""
import gc
import sys
import time

from mapello.ai.thinker import Thinker
from mapello.rules.position import Position

SLICE = 64


def _ms():
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms()
    return int(time.monotonic() * 1000)


def _elapsed(start):
    if hasattr(time, "ticks_diff"):
        return time.ticks_diff(time.ticks_ms(), start)
    return _ms() - start


def _live():
    if not hasattr(gc, "mem_alloc"):
        return None
    gc.collect()
    return gc.mem_alloc()


def run(nodes=400):
    base = _live()
    peak = base or 0
    pos = Position()
    total = 0
    longest = 0
    spent = 0
    moves = 0
    while not pos.is_over():
        thinker = None
        thinker = Thinker(pos, "hard", seed=pos.ply(), node_budget=nodes)
        done = thinker.done()
        while not done:
            start = _ms()
            done = thinker.step(SLICE)
            took = _elapsed(start)
            spent += took
            if took > longest:
                longest = took
            live = _live() if moves % 8 == 0 else None
            if live is not None and live > peak:
                peak = live
        total += thinker.nodes
        pos.play(thinker.best())
        moves += 1
    rate = total * 1000 // spent if spent else 0
    impl = sys.implementation.name
    print("%s: hard vs hard, %d nodes/move, %d moves, %d nodes in %d ms: %d nodes/s"
          % (impl, nodes, moves, total, spent, rate))
    print("longest %d-node slice: %d ms" % (SLICE, longest))
    if base is not None:
        print("live heap: %d bytes after import, %d at peak (search: %d)"
              % (base, peak, peak - base))
    else:
        print("live heap: not measurable here (no gc.mem_alloc)")
    print("final score black %d white %d" % pos.score())
    return rate


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
