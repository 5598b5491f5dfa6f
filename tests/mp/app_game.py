"""The whole app inside MicroPython: a scripted game through button presses,
with the heap it needs.  Too big for the 64 KiB of tests/mp/mp_*.py (the app
loads about 78 KB of modules on the 64-bit VM), so tests/test_app_micropython.py
runs it with a larger heap: micropython -X heapsize=144K tests/mp/runner.py app_game."""
import gc

from mapello import buttons

with open("boards/rulebook.txt") as _f:  # run from the repository root
    RULEBOOK = _f.read()


class Clock:
    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now


def _press(app, clock, b):
    app.press(b)
    app.release(b)
    for _ in range(8):
        clock.now += 50
        app.tick()


def _cursor_to(app, clock, cell):
    s = app.screen
    n = 0
    while s.cursor != cell:
        r, c = s.cursor // 10, s.cursor % 10
        if r != cell // 10:
            _press(app, clock, buttons.DOWN if cell // 10 > r else buttons.UP)
        else:
            _press(app, clock, buttons.RIGHT if cell % 10 > c else buttons.LEFT)
        n += 1
        assert n < 40


def check_a_whole_game_by_buttons():  # runs first: its heap figures start clean
    gc.collect()
    before = gc.mem_alloc()
    from mapello.ui.app import App
    from mapello.rules.boardfile import parse_board
    clock = Clock()
    app = App([parse_board(RULEBOOK)], None, clock, settings={"games": 1})
    gc.collect()
    start = gc.mem_alloc()
    _press(app, clock, buttons.A)
    assert type(app.screen).__name__ == "PlayScreen", app.lines
    peak = 0
    moves = 0
    while type(app.screen).__name__ == "PlayScreen":
        pos = app.screen.s.pos
        if pos.must_pass():
            _press(app, clock, buttons.A)
            continue
        _cursor_to(app, clock, pos.legal_moves()[0])
        _press(app, clock, buttons.A)
        moves += 1
        gc.collect()
        used = gc.mem_alloc()
        if used > peak:
            peak = used
        assert app.last_error is None, app.last_error
        assert len(app.frame) == 300 and len(app.lines) == 4
    assert type(app.screen).__name__ == "GameOverScreen", app.lines
    assert moves > 20
    assert "wins" in app.lines[0] or app.lines[0] == "Draw"
    _press(app, clock, buttons.B)
    assert app.lines[0].startswith("Replay 0/")
    _press(app, clock, buttons.RIGHT)
    assert app.lines[0].startswith("Replay 1/")
    print("heap (live after gc, 64-bit VM): app in its menu %d B, peak during a whole"
          " game %d B (%d moves), modules included" % (start - before, peak - before, moves))


def check_menu_and_setup():
    from mapello.ui.app import App
    clock = Clock()
    app = App([], None, clock)
    for b in (buttons.DOWN, buttons.LEFT):
        _press(app, clock, b)
    assert app.lines[2] == " Set up by hand", app.lines
    _press(app, clock, buttons.A)
    assert app.lines[0] == "Setup by P1", app.lines
    _press(app, clock, buttons.A)
    assert app.lines[2] == "c3: wall", app.lines
    _press(app, clock, buttons.B)
    _press(app, clock, buttons.A)   # Start
    assert type(app.screen).__name__ == "PlayScreen", app.lines
    assert app.screen.s.pos.walls == 1 << 33
