"""The engine against published numbers and its own invariants."""
import pytest
from hypothesis import given, settings, strategies as st

from mapello.rules.notation import parse_position, position_text, symbol_at
from mapello.rules.position import (BLACK, PASS, WHITE, IllegalMove, Position, cell_name, cells_mask,
                                    parse_cell, popcount)
from mapello.rules.perft import perft

# Published Othello perft from the start (a pass is a ply, a finished game a leaf).
OTHELLO_PERFT = [4, 12, 56, 244, 1396, 8200, 55092, 390216]


@pytest.mark.parametrize("depth", range(1, 9))
def test_perft_from_start_matches_published_table(depth):
    assert perft(Position(), depth) == OTHELLO_PERFT[depth - 1]


@pytest.mark.slow
def test_perft_depth_9():
    assert perft(Position(), 9) == 3005288


def test_perft_depth_zero_is_one():
    assert perft(Position(), 0) == 1


def test_start_position_and_moves():
    pos = Position()
    assert symbol_at(pos, parse_cell("d4")) == "B"
    assert symbol_at(pos, parse_cell("e5")) == "B"
    assert symbol_at(pos, parse_cell("e4")) == "W"
    assert symbol_at(pos, parse_cell("d5")) == "W"
    assert pos.turn == BLACK
    assert [cell_name(c) for c in pos.legal_moves()] == ["e3", "f4", "c5", "d6"]
    assert pos.score() == (2, 2)


def test_cell_names_round_trip():
    for r in range(1, 9):
        for c in range(1, 9):
            assert parse_cell(cell_name(r * 10 + c)) == r * 10 + c
    assert parse_cell("PASS") == PASS and cell_name(PASS) == "pass"
    assert cell_name(150) == "150" and cell_name(-5) == "-5"  # not a cell: the number itself
    for bad in ("i1", "a0", "a9", "", "d44", "pas"):
        with pytest.raises(ValueError):
            parse_cell(bad)


def test_why_illegal_reasons():
    pos = parse_position(
        "........../........../........../...#....../....BW..../....WB..../"
        "........../........../........../.......... b 0 0")
    assert pos.why_illegal(parse_cell("c3")) == "wall"
    assert pos.why_illegal(parse_cell("e4")) == "occupied"
    assert pos.why_illegal(parse_cell("a1")) == "no flip"
    assert pos.why_illegal(0) == "off the board"
    assert pos.why_illegal(parse_cell("f4")) is None
    assert pos.why_illegal(PASS) == "a move exists"
    assert pos.why_illegal(150) == "off the board"
    with pytest.raises(IllegalMove, match="^150: off the board"):
        pos.play(150)
    with pytest.raises(IllegalMove, match="c3: wall"):
        pos.play(parse_cell("c3"))
    with pytest.raises(IllegalMove, match="pass: a move exists"):
        pos.play(PASS)


def test_bonus_is_taken_and_scores_three():
    # black plays the bonus at f4 (flips e4), white's bonus count stays 0
    pos = parse_position(
        "........../........../........../........../....BW+.../....WB..../"
        "........../........../........../.......... b 0 0")
    pos.play(parse_cell("f4"))
    assert pos.taken == [1, 0] and pos.bonuses == 0
    assert pos.score() == (4 + 3, 1)
    pos.pop()
    assert pos.taken == [0, 0] and symbol_at(pos, parse_cell("f4")) == "+"


def test_joker_closes_a_line_for_whoever_moves():
    # joker on the border left of a1, white on a1: black on b1 flips a1
    text = ("........../JW......../........../........../....BW..../....WB..../"
            "........../........../........../.......... %s 0 0")
    pos = parse_position(text % "b")
    assert pos.flips(parse_cell("b1")) == 1 << parse_cell("a1")
    assert parse_cell("b1") in pos.legal_moves()
    white = parse_position(text.replace("JW", "JB") % "w")
    assert white.flips(parse_cell("b1")) == 1 << parse_cell("a1")
    pos.play(parse_cell("b1"))
    assert symbol_at(pos, 10) == "J"  # never flipped, never scores
    assert pos.score() == (4, 2)


def test_wall_blocks_a_line():
    text = ("........../..W%sB...../........../........../....BW..../....WB..../"
            "........../........../........../.......... b 0 0")
    # from a1 eastward: b1 white, c1 a wall, d1 black: the wall ends the line
    assert parse_position(text % "#").flips(parse_cell("a1")) == 0
    open_line = parse_position(text % "W").flips(parse_cell("a1"))
    assert open_line == (1 << parse_cell("b1")) | (1 << parse_cell("c1"))


def test_pass_and_game_over():
    # white has no disc to flip: black to move has moves, white would have none
    pos = parse_position(
        "........../.BW......./........../........../........../........../"
        "........../........../........../.......... w 0 0")
    assert pos.must_pass()
    with pytest.raises(IllegalMove):
        pos.play(parse_cell("c1"))
    pos.play(PASS)
    pos.play(parse_cell("c1"))
    assert pos.is_over() and pos.score() == (3, 0) and pos.winner() == BLACK
    assert pos.why_illegal(PASS) == "the game is over"
    with pytest.raises(IllegalMove, match="game is over"):
        pos.play(PASS)


def test_notation_round_trips_and_rejects_garbage():
    pos = Position()
    assert parse_position(position_text(pos)) == pos
    for bad in ("", "x b 0 0", position_text(pos).replace(" b ", " x "),
                position_text(pos).replace("/", "", 1), position_text(pos)[:-1] + "z",
                "J" + position_text(pos)[1:].replace("..........", "...B......", 1).replace(
                    ".", "Q", 1)):
        with pytest.raises(ValueError):
            parse_position(bad)
    with pytest.raises(ValueError, match="border"):
        parse_position("B" + position_text(pos)[1:])


def _random_walk(pos, choices):
    """Push moves picked by `choices` until it runs out or the game ends."""
    texts = []
    for k in choices:
        if pos.is_over():
            break
        texts.append(position_text(pos))
        moves = pos.legal_moves()
        pos.push(moves[k % len(moves)] if moves else PASS)
    return texts


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 30), max_size=70), st.integers(0, 70))
def test_push_then_pop_restores_the_exact_position(choices, pops):
    pos = Position()
    texts = _random_walk(pos, choices)
    history = pos.history()
    assert len(history) == len(texts) == pos.ply()
    for _ in range(min(pops, len(texts))):
        expected = texts.pop()
        undone = pos.pop()
        assert undone == history.pop()
        assert position_text(pos) == expected
    assert pos.history() == history


def test_discs_never_overlap_and_count_is_conserved():
    pos = Position()
    while not pos.is_over():
        moves = pos.legal_moves()
        before = popcount(pos.discs[0] | pos.discs[1])
        pos.push(moves[-1] if moves else PASS)
        after = popcount(pos.discs[0] | pos.discs[1])
        assert pos.discs[0] & pos.discs[1] == 0
        assert after == before + (1 if moves else 0)
    assert pos.turn in (BLACK, WHITE)


def test_copy_is_independent():
    pos = Position()
    other = pos.copy()
    other.play(other.legal_moves()[0])
    assert pos == Position() and other != pos


def test_copy_into_a_used_position_is_a_fresh_copy():
    """copy(into=) turns a position that has its own pieces and history into
    the copy, as a new one would be, and it stays independent."""
    source = Position(walls=cells_mask([parse_cell("b2")]), bonuses=cells_mask([parse_cell("g7")]),
                      jokers=cells_mask([0, 99]))
    source.play(source.legal_moves()[0])
    used = Position()
    for _ in range(3):
        used.play(used.legal_moves()[-1])
    for history in (True, False):
        target = used.copy()
        target.play(target.legal_moves()[0])
        got = source.copy(history, into=target)
        assert got is target and got == source.copy(history)
        assert got.ply() == 0
        if history:
            got.play(got.legal_moves()[0])
            got.pop()
            assert got == source
        got.play(got.legal_moves()[0])
        assert got != source and source.ply() == 1
        assert source.taken == [0, 0] and got.discs is not source.discs and got.taken is not source.taken


def test_written_out_geometry_matches_its_definition():
    from mapello.rules import geometry as g
    assert tuple(g.INNER_CELLS) == tuple(r * 10 + c for r in range(1, 9) for c in range(1, 9))
    assert tuple(g.BORDER_CELLS) == tuple(i for i in range(100) if i // 10 in (0, 9) or i % 10 in (0, 9))
    assert g.INNER == g.cells_mask(g.INNER_CELLS) and g.BORDER == g.cells_mask(g.BORDER_CELLS)
    assert g.CENTRE == g.cells_mask([parse_cell(c) for c in ("d4", "e4", "d5", "e5")])
    assert g.START_BLACK == g.cells_mask([parse_cell("d4"), parse_cell("e5")])
    assert g.START_WHITE == g.cells_mask([parse_cell("e4"), parse_cell("d5")])
