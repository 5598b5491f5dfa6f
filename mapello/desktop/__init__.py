# desktop-only
"""Desktop tools that never go to the device: the command line, the
tournament, the benchmarks, and the game's files and zips for a drive."""

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
    (mapello/__main__.py, the tools, tests/conftest.py); importing this
    package calls it too, so that what imports from it first (its modules
    run with -m, the tools that start with its measurements) needs no more."""
    try:
        import micropython  # noqa: F401
    except ImportError:
        import types
        stub = types.ModuleType("micropython", "const() for the device modules on CPython")
        stub.const = lambda value: value
        sys.modules["micropython"] = stub


def standard_library_first():
    """Move the repository root after the standard library on sys.path.

    `python3 -m mapello` from the repository puts the root first, and the root
    is also the CIRCUITPY drive's, whose code.py would stand in for the
    standard library's `code` module (pdb imports it for `interact`)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if sys.path and os.path.abspath(sys.path[0] or os.curdir) == root:
        sys.path.append(sys.path.pop(0))


micropython_stub()
