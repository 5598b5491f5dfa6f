"""Scripted button sequences through the screens: set up a board, play whole
games, undo, finish a series, replay; the display text and the frame's colours
are checked at each step against the driver's own model of the game
(desktop/app_driver.py)."""
import re
import sys

from desktop.app_driver import STEP_MS, Player, shown_turn, standing
from mapello import buttons
from mapello.rules.notation import parse_position
from mapello.ui import palette
from mapello.ui.board_view import COLOUR_WORD, cell_colour, score_line
from mapello.rules.position import BLACK, PASS, WHITE, Position, cell_name, parse_cell
from desktop.fake_nvm import FakeNvm
from mapello.game.series import Series
from mapello.game.save.log import NvmStorage


def first_move_game(p, check_each=True):
    """Play the model's first legal move until the game ends; with
    check_each, check after every move that the display shows it played:
    the disc tinted as the last move, the score, whose turn, every cell."""
    app = p.app
    moves = 0
    while p.screen == "play":
        pos = p.model.pos
        mover = pos.turn
        if pos.must_pass():
            assert "pass, A" in app.lines[1]
            p.press("A")
            continue
        cell = pos.legal_moves()[0]
        ply = len(p.model.moves)
        p.play(cell)
        moves += 1
        assert len(p.model.moves) == ply + 1 and p.model.moves[-1] == cell, \
            "A on a legal move did not play"
        if p.screen != "play":
            break
        if check_each:
            assert pos.discs[mover] >> cell & 1
            assert p.colour(cell) == palette.LAST[mover]
            assert app.lines[0] == score_line(pos)
            if pos.is_over():
                assert app.lines[1] == "game over"
            else:
                assert shown_turn(app.lines)[0] == pos.turn
                assert app.lines[1].endswith(": pass, A" if pos.must_pass() else " to move")
            p.check_board()    # every cell shows its piece or hint; the cursor may blink
    return moves


def test_menu_shows_settings_and_previews_the_board():
    p = Player()
    lines = p.app.lines
    assert lines[0].startswith("MAPELLO") and lines[1] == ">Mode: Series"
    assert lines[2] == " Board: Plain"
    p.press("DOWN")
    assert p.app.lines[1:3] == [">Board 2/5", " Plain"]
    p.press("LEFT")                              # the rulebook example comes first
    assert p.app.lines[1:3] == [">Board 1/5", " Rulebook example"]
    assert p.colour(3) == palette.JOKER          # the rulebook's joker at d0
    assert p.colour(11) == palette.WALL          # a1 is a wall on the rulebook
    p.press("RIGHT")
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
    p.check_board()
    moves = first_move_game(p)
    assert moves > 20
    assert p.screen == "game over"
    pos = p.model.pos
    assert pos.is_over()
    head = p.app.lines[0]
    w = pos.winner()
    assert head == ("Draw" if w is None else "%s (P%d) wins" % (("Black", "White")[w], w + 1))
    b, w = pos.score()                     # a one-game series: P1 had black
    assert p.app.lines[1] == score_line(pos)          # the last game's score, too
    assert standing(p.app.lines) == (int(b > w), int(w > b), int(b == w), b - w)
    assert p.app.lines[2].startswith("P1 ")


def test_illegal_presses_say_why_and_change_nothing():
    p = Player(settings={"board": "Rulebook example"})   # the rulebook board
    p.press("A")
    start = p.model.pos.copy()
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
    p.wait(2000)
    assert p.app.lines[3] == "A play  B menu"
    # nothing changed: black still to move on the start position
    assert p.model.pos == start and p.app.lines[:2] == [score_line(start), "P1 Black to move"]
    p.check_board()


def test_b_opens_the_game_menu_and_undo_takes_back_a_move():
    p = Player()
    p.press("A")
    p.play(parse_cell("e3"))
    after_one = p.model.pos.copy()
    p.play(p.model.pos.legal_moves()[0])
    assert len(p.model.moves) == 2 and p.app.lines[1] == "P1 Black to move"
    p.press("B")
    assert p.screen == "choice" and p.app.lines[0] == "Game menu"
    p.press("B")                                  # B again: back, nothing changed
    assert p.screen == "play" and p.app.lines[1] == "P1 Black to move"
    p.check_board()
    p.press("B")
    p.choose("Undo")
    assert p.screen == "play" and p.app.lines[3] == "undone"
    assert p.model.pos == after_one               # the driver took "undone" as one move back
    assert p.app.lines[:2] == [score_line(after_one), "P2 White to move"]
    assert p.colour(parse_cell("e3")) == palette.LAST_BLACK
    p.check_board()


def test_hint_moves_the_cursor_to_a_legal_move():
    p = Player()
    p.press("A")
    p.cursor_to(parse_cell("a1"))
    p.press("B")
    p.choose("Hint")
    assert p.app.lines[3] == "hint: thinking"      # the hard level, in slices
    assert p.app.busy
    p.press("UP")                                   # the cursor waits for the hint
    assert p.app.lines[3] == "hint: thinking, B now"
    assert p.cursor() == parse_cell("a1")
    p.wait(2000)                                    # the hard level's 2 s budget
    assert p.screen == "play" and not p.app.busy
    cursor = p.cursor()
    assert p.model.pos.why_illegal(cursor) is None
    assert p.app.lines[3] == "try " + cell_name(cursor)


def test_a_hint_belongs_to_the_turn_it_was_asked_for():
    """Pass and play with the move timer: A while the hint is thought out
    plays nothing, and the hint's 'try' goes with the move made."""
    p = Player(settings={"timer": 10})
    p.press("A")
    p.press("B")
    p.choose("Hint")
    p.press("A")
    assert len(p.model.moves) == 0 and p.app.lines[3] == "hint: thinking, B now"
    p.wait(2500)
    hinted = p.cursor()
    assert p.app.lines[3] == "try " + cell_name(hinted)
    p.press("A")
    assert p.model.moves[-1] == hinted and p.app.lines[1] == "P2 White to move"
    assert not p.app.lines[3].startswith("try "), p.app.lines


def test_b_takes_the_hint_found_so_far():
    p = Player(settings={"think_ms": 60000})
    p.press("A")
    p.press("B")
    p.choose("Hint")
    p.press("B")
    cursor = p.cursor()
    assert p.model.pos.why_illegal(cursor) is None
    assert p.app.lines[3] == "try " + cell_name(cursor)
    assert len(p.model.moves) == 0                   # a hint, not a move


def cpu_reply_ms(p, cell, limit_ms=20000):
    """Play `cell` and tick until the computer's move is said; the
    milliseconds that took on the app's clock."""
    p.cursor_to(cell)
    p.tap(buttons.A)
    assert len(p.model.moves) == 1 and p.app.lines[1].startswith("CPU ")
    t0 = p.clock.now
    while not p.app.message.startswith("CPU: "):
        assert p.clock.now - t0 < limit_ms, p.app.lines
        p.wait(10)
    assert len(p.model.moves) == 2 and p.app.lines[3] == p.app.message
    return p.clock.now - t0


def test_the_hard_computer_thinks_for_the_think_ms_setting():
    p = Player(settings={"mode": 2, "level": 2, "think_ms": 1500})
    p.press("A")
    took = cpu_reply_ms(p, parse_cell("f4"))
    # it starts on the first tick after the move and stops on the first tick past 1.5 s
    assert 1500 <= took <= 1500 + 2 * 50, took
    assert p.app.lines[1] == "You Black to move" and p.model.pos.turn == BLACK


def test_resign_asks_once_then_ends_the_game_for_the_other_side():
    p = Player(settings={"board": "Rulebook example"})
    p.press("A")
    p.play(p.model.pos.legal_moves()[0])
    p.press("B")
    p.choose("Resign")
    assert p.screen == "choice" and p.app.lines == ["Resign this game?", ">No, play on",
                                                    " Yes, resign", "A ok  B back"]
    p.press("A")                                      # "No" comes first: a stray A plays on
    assert p.screen == "play" and p.app.lines[1] == "P2 White to move"
    p.press("B")
    p.choose("Resign")
    p.press("B")                                      # B is no as well
    assert p.screen == "play" and p.app.lines[1] == "P2 White to move"
    assert len(p.model.moves) == 1
    p.press("B")
    p.choose("Resign")
    p.choose("Yes, resign")
    assert p.screen == "game over"
    assert p.app.lines[0] == "White (P2) resigned"
    # black gets white's points too: one move in, that is the 5 discs on the
    # board, not the empty cells as well
    b, w = p.model.pos.score()
    assert b + w == 5 and p.app.lines[1] == "B5(+0)  W0(+0)"
    assert standing(p.app.lines) == (1, 0, 0, 5)


def test_a_resignation_gives_the_resigners_discs_and_bonuses_to_the_other_side():
    p = Player(settings={"board": "Rulebook example"})
    p.press("A")
    for move in "e3 d3 c2 d2 c1 c3 b1 e1".split():    # each side takes a bonus: 9-9
        p.play(parse_cell(move))
    pos = p.model.pos
    assert pos.taken == [1, 1] and pos.score() == (9, 9) and pos.turn == BLACK
    p.press("B")
    p.choose("Resign")
    p.choose("Yes, resign")
    assert p.app.lines[:2] == ["Black (P1) resigned", "B0(+0)  W18(+6)"]
    assert standing(p.app.lines) == (0, 1, 0, -18)


def test_series_of_two_swaps_colours_and_names_the_winner():
    p = Player(settings={"games": 2})
    series = Series(2)
    p.press("A")
    first_move_game(p, check_each=False)
    assert p.screen == "game over"
    series.add_result(*p.model.pos.score())
    assert standing(p.app.lines) == (series.wins[0], series.wins[1], series.draws, series.diff[0])
    assert p.app.lines[3] == "A game 2/2 B replay"
    p.press("A")
    assert p.screen == "play"
    assert p.app.lines[1] == "P2 Black to move"      # colours swapped
    assert p.app.lines[2].endswith("game 2/2")
    assert len(p.model.moves) == 0
    p.check_board()
    first_move_game(p, check_each=False)
    assert p.screen == "game over"
    series.add_result(*p.model.pos.score())
    assert series.is_over()
    assert standing(p.app.lines) == (series.wins[0], series.wins[1], series.draws, series.diff[0])
    assert p.app.lines[1] == score_line(p.model.pos)     # the last game's score
    lead = series.winner()
    shown = set()
    for _ in range(4):                                   # line 4: the result, then the keys
        shown.add(p.app.lines[3])
        p.wait(1500)
    assert shown == {"Series drawn" if lead is None else "P%d wins series" % (lead + 1),
                     "A menu  B replay"}
    p.press("A")
    assert p.screen == "menu"


def test_replay_steps_through_the_last_game():
    p = Player()
    p.press("A")
    first_move_game(p, check_each=False)
    record = p.model.to_record()
    p.press("B")
    assert p.screen == "replay"
    assert p.app.lines[0] == "Replay 0/%d" % len(record.moves)
    assert p.colour(parse_cell("d4")) == palette.BLACK_DISC
    p.press("RIGHT")
    assert p.app.lines[0] == "Replay 1/%d" % len(record.moves)
    first = record.moves[0]
    assert p.app.lines[1].startswith("Black %s" % cell_name(first))   # then its verdict
    assert p.colour(first) == palette.LAST_BLACK
    p.press("RIGHT", "RIGHT", "LEFT")
    assert p.app.lines[0].startswith("Replay 2/")
    pos = record.replay(2)
    assert p.app.lines[2] == score_line(pos)
    for c in range(100):
        assert p.colour(c) == cell_colour(pos, c, 0, record.moves[1]), c
    p.press("UP")                        # no mistake known before it: the start
    assert p.app.lines[0] == "Replay 0/%d" % len(record.moves)
    end = "Replay %d/%d" % (len(record.moves), len(record.moves))
    for _ in range(len(record.moves)):   # Down: the next mistake the review found, then the end
        p.press("DOWN")
        if p.app.lines[0] == end:
            break
        assert re.match(r"^(Black|White) [a-h][1-8] -\d+,? best [a-h][1-8]$", p.app.lines[1])
    assert p.app.lines[0] == end
    assert p.app.lines[2] == score_line(p.model.pos)
    p.press("B")
    assert p.screen == "game over"


def test_setup_by_hand_checks_the_limits_before_starting():
    p = Player()
    p.menu("board", "Set up by hand")
    assert p.app.lines[2] == " Set up by hand"
    p.menu("walls", -2)                 # exactly two walls
    p.press("A")
    assert p.screen == "setup"
    assert p.app.lines[0] == "Setup by P1"
    assert p.app.lines[1] == "W0/=2 B0/8 J0/8"
    # c3 (cell 33): A cycles wall -> bonus -> empty
    assert p.cursor() == 33 and p.app.lines[2] == "c3: empty"
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
    assert p.cursor() == 4 and p.app.lines[2] == "above d1: empty"
    p.press("A")
    assert p.app.lines[1] == "W1/=2 B0/8 J1/8"
    # start with one wall only: refused with what to do, still in setup
    p.press("B")
    assert p.screen == "choice"
    p.choose("Start")
    assert p.screen == "setup"
    assert p.app.lines[3] == "place 1 more wall"
    p.cursor_to(66)
    p.press("A")
    assert p.app.lines[1:3] == ["W2/=2 B0/8 J1/8", "f6: wall"]
    # walls at their count: A on an empty cell skips to a bonus, and says why
    p.cursor_to(63)
    p.press("A")
    assert p.app.lines[1:3] == ["W2/=2 B1/8 J1/8", "c6: bonus"]
    assert p.app.lines[3] == "walls: exactly 2"
    p.press("A")                        # and back to empty
    assert p.app.lines[1:3] == ["W2/=2 B0/8 J1/8", "c6: empty"]
    p.press("B")
    p.expect_start(Position(walls=(1 << 33) | (1 << 66), jokers=1 << 4))
    p.choose("Start")
    assert p.screen == "play"
    # the game is on the board as set up: two walls and a joker, nothing else
    assert p.colour(33) == palette.WALL and p.colour(66) == palette.WALL
    assert p.colour(4) == palette.JOKER
    p.check_board()


def test_free_play_setup_then_the_other_player_picks_a_colour():
    p = Player(settings={"mode": 1, "games": 2})
    p.press("A")
    assert p.screen == "setup" and p.app.lines[0] == "Setup by P1"
    p.press("B")
    p.expect_start(Position())          # started as it came: the plain board
    p.choose("Start")
    assert p.screen == "colour" and p.app.lines[0] == "P2: pick colour"
    p.press("RIGHT")
    assert p.app.lines[1] == "> White"
    p.press("A")
    assert p.screen == "play"
    assert p.app.lines[1] == "P1 Black to move"      # P2 took white
    p.check_board()
    first_move_game(p, check_each=False)
    p.press("A")
    assert p.screen == "setup" and p.app.lines[0] == "Setup by P2"


def test_a_pass_is_announced_and_needs_a():
    # found by playing last-legal moves on the rulebook board: it passes at least once
    p = Player(settings={"board": "Rulebook example"})
    p.press("A")
    seen_pass = False
    while p.screen == "play":
        pos = p.model.pos
        if pos.must_pass():
            seen_pass = True
            mover = pos.turn
            assert p.app.lines[1] == "P%d %s: pass, A" % (1 + mover, COLOUR_WORD[mover])
            p.press("RIGHT")
            assert p.app.lines[3] == "no move: A to pass"
            assert p.app.lines[1].endswith("pass, A") and pos.must_pass()
            p.press("A")
            assert p.model.moves[-1] == PASS   # the turn passed on A, and only then
            assert p.app.lines[1] == "P%d %s to move" % (2 - mover, COLOUR_WORD[1 - mover])
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
    pos = p.model.pos                     # the driver read the move from "time: black plays .."
    assert len(p.model.moves) == 1 and pos.turn == WHITE
    assert p.app.lines[1] == "P2 White to move"
    assert "time" in " ".join(p.app.lines[2:])


def test_move_timer_waits_while_a_hint_is_thought_out():
    p = Player(settings={"timer": 10, "think_ms": 15000})
    p.press("A")
    p.wait(3600)                                   # 6 s left
    p.press("B")
    p.choose("Hint")
    p.wait(12000)                                  # longer than the time left
    pos = p.model.pos
    assert len(p.model.moves) == 0 and " 6s" in p.app.lines[2]
    assert p.app.lines[1] == "P1 Black to move"
    p.wait(3000)                                   # the hint's 15 s are over
    assert pos.why_illegal(p.cursor()) is None     # the cursor is on the hint
    assert len(p.model.moves) == 0
    p.wait(6500)                                   # the timer runs again
    assert len(p.model.moves) == 1 and p.app.lines[1] == "P2 White to move"


def test_quit_and_resume_from_storage():
    nvm = FakeNvm()
    p = Player(storage=NvmStorage(nvm))
    p.press("A")
    p.play(parse_cell("f4"))
    p.play(p.model.pos.legal_moves()[0])
    p.press("B")
    p.choose("Quit to menu")
    assert p.screen == "menu" and p.app.lines[3] == "A start  B resume"
    # a new app (a power cycle) finds it too
    q = Player(storage=NvmStorage(nvm), model=p.model)
    assert q.app.lines[3] == "A start  B resume"
    q.press("B")
    assert q.screen == "play" and q.model.pos == p.model.pos
    assert q.app.lines[:2] == [score_line(p.model.pos), "P1 Black to move"]
    q.check_board()                       # the position after the two moves, no tint
    q.play(q.model.pos.legal_moves()[0])  # and it plays on from there
    assert len(q.model.moves) == 3


def test_out_of_memory_while_drawing_goes_to_the_menu_and_b_resumes_the_game(monkeypatch):
    """A frame that finds no memory, outside any press or tick handler, is
    handled as a handler's would be: it must not stop the game."""
    p = Player(storage=NvmStorage(FakeNvm()))
    p.press("A")
    p.play(parse_cell("f4"))
    play = sys.modules["mapello.ui.play"]
    real = play.draw_board
    failed = []

    def no_room(*args):
        if not failed:
            failed.append(True)
            raise MemoryError("memory allocation failed, allocating 301 bytes")
        return real(*args)
    monkeypatch.setattr(play, "draw_board", no_room)
    p.tap(buttons.RIGHT)
    assert failed and p.screen == "menu" and p.app.last_error == "out of memory"
    assert p.app.lines[0].startswith("MAPELLO") and p.app.lines[3] == "error: out of memory"
    p.wait(3000)                                     # the message goes
    assert p.app.lines[3] == "A start  B resume"
    p.press("B")
    assert p.screen == "play" and len(p.model.moves) == 1


def test_save_board_from_setup_appears_in_the_menu():
    nvm = FakeNvm()
    p = Player(storage=NvmStorage(nvm))
    p.menu("board", "Set up by hand")
    p.press("A")
    p.press("A")                          # a wall on c3
    p.press("B")
    p.choose("Save board")
    assert p.app.lines[3] == "board saved"
    p.press("B")
    p.choose("Cancel setup")
    assert p.screen == "menu"
    q = Player(storage=NvmStorage(nvm))
    q.menu("board", "Saved board")
    assert q.app.lines[2] == " Saved board"
    assert q.colour(33) == palette.WALL


def test_against_the_computer():
    p = Player(settings={"mode": 2, "level": 0})
    p.press("A")
    assert p.app.lines[1] == "You Black to move"
    p.play(parse_cell("f4"))
    p.wait(3000)
    pos = p.model.pos                      # the driver read the reply from "CPU: xx"
    assert len(p.model.moves) == 2 and pos.turn == BLACK
    assert p.app.lines[1] == "You Black to move"
    p.check_board()


def test_the_computers_code_loads_a_module_a_tick_and_the_buttons_answer_between():
    """From source each module compiles for up to 0.4 s on an RP2040: the
    six in one loop step froze the buttons for 1.8 s at every game's start.
    A move made meanwhile is answered once the last one is in."""
    from mapello.ui.modules import paths
    from mapello.ai import kernel
    group = list(paths("ai"))
    at = group.index("mapello.ai.kernel") + 1     # the search's own, which the kernel chooses
    AI_MODULES = group[:at] + list(kernel.modules()) + group[at:]
    assert len(AI_MODULES) == 7

    def loaded():
        return len([m for m in AI_MODULES if m in sys.modules])

    p = Player(settings={"mode": 2, "level": 2})
    p.tap(buttons.A)
    assert p.screen == "play" and loaded() == 0      # the board and its text first
    assert p.app.lines[2].startswith("e3 ")          # the cursor on a legal move
    p.tick(STEP_MS)
    assert loaded() == 1
    p.tap(buttons.RIGHT)                             # served between two compiles
    assert p.app.lines[2].startswith("f3 ") and loaded() == 1
    p.tap(buttons.LEFT)
    p.tap(buttons.A)                                 # e3
    assert len(p.model.moves) == 1 and p.app.lines[1].startswith("CPU ")
    for n in range(2, len(AI_MODULES) + 1):
        p.tick(STEP_MS)
        assert loaded() == n and len(p.model.moves) == 1   # no reply without its code
    while not p.app.message.startswith("CPU: "):
        p.wait(STEP_MS)
    assert len(p.model.moves) == 2


def test_a_new_games_modules_compile_once_the_menu_is_gone(monkeypatch):
    """On the device a game's start is where the heap is tightest: the
    game's modules compile into the room the menu's modules leave, not
    around them (desktop/bench/device_heap.py runs the whole handheld through a
    game's start)."""
    import builtins
    from mapello.ui.modules import paths
    for path in paths("game"):                         # as at power-on: not compiled yet
        monkeypatch.delitem(sys.modules, path, raising=False)
    menu_loaded = []
    real = builtins.__import__

    def spy(name, *args, **kwargs):
        if name.startswith("mapello.game.") and name not in sys.modules:
            menu_loaded.append("mapello.ui.menu" in sys.modules)
        return real(name, *args, **kwargs)
    p = Player(settings={"mode": 2, "level": 0})
    monkeypatch.setattr(builtins, "__import__", spy)
    p.tap(buttons.A)
    assert p.screen == "play" and menu_loaded and not any(menu_loaded), menu_loaded


# Eight empty cells, black to move: after black's first legal move the medium
# level solves the ending exactly, about 1,800 nodes, more than one tick's share
# (400 nodes when the clock stands still), so only the time budget ends it at once.
ENDGAME = ("........../.B..WBWWW./..BWWWWBW./.BWWWBWWW./.BWWBBWWW./.BWBBWWW../"
           ".BWBWWBBB./.BWWBBWBB./..WW..BW../.......... b 0 0")


def test_every_level_stops_at_the_think_ms_setting():
    """On a slow device a lower level's node budget (the medium level's exact
    endgame, say) could take longer than think_ms: the time budget caps it.
    Against each level, to the end of a game: after each of your moves the
    computer starts thinking on one tick, then the clock jumps past think_ms
    (a device too slow for its search), and its move must be on the display
    at the very next tick."""
    from mapello.rules.boardfile import BoardFile
    for level in (0, 1, 2):
        p = Player(settings={"mode": 2, "level": level, "think_ms": 3000},
                   boards=[BoardFile(parse_position(ENDGAME), "Endgame")])
        p.press("A")
        assert p.app.lines[0] == score_line(parse_position(ENDGAME))
        replies = 0
        while p.screen == "play":
            pos = p.model.pos
            if pos.is_over():
                p.wait(400)                            # the last discs flip, then game over
                continue
            if p.model.computer != pos.turn:           # yours: the first legal move, or pass
                if not pos.must_pass():
                    p.cursor_to(pos.legal_moves()[0])
                ply = len(p.model.moves)
                p.tap(buttons.A)
                assert len(p.model.moves) == ply + 1, p.app.lines
                continue
            p.tick()                                   # it starts thinking (or passes at once)
            if p.app.busy:
                assert p.app.lines[1].startswith("CPU "), p.app.lines
                ply = len(p.model.moves)
                p.tick(3000)                           # the device was too slow
                assert len(p.model.moves) == ply + 1, (level, p.app.lines)
            assert p.app.message.startswith("CPU: ") and not p.app.busy, (level, p.app.lines)
            replies += 1
        assert p.screen == "game over" and p.model.pos.is_over()
        assert replies >= 3, (level, replies)
