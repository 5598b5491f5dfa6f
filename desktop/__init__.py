"""Everything of Mapello Handheld that runs on a computer, beside mapello/,
which is what goes to a board: the command line (`python3 -m desktop`), the
simulator (sim/), the game's files and zips for a drive, the browser page's
build, the drivers the tests and the benchmarks share (app_driver.py,
fake_nvm.py, reference_rules.py) and the benchmarks (bench/)."""

import os
import sys


def micropython_stub():
    """Give CPython the `micropython` module whose const() the device
    modules import (`from micropython import const`), unless it has one:
    Adafruit Blinka's, in .venv (the simulator's), or this stub, whose
    const returns its argument, for the system's python3 with nothing
    installed.  On a board and in the MicroPython VM the module is built in
    and its const is the compiler's (an underscored const takes no RAM):
    this does nothing there, and the stub, being here, never goes to a
    board or the browser page.

    An entry point calls it before it imports a device module
    (desktop/__main__.py, tests/conftest.py); importing this package calls
    it too, so that every module of it run with -m needs no more."""
    try:
        import micropython  # noqa: F401
    except ImportError:
        import types
        stub = types.ModuleType("micropython", "const() for the device modules on CPython")
        stub.const = lambda value: value
        sys.modules["micropython"] = stub


def standard_library_first():
    """Move the repository root after the standard library on sys.path.

    `python3 -m desktop` from the repository puts the root first, and the root
    is also the CIRCUITPY drive's, whose code.py would stand in for the
    standard library's `code` module (pdb imports it for `interact`)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if sys.path and os.path.abspath(sys.path[0] or os.curdir) == root:
        sys.path.append(sys.path.pop(0))


micropython_stub()
