# desktop-only
"""What the replay's review (mapello/ai/judge.py) costs on the device: its
time per move, its longest step and the heap it holds.

  .venv/bin/python -m desktop.bench.review_cost [--games 6] [--steps] [--heap] [--write-docs [FILE]]

time:  the review of GAMES games (the hard level against the medium one, on
       the plain board and on random Mapello boards in turn), here in
       CPython, at the device's budget: the nodes each move's position took
       (the same on every kernel and board), and at the search speeds
       measured on a Pico's firmware (docs/MEASUREMENTS.md, block
       search-firmware) the seconds a move and a game take.
steps: (--steps) every call of Review.step() the replay makes, counted by
       callgrind in the MicroPython VM (bytecode, as desktop/bench/device_cost.py
       counts the search's), at a budget of --nodes nodes a position: the
       longest call of each kind (replaying moves to a position, a slice of
       the search) and its time on an RP2040 at desktop/bench/device_cost.py's
       calibration, a garbage collection that falls in a call included (one
       takes 18.5 ms on the device: docs/MEASUREMENTS.md, block latency; the
       review makes one of its own before each position's search).  A tick
       of the replay runs calls until 15 ms have gone, so it takes at most
       that and one call.
heap:  (--heap) a one-game series against the hard level through the App in
       the 64-bit VM, compiled as deploy.sh installs it for an RP2040 (the
       native search): the live heap on the game-over screen, in the replay
       before its review, at the review's peak (a collection after every
       tick, until the review is done) and back on the game-over screen.

--write-docs (it implies --steps and --heap) writes the review-cost block
of docs/MEASUREMENTS.md (or of FILE).
"""
import argparse
import os
import re
import shutil
import subprocess
import tempfile

from desktop.bench import measurements
from desktop.bench.device_cost import call_costs, device_ms, vm

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def firmware_speeds():
    """{kernel: nodes a second} as a Pico's firmware searched (docs/MEASUREMENTS.md,
    block search-firmware)."""
    found = re.findall(r"^\| (native|bytecode) \|[^|]*\| \*\*([\d,]+) nodes/s\*\*",
                       measurements.block_text("search-firmware"), re.M)
    return dict((kernel, int(n.replace(",", ""))) for kernel, n in found)


def sample_games(count):
    """GameRecords of `count` games, the hard level (20,000 nodes a move) as
    black in even games, against the medium one."""
    from mapello.ai.thinker import choose_move
    from mapello.game.random_boards import random_board
    from mapello.game.record import GameRecord
    from mapello.rules.position import Position
    games = []
    for seed in range(count):
        start = Position() if seed % 2 == 0 else random_board(seed).position
        pos = start.copy()
        moves = []
        while not pos.is_over():
            hard = len(moves) % 2 == seed % 2
            move = choose_move(pos, 2 if hard else 1, seed + len(moves), 20000 if hard else 3000)
            moves.append(move)
            pos.push(move)
        games.append(GameRecord(start, moves))
    return games


def time_per_move(games):
    from mapello.ai.judge import Review
    rows = []
    for record in games:
        r = Review(record)
        per = []
        done = 0
        while not r.step(r.slice):
            if r.searched != done:
                per.append(r.searched - done)
                done = r.searched
        if r.searched != done:
            per.append(r.searched - done)
        rows.append((len(record.moves), r.nodes, len(per), max(per)))
    return rows


STEPS = """
import sys, micropython
sys.path.insert(0, "")
from mapello.ai.judge import Review
from mapello.game.record import GameRecord
from mapello.rules.notation import parse_position
record = GameRecord(parse_position(%r), %r)
mark = micropython.kbd_intr
r = Review(record, %d)
while True:
    kind = "replay" if r.at < 0 else "prepare" if r.thinker._stage < 3 else "search"
    mark(3)
    print(kind)
    if r.step(r.slice):
        break
mark(3)
print("end")
"""


def step_costs(record, nodes):
    """{kind of call: [VM instructions of each]}, as the replay makes them."""
    from mapello.rules.notation import position_text
    code = STEPS % (position_text(record.start), list(record.moves), nodes)
    return call_costs(code, "512K")


HEAP = """
import gc, sys
sys.path.insert(0, "tests/mp")
from driver import FileNvm, bundled_app
nvm = FileNvm()
try:
    app, p = bundled_app(nvm)
    p.set_menu("Mode", "vs computer")
    p.set_menu("Level", "hard")
    p.set_menu("Series", "1 game")
    p.press("A")
    p.play_to_the_end()
    p.until(lambda: "B replay" in p.line(3), "the game-over keys")
    def live():
        gc.collect()
        return gc.mem_alloc()
    over = live()
    app.press(5)
    app.release(5)
    entered = live()
    peak = [0]
    def done():
        peak[0] = max(peak[0], live())
        return not p.line(3).startswith("reviewing:")
    p.until(done, "the review", 200000)
    p.press("B")
    back = live()
    print("heap", over, entered, peak[0], back, p.line(0))
finally:
    nvm.close()
"""


def heap_figures():
    from desktop.bench.min_heap import compile_package
    work = tempfile.mkdtemp(prefix="mapello-review-heap-")
    try:
        compile_package(os.path.join(ROOT, "mapello"), work, native=True)
        shutil.copytree(os.path.join(ROOT, "boards"), os.path.join(work, "boards"))
        shutil.copytree(os.path.join(ROOT, "tests", "mp"), os.path.join(work, "tests", "mp"))
        proc = subprocess.run([vm(), "-X", "heapsize=256K", "-c", HEAP], cwd=work,
                              capture_output=True, text=True, timeout=1800)
    finally:
        shutil.rmtree(work)
    found = re.search(r"heap (\d+) (\d+) (\d+) (\d+)", proc.stdout)
    if found is None:
        raise SystemExit("the VM run failed:\n" + proc.stdout + proc.stderr)
    return [int(x) for x in found.groups()]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=6, help="games to review for the time (default 6)")
    p.add_argument("--steps", action="store_true", help="the longest calls, by callgrind")
    p.add_argument("--nodes", type=int, default=500,
                   help="nodes a position for --steps (default 500: callgrind is slow)")
    p.add_argument("--heap", action="store_true", help="the live heap in the VM, through the App")
    measurements.add_flag(p)
    args = p.parse_args()
    if args.write_docs:
        args.steps = args.heap = True
    games = sample_games(args.games)
    rows = time_per_move(games)
    moves = sum(r[0] for r in rows)
    nodes = sum(r[1] for r in rows)
    most = max(r[3] for r in rows)
    searched = sum(r[2] for r in rows)
    print("review of %d games, %d moves (%d positions searched, the others forced)"
          % (len(rows), moves, searched))
    print("  nodes a move: %.0f on average, %d at most a position; a game %.0f"
          % (nodes / moves, most, nodes / len(rows)))
    speeds = firmware_speeds()
    for name in ("native", "bytecode"):
        speed = speeds[name]
        print("  on a Pico, %s search (%d nodes/s): %.2f s a move on average, %.2f at most, "
              "%.1f min a game" % (name, speed, nodes / moves / speed, most / speed,
                                   nodes / len(rows) / speed / 60))
    calls = {}
    if args.steps:
        costs = step_costs(games[0], args.nodes)
        for kind in ("replay", "prepare", "search"):
            found = costs.get(kind, [])
            calls[kind] = (len(found), max(found), sum(found) / len(found))
            print("  %s calls: %d, longest %d VM instructions (%.1f ms on an RP2040), mean %.1f ms"
                  % (kind, len(found), max(found), device_ms(max(found)),
                     device_ms(sum(found) / len(found))))
    heap = None
    if args.heap:
        heap = over, entered, peak, back = heap_figures()
        print("live heap, 64-bit VM, compiled with the native search: game over %d B, the replay "
              "entered %d B, the review's peak %d B (+%d), back at game over %d B"
              % (over, entered, peak, peak - over, back))
    if args.write_docs:
        write_docs(args, len(rows), moves, searched, nodes, most, speeds, calls, heap)


def span(seconds):
    return "%.0f s" % seconds if seconds < 120 else "%.1f min" % (seconds / 60)


def write_docs(args, games, moves, searched, nodes, most, speeds, calls, heap):
    from desktop.bench.measurements import table, thousands, write_block
    t = thousands
    rows = [("nodes a move, at the device's budget (the hard level's)",
             "%s on average, %s at most (%d games, %d moves, %d positions searched)"
             % (t(nodes / moves), t(most), games, moves, searched))]
    for name in ("native", "bytecode"):
        speed = speeds[name]
        rows.append(("a move's verdict on a Pico, %s search (%s nodes/s)" % (name, t(speed)),
                     "**%.2f s** on average, %.2f at most; a game %s"
                     % (nodes / moves / speed, most / speed, span(nodes / games / speed))))
    what = {"replay": "replaying up to 8 moves to a position, collecting the garbage before its "
                      "search, or starting it",
            "prepare": "a step that prepares a position's search",
            "search": "a step of the search"}
    for kind in ("replay", "prepare", "search"):
        count, longest, mean = calls[kind]
        rows.append(("longest call: " + what[kind], "%.1f ms (%s VM instructions), a garbage "
                     "collection in it included; %.1f ms on average, %s calls"
                     % (device_ms(longest), t(longest), device_ms(mean), t(count))))
    over, entered, peak, back = heap
    rows.append(("live heap (64-bit VM, compiled, native search): game over; the replay entered; "
                 "the review's peak; back at game over",
                 "%s; %s; **%s** (+%s over game over); %s B"
                 % (t(over), t(entered), t(peak), t(peak - over), t(back))))
    head = ["The review of %d games, the hard level against the medium one (the plain board and "
            "random Mapello boards in turn), at the device's budget; a move's time at the firmware's "
            "speeds (block search-firmware); the calls counted by callgrind in the 64-bit VM "
            "(bytecode, %d nodes a position), on an RP2040 at desktop/bench/device_cost.py's calibration; "
            "the heap through the App, a one-game series against the hard level." % (games, args.nodes), ""]
    write_block(args.write_docs, "review-cost", head + table(("what", "figure"), rows))


if __name__ == "__main__":
    main()
