"""The classic program of desktop/bench/tournament.py in C
(desktop/bench/classic_ab.c): its _ab() gives the same values from the
same nodes some 300 times as fast, which a tournament needs to play it 9
plies deep (about 15 to 40 s a move in Python, a tenth of a second in C).

The C file is compiled with the machine's C compiler (gcc, or $CC) into
mapello-classic-ab in the cache folder (~/.cache), under a name holding the
hash of its source, so an edited file is built again and an unchanged one
is not.  Without a compiler, available() is False and the tournament plays
the Python.
"""

import ctypes
import hashlib
import os
import shutil
import subprocess
import tempfile

from desktop.downloads import BuildError, cache_dir
from mapello.rules.geometry import INNER

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "classic_ab.c")
CFLAGS = ["-O2", "-shared", "-fPIC"]
_U64 = (1 << 64) - 1
# alpha, beta and the bonus difference are C ints: every value _ab() returns
# lies in [-AB_WIN, AB_WIN], so a window clamped far outside that changes no
# comparison, and a bonus difference clamped to 2**20 keeps its sign.
_BOUND = 1 << 30
_BONUS_BOUND = 1 << 20
_MAX_DEPTH = 100
_LIB = []


def library_path():
    with open(SOURCE, "rb") as f:
        digest = hashlib.sha256(f.read() + " ".join(CFLAGS).encode()).hexdigest()[:16]
    return os.path.join(os.path.dirname(cache_dir()), "mapello-classic-ab", "classic_ab-%s.so" % digest)


def build():
    """The library of this version of the C file, compiled unless cached;
    BuildError says why it cannot be."""
    path = library_path()
    if os.path.exists(path):
        return path
    cc = shutil.which(os.environ.get("CC", "gcc"))
    if cc is None:
        raise BuildError("the classic program in C needs a C compiler: %s is not on PATH "
                         "(install gcc, or set CC)" % os.environ.get("CC", "gcc"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd, tmp = tempfile.mkstemp(suffix=".so", dir=os.path.dirname(path))
    os.close(fd)
    try:
        done = subprocess.run([cc] + CFLAGS + ["-o", tmp, SOURCE], capture_output=True, text=True)
        if done.returncode != 0:
            raise BuildError("compiling %s failed:\n%s" % (SOURCE, done.stderr))
        os.replace(tmp, path)   # whole or not at all, for a concurrent build or load
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path


def _lib():
    if not _LIB:
        lib = ctypes.CDLL(build())
        lib.ab_value.argtypes = [ctypes.c_uint64] * 10 + [ctypes.c_int] * 4
        lib.ab_value.restype = ctypes.c_int
        _LIB.append(lib)
    return _LIB[0]


def available():
    """True if the C library builds and loads here."""
    try:
        _lib()
        return True
    except (BuildError, OSError):
        return False


def _halves(name, mask, inner=True):
    if inner and (mask < 0 or mask & ~INNER):
        raise ValueError("%s must be a mask of inner cells, got %#x" % (name, mask))
    mask &= (1 << 128) - 1
    return mask & _U64, mask >> 64


def _clamp(x, bound):
    return max(-bound, min(bound, int(x)))


def ab_value(own, opp, empty, jokers, bonuses, bonus_diff, depth, alpha, beta):
    """tournament._ab(...) in C (own, opp and empty on the inner 8x8, as in
    every position)."""
    return _lib().ab_value(*_halves("own", own), *_halves("opp", opp), *_halves("empty", empty),
                           *_halves("jokers", jokers, False), *_halves("bonuses", bonuses, False),
                           _clamp(bonus_diff, _BONUS_BOUND), _clamp(depth, _MAX_DEPTH),
                           _clamp(alpha, _BOUND), _clamp(beta, _BOUND))
