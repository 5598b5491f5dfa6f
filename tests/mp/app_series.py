"""A whole two-game series against the hard level, through the App as a player
drives it: the menu, every move (yours chosen with the in-game Hint), game
over, the replay, the next game and the series end, with the bundled boards
and saves in a 4 KiB fake NVM.  Only buttons go in; only the display lines
come out.  tests/test_app_heap.py runs it at every heap size from 112K to
256K, because on a board the heap fragments and a flow that passes at its
minimum can still fail above it.

  micropython -X heapsize=112K tests/mp/app_series.py [GAMES]
prints 'ok' and the figures last, or the traceback of the failure.  With
GAMES (up to 9: an evening's series) it also prints the live heap after each
game, and fails if it grew by more than 1 KB from the first game to the last:
a leak that two games hide would end a long evening in MemoryError."""
import gc
import sys

sys.path.insert(0, ".")

A, B, UP, DOWN, LEFT, RIGHT = "A", "B", "UP", "DOWN", "LEFT", "RIGHT"


class Clock:
    """Milliseconds that move on as the loop runs: every call is 1 ms of work,
    every tick of the loop 20 ms, roughly a device's pace."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        self.now += 1
        return self.now


GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 2
NVM = bytearray(4096)          # first: on a board the NVM is not on the heap
for _i in range(4096):
    NVM[_i] = 0xFF


def main():
    from mapello import buttons
    clock = Clock()
    app = make_app(clock)

    def press(name, ticks=10):
        b = buttons.NAMES.index(name)
        app.press(b)
        app.release(b)
        for _ in range(ticks):
            clock.now += 20
            app.tick()
        if app.last_error:
            raise AssertionError("the app recovered from %s" % app.last_error)
        return app.lines

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

    # the menu: vs computer, hard, two games
    guard = 0
    while line(1) != ">Mode: vs computer":
        press(RIGHT)
        guard += 1
        assert guard < 5, app.lines
    while not line(1).startswith(">Level"):
        press(DOWN)
        guard += 1
        assert guard < 20, app.lines
    while line(1) != ">Level: hard":
        press(RIGHT)
        guard += 1
        assert guard < 25, app.lines
    while not line(1).startswith(">Series"):
        press(DOWN)
        guard += 1
        assert guard < 40, app.lines
    while line(1) != ">Series: %d games" % GAMES:
        press(RIGHT)
        guard += 1
        assert guard < 60, app.lines
    press(A)
    games = 0
    moves = 0
    peak = 0
    after = []                             # the live heap as each game ends
    while True:
        until(lambda: not (line(1).endswith("thinking") or line(1) == "game over"),
              "the computer or the game-over screen")
        if "(+" not in line(0):            # the game-over screen, not the score line
            games += 1
            gc.collect()
            after.append(gc.mem_alloc())
            if GAMES > 2:
                print("game %d over: live heap %d B" % (games, after[-1]))
            until(lambda: "B replay" in line(3), "the game-over keys")
            series_over = "A menu" in line(3)
            press(B)                       # the replay
            assert line(0).startswith("Replay 0/"), app.lines
            press(RIGHT)
            assert line(0).startswith("Replay 1/"), app.lines
            press(UP)
            press(B)
            press(A)                       # next game, or the menu after the last
            if series_over:
                break
            continue
        if line(1).endswith("pass, A"):
            press(A)
            continue
        assert line(1).endswith("to move"), app.lines
        press(B)                           # the game menu
        guard = 0
        while line(1) != ">Hint":
            press(DOWN)
            guard += 1
            assert guard < 8, app.lines
        press(A, 1)
        until(lambda: "try " in app.lines[3], "the hint")
        press(A)
        moves += 1
        gc.collect()
        used = gc.mem_alloc()
        if used > peak:
            peak = used
    assert games == GAMES, games
    assert after[-1] - after[0] <= 1024, after
    assert line(0).startswith("MAPELLO"), app.lines
    print("ok: %d games, %d moves of yours, live heap peak %d B" % (games, moves, peak))


def make_app(clock):
    """The app as the device builds it: bundled boards, saves in a fake NVM."""
    from mapello.ui.app import App
    from mapello.game.catalogue import from_folder
    from mapello.game.storage import NvmStorage
    return App(from_folder("boards"), NvmStorage(NVM), clock, seed=7,
               settings={"think_ms": 2000})


main()
