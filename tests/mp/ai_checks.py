"""The computer player inside MicroPython: the same moves as on CPython, a
whole game at the hard level, an exact endgame, interruption.  Run by
tests/test_ai_micropython.py, which says why its heap is larger than the
64 KiB of the mp_*.py checks."""
import gc

from mapello.engine import PASS, Position, cell_name, parse_cell
import mapello.notation  # noqa: F401 (compiled before the computer player, as the app does)
from mapello.ai import LEVELS, Thinker, choose_move
from mapello.evaluation import final_margin

BOARD = ("..JJ.J..../....##..../.+.......J/........../..+.BW..../....WB.#../......#.../"
         "........../.#......../......JJ.. b 0 0")
# medium (black) against hard (white), seed 3 + ply, 400 nodes per move, as
# computed on CPython: the search must agree move for move on the device
GAME = ("d6 c4 f3 d7 c6 b5 b4 f4 d8 c5 a4 a5 a6 e7 f7 f2 b6 d3 e3 a7 c2 b3 f5 e6 e2 a3 c3 b7 "
        "b8 f1 d2 c1 c7 c8 a2 a1 g4 g3 h2 b2 b1 h4 g1 h1 g2 h3 h5 h6 pass g8 g7 f8 e8 h8 h7 "
        "g6")
GAME_SCORE = (27, 38)
EXACT_PLY = 47
EXACT_MARGIN = 13  # after EXACT_PLY moves: brute force on CPython (tests/test_ai.py)


def play(pos, levels, nodes, seed=3, slice_nodes=50):
    moves = []
    thinker = None
    while not pos.is_over():
        thinker = None
        gc.collect()
        thinker = Thinker(pos, levels[pos.turn], seed=seed + pos.ply(), node_budget=nodes)
        while not thinker.step(slice_nodes):
            pass
        move = thinker.best()
        pos.play(move)  # raises if illegal
        moves.append(cell_name(move))
    return moves


def check_same_game_as_cpython():
    pos = Position.from_text(BOARD)
    moves = play(pos, ("medium", "hard"), 400)
    assert " ".join(moves) == GAME, " ".join(moves)
    assert pos.score() == GAME_SCORE


def check_hard_completes_a_whole_game():
    pos = Position()
    play(pos, ("hard", "hard"), 300, seed=1)
    assert pos.is_over()


def check_exact_endgame():
    pos = Position.from_text(BOARD)
    for word in GAME.split()[:EXACT_PLY]:
        pos.play(parse_cell(word))
    thinker = Thinker(pos, "hard", node_budget=200000)
    while not thinker.step(500):
        pass
    assert thinker.exact
    assert final_margin(thinker.score) == EXACT_MARGIN, final_margin(thinker.score)


def check_stop_gives_a_legal_move():
    pos = Position.from_text(BOARD)
    for word in GAME.split()[:20]:
        pos.play(parse_cell(word))
    legal = pos.legal_moves()
    for after in (0, 1, 9, 200):
        thinker = Thinker(pos, "hard", node_budget=100000)
        if after:
            thinker.step(after)
        thinker.stop()
        assert thinker.best() in legal


def check_every_level_passes_when_it_must():
    pos = Position.from_text("........../........../........../....#...../....W...../"
                             "....B...../........../........../........../.......... b 0 0")
    for level in LEVELS:
        assert choose_move(pos, level) == PASS
