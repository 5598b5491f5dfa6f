# desktop-only
"""Desktop tools that never go to the device: the command line, the
tournament, the benchmarks, and the game's files and zips for a drive."""

import os
import sys


def standard_library_first():
    """Move the repository root after the standard library on sys.path.

    `python3 -m mapello` from the repository puts the root first, and the root
    is also the CIRCUITPY drive's, whose code.py would stand in for the
    standard library's `code` module (pdb imports it for `interact`)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if sys.path and os.path.abspath(sys.path[0] or os.curdir) == root:
        sys.path.append(sys.path.pop(0))
