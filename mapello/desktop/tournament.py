# desktop-only
"""`python3 -m mapello tournament A B`: how strong is one player against another.

Plays every board twice (each player once as black) and prints the wins, draws
and losses of A, the average point difference (A minus B) and 95% confidence
intervals for both.  Players: the three levels of mapello.ai.thinker, a random mover
and a greedy mover (most flips plus 3 per bonus, as simple Mapello programs
do).  Boards: the bundled ones and seeded random boards, so a run can be
repeated exactly.  Games are independent, so they run in several processes.
"""

import glob
import math
import os
import random
import sys

from mapello.rules.notation import parse_position, position_text
from mapello.ai.thinker import LEVELS, Thinker
from mapello.rules.boardfile import BoardError, load_board
from mapello.rules.position import CENTRE, PASS, Position, popcount
from mapello.rules.pieces import BONUS, JOKER, MAX_PER_KIND, WALL, placement_error

PLAYERS = LEVELS + ("random", "greedy")
# the repository's boards/: mapello/desktop/tournament.py is three levels down
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


def make_move(player, pos, seed, nodes):
    if player == "random":
        return random_move(pos, random.Random(seed))
    if player == "greedy":
        return greedy_move(pos, random.Random(seed))
    thinker = Thinker(pos, player, seed=seed, node_budget=nodes)
    while not thinker.step(100000):
        pass
    return thinker.best()


def play_game(job):
    """(black player, white player, position text, seed, nodes) -> (black, white)
    final scores."""
    black, white, text, seed, nodes = job
    pos = parse_position(text)
    players = (black, white)
    while not pos.is_over():
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        pos.play(make_move(players[pos.turn], pos, seed, nodes))
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


def jobs_for(a, b, boards, seed, nodes):
    """Each board twice, colours swapped; the A-as-black game comes first."""
    jobs = []
    for i, (_, pos) in enumerate(boards):
        text = position_text(pos)
        game_seed = seed * 7919 + i
        jobs.append((a, b, text, game_seed, nodes))
        jobs.append((b, a, text, game_seed, nodes))
    return jobs


def summarise(a, b, jobs, results):
    """Win/draw/loss of A, mean point difference and 95% intervals, as lines."""
    wins = draws = losses = 0
    diffs = []
    for (black, _, _, _, _), (sb, sw) in zip(jobs, results):
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
    rate = (wins + 0.5 * draws) / n
    lo, hi = wilson(wins + 0.5 * draws, n)
    return [
        "%s vs %s: %d games" % (a, b, n),
        "%s wins %d, draws %d, losses %d" % (a, wins, draws, losses),
        "score rate %.1f%% (95%% CI %.1f%% to %.1f%%), wins only %.1f%%"
        % (100 * rate, 100 * lo, 100 * hi, 100.0 * wins / n),
        "average point difference %+.2f (95%% CI %+.2f to %+.2f)" % (mean, mean - half,
                                                                      mean + half),
    ]


def wilson(successes, n, z=1.96):
    """Wilson score interval for a proportion (draws count as half a win)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def run(a, b, random_count=20, seed=1, nodes=2000, jobs=2, bundled=True):
    boards = board_set(random_count, seed, bundled)
    work = jobs_for(a, b, boards, seed, nodes)
    if jobs > 1 and len(work) > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(play_game, work, chunksize=1)
    else:
        results = [play_game(j) for j in work]
    return summarise(a, b, work, results)


def cmd_tournament(args):
    for name in (args.a, args.b):
        if name not in PLAYERS:
            print("error: unknown player %r: choose from %s" % (name, ", ".join(PLAYERS)),
                  file=sys.stderr)
            return 2
    lines = run(args.a, args.b, args.random, args.seed, args.nodes, args.jobs,
                not args.no_bundled)
    print("\n".join(lines))
    return 0


def add_parser(sub):
    s = sub.add_parser("tournament", help="play two players against each other")
    s.add_argument("a", help="player A: %s" % ", ".join(PLAYERS))
    s.add_argument("b", help="player B")
    s.add_argument("--random", type=int, default=20, metavar="N",
                   help="seeded random boards besides the bundled ones (default 20)")
    s.add_argument("--seed", type=int, default=1, help="seed of the random boards and games")
    s.add_argument("--nodes", type=int, default=2000,
                   help="node budget per move for each searcher (default 2000)")
    s.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="processes to play in (default: all cores)")
    s.add_argument("--no-bundled", action="store_true", help="only random boards")
    s.set_defaults(func=cmd_tournament)
    return s
