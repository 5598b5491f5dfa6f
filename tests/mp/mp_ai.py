"""The computer player inside MicroPython with a 64 KiB heap: the same moves
as on CPython, a whole game at the hard level, an exact endgame, interruption."""
import gc

for _name in ("mapello.rules.geometry", "mapello.rules.position", "mapello.rules.notation",
              "mapello.ai.evaluation", "mapello.ai.search", "mapello.ai.thinker"):
    gc.collect()               # one at a time, collecting between: each fits the 64 KiB heap
    __import__(_name)

from mapello.rules.notation import parse_position
from mapello.ai.thinker import LEVELS, Thinker, choose_move
from mapello.rules.position import PASS, Position, cell_name, parse_cell
from mapello.ai.evaluation import final_margin

BOARD = ("..JJ.J..../....##..../.+.......J/........../..+.BW..../....WB.#../......#.../"
         "........../.#......../......JJ.. b 0 0")
# medium (black) against hard (white), seed 3 + ply, 400 nodes per move, as
# computed on CPython: the search must agree move for move on the device
GAME = ("c5 e6 f5 g6 e3 e2 f2 c3 d2 c4 b4 c2 f4 d3 b3 a2 d6 f1 f3 a4 a3 g3 h3 b5 a1 b2 a5 "
        "g1 f7 c1 g4 e8 b1 h4 h5 c6 h2 d7 c8 e7 f8 d8 c7 b8 g2 h1 g8 h6 h7 h8 a6 b7 g7 b6 a7")
GAME_SCORE = (37, 28)
EXACT_MARGIN = 9  # black to move, 7 empties: tests/test_ai.py brute_force_margin on CPython


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
    pos = parse_position(BOARD)
    moves = play(pos, ("medium", "hard"), 400)
    assert " ".join(moves) == GAME, " ".join(moves)
    assert pos.score() == GAME_SCORE


def check_hard_completes_a_whole_game():
    pos = Position()
    play(pos, ("hard", "hard"), 300, seed=1)
    assert pos.is_over()


def check_exact_endgame():
    pos = parse_position(BOARD)
    for word in GAME.split()[:48]:
        pos.play(parse_cell(word))
    thinker = Thinker(pos, "hard", node_budget=200000)
    while not thinker.step(500):
        pass
    assert thinker.exact
    assert final_margin(thinker.score) == EXACT_MARGIN, final_margin(thinker.score)


def check_stop_gives_a_legal_move():
    pos = parse_position(BOARD)
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
    pos = parse_position("........../........../........../....#...../....W...../"
                             "....B...../........../........../........../.......... b 0 0")
    for level in LEVELS:
        assert choose_move(pos, level) == PASS
