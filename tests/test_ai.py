"""The computer player: legal moves, determinism, agreement with plain minimax,
an exact endgame, interruption at any node, and the tournament tool."""
import random

import pytest

from mapello.rules.notation import parse_position, position_text
from mapello.ai.levels import DEFAULT_NODES, HARD
from mapello.ai.thinker import Thinker, choose_move, hint
from mapello.game.options import LEVELS
from mapello.rules.boardfile import parse_board
from mapello.rules.position import PASS, Position, cell_name, cells_of, flips_mask, moves_mask, popcount
from mapello.ai.evaluation import BoardInfo, final_margin, margin_value
from desktop.bench.tournament import (ab_move, device_nodes, board_set, device_budgets,
                                greedy_move, jobs_for, plain_openings, play_game, random_board,
                                summarise, wilson)
from desktop import cli

# Black to move has no move (the wall on d3 shields d4), white has d6.
MUST_PASS = """
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . # . . . . .
. . . . W . . . . .
. . . . B . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
"""


def boards():
    return [random_board(s) for s in range(6)] + [Position()]


def play_out(pos, level_of, seed=0, nodes=300):
    """Play to the end, checking every move; returns the move list."""
    moves = []
    while not pos.is_over():
        legal = pos.legal_moves()
        move = choose_move(pos, level_of[pos.turn], seed=seed + pos.ply(), node_budget=nodes)
        if legal:
            assert move in legal, (cell_name(move), position_text(pos))
        else:
            assert move == PASS
        pos.play(move)
        moves.append(move)
    return moves


@pytest.mark.parametrize("level", range(len(LEVELS)), ids=LEVELS)
def test_each_level_plays_only_legal_moves_and_passes_when_it_must(level):
    for pos in boards()[:3]:
        play_out(pos, (level, level))


@pytest.mark.parametrize("level", range(len(LEVELS)), ids=LEVELS)
def test_a_level_passes_when_it_must(level):
    pos = parse_board(MUST_PASS).position
    assert pos.must_pass()
    assert choose_move(pos, level) == PASS
    t = Thinker(pos, level)
    assert t.step(10) and t.best() == PASS


@pytest.mark.parametrize("level", range(len(LEVELS)), ids=LEVELS)
def test_same_seed_and_budget_give_the_same_game(level):
    a = play_out(random_board(11), (level, level), seed=5, nodes=500)
    b = play_out(random_board(11), (level, level), seed=5, nodes=500)
    assert a == b


def test_slice_size_does_not_change_the_choice():
    pos = random_board(3)
    for _ in range(6):
        pos.push(pos.legal_moves()[0])
    results = set()
    for slice_size in (1, 7, 64, 1000, 100000):
        t = Thinker(pos, HARD, seed=2, node_budget=3000)
        while not t.step(slice_size):
            pass
        results.add((t.best(), t.score, t.depth, t.nodes))
    assert len(results) == 1, results


def test_thinker_leaves_the_callers_position_alone():
    pos = random_board(4)
    before = position_text(pos)
    for level in range(len(LEVELS)):
        t = Thinker(pos, level, node_budget=2000)
        while not t.step(100):
            pass
    assert position_text(pos) == before and pos.ply() == 0


def test_unknown_level_is_a_clear_error():
    """A level is its index: the menu's names are not the computer's."""
    for level in (len(LEVELS), -1, "hard"):
        with pytest.raises(ValueError, match="choose 0 to %d" % (len(LEVELS) - 1)):
            Thinker(Position(), level)


def test_the_levels_tables_have_a_row_per_level_the_menu_names():
    from mapello.ai import levels
    assert HARD == len(LEVELS) - 1 and LEVELS[HARD] == "hard"
    assert len(levels.DEFAULT_NODES) == len(levels.MAX_DEPTH) == len(levels.EXACT_EMPTIES) == len(LEVELS)


def test_with_a_time_budget_only_the_hard_level_leaves_its_node_budget():
    """What the play screen asks (mapello/ui/thinking.py): the think_ms
    setting, and no node budget; each lower level stops at its own."""
    for level in range(len(LEVELS)):
        t = Thinker(Position(), level, time_budget_ms=2000, clock=lambda: 0)
        assert t.node_budget == (None if level == HARD else DEFAULT_NODES[level])
        assert Thinker(Position(), level).node_budget == DEFAULT_NODES[level]


# --- agreement with plain minimax ------------------------------------------

def static_value(info, pos):
    """The search's estimate of a leaf, computed from scratch over the whole
    board with the weights of the phase info.use_phase() set: the weights of
    the discs (with the penalties of empty unflippable cells on their
    neighbours), the frontier, the margin and parity."""
    cells = [0] * 100
    for i in range(100):
        if (pos.discs[0] >> i) & 1:
            cells[i] = 1
        elif (pos.discs[1] >> i) & 1:
            cells[i] = 2
        elif info.cells[i]:
            cells[i] = info.cells[i]
    w = list(info.base)
    for u in range(100):
        t = info.pens.get(u)
        if t is not None and cells[u] == 0:
            for k in range(0, len(t), 2):
                w[t[k]] += t[k + 1]
    me = pos.turn + 1
    v = 0
    for i in range(100):
        if cells[i] in (1, 2):
            sign = 1 if cells[i] == me else -1
            v += sign * w[i]
            if any(info.cells[i + d] == 0 and cells[i + d] == 0 for d in
                   (-11, -10, -9, -1, 1, 9, 10, 11)):
                v += sign * info.front
    t = pos.turn
    empties = popcount(pos.empty())
    margin = (popcount(pos.discs[t]) - popcount(pos.discs[1 - t])
              + 3 * (pos.taken[t] - pos.taken[1 - t]))
    v += info.margin_weight[empties] * margin
    return v + (info.parity[empties] if empties & 1 else -info.parity[empties])


def minimax(pos, depth, info):
    """Plain negamax without pruning, with the search's conventions: a leaf is
    worth info.static_value; a pass keeps the depth; a node one ply above the
    leaves adds the mobility term for its moves."""
    if depth <= 0:
        return static_value(info, pos)
    moves = pos.legal_moves()
    if not moves:
        if pos.opponent_legal_mask():
            pos.push(PASS)
            v = -minimax(pos, depth, info)  # a pass keeps the depth, as the search does
            pos.pop()
            return v
        t = pos.turn
        return margin_value(popcount(pos.discs[t]) - popcount(pos.discs[1 - t])
                            + 3 * (pos.taken[t] - pos.taken[1 - t]))
    best = None
    for m in moves:
        pos.push(m)
        v = -minimax(pos, depth - 1, info)
        pos.pop()
        best = v if best is None else max(best, v)
    if depth == 1:
        best += info.mob * len(moves)
    return best


def root_values(pos, depth, info):
    out = {}
    moves = pos.legal_moves()
    for m in moves:
        pos.push(m)
        out[m] = -minimax(pos, depth - 1, info)
        pos.pop()
        if depth == 1:
            out[m] += info.mob * len(moves)
    return out


def midgame_positions(count, plies, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pos = random_board(rng.randrange(1000))
        for _ in range(plies):
            if pos.is_over():
                break
            moves = pos.legal_moves()
            pos.push(moves[rng.randrange(len(moves))] if moves else PASS)
        if len(pos.legal_moves()) >= 2:
            out.append(parse_position(position_text(pos)))
    return out


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_search_equals_plain_minimax_at_fixed_depth(depth):
    for pos in midgame_positions(8, 10 + 3 * depth, seed=depth):
        info = BoardInfo(pos.walls, pos.jokers)
        info.use_phase(popcount(pos.empty()))  # the root's phase, as the search
        values = root_values(pos, depth, info)
        t = Thinker(pos, HARD, seed=depth, node_budget=10 ** 7, max_depth=depth)
        while not t.step(5000):
            pass
        best_value = max(values.values())
        if t.exact:  # every line ended before the horizon: the score is final
            assert final_margin(t.score) == final_margin(best_value)
        else:
            assert t.depth == depth
        assert t.score == best_value, position_text(pos)
        assert values[t.best()] == best_value


def endgame_positions(count, empties, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pos = random_board(rng.randrange(1000))
        while not pos.is_over() and popcount(pos.empty()) > empties:
            moves = pos.legal_moves()
            pos.push(moves[rng.randrange(len(moves))] if moves else PASS)
        if not pos.is_over() and len(pos.legal_moves()) >= 2:
            out.append(parse_position(position_text(pos)))
    return out


def brute_force_margin(pos):
    """Final margin for the side to move under perfect play, by full minimax
    (no pruning) straight on the engine's masks."""
    t = pos.turn
    return _brute(pos.discs[t], pos.discs[1 - t], pos.empty(), pos.jokers, pos.bonuses,
                  pos.taken[t] - pos.taken[1 - t])


def _brute(own, opp, empty, jokers, bonuses, bonus_diff):
    m = moves_mask(own | jokers, opp, empty)
    if not m:
        if not moves_mask(opp | jokers, own, empty):
            return popcount(own) - popcount(opp) + 3 * bonus_diff
        return -_brute(opp, own, empty, jokers, bonuses, -bonus_diff)
    best = None
    for cell in cells_of(m):
        bit = 1 << cell
        f = flips_mask(bit, own | jokers, opp)
        took = 1 if bit & bonuses else 0
        v = -_brute(opp ^ f, own | f | bit, empty ^ bit, jokers, bonuses, -bonus_diff - took)
        best = v if best is None else max(best, v)
    return best


@pytest.mark.parametrize("empties,count", [(6, 12), (8, 6), (9, 2), (10, 1)])
def test_exact_endgame_equals_brute_force(empties, count):
    for pos in endgame_positions(count, empties, seed=empties):
        want = brute_force_margin(pos)
        t = Thinker(pos, HARD, node_budget=10 ** 7)
        while not t.step(10000):
            pass
        assert t.exact, position_text(pos)
        assert final_margin(t.score) == want, position_text(pos)
        if empties <= 8:  # the chosen move keeps the result (too slow at 10)
            pos.push(t.best())
            assert -brute_force_margin(pos) == want
            pos.pop()


# --- interruption ---------------------------------------------------------

def test_stopping_at_any_point_gives_a_legal_move():
    for pos in midgame_positions(5, 12, seed=9) + [Position()]:
        legal = pos.legal_moves()
        for after in (0, 1, 2, 5, 17, 100, 333, 1000):
            t = Thinker(pos, HARD, node_budget=10 ** 6)
            assert t.best() in legal  # even before any work
            if after:
                t.step(after)
            t.stop()
            assert t.done() and t.best() in legal


def test_time_budget_with_an_injected_clock():
    now = [1000]

    def clock():
        now[0] += 1  # every look at the clock costs a millisecond
        return now[0]

    t = Thinker(Position(), HARD, time_budget_ms=50, clock=clock)
    assert t.node_budget is None
    steps = 0
    while not t.step(32):
        steps += 1
        assert steps < 10000
    assert now[0] >= 1050 and t.best() in Position().legal_moves()


def test_hint_is_the_hard_choice():
    pos = midgame_positions(1, 14, seed=4)[0]
    assert hint(pos, node_budget=1500) == choose_move(pos, HARD, node_budget=1500)


# --- tournament -------------------------------------------------------------

def test_greedy_mover_takes_the_most_flips_plus_bonus():
    pos = Position()
    move = greedy_move(pos, random.Random(0))
    assert move in pos.legal_moves()


def test_random_boards_follow_the_placement_rules():
    from mapello.rules.boardfile import parse_board
    from mapello.rules.notation import format_board
    for s in range(20):
        pos = random_board(s)
        assert pos.legal_moves()
        assert parse_board(format_board(pos)).position == pos  # valid board file
    assert random_board(5) == random_board(5)


def test_small_tournament_counts_every_game():
    boards = board_set(2, seed=3, bundled=False)
    jobs = jobs_for("medium", "random", boards, 3, 200)
    results = [play_game(j) for j in jobs]
    lines = summarise("medium", "random", jobs, results)
    assert lines[0] == "medium vs random: 4 games"
    w, d, lo = [int(x.strip(",")) for x in lines[1].split()[2::2]]
    assert w + d + lo == 4
    assert jobs[0][0] == "medium" and jobs[1][1] == "medium"  # both colours


def test_the_classic_program_plays_legal_moves_and_passes():
    for pos in [Position(), random_board(2)]:
        rng = random.Random(1)
        while not pos.is_over():
            move = ab_move(pos, rng, depth=2)
            legal = pos.legal_moves()
            assert move in legal if legal else move == PASS
            pos.play(move)
    assert ab_move(parse_board(MUST_PASS).position, random.Random(0)) == PASS


def test_the_classic_program_takes_a_corner_it_can_take():
    pos = parse_position("........../........../..B......./...W....../....BW..../"
                             "....WB..../........../........../........../.......... w 0 0")
    assert 11 in pos.legal_moves()
    assert ab_move(pos, random.Random(0), depth=0) == 11  # a1


def test_plain_openings_differ_and_repeat_with_the_seed():
    a = plain_openings(12, seed=5)
    assert len({position_text(p) for _, p in a}) == 12
    assert all(p.ply() == 0 and popcount(p.empty()) == 56 for _, p in a)
    assert [position_text(p) for _, p in a] == [position_text(p) for _, p in plain_openings(12, seed=5)]


def test_device_budgets_follow_the_device_estimate():
    budgets = device_budgets()
    assert budgets["hard"] == device_nodes() > 1000
    assert budgets["medium"] == min(3000, device_nodes())
    boards = plain_openings(1, seed=2)
    jobs = jobs_for("hard", "ab5", boards, 2, budgets)
    results = [play_game(j) for j in jobs[:1]]
    assert sum(results[0]) > 0


def test_wilson_interval():
    lo, hi = wilson(180, 200)
    assert 0.85 < lo < 0.9 < hi < 0.94


def test_tournament_command(capsys):
    code = cli.main(["tournament", "easy", "greedy", "--random", "1", "--no-bundled",
                     "--jobs", "1", "--nodes", "100"])
    out = capsys.readouterr().out
    assert code == 0
    assert "easy vs greedy: 2 games" in out and "average point difference" in out


def test_tournament_rejects_an_unknown_player(capsys):
    assert cli.main(["tournament", "easy", "nobody", "--random", "1"]) == 2
    assert "unknown player 'nobody'" in capsys.readouterr().err


def test_the_micropython_checks_pass_on_cpython_too():
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "mp"))
    import ai_checks
    for name in sorted(dir(ai_checks)):
        if name.startswith("check_"):
            getattr(ai_checks, name)()


def test_device_cost_prints_its_figures(tmp_path):
    """desktop/bench/device_cost.py (cachegrind counts of the VM): a short run
    with --write-docs (which counts the steps too, here in steps of 64 nodes:
    callgrind's dump after each step of 8 took half the run) prints its
    figures and writes the search-cost block of docs/MEASUREMENTS.md in the
    page's form; the figures are never asserted."""
    import os
    import shutil
    import subprocess
    import sys
    from desktop.bench import measurements
    from test_measurements import block, shape
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    page = tmp_path / "MEASUREMENTS.md"
    shutil.copy(measurements.PAGE, page)
    proc = subprocess.run([sys.executable, "-m", "desktop.bench.device_cost", "--nodes", "40",
                           "--slice", "64", "--write-docs", str(page)], cwd=root,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    for text in ("VM instructions per search node: ", "VM instructions per perft leaf: ",
                 "RP2040 estimate", "making a Thinker: largest ", "a step of the search: largest ",
                 "wrote block search-cost"):
        assert text in proc.stdout, proc.stdout
    with open(measurements.PAGE, encoding="utf-8") as f:
        committed = block(f.read(), "search-cost")
    assert shape(block(page.read_text(encoding="utf-8"), "search-cost")) == shape(committed)


def test_the_device_think_program_runs_and_device_cost_reads_it(tmp_path):
    r"""desktop/bench/device_think.py, as a board runs it, here in the MicroPython VM
    for two moves; device_cost.py --firmware reads its summary (and a
    desktop.bench.ai run's) into the search-firmware block in the page's form."""
    import os
    import shutil
    import subprocess
    import sys
    from tests.test_measurements import block, run_into_copy, shape, PAGE
    ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    exe = shutil.which("micropython") or os.path.join(ROOT, ".venv", "bin", "micropython")
    run_as_code_py = ("import sys; sys.argv[1:] = ['2']; sys.path[0] = ''; "
                      "exec(open('desktop/bench/device_think.py').read())")    # from the root, as a board
    think = subprocess.run([exe, "-X", "heapsize=512K", "-c", run_as_code_py], cwd=ROOT,
                           capture_output=True, text=True, timeout=300)
    assert think.returncode == 0, think.stdout + think.stderr
    assert len([line for line in think.stdout.splitlines() if line.startswith("think ")]) == 2
    bench = subprocess.run([exe, "-X", "heapsize=512K", "-m", "desktop.bench.ai", "60"], cwd=ROOT,
                           capture_output=True, text=True, timeout=300)
    assert bench.returncode == 0, bench.stdout + bench.stderr
    banner = "Adafruit CircuitPython 10.3.1 on 2026-10-01; Raspberry Pi Pico with rp2040\n"
    log = tmp_path / "board.txt"
    log.write_text(banner + bench.stdout + think.stdout)
    written = run_into_copy(tmp_path, [sys.executable, "-m", "desktop.bench.device_cost", "--firmware", str(log)])
    rows = [line for line in block(written, "search-firmware") if line.startswith("| bytecode |")]
    assert len(rows) == 1 and "nodes a move" in rows[0] and "nodes/s" in rows[0], rows
    assert shape(block(written, "search-firmware"))[:4] == shape(block(PAGE, "search-firmware"))[:4]
