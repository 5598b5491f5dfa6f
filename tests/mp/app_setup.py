"""Free play through the App inside MicroPython, as a player drives it: the
menu, a board set up by hand, the colour choice, a few moves with undo, the
game menu, and back to the menu.  Only buttons go in; only the display lines
come out.  tests/test_app_heap.py runs it at every heap size it checks.

  micropython -X heapsize=112K tests/mp/app_setup.py
prints 'ok' last, or the traceback of the failure."""
import sys

sys.path.insert(0, "tests/mp")
from driver import Clock, Player  # noqa: E402


def main():
    from mapello.ui.app import App
    clock = Clock()
    app = App([], None, clock, settings={"mode": 1})
    player = Player(app, clock)

    def press(*names):
        for name in names:
            player.press(name, 20)
        return app.lines

    assert app.lines[1] == ">Mode: Free play", app.lines
    assert press("A")[0] == "Setup by P1", app.lines
    assert press("A")[2] == "c3: wall", app.lines          # a wall on c3
    press("RIGHT", "RIGHT", "RIGHT", "A")                  # f3: a wall ...
    assert press("A")[2] == "f3: bonus", app.lines         # ... then a bonus
    press("B")
    assert app.lines[0] == "Setup menu", app.lines
    press("A")                                             # Start
    assert app.lines[0] == "P2: pick colour", app.lines
    press("RIGHT", "A")                                    # P2 takes white
    assert app.lines[1] == "P1 Black to move", app.lines
    played = 0
    for _ in range(8):                                     # the cursor starts on a legal move
        press("A")
        played += 1
    press("B", "DOWN", "A")                                # Undo
    assert app.lines[3] == "undone", app.lines
    press("B", "UP", "A")                                  # Quit to menu
    assert app.lines[0].startswith("MAPELLO"), app.lines
    print("ok: a setup and %d moves" % played)


main()
