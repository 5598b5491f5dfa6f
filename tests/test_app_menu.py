"""The main menu through the App's buttons and display: the board kept by
its name, the rulebook example first, series of 1 to 9 games, the limit
lines (a board's own pieces, Right counts up), long lines that scroll, and
A asking before a saved game is discarded."""
import os
import subprocess
import sys

import pytest

from desktop.app_driver import RULEBOOK, Player
from desktop.fake_nvm import FakeNvm
from mapello.game.catalogue import Catalogue
from mapello.game.save.payload import pack
from mapello.game.series import Series
from mapello.game.save.log import NvmStorage
from mapello.rules.boardfile import BoardFile, parse_board
from mapello.rules.position import Position, parse_cell
from mapello.ui.app import wrap
from mapello.ui.board_view import score_line

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLAIN = BoardFile(Position(), "Plain")
WALLED = BoardFile(Position(walls=1 << parse_cell("a1")), "Walled")


def to_row(p, label):
    """Down until the selected line starts with `label`."""
    for _ in range(20):
        if p.app.lines[1].startswith(">" + label):
            return p.app.lines
        p.press("DOWN")
    raise AssertionError("no %r line: %r" % (label, p.app.lines))


def board_line(p):
    """The board line's two lines: ">Board i/n" and the name."""
    to_row(p, "Board")
    return p.app.lines[1:3]


def offered_boards(p, n):
    """The names the board line shows over `n` presses of Right."""
    to_row(p, "Board")
    names = []
    for _ in range(n):
        names.append(p.app.lines[2])
        p.press("RIGHT")
    return names


def quit_to_menu(p):
    p.press("B")
    p.choose("Quit to menu")
    assert p.screen == "menu"


# --- which board -----------------------------------------------------------------
def test_the_rulebook_example_is_the_first_board_offered():
    p = Player(boards=os.path.join(ROOT, "boards"), settings={"board": None})
    assert board_line(p) == [">Board 1/12", " Rulebook example"]
    p.press("RIGHT")                                 # then the bundled boards by name
    assert p.app.lines[1:3] == [">Board 2/12", " Bonus Hunt"]
    p.press("LEFT")
    p.press("A")                                     # and A plays it
    rulebook = parse_board(RULEBOOK).position
    assert p.screen == "play" and p.model.start == rulebook
    p.check_board()


def test_saving_a_board_leaves_the_choice_on_the_same_board():
    p = Player(storage=NvmStorage(FakeNvm()))
    p.menu("board", "Random Mapello")
    assert board_line(p) == [">Board 4/5", " Random Mapello"]
    p.press("A")
    assert p.screen == "play"
    p.press("B")
    p.choose("Save board")                           # "Saved board" joins the menu ...
    assert p.app.lines[3] == "board saved"
    quit_to_menu(p)
    assert board_line(p) == [">Board 5/6", " Random Mapello"]   # ... before it
    p.press("LEFT")
    assert p.app.lines[2] == " Blocked squares"
    p.press("LEFT")
    assert p.app.lines[2] == " Saved board"


def test_a_board_file_added_or_gone_never_moves_the_choice_to_another_board():
    nvm = FakeNvm()
    p = Player(storage=NvmStorage(nvm), boards=[PLAIN, parse_board(RULEBOOK), WALLED])
    p.menu("board", "Walled")
    assert board_line(p) == [">Board 3/6", " Walled"]
    p.press("A")
    p.play(p.model.pos.legal_moves()[0])             # saved, with the board's name
    quit_to_menu(p)
    # a new file sorted before it: still Walled
    more = [BoardFile(Position(), "Another"), PLAIN, parse_board(RULEBOOK), WALLED]
    q = Player(storage=NvmStorage(nvm), boards=more)
    assert board_line(q) == [">Board 4/7", " Walled"]
    # its file gone: the first board, not whatever took its place
    r = Player(storage=NvmStorage(nvm), boards=[PLAIN, parse_board(RULEBOOK)])
    assert board_line(r) == [">Board 1/5", " Rulebook example"]
    assert r.app.lines[3] == "A start  B resume"     # the game on Walled is still there
    r.press("A", "A")
    assert r.screen == "play" and r.model.start == parse_board(RULEBOOK).position
    r.check_board()


def test_two_files_of_one_name_are_both_offered(tmp_path):
    for file in ("a.txt", "b.txt"):
        (tmp_path / file).write_text("; Twin\n" + "\n".join([". " * 10] * 10) + "\n")
    p = Player(boards=str(tmp_path), settings={"board": None})
    assert offered_boards(p, 5) == [" Twin", " b", " Blocked squares", " Random Mapello",
                                    " Set up by hand"]


def test_the_board_names_are_read_again_after_a_game(tmp_path):
    """A game lets go of the names the menu read (memory on the device): a
    board file that appeared meanwhile (Save board on a drive the game owns)
    is offered when the menu comes back."""
    (tmp_path / "a.txt").write_text("; Alpha\n" + "\n".join([". " * 10] * 10) + "\n")
    p = Player(boards=str(tmp_path), settings={"board": None})
    assert offered_boards(p, 2) == [" Alpha", " Blocked squares"]
    to_row(p, "Board")
    while p.app.lines[2] != " Alpha":
        p.press("LEFT")
    p.press("A")
    assert p.screen == "play"
    (tmp_path / "saved-1.txt").write_text("; Saved 1\n" + "\n".join([". " * 10] * 10) + "\n")
    quit_to_menu(p)
    assert offered_boards(p, 3) == [" Alpha", " Saved 1", " Blocked squares"]


def test_an_older_saves_board_number_gives_way_to_the_first_board():
    nvm = FakeNvm()
    assert NvmStorage(nvm).save(pack(None, Series(2), {"board": 1, "games": 3}))
    p = Player(storage=NvmStorage(nvm), settings={"board": None})
    assert board_line(p) == [">Board 1/5", " Rulebook example"]
    p.press("DOWN")
    assert p.app.lines[1] == ">Series: 3 games"     # the rest of its settings still count


# --- series length and limits ---------------------------------------------------------
def test_a_series_is_1_to_9_games():
    p = Player(settings={"games": 1})
    to_row(p, "Series")
    seen = []
    for _ in range(10):
        seen.append(p.app.lines[1])
        p.press("RIGHT")
    assert seen == [">Series: 1 game"] + [">Series: %d games" % n for n in range(2, 10)] \
        + [">Series: 1 game"]
    p.press("LEFT", "LEFT")                          # on 2 now: down past 1 to 9
    assert p.app.lines[1] == ">Series: 9 games"
    p.press("A")
    assert p.screen == "play" and p.app.lines[2].endswith("game 1/9")


@pytest.mark.parametrize("key, label, given, right, left", [
    ("brightness", "Brightness", 25, ">Brightness: 30%", ">Brightness: 20%"),
    ("brightness", "Brightness", 5, ">Brightness: 10%", ">Brightness: 100%"),
    ("sleep", "Sleep", 3, ">Sleep: after 5 min", ">Sleep: after 2 min"),
])
def test_a_value_from_settings_toml_that_is_no_choice_steps_to_its_neighbour(key, label, given,
                                                                          right, left):
    """settings.toml takes every value in range (brightness 25), the menu
    offers fewer: Right goes to the next choice above it, Left below it."""
    p = Player(settings={key: given})
    to_row(p, label)
    p.press("RIGHT")
    assert p.app.lines[1] == right
    p = Player(settings={key: given})
    to_row(p, label)
    p.press("LEFT")
    assert p.app.lines[1] == left


def limit_lines(p):
    to_row(p, "Walls")
    walls = p.app.lines[1][1:]
    bonuses = p.app.lines[2][1:]
    p.press("DOWN")
    jokers = p.app.lines[2][1:]
    p.press("UP")
    return [walls, bonuses, jokers]


def test_a_board_with_its_own_pieces_shows_them_on_the_limit_lines():
    p = Player(settings={"board": "Rulebook example", "walls": 0, "bonuses": 2})
    assert limit_lines(p) == ["Walls: 8 on board", "Bonuses: 8 on board", "Jokers: 8 on board"]
    p.press("RIGHT")
    assert p.app.lines[3] == "set by the board" and p.app.settings["walls"] == 0
    for board, want in (("Plain", ["Walls: 0 on board", "Bonuses: 0 on board", "Jokers: 0 on board"]),
                        ("Blocked squares", ["Walls: 1 to 4 random", "Bonuses: none", "Jokers: none"]),
                        ("Set up by hand", ["Walls: at most 0", "Bonuses: at most 2",
                                            "Jokers: at most 8"]),
                        ("Random Mapello", ["Walls: at most 0", "Bonuses: at most 2",
                                            "Jokers: at most 8"])):
        q = Player(settings={"board": board, "walls": 0, "bonuses": 2})
        assert limit_lines(q) == want, board
    # free play sets every board up by hand: the limits count there
    f = Player(settings={"board": "Rulebook example", "mode": 1, "walls": -3})
    assert limit_lines(f) == ["Walls: exactly 3", "Bonuses: at most 8", "Jokers: at most 8"]


def test_right_counts_a_limit_up_and_left_down():
    p = Player(settings={"board": "Set up by hand", "walls": 2})
    to_row(p, "Walls")
    shown = []
    for button in ("RIGHT", "LEFT", "LEFT", "LEFT", "LEFT", "LEFT", "RIGHT"):
        p.press(button)
        shown.append(p.app.lines[1])
    assert shown == [">Walls: at most 3", ">Walls: at most 2", ">Walls: at most 1",
                     ">Walls: at most 0", ">Walls: exactly 8", ">Walls: exactly 7",
                     ">Walls: exactly 8"]
    p.press("RIGHT")                                 # past exactly 8: at most 0 again
    assert p.app.lines[1] == ">Walls: at most 0"


# --- long lines -------------------------------------------------------------------
LONG = "The rulebook example, renamed at length"


def test_a_long_board_name_scrolls_instead_of_being_cut():
    p = Player(boards=[BoardFile(Position(), LONG)], settings={"board": LONG})
    seen = []
    for _ in range(60):                              # 300 ms a step, and a pause at the start
        seen.append(p.app.lines[2])
        p.wait(300)
    assert seen[0] == " Board: The rulebook "        # the line as far as it fits, first
    assert all(len(line) <= 21 for line in seen)
    assert all(line.startswith(" Board: ") for line in seen)   # only the name scrolls
    assert len(set(seen)) > 10
    shown = "".join(seen)
    for word in ("example,", "renamed", "at length"):
        assert word in shown, word
    p.press("DOWN")                                  # the board's line: the name on its own
    assert p.app.lines[1:3] == [">Board 1/4", " The rulebook example"]
    p.wait(3000)
    assert p.app.lines[2] != " The rulebook example" and len(p.app.lines[2]) == 21
    p.press("DOWN")
    assert p.app.lines[1:3] == [">Series: 1 game", " Walls: 0 on board"]   # nothing scrolls


def test_strict_mode_refuses_a_screen_line_over_21(monkeypatch):
    """What makes every app test (and the long random sessions) a check
    that no screen writes a line the display would cut: with app.strict, as
    the driver sets it, such a line raises."""
    p = Player(boards=[BoardFile(Position(), LONG)], settings={"board": LONG})
    monkeypatch.setattr(sys.modules["mapello.ui.menu"], "LINE_WIDTH", 40)   # a menu that forgot to scroll
    with pytest.raises(ValueError, match="line over 21"):
        p.press("DOWN")
    p.app.strict = False                             # the device: cut, never stopped
    p.press("UP")
    assert p.app.lines[2] == " Board: The rulebook "


# --- a saved game is never lost to one press --------------------------------------------
def test_a_with_a_saved_game_asks_before_discarding_it():
    nvm = FakeNvm()
    p = Player(storage=NvmStorage(nvm))
    p.press("A")
    p.play(parse_cell("f4"))
    quit_to_menu(p)
    assert p.app.lines[3] == "A start  B resume"
    p.press("A")
    assert p.screen == "menu"
    assert p.app.lines[1:] == ["Discard saved game?", "A yes: new game", "B no: keep it"]
    p.press("B")                                     # no: the menu as it was
    assert p.screen == "menu" and p.app.lines[1] == ">Mode: Series"
    assert p.app.lines[3] == "A start  B resume"
    p.press("A", "DOWN")                             # any other key is no, and does its job
    assert p.screen == "menu" and p.app.lines[1].startswith(">Board")
    # not discarded: a restart resumes it
    q = Player(storage=NvmStorage(nvm), model=p.model)
    q.press("B")
    assert q.screen == "play" and q.app.lines[0] == score_line(p.model.pos) == "B4(+0)  W1(+0)"
    quit_to_menu(q)
    q.press("A", "A")                                # yes
    assert q.screen == "play" and q.app.lines[0] == "B2(+0)  W2(+0)"
    assert len(q.model.moves) == 0


def test_a_without_a_saved_game_starts_at_once():
    p = Player(storage=NvmStorage(FakeNvm()))
    assert p.app.lines[3] == "A start  </> change"
    p.press("A")
    assert p.screen == "play"


def test_a_message_longer_than_three_lines_shows_in_pages_with_nothing_cut(tmp_path):
    rows = ["# . . . . . . . . .", ". # . . . . . . . .", ". . # . . . . . . ."] + [". " * 10] * 7
    (tmp_path / "a-board-with-a-rather-long-file-name.txt").write_text(
        "; limits: walls 1\n" + "\n".join(rows) + "\n")
    try:
        Catalogue(str(tmp_path)).board(0)
    except ValueError as e:
        said = str(e)
    assert len(said) > 3 * 21                     # more than three display lines
    p = Player(boards=str(tmp_path), settings={"board": None})
    p.press("A")                                  # start: the board file is broken
    pages = []
    for _ in range(4):
        if p.screen != "menu" or p.app.lines[1:] in pages or not p.app.message:
            break
        pages.append(p.app.lines[1:])
        p.wait(1800)
    assert len(pages) == 2
    assert "".join("".join(page) for page in pages).replace(" ", "") == said.replace(" ", "")
    assert not p.app.message and p.app.lines[3] == "A start  </> change"   # then the menu again


def test_a_board_file_named_like_a_menu_choice_gives_way_to_it(tmp_path):
    rows = "\n".join([". " * 10, ". . # . . . . . . ."] + [". " * 10] * 8) + "\n"
    (tmp_path / "mine.txt").write_text("; Random Mapello\n" + rows)
    (tmp_path / "Set up by hand.txt").write_text("; Set up by hand\n" + rows)
    p = Player(boards=str(tmp_path), settings={"board": None})
    assert offered_boards(p, 5) == [" Set up by hand.txt", " mine", " Blocked squares",
                                    " Random Mapello", " Set up by hand"]
    assert p.app.lines[2] == " Set up by hand.txt"    # round again: the file
    p.press("RIGHT")
    p.press("DOWN")                                # the file's board brings its own wall
    assert p.app.lines[2] == " Walls: 1 on board"
    p.press("UP")
    while p.app.lines[2] != " Random Mapello":
        p.press("RIGHT")
    p.press("DOWN")                                # the built-in kind: the menu's limits
    assert p.app.lines[2] == " Walls: at most 8"


def bundled_boards_and(tmp_path, files):
    """A boards/ folder as deploy.sh leaves it, plus a player's own `files`
    ({name: text})."""
    import shutil
    folder = tmp_path / "boards"
    shutil.copytree(os.path.join(ROOT, "boards"), folder)
    for name, text in files.items():
        (folder / name).write_text(text)
    return str(folder)


def test_the_catalogue_knows_every_bundled_board_file():
    from mapello.game.catalogue import BUNDLED
    assert BUNDLED.split() == sorted(n for n in os.listdir(os.path.join(ROOT, "boards")) if n.endswith(".txt"))


def test_a_players_file_named_like_a_bundled_board_never_takes_its_place(tmp_path, capsys):
    rows = "\n".join([". " * 10, ". . # . . . . # . ."] + [". " * 10] * 8) + "\n"
    folder = bundled_boards_and(tmp_path, {"my-open.txt": "; Open: mine, with two walls\n" + rows,
                                           "fortress-2.txt": "; Fortress\n" + rows})
    p = Player(boards=folder, settings={"board": None})
    said = capsys.readouterr().out.splitlines()
    assert "my-open.txt is listed as my-open: Open is a bundled board's name" in said
    assert "fortress-2.txt is listed as fortress-2: Fortress is a bundled board's name" in said
    names = [n.strip() for n in offered_boards(p, 15)]
    assert names.count("Open") == 1 and "my-open" in names
    assert names.count("Fortress") == 1 and "fortress-2" in names
    p.menu("board", "Open")                           # the bundled Open: plain Reversi
    p.press("A")
    assert p.screen == "play" and p.model.start == Position()
    p.check_board()
    quit_to_menu(p)
    p.menu("board", "my-open")                        # and the player's own, with its walls
    p.press("A", "A")
    assert p.screen == "play" and p.model.start.walls == 1 << parse_cell("b1") | 1 << parse_cell("g1")


def test_a_board_file_with_cr_line_ends_plays(tmp_path):
    with open(os.path.join(ROOT, "boards", "fortress.txt")) as f:
        text = f.read()
    (tmp_path / "old-mac.txt").write_bytes(text.replace("\n", "\r").encode())
    p = Player(boards=str(tmp_path), settings={"board": None})
    assert board_line(p)[1] == " Fortress"
    p.press("A")
    assert p.screen == "play" and p.model.start == parse_board(text).position
    p.check_board()


def pick(p, name):
    """On the board line, Right until the board called `name` is chosen (past
    what each board on the way says): what it says is on the display now."""
    to_row(p, "Board")
    for _ in range(20):
        p.press("RIGHT")
        if p.app.settings["board"] == name:
            return
        p.wait(4000)
    raise AssertionError("no board %r" % name)


def shows(p, message):
    """The display shows `message` (its first page, at the bottom) now."""
    lines = wrap(message)[:3]
    assert p.app.message == message and p.app.lines[4 - len(lines):] == lines, p.app.lines


NOT_TEXT = {   # files a player may leave in boards/, and what the menu says of each
    "notepad.txt": ("utf-16-le", "line 1: UTF-16 text: save the file as UTF-8"),
    "notepad-bom.txt": ("utf-16", "line 1: UTF-16 text: save the file as UTF-8"),
    "latin1.txt": ("latin-1", "line 1, column 11: not UTF-8 text (byte 0xe9): save the file as UTF-8"),
    "picture.txt": (None, "line 1, column 1: not UTF-8 text (byte 0x89): save the file as UTF-8"),
}


def not_text_files(folder):
    """NOT_TEXT's files in `folder`: Open saved as UTF-16 (with and without
    its byte order mark), in Latin-1 with an accent in its title, and a
    picture's bytes."""
    with open(os.path.join(ROOT, "boards", "open.txt")) as f:
        text = f.read().replace("; Open", "; Open caf\u00e9", 1)
    for file, (encoding, _) in NOT_TEXT.items():
        if encoding is None:
            data = b"\x89PNG\r\n\x1a\n" + bytes(range(256))
        else:
            data = text.encode(encoding)
        (folder / file).write_bytes(data)


def test_a_board_file_that_is_not_utf8_text_is_listed_and_says_why_when_chosen(tmp_path):
    not_text_files(tmp_path)
    p = Player(boards=str(tmp_path), settings={"board": None})
    to_row(p, "Board")
    names = []
    for _ in range(7):
        p.wait(4000)                                         # past what a bad file says
        names.append(p.app.lines[2].strip())
        p.press("RIGHT")
    assert names == ["latin1", "notepad-bom", "notepad", "picture", "Blocked squares",
                     "Random Mapello", "Set up by hand"]     # by their file names
    for file, (_, why) in sorted(NOT_TEXT.items()):
        pick(p, file[:-4])
        shows(p, "%s: %s" % (file, why))                     # as soon as it is chosen
        p.wait(4000)
        assert not p.app.message
        assert p.app.lines[1:3] == [">Board %d/7" % (names.index(file[:-4]) + 1), " " + file[:-4]]
        p.press("A")                                         # not played: it says why again
        assert p.screen == "menu"
        shows(p, "%s: %s" % (file, why))
        p.wait(4000)
    assert p.app.last_error is None


def test_a_saved_game_outlives_a_board_file_that_is_not_text(tmp_path):
    not_text_files(tmp_path)
    (tmp_path / "plain.txt").write_text("; Plain\n" + "\n".join([". " * 10] * 10) + "\n")
    nvm = FakeNvm()
    p = Player(storage=NvmStorage(nvm), boards=str(tmp_path), settings={"board": "Plain"})
    p.press("A")
    p.play(parse_cell("f4"))
    quit_to_menu(p)
    pick(p, "notepad")
    p.wait(4000)
    assert p.app.lines[3] == "A start  B resume"
    p.press("A")                                     # refused before anything is asked
    assert p.screen == "menu"
    shows(p, "notepad.txt: line 1: UTF-16 text: save the file as UTF-8")
    p.wait(4000)
    assert p.app.lines[3] == "A start  B resume"
    p.press("B")                                     # the game goes on
    assert p.screen == "play" and p.app.lines[0] == score_line(p.model.pos) == "B4(+0)  W1(+0)"
    quit_to_menu(p)
    q = Player(storage=NvmStorage(nvm), boards=str(tmp_path), model=p.model)   # off and on
    assert board_line(q)[1] == " Plain"
    q.press("B")
    assert q.screen == "play" and q.app.lines[0] == "B4(+0)  W1(+0)"


def check(path):
    """`python3 -m desktop check PATH`'s exit status and output."""
    proc = subprocess.run([sys.executable, "-m", "desktop", "check", path], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    return proc.returncode, proc.stdout


def test_a_record_with_an_illegal_move_gets_the_checkers_verdict_in_the_menu(tmp_path):
    with open(os.path.join(ROOT, "boards", "four-corners.txt")) as f:
        board = f.read()                                       # moves on its lines 13 and 14
    (tmp_path / "game.txt").write_text(board + "; moves: e3 f3 f4 f5\n; moves: f6 e3\n")
    (tmp_path / "typo.txt").write_text(board.replace("Four Corners", "Typo", 1)
                                       + "; moves: e3 f3 f4 zz\n")
    (tmp_path / "good.txt").write_text(board.replace("Four Corners", "Good", 1)
                                       + "; moves: e3 f3 f4 f5\n")
    verdicts = {}
    for file in ("game.txt", "typo.txt"):
        code, out = check(str(tmp_path / file))
        assert code == 1 and out.startswith("BAD  %s/" % tmp_path) and out.endswith("\n"), out
        verdicts[file] = out[len("BAD  %s/" % tmp_path):-1]
    assert verdicts == {"game.txt": "game.txt: line 14: move 6 e3 by white is illegal: e3: occupied",
                        "typo.txt": "typo.txt: line 13: move 4 'zz': 'zz' is not a cell (a1..h8) or 'pass'"}
    assert check(str(tmp_path / "good.txt")) == (0, "ok   %s: Good, 4 moves\n" % (tmp_path / "good.txt"))
    p = Player(boards=str(tmp_path), settings={"board": "Good"})
    for name, file in (("Four Corners", "game.txt"), ("Typo", "typo.txt")):
        pick(p, name)
        shows(p, verdicts[file])                    # the checker's words, on the display
        p.wait(4000)
        p.press("A")                                # and refused, as the checker refuses it
        assert p.screen == "menu"
        shows(p, verdicts[file])
        p.wait(4000)
    pick(p, "Good")                                 # a record whose moves replay: its board plays
    p.press("A")
    assert p.screen == "play" and p.model.start == parse_board(board).position
    assert p.app.last_error is None


def test_a_file_too_big_for_a_board_is_listed_and_refused_as_check_refuses_it(tmp_path):
    """A note or a picture in boards/ is read no further than a board file
    can be long (reading all of it could end a board's heap)."""
    (tmp_path / "note.txt").write_text("A long note\n" + "a line of a long note\n" * 3000)
    (tmp_path / "picture.txt").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40)
    (tmp_path / "fat.txt").write_text("; Fat\n" + "\n".join([". " * 10] * 10) + "\n"
                                      + "; a long comment about the board, kept as it is\n" * 80)
    assert 4000 < os.path.getsize(str(tmp_path / "fat.txt")) <= 4096
    verdicts = {}
    for file, size in (("note.txt", 66012), ("picture.txt", 10248)):
        code, out = check(str(tmp_path / file))
        assert (code, out) == (1, "BAD  %s: line 1: %d bytes: too big for a board file (at most 4096)\n"
                               % (tmp_path / file, size)), out
        verdicts[file] = out[len("BAD  %s/" % tmp_path):-1]
    p = Player(boards=str(tmp_path), settings={"board": "Fat"})
    for file in ("note.txt", "picture.txt"):
        pick(p, file[:-4])
        shows(p, verdicts[file])
        p.wait(6000)
        p.press("A")
        assert p.screen == "menu"
        shows(p, verdicts[file])
        p.wait(6000)
    pick(p, "Fat")                                   # up to 4096 bytes: a board file
    p.press("A")
    assert p.screen == "play" and p.app.last_error is None


def test_a_board_file_gone_since_the_menu_listed_it_is_named(tmp_path):
    """On CircuitPython an OSError's message names no file: the menu does."""
    for file in ("a.txt", "b.txt"):
        (tmp_path / file).write_text("; %s\n" % file[0].upper() + "\n".join([". " * 10] * 10) + "\n")
    p = Player(boards=str(tmp_path), settings={"board": "A"})
    os.remove(str(tmp_path / "b.txt"))                    # copied off the drive meanwhile
    pick(p, "B")
    assert p.app.message.startswith("b.txt: [Errno 2] "), p.app.message
    p.wait(4000)
    p.press("A")
    assert p.screen == "menu" and p.app.message.startswith("b.txt: ") and p.app.last_error is None


# --- colours ----------------------------------------------------------------------------
def test_the_colour_blind_palette_is_chosen_in_the_menu_and_kept_with_the_save():
    from mapello.ui import palette
    standard_ring, colour_blind_ring = 0x301000, 0x200044
    nvm = FakeNvm()
    try:
        p = Player(storage=NvmStorage(nvm))
        assert p.colour(0) == standard_ring
        p.menu("palette", 1)
        assert p.app.lines[1] == ">Colours: colourblind"
        assert p.colour(0) == colour_blind_ring
        p.press("A")
        p.play(p.model.pos.legal_moves()[0])
        q = Player(storage=NvmStorage(nvm))           # power cut, power on
        assert q.app.settings["palette"] == 1 and q.colour(0) == colour_blind_ring
        q.menu("palette", 0)
        assert q.app.lines[1] == ">Colours: standard" and q.colour(0) == standard_ring
    finally:
        palette.use(0)
