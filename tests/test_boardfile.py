"""Board files: every kind of error names its place; round trips; bundled boards."""
import glob
import os

import pytest

from mapello.rules.boardfile import BoardError, load_board, parse_board
from mapello.rules.notation import format_board
from mapello.rules.position import START_BLACK, START_WHITE, Position
from mapello.rules.perft import perft
from mapello.rules.pieces import Limits

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EMPTY_ROW = ". . . . . . . . . ."
BUNDLED = sorted(glob.glob(os.path.join(ROOT, "boards", "*.txt")))


def board(rows, header="; Test: a board for tests"):
    return header + "\n" + "\n".join(rows) + "\n"


def rows_with(row_index, row):
    rows = [EMPTY_ROW] * 10
    rows[row_index] = row
    return rows


def error_of(text):
    with pytest.raises(BoardError) as info:
        parse_board(text)
    return info.value


def test_empty_board_gets_the_start_discs_and_metadata():
    b = parse_board(board([EMPTY_ROW] * 10, "; Four Corners: jokers at the corners"))
    assert b.position == Position()
    assert (b.name, b.description, b.limits) == ("Four Corners", "jokers at the corners", None)


def test_design_header_and_limits_metadata():
    text = "; Mapello board: Four Corners\n; limits: walls 4, bonuses =0, jokers 4\n" + \
        "\n".join([EMPTY_ROW] * 10)
    b = parse_board(text)
    assert b.name == "Four Corners"
    assert b.limits == Limits(4, 0, 4, (False, True, False))


def test_rows_without_spaces_and_blank_lines():
    text = "\n; x\n\n" + "\n\n".join(["." * 10] * 10) + "\n\n"
    assert parse_board(text).position == Position()


def test_given_discs_are_kept_and_black_moves():
    rows = [EMPTY_ROW] * 10
    rows[1] = ". B W . . . . . . ."
    pos = parse_board(board(rows)).position
    assert pos.discs[0] == 1 << 11 and pos.discs[1] == 1 << 12 and pos.turn == 0


@pytest.mark.parametrize("text, line, column, message", [
    (board([EMPTY_ROW] * 9), 10, 1, "9 rows: a board has 10 rows"),
    (board([EMPTY_ROW] * 11), 12, 1, "an 11th row"),
    (board(rows_with(2, ". . . . . . . . .")), 4, 18, "9 cells in this row"),   # where the 10th goes
    (board(rows_with(2, ". . . . . . . . . . .")), 4, 21, "11 cells in this row"),  # the 11th
    (board(rows_with(2, ". . x . . . . . . .")), 4, 5, "unknown symbol 'x'"),
    (board(rows_with(2, ". .  . . . . . . . .")), 4, 5, "two spaces"),
    (board(rows_with(2, ". .. . . . . . . .")), 4, 4, "separated by one space"),
    (board(rows_with(2, ". . J . . . . . . .")), 4, 5, "joker on b2: jokers go on the border"),
    (board(rows_with(0, ". . # . . . . . . .")), 2, 5, "wall on the border"),
    (board(rows_with(9, ". . + . . . . . . .")), 11, 5, "bonus on the border"),
    (board(rows_with(4, ". . . . # . . . . .")), 6, 9, "wall on d4: the centre four must stay free"),
    (board(rows_with(5, ". . . . . + . . . .")), 7, 11, "bonus on e5: the centre four"),
    (board(rows_with(0, "B . . . . . . . . .")), 2, 1, "disc on the border"),
    (board(rows_with(1, ". # # # # # # # # .")[:2] + [". # . . . . . . . ."] + [EMPTY_ROW] * 7),
     4, 3, "9 walls: at most 8"),
    (board(rows_with(0, "J J J J J J J J J .")), 2, 17, "9 jokers: at most 8"),
    ("; limits: walls 1\n" + board(rows_with(1, ". # # . . . . . . .")), 1, 0,
     "board breaks its own limits: 2 walls: at most 1"),
    ("; limits: walls =3\n" + board(rows_with(1, ". # # . . . . . . .")), 1, 0,
     "2 walls: exactly 3 agreed"),
    ("; limits: walls four\n" + board([EMPTY_ROW] * 10), 1, 0, "not a number"),
    ("; limits: towers 4\n" + board([EMPTY_ROW] * 10), 1, 0, "is not like 'walls 4'"),
    ("; limits: walls 9\n" + board([EMPTY_ROW] * 10), 1, 0, "must be 0 to 8"),
    ("", 1, 1, "0 rows"),
])
def test_every_error_names_line_column_and_reason(text, line, column, message):
    e = error_of(text)
    assert (e.line, e.column) == (line, column), str(e)
    assert message in e.message
    where = "line %d, column %d" % (line, column) if column else "line %d:" % line
    assert str(e).startswith(where)


def test_load_board_prefixes_the_path(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(board(rows_with(2, ". . x . . . . . . .")))
    with pytest.raises(BoardError, match=r"bad.txt: line 4, column 5: unknown symbol"):
        load_board(str(path))


def test_write_then_read_round_trips_every_bundled_board():
    for path in BUNDLED:
        b = load_board(path)
        text = format_board(b.position, b.name, b.description, b.limits)
        again = parse_board(text)
        assert again.position == b.position
        assert (again.name, again.description, again.limits) == (b.name, b.description, b.limits)


@pytest.mark.parametrize("name, description", [
    ("A: B", "names with a colon"), ("Limits", "a name like a key"), ("x:y", ""),
    ("Plain", ""), ("", "only a description"), ("Name", "a description: with a colon"),
    ("Mapello board", ""), ("description", "each key the reader knows"), ("NAME", "")])
def test_names_and_descriptions_round_trip(name, description):
    b = parse_board(format_board(Position(), name, description))
    assert (b.name, b.description) == (name or "Board", description)


def test_round_trip_after_moves_keeps_discs():
    pos = Position()
    pos.play(pos.legal_moves()[0])
    again = parse_board(format_board(pos)).position
    assert again.discs == pos.discs and again.turn == 0


def test_bundled_boards_are_many_valid_named_and_include_the_rulebook():
    assert len(BUNDLED) >= 8
    names = set()
    for path in BUNDLED:
        b = load_board(path)
        assert b.name and b.description, path
        names.add(b.name)
        assert perft(b.position, 2) > 0
    assert "Rulebook example" in names
    rulebook = load_board(os.path.join(ROOT, "boards", "rulebook.txt")).position
    assert rulebook.discs == [START_BLACK, START_WHITE]


def test_a_byte_order_mark_is_accepted(tmp_path):
    text = board([EMPTY_ROW] * 10)
    assert parse_board("\ufeff" + text).position == parse_board(text).position
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert load_board(str(path)).position == parse_board(text).position


def test_a_file_that_is_not_utf8_is_named_with_line_and_column(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"; Caf\xe9 board\n" + board([EMPTY_ROW] * 10).encode())
    with pytest.raises(BoardError) as e:
        load_board(str(path))
    assert str(e.value).startswith(str(path) + ": line 1, column 6: not UTF-8 text (byte 0xe9)")
    path.write_bytes(b"; \xc3\xa9t\xc3\xa9\n\n; ok\n. . \xff")
    with pytest.raises(BoardError, match=r"line 4, column 5: not UTF-8 text \(byte 0xff\)"):
        load_board(str(path))


def test_a_board_where_nobody_can_move_is_refused():
    only_black = rows_with(4, ". . . . B B . . . .")
    only_black = only_black[:5] + [". . . . B B . . . ."] + only_black[6:]
    with pytest.raises(BoardError, match="nobody can move at the start"):
        parse_board(board(only_black))
    full = [". " + " ".join("B" if (r + c) % 3 else "W" for c in range(8)) + " ." for r in range(8)]
    with pytest.raises(BoardError, match="nobody can move at the start"):
        parse_board(board([EMPTY_ROW] + full + [EMPTY_ROW]))


def test_a_moves_line_without_its_semicolon_is_a_record_line():
    text = board([EMPTY_ROW] * 10) + "moves: e3 f3\n"
    assert parse_board(text).position == parse_board(board([EMPTY_ROW] * 10)).position
    assert error_of(text.replace("f3", "e3")).line == 12


def test_a_records_moves_are_replayed_and_a_bad_one_is_named_with_its_line():
    """A game record is a board file: the board is its start, and a move on
    its `; moves:` lines that is no move or is illegal makes the file bad,
    as python3 -m desktop check and the menu both say."""
    text = board([EMPTY_ROW] * 10)                             # rows on lines 2 to 11
    good = parse_board(text + "; moves: e3 f3\n")
    assert good.position == parse_board(text).position        # the start, not the end
    for moves, line, message in [
            ("; moves: e3 f3\n; moves: f4 f5 f6 e3\n", 13, "move 6 e3 by white is illegal: e3: occupied"),
            ("; moves: e3 e3 x9\n", 12, "move 3 'x9': 'x9' is not a cell (a1..h8) or 'pass'"),
            ("; moves: pass\n", 12, "move 1 pass by black is illegal: pass: a move exists"),
            ("; moves: a1\n", 12, "move 1 a1 by black is illegal: a1: no flip")]:
        e = error_of(text + moves)
        assert (e.line, e.column, e.message) == (line, 0, message)
        assert str(e) == "line %d: %s" % (line, message)
    # "; white moves first" (a record's, when white began): white's moves are legal
    white = board([EMPTY_ROW] * 10, "; Mapello game record\n; white moves first")
    assert parse_board(white + "; moves: f5 f6\n").position == Position()
    assert error_of(white + "; moves: e3\n").message == "move 1 e3 by white is illegal: e3: no flip"


def test_cr_only_line_ends_read_as_lines_on_every_interpreter():
    """CircuitPython's text files split lines at LF alone: a file with CR
    line ends (old Mac editors) comes as one line, whose name is still its
    first comment's."""
    from mapello.rules.boardfile import board_name
    text = board(rows_with(2, ". . # . . . . . . ."), "; Cr: a board with CR line ends")
    cr = text.replace("\n", "\r")
    assert board_name([cr]) == "Cr"
    assert parse_board(cr).position == parse_board(text).position
    assert parse_board(text.replace("\n", "\r\n")).position == parse_board(text).position
    assert error_of(cr.replace("#", "J")).line == 4           # lines counted at each CR


@pytest.mark.parametrize("header", ["; moves: e3 d3\n; My board", "; MOVES: e3 d3\n; My board",
                                    "; moves: e3 d3"])
def test_the_menu_names_a_record_as_the_board_does(header):
    """A record's moves above its rows are no title: the menu's name (read
    from the header alone) is the one the whole file gives."""
    from mapello.rules.boardfile import board_name
    text = board([EMPTY_ROW] * 10, header)
    assert board_name(text.split("\n")) == parse_board(text).name
