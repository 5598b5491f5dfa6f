"""Problems found by playing the app as a new player would: each test is one
of them, written before its fix."""
from app_driver import Player
from test_app_flow import first_move_game
from fake_nvm import FakeNvm
from mapello.game.storage import NvmStorage
from mapello.sim.filestore import FileStorage


def test_a_resigned_game_is_not_resumed_after_a_restart():
    nvm = FakeNvm()
    p = Player(settings={"games": 2}, storage=NvmStorage(nvm))
    p.press("A")
    p.play(p.app.screen.session.pos.legal_moves()[0])
    p.press("B")
    p.choose("Resign")
    assert p.screen == "game over"
    # the power goes on the game-over screen: game 2 is next, not game 1 again
    q = Player(storage=NvmStorage(nvm))
    q.press("B")
    assert q.screen == "play"
    s = q.app.screen.session
    assert s.series.played == 1 and s.pos.ply() == 0
    assert q.app.lines[1] == "P2 Black to move" and q.app.lines[2].endswith("game 2/2")


def test_a_restart_between_games_of_a_series_keeps_the_series():
    nvm = FakeNvm()
    p = Player(settings={"games": 2}, storage=NvmStorage(nvm))
    p.press("A")
    first_move_game(p, check_each=False)
    assert p.screen == "game over"
    wins = list(p.app.screen.session.series.wins)
    q = Player(storage=NvmStorage(nvm))
    assert q.app.lines[3] == "A start  B resume"
    q.press("B")
    assert q.screen == "play"
    assert q.app.screen.session.series.wins == wins and q.app.lines[2].endswith("game 2/2")
    first_move_game(q, check_each=False)
    assert q.app.screen.session.series.is_over()
    # once the series is over there is nothing left to resume
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
    p = Player(settings={"board": 4, "walls": 1, "bonuses": 0})
    p.press("A")
    assert p.screen == "setup"
    p.press("A", "RIGHT", "A")            # a wall on c3, then d3: no more walls
    assert p.app.lines[2:] == ["d3: empty", "walls: at most 1"]
    assert p.app.lines[1] == "W1/1 B0/0 J0/8"
    p.press("DOWN", "A")                  # d4: the centre
    assert "centre four" in " ".join(p.app.lines[2:])


def test_simulator_names_every_board_file_it_skips_or_cannot_parse(tmp_path):
    import io
    from mapello.sim import load_boards
    (tmp_path / "bin.txt").write_bytes(b"\xff\xfe not text")
    (tmp_path / "short.txt").write_text("; name: Short\n. . J\n")
    out = io.StringIO()
    boards = load_boards(str(tmp_path), out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 1 and "bin.txt" in lines[0], lines
    assert boards.names == ["Short"]          # broken: it says so when chosen
    p = Player(boards=boards)
    p.press("DOWN")
    assert "short.txt: line 2" in " ".join(p.app.lines[1:])
    out = io.StringIO()
    assert len(load_boards(str(tmp_path / "nowhere"), out)) == 0
    assert "nowhere" in out.getvalue()      # a mistyped --boards is not silent


def test_b_during_the_last_move_s_animation_cannot_resign_a_won_game():
    from mapello import buttons
    p = Player(settings={"games": 2})
    p.press("A")
    while True:
        pos = p.app.screen.session.pos
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
        p.app.press(b)
        p.app.release(b)
        p.wait(50)
    assert p.screen == "play"       # no game menu on a finished game
    p.wait(400)
    assert p.screen == "game over"
    b, w = after.score()
    assert p.app.screen.session.series.wins == ([1, 0] if b > w else [0, 1] if w > b else [0, 0])


def test_computer_thinking_is_not_left_on_screen_once_it_has_moved():
    from mapello import buttons
    p = Player(settings={"mode": 2, "level": 0})
    p.press("A")
    p.cursor_to(p.app.screen.session.pos.legal_moves()[0])
    for b in (buttons.A, buttons.A):      # a double press: the second lands on its turn
        p.app.press(b)
        p.app.release(b)
    assert p.app.lines[3] == "computer thinking"
    p.wait(1000)
    assert p.app.lines[1] == "You Black to move"
    assert p.app.lines[3].startswith("CPU: ")     # its move, named, not the stale message
    p.wait(2000)
    assert p.app.lines[3] == "A play  B menu"
