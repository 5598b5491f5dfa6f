"""The computer player in the MicroPython VM: tests/mp/ai_checks.py plays whole
games there and checks that they equal CPython's move for move.

The heap is 96 KiB, not the 64 KiB of the mp_*.py checks: the search keeps its
working memory, a 256-entry transposition table and the board's tables for
the whole game (so that it never cuts the heap up move after move), and its
modules are compiled from source here.  On the 64-bit VM every object is
about 1.6 times its size on a 32-bit board, so 96 KiB here is about 60 KB on
the device: the room the app leaves for the computer player.
tools/min_heap.py --code finds the smallest heap for any program."""
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEAP = "96K"


def test_ai_checks_pass_in_micropython():
    exe = shutil.which("micropython") or os.path.join(ROOT, ".venv", "bin", "micropython")
    if not os.path.exists(exe):
        pytest.fail("the micropython command is missing: run ./test.sh, which installs it")
    proc = subprocess.run([exe, "-X", "heapsize=" + HEAP, "tests/mp/runner.py", "ai_checks"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    assert out.strip().splitlines()[-1] == "5 passed, 0 failed", out
