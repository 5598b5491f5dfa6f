"""Run by desktop/vm_player.py inside the MicroPython VM: the
computer player's move for each request line ("LEVEL SEED NODES POSITION"),
a line each, searched by the native kernel (compiled here by the VM from
source, which a board never does: mapello.ai.kernel takes only an .mpy)."""
import sys

sys.path.insert(0, ".")

from mapello.ai import native  # noqa: E402 (after the path)
from mapello.ai import thinker  # noqa: E402
from mapello.rules.notation import parse_position  # noqa: E402

thinker.Search = native.Search
while True:
    line = sys.stdin.readline()
    if not line:
        break
    level, seed, nodes, text = line.strip().split(" ", 3)
    t = thinker.Thinker(parse_position(text), int(level), seed=int(seed), node_budget=int(nodes))
    while not t.step(1000000):
        pass
    print(t.best())
