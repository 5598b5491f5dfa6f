# desktop-only
"""Power cuts during random play, at length: figures, not a test.

  .venv/bin/python tools/save_fuzz.py [--presses N] [--chunk N] [--seed S] [--write-docs [FILE]]

Runs tests/save_fuzz.py (what tests/test_save_fuzz.py runs briefly) for N
random presses on each NVM model of desktop/fake_nvm.py, RP2040 and SAMD51, in
runs of --chunk presses each from a blank memory.  One write in 2, 5, 20 or
80 (chosen anew at each power-on) is cut after a random number of its
steps; the handheld is switched on again and what it resumes is checked
against the last save written whole (a failed check stops the run with the
seed that found it).  Prints by model: presses, NVM writes, cuts, resumes
checked, how many resumed the save being written (the cut left it whole)
or the one before, cuts that left no whole save (only in an erase and
rewrite, before a save is back: the port's one erase unit holds every
copy), the games lost with them, and games played to their end.
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))

from desktop import micropython_stub  # noqa: E402

micropython_stub()          # before the device modules: their const
import save_fuzz  # noqa: E402
from desktop import measurements  # noqa: E402

COLUMNS = ("model", "presses", "writes", "cuts", "resumes checked", "resumed the new save",
           "resumed the one before", "no whole save left", "games lost", "games over")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--presses", type=int, default=100000, help="presses per NVM model")
    ap.add_argument("--chunk", type=int, default=10000, help="presses per run from a blank memory")
    ap.add_argument("--seed", type=int, default=1)
    measurements.add_flag(ap)
    args = ap.parse_args()
    rows = []
    for port in save_fuzz.PORTS:
        stats = save_fuzz.Stats(port)
        started = time.time()
        done = 0
        run = 0
        while done < args.presses:
            n = min(args.chunk, args.presses - done)
            seed = args.seed * 1000 + run
            try:
                save_fuzz.run(port, n, seed, stats)
            except Exception:
                print("%s: run with seed %d (%d presses) failed" % (port, seed, n))
                raise
            done += n
            run += 1
        rows.append(stats.row())
        print("%s: %d presses in %.0f s" % (port, done, time.time() - started), file=sys.stderr)
    table = measurements.table(COLUMNS, [[measurements.thousands(v) if isinstance(v, int) else v
                                          for v in row] for row in rows])
    for line in table:
        print(line)
    for row in rows:
        cuts, lost = row[3], row[8]
        print("%s: %d cuts, %d games lost (%.1f %% of cuts), none outside an erase and rewrite"
              % (row[0], cuts, lost, 100.0 * lost / cuts if cuts else 0.0))
    if args.write_docs:
        measurements.write_block(args.write_docs, "save-fuzz", table)


if __name__ == "__main__":
    main()
