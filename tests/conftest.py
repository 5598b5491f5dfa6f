"""Read by pytest before any test, however it is started (./test.sh, `pytest`,
`.venv/bin/python -m pytest`):

- the repository root goes after the standard library on sys.path.  The root
  is also the CIRCUITPY drive's root, so its code.py would otherwise stand in
  for the standard library's `code` module, which pdb imports;
- the device modules' `from micropython import const` works: Blinka's
  micropython module, or else the desktop's stub (desktop/__init__.py);
- the MicroPython VM (`micropython`, installed beside this Python by
  requirements-dev.txt) is put on PATH for the tests that run it;
- before the first test of each file, the garbage is collected and every
  object alive then (the modules, the test functions, pytest's and
  Hypothesis's own, what the files before left behind) is frozen out of
  CPython's garbage collector.  The App collects the garbage as it loads and
  drops modules, as a board must; in CPython each collection would otherwise
  walk the whole test run's objects, which made those collections most of
  the run's time.  What the App makes and drops during a test is still
  collected.
"""
import gc
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != ROOT] + [ROOT]
_code = sys.modules.get("code")
if _code is not None and os.path.dirname(os.path.abspath(getattr(_code, "__file__", "") or "")) == ROOT:
    del sys.modules["code"]             # imported from the root before this file ran

from desktop import micropython_stub  # noqa: E402

micropython_stub()

_bin = os.path.dirname(sys.executable)
if os.path.exists(os.path.join(_bin, "micropython")) and \
        _bin not in os.environ.get("PATH", "").split(os.pathsep):
    os.environ["PATH"] = _bin + os.pathsep + os.environ.get("PATH", "")

_frozen_before = [None]


def pytest_runtest_setup(item):
    if item.fspath != _frozen_before[0]:
        _frozen_before[0] = item.fspath
        gc.collect()
        gc.freeze()
