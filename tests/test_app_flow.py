"""Scripted button sequences through the screens: set up a board, play whole
games, undo, finish a series, replay; the display text and the frame's colours
are checked at each step."""
from app_driver import Player
from mapello.ui import palette
from mapello.ui.board_view import cell_colour
from mapello.rules.position import BLACK, PASS, WHITE, Position, cell_name, parse_cell
from fake_nvm import FakeNvm
from mapello.game.storage import NvmStorage
from mapello.ui.board_view import score_line


def first_move_game(p, check_each=True):
    """Play the first legal move until the game ends, checking every step."""
    app = p.app
    moves = 0
    while p.screen == "play":
        pos = app.screen.session.pos
        mover = pos.turn
        if pos.must_pass():
            assert "pass, A" in app.lines[1]
            p.press("A")
            continue
        cell = pos.legal_moves()[0]
        before = pos.copy()
        p.play(cell)
        moves += 1
        if p.screen != "play":
            break
        if check_each:
            after = app.screen.session.pos
            assert after.discs[mover] >> cell & 1
            assert after == (lambda q: (q.push(cell), q)[1])(before)
            assert p.colour(cell) == palette.LAST[mover]
            assert app.lines[0] == score_line(after)
            # every cell but the cursor shows its piece or hint
            hints = after.legal_mask()
            for c in range(100):
                if c != app.screen.cursor:
                    assert p.colour(c) == cell_colour(after, c, hints, cell), c
    return moves


def test_menu_shows_settings_and_previews_the_board():
    p = Player()
    lines = p.app.lines
    assert lines[0].startswith("MAPELLO") and lines[1] == ">Mode: Series"
    assert lines[2] == " Board: Plain"
    p.press("DOWN")
    assert p.app.lines[1:3] == [">Board 1/5", " Plain"]
    p.press("RIGHT")
    assert p.app.lines[1:3] == [">Board 2/5", " Rulebook example"]
    assert p.colour(3) == palette.JOKER          # the rulebook's joker at d0
    assert p.colour(11) == palette.WALL          # a1 is a wall on the rulebook
    p.press("LEFT")
    assert p.colour(3) == palette.BORDER
    for _ in range(12):
        assert len(p.press("DOWN")[1]) <= 21


def test_whole_game_to_the_end():
    p = Player()
    p.press("A")
    assert p.screen == "play"
    assert p.app.lines[:2] == ["B2(+0)  W2(+0)", "P1 Black to move"]
    # the start: discs, dim hints on the four opening moves
    assert p.colour(parse_cell("d4")) == palette.BLACK_DISC
    assert p.colour(parse_cell("e4")) == palette.WHITE_DISC
    assert p.colour(parse_cell("f4")) == palette.HINT
    assert p.colour(parse_cell("a1")) == palette.EMPTY
    assert p.colour(0) == palette.BORDER
    moves = first_move_game(p)
    assert moves > 20
    assert p.screen == "game over"
    pos = p.app.screen.session.pos
    assert pos.is_over()
    head = p.app.lines[0]
    w = pos.winner()
    assert head == ("Draw" if w is None else "%s (P%d) wins" % (("Black", "White")[w], w + 1))
    assert "P1 " in p.app.lines[1]


def test_illegal_presses_say_why_and_change_nothing():
    p = Player(settings={"board": 1})   # the rulebook board
    p.press("A")
    pos = p.app.screen.session.pos
    start = pos.copy()
    p.cursor_to(parse_cell("d4"))
    p.press("A")
    assert p.app.lines[3] == "occupied"
    assert p.colour(parse_cell("d4")) == palette.BAD_CELL   # the refused cell flashes
    p.cursor_to(parse_cell("a1"))
    p.press("A")
    assert p.app.lines[3] == "wall"
    p.cursor_to(parse_cell("a7"))
    p.press("A")
    assert p.app.lines[3] == "no flip"
    assert p.app.screen.session.pos == start
    p.wait(2000)
    assert p.app.lines[3] == "A play  B menu"


def test_b_opens_the_game_menu_and_undo_takes_back_a_move():
    p = Player()
    p.press("A")
    p.play(parse_cell("e3"))
    after_one = p.app.screen.session.pos.copy()
    p.play(p.app.screen.session.pos.legal_moves()[0])
    assert p.app.screen.session.pos.ply() == 2
    p.press("B")
    assert p.screen == "choice" and p.app.lines[0] == "Game menu"
    p.press("B")                                  # B again: back, nothing changed
    assert p.screen == "play" and p.app.screen.session.pos.ply() == 2
    p.press("B")
    p.choose("Undo")
    assert p.screen == "play"
    assert p.app.screen.session.pos == after_one
    assert p.app.lines[1] == "P2 White to move"
    assert p.colour(parse_cell("e3")) == palette.LAST_BLACK


def test_hint_moves_the_cursor_to_a_legal_move():
    p = Player()
    p.press("A")
    p.cursor_to(parse_cell("a1"))
    p.press("B")
    p.choose("Hint")
    assert p.app.lines[3] == "hint: thinking"      # the hard level, in slices
    p.press("UP")                                   # the cursor waits for the hint
    assert p.app.lines[3] == "hint: thinking, B now"
    p.wait(2000)                                    # the hard level's 2 s budget
    s = p.app.screen
    assert p.screen == "play" and s.session.pos.why_illegal(s.cursor) is None
    assert p.app.lines[3] == "try " + cell_name(s.cursor)


def test_b_takes_the_hint_found_so_far():
    p = Player(settings={"think_ms": 60000})
    p.press("A")
    p.press("B")
    p.choose("Hint")
    p.press("B")
    s = p.app.screen
    assert s.session.pos.why_illegal(s.cursor) is None
    assert p.app.lines[3] == "try " + cell_name(s.cursor)


def test_the_hard_computer_thinks_for_the_think_ms_setting():
    p = Player(settings={"mode": 2, "level": 2, "think_ms": 1500})
    p.press("A")
    p.play(parse_cell("f4"))
    pos = p.app.screen.session.pos
    assert pos.ply() == 1                          # 400 ms after the move: still thinking
    p.wait(700)
    assert pos.ply() == 1
    p.wait(600)                                    # past 1.5 s: it has moved
    assert pos.ply() == 2 and pos.turn == BLACK


def test_resign_ends_the_game_for_the_other_side():
    p = Player()
    p.press("A")
    p.press("B")
    p.choose("Resign")
    assert p.screen == "game over"
    assert p.app.lines[0] == "Black resigned"
    assert p.app.screen.session.series.wins == [0, 1]


def test_series_of_two_swaps_colours_and_names_the_winner():
    p = Player(settings={"games": 2})
    p.press("A")
    first_move_game(p, check_each=False)
    assert p.screen == "game over"
    assert p.app.lines[3] == "A game 2/2 B replay"
    p.press("A")
    assert p.screen == "play"
    assert p.app.lines[1] == "P2 Black to move"      # colours swapped
    assert p.app.lines[2].endswith("game 2/2")
    first_move_game(p, check_each=False)
    assert p.screen == "game over"
    series = p.app.screen.session.series
    assert series.played == 2 and series.is_over()
    lead = series.winner()
    assert p.app.lines[2] == ("Series drawn" if lead is None else "P%d wins series" % (lead + 1))
    p.press("A")
    assert p.screen == "menu"


def test_replay_steps_through_the_last_game():
    p = Player()
    p.press("A")
    first_move_game(p, check_each=False)
    record = p.app.screen.session.last
    p.press("B")
    assert p.screen == "replay"
    assert p.app.lines[0] == "Replay 0/%d" % len(record.moves)
    assert p.colour(parse_cell("d4")) == palette.BLACK_DISC
    p.press("RIGHT")
    assert p.app.lines[0] == "Replay 1/%d" % len(record.moves)
    first = record.moves[0]
    assert p.app.lines[1] == "Black %s" % ("e3" if first == parse_cell("e3") else
                                           __import__("mapello.rules.position").engine.cell_name(first))
    assert p.colour(first) == palette.LAST_BLACK
    p.press("RIGHT", "RIGHT", "LEFT")
    assert p.app.lines[0].startswith("Replay 2/")
    pos = record.replay(2)
    for c in range(100):
        assert p.colour(c) == cell_colour(pos, c, 0, record.moves[1]), c
    p.press("UP")
    assert p.app.lines[0] == "Replay %d/%d" % (len(record.moves), len(record.moves))
    p.press("B")
    assert p.screen == "game over"


def test_setup_by_hand_checks_the_limits_before_starting():
    p = Player()
    p.menu("board", 4)                  # Plain, Rulebook, Blocked, Random, By hand
    assert p.app.lines[2] == " Set up by hand"
    p.menu("walls", -2)                 # exactly two walls
    p.press("A")
    assert p.screen == "setup"
    assert p.app.lines[0] == "Setup by P1"
    assert p.app.lines[1] == "W0/=2 B0/8 J0/8"
    s = p.app.screen
    # c3 (cell 33): A cycles wall -> bonus -> empty
    assert s.cursor == 33 and p.app.lines[2] == "c3: empty"
    p.press("A")
    assert p.app.lines[1] == "W1/=2 B0/8 J0/8" and p.app.lines[2] == "c3: wall"
    p.press("A")
    assert p.app.lines[1] == "W0/=2 B1/8 J0/8"
    p.press("A")
    assert p.app.lines[2] == "c3: empty"
    p.press("A")                        # wall on c3 again
    # the centre says why nothing goes there
    p.press("DOWN")
    p.press("RIGHT")
    assert p.app.lines[2] == "d4: start disc"
    p.press("A")
    assert "centre" in " ".join(p.app.lines[2:])
    # a joker on the border
    for _ in range(4):
        p.press("UP")
    assert s.cursor == 4 and p.app.lines[2] == "border 0,4: empty"
    p.press("A")
    assert p.app.lines[1] == "W1/=2 B0/8 J1/8"
    # start with one wall only: refused with the reason, still in setup
    p.press("B")
    assert p.screen == "choice"
    p.choose("Start")
    assert p.screen == "setup"
    assert "exactly 2" in " ".join(p.app.lines)
    s.cursor = 66
    p.press("A")
    p.press("B")
    p.choose("Start")
    assert p.screen == "play"
    pos = p.app.screen.session.pos
    assert pos.walls == (1 << 33) | (1 << 66) and pos.jokers == 1 << 4
    assert p.colour(33) == palette.WALL and p.colour(4) == palette.JOKER


def test_free_play_setup_then_the_other_player_picks_a_colour():
    p = Player(settings={"mode": 1, "games": 2})
    p.press("A")
    assert p.screen == "setup" and p.app.lines[0] == "Setup by P1"
    p.press("B")
    p.choose("Start")
    assert p.screen == "colour" and p.app.lines[0] == "P2: pick colour"
    p.press("RIGHT")
    assert p.app.lines[1] == "> White"
    p.press("A")
    assert p.screen == "play"
    assert p.app.lines[1] == "P1 Black to move"      # P2 took white
    first_move_game(p, check_each=False)
    p.press("A")
    assert p.screen == "setup" and p.app.lines[0] == "Setup by P2"


def test_a_pass_is_announced_and_needs_a():
    # a position where white has no move but black has: black d4 e4 e5, white d5?
    # found by searching first-legal-move games on the rulebook board
    p = Player(settings={"board": 1})
    p.press("A")
    seen_pass = False
    while p.screen == "play":
        pos = p.app.screen.session.pos
        if pos.must_pass():
            seen_pass = True
            assert p.app.lines[1].endswith("pass, A")
            p.press("RIGHT")
            assert p.app.lines[3] == "no move: A to pass" and pos.must_pass()
            p.press("A")
            assert p.app.screen.session.pos.history()[-1] == PASS
            continue
        p.play(pos.legal_moves()[-1])
    assert seen_pass, "the rulebook game with last-legal moves passes at least once"


def test_move_timer_plays_for_a_slow_player():
    p = Player(settings={"timer": 10})
    p.press("A")
    assert "10s" in p.app.lines[2]
    p.wait(4000)
    assert " 6s" in p.app.lines[2] or " 7s" in p.app.lines[2]
    p.wait(6500)
    pos = p.app.screen.session.pos
    assert pos.ply() == 1 and pos.turn == WHITE
    assert "time" in " ".join(p.app.lines[2:])


def test_move_timer_waits_while_a_hint_is_thought_out():
    p = Player(settings={"timer": 10, "think_ms": 15000})
    p.press("A")
    p.wait(3600)                                   # 6 s left
    p.press("B")
    p.choose("Hint")
    p.wait(12000)                                  # longer than the time left
    pos = p.app.screen.session.pos
    assert pos.ply() == 0 and " 6s" in p.app.lines[2]
    p.wait(3000)                                   # the hint's 15 s are over
    s = p.app.screen
    assert s.session.pos.why_illegal(s.cursor) is None   # the cursor is on the hint
    assert pos.ply() == 0
    p.wait(6500)                                   # the timer runs again
    assert pos.ply() == 1


def test_quit_and_resume_from_storage():
    nvm = FakeNvm()
    p = Player(storage=NvmStorage(nvm))
    p.press("A")
    p.play(parse_cell("f4"))
    p.play(p.app.screen.session.pos.legal_moves()[0])
    pos = p.app.screen.session.pos.copy()
    p.press("B")
    p.choose("Quit to menu")
    assert p.screen == "menu" and p.app.lines[3] == "A start  B resume"
    # a new app (a power cycle) finds it too
    q = Player(storage=NvmStorage(nvm))
    assert q.app.lines[3] == "A start  B resume"
    q.press("B")
    assert q.screen == "play" and q.app.screen.session.pos == pos
    assert q.app.lines[1] == "P1 Black to move"


def test_save_board_from_setup_appears_in_the_menu():
    nvm = FakeNvm()
    p = Player(storage=NvmStorage(nvm))
    p.menu("board", 4)
    p.press("A")
    p.press("A")                          # a wall on c3
    p.press("B")
    p.choose("Save board")
    assert p.app.lines[3] == "board saved"
    p.press("B")
    p.choose("Cancel setup")
    assert p.screen == "menu"
    q = Player(storage=NvmStorage(nvm))
    q.menu("board", 2)
    assert q.app.lines[2] == " Saved board"
    assert q.colour(33) == palette.WALL


def test_against_the_computer():
    p = Player(settings={"mode": 2, "level": 0})
    p.press("A")
    assert p.app.lines[1] == "You Black to move"
    p.play(parse_cell("f4"))
    p.wait(3000)
    pos = p.app.screen.session.pos
    assert pos.ply() == 2 and pos.turn == BLACK
    assert p.app.lines[1] == "You Black to move"


def test_every_level_stops_at_the_think_ms_setting():
    """On a slow device a lower level's node budget (the medium level's exact
    endgame, say) could take longer than think_ms: the time budget caps it."""
    p = Player(settings={"think_ms": 3000})
    p.press("A")
    screen = p.app.screen
    for level in (0, 1, 2):
        thinker = screen._search(screen.session.pos, level)
        p.clock.now += 3000                        # the device was too slow
        assert thinker.step(8) and screen.session.pos.why_illegal(thinker.best()) is None
