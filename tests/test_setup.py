"""Setup phase: every placement rule and limit, with its message."""
import pytest

from mapello.rules.boardfile import parse_board
from mapello.rules.position import BORDER_CELLS, INNER_CELLS, parse_cell
from mapello.rules.notation import format_board
from mapello.rules.pieces import BONUS, JOKER, WALL, Limits, placement_error
from mapello.game.board_setup import FULL, LIMIT, NONE_AGREED, RULE, Setup

CORNER = 0        # grid row 0, col 0
EDGE = 5          # grid row 0, col 5
D4, E4, D5, E5 = (parse_cell(c) for c in ("d4", "e4", "d5", "e5"))
C3 = parse_cell("c3")


def cells_for(kind):
    """Every cell the placement rules allow `kind` on."""
    return [c for c in range(100) if placement_error(kind, c) is None]


def said(s, reason):
    """What the display says for a refusal (None stays None)."""
    return None if reason is None else s.describe(reason)


def start_error(s):
    return s.start_problem()


def test_walls_and_bonuses_go_inside_except_the_centre_four():
    s = Setup()
    for kind in (WALL, BONUS):
        assert s.place_error(kind, C3) is None
        for centre in (D4, E4, D5, E5):
            assert s.place_error(kind, centre) == (RULE, kind, centre)
            assert "centre four must stay free" in said(s, s.place_error(kind, centre))
        assert "on the border" in said(s, s.place_error(kind, EDGE))
        assert "on the border" in said(s, s.place_error(kind, CORNER))


def test_jokers_go_on_the_border_corners_included():
    s = Setup()
    assert s.place_error(JOKER, CORNER) is None
    assert s.place_error(JOKER, 99) is None
    assert s.place_error(JOKER, EDGE) is None
    assert "jokers go on the border ring" in said(s, s.place_error(JOKER, C3))


def test_allowed_kinds_per_cell():
    s = Setup()
    assert s.allowed(C3) == [WALL, BONUS]
    assert s.allowed(CORNER) == [JOKER]
    assert s.allowed(D4) == []
    assert len(cells_for(WALL)) == 60 and len(cells_for(JOKER)) == 36


def test_off_the_board_is_refused():
    s = Setup()
    assert "off the board" in said(s, s.place_error(WALL, 100))


def test_maximum_is_enforced_with_a_message():
    s = Setup(Limits(walls=2, bonuses=0, jokers=1))
    assert s.place(WALL, parse_cell("a1")) is None
    assert s.place(WALL, parse_cell("b1")) is None
    assert s.place(WALL, parse_cell("c1")) == (LIMIT, WALL, parse_cell("c1"))
    assert said(s, s.place(WALL, parse_cell("c1"))) == "walls: at most 2"
    assert said(s, s.place(BONUS, parse_cell("c1"))) == "no bonuses agreed"
    assert s.place(BONUS, parse_cell("c1"))[0] == NONE_AGREED
    assert s.place(JOKER, 0) is None
    assert said(s, s.place(JOKER, 9)) == "jokers: at most 1"
    assert s.counts == [2, 0, 1]


def test_never_more_than_eight():
    s = Setup()
    cells = cells_for(WALL)
    for c in cells[:8]:
        assert s.place(WALL, c) is None
    assert said(s, s.place(WALL, cells[8])) == "walls: at most 8"
    with pytest.raises(ValueError):
        Limits(walls=9)


def test_replacing_a_piece_keeps_counts_right():
    s = Setup(Limits(walls=1, bonuses=1, jokers=0))
    assert s.place(WALL, C3) is None
    assert s.place(WALL, C3) is None  # the same piece again is fine
    assert s.place(BONUS, C3) is None
    assert s.counts == [0, 1, 0] and s.kind_at(C3) == BONUS
    assert s.remove(C3) and not s.remove(C3)
    assert s.counts == [0, 0, 0]


def test_exact_count_is_checked_at_start():
    s = Setup(Limits(walls=2, bonuses=8, jokers=8, exact=(True, False, False)))
    assert start_error(s) == "place 2 more walls"
    s.place(WALL, parse_cell("a1"))
    assert start_error(s) == "place 1 more wall"
    assert said(s, s.place(WALL, parse_cell("b1"))) is None
    assert said(s, s.place(WALL, parse_cell("c1"))) == "walls: exactly 2"
    s.remove(parse_cell("b1"))
    s.place(WALL, parse_cell("h8"))
    assert start_error(s) is None


def test_limit_breach_from_a_loaded_position_is_reported():
    board = parse_board(open("boards/rulebook.txt").read())
    s = Setup(Limits(walls=2, bonuses=2, jokers=2), board.position)
    assert start_error(s) == "remove 6 walls, 6 bonuses, 6 jokers"
    s = Setup(Limits(walls=2, bonuses=1, jokers=2, exact=(True, True, False)), board.position)
    assert start_error(s) == "remove 6 walls, 7 bonuses, 6 jokers"
    s = Setup(Limits(walls=2, bonuses=1, jokers=2, exact=(True, True, False)))
    s.place(JOKER, 0)
    s.place(JOKER, 9)
    assert start_error(s) == "place 2 more walls, 1 more bonus"


def test_a_board_nobody_can_open_is_refused():
    s = Setup()
    for name in ("e3", "f4", "c5", "d6", "d3", "c4", "f5", "e6"):
        assert s.place(WALL, parse_cell(name)) is None
    assert start_error(s) == "nobody can move: walls block every opening move"


def test_cycle_walks_the_allowed_kinds_and_skips_full_ones():
    s = Setup(Limits(walls=1, bonuses=8, jokers=8))
    seen = []
    for _ in range(3):
        assert s.cycle(C3) is None
        seen.append(s.kind_at(C3))
    assert seen == [WALL, BONUS, None]
    s.place(WALL, parse_cell("a1"))
    s.cycle(C3)
    assert s.kind_at(C3) == BONUS  # walls are full: skipped
    assert s.cycle(0) is None and s.kind_at(0) == JOKER
    assert s.cycle(0) is None and s.kind_at(0) is None
    assert "centre four" in said(s, s.cycle(D4))
    s2 = Setup(Limits(0, 0, 0))
    assert said(s2, s2.cycle(C3)) == "no walls agreed" and s2.kind_at(C3) is None
    s3 = Setup(Limits(0, 1, 0))
    s3.place(BONUS, parse_cell("a1"))
    assert said(s3, s3.cycle(C3)) == "bonuses: at most 1"      # the limit reached, not the kind not agreed


def test_every_full_limit_is_named():
    s = Setup(Limits(walls=1, bonuses=2, jokers=8, exact=(True, False, False)))
    s.place(WALL, parse_cell("a1"))
    s.place(BONUS, parse_cell("b1"))
    assert s.cycle(C3) is None and s.kind_at(C3) == BONUS
    assert s.remove(C3)
    s.place(BONUS, parse_cell("c1"))
    assert s.cycle(C3) == (FULL, 1 << WALL | 1 << BONUS, C3) and s.kind_at(C3) is None
    assert said(s, s.cycle(C3)) == "walls: exactly 1, bonuses: at most 2"


def test_finished_setup_saves_as_a_board_file():
    s = Setup(Limits(walls=4, bonuses=2, jokers=3, exact=(False, True, False)))
    for name in ("b2", "g7"):
        s.place(WALL, parse_cell(name))
    for name in ("c6", "f3"):
        s.place(BONUS, parse_cell(name))
    s.place(JOKER, 0)
    s.place(JOKER, 99)
    assert start_error(s) is None
    text = format_board(s.position(), "Mine", "two of each", s.limits)
    board = parse_board(text)
    assert board.position == s.position()
    assert board.name == "Mine" and board.description == "two of each"
    assert board.limits == s.limits
    assert s.counts == [2, 2, 2]


def test_every_cell_every_kind_agrees_with_board_files():
    """The setup refuses exactly what a board file refuses."""
    for cell in range(100):
        for kind, sym in ((WALL, "#"), (BONUS, "+"), (JOKER, "J")):
            rows = [["."] * 10 for _ in range(10)]
            rows[cell // 10][cell % 10] = sym
            text = "\n".join(" ".join(r) for r in rows)
            try:
                parse_board(text)
                file_ok = True
            except ValueError:
                file_ok = False
            assert (Setup().place_error(kind, cell) is None) == file_ok, (cell, kind)
    assert set(INNER_CELLS) | set(BORDER_CELLS) == set(range(100))
