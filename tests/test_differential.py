"""The bitmask engine against the simple reference rules (desktop/reference_rules.py),
written from docs/DESIGN.md alone, on many random boards with walls, bonuses and
jokers: legal moves at every ply, every move's flips, passes, scores, perft."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from mapello.rules.boardfile import parse_board
from mapello.rules.position import PASS, cell_name, cells_of, parse_cell
from mapello.rules.perft import perft
from desktop.reference_rules import RefBoard, perft as ref_perft

INNER_FREE = [(r, c) for r in range(1, 9) for c in range(1, 9)
              if (r, c) not in ((4, 4), (4, 5), (5, 4), (5, 5))]
BORDER = [(r, c) for r in range(10) for c in range(10) if r in (0, 9) or c in (0, 9)]


def random_board_text(seed):
    """A board file with 0..8 of each piece, and sometimes extra discs."""
    rng = random.Random(seed)
    grid = [["."] * 10 for _ in range(10)]
    inner = INNER_FREE[:]
    rng.shuffle(inner)
    for sym in "#+":
        for _ in range(rng.randint(0, 8)):
            r, c = inner.pop()
            grid[r][c] = sym
    for r, c in rng.sample(BORDER, rng.randint(0, 8)):
        grid[r][c] = "J"
    if rng.random() < 0.3:  # a position given with discs, not just the start four
        for r, c in ((4, 4), (5, 5)):
            grid[r][c] = "B"
        for r, c in ((4, 5), (5, 4)):
            grid[r][c] = "W"
        for _ in range(rng.randint(1, 10)):
            r, c = inner.pop()
            grid[r][c] = rng.choice("BW")
    return "\n".join(" ".join(row) for row in grid) + "\n"


def names(cells):
    return sorted(cell_name(c) for c in cells)


def compare_whole_game(seed):
    text = random_board_text(seed)
    pos = parse_board(text).position
    ref = RefBoard.from_text(text)
    rng = random.Random(seed * 7 + 1)
    while True:
        assert pos.is_over() == ref.game_over(), text
        assert pos.score() == ref.score(), text
        moves = names(pos.legal_moves())
        assert moves == ref.legal_moves(), (text, pos.history())
        for m in moves:
            assert names(cells_of(pos.flips(parse_cell(m)))) == ref.flips(m), (text, m)
        if pos.is_over():
            break
        move = rng.choice(moves) if moves else "pass"
        pos.play(parse_cell(move))
        ref.play(move)
    assert pos.taken == [ref.bonus["B"], ref.bonus["W"]]
    return pos


@pytest.mark.parametrize("block", range(10))
def test_random_games_agree_at_every_ply(block):
    for seed in range(block * 30, block * 30 + 30):
        compare_whole_game(seed)


@settings(max_examples=40, deadline=None)
@given(st.integers(1000, 10 ** 9))
def test_hypothesis_boards_agree(seed):
    compare_whole_game(seed)


@pytest.mark.parametrize("seed", range(40))
def test_perft_agrees_on_random_boards(seed):
    text = random_board_text(seed)
    pos = parse_board(text).position
    ref = RefBoard.from_text(text)
    for depth in (1, 2, 3):
        assert perft(pos, depth) == ref_perft(ref, depth), (text, depth)


def test_perft_agrees_deeper_on_bundled_style_board():
    text = random_board_text(12345)
    assert perft(parse_board(text).position, 4) == ref_perft(RefBoard.from_text(text), 4)


def test_passes_happen_and_agree():
    """At least some random games include a pass, so that path is compared."""
    passes = 0
    for seed in range(300, 340):
        pos = compare_whole_game(seed)
        passes += pos.history().count(PASS)
    assert passes > 0
