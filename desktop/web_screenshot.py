"""The README's picture of the page, docs/images/web-page.png: the page in
the system's headless Chromium, a few moves into a game on the rulebook
board, on the page's manual clock with a fixed seed, so the same page
gives the same picture.

  .venv/bin/python -m desktop.web_screenshot [--out docs/images/web-page.png]
"""

import argparse
import os
import sys

from desktop.build_web import ROOT
from desktop.web_browser import Player, session

OUT = os.path.join(ROOT, "docs", "images", "web-page.png")


def main(argv=None):
    p = argparse.ArgumentParser(prog="python3 -m desktop.web_screenshot", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default=OUT, help="the PNG to write (default docs/images/web-page.png)")
    args = p.parse_args(argv)
    with session(width=480, height=760) as (context, url):
        tab = context.new_page()
        player = Player(tab, url + "?clock=manual&seed=1")
        tab.evaluate("localStorage.clear()")
        player.menu("Mode:", "vs computer")
        player.press("A")
        player.until(lambda s: s["screen"] == "play" and not s["busy"])
        for _ in range(3):
            player.play_a_move()
        tab.screenshot(path=args.out, full_page=True)
        tab.evaluate("localStorage.clear()")
    print("screenshot: %s" % os.path.relpath(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
