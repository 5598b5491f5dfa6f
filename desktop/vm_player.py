"""The computer player's levels searching in the MicroPython VM with the
native kernel, for the desktop's long runs (tournaments, the evaluation's
self-play games): the same moves as the Thinker here in CPython, which
searches the same tree node for node in bytecode (tests/test_native.py),
about fifteen times as fast.

    with VMPlayer() as vm:
        move = vm.move(pos, HARD, seed, nodes)      # mapello.ai.levels.HARD

One VM a player, started on first use: it reads a request a line
("LEVEL SEED NODES POSITION", the level by its index) and answers with the move's cell number
(desktop/vm_serve.py, run as a script there).
"""

import os
import shutil
import subprocess

from mapello.rules.notation import position_text

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER = os.path.join(ROOT, "desktop", "vm_serve.py")


def vm_command():
    """The micropython command that ./test.sh installs beside this Python."""
    import sys
    exe = shutil.which("micropython") or os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(exe):
        exe = os.path.join(ROOT, ".venv", "bin", "micropython")
    if not os.path.exists(exe):
        raise SystemExit("the MicroPython VM is missing: run ./test.sh once, which installs it")
    return exe


class VMPlayer:
    def __init__(self, heap="16M"):
        self.heap = heap
        self.proc = None

    def move(self, pos, level, seed, nodes):
        """The move of level `level` (its index) in `pos` with this seed and node
        budget (a cell or -1 for a pass)."""
        if self.proc is None:
            self.proc = subprocess.Popen([vm_command(), "-X", "heapsize=" + self.heap, SERVER], cwd=ROOT,
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.proc.stdin.write("%d %d %d %s\n" % (level, seed, nodes, position_text(pos)))
        answer = self.proc.stdout.readline()
        if not answer.strip().lstrip("-").isdigit():   # the VM prints its traceback on stdout
            raise RuntimeError("the VM failed on %s:\n%s%s" % (position_text(pos), answer, self.proc.stdout.read()))
        return int(answer)

    def close(self):
        if self.proc is not None:
            self.proc.stdin.close()
            self.proc.wait()
            self.proc = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
