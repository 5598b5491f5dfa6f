"""A representative part of the engine's tests, run inside MicroPython."""
from mapello.rules.position import PASS, Position, cell_name, parse_cell
from mapello.rules.perft import perft
from mapello.rules.boardfile import BoardError, format_board, parse_board

with open("boards/rulebook.txt") as _f:  # run from the repository root
    RULEBOOK = _f.read()


def check_perft_start():
    pos = Position()
    got = [perft(pos, d) for d in range(1, 6)]
    assert got == [4, 12, 56, 244, 1396], got


def check_start_moves():
    assert [cell_name(c) for c in Position().legal_moves()] == ["e3", "f4", "c5", "d6"]


def check_push_pop_restores_a_whole_game():
    pos = Position()
    start = pos.to_text()
    texts = []
    while not pos.is_over():
        texts.append(pos.to_text())
        moves = pos.legal_moves()
        pos.push(moves[len(moves) // 2] if moves else PASS)
    score = pos.score()
    assert sum(score) > 4
    while pos.ply():
        pos.pop()
        assert pos.to_text() == texts.pop()
    assert pos.to_text() == start


def check_notation_round_trip():
    pos = parse_board(RULEBOOK).position
    pos.play(parse_cell("c5") if not pos.why_illegal(parse_cell("c5")) else pos.legal_moves()[0])
    again = Position.from_text(pos.to_text())
    assert again == pos and again.to_text() == pos.to_text()


def check_rulebook_board():
    board = parse_board(RULEBOOK)
    assert board.name == "Rulebook example"
    assert parse_board(format_board(board.position)).position == board.position
    assert perft(board.position, 4) == perft(board.position.copy(), 4)


def check_board_error_names_line_and_column():
    bad = RULEBOOK.replace(". . . . B W . . . .", ". . . . B W . . x .")
    try:
        parse_board(bad)
    except BoardError as e:
        assert e.line == 6 and e.column == 17, (e.line, e.column)
        return
    raise AssertionError("bad symbol not reported")
