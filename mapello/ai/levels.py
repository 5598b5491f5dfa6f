"""What the levels of the computer player do differently, by index (the
menu's names are mapello/game/options.py LEVELS; each table here has a row
per level):

easy   one ply: the move that flips most, takes bonuses and grabs cells that can
       never be flipped; it never looks at the reply, so it walks into traps.
medium a two-ply search with the evaluation of mapello/ai/evaluation.py, and an
       exact solve of the last 7 empties.
hard   iterative deepening (mapello/ai/search.py) until the budget runs out; it
       solves the endgame exactly once the solve is expected to fit in what is
       left of the budget.

Apart from mapello/ai/thinker.py so that neither is a large compile on the
device, where the computer player's modules compile beside a game's.
"""

from mapello.ai.evaluation import unflippable_cells
from mapello.rules.position import PASS, flips_mask, popcount

# Node budgets used when the caller gives none: with a time budget as well,
# the hard level thinks until the time runs out, the others stop at their
# own budgets (or the time, if it comes first).
DEFAULT_NODES = (0, 3000, 20000)
HARD = len(DEFAULT_NODES) - 1   # the last level, at which a hint thinks

MAX_DEPTH = (0, 2, 60)  # iterative deepening stops at this depth per level
EXACT_EMPTIES = (0, 7, 60)  # the most empties a level solves exactly

# About how many nodes an exact solve of n empties takes, after the first
# iterations: 1.5 to 2 times the median on random Mapello boards; each
# further empty costs about 3 times as much.
_EXACT_NODES = (1, 4, 10, 20, 45, 110, 260, 650, 1200, 4000, 18000, 55000, 120000, 450000,
                950000)


def exact_nodes(empties):
    if empties < len(_EXACT_NODES):
        return _EXACT_NODES[empties]
    return _EXACT_NODES[-1] * 3 ** (empties - len(_EXACT_NODES) + 1)


def win_nodes(empties):
    """The same for a solve of the result alone (win, draw or loss): about
    1.3 times the third quartile on positions of games against a classic
    program, a tenth of the exact solve's estimate and less."""
    return exact_nodes(empties) // 11


def one_ply(pos, cells, mine, opp, rng):
    """The easy level's move among `cells`: most flips, bonuses, unflippable
    cells; ties broken by `rng`."""
    stable = unflippable_cells(pos.walls, pos.jokers)
    best = PASS
    best_v = -1
    for cell in cells:
        bit = 1 << cell
        v = 4 * popcount(flips_mask(bit, mine, opp))
        if bit & pos.bonuses:
            v += 12
        if bit & stable:
            v += 8
        v = v * 8 + rng.below(8)
        if v > best_v:
            best_v = v
            best = cell
    return best
