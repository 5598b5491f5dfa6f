"""The classic program in C (desktop/bench/classic_ab.c) against its Python,
tournament._ab: the same value for the same arguments, on plain and Mapello
positions from the opening to the end, with whole and narrow windows."""
import random

import pytest

from desktop.bench import classic_ab, tournament
from desktop.bench.tournament import AB_WIN, random_board
from mapello.rules.position import PASS, Position

pytestmark = pytest.mark.skipif(not classic_ab.available(), reason="no C compiler here")


def positions(count, seed):
    rng = random.Random(seed)
    out = []
    for i in range(count):
        pos = Position() if i % 2 else random_board(rng.randrange(10000))
        for _ in range(rng.randrange(0, 61)):
            if pos.is_over():
                break
            moves = pos.legal_moves()
            pos.push(moves[rng.randrange(len(moves))] if moves else PASS)
        out.append(pos)
    return out


@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_the_c_search_gives_the_python_values(depth):
    rng = random.Random(depth)
    for pos in positions(60, seed=depth):
        t = pos.turn
        args = (pos.discs[t], pos.discs[1 - t], pos.empty(), pos.jokers, pos.bonuses,
                pos.taken[t] - pos.taken[1 - t], depth)
        whole = tournament._ab(*args, -10 * AB_WIN, 10 * AB_WIN)
        assert classic_ab.ab_value(*args, -10 * AB_WIN, 10 * AB_WIN) == whole
        for _ in range(3):  # windows around the value and away from it
            low = whole + rng.randrange(-60, 40)
            high = low + rng.choice((1, 2, 30))
            assert classic_ab.ab_value(*args, low, high) == tournament._ab(*args, low, high)


def test_the_c_program_chooses_the_python_move():
    for i, pos in enumerate(positions(12, seed=9)):
        if pos.is_over():
            continue
        assert (tournament.ab_move(pos, random.Random(i), 3, classic_ab.ab_value)
                == tournament.ab_move(pos, random.Random(i), 3))


def test_a_mask_off_the_inner_board_is_refused():
    with pytest.raises(ValueError):
        classic_ab.ab_value(1, 0, 0, 0, 0, 0, 1, -1, 1)
