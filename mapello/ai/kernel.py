"""The search kernel this board runs, and the order its modules load in.

Two kernels offer the same Search and reserve(), and search the same tree:
mapello.ai.native, native code, where it is installed compiled and the
board loads it; else mapello.ai.search with its loop in bytecode
(mapello.ai.alphabeta and mapello.ai.frontier).

The native module is taken only as an .mpy file: from .py source a board
would have to compile viper code itself, which CircuitPython does not, and
which takes more heap than a game can spare.  It is installed only where
the board can load it, so its absence is quiet; a board that refuses it (an
.mpy made for another chip or firmware: `incompatible .mpy file`) says so in
one line on the serial console, and the game goes on in bytecode.
"""

import gc
import os
import sys


def load():
    """The kernel's module (its Search and reserve()), imported now: each
    module after a collection, the largest first, since compiling one from
    source on the device needs room in one piece."""
    if native_installed():
        try:
            return _module("mapello.ai.native")
        except (ValueError, SyntaxError, ImportError) as refused:  # made for another chip or firmware
            print("mapello: native search not loaded (%s); searching in bytecode" % refused)
    _module("mapello.ai.frontier")
    _module("mapello.ai.alphabeta")
    return _module("mapello.ai.search")


def native_installed():
    """True if mapello/ai/native.mpy is beside this module."""
    try:
        os.stat(__file__.rsplit("/", 1)[0] + "/native.mpy")
        return True
    except OSError:
        return False


def _module(path):
    module = sys.modules.get(path)
    if module is None:
        gc.collect()
        __import__(path)
        module = sys.modules[path]
    return module
