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

import os
import sys

from mapello import load_module

# the bytecode kernel's modules, the largest first: each compiles after a
# collection, and compiling one from source on the device needs room in one piece
_BYTECODE = ("mapello.ai.frontier", "mapello.ai.alphabeta", "mapello.ai.search")
_NATIVE = ("mapello.ai.native",)
_REFUSED = []  # the native module, once the board refused it


def load():
    """The kernel's module (its Search and reserve()), imported now if
    load_next() has not imported it yet (in the game, the group loader
    mapello.ui.modules.load has: this is for a direct import, on the
    desktop)."""
    while not load_next():
        pass
    return sys.modules[modules()[-1]]


def load_next(busy=False):
    """Import the kernel's next module unless `busy` (something else was
    imported in this step): one compile a call, so that the app's ticks
    spread them (mapello.ui.modules.load_step).  True once nothing was left
    to import."""
    for path in modules():
        if path not in sys.modules:
            if busy:
                return False
            try:
                load_module(path)
            except (ValueError, SyntaxError, ImportError) as refused:  # made for another chip or firmware
                if path not in _NATIVE:
                    raise
                _REFUSED.append(path)
                print("mapello: native search not loaded (%s); searching in bytecode" % refused)
            return False
    return True


def modules():
    """The modules of the kernel this board runs, in load order: the one
    loaded already, else the native one if mapello/ai/native.mpy is beside
    this module and loads.  The group loader asks at every load of the
    computer's group, once a move: a kernel loaded is answered without a
    look at the files."""
    for chosen in (_NATIVE, _BYTECODE):
        if chosen[-1] in sys.modules:
            return chosen
    if not _REFUSED:
        try:
            os.stat(__file__.rsplit("/", 1)[0] + "/native.mpy")
            return _NATIVE
        except OSError:
            pass
    return _BYTECODE
