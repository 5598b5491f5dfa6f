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
import sys

sys.path.insert(0, "tests/mp")
from driver import FileNvm, bundled_app  # noqa: E402

PHASE = sys.argv[1]
PATH = sys.argv[2]
NVM = FileNvm(PATH if PHASE == "resume" else None)


def main():
    app, p = bundled_app(NVM)
    if PHASE == "make":
        p.set_menu("Mode", "vs computer")
        p.set_menu("Level", "hard")
        p.press("A")
        moves = p.play_to_the_end(lambda n: n == 10)
        assert moves == 10, moves
        p.until(lambda: p.line(1).endswith("to move"), "your turn")
        NVM.save_as(PATH)
        print("ok: saved after %d moves of yours" % moves)
        return
    assert "B resume" in p.line(3), app.lines
    p.press("B")
    assert "game resumed" in " ".join(app.lines), app.lines
    moves = p.play_to_the_end()
    print("ok: resumed and played out, %d moves of yours" % moves)


try:
    main()
finally:
    NVM.close()
