"""A representative part of the engine's tests, run inside MicroPython."""
import gc

for _name in ("mapello.rules.geometry", "mapello.rules.position", "mapello.rules.notation",
              "mapello.rules.perft", "mapello.rules.pieces", "mapello.rules.boardfile"):
    gc.collect()               # one at a time, collecting between: each fits the 80 KiB heap
    __import__(_name)

from mapello.rules.notation import parse_position, position_text
from mapello.rules.position import PASS, Position, cell_name, parse_cell
from mapello.rules.perft import perft
from mapello.rules.boardfile import BoardError, parse_board
from mapello.rules.notation import format_board

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
    start = position_text(pos)
    texts = []
    while not pos.is_over():
        texts.append(position_text(pos))
        moves = pos.legal_moves()
        pos.push(moves[len(moves) // 2] if moves else PASS)
    score = pos.score()
    assert sum(score) > 4
    while pos.ply():
        pos.pop()
        assert position_text(pos) == texts.pop()
    assert position_text(pos) == start


def check_notation_round_trip():
    pos = parse_board(RULEBOOK).position
    pos.play(parse_cell("c5") if not pos.why_illegal(parse_cell("c5")) else pos.legal_moves()[0])
    again = parse_position(position_text(pos))
    assert again == pos and position_text(again) == position_text(pos)


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
