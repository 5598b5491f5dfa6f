"""Problems found by playing the app as a new player would: each test is one
of them, written before its fix."""
from desktop.app_driver import Player, setup_name, standing
from test_app_flow import first_move_game
from desktop.fake_nvm import FakeNvm
from mapello import buttons
from mapello.game.game import Game
from mapello.game.series import Series
from mapello.game.save.log import NvmStorage
from mapello.ui.board_view import score_line
from mapello.rules.position import Position, parse_cell
from desktop.sim.filestore import FileStorage


def test_a_resigned_game_is_not_resumed_after_a_restart():
    nvm = FakeNvm()
    p = Player(settings={"games": 2}, storage=NvmStorage(nvm))
    p.press("A")
    p.play(p.model.pos.legal_moves()[0])
    p.press("B")
    p.choose("Resign")
    p.choose("Yes, resign")
    assert p.screen == "game over"
    assert p.app.lines[0] == "White (P2) resigned" and standing(p.app.lines)[:3] == (1, 0, 0)
    # the power goes on the game-over screen: B comes back to it, then game 2
    # is next, not game 1 again
    q = Player(storage=NvmStorage(nvm), model=Game(p.start))
    q.press("B")
    assert q.screen == "game over" and q.app.lines[0] == "White (P2) resigned"
    q.press("A")
    assert q.screen == "play"
    assert q.app.lines[1] == "P2 Black to move" and q.app.lines[2].endswith("game 2/2")
    assert q.app.lines[0] == score_line(p.start)
    q.check_board()                       # the board as it starts, no move on it


def test_a_restart_between_games_of_a_series_keeps_the_series():
    nvm = FakeNvm()
    p = Player(settings={"games": 2}, storage=NvmStorage(nvm))
    p.press("A")
    first_move_game(p, check_each=False)
    assert p.screen == "game over"
    series = Series(2)
    series.add_result(*p.model.pos.score())
    q = Player(storage=NvmStorage(nvm), model=Game(p.start))
    assert q.app.lines[3] == "A start  B resume"
    q.press("B")
    assert q.screen == "game over"          # where the players were
    q.press("A")
    assert q.screen == "play"
    assert q.app.lines[1] == "P2 Black to move" and q.app.lines[2].endswith("game 2/2")
    first_move_game(q, check_each=False)
    # game 1's result is still in the standing after game 2
    series.add_result(*q.model.pos.score())
    q.wait(1500)
    assert series.is_over() and q.app.lines[3] == "A menu  B replay"
    assert standing(q.app.lines) == (series.wins[0], series.wins[1], series.draws, series.diff[0])
    # switched on again, the series' last game-over screen; once it is left
    # for the menu there is nothing left to resume
    r = Player(storage=NvmStorage(nvm))
    assert r.app.lines[3] == "A start  B resume"
    r.press("B")
    assert r.screen == "game over"
    r.press("A")
    assert r.screen == "menu"
    r = Player(storage=NvmStorage(nvm))
    assert r.app.lines[3] == "A start  </> change"


def test_a_long_message_is_shown_whole_at_word_breaks(tmp_path):
    store = tmp_path / "save.bin"
    store.write_bytes(b"hello garbage, not a save at all")
    p = Player(storage=FileStorage(str(store)))
    shown = " ".join(p.app.lines[1:])
    assert "set aside, new game" in shown, p.app.lines
    for line in p.app.lines:
        assert len(line) <= 21
    p.wait(5200)                          # and it goes away (shown 5 s at start)
    assert p.app.lines[1] == ">Mode: Series"


def test_a_refused_placement_names_the_kind_whose_limit_is_reached():
    p = Player(settings={"board": "Set up by hand", "walls": 1, "bonuses": 0})
    p.press("A")
    assert p.screen == "setup"
    p.press("A", "RIGHT", "A")            # a wall on c3, then d3: no more walls
    assert p.app.lines[2:] == ["d3: empty", "walls: at most 1"]
    assert p.app.lines[1] == "W1/1 B0/0 J0/8"
    p.press("DOWN", "A")                  # d4: the centre
    assert "centre four" in " ".join(p.app.lines[2:])


def test_an_exact_limit_is_named_exactly_and_border_cells_by_where_they_stand():
    p = Player(settings={"board": "Set up by hand", "walls": -2, "bonuses": 0, "jokers": -1})
    p.press("A")
    p.press("A", "RIGHT", "A", "RIGHT", "A")   # walls on c3 and d3, then e3: none left
    assert p.app.lines[1:] == ["W2/=2 B0/0 J0/=1", "e3: empty", "walls: exactly 2"]
    p.press("UP", "UP", "UP")                  # the ring above e1: its cell is named too
    assert p.app.lines[2] == "above e1: empty"
    p.press("A", "RIGHT", "A")                 # a joker there; the next one is refused
    assert p.app.lines[1:] == ["W2/=2 B0/0 J1/=1", "above f1: empty", "jokers: exactly 1"]
    p.press("LEFT")
    assert p.app.lines[2] == "above e1: joker"


def test_every_cell_of_a_setup_has_a_name_of_its_own_that_fits_the_display():
    """A ring cell's name says where it stands, not a row and a column a
    player has to guess the order of.  Walked over all 100 cells, every name is the
    driver's, and fits the display with the longest thing a cell can hold
    (a ring cell: joker or empty)."""
    p = Player(settings={"board": "Set up by hand"})
    p.press("A")
    seen = {}
    for row in range(10):
        for col in range(10):
            p.cursor_to(row * 10 + col)
            name, what = p.app.lines[2].split(": ")
            assert name == setup_name(row * 10 + col)
            longest = "start disc" if 1 <= row <= 8 and 1 <= col <= 8 else "joker"
            assert len(what) <= len(longest) and len(name + ": " + longest) <= 21, name
            seen[name] = row * 10 + col
    assert len(seen) == 100
    assert [setup_name(c) for c in (0, 9, 90, 99, 5, 95, 50, 59)] == [
        "top left", "top right", "bottom left", "bottom right", "above e1", "below e8",
        "left of a5", "right of h5"]


def test_start_says_how_many_pieces_to_place_or_remove():
    p = Player(settings={"board": "Set up by hand", "walls": -2, "jokers": -1})
    p.press("A")
    p.press("B")
    p.choose("Start")                          # nothing placed yet
    assert p.screen == "setup" and p.app.lines[2:] == ["place 2 more walls, 1", "more joker"]
    p.wait(4000)
    p.press("A", "UP", "UP", "UP", "A")        # a wall on c3, a joker above it
    p.press("B")
    p.choose("Start")
    assert p.screen == "setup" and p.app.lines[3] == "place 1 more wall"
    p.wait(4000)
    p.press("DOWN", "DOWN", "DOWN", "RIGHT", "A")
    p.expect_start(Position(walls=1 << parse_cell("c3") | 1 << parse_cell("d3"), jokers=1 << 3))
    p.press("B")
    p.choose("Start")
    assert p.screen == "play"


def test_two_full_limits_are_both_named():
    p = Player(settings={"board": "Set up by hand", "walls": 1, "bonuses": -1})
    p.press("A")
    p.press("A", "RIGHT", "A")                 # a wall on c3, a bonus on d3 (walls are full)
    assert p.app.lines[1:3] == ["W1/1 B1/=1 J0/8", "d3: bonus"]
    p.press("RIGHT", "A")                      # e3: neither fits
    assert p.app.lines[1:] == ["W1/1 B1/=1 J0/8", "walls: at most 1,", "bonuses: exactly 1"]


def test_the_menu_names_every_board_file_it_cannot_read_or_parse(tmp_path, capsys):
    (tmp_path / "bin.txt").write_bytes(b"\xff\xfe not text")
    (tmp_path / "short.txt").write_text("; name: Short\n. . J\n")
    p = Player(boards=str(tmp_path), settings={"board": None})
    assert capsys.readouterr().out == ""     # both listed: the display says why when chosen
    p.press("DOWN")                                             # the board line: bin
    assert "bin.txt: line 1: UTF-16 text" in " ".join(p.app.lines[1:])
    p.wait(2000)
    p.press("RIGHT")
    assert "short.txt: line 2" in " ".join(p.app.lines[1:])   # broken: it says so when chosen
    Player(boards=str(tmp_path / "nowhere"), settings={"board": None})
    assert "nowhere" in capsys.readouterr().out              # a mistyped --boards is not silent


def test_b_during_the_last_move_s_animation_cannot_resign_a_won_game():
    p = Player(settings={"games": 2})
    p.press("A")
    pos = p.model.pos
    while True:
        if pos.must_pass():
            p.press("A")
            continue
        after = pos.copy()
        after.push(pos.legal_moves()[0])
        if after.is_over():
            break
        p.play(pos.legal_moves()[0])
    p.cursor_to(pos.legal_moves()[0])
    for b in (buttons.A, buttons.B):      # the last move, then B while its discs flip
        p.tap(b)
        p.wait(50)
    assert p.screen == "play"       # no game menu on a finished game
    assert pos == after and p.app.lines[1] == "game over"
    p.wait(400)
    assert p.screen == "game over"
    assert "resigned" not in p.app.lines[0]
    b, w = after.score()
    assert standing(p.app.lines)[:3] == (int(b > w), int(w > b), int(b == w))


def test_computer_thinking_is_not_left_on_screen_once_it_has_moved():
    p = Player(settings={"mode": 2, "level": 0})
    p.press("A")
    p.cursor_to(p.model.pos.legal_moves()[0])
    for b in (buttons.A, buttons.A):      # a double press: the second lands on its turn
        p.tap(b)
    assert p.app.lines[3] == "computer thinking"
    assert len(p.model.moves) == 1         # the second A played nothing
    p.wait(1000)
    assert p.app.lines[1] == "You Black to move"
    assert p.app.lines[3].startswith("CPU: ")     # its move, named, not the stale message
    assert len(p.model.moves) == 2
    p.wait(2000)
    assert p.app.lines[3] == "A play  B menu"
