"""The search's own machinery: the row move generator against the engine, the
small integers it promises, the endgame rule, its shared memory, and the
steps that prepare a search.  (tests/test_ai.py checks its results against
plain minimax and a brute-force endgame.)"""
import random
import sys
from array import array

import pytest

from mapello.rules.notation import parse_position, position_text
from mapello.ai import alphabeta, frontier, search
from mapello.ai.levels import HARD, exact_nodes, win_nodes
from mapello.ai.thinker import Thinker, board_info
from mapello.rules.position import PASS, Position, cells_of, moves_mask, popcount
from mapello.ai.evaluation import BoardInfo, final_margin
from mapello.ai.search import Search
from desktop.bench.tournament import random_board

SMALL = 1 << 30  # a 32-bit board holds integers below this without a heap object


def positions(count, seed):
    """Random positions on random Mapello boards and on the plain board."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pos = random_board(rng.randrange(10000)) if len(out) % 3 else Position()
        for _ in range(rng.randrange(0, 56)):
            moves = pos.legal_moves()
            if not moves and pos.is_over():
                break
            pos.push(moves[rng.randrange(len(moves))] if moves else PASS)
        out.append(parse_position(position_text(pos)))
    return out


def search_state(pos):
    info = BoardInfo(pos.walls, pos.jokers)
    b, w, rows, points, near = ([0] * 100, array("h", bytes(200)), [0] * 30, bytearray(100),
                                 [0] * 100)
    info.search_state(pos, b, w, rows, points, near)
    return info, b, rows


def test_row_move_generator_equals_the_engine():
    for pos in positions(120, seed=1):
        info, b, rows = search_state(pos)
        for colour in (1, 2):
            own = pos.discs[colour - 1] | pos.jokers
            opp = pos.discs[2 - colour]
            want = sorted(cells_of(moves_mask(own, opp, pos.empty())))
            out = []
            frontier.moves(rows, colour, out, [0] * 100, [0] * 100, 0, 0, 0, [0] * 10)
            assert sorted(k & 127 for k in out) == want, position_text(pos)
            assert frontier.any_move(b, rows, colour) == bool(want)


def test_the_move_generator_leaves_out_the_moves_already_tried():
    pos = Position()
    info, _, rows = search_state(pos)
    out = []
    frontier.moves(rows, 1, out, [0] * 100, [0] * 100, 35, 0, 64, [0] * 10)
    assert sorted(k & 127 for k in out) == [46, 53]  # f4 and c5; e3 and d6 were tried


def test_every_integer_of_the_search_stays_small_on_a_32_bit_board():
    """Every value the search handles, in its loops and in its memory, is below
    2**30: on a 32-bit board none of them is a heap object (a 100-bit mask
    would be), so the VM's instruction counts hold there too."""
    watched = {alphabeta.loop.__code__, frontier.leaves.__code__, search.lift.__code__,
               frontier.moves.__code__, frontier.lifted.__code__}
    big = []

    def check(frame):
        for name, value in frame.f_locals.items():
            if type(value) is int and not -SMALL <= value < SMALL:
                big.append((frame.f_code.co_name, name, value))

    def tracer(frame, event, arg):
        if frame.f_code in watched:
            def lines(frame, event, arg):
                check(frame)
                return lines
            return lines
        return None

    for pos in positions(6, seed=2):
        if len(pos.legal_moves()) < 2:
            continue
        t = Thinker(pos, HARD, seed=1, node_budget=400)
        sys.settrace(tracer)
        try:
            while not t.step(50):
                pass
        finally:
            sys.settrace(None)
        assert not big, big[:5]
    for part in vars(search).values():
        if isinstance(part, (array, bytearray, list)):
            values = [v for v in part if type(v) is int] if part is not search.move_lists else \
                [v for lst in part for v in lst]
            assert all(-SMALL <= v < SMALL for v in values)
    info = board_info(Position())
    assert all(0 <= k < SMALL for k in info.zkey) and 0 <= info.zside < SMALL
    assert all(0 <= k < SMALL for k in info.zflip)


def endgame(empties, seed):
    rng = random.Random(seed)
    while True:
        pos = random_board(rng.randrange(10000))
        while not pos.is_over() and popcount(pos.empty()) > empties:
            moves = pos.legal_moves()
            pos.push(moves[rng.randrange(len(moves))] if moves else PASS)
        if popcount(pos.empty()) == empties and len(pos.legal_moves()) >= 3:
            return parse_position(position_text(pos))


def test_the_endgame_deepens_when_the_exact_solve_does_not_fit():
    """With 14 empties and 1500 nodes the exact solve does not fit: the hard
    level searches deeper and deeper instead of trying it and staying at one
    ply."""
    assert exact_nodes(14) > 1500
    pos = endgame(14, seed=3)
    t = Thinker(pos, HARD, node_budget=1500)
    while not t.step(100):
        pass
    assert not t.exact and t.depth >= 3
    assert t.best() in pos.legal_moves()


def test_the_endgame_is_solved_when_it_fits():
    pos = endgame(9, seed=4)
    t = Thinker(pos, HARD, node_budget=exact_nodes(9) * 4)
    while not t.step(100):
        pass
    assert t.exact


def test_exact_node_estimates_grow_with_the_empties():
    costs = [exact_nodes(e) for e in range(30)]
    assert costs == sorted(costs) and costs[20] > 10 ** 6
    wins = [win_nodes(e) for e in range(30)]
    assert wins == sorted(wins) and all(w <= c for w, c in zip(wins, costs))


def _margin(pos):
    """The final margin for the side to move under perfect play (the hard
    level's exact solve, which tests/test_ai.py checks by brute force)."""
    moves = pos.legal_moves()
    if len(moves) <= 1:  # the Thinker plays it without a search
        if pos.is_over():
            t = pos.turn
            return (popcount(pos.discs[t]) - popcount(pos.discs[1 - t])
                    + 3 * (pos.taken[t] - pos.taken[1 - t]))
        pos.push(moves[0] if moves else PASS)
        v = -_margin(pos)
        pos.pop()
        return v
    t = Thinker(pos, HARD, node_budget=10 ** 7)
    while not t.step(10000):
        pass
    assert t.exact
    return final_margin(t.score)


def test_where_only_the_result_fits_the_move_keeps_it():
    """Between the two estimates the hard level solves for the result alone:
    a won or drawn position's move keeps the result (its score is no margin,
    so not exact); a lost one's is the estimate's choice, a legal move."""
    budget = (win_nodes(9) + exact_nodes(9)) // 2
    seen = set()
    for seed in range(24):
        pos = endgame(9, seed)
        t = Thinker(pos, HARD, node_budget=budget)
        while not t.step(100):
            pass
        assert not t.exact and t.best() in pos.legal_moves()
        want = _margin(pos)
        if want >= 0:
            pos.push(t.best())
            got = -_margin(pos)
            pos.pop()
            assert (got > 0) == (want > 0) and got >= 0, position_text(pos)
        seen.add((want > 0) - (want < 0))
    assert seen == {-1, 0, 1} or seen >= {-1, 1}


def test_a_newer_search_takes_the_memory_over():
    """One search at a time: a newer one takes the shared memory, and the older
    Thinker ends with a legal move instead of searching on a changed board."""
    a_pos, b_pos = positions(2, seed=5)
    a = Thinker(a_pos, HARD, node_budget=5000)
    for _ in range(10):
        a.step(20)
    b = Thinker(b_pos, HARD, node_budget=300)
    while not b.step(50):
        pass
    assert a.step(20) and a.done()
    assert a.best() in a_pos.legal_moves() and b.best() in b_pos.legal_moves()
    old = Search(board_info(a_pos), a_pos)
    Search(board_info(b_pos), b_pos)
    old.start(a_pos.legal_moves(), 2)
    assert old.run(10 ** 6) is None


def test_a_restarted_thinker_thinks_as_a_new_one_would():
    """The play screen restarts one Thinker move after move, so that a game
    makes no new Thinker, Search and attribute tables each move: restarted,
    also in the middle of a search, it chooses, counts and scores as a new
    one does, in the same Search object."""
    kept = None
    search = None
    for i, pos in enumerate(positions(6, seed=3)):
        fresh = Thinker(pos, HARD, seed=i, node_budget=600)
        while not fresh.step(64):
            pass
        if kept is None:
            kept = Thinker(pos, HARD, seed=i, node_budget=600)
        else:
            kept.restart(pos, HARD, i, 600)
        while not kept.step(64):
            pass
        assert (kept.best(), kept.nodes, kept.depth, kept.score, kept.exact) == \
            (fresh.best(), fresh.nodes, fresh.depth, fresh.score, fresh.exact), i
        if kept._search is not None:
            search = search or kept._search
            assert kept._search is search
        kept.restart(pos, HARD, i, 600)       # and left half-way: the next restart starts clean
        for _ in range(5):
            kept.step(16)


def test_a_search_is_prepared_in_steps_that_search_no_node():
    pos = positions(1, seed=6)[0]
    if len(pos.legal_moves()) < 2:
        pytest.skip("a forced move")
    t = Thinker(pos, HARD, node_budget=1000)
    steps = 0
    while t._search is None:
        assert t.step(8) is False and t.nodes == 0
        steps += 1
    assert steps == 3 and t.best() in pos.legal_moves()


def test_the_table_can_be_left_out():
    pos = positions(3, seed=7)[2]
    if len(pos.legal_moves()) < 2:
        pytest.skip("a forced move")
    values = []
    for table in (True, False):
        s = Search(board_info(pos), pos, table=table)
        s.start(pos.legal_moves(), 3)
        while not s.run(s.nodes + 1000):
            pass
        values.append(s.value())
    assert values[0] == values[1]  # the same minimax value, with or without it


def _loop_parts():
    """{name: value} of the arguments the search loop was made with."""
    return search._MEM[search._LOOP].gi_frame.f_locals


def test_the_search_loop_takes_the_memory_by_name():
    """The loop takes each part of the search's working memory as the
    argument of its name (a global of mapello.ai.search), and the board
    facts.  reserve() makes it again only for other board facts or another
    use of the table."""
    info = board_info(Position())
    search.reserve(info)
    made = search._MEM[search._LOOP]
    code = alphabeta.loop.__code__
    parts = _loop_parts()
    for name in code.co_varnames[:code.co_argcount]:
        assert parts[name] is (info if name == "info" else getattr(search, name)), name
    assert parts["penalties"] is info.pens and parts["zkey"] is info.zkey
    search.reserve(info)
    assert search._MEM[search._LOOP] is made
    search.reserve(info, table=False)
    assert search._MEM[search._LOOP] is not made and _loop_parts()["tt_keys"] is None
    other = BoardInfo(0, 0)
    search.reserve(other)
    assert _loop_parts()["info"] is other and _loop_parts()["tt_keys"] is search.tt_keys
    search.reserve(info)
