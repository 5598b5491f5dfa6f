"""Runs tests/mp/mp_*.py inside the MicroPython VM, so device code that CPython
accepts but MicroPython does not is caught here.

The heap is 128 KiB: these check MicroPython's language, not memory, and
the hungriest modules (mp_save, mp_record, mp_hardware) need 80 to 84 KiB;
the VM's garbage collector scans the C stack conservatively, so a check
passes or fails near its minimum depending on the environment and the
working directory's path (one passed at 64 KiB in one checkout and failed
in another).  The app's own heap limits are tested at many sizes by
test_app_heap.py."""
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MP_DIR = os.path.join(ROOT, "tests", "mp")
MODULES = sorted(n[:-3] for n in os.listdir(MP_DIR) if n.startswith("mp_") and n.endswith(".py"))


def micropython():
    exe = shutil.which("micropython")
    if exe is None:
        pytest.fail("the micropython command is missing: run ./test.sh, which installs it")
    return exe


@pytest.mark.parametrize("module", MODULES)
def test_checks_pass_in_micropython(module):
    proc = subprocess.run([micropython(), "-X", "heapsize=128K", "tests/mp/runner.py", module],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    assert " passed, 0 failed" in out.strip().splitlines()[-1], out
