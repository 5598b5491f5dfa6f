"""The computer's move on a board: runs there as code.py, beside the game as
deploy.sh installs it, and prints what the hard level does in a game
through the App's buttons with the board's own clock (no display or LEDs:
the App draws into memory).  Then `python3 -m desktop.bench.device_cost
--firmware` reads the serial console's text.

  copy this file onto CIRCUITPY as code.py (keep the game's own code.py
  aside), reset the board, and save what the serial console prints

For each of the computer's first MOVES moves it prints a `think` line: the
milliseconds from the first loop step that shows "thinking" to its move,
the loop's steps meanwhile, and the nodes its search visited; then a
`kernel` line naming the search kernel the board loaded, and a `summary`
line.  The saves go to a buffer in RAM: the board's own saves stay as they are.
"""
import gc
import sys
import time

from mapello import buttons
from mapello.game.save.log import NvmStorage
from mapello.ui.app import App

MOVES = int(sys.argv[1]) if len(sys.argv) > 1 else 12   # a board has no arguments: 12


def clock():
    if hasattr(time, "monotonic_ns"):     # CircuitPython
        return time.monotonic_ns() // 1000000
    return time.ticks_ms()                # the MicroPython VM (tests/test_ai.py runs it there)


class Memory:
    """4 KiB of erased flash, in RAM."""

    def __init__(self):
        self.data = bytearray(b"\xff" * 4096)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, part):
        return bytes(self.data[part])

    def __setitem__(self, part, value):
        self.data[part] = value


def press(app, name, steps=10):
    b = buttons.NAMES.index(name)
    app.press(b)
    app.release(b)
    for _ in range(steps):
        app.tick()


def choose(app, label, value):
    while not app.lines[1].startswith(">" + label):
        press(app, "DOWN")
    while app.lines[1] != ">%s: %s" % (label, value):
        press(app, "RIGHT")


def main():
    app = App("boards", NvmStorage(Memory()), clock, seed=7, settings={"think_ms": 2000})
    choose(app, "Mode", "vs computer")
    choose(app, "Level", "hard")
    press(app, "A")
    kernel = None
    times = []
    started = None
    while len(times) < MOVES and "(+" in app.lines[0]:
        if app.lines[1].endswith("thinking"):
            if started is None:
                started = clock()
                steps = 0
            app.tick()
            steps += 1
            continue
        if started is not None:
            took = clock() - started
            thinker = app.screen.mind
            kernel = kernel or sys.modules["mapello.ai.thinker"].Search.__module__
            times.append((took, steps, thinker.nodes))
            gc.collect()
            print("think %d ms, %d steps, %d nodes, %d bytes free" % (took, steps, thinker.nodes,
                                                                       gc.mem_free()))
            started = None
        elif app.lines[1].endswith("pass, A") or app.lines[1].endswith("to move"):
            press(app, "A", 1)     # the cursor stands on a legal move (the first one)
        else:
            app.tick()
    took = sorted(t for t, _, _ in times)
    nodes = sorted(n for _, _, n in times)
    steps = sum(s for _, s, _ in times) * 1000 // max(1, sum(t for t, _, _ in times))
    print("kernel %s" % kernel)
    print("summary %d moves: median %d ms, at most %d; median %d nodes a move; %d steps a second"
          % (len(times), took[len(took) // 2], took[-1], nodes[len(nodes) // 2], steps))


main()
