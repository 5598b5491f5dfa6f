"""Speed and memory of the computer player, on CPython, in MicroPython and on
the device.

  python3 -m desktop.bench.ai [NODES] [--write-docs [FILE]]
  micropython -X heapsize=96K -m desktop.bench.ai [NODES]   (from the repo root)
  >>> import desktop.bench.ai                                 (at the device's REPL)

Plays one whole game, hard against hard, NODES nodes per move (default 400),
in slices as the app thinks (8 nodes in bytecode, 128 native), and prints nodes per second, the
longest slice and the longest start of a search (the app starts one within a
tick), and where gc can tell, the live heap before the game and at its peak.
Numbers are printed, never asserted: they depend on the machine.
desktop/bench/device_cost.py counts the VM's instructions on POSITIONS instead, which
is exact and turns into an RP2040 estimate.

--write-docs (CPython only) also plays the game in the MicroPython VM and
writes both into the search-speed block of docs/MEASUREMENTS.md.
"""
import gc
import sys
import time

from mapello.rules.notation import parse_position, position_text
from mapello.ai.thinker import Thinker
from mapello.ai.levels import HARD    # loaded with the Thinker
from mapello.rules.position import Position

SLICE = Thinker.slice  # nodes per step, as the app thinks with this kernel

# The fixed positions of the device-cost benchmark (desktop/bench/device_cost.py):
# the plain board and Mapello boards, from the opening to the endgame.
POSITIONS = (
    "........../........../........../........../....BW..../....WB..../........../........../........../.......... b 0 0",  # start after 0 plies, 60 empties
    "........../........../........../....B.B.../...WWWW.../...WWW..../...BBBBB../...B....../...B....../.......... b 0 0",  # start after 12 plies, 48 empties
    "........../........../..BWW...../...BWW.B../..WWBWW.B./...WBW.W../..W.WWW.W./...BBWW.../..B....W../.......... b 0 0",  # start after 24 plies, 36 empties
    "........../......BBW./...BBBBWW./..BWBBWWB./..WWBWBW../..WWBWWWW./.WWWBWWW../....BB.W../....B...../.......... b 0 0",  # start after 36 plies, 24 empties
    "........../....WWWB../..BBWWBW../.BBWWBW.W./..WWBBWWB./.WWWBWWB../.WWWWWB.../..WWBBBB../.WWWWWWW../.......... b 0 0",  # start after 46 plies, 14 empties
    "...J..J.../.#.+.+..#./......#.+J/.+#......./....BW..../J...WB..../.+.....#+J/...#....../.#.+..+.#./...JJ..J.. b 0 0",  # boards/rulebook.txt after 0 plies, 52 empties
    "...J..J.../.#.+W+..#./...BWB#B+J/.W#BW.B.../.BWBWBW.../J..WWBBB../.+W..BB#+J/...#.B..../.#.+..+.#./...JJ..J.. b 0 1",  # boards/rulebook.txt after 20 plies, 32 empties
    "..J....J../...#..#.../.+W.....+./J#BWWWW.#J/...BWBWB../...WBBW.../J#W.+BW.#J/.+...B..+./...#.B#.../..J....J.. b 2 1",  # boards/labyrinth.txt after 16 plies, 36 empties
    "J........J/....B...../.W#B.W.#W./..WWWWWW../.WWWBWWW../..WBWWWWW./..BBBWWB../..#.W.W#../...W....../J........J b 1 3",  # boards/four-corners.txt after 30 plies, 26 empties
    "....JJ..../........../.....WWW../..BW.BB.../J..WWBB..J/JWWWBBB..J/..WBBBB.../.WWWB...../....WB..../....JJ.... b 0 0",  # boards/joker-ring.txt after 24 plies, 36 empties
    "J.....JJ../..#..+..../.+..+...../.+.BBB...J/...BBW..#./J.WWWWW.../...W.W..+./....W.#..J/J.#......./....J..... b 0 0",  # r5 after 10 plies, 46 empties
    "..J......./J#B..WWW../.#BB#W.W../.WBWBW#WB./.B+.WBWWW./..B#BBBWB./.BBBBBWW#./.+B.W.BWW./JBBB#W.B../..J....... b 1 2",  # r9 after 40 plies, 13 empties
)


def _us():
    """A microsecond clock on every port."""
    if hasattr(time, "ticks_us"):
        return time.ticks_us()
    if hasattr(time, "perf_counter"):
        return int(time.perf_counter() * 1000000)
    return time.monotonic_ns() // 1000


def _since(start):
    if hasattr(time, "ticks_diff"):
        return time.ticks_diff(time.ticks_us(), start)
    return _us() - start


def _live():
    if not hasattr(gc, "mem_alloc"):
        return None
    gc.collect()
    return gc.mem_alloc()


def _kernel():
    from mapello.ai import thinker
    return "native" if thinker.Search.__module__.endswith("native") else "bytecode"


def search_set(nodes, slice_nodes=8, level=HARD):
    """Search every benchmark position with `nodes` nodes, in slices of
    `slice_nodes` as the app does; returns the total number of nodes."""
    total = 0
    for text in POSITIONS:
        thinker = Thinker(parse_position(text), level, seed=1, node_budget=nodes)
        while not thinker.step(slice_nodes):
            pass
        total += thinker.nodes
    return total


def make_set():
    """Start a search (make a Thinker) for every benchmark position."""
    for text in POSITIONS:
        Thinker(parse_position(text), HARD, seed=1, node_budget=10)
    return len(POSITIONS)


def run(nodes=400):
    version = ".".join(str(v) for v in sys.implementation.version[:3])
    print("desktop.bench.ai on %s %s %s" % (sys.implementation.name, version, sys.platform))
    base = _live()
    peak = base or 0
    pos = Position()
    total = 0
    longest = 0
    longest_start = 0
    spent = 0
    moves = 0
    while not pos.is_over():
        thinker = None
        start = _us()
        thinker = Thinker(pos, HARD, seed=pos.ply(), node_budget=nodes)
        took = _since(start)
        spent += took
        longest_start = max(longest_start, took)
        done = thinker.done()
        while not done:
            start = _us()
            done = thinker.step(SLICE)
            took = _since(start)
            spent += took
            if took > longest:
                longest = took
            live = _live() if moves % 8 == 0 else None
            if live is not None and live > peak:
                peak = live
        total += thinker.nodes
        pos.play(thinker.best())
        moves += 1
    rate = total * 1000000 // spent if spent else 0
    impl = sys.implementation.name
    print("%s, %s kernel: hard vs hard, %d nodes/move, %d moves, %d nodes in %d ms: %d nodes/s"
          % (impl, _kernel(), nodes, moves, total, spent // 1000, rate))
    print("longest %d-node step: %d us; longest start of a search: %d us"
          % (SLICE, longest, longest_start))
    if base is not None:
        print("live heap: %d bytes after import, %d at peak (search: %d)"
              % (base, peak, peak - base))
    else:
        print("live heap: not measurable here (no gc.mem_alloc)")
    print("final score black %d white %d" % pos.score())
    return rate


if __name__ == "__main__":
    if sys.implementation.name == "cpython":
        from desktop.bench.cli import search_bench
        search_bench(run, SLICE)
    else:
        run(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
