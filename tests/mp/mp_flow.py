"""Setup and series inside MicroPython (mp_record, mp_match and mp_save hold
the rest of the game flow, split so each fits the 80 KiB heap)."""
import gc

for _name in ("mapello.rules.position", "mapello.rules.pieces", "mapello.game.series",
              "mapello.game.board_setup"):  # one at a time, collecting between: each fits the 80 KiB heap
    gc.collect()
    __import__(_name)
gc.collect()

from mapello.rules.position import parse_cell
from mapello.rules.pieces import BONUS, JOKER, WALL, Limits
from mapello.game.series import BLACK, Series
from mapello.game.board_setup import Setup


def check_setup_rules():
    s = Setup(Limits(1, 8, 8, (False, False, True)))
    assert s.place(WALL, parse_cell("c3")) is None
    assert s.describe(s.place(WALL, parse_cell("c4"))) == "walls: at most 1"
    assert "centre four" in s.describe(s.place(BONUS, parse_cell("d4")))
    assert "border ring" in s.describe(s.place(JOKER, parse_cell("c4")))
    assert s.start_problem() == "place 8 more jokers"


def check_series():
    s = Series(3)
    s.add_result(40, 24)
    s.add_result(40, 24)
    assert s.wins == [1, 1] and s.leader() is None
    s.add_result(32, 32)
    assert s.is_over() and s.winner() is None
    f = Series(free_play=True)
    f.choose_colour(BLACK)
    assert f.next_black() == 1
    from mapello.game.save.resume import series_from_bytes
    assert series_from_bytes(s.to_bytes()).to_bytes() == s.to_bytes()
