"""Random boards and binary records inside MicroPython: a seed gives the same
board as on CPython, and records round-trip (the text form is in
mp_record_text.py: both together do not fit the 80 KiB heap)."""
import gc

for _name in ("mapello.rules.geometry", "mapello.rules.position", "mapello.rules.notation",
              "mapello.rules.pieces", "mapello.rng", "mapello.game.random_boards",
              "mapello.game.record", "mapello.rules.boardfile"):  # one at a time: each fits 80 KiB
    gc.collect()
    __import__(_name)
gc.collect()

from mapello.rules.notation import parse_position, position_text
from mapello.rules.position import PASS
from mapello.rules.pieces import Limits
from mapello.game.random_boards import blocked_squares, random_board
from mapello.rng import Rng
from mapello.game.record import GameRecord
from mapello.game.record.binary_write import encode
from mapello.game.record.binary_read import decode

# computed by CPython: a seed must give the same board on every interpreter
BLOCKED_7 = ("........../.......#../........../..#......./....BW..../....WB..../"
             ".......#../.....#..../........../.......... b 0 0")
RANDOM_7 = (".........J/.....+..../........../........../....BW..../...+WB+.../"
            "........../......##../.#......../.........J b 0 0")


def _random_game(start, seed):
    rng = Rng(seed)
    pos = start.copy()
    while not pos.is_over():
        ms = pos.legal_moves()
        pos.push(ms[rng.below(len(ms))] if ms else PASS)
    return pos.history(), pos


def check_rng_and_boards_match_cpython():
    r = Rng(12345)
    assert [r.next32() for _ in range(3)] == [2794715677, 3822512213, 3847663707]
    assert position_text(blocked_squares(7).position) == BLOCKED_7
    assert position_text(random_board(7, Limits(3, 3, 3)).position) == RANDOM_7


def check_records_round_trip():
    for seed in range(2):
        board = random_board(seed)
        moves, final = _random_game(board.position, seed)
        rec = GameRecord(board.position, moves, board.name, board.limits)
        assert len(encode(rec)) < 90
        assert decode(encode(rec)).replay() == final
