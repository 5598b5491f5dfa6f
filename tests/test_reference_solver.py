"""Tests of the reference endgame solver (tests/reference_solver.py): small
endgames worked out by hand, agreement with a brute-force walk of every line
of play on random endgames, and a ten-empties endgame that alpha-beta keeps
small."""
import os
import random
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from desktop.reference_rules import SIZE, RefBoard, is_border  # noqa: E402
from reference_solver import best, points_lost, solve  # noqa: E402

BLACK_TOP = ["." * SIZE] + [".BBBBBBBB."] * 6          # border row, ranks 1-6 black


def position(rank7, rank8, bonus=None):
    """Black to move; ranks 1-6 all black (48 discs), then ranks 7 and 8 as
    given (10 cells each, border cells included) and a plain bottom border."""
    b = RefBoard.from_text("\n".join(BLACK_TOP + [rank7, rank8, "." * SIZE]) + "\n")
    if bonus is not None:
        b.bonus = dict(bonus)
    return b


def empties(b):
    return sum(1 for r in range(1, SIZE - 1) for c in range(1, SIZE - 1)
               if b.grid[r][c] in ".+")


# ------------------------------------------------------------------ by hand
def test_one_empty():
    # h8: north flips h7 (h6 black), north-west flips g7 (f6 black); west
    # runs g8..a8 white into an empty border cell: nothing.
    # Black 48 + h8 + 2 = 51, white 8 (rank 7) + 7 (rank 8) - 2 = 13.
    b = position(".WWWWWWWW.", ".WWWWWWW..")
    assert solve(b) == {"h8": 38}
    assert best(b) == (38, ["h8"])
    assert points_lost(b) == {"h8": 0}


def test_solve_leaves_the_position_alone():
    b = position(".WWWWWWWW.", ".WWWWWWW..")
    text, bonus = b.to_board_text(), dict(b.bonus)
    solve(b)
    assert b.to_board_text() == text and b.bonus == bonus and b.to_move == "B"


def test_bonuses_taken_before_count_in_the_value():
    b = position(".WWWWWWWW.", ".WWWWWWW..", bonus={"B": 1, "W": 2})
    assert solve(b) == {"h8": 38 + 3 - 6}


def test_white_to_move_values_are_whites():
    # the colours of test_one_empty swapped
    b = RefBoard.from_text("\n".join(
        ["." * SIZE] + [".WWWWWWWW."] * 6
        + [".BBBBBBBB.", ".BBBBBBB..", "." * SIZE]) + "\n")
    b.to_move = "W"
    assert solve(b) == {"h8": 38}


def test_side_without_a_move_passes():
    # colours swapped again, black to move: black's h8 would flip nothing
    # (its neighbours are black); white then plays h8 as black did in
    # test_one_empty and wins 51 to 13.
    b = RefBoard.from_text("\n".join(
        ["." * SIZE] + [".WWWWWWWW."] * 6
        + [".BBBBBBBB.", ".BBBBBBB..", "." * SIZE]) + "\n")
    assert b.legal_moves() == []
    assert solve(b) == {"pass": -38}
    assert best(b) == (-38, ["pass"])


def test_the_game_may_end_with_an_empty_cell_left():
    # a1 empty, walls on a2 and b2: nobody can ever play a1 (black has no
    # white neighbour there; white's only line, east along rank 1, runs
    # through black to a plain border).  After h8 the game is over with a1
    # still empty: black 45 + h8 + 2 = 48, white 13.
    b = position(".WWWWWWWW.", ".WWWWWWW..")
    b.grid[1][1] = "."
    b.grid[2][1] = b.grid[2][2] = "#"
    assert empties(b) == 2
    assert solve(b) == {"h8": 35}
    b.play("h8")
    assert b.game_over() and b.grid[1][1] == "."


def test_a_finished_game_has_nothing_to_solve():
    b = position(".WWWWWWWW.", ".WWWWWWWB.")
    with pytest.raises(ValueError):
        solve(b)
    with pytest.raises(ValueError):
        best(b)


def test_bonus_square_left_and_a_pass_in_the_line():
    # Empty: g8 (bonus) and h8.  Black to move.
    # g8 takes the bonus and flips g7, f7; white answers h8, flipping g8
    #   back (g8 black, f8 white).  Black 48 + 2 + 3 = 53, white
    #   5 (a7-e7) + h7 + a8-f8 + g8 + h8 = 14: 39.
    # h8 flips h7, g7; white has no move on g8 (its lines run through black
    #   to a plain border) and passes; black takes g8 and flips f7.
    #   Black 48 + 5 + 3 = 56, white 5 + 6 = 11: 45.
    b = position(".WWWWWWWW.", ".WWWWWW+..")
    assert solve(b) == {"g8": 39, "h8": 45}
    assert best(b) == (45, ["h8"])
    assert points_lost(b) == {"g8": 6, "h8": 0}


def test_a_wall_blocks_a_line():
    # a8 black, b8 white, c8 a wall, d8-g8 white.  h8's west line meets the
    # wall and flips nothing; h7 and g7 flip as in test_one_empty.
    # Black 48 + a8 + h8 + 2 = 52, white 6 + b8 + 4 = 11 (c8 is a wall).
    walled = position(".WWWWWWWW.", ".BW#WWWW..")
    assert solve(walled) == {"h8": 41}
    # the same with a white disc for the wall: the west line flips b8-g8
    # (closed by a8): black 48 + a8 + h8 + 2 + 6 = 58, white 6.
    control = position(".WWWWWWWW.", ".BWWWWWW..")
    assert solve(control) == {"h8": 52}


def test_a_joker_brackets_a_line():
    # test_one_empty with a joker left of a8: h8 also flips a8-g8 west.
    # Black 48 + h8 + 2 + 7 = 58, white 6.
    b = position(".WWWWWWWW.", "JWWWWWWW..")
    assert solve(b) == {"h8": 52}


def test_a_joker_serves_both_sides_and_greed_loses():
    # A joker left of a8; g8 and h8 empty; black to move.
    # g8 flips 8 (f8-a8 to the joker, g7, f7), but white's h8 flips g8-a8
    #   back to the same joker: black 50, white 14: 36.
    # h8 flips 2 (h7, g7); white cannot play g8 and passes; black's g8 then
    #   flips a8-f8 and f7: black 59, white 5 (a7-e7): 54.
    b = position(".WWWWWWWW.", "JWWWWWW...")
    assert solve(b) == {"g8": 36, "h8": 54}
    assert best(b) == (54, ["h8"])


def test_three_empties():
    # Empty: a8, g8, h8; b8-f8 white.  Black to move.
    # a8 flips a7, b7; white has no move (pass); black then wins every
    #   white disc but c7, d7, e7 whichever of g8, h8 comes first: 61 - 3.
    # h8 flips h7, g7; white passes; black again ends 61 to 3.
    # g8 flips g7, f7; white's h8 flips g8 back (f8 white); black's a8
    #   flips a7, b7 only (the rank runs to a plain border): 53 - 11.
    b = position(".WWWWWWWW.", "..WWWWW...")
    assert empties(b) == 3
    assert solve(b) == {"a8": 58, "g8": 42, "h8": 58}
    assert best(b) == (58, ["a8", "h8"])
    assert points_lost(b) == {"a8": 0, "g8": 16, "h8": 0}


# ------------------------------------------------------------------ brute force
def play_out(board):
    """Every line of play from `board` to the end of the game: ({line: final
    black-minus-white score}, {line prefix: colour to move there}), a line
    being a tuple of moves."""
    finals = {}
    chooser = {}
    stack = [((), board)]
    while stack:
        line, b = stack.pop()
        moves = b.legal_moves()
        if not moves:
            after = b.copy()
            after.play("pass")
            if not after.legal_moves():
                black, white = b.score()
                finals[line] = black - white
                continue
            moves = ["pass"]
        chooser[line] = b.to_move
        for m in moves:
            child = b.copy()
            child.play(m)
            stack.append((line + (m,), child))
    return finals, chooser


def brute_force(board, lines=None):
    """{move: value} for board.to_move from play_out's lines (`lines`, its
    answer when the caller has it already): from the longest prefixes back
    to the first move, each prefix takes the best outcome for whoever chose
    there (black the highest black-minus-white, white the lowest).  No
    negamax, no pruning."""
    finals, chooser = lines or play_out(board)
    value = dict(finals)
    below = {}
    for line in list(finals) + list(chooser):
        if line:
            below.setdefault(line[:-1], []).append(line)
    for line in sorted(chooser, key=len, reverse=True):
        outcomes = [value[ln] for ln in below[line]]
        value[line] = max(outcomes) if chooser[line] == "B" else min(outcomes)
    sign = 1 if board.to_move == "B" else -1
    return {ln[0]: sign * value[ln] for ln in below[()]}


def random_endgame(seed, n_empty):
    """A random board (walls, bonuses, jokers) played at random until
    `n_empty` empty or bonus cells are left and the game is not over."""
    rng = random.Random(seed)
    inner = [(r, c) for r in range(1, SIZE - 1) for c in range(1, SIZE - 1)
             if (r, c) not in [(4, 4), (4, 5), (5, 4), (5, 5)]]
    ring = [(r, c) for r in range(SIZE) for c in range(SIZE) if is_border(r, c)]
    while True:
        b = RefBoard.start()
        cells = rng.sample(inner, 8)
        for r, c in cells[:rng.randint(0, 4)]:
            b.grid[r][c] = "#"
        for r, c in cells[4:4 + rng.randint(0, 4)]:
            b.grid[r][c] = "+"
        for r, c in rng.sample(ring, rng.randint(0, 8)):
            b.grid[r][c] = "J"
        while not b.game_over() and empties(b) > n_empty:
            moves = b.legal_moves()
            b.play(rng.choice(moves) if moves else "pass")
        if empties(b) == n_empty and not b.game_over():
            return b


# (seed, empties): with bonuses left (10, 12), walls (1, 3, 10), jokers
# (all but 3), white to move (1, 10 at 6; 3, 12 at 7; 10 at 8)
RANDOM_ENDGAMES = [(1, 4), (2, 5), (1, 6), (10, 6), (12, 6), (3, 7), (10, 7),
                   (12, 7), (3, 8), (10, 8), (12, 8)]


@pytest.mark.parametrize("seed,n_empty", RANDOM_ENDGAMES)
def test_agrees_with_brute_force(seed, n_empty):
    b = random_endgame(seed, n_empty)
    stats = {}
    values = solve(b, stats)
    finals, chooser = play_out(b)
    assert values == brute_force(b, (finals, chooser))
    # alpha-beta visits positions of the game tree, never more than it has
    assert 0 < stats["nodes"] <= len(finals) + len(chooser) - 1


def test_random_endgames_are_not_all_alike():
    boards = [random_endgame(seed, n) for seed, n in RANDOM_ENDGAMES]
    assert {b.to_move for b in boards} == {"B", "W"}
    assert any("+" in row for b in boards for row in b.grid)
    assert any("#" in row for b in boards for row in b.grid)
    assert any("J" in row for b in boards for row in b.grid)
    small = [b for b, (_, n) in zip(boards, RANDOM_ENDGAMES) if n <= 6]
    assert any("pass" in line for b in small for line in play_out(b)[0])


# ------------------------------------------------------------------ size
def test_ten_empties_solve_in_a_small_search():
    b = random_endgame(3, 10)
    assert empties(b) == 10
    stats = {}
    assert best(b, stats) == (0, ["b8", "e1"])
    # alpha-beta with the fewest-replies order searches 7,487 positions here
    # (about half a second on this machine); a full walk of ten empties can
    # run to millions of lines (10! orders of the cells).  A broken cut-off
    # shows as a jump in this count.
    assert stats["nodes"] < 15000
