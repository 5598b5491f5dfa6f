"""Both search kernels on the same positions, inside the MicroPython VM:
mapello.ai.search (bytecode) and mapello.ai.native (viper, compiled by the
VM's own native emitter), node for node.

  micropython tests/mp/native_diff.py POSITIONS NODES [SLICES...]

POSITIONS: a file of positions (mapello.rules.notation's text), a line each.
For each position, table on and off, and each slice size: an iterative
deepening search of NODES nodes run slices of that size, as the Thinker runs
it; then the Thinker itself at the hard and medium levels.  Every figure a
search gives (nodes, value, root scores, best and current root move, whether
a leaf was estimated) must be the same in both.  Prints a line per
difference, then 'N compared, M differ' last.
"""
import sys
from array import array

sys.path.insert(0, ".")

from mapello.ai import native  # noqa: E402 (after the path)
from mapello.ai import search as bytecode  # noqa: E402
import mapello.ai.alphabeta  # noqa: E402,F401 (the bytecode loop)
import mapello.ai.thinker as thinker  # noqa: E402
from mapello.ai.evaluation import BoardInfo  # noqa: E402
from mapello.rules.notation import parse_position  # noqa: E402
from mapello.rules.position import cells_of, moves_mask, popcount  # noqa: E402

# native.py's _BUFFERS, _T_PLIES and _STRIDE (consts: not the module's names in the VM)
BUFFERS, PLIES, STRIDE = 0, 1, 36
KERNELS = (("bytecode", bytecode.Search), ("native", native.Search))


def iterate(kernel, pos, budget, size, table):
    """What each iteration of a search of `budget` nodes found, in slices of `size`."""
    t = pos.turn
    root = cells_of(moves_mask(pos.discs[t] | pos.jokers, pos.discs[1 - t], pos.empty()))
    if not root:
        return []
    info = BoardInfo(pos.walls, pos.jokers)
    info.use_phase(popcount(pos.empty()))
    s = kernel(info, pos, table)
    out = []
    depth = 1
    s.start(root, depth)
    while s.nodes < budget:
        if s.run(min(budget, s.nodes + size)):
            out.append((depth, s.nodes, s.value(), list(s.root_scores), s.best_index, s.estimated))
            if not s.estimated or depth >= 60:
                break
            depth += 1
            s.start(root, depth)
    out.append(("stopped", s.nodes, s.ri, s.best_index))
    return out


def think(kernel, pos, level, budget):
    thinker.Search = kernel
    t = thinker.Thinker(pos, level, seed=5, node_budget=budget)
    while not t.step(97):
        pass
    return (t.best(), t.score, t.depth, t.exact, t.nodes)


def main():
    # the native plies start at one record, so that the first searches grow
    # the array (a board's deepest lines do, past the records made at first)
    native.reserve()
    native._MEM[BUFFERS][PLIES] = array("i", bytes(4 * STRIDE))
    path = sys.argv[1]
    budget = int(sys.argv[2])
    sizes = [int(a) for a in sys.argv[3:]] or [budget]
    compared = differ = 0
    with open(path) as f:
        texts = [line.strip() for line in f if line.strip()]
    for text in texts:
        pos = parse_position(text)
        runs = []
        for table in (True, False):
            for size in sizes:
                runs.append(("table %s, slices of %d" % (table, size),
                             [iterate(k, pos, budget, size, table) for _, k in KERNELS]))
        for level in (1, 2):        # medium, hard
            runs.append(("thinker level %d" % level, [think(k, pos, level, budget) for _, k in KERNELS]))
        for what, (a, b) in runs:
            compared += 1
            if a != b:
                differ += 1
                print("DIFFER %s (%s)\n  bytecode %r\n  native   %r" % (text, what, a, b))
    print("%d compared, %d differ" % (compared, differ))


main()
