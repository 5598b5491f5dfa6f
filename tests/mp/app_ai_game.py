"""The whole app against the computer inside MicroPython: the hard level
thinks in the app's own slices, with the heap the app and the computer player
need together.  tests/test_ai_micropython.py runs it with the heap of the
whole-app check (tests/test_app_micropython.py)."""
import gc

from mapello import buttons
from app_game import RULEBOOK, Clock, _cursor_to, _press


def check_a_whole_game_against_the_computer():
    gc.collect()
    before = gc.mem_alloc()
    from mapello.app import App
    from mapello.boardfile import parse_board
    clock = Clock()
    app = App([parse_board(RULEBOOK)], None, clock,
              settings={"games": 1, "mode": 2, "level": 2, "think_ms": 300})
    _press(app, clock, buttons.A)
    assert type(app.screen).__name__ == "PlayScreen", app.lines
    peak = 0
    moves = 0
    ticks = 0
    while type(app.screen).__name__ == "PlayScreen":
        s = app.screen.s
        pos = s.pos
        if s.is_computer(pos.turn) or pos.is_over():
            clock.now += 20
            app.tick()
            ticks += 1
            assert ticks < 20000
        elif pos.must_pass():
            _press(app, clock, buttons.A)
        else:
            _cursor_to(app, clock, pos.legal_moves()[0])
            _press(app, clock, buttons.A)
            moves += 1
        gc.collect()
        used = gc.mem_alloc()
        if used > peak:
            peak = used
        assert app.last_error is None, app.last_error
    assert type(app.screen).__name__ == "GameOverScreen", app.lines
    assert moves > 10
    print("heap (live after gc, 64-bit VM): peak during a whole game against the hard"
          " level %d B (%d human moves), modules included" % (peak - before, moves))
