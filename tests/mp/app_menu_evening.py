"""An evening of separate series: three one-game series against the hard
level, each started from the menu after the last one's game over, through
the App as a player drives it.  A series started after the menu came back
must start with no more of the heap in use than the second (within 1.75 KB:
the names the game-over and menu screens add, which came within 32 bytes of
1.5 KB before the replay offered what-if branches), or every series of the
evening starts closer to MemoryError: the last series' record and the save's
checks were once kept, 5 KB in all.  The first series may leave up to 3 KB
more once: the bytecode search's stacks grow to the depth its solves reach,
and stay (1.2 to 2.2 KB since the hard level solves for the result alone).  tests/test_app_heap.py runs it at the
smallest heap the other flows are held to.

  micropython -X heapsize=168K tests/mp/app_menu_evening.py
prints 'ok' and the figures last, or the traceback of the failure."""
import gc
import sys

sys.path.insert(0, "tests/mp")
from driver import FileNvm, bundled_app  # noqa: E402

NVM = FileNvm()
SERIES = 4


def main():
    app, p = bundled_app(NVM)
    p.set_menu("Mode", "vs computer")
    p.set_menu("Level", "hard")
    p.set_menu("Series", "1 game")
    starts = []                            # the live heap as each series' game begins
    for _ in range(SERIES):
        p.press("A")
        assert "(+" in p.line(0), app.lines
        gc.collect()
        starts.append(gc.mem_alloc())
        p.play_to_the_end()
        p.until(lambda: "A menu" in p.line(3), "the series' end")
        p.press("A")
        assert p.line(0).startswith("MAPELLO"), app.lines
    assert starts[1] - starts[0] <= 3072, starts
    assert max(starts[1:]) - starts[1] <= 1792, starts
    print("ok: %d series, live heap at each start %s B" % (SERIES, starts))


try:
    main()
finally:
    NVM.close()
