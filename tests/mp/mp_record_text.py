"""Text game records inside MicroPython: a record written as board-file text
with `; moves:` lines reads back and replays to the same position."""
import gc

for _name in ("mapello.rules.geometry", "mapello.rules.position", "mapello.rules.notation",
              "mapello.rules.pieces", "mapello.rules.boardfile", "mapello.game.record",
              "mapello.game.record.text"):  # one at a time: each fits 80 KiB
    gc.collect()
    __import__(_name)
gc.collect()

from mapello.rules.boardfile import parse_board
from mapello.rules.position import PASS
from mapello.game.record import GameRecord
from mapello.game.record.text import from_text, to_text

with open("boards/rulebook.txt") as _f:  # run from the repository root
    RULEBOOK = _f.read()


def check_text_records_round_trip():
    board = parse_board(RULEBOOK)
    pos = board.position.copy()
    while not pos.is_over():
        ms = pos.legal_moves()
        pos.push(ms[len(ms) // 2] if ms else PASS)
    rec = GameRecord(board.position, pos.history(), board.name, board.limits)
    gc.collect()
    text = to_text(rec)
    gc.collect()
    assert "; moves: " in text
    assert from_text(text).replay() == pos
