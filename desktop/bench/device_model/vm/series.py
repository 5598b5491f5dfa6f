# What the heap model (desktop/bench/device_heap.py) runs in the VM: the handheld
# from code.py, then a series against the hard level (hints choose your
# moves; game over, replay, next game, series end), `series` times from the
# menu.  Its own arguments: the games a series, the series, 1 to watch the
# heap (a collection after every step, then micropython.mem_info(): the
# free heap and its largest free block, with a line saying where the series
# is whenever the screen changes), the bytes of a pad allocated first
# (another layout of the same heap: where things land moves with it), and
# the App's seed (its random boards and the computer's choices: a run
# repeats).
import handheld
from handheld import A, B, DOWN, RIGHT, UP, mark, queue, steps
import gc
import micropython

GAMES, SERIES, WATCH, PAD, SEED = [int(a) for a in handheld.ARGS[:5]]
pad = bytearray(PAD)


def watched(dt=None):
    """A step, then a collection and the heap's state."""
    handheld.NOW[0] += handheld.STEP_MS if dt is None else dt
    handheld.console.step()
    gc.collect()
    name = app.screen_name
    if name != seen[0]:
        seen[0] = name
        print("AT game %d %s" % (games + 1, name))
    micropython.mem_info()


def check():
    """Stop at the App's first recovery from an error, saying where it came
    (the screen shown before it)."""
    if app.last_error:
        raise SystemExit("the app recovered from %s in game %d, on its %s screen"
                         % (app.last_error, games + 1, shown[0]))
    shown[0] = app.screen_name


def press(b, n=10):
    queue(b)
    steps(n)
    check()


def line(i):
    return app.lines[i]


def until(test, what, limit=6000):
    n = 0
    while not test():
        handheld.step()
        n += 1
        check()
        if n > limit:
            raise SystemExit("waited for %s: %r" % (what, app.lines))


def heap(when):
    """The heap in use after a collection, and the names' pool after it."""
    gc.collect()
    print("HEAP %s %d" % (when, gc.mem_alloc()))
    micropython.qstr_info()


heap("before")
mark("code.py")
handheld.start(SEED)
app = handheld.app
heap("first")
seen = [None]
shown = [None]
games = moves = 0
if WATCH:
    handheld.step = watched
handheld.vs_hard(GAMES)
for series in range(1, SERIES + 1):         # each from the menu, where the last one ended
    press(A)
    heap("series%d" % series)
    while True:
        until(lambda: not (line(1).endswith("thinking") or line(1) == "game over"), "the computer")
        if "(+" not in line(0):             # the game-over screen
            games += 1
            until(lambda: "B replay" in line(3), "the game-over keys")
            over = "A menu" in line(3)
            for b in (B, RIGHT, UP, B, A):  # the replay, a step, back, next game or menu
                press(b)
            if over:
                break
            continue
        if line(1).endswith("pass, A"):
            press(A)
            continue
        press(B)                            # the game menu's Hint
        n = 0
        while line(1) != ">Hint":
            press(DOWN)
            n += 1
            if n > 8:
                raise SystemExit("no Hint in %r" % app.lines)
        press(A, 1)
        until(lambda: "try " in app.lines[3], "the hint")
        press(A)
        moves += 1
heap("end")
print("OK %d games, %d moves" % (games, moves))
