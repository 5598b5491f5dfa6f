"""A game against the hard level played to its end, its replay reviewing the
last moves, then a what-if branch from WHAT_IF moves before the end against
the hard level again, played out, and B back to the replay and the
game-over screen; the next game starts.  The branch holds the game-over
screen, the replay and its record beside the play screen and the search:
tests/test_app_heap.py runs it at every heap size, and it fails if the
branch wrote the save.  Only buttons go in; only the display lines come out.

  micropython -X heapsize=168K tests/mp/app_whatif.py
prints 'ok' and the figures last, or the traceback of the failure."""
import gc
import sys

sys.path.insert(0, "tests/mp")
from driver import FileNvm, bundled_app  # noqa: E402

WHAT_IF = 14                               # the branch starts this many moves before the end
NVM = FileNvm()


def saved():
    """The CRC of the saves' memory, read a piece at a time (4 KB in one
    piece is what a heap cut up lacks)."""
    from binascii import crc32
    crc = 0
    for at in range(0, NVM.SIZE, 256):
        crc = crc32(NVM[at:at + 256], crc)
    return crc


def main():
    app, p = bundled_app(NVM)
    p.set_menu("Mode", "vs computer")
    p.set_menu("Level", "hard")
    p.press("A")
    p.play_to_the_end()
    p.until(lambda: "B replay" in p.line(3), "the game-over keys")
    over = list(app.lines)
    p.tick()  # the game's last save lands after the frame that shows its end
    before = saved()
    p.press("B")                           # the replay, and its review
    last = int(p.line(0).split("/")[1])
    p.until(lambda: not p.line(3).startswith("reviewing:")
            or int(p.line(3).split()[1]) <= last - 4, "the review of the last moves", 20000)
    for _ in range(last - WHAT_IF):
        p.press("RIGHT", 1)
    assert p.line(0) == "Replay %d/%d" % (last - WHAT_IF, last), app.lines
    p.press("A")                           # what if: you against the hard level
    assert p.line(0) == "What if: who plays?", app.lines
    for _ in range(3):
        p.press("DOWN")
    assert p.line(1) == ">You v hard", app.lines
    p.press("A")
    assert p.line(2).endswith("  what if"), app.lines
    peak = 0
    moves = 0
    while p.line(1) != "game over":
        p.until(lambda: not p.line(1).endswith("thinking"), "the computer", 20000)
        gc.collect()
        peak = max(peak, gc.mem_alloc())
        if p.line(1) != "game over":
            p.press("A")                   # the cursor starts on a legal move (or the pass)
            moves += 1
    assert saved() == before, "the branch wrote the save"
    p.press("B")
    assert p.line(0) == "Replay %d/%d" % (last - WHAT_IF, last), app.lines
    p.press("B")
    assert app.lines == over, (app.lines, over)
    p.press("A")                           # the series' next game
    p.until(lambda: "game 2/2" in p.line(2), "the next game", 2000)
    assert saved() != before
    print("ok: a branch of %d moves of yours, its live heap peak %d B" % (moves, peak))


try:
    main()
finally:
    NVM.close()
