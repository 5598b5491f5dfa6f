"""`python3 -m desktop tournament A B`: how strong is one player against another.
As a benchmark, `python3 -m desktop.bench.tournament A B ... --write-docs`
writes its row of docs/MEASUREMENTS.md's tournament block too.

Plays every start twice (each player once as black) and prints the wins, draws
and losses of A, the average point difference (A minus B) and 95% confidence
intervals for both.  Games are independent, so they run in several processes.

Players: the three levels of mapello.ai.thinker; a random mover; a greedy mover (most
flips plus 3 per bonus, as simple Mapello programs do); `abN` (ab5, ab9...), a
classic Othello program: alpha-beta over a corner/X-square weight table, N
plies below each of its moves, whose table knows nothing of walls, jokers or
bonuses (its moves follow the rules; C where a compiler builds
desktop/bench/classic_ab.c, else Python); and `rr5`,
rust-reversi's AlphaBetaSearch at depth 5 with a MatrixEvaluator of the same
table, on the plain board only, when that package is installed
(pip install rust-reversi==1.4.4).  The two search alike (a pass keeps the
depth, a finished game is a plain win or loss) and differ in the order of
equal moves.

Starts: the bundled boards and seeded random Mapello boards; or, with
--plain N, N openings on the plain board, each a few seeded random moves from
the start position.  The same --seed plays the same games again.

Budgets: --nodes gives every searcher the same node budget per move.
--device gives each level what it gets on a Raspberry Pi Pico instead: the
nodes the hard level searches in the App's 2 s a move on CircuitPython
firmware with its native kernel, as last measured (docs/MEASUREMENTS.md, its
search-firmware block), medium its 3000-node budget, easy its single ply.
"""

import argparse
import glob
import math
import os
import random
import re
import sys

from mapello.rules.notation import parse_position, position_text
from mapello.ai.levels import DEFAULT_NODES
from mapello.ai.thinker import Thinker
from mapello.game.options import LEVELS
from mapello.rules.boardfile import BoardError, load_board
from mapello.rules.position import (CENTRE, INNER, PASS, Position, cells_of, flips_mask, moves_mask,
                            popcount)
from mapello.rules.pieces import BONUS, JOKER, MAX_PER_KIND, WALL, placement_error

PLAYERS = LEVELS + ("random", "greedy", "rr5")   # and the classic program, abN

BOARDS_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                          "boards")


def random_board(seed):
    """A random Mapello start: 0..8 walls, bonuses and jokers where the rules
    allow them, four start discs, and a first move for black."""
    rng = random.Random(seed)
    while True:
        counts = [rng.randint(0, MAX_PER_KIND) for _ in (WALL, BONUS, JOKER)]
        masks = [0, 0, 0]
        taken = CENTRE
        for kind in (WALL, BONUS, JOKER):
            cells = [c for c in range(100)
                     if placement_error(kind, c) is None and not (taken >> c) & 1]
            for c in rng.sample(cells, counts[kind]):
                masks[kind] |= 1 << c
                taken |= 1 << c
        pos = Position(walls=masks[WALL], bonuses=masks[BONUS], jokers=masks[JOKER])
        if pos.legal_mask():
            return pos


def random_move(pos, rng):
    moves = pos.legal_moves()
    return moves[rng.randrange(len(moves))] if moves else PASS


def greedy_move(pos, rng):
    """Most flips, plus 3 for a bonus; ties at random."""
    best, best_v = [], -1
    for cell in pos.legal_moves():
        v = popcount(pos.flips(cell)) + (3 if (pos.bonuses >> cell) & 1 else 0)
        if v > best_v:
            best, best_v = [cell], v
        elif v == best_v:
            best.append(cell)
    return best[rng.randrange(len(best))] if best else PASS


# The classic weighted-squares table of Othello programs: corners are worth
# most, the cells next to them (X- and C-squares) cost, edges are good.
CORNER_TABLE = (
    100, -20, 10, 5, 5, 10, -20, 100,
    -20, -50, -2, -2, -2, -2, -50, -20,
    10, -2, -1, -1, -1, -1, -2, 10,
    5, -2, -1, -1, -1, -1, -2, 5,
    5, -2, -1, -1, -1, -1, -2, 5,
    10, -2, -1, -1, -1, -1, -2, 10,
    -20, -50, -2, -2, -2, -2, -50, -20,
    100, -20, 10, 5, 5, 10, -20, 100)
# ROW_WEIGHT[r][bits]: the table's sum over the discs of an 8-cell row
ROW_WEIGHT = [[sum(CORNER_TABLE[8 * r + c] for c in range(8) if bits >> c & 1)
               for bits in range(256)] for r in range(8)]
AB_WIN = 10000


def _table_value(own, opp):
    v = 0
    for r in range(8):
        shift = 10 * r + 11
        v += ROW_WEIGHT[r][(own >> shift) & 255] - ROW_WEIGHT[r][(opp >> shift) & 255]
    return v


def _ab(own, opp, empty, jokers, bonuses, bonus_diff, depth, alpha, beta):
    """Negamax alpha-beta of the classic program: the table at the horizon, a
    win or a loss (AB_WIN, no margin) when the game is over; a pass keeps the
    depth.  These are rust-reversi's rules, so ab5 and rr5 play alike."""
    m = moves_mask(own | jokers, opp, empty)
    if not m:
        if not moves_mask(opp | jokers, own, empty):
            d = popcount(own) - popcount(opp) + 3 * bonus_diff
            return AB_WIN if d > 0 else -AB_WIN if d < 0 else 0
        if depth <= 0:
            return _table_value(own, opp)
        return -_ab(opp, own, empty, jokers, bonuses, -bonus_diff, depth, -beta, -alpha)
    if depth <= 0:
        return _table_value(own, opp)
    best = -AB_WIN * 10
    for cell in sorted(cells_of(m), key=lambda c: -CORNER_TABLE[_index(c)]):
        bit = 1 << cell
        f = flips_mask(bit, own | jokers, opp)
        took = 1 if bit & bonuses else 0
        v = -_ab(opp ^ f, own | f | bit, empty ^ bit, jokers, bonuses & ~bit,
                 -bonus_diff - took, depth - 1, -beta, -alpha)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if v >= beta:
                    break
    return best


def _index(cell):
    return 8 * (cell // 10 - 1) + cell % 10 - 1


def ab_move(pos, rng, depth=5, value=None):
    """The classic program's move: alpha-beta over CORNER_TABLE, `depth` plies
    below each of its moves (as rust-reversi's AlphaBetaSearch counts them),
    equal moves in a seeded random order.  value: the search below a move,
    _ab() or the same in C (desktop/bench/classic_ab.py)."""
    value = value or _ab
    t = pos.turn
    own, opp = pos.discs[t], pos.discs[1 - t]
    moves = pos.legal_moves()
    if not moves:
        return PASS
    rng.shuffle(moves)
    moves.sort(key=lambda c: -CORNER_TABLE[_index(c)])
    empty = pos.empty()
    best, best_v = moves[0], None
    alpha = -AB_WIN * 10
    for cell in moves:
        bit = 1 << cell
        f = flips_mask(bit, own | pos.jokers, opp)
        took = 1 if bit & pos.bonuses else 0
        v = -value(opp ^ f, own | f | bit, empty ^ bit, pos.jokers, pos.bonuses & ~bit,
                   pos.taken[1 - t] - pos.taken[t] - took, depth, -AB_WIN * 10, -alpha)
        if best_v is None or v > best_v:
            best, best_v = cell, v
            alpha = max(alpha, v)
    return best


def rr_move(pos, depth=5):
    """rust-reversi's AlphaBetaSearch with a MatrixEvaluator of CORNER_TABLE
    (plain board only: no walls, bonuses or jokers)."""
    import rust_reversi as rr
    if pos.walls or pos.bonuses or pos.jokers:
        raise SystemExit("rr5 plays the plain board only (use --plain)")
    if not pos.legal_mask():
        return PASS
    t = pos.turn
    own = opp = 0
    for cell in cells_of(INNER):  # rust-reversi's bit 63 is a1, bit 0 is h8
        if (pos.discs[t] >> cell) & 1:
            own |= 1 << (63 - _index(cell))
        elif (pos.discs[1 - t] >> cell) & 1:
            opp |= 1 << (63 - _index(cell))
    board = rr.Board()
    board.set_board(own, opp, rr.Turn.BLACK if t == 0 else rr.Turn.WHITE)
    matrix = [list(CORNER_TABLE[8 * r:8 * r + 8]) for r in range(8)]
    search = rr.AlphaBetaSearch(rr.MatrixEvaluator(matrix), depth, AB_WIN)
    i = search.get_move(board)  # a move's index: 0 is a1 (unlike the bitboards)
    return (i // 8 + 1) * 10 + i % 8 + 1


def classic_depth(player):
    """N for the classic program `abN` (1 to 12 plies below each move), else None."""
    if player.startswith("ab") and player[2:].isdigit() and 1 <= int(player[2:]) <= 12:
        return int(player[2:])
    return None


def classic_value(depth):
    """The classic program's search below a move: in C where it builds (the
    same values), else _ab(), which is too slow past 7 plies."""
    from desktop.bench import classic_ab
    if classic_ab.available():
        return classic_ab.ab_value
    if depth > 7:
        raise SystemExit("ab%d needs the classic program in C, which needs a C compiler (gcc)" % depth)
    return _ab


_VM = []  # this process's VMPlayer, once --vm asked for one


def make_move(player, pos, seed, nodes, vm=False):
    """player's move in pos; vm: the levels search in the MicroPython VM
    (desktop/vm_player.py: the same moves, fifteen times as fast)."""
    if isinstance(nodes, dict):
        nodes = nodes.get(player)
    if player == "random":
        return random_move(pos, random.Random(seed))
    if player == "greedy":
        return greedy_move(pos, random.Random(seed))
    depth = classic_depth(player)
    if depth is not None:
        return ab_move(pos, random.Random(seed), depth, classic_value(depth))
    if player == "rr5":
        return rr_move(pos)
    if vm:
        if not _VM:
            from desktop.vm_player import VMPlayer
            _VM.append(VMPlayer())
        level = LEVELS.index(player)
        return _VM[0].move(pos, level, seed, nodes if nodes is not None else DEFAULT_NODES[level])
    thinker = Thinker(pos, LEVELS.index(player), seed=seed, node_budget=nodes)
    while not thinker.step(100000):
        pass
    return thinker.best()


def play_game(job):
    """(black player, white player, position text, seed, nodes, vm) -> (black,
    white) final scores."""
    black, white, text, seed, nodes, vm = job
    pos = parse_position(text)
    players = (black, white)
    while not pos.is_over():
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        pos.play(make_move(players[pos.turn], pos, seed, nodes, vm))
    return pos.score()


def bundled_boards(directory=BOARDS_DIR):
    out = []
    for path in sorted(glob.glob(os.path.join(directory, "*.txt"))):
        try:
            out.append((os.path.basename(path), load_board(path).position))
        except (BoardError, OSError, UnicodeDecodeError) as e:
            print("skipped %s" % e, file=sys.stderr)
    return out


def board_set(random_count, seed, bundled=True):
    boards = bundled_boards() if bundled else []
    for i in range(random_count):
        boards.append(("random-%d" % (seed + i), random_board(seed + i)))
    return boards


def plain_openings(count, seed, plies=4):
    """`count` different openings on the plain board: `plies` seeded random
    moves from the start position."""
    rng = random.Random(seed)
    seen = set()
    out = []
    while len(out) < count:
        pos = Position()
        for _ in range(plies):
            moves = pos.legal_moves()
            pos.play(moves[rng.randrange(len(moves))])
        text = position_text(pos)
        if text not in seen or len(seen) > 200:
            seen.add(text)
            out.append(("opening-%d" % len(out), parse_position(text)))
    return out


def device_nodes():
    """The hard level's nodes a move on an RP2040: what it searched in the
    App's 2 s a move on CircuitPython firmware with the native kernel, as
    desktop/bench/device_cost.py --firmware wrote it into the search-firmware block of
    docs/MEASUREMENTS.md (its "N nodes a move"), read from there so that the
    budget follows the device as it was last measured."""
    from desktop.bench.measurements import block_text
    found = re.search(r"\| native \|[^\n]*?\*\*([\d,]+) nodes a move\*\*", block_text("search-firmware"))
    if found is None:
        raise ValueError("docs/MEASUREMENTS.md's search-firmware block names no nodes a move for the "
                         "native kernel: run python3 -m desktop.bench.device_cost --firmware LOG... --write-docs")
    return int(found.group(1).replace(",", ""))


def device_budgets():
    """Each level's node budget per move on the device (see device_nodes())."""
    nodes = device_nodes()
    return {"easy": 0, "medium": min(DEFAULT_NODES[1], nodes), "hard": nodes}


def jobs_for(a, b, boards, seed, nodes, vm=False):
    """Each board twice, colours swapped; the A-as-black game comes first."""
    jobs = []
    for i, (_, pos) in enumerate(boards):
        text = position_text(pos)
        game_seed = seed * 7919 + i
        jobs.append((a, b, text, game_seed, nodes, vm))
        jobs.append((b, a, text, game_seed, nodes, vm))
    return jobs


def summarise(a, b, jobs, results):
    """Win/draw/loss of A, mean point difference and 95% intervals, as lines."""
    r = summary(a, jobs, results)
    return [
        "%s vs %s: %d games" % (a, b, r["games"]),
        "%s wins %d, draws %d, losses %d" % (a, r["wins"], r["draws"], r["losses"]),
        "score rate %.1f%% (95%% CI %.1f%% to %.1f%%), wins only %.1f%%"
        % (100 * r["rate"], 100 * r["rate_low"], 100 * r["rate_high"],
           100.0 * r["wins"] / r["games"]),
        "average point difference %+.2f (95%% CI %+.2f to %+.2f)" % (r["mean"], r["mean_low"],
                                                                      r["mean_high"]),
    ]


def summary(a, jobs, results):
    """The figures of summarise(), as a dict."""
    wins = draws = losses = 0
    diffs = []
    for (black, _, _, _, _, _), (sb, sw) in zip(jobs, results):
        d = sb - sw if black == a else sw - sb
        diffs.append(d)
        if d > 0:
            wins += 1
        elif d < 0:
            losses += 1
        else:
            draws += 1
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    lo, hi = wilson(wins + 0.5 * draws, n)
    return {"games": n, "wins": wins, "draws": draws, "losses": losses,
            "rate": (wins + 0.5 * draws) / n, "rate_low": lo, "rate_high": hi,
            "mean": mean, "mean_low": mean - half, "mean_high": mean + half}


def docs_row(args, r, nodes):
    """The row of docs/MEASUREMENTS.md's tournament table for this run; its
    first cell is the run's arguments, which key the row; `nodes` is the
    budget (a number, or device_budgets()'s levels)."""
    how = ["--plain %d" % args.plain] if args.plain else (
        ["--random %d" % args.random] + (["--no-bundled"] if args.no_bundled else []))
    how.append("--device" if args.device else "--nodes %d" % args.nodes)
    if args.seed != 1:
        how.append("--seed %d" % args.seed)
    from desktop.bench.measurements import thousands
    hard = nodes["hard"] if isinstance(nodes, dict) else nodes
    return "| `%s %s %s` | %s | %d | %d-%d-%d | %.1f%% (%.1f to %.1f) | %+.1f (%+.1f to %+.1f) |" % (
        args.a, args.b, " ".join(how), thousands(hard), r["games"], r["wins"], r["draws"], r["losses"],
        100 * r["rate"], 100 * r["rate_low"], 100 * r["rate_high"],
        r["mean"], r["mean_low"], r["mean_high"])


def wilson(successes, n, z=1.96):
    """Wilson score interval for a proportion (draws count as half a win)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def run(a, b, random_count=20, seed=1, nodes=2000, jobs=2, bundled=True, plain=0, figures=None, vm=False):
    """summarise()'s lines; `figures`, a dict, receives summary()'s figures."""
    if plain:
        boards = plain_openings(plain, seed)
    else:
        boards = board_set(random_count, seed, bundled)
    work = jobs_for(a, b, boards, seed, nodes, vm)
    if jobs > 1 and len(work) > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(play_game, work, chunksize=1)
    else:
        results = [play_game(j) for j in work]
    if figures is not None:
        figures.update(summary(a, work, results))
    return summarise(a, b, work, results)


def cmd_tournament(args):
    for name in (args.a, args.b):
        if name not in PLAYERS and classic_depth(name) is None:
            print("error: unknown player %r: choose from %s, abN (N plies, 1 to 12)" % (name, ", ".join(PLAYERS)),
                  file=sys.stderr)
            return 2
    nodes = device_budgets() if args.device else args.nodes
    if args.device:
        print("device budgets: hard %d nodes per move, medium %d"
              % (nodes["hard"], nodes["medium"]))
    figures = {}
    lines = run(args.a, args.b, args.random, args.seed, nodes, args.jobs,
                not args.no_bundled, args.plain, figures, args.vm)
    print("\n".join(lines))
    if getattr(args, "write_docs", None):
        from desktop.bench.measurements import write_row
        write_row(args.write_docs, "tournament", docs_row(args, figures, nodes))
    return 0


def add_parser(sub):
    """`python3 -m desktop tournament ...` (registered in desktop/cli.py)."""
    s = sub.add_parser("tournament", help="play two players against each other")
    add_arguments(s)
    s.set_defaults(func=cmd_tournament)
    return s


def add_arguments(s):
    s.add_argument("a", help="player A: %s, or abN (the classic program, N plies)" % ", ".join(PLAYERS))
    s.add_argument("b", help="player B")
    s.add_argument("--random", type=int, default=20, metavar="N",
                   help="seeded random boards besides the bundled ones (default 20)")
    s.add_argument("--seed", type=int, default=1, help="seed of the random boards and games")
    s.add_argument("--nodes", type=int, default=2000,
                   help="node budget per move for each searcher (default 2000)")
    s.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="processes to play in (default: all cores)")
    s.add_argument("--no-bundled", action="store_true", help="only random boards")
    s.add_argument("--vm", action="store_true",
                   help="the levels search in the MicroPython VM's native code: the same moves, about "
                        "fifteen times as fast")
    s.add_argument("--plain", type=int, default=0, metavar="N",
                   help="instead: N openings on the plain board (4 seeded random moves)")
    s.add_argument("--device", action="store_true",
                   help="each level's node budget on the device (hard: the nodes of 2 s on an "
                        "RP2040 that docs/MEASUREMENTS.md gives)")


def main(argv=None):
    """The benchmark's command line: the tournament's, with --write-docs."""
    from desktop.bench.measurements import add_flag
    p = argparse.ArgumentParser(prog="python3 -m desktop.bench.tournament",
                                description="play two players against each other")
    add_arguments(p)
    add_flag(p)
    return cmd_tournament(p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
