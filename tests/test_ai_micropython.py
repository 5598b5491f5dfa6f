"""The computer player in the MicroPython VM: tests/mp/ai_checks.py plays whole
games there and checks that they equal CPython's move for move (a series
against the hard level through the whole app is tests/test_app_heap.py).

The heaps are larger than the 80 KiB of the mp_*.py checks.  The search keeps
its working memory, its transposition table and the board's tables for the
whole game (so that it never cuts the heap up move after move), and its
modules are compiled from source here; the 64-bit VM's heap holds about 1.4
times what a 32-bit board's does.  The heaps leave room above the smallest
that desktop/bench/min_heap.py's bisection finds for the checks."""
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(module, heap):
    exe = shutil.which("micropython") or os.path.join(ROOT, ".venv", "bin", "micropython")
    if not os.path.exists(exe):
        pytest.fail("the micropython command is missing: run ./test.sh, which installs it")
    proc = subprocess.run([exe, "-X", "heapsize=" + heap, "tests/mp/runner.py", module],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    out = proc.stdout + proc.stderr
    print(out)
    assert proc.returncode == 0, out
    return out.strip().splitlines()[-1]


def test_ai_checks_pass_in_micropython():
    assert run("ai_checks", "104K") == "7 passed, 0 failed"
