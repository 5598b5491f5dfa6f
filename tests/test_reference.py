"""Tests of the reference rules oracle (desktop/reference_rules.py) itself."""
import pytest

from desktop.reference_rules import RefBoard, perft

EMPTY_ROW = ". . . . . . . . . ."


def board(*rows, total=10):
    """Board text: the given rows from the top, then empty rows to 10."""
    rows = list(rows) + [EMPTY_ROW] * (total - len(rows))
    return RefBoard.from_text("\n".join(rows) + "\n")


# ------------------------------------------------------------------ perft
@pytest.mark.parametrize("depth,expected",
                         [(0, 1), (1, 4), (2, 12), (3, 56), (4, 244),
                          (5, 1396), (6, 8200)])
def test_perft_start(depth, expected):
    assert perft(RefBoard.start(), depth) == expected


def test_start_position():
    b = RefBoard.start()
    assert b.to_move == "B"
    assert b.grid[4][4] == "B" and b.grid[5][5] == "B"   # d4, e5
    assert b.grid[4][5] == "W" and b.grid[5][4] == "W"   # e4, d5
    # mirror image of Othello's d3 c4 f5 e6
    assert b.legal_moves() == ["c5", "d6", "e3", "f4"]
    assert b.flips("e3") == ["e4"]
    assert b.flips("a1") == []
    assert b.score() == (2, 2)


# ------------------------------------------------------------------ parsing
def test_from_text_no_discs_places_start_and_comments_and_compact_rows():
    text = """; a comment
; limits: whatever

J........J
. . . . . . . . . .

. . # . . . . # . .
. . . + . . + . . .
..........
..........
. . . + . . + . . .
. . # . . . . # . .
. . . . . . . . . .
J . . . . . . . . J
"""
    b = RefBoard.from_text(text)
    assert b.to_move == "B"
    assert b.bonus == {"B": 0, "W": 0}
    assert b.grid[0][0] == "J" and b.grid[9][9] == "J"
    assert b.grid[2][2] == "#" and b.grid[3][3] == "+"
    assert b.grid[4][4] == "B" and b.grid[5][5] == "B"
    assert b.grid[4][5] == "W" and b.grid[5][4] == "W"
    again = RefBoard.from_text(b.to_board_text())
    assert again.grid == b.grid
    lines = b.to_board_text().splitlines()
    assert len(lines) == 10 and lines[0] == "J . . . . . . . . J"


def test_from_text_with_discs_keeps_position():
    b = board(EMPTY_ROW, ". B W . . . . . . .")
    assert b.grid[4][4] == "."
    assert b.grid[1][1] == "B" and b.grid[1][2] == "W"
    assert b.to_move == "B"


@pytest.mark.parametrize("text", [
    "\n".join([EMPTY_ROW] * 9),                           # 9 rows
    "\n".join([EMPTY_ROW] * 11),                          # 11 rows
    "\n".join([". . . . . . . . . x"] + [EMPTY_ROW] * 9),  # unknown symbol
    "\n".join([". . . . . . . . ."] + [EMPTY_ROW] * 9),    # 9 cells
    "\n".join([".  . . . . . . . . ."] + [EMPTY_ROW] * 9),  # double space
    "\n".join([EMPTY_ROW, ". J . . . . . . . ."] + [EMPTY_ROW] * 8),  # joker in
    "\n".join(["# . . . . . . . . ."] + [EMPTY_ROW] * 9),  # wall on border
    "\n".join(["+ . . . . . . . . ."] + [EMPTY_ROW] * 9),  # bonus on border
    "\n".join(["B . . . . . . . . ."] + [EMPTY_ROW] * 9),  # disc on border
    "\n".join([EMPTY_ROW] * 4 + [". . . . # . . . . ."] + [EMPTY_ROW] * 5),
    "\n".join([EMPTY_ROW] * 5 + [". . . . . + . . . ."] + [EMPTY_ROW] * 4),
    "\n".join([EMPTY_ROW, ". # # # # # # # # .", ". # . . . . . . . ."]
              + [EMPTY_ROW] * 7),                         # 9 walls
    "\n".join(["J J J J J J J J J ."] + [EMPTY_ROW] * 9),  # 9 jokers
])
def test_from_text_errors(text):
    with pytest.raises(ValueError):
        RefBoard.from_text(text)


def test_eight_of_a_type_is_allowed():
    b = board(EMPTY_ROW, ". # # # # # # # # .", ". + + + + + + + + .",
              EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW,
              EMPTY_ROW, "J J J J J J J J . .")
    assert b.grid[9][0] == "J"
    assert b.grid[4][4] == "B"          # no discs: start discs placed


# ------------------------------------------------------------------ jokers
def test_joker_closes_a_line():
    # rank 1: joker on the left border, white on a1, b1 empty
    b = board(EMPTY_ROW, "J W . . . . . . . .")
    assert b.legal_moves() == ["b1"]
    assert b.flips("b1") == ["a1"]
    b.play("b1")
    assert b.grid[1][0] == "J"          # joker never flipped
    assert b.grid[1][1] == "B" and b.grid[1][2] == "B"
    assert b.score() == (2, 0)          # joker never scores
    assert b.to_move == "W"


def test_joker_counts_for_white_too():
    b = board(EMPTY_ROW, "J B . . . . . . . .")
    b.play("pass")                      # black has no move
    assert b.to_move == "W"
    assert b.legal_moves() == ["b1"]
    b.play("b1")
    assert b.grid[1][1] == "W"


def test_without_joker_no_move():
    b = board(EMPTY_ROW, ". W . . . . . . . .")
    assert b.legal_moves() == []
    assert b.game_over()


def test_joker_alone_does_not_make_a_cell_playable():
    # a2 touches the joker but no opponent disc lies between
    b = board(EMPTY_ROW, EMPTY_ROW, "J . . . . . . . . .",
              ". . . B W . . . . .")
    assert "a2" not in b.legal_moves()
    assert b.flips("a2") == []


def test_joker_at_far_end_of_long_line_and_multiple_directions():
    # rank 1: a1..g1 = W, h1 empty... closes against joker at left; and a
    # black disc below h1's diagonal closes a second line at the same time.
    b = board(EMPTY_ROW,
              "J W W W W W W W . .",
              ". . . . . . . W . .",
              ". . . . . . B . . .")
    assert b.flips("h1") == ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "g2"]


# ------------------------------------------------------------------ walls
def test_wall_blocks_a_line():
    # a1 = B, b1 = wall, c1 = W, d1 empty: d1 would need to pass the wall
    blocked = board(EMPTY_ROW, ". B # W . . . . . .")
    assert blocked.flips("d1") == []
    assert "d1" not in blocked.legal_moves()
    with pytest.raises(ValueError):
        blocked.play("d1")
    control = board(EMPTY_ROW, ". B W W . . . . . .")
    assert control.flips("d1") == ["b1", "c1"]


def test_wall_is_not_playable():
    # b1 is a wall; were it empty, black on b1 would flip c1 against d1
    b = board(EMPTY_ROW, ". . # W B . . . . .")
    assert b.legal_moves() == []
    with pytest.raises(ValueError):
        b.play("b1")


def test_wall_next_to_the_new_disc():
    # b1 wall, c1 empty, d1 W, e1 B: c1 flips east only; the wall stays
    b = board(EMPTY_ROW, ". . # . W B . . . .")
    assert b.flips("c1") == ["d1"]
    b.play("c1")
    assert b.grid[1][2] == "#"
    assert b.score() == (3, 0)


# ------------------------------------------------------------------ bonuses
def test_bonus_cell_is_played_and_scores_3():
    b = board(EMPTY_ROW, ". B W + . . . . . .")
    assert b.legal_moves() == ["c1"]
    b.play("c1")
    assert b.bonus == {"B": 1, "W": 0}
    assert b.grid[1][3] == "B"
    assert b.game_over()
    assert b.score() == (3 + 3, 0)
    assert b.to_board_text().splitlines()[1] == ". B B B . . . . . ."


def test_bonus_cell_between_discs_does_not_let_a_line_pass():
    # a1 B, b1 bonus, c1 W, d1 empty: the line from d1 stops at the bonus
    b = board(EMPTY_ROW, ". B + W . . . . . .")
    assert b.flips("d1") == []
    assert b.legal_moves() == []
    # and a run of opponent discs beyond a bonus is not closed either
    b2 = board(EMPTY_ROW, ". B W + W . . . . .")
    assert b2.flips("e1") == []
    assert b2.legal_moves() == ["c1"]


def test_bonus_not_taken_when_not_played():
    b = board(EMPTY_ROW, ". B W . + . . . . .")
    b.play("c1")
    assert b.bonus == {"B": 0, "W": 0}
    assert b.grid[1][4] == "+"
    assert b.score() == (3, 0)


# ------------------------------------------------------------------ passes
def test_pass_handling():
    # a1 W, b1 B: black cannot move, white can (c1)
    b = board(EMPTY_ROW, ". W B . . . . . . .")
    assert b.legal_moves() == []
    assert not b.game_over()
    with pytest.raises(ValueError):
        b.play("c1")
    b.play("pass")
    assert b.to_move == "W"
    assert b.legal_moves() == ["c1"]
    with pytest.raises(ValueError):
        b.play("pass")                  # a move exists
    b.play("c1")
    assert b.to_move == "B"
    assert b.game_over()
    assert b.score() == (0, 3)


def test_perft_counts_pass_as_ply_and_game_over_as_leaf():
    b = board(EMPTY_ROW, ". W B . . . . . . .")
    assert perft(b, 0) == 1
    assert perft(b, 1) == 1             # pass
    assert perft(b, 2) == 1             # pass c1
    assert perft(b, 3) == 1             # game over after 2 plies: still 1
    assert perft(b, 10) == 1


def test_side_without_move_after_a_move_must_pass():
    b = board(EMPTY_ROW, ". B W . . . . . . .", ". . . . . . . . . .",
              ". W B . . . . . . .")
    # black plays c1; white then has c3 (through b3 to a3)
    b.play("c1")
    assert b.to_move == "W"
    assert b.legal_moves() == ["c3"]


def test_illegal_inputs():
    b = RefBoard.start()
    for bad in ["i1", "a9", "a0", "zz", "", "e4", "a1"]:
        with pytest.raises(ValueError):
            b.play(bad)
    assert b.to_move == "B"


def test_copy_is_independent():
    b = RefBoard.start()
    c = b.copy()
    c.play("e3")
    assert b.grid[3][5] == "." and b.to_move == "B"
    assert c.grid[3][5] == "B" and c.to_move == "W"


# ------------------------------------------------------------------ game end
def test_game_over_scoring_with_bonuses_for_both():
    b = board(EMPTY_ROW,
              ". B W + . . . . . .",
              EMPTY_ROW,
              ". W B + . . . . . .",
              EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW,
              ". . . . . . . . W .")
    assert b.legal_moves() == ["c1"]
    b.play("c1")
    assert b.legal_moves() == ["c3"]
    b.play("c3")
    assert b.bonus == {"B": 1, "W": 1}
    assert b.game_over()
    assert b.legal_moves() == []
    assert b.score() == (3 + 3, 3 + 1 + 3)


def test_game_over_with_empty_cells_left():
    b = board(EMPTY_ROW, ". B W . . . . . . .")
    b.play("c1")
    assert b.game_over()
    assert b.score() == (3, 0)
    assert perft(b, 3) == 1


def test_play_a_full_game_from_start_ends_and_scores():
    # first legal move every time; the game must end with a consistent score
    b = RefBoard.start()
    plies = 0
    while not b.game_over():
        moves = b.legal_moves()
        b.play(moves[0] if moves else "pass")
        plies += 1
        assert plies < 200
    black, white = b.score()
    discs = sum(1 for row in b.grid for ch in row if ch in "BW")
    assert black + white == discs
    assert discs <= 64
