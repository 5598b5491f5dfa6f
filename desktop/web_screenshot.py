"""The README's pictures of what a player sees: docs/images/web-page.png,
the page in the system's headless Chromium a few moves into a game
against the computer; docs/images/window.png, the simulator's window
(./play.sh --window) a few moves into a game on the rulebook board, drawn
by the window's own code with SDL's dummy driver.  Both on a fixed clock
with a fixed seed, so the same code gives the same pictures.

  .venv/bin/python -m desktop.web_screenshot [--out docs/images/web-page.png] [--window-out docs/images/window.png]
"""

import argparse
import os
import sys

from desktop.build_web import ROOT
from desktop.web_browser import Player, session

IMAGES = os.path.join(ROOT, "docs", "images")
OUT = os.path.join(IMAGES, "web-page.png")
WINDOW_OUT = os.path.join(IMAGES, "window.png")
BOARDS = os.path.join(ROOT, "boards")


def page_picture(path):
    with session(width=1000, height=900) as (context, url):
        tab = context.new_page()
        player = Player(tab, url + "?clock=manual&seed=1")
        tab.evaluate("localStorage.clear()")
        player.menu("Mode:", "vs computer")
        player.press("A")
        player.until(lambda s: s["screen"] == "play" and not s["busy"])
        for _ in range(3):
            player.play_a_move()
        tab.screenshot(path=path, full_page=True)
        tab.evaluate("localStorage.clear()")


def window_picture(path):
    """Three moves on the rulebook board, each a click on the first legal
    move, the cursor lit on the next player's."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    import pygame
    from desktop.sim import VirtualClock, settle
    from desktop.sim.devices import DISPLAY_H, DISPLAY_W, SimDevices
    from desktop.sim.window import layout, open_font, paint
    from mapello.ui.app import App
    from mapello.ui.kinds import point
    clock = VirtualClock()
    app = App(BOARDS, None, clock, seed=1, settings={"brightness": 20})
    app.press(4)                     # A: the menu's game, a series on the rulebook board
    app.release(4)
    settle(app, clock, 500)
    for _ in range(3):
        legal = app.screen.legal_mask()
        point(app, (legal & -legal).bit_length() - 1)
        settle(app, clock, 500)
    settle(app, clock, 1900)          # the move's message gone, the cursor lit
    if not app.screen.blink_on:
        settle(app, clock, 400)
    devices = SimDevices()
    pygame.display.init()
    try:
        devices.update(app)
        width, height, _, _ = layout(40, DISPLAY_W, DISPLAY_H)
        surface = pygame.Surface((width, height))
        paint(surface, open_font(), devices, 40, width)
        pygame.image.save(surface, path)
    finally:
        devices.close()
        pygame.quit()


def main(argv=None):
    p = argparse.ArgumentParser(prog="python3 -m desktop.web_screenshot", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default=OUT, help="the page's PNG (default docs/images/web-page.png)")
    p.add_argument("--window-out", default=WINDOW_OUT,
                   help="the window's PNG (default docs/images/window.png)")
    args = p.parse_args(argv)
    window_picture(args.window_out)
    print("screenshot: %s" % os.path.relpath(args.window_out))
    page_picture(args.out)
    print("screenshot: %s" % os.path.relpath(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
