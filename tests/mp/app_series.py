"""A whole two-game series against the hard level, through the App as a player
drives it: the menu, every move (yours chosen with the in-game Hint), game
over, the replay with the review of the last 12 moves, the next game and
the series end, with the bundled boards
and the saves in 4 KiB of flash (a file: on a board it is not heap).  Only
buttons go in; only the display lines come out.  tests/test_app_heap.py
runs it at every heap size from the sizes it gives up to 256K, because on
a board the heap fragments and a flow that passes at its minimum can still
fail above it.

  micropython -X heapsize=168K tests/mp/app_series.py [GAMES]
prints 'ok' and the figures last, or the traceback of the failure.  With
GAMES (up to 9: an evening's series) it also prints the live heap after each
game, and fails if it grew by more than 1 KB from the first game to the last:
a leak that two games hide would end a long evening in MemoryError."""
import gc
import sys

sys.path.insert(0, "tests/mp")
from driver import FileNvm, bundled_app  # noqa: E402

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 2
REVIEWED = 12                              # the moves the replay's review judges, from the end
NVM = FileNvm()


def main():
    app, p = bundled_app(NVM)
    p.set_menu("Mode", "vs computer")
    p.set_menu("Level", "hard")
    p.set_menu("Series", "%d games" % GAMES)
    p.press("A")
    moves = 0
    peak = [0]
    review = [0]                           # the live heap's peak in the replay's review
    after = []                             # the live heap as each game ends

    def measure(n):
        gc.collect()
        peak[0] = max(peak[0], gc.mem_alloc())
        return False

    while True:
        moves += p.play_to_the_end(measure)
        gc.collect()
        after.append(gc.mem_alloc())
        if GAMES > 2:
            print("game %d over: live heap %d B" % (len(after), after[-1]))
        p.until(lambda: "B replay" in p.line(3), "the game-over keys")
        series_over = "A menu" in p.line(3)
        p.press("B")                       # the replay, and its review of the game's moves
        assert p.line(0).startswith("Replay 0/"), app.lines
        last = int(p.line(0).split("/")[1])

        def reviewed():                    # the last REVIEWED moves judged, the endgame's
            gc.collect()                   # exact solves among them, where its heap peaks
            review[0] = max(review[0], gc.mem_alloc())
            line = p.line(3)
            return not line.startswith("reviewing:") or int(line.split()[1]) <= last - REVIEWED
        p.until(reviewed, "the review of the last moves", 20000)
        p.press("RIGHT")
        assert p.line(0).startswith("Replay 1/"), app.lines
        p.press("UP")
        p.press("B")
        p.press("A")                       # next game, or the menu after the last
        if series_over:
            break
    assert len(after) == GAMES, after
    assert after[-1] - after[0] <= 1024, after
    assert p.line(0).startswith("MAPELLO"), app.lines
    print("ok: %d games, %d moves of yours, live heap peak %d B, in the review %d B"
          % (len(after), moves, peak[0], review[0]))


try:
    main()
finally:
    NVM.close()
