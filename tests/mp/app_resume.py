"""The evening's usual start, through the App inside MicroPython: the power
comes back on with a game against the hard level saved in the NVM, B in the
menu resumes it (the save is read back and checked, the game's modules and
the computer's load), and the game is played out with hints.  Only buttons
go in; only the display lines come out.

  micropython -X heapsize=256K tests/mp/app_resume.py make NVM_FILE
plays ten of your moves from a blank memory and writes the NVM there;
  micropython -X heapsize=112K tests/mp/app_resume.py resume NVM_FILE
switches on with it and plays on.  Each prints 'ok' last, or the
traceback of the failure.  tests/test_app_heap.py runs the second at every
heap size it checks."""
import gc
import sys

sys.path.insert(0, ".")

PHASE = sys.argv[1]
PATH = sys.argv[2]
NVM = bytearray(4096)          # first: on a board the NVM is not on the heap
for _i in range(4096):
    NVM[_i] = 0xFF


class Clock:
    """Milliseconds that move on as the loop runs (tests/mp/app_series.py)."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        self.now += 1
        return self.now


def main():
    from mapello import buttons
    from mapello.ui.app import App
    from mapello.game.catalogue import from_folder
    from mapello.game.storage import NvmStorage
    if PHASE == "resume":
        with open(PATH, "rb") as f:
            NVM[:] = f.read()
    clock = Clock()
    app = App(from_folder("boards"), NvmStorage(NVM), clock, seed=7, settings={"think_ms": 2000})

    def press(name, ticks=10):
        b = buttons.NAMES.index(name)
        app.press(b)
        app.release(b)
        for _ in range(ticks):
            clock.now += 20
            app.tick()
        if app.last_error:
            raise AssertionError("the app recovered from %s" % app.last_error)

    def line(i):
        return app.lines[i]

    def until(test, what, limit=3000):
        n = 0
        while not test():
            clock.now += 20
            app.tick()
            n += 1
            if app.last_error:
                raise AssertionError("the app recovered from %s" % app.last_error)
            if n > limit:
                raise AssertionError("waited for %s: %r" % (what, app.lines))

    if PHASE == "make":
        guard = 0
        while line(1) != ">Mode: vs computer":
            press("RIGHT")
            guard += 1
            assert guard < 5, app.lines
        while not line(1).startswith(">Level"):
            press("DOWN")
            guard += 1
            assert guard < 20, app.lines
        while line(1) != ">Level: hard":
            press("RIGHT")
            guard += 1
            assert guard < 25, app.lines
        press("A")
    else:
        assert "B resume" in line(3), app.lines
        press("B")
        assert "game resumed" in " ".join(app.lines), app.lines
    moves = 0
    while True:
        until(lambda: not (line(1).endswith("thinking") or line(1) == "game over"),
              "the computer or the game-over screen")
        if "(+" not in line(0):            # the game-over screen, not the score line
            break
        if line(1).endswith("pass, A"):
            press("A")
            continue
        assert line(1).endswith("to move"), app.lines
        press("B")                         # the game menu: the hint
        guard = 0
        while line(1) != ">Hint":
            press("DOWN")
            guard += 1
            assert guard < 8, app.lines
        press("A", 1)
        until(lambda: "try " in app.lines[3], "the hint")
        press("A")
        moves += 1
        if PHASE == "make" and moves == 10:
            until(lambda: line(1).endswith("to move"), "your turn")
            with open(PATH, "wb") as f:
                f.write(NVM)
            print("ok: saved after %d moves of yours" % moves)
            return
    gc.collect()
    print("ok: resumed and played out, %d moves of yours" % moves)


main()
