"""perft(8) from the start: this engine against creversi-python 0.1.0, side by side.

  .venv/bin/python -m desktop.bench.creversi [--depth 8] [--runs 3] [--write-docs [FILE]]

creversi-python is installed on demand into .venv-creversi/ (it is GPL: it is
only run, through its public API, never read or copied).  Both sides use bulk
counting at the last ply; each figure is the best of --runs runs.
--write-docs writes them into the creversi block of docs/MEASUREMENTS.md.
"""
import argparse
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VENV = os.path.join(ROOT, ".venv-creversi")

CREVERSI_PERFT = r"""
import sys, time, creversi
def perft(b, depth):
    if depth == 1:
        n = b.puttable_num()
        return n if n else 1
    if b.is_game_over():
        return 1
    moves = list(b.legal_moves)
    if not moves or moves == [creversi.PASS]:
        c = b.copy(); c.move_pass()
        return perft(c, depth - 1)
    total = 0
    for m in moves:
        c = b.copy(); c.move(m)
        total += perft(c, depth - 1)
    return total
depth, runs = int(sys.argv[1]), int(sys.argv[2])
best = None
for _ in range(runs):
    t = time.perf_counter(); n = perft(creversi.Board(), depth); t = time.perf_counter() - t
    best = t if best is None or t < best else best
print(n, best)
"""


def creversi_python():
    exe = os.path.join(VENV, "bin", "python")
    if not os.path.exists(exe):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([exe, "-m", "pip", "install", "--quiet", "creversi-python==0.1.0"],
                       check=True)
    return exe


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--depth", type=int, default=8)
    p.add_argument("--runs", type=int, default=3)
    from desktop.bench import measurements
    measurements.add_flag(p)
    args = p.parse_args()
    from mapello.rules.position import Position
    from mapello.rules.perft import perft

    out = subprocess.run([creversi_python(), "-c", CREVERSI_PERFT, str(args.depth),
                          str(args.runs)], check=True, capture_output=True, text=True).stdout
    theirs_n, theirs_t = out.split()
    ours_t = None
    for _ in range(args.runs):
        t = time.perf_counter()
        ours_n = perft(Position(), args.depth)
        t = time.perf_counter() - t
        ours_t = t if ours_t is None or t < ours_t else ours_t
    theirs_t = float(theirs_t)
    print("perft(%d) from the start, best of %d runs, %s" % (args.depth, args.runs,
                                                           sys.version.split()[0]))
    print("creversi-python 0.1.0: %s leaves in %.3f s" % (theirs_n, theirs_t))
    print("mapello:               %d leaves in %.3f s" % (ours_n, ours_t))
    print("speed ratio: %.2fx" % (theirs_t / ours_t))
    if int(theirs_n) != ours_n:
        raise SystemExit("leaf counts differ")
    if args.write_docs:
        rate = ours_n / ours_t
        measurements.write_block(args.write_docs, "creversi", measurements.table(
            ("perft(%d) from the start, best of %d runs, CPython %s" % (
                args.depth, args.runs, sys.version.split()[0]), "leaves", "time"),
            [("creversi-python 0.1.0", measurements.thousands(int(theirs_n)), "%.2f s" % theirs_t),
             ("mapello (%s leaves/s)" % measurements.thousands(rate), measurements.thousands(ours_n),
              "%.2f s: **%.2f times faster**" % (ours_t, theirs_t / ours_t))]))


if __name__ == "__main__":
    main()
