"""The computer player inside MicroPython: the same moves as on CPython, a
whole game at the hard level, an exact endgame, interruption.  Run by
tests/test_ai_micropython.py, which says why its heap is larger than the
80 KiB of the mp_*.py checks."""
import gc

from mapello.rules.notation import parse_position, position_text
from mapello.rules.position import PASS, Position, cell_name, parse_cell
import mapello.rules.notation  # noqa: F401 (compiled before the computer player, as the app does)
from mapello.ai.levels import HARD
from mapello.ai.thinker import Thinker, choose_move
from mapello.game.options import LEVELS
from mapello.ai.evaluation import final_margin

BOARD = ("..JJ.J..../....##..../.+.......J/........../..+.BW..../....WB.#../......#.../"
         "........../.#......../......JJ.. b 0 0")
# medium (black) against hard (white), seed 3 + ply, 400 nodes per move, as
# computed on CPython: the search must agree move for move on the device
GAME = ("c5 e6 f3 c3 d3 e3 f2 c4 b3 c2 f5 d6 c6 b4 a4 b5 f7 a5 a6 a3 a2 f4 b6 e2 g4 a7 e7 a1 f1 d2 "
        "b1 b2 c1 g6 h5 h7 b7 b8 pass c7 c8 d8 d7 g8 e8 f8 g7 h8 pass h6 pass g1 h1 h3 h4 g3 g2 h2")
GAME_SCORE = (18, 47)
EXACT_PLY = 47
EXACT_MARGIN = 39  # after EXACT_PLY moves (9 empties): tests/test_ai.py brute_force_margin


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
    moves = play(pos, (1, HARD), 400)      # medium, hard
    assert " ".join(moves) == GAME, " ".join(moves)
    assert pos.score() == GAME_SCORE


def check_hard_completes_a_whole_game():
    pos = Position()
    play(pos, (HARD, HARD), 300, seed=1)
    assert pos.is_over()


def check_exact_endgame():
    pos = parse_position(BOARD)
    for word in GAME.split()[:EXACT_PLY]:
        pos.play(parse_cell(word))
    thinker = Thinker(pos, HARD, node_budget=200000)
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
        thinker = Thinker(pos, HARD, node_budget=100000)
        if after:
            thinker.step(after)
        thinker.stop()
        assert thinker.best() in legal


def check_every_level_passes_when_it_must():
    pos = parse_position("........../........../........../....#...../....W...../"
                             "....B...../........../........../........../.......... b 0 0")
    for level in range(len(LEVELS)):
        assert choose_move(pos, level) == PASS


def check_a_moves_search_allocates_no_tables():
    """A move's Search uses the working memory and the loops' tuples made
    once, when the computer's code loaded: it allocates its own small state
    only, garbage included.  The bound sits a little above that state in the
    64-bit VM and below what making the loops' tuples again would add.
    Counted in MicroPython only: CPython has no gc.mem_alloc."""
    if not hasattr(gc, "mem_alloc"):
        return
    from mapello.ai.search import Search
    from mapello.ai.thinker import board_info
    pos = parse_position(BOARD)
    info = board_info(pos)
    Search(info, pos)
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        Search(info, pos)
        made = gc.mem_alloc() - before
    finally:
        gc.enable()
    assert made < 3300, made


def check_other_boards_leave_no_board_facts_behind():
    """The board facts the computer keeps (one BoardInfo, set up again for
    each board) hold no more after thirty other boards than after the
    first: what setup() fills is made once, in the first, and filled in
    place.  (The App drops the computer's modules between series, which
    would hide a growth; a desktop tournament does not.)  Counted in
    MicroPython only."""
    if not hasattr(gc, "mem_alloc"):
        return
    from mapello.ai.thinker import board_info
    from mapello.rng import Rng
    from mapello.rules.position import BORDER_CELLS, CENTRE, INNER_CELLS, cells_mask
    rng = Rng(5)
    squares = bytes(c for c in INNER_CELLS if not (CENTRE >> c) & 1)

    def other_board():          # up to 8 walls and 8 jokers, anywhere they may go
        return Position(walls=cells_mask(rng.pick(squares, 1 + rng.below(8))),
                        jokers=cells_mask(rng.pick(BORDER_CELLS, 1 + rng.below(8))))
    pos = parse_position(BOARD)
    board_info(pos)
    gc.collect()
    first = gc.mem_alloc()
    for _ in range(30):
        board_info(other_board())
        gc.collect()
    board_info(pos)
    gc.collect()
    later = gc.mem_alloc()
    assert later - first <= 256, (first, later)
