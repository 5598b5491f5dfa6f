"""The desktop simulator: the same App as the device, shown through the real
neopixel and displayio libraries on Blinka, in a terminal (default) or a
pygame window.  Scriptable: --keys feeds presses on a virtual clock and
--snapshot writes a PNG of the matrix and the display at the end.

    python3 -m desktop.sim                      # play in this terminal
    python3 -m desktop.sim --keys "A RIGHT A" --snapshot game.png
"""

import argparse
import os
import sys
import time

from desktop import micropython_stub

micropython_stub()          # before the device modules: their const
from mapello.game.options import SETTINGS  # noqa: E402

KEY_STEP_MS = 100      # virtual time between scripted presses
SETTLE_MS = 20         # virtual tick while the app animates or thinks
BOARDS_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "boards")


class VirtualClock:
    """Milliseconds that move only when told: scripted runs are repeatable."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now


def real_clock():
    return int(time.monotonic() * 1000)


def script_tokens(text):
    """Buttons and waits from --keys: names of buttons (UP DOWN LEFT RIGHT A B),
    WAIT (one second) or WAIT<ms>; ValueError names a bad token."""
    from mapello import buttons
    out = []
    for word in text.replace(",", " ").split():
        w = word.upper()
        if w == "WAIT":
            out.append(("wait", 1000))
        elif w.startswith("WAIT") and w[4:].isdigit():
            out.append(("wait", int(w[4:])))
        else:
            out.append(("press", buttons.from_name(w)))
    return out


def settle(app, clock, ms):
    """Tick the app for `ms` virtual milliseconds, then while the computer or
    a hint still thinks (bounded)."""
    end = clock.now + ms
    while clock.now < end:
        clock.now += SETTLE_MS
        app.tick()
    for _ in range(20000):
        if not app.busy:
            break
        clock.now += SETTLE_MS
        app.tick()


def run_script(app, clock, tokens):
    for kind, value in tokens:
        if kind == "wait":
            settle(app, clock, value)
        else:
            app.press(value)
            app.release(value)
            settle(app, clock, KEY_STEP_MS)


def build_parser():
    p = argparse.ArgumentParser(prog="python3 -m desktop play",
                                description="Mapello Handheld desktop simulator")
    add_arguments(p)
    return p


def add_parser(sub):
    """`python3 -m desktop play ...` (registered in desktop/cli.py)."""
    s = sub.add_parser("play", help="play in the desktop simulator (terminal or window)",
                       description="Mapello Handheld desktop simulator")
    add_arguments(s)
    s.set_defaults(func=run)


def add_arguments(p):
    p.add_argument("--keys", help='scripted presses, e.g. "DOWN RIGHT A WAIT A"; '
                   "runs them on a virtual clock, prints the screen and exits")
    p.add_argument("--snapshot", metavar="FILE.png",
                   help="write an image of the matrix and display at the end")
    p.add_argument("--window", action="store_true", help="play in a pygame window")
    p.add_argument("--plain", action="store_true", help="letters instead of colours")
    p.add_argument("--boards", default=BOARDS_DIR,
                   help="folder of board files (default: the repository's boards/)")
    p.add_argument("--save", default=None, metavar="FILE",
                   help="save file (default saves/sim.bin when playing, none for --keys)")
    p.add_argument("--no-save", action="store_true", help="do not save or resume")
    p.add_argument("--seed", type=int, default=None, help="seed for random boards")
    default, low, high, _, _ = SETTINGS["brightness"]
    p.add_argument("--brightness", type=int, default=None,
                   help="%d..%d percent (default: the device's, %d)" % (low, high, default))
    p.add_argument("--current-ma", type=int, default=None,
                   help="the matrix current cap the device would apply (default: the device's, 500)")


def main(argv=None):
    return run(build_parser().parse_args(argv))


def run(args):
    from mapello.ui.app import App
    from desktop.sim.devices import DEFAULT_BRIGHTNESS, DEFAULT_CURRENT_MA, SimDevices
    scripted = args.keys is not None or (args.snapshot is not None and not args.window)
    tokens = []
    if args.keys is not None:
        try:
            tokens = script_tokens(args.keys)
        except ValueError as e:
            print("error: --keys: %s" % e, file=sys.stderr)
            return 2
    storage = None
    if not args.no_save and (args.save or not scripted):
        from desktop.sim.filestore import FileStorage
        path = args.save or os.path.join("saves", "sim.bin")
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        storage = FileStorage(path)
    if args.window:
        from desktop.sim.window import check_window
        problem = check_window()
        if problem:
            print("error: %s" % problem, file=sys.stderr)
            return 2
    elif not scripted and os.name == "nt":
        print("error: the terminal simulator needs a POSIX terminal: on Windows, "
              "py play.py opens the window (or --window)", file=sys.stderr)
        return 2
    clock = VirtualClock() if scripted else real_clock
    seed = args.seed if args.seed is not None else (0 if scripted else real_clock() % 100000)
    # the brightness as the device starts with it (MAPELLO_BRIGHTNESS); a save may change it
    settings = {"brightness": DEFAULT_BRIGHTNESS}
    if args.brightness is not None:
        _, low, high, _, _ = SETTINGS["brightness"]
        settings["brightness"] = max(low, min(high, args.brightness))
    app = App(args.boards, storage, clock, seed=seed, settings=settings)
    devices = SimDevices(args.current_ma or DEFAULT_CURRENT_MA)
    try:
        if scripted:
            run_script(app, clock, tokens)
            devices.update(app)
            from desktop.sim.terminal import render
            print("\n".join(render(devices, args.plain or not sys.stdout.isatty())))
        elif args.window:
            from desktop.sim.window import run_window
            run_window(app, devices)
        else:
            if not sys.stdin.isatty():
                print("error: the terminal simulator needs a terminal (or use --keys)",
                      file=sys.stderr)
                return 2
            from desktop.sim.terminal import run
            run(app, devices, clock, args.plain)
        app.run_deferred()      # a move pressed with the quit key: saved before leaving
        if args.snapshot:
            from desktop.sim.snapshot import write_snapshot
            devices.update(app)
            write_snapshot(devices, args.snapshot)
            print("snapshot: %s" % args.snapshot)
        if app.last_error:
            print("app recovered from: %s" % app.last_error, file=sys.stderr)
    finally:
        devices.close()
    return 0
