"""What the browser page costs, in the system's headless Chromium: figures,
not a test.

  .venv/bin/python -m desktop.bench.web_page [--loads 5] [--moves 8] [--write-docs [FILE]]

- page load to first frame: from the navigation's start to the first paint
  of the App's frame and lines (window.mapello.firstFrameMs), over fresh
  loads of the page;
- the hard level's time per move: a game against the hard computer in real
  time, the player's moves by keys, each of the computer's spells of
  thinking timed by the page (window.mapello.thinks), with the longest the
  page was held by one loop step meanwhile (what keeps it from freezing);
- the page's download: the bytes of every file the page fetched (resource
  timing), which is every file of build/web/.
"""

import argparse
import gzip
import os
import statistics
import sys

from desktop import build_web
from desktop.bench import measurements
from desktop.web_browser import Player, session

DOWNLOAD = """() => {
  const entries = [performance.getEntriesByType("navigation")[0],
                   ...performance.getEntriesByType("resource")];
  return entries.map((e) => [e.name, e.decodedBodySize]);
}"""


def main(argv=None):
    p = argparse.ArgumentParser(prog="python3 -m desktop.bench.web_page", description=__doc__.split("\n\n")[0])
    p.add_argument("--loads", type=int, default=5, help="fresh page loads timed (default 5)")
    p.add_argument("--moves", type=int, default=8, help="computer moves timed at hard (default 8)")
    measurements.add_flag(p)
    args = p.parse_args(argv)
    with session() as (context, url):
        firsts = []
        fetched = []
        for _ in range(args.loads):
            tab = context.new_page()
            Player(tab, url + "?clock=manual")
            firsts.append(tab.evaluate("window.mapello.firstFrameMs"))
            fetched = tab.evaluate(DOWNLOAD)
            tab.close()
        print("page load to first frame: median %d ms, fastest %d, slowest %d (%d loads: %s)"
              % (statistics.median(firsts), min(firsts), max(firsts), len(firsts),
                 " ".join(str(v) for v in firsts)))
        total = sum(size for _, size in fetched)
        files = sum(os.path.getsize(os.path.join(folder, n))
                    for folder, _, names in os.walk(build_web.OUT) for n in names)
        print("download: %d bytes in %d files (build/web/ holds %d bytes)" % (total, len(fetched), files))
        for name, size in sorted(fetched, key=lambda f: -f[1]):
            print("  %8d  %s" % (size, name.split("/")[-1].split("?")[0] or "index.html"))
        packed = 0
        for folder, _, names in os.walk(build_web.OUT):
            for n in names:
                with open(os.path.join(folder, n), "rb") as f:
                    packed += len(gzip.compress(f.read(), 9))
        print("  (%d bytes gzipped, for a server that compresses; desktop/build_web.py's does not)"
              % packed)

        tab = context.new_page()
        player = Player(tab, url + "?seed=3")
        tab.evaluate("localStorage.clear()")
        player.menu("Mode:", "vs computer")
        player.menu("Series:", "1 game")
        player.menu("Level:", "hard")
        player.press("A")
        player.until(lambda s: s["screen"] == "play" and not s["busy"])
        start = len(player.api("thinks"))
        while len(player.api("thinks")) - start < args.moves and player.play_a_move():
            pass
        thinks = player.api("thinks")[start:]
        if not thinks:
            raise SystemExit("the computer never moved: %r" % (player.lines,))
        print("hard level, time per move: mean %d ms, median %d, slowest %d (%d moves, think_ms 2000)"
              % (statistics.mean(thinks), statistics.median(thinks), max(thinks), len(thinks)))
        longest = player.api("longestThinkingStepMs")
        print("longest single loop step while thinking: %d ms" % longest)
    if args.write_docs:
        measurements.write_block(args.write_docs, "web-page", measurements.table(
            ["what", "figure"],
            [["page load to first frame, headless Chromium", "median %d ms, fastest %d, slowest %d (%d loads)"
              % (statistics.median(firsts), min(firsts), max(firsts), len(firsts))],
             ["the hard level's time a move (2 s to think)", "mean %d ms, slowest %d (%d moves)"
              % (statistics.mean(thinks), max(thinks), len(thinks))],
             ["the longest loop step while it thinks", "%d ms" % longest],
             ["the page's download", "%s bytes in %d files (%s gzipped)"
              % (measurements.thousands(total), len(fetched), measurements.thousands(packed))]]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
