"""Nothing the player does crashes the app: thousands of random presses (and
releases and clock jumps) across all screens leave it running, and what it
shows in shape: the lines, the frame's colours, the score line against the
discs on the matrix.  On the bundled boards the driver follows the game
(desktop/app_driver.py), so every move the app makes must be legal and leave
the score the driver's model has."""
import random
import re

from hypothesis import HealthCheck, given, settings, strategies as st

from desktop.app_driver import Player, test_boards as driver_boards
from desktop.fake_nvm import FakeNvm
from mapello.ui import palette
from mapello.ui.board_view import COLOUR_WORD
from mapello.rules.boardfile import BoardFile
from mapello.rules.position import INNER, Position
from mapello.game.save.log import NvmStorage

ALL_SCREENS = {"menu", "setup", "choice", "play", "game over",
               "replay", "colour", "records", "what if"}
SCORE = re.compile(r"^B(\d+)\(\+(\d+)\)  W(\d+)\(\+(\d+)\)$")


def allowed_colours():
    """(inner cells', border cells') colours, of the palette in use: the
    menu's Colours line may change it."""
    inner = {palette.EMPTY, palette.HINT, palette.WALL, palette.BONUS, palette.BONUS_HINT,
             palette.BLACK_DISC, palette.WHITE_DISC, palette.LAST_BLACK, palette.LAST_WHITE,
             palette.FLIP_MID, palette.CURSOR_ALT, palette.CURSOR_BLACK, palette.BAD_CELL,
             palette.SETUP_CURSOR, palette.PREVIEW}
    return inner, {palette.BORDER, palette.JOKER, palette.SETUP_CURSOR}


def scores(line):
    """(black discs, black bonus points, white discs, white bonus points)
    from a score line "B9(+3)  W3(+0)"."""
    m = SCORE.match(line)
    assert m, line
    b, bb, w, wb = (int(g) for g in m.groups())
    assert bb % 3 == 0 and wb % 3 == 0 and bb + wb <= 3 * 8, line
    assert b >= bb and w >= wb, line
    return b - bb, bb, w - wb, wb


def check_invariants(p):
    app = p.app
    assert app.last_error is None, app.last_error
    assert isinstance(app.frame, bytearray) and len(app.frame) == 300
    # every line fits; a screen's own line over 21 would have raised already
    # (the driver sets app.strict, and the App then refuses to cut one)
    assert len(app.lines) == 4 and all(len(line) <= 21 for line in app.lines), app.lines
    assert 1 <= app.brightness <= 100
    assert app.screen_name in ALL_SCREENS, app.screen_name
    colours = [palette.get(app.frame, c) for c in range(100)]
    inner, border = allowed_colours()
    for c in range(100):
        allowed = inner if (INNER >> c) & 1 else border
        assert colours[c] in allowed, (app.screen_name, c, colours[c])
    if app.screen_name in ("play", "replay", "what if"):
        assert palette.SETUP_CURSOR not in colours
        line = app.lines[2] if app.screen_name == "replay" else app.lines[0]
        if app.screen_name == "replay" and app.message:
            return
        black, _, white, _ = scores(line)
        assert 4 <= black + white <= 64, line
        # the discs on the matrix are the score's, but for the cells that
        # flip, glow as a move's flips, flash or hold the cursor
        blur = colours.count(palette.FLIP_MID) + colours.count(palette.PREVIEW) + 2
        blacks = colours.count(palette.BLACK_DISC) + colours.count(palette.LAST_BLACK)
        whites = colours.count(palette.WHITE_DISC) + colours.count(palette.LAST_WHITE)
        assert abs(blacks - black) <= blur, (line, colours)
        assert abs(whites - white) <= blur, (line, colours)
    if app.message:
        return                           # it may cover lines 2 to 4
    if app.screen_name == "menu":
        assert app.lines[0].startswith("MAPELLO"), app.lines
        assert app.lines[1].startswith(">") or app.lines[1] == "Discard saved game?", app.lines
    elif app.screen_name == "setup":
        assert re.match(r"^W\d/=?\d B\d/=?\d J\d/=?\d$", app.lines[1]), app.lines
    elif app.screen_name in ("play", "what if"):
        # a what-if branch between two players names the colour alone
        who = "(P1|P2|You|CPU) " if app.screen_name == "play" else "(You |CPU |)"
        assert re.match(r"^(%s(Black|White)( to move| thinking|: pass, A)|game over)$" % who,
                        app.lines[1]), app.lines
        assert re.match(r"^[a-h][1-8] ", app.lines[2]), app.lines
        if app.screen_name == "what if":
            assert app.lines[2].endswith("  what if") and app.lines[3] == "B back to the replay"
    elif app.screen_name == "game over":
        assert re.match(r"^(Draw|(Black|White) \((P1|P2|You|CPU)\) (wins|resigned))$",
                        app.lines[0]), app.lines
        if p.model is not None and p.model.pos.is_over():
            w = p.model.pos.winner()
            assert app.lines[0] == "Draw" or app.lines[0].startswith(COLOUR_WORD[w]), app.lines


def run_presses(p, presses, followed=None):
    """Feed `presses` to the app through the driver; the screens seen.
    `followed` collects whether the driver was following a game on the
    play screen."""
    seen = set()
    followed = set() if followed is None else followed
    for kind, value in presses:
        if kind == "press":
            p.tap(value)
        elif kind == "release":
            p.app.release(value)
        else:
            p.tick(value)
        seen.add(p.screen)
        followed.add(p.model is not None and p.screen == "play")
        check_invariants(p)
    return seen


def random_presses(rng, n):
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.7:
            # A most often, so games get played and screens change
            out.append(("press", rng.choice((0, 1, 2, 3, 4, 4, 4, 4, 5, 5))))
        elif r < 0.8:
            out.append(("release", rng.randrange(6)))
        else:
            out.append(("tick", rng.choice((0, 20, 50, 400, 3000, 20000))))
    return out


def test_long_random_sessions_visit_every_screen():
    """Also: no screen writes a line over 21 characters (app.strict), with a
    board name that must scroll among the boards."""
    boards = driver_boards()
    boards.append(BoardFile(Position(), "A board whose name is far too long for the display"))
    seen = set()
    followed = set()
    # 7 and 11 have the move timer, which ends games (and reaches the replay;
    # 7 a what-if branch from it); in 118 A plays a move while a message
    # covers the line that names the cursor's cell, in 237 a game starts
    # under one
    for seed in (0, 1, 2, 7, 11, 118, 237):
        rng = random.Random(seed)
        storage = NvmStorage(FakeNvm()) if seed % 2 else None
        p = Player(settings={"games": 2, "timer": 10 if seed in (7, 11) else 0}, storage=storage,
                   seed=seed, boards=boards)
        seen |= run_presses(p, random_presses(rng, 5000), followed)
    assert seen == ALL_SCREENS, ALL_SCREENS - seen
    assert True in followed, "no game followed move by move"


press = st.one_of(
    st.tuples(st.just("press"), st.integers(-2, 7)),       # includes unknown buttons
    st.tuples(st.just("release"), st.integers(0, 5)),
    st.tuples(st.just("tick"), st.sampled_from([0, 10, 50, 300, 5000, 70000])))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(press, max_size=400), st.integers(0, 2),
       st.sampled_from(["Plain", "Rulebook example", "Blocked squares", "Random Mapello"]))
def test_any_press_sequence_keeps_the_app_running(presses, mode, board):
    p = Player(settings={"mode": mode, "board": board, "games": 2, "timer": 10})
    run_presses(p, presses)
    # and it still answers: B then A from wherever it is changes something or nothing, safely
    p.tap(5)
    p.tap(4)
    check_invariants(p)
