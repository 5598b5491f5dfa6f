"""Fit the computer player's evaluation to self-play games.

  .venv/bin/python -m desktop.tune_eval games --count 1200 [--nodes N] [--vm] --out /tmp/games.txt
  .venv/bin/python -m desktop.tune_eval fit /tmp/games.txt

`games` plays the hard level against itself (a few random opening moves, then
now and then a random move, so that the games differ) on the plain board and
on seeded random Mapello boards, and writes every position with the game's
result for the side to move.  `fit` computes, for each position, the features
the evaluation could use, and fits the weights of each game phase (by empty
cells) by logistic regression on the results (win 1, draw 1/2, loss 0).  It
prints the weights in the units of mapello/ai/evaluation.py (1/256 of a point),
how well each feature set predicts the results, and a WEIGHTS table.

Everything here runs on the desktop only (`fit` needs numpy); the device
gets the numbers.
"""
import argparse
import math
import multiprocessing
import os
import random
import sys

from mapello.rules.notation import parse_position, position_text
from mapello.ai.levels import HARD
from mapello.ai.thinker import Thinker
from mapello.rules.position import INNER, PASS, Position, cells_of, moves_mask, popcount
from mapello.ai.evaluation import BoardInfo
from desktop.bench.tournament import random_board

PHASES = (50, 40, 30, 20, 10, 0)  # a phase holds the positions with at least this many empties


def phase_of(empties):
    for i, low in enumerate(PHASES):
        if empties >= low:
            return i
    return len(PHASES) - 1


_VM = []  # this process's VMPlayer, with --vm


def play_one(job):
    """One self-play game: [(position text, result for the side to move)]."""
    seed, plain, nodes, vm = job
    rng = random.Random(seed)
    pos = Position() if plain else random_board(seed)
    texts = []
    turns = []
    ply = 0
    while not pos.is_over():
        moves = pos.legal_moves()
        if not moves:
            pos.play(PASS)
            continue
        if ply < 6 or rng.random() < 0.08:
            move = moves[rng.randrange(len(moves))]
        else:
            texts.append(position_text(pos))
            turns.append(pos.turn)
            if vm:
                if not _VM:
                    from desktop.vm_player import VMPlayer
                    _VM.append(VMPlayer())
                move = _VM[0].move(pos, HARD, seed + ply, nodes)
            else:
                t = Thinker(pos, HARD, seed=seed + ply, node_budget=nodes)
                while not t.step(100000):
                    pass
                move = t.best()
        pos.play(move)
        ply += 1
    b, w = pos.score()
    out = []
    for text, turn in zip(texts, turns):
        d = b - w if turn == 0 else w - b
        out.append((text, 1.0 if d > 0 else 0.0 if d < 0 else 0.5))
    return out


def cmd_games(args):
    jobs = [(args.seed + i, i % 2 == 0, args.nodes, args.vm) for i in range(args.count)]
    with multiprocessing.Pool(args.jobs) as pool, open(args.out, "w") as f:
        for i, game in enumerate(pool.imap_unordered(play_one, jobs, chunksize=4)):
            for text, result in game:
                f.write("%s;%s\n" % (text, result))
            if (i + 1) % 100 == 0:
                print("%d games" % (i + 1), file=sys.stderr)
    return 0


# --- features -------------------------------------------------------------

FEATURES = ("lines0", "lines1", "lines2", "lines3", "lines4", "x_risk", "c_risk", "bonus",
            "margin", "parity", "mob_own", "mob_opp", "frontier", "front_cells")


def features(text, infos={}):
    """The features of a position, for the side to move (own minus opponent's)."""
    pos = parse_position(text)
    key = (pos.walls, pos.jokers)
    info = infos.get(key)
    if info is None:
        info = infos[key] = BoardInfo(pos.walls, pos.jokers)
        info.use_phase(60)  # only which cells carry a penalty is used here
    t = pos.turn
    own, opp = pos.discs[t], pos.discs[1 - t]
    empty = pos.empty()
    f = [0.0] * len(FEATURES)
    lines = [0] * 100
    for i in range(100):
        if info.cells[i] == 0:
            n = 0
            for d in (1, 9, 10, 11):
                if info.cells[i + d] != 4 and info.cells[i - d] != 4:
                    n += 1
            lines[i] = n
    for cell in cells_of(own):
        f[lines[cell]] += 1
    for cell in cells_of(opp):
        f[lines[cell]] -= 1
    for u in range(100):
        pen = info.pens.get(u)
        if pen is None or not (empty >> u) & 1:
            continue
        for k in range(0, len(pen), 2):
            v = pen[k]
            which = 5 if abs(v - u) in (9, 11) else 6
            if (own >> v) & 1:
                f[which] += 1
            elif (opp >> v) & 1:
                f[which] -= 1
    bonus = pos.taken[t] - pos.taken[1 - t]
    f[7] = bonus
    f[8] = popcount(own) - popcount(opp) + 3 * bonus
    e = popcount(empty)
    f[9] = 1 if e & 1 else -1
    f[10] = popcount(moves_mask(own | pos.jokers, opp, empty))
    f[11] = popcount(moves_mask(opp | pos.jokers, own, empty))
    near = ((empty << 1) | (empty >> 1) | (empty << 9) | (empty >> 9) | (empty << 10)
            | (empty >> 10) | (empty << 11) | (empty >> 11)) & INNER
    f[13] = popcount(own & near) - popcount(opp & near)
    fr = 0
    for cell in cells_of((own | opp) & near):
        n = 0
        for d in (-11, -10, -9, -1, 1, 9, 10, 11):
            if (empty >> (cell + d)) & 1:
                n += 1
        fr += n if (own >> cell) & 1 else -n
    f[12] = fr
    return e, f


def fit(rows, use, steps=30, l2=1e-3):
    """Logistic regression without intercept on the features `use`, by
    Newton's method (numpy): the weights, and the mean log loss."""
    import numpy as np
    x = np.array([[r[1][j] for j in use] for r in rows], dtype=float)
    y = np.array([r[2] for r in rows], dtype=float)
    w = np.zeros(len(use))
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) / len(y) + l2 * w
        hess = (x.T * (p * (1 - p))) @ x / len(y) + l2 * np.eye(len(use))
        w -= np.linalg.solve(hess, grad)
    p = np.clip(1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30))), 1e-12, 1 - 1e-12)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    return list(w), loss


# the features of mapello/ai/evaluation.py's WEIGHTS, in its order
CHOSEN = (0, 1, 2, 3, 4, 5, 6, 13, 8, 9)


def cmd_fit(args):
    rows = []
    with open(args.games) as f:
        for line in f:
            text, result = line.rsplit(";", 1)
            e, fs = features(text)
            rows.append((e, fs, float(result)))
    print("%d positions" % len(rows))
    sets = {
        "weights only": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        "+ own mobility": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        "+ both mobilities": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        "+ frontier": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12],
        "+ frontier cells": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 13],
        "all": list(range(len(FEATURES))),
    } if args.compare else {"evaluation": list(CHOSEN)}
    fitted = []
    for phase in range(len(PHASES)):
        part = [r for r in rows if phase_of(r[0]) == phase]
        if len(part) < 200:
            continue
        print("\nphase: %d+ empties, %d positions" % (PHASES[phase], len(part)))
        for name, use in sets.items():
            w, loss = fit(part, use)
            print("  %-18s loss %.4f  %s" % (name, loss, " ".join(
                "%s=%.3f" % (FEATURES[j], x) for j, x in zip(use, w))))
        if not args.compare:
            fitted.append((PHASES[phase], w))
    if fitted:
        # the scale: a point of margin at the end of the game is worth DISC (256)
        scale = 256.0 / fitted[-1][1][CHOSEN.index(8)]
        print("\nWEIGHTS = (")
        for empties, w in fitted:
            print("    (%d, %s)," % (empties, ", ".join("%d" % round(x * scale) for x in w)))
        print(")")
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("games", help="play self-play games and write their positions")
    g.add_argument("--count", type=int, default=600)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--nodes", type=int, default=800)
    g.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    g.add_argument("--out", required=True)
    g.add_argument("--vm", action="store_true",
                   help="search in the MicroPython VM's native code (the same games, some 20 times as fast)")
    g.set_defaults(func=cmd_games)
    f = sub.add_parser("fit", help="fit the evaluation's weights to the positions")
    f.add_argument("games")
    f.add_argument("--compare", action="store_true",
                   help="compare feature sets instead (mobility, frontier)")
    f.set_defaults(func=cmd_fit)
    args = p.parse_args()
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
