"""The whole app in the MicroPython VM: tests/mp/app_game.py plays a game by
button presses.  The app with all its screens loads about 78 KB of modules on
the 64-bit VM (objects there are about 1.6x their size on a 32-bit device), so
it runs with a 144 KiB heap rather than the 64 KiB of the mp_*.py checks; the
heap figures it prints are in the test's output (pytest -s)."""
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEAP = "144K"


def test_whole_app_game_in_micropython():
    exe = shutil.which("micropython") or os.path.join(ROOT, ".venv", "bin", "micropython")
    if not os.path.exists(exe):
        pytest.fail("the micropython command is missing: run ./test.sh, which installs it")
    proc = subprocess.run([exe, "-X", "heapsize=" + HEAP, "tests/mp/runner.py", "app_game"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    out = proc.stdout + proc.stderr
    print(out)
    assert proc.returncode == 0, out
    assert out.strip().splitlines()[-1] == "2 passed, 0 failed", out
    assert "heap (live after gc" in out
