"""`python3 -m desktop bundle DIR`: the drag-and-drop zips, one for each
CircuitPython version the game supports, to unzip onto CIRCUITPY without
deploy.sh (`./deploy.sh --bundle DIR` runs this).  Standard library only,
so python.org's Python on Windows makes them."""

import os
import shutil
import sys
import tempfile
import time
import zipfile

from desktop import gamefiles, libraries, mpy_cross
from desktop.downloads import BuildError, say

HELP = """\
Writes mapello-handheld-circuitpython-N.x.zip into DIR for CircuitPython %(majors)s:
code.py, boot.py, settings.toml (the Pico example), settings.toml.pybadge,
lib/, mapello/, boards/ and fonts/, the files deploy.sh copies to a drive,
with .mapello-installed, the list by which a later deploy.sh tells its own
files from yours;
and, compiled, %(native)s, the 10.x zip with the computer
player in native code as well, for an RP2040 or RP2350 board (the Pico, the
Pico 2) on CircuitPython %(since)s or later.
Runs with Python 3's standard library alone (no pip, no bash).

The libraries are the versions lib/requirements.txt pins, taken from lib/
when it has them, else from --libs-from DIR or the repository's .venv, else
downloaded once from PyPI (PIP_INDEX_URL names another index) and checked
against the sha256 lib/requirements.txt pins for each wheel.

mapello/ and lib/ are compiled to .mpy by CircuitPython's own mpy-cross of
release %(release)s (the two versions read one .mpy format), which is
downloaded once from Adafruit's downloads for this computer (Windows, Linux
or macOS); without it (offline) the zips hold the .py source, with a warning.
Downloads are kept in %(cache)s.
"""


# The zips: (name, the CircuitPython major it is for, its boards, the -march
# of its native modules or None).  The RP2040 and RP2350 boards of 10.3.1 and
# later get the computer player in native code as well (gamefiles.NATIVE_...).
NATIVE_ZIP = "mapello-handheld-circuitpython-10.x-rp2040-rp2350.zip"
ZIPS = tuple(("mapello-handheld-circuitpython-%d.x.zip" % major, major, "any board", None)
             for major in mpy_cross.SUPPORTED_MAJORS) + (
    (NATIVE_ZIP, 10, "an RP2040 or RP2350 board on %s or later"
     % ".".join("%d" % n for n in gamefiles.NATIVE_SINCE), gamefiles.NATIVE_MARCH),)


def _entries(game):
    """The staged files as zip names, the settings and the code first."""
    names = []
    for base, _, files in os.walk(game):
        for name in files:
            names.append(os.path.relpath(os.path.join(base, name), game).replace(os.sep, "/"))
    first = ["code.py", "boot.py", "settings.toml", "settings.toml.pybadge"]
    return first + sorted(n for n in names if n not in first)


def _write_zip(game, path, stamp):
    with zipfile.ZipFile(path + ".part", "w", zipfile.ZIP_DEFLATED) as z:
        for name in _entries(game):
            info = zipfile.ZipInfo(name, stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            with open(os.path.join(game, *name.split("/")), "rb") as f:
                z.writestr(info, f.read())
    os.replace(path + ".part", path)


def write_bundles(out_dir, compile="auto", version=None, given=None, libs_from=None, root=gamefiles.ROOT):
    """The zips in out_dir; compile is 'yes', 'no' or 'auto' (compiled when
    CircuitPython's mpy-cross can be had)."""
    tool = mpy_cross.choose(compile, version or mpy_cross.BUNDLE_MPY_CROSS_VERSION, None, given,
                            what="writing the bundles")
    libraries.fill(root, libs_from)
    os.makedirs(out_dir, exist_ok=True)
    # one time for every file; SOURCE_DATE_EPOCH fixes it, so the same game gives the same zip
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    stamp = max((time.gmtime(int(epoch)) if epoch else time.localtime())[:6], (1980, 1, 1, 0, 0, 0))
    work = tempfile.mkdtemp(prefix="mapello-bundle-")
    try:
        staged = {}
        for name, major, boards, march in ZIPS:
            if march and gamefiles.native_march(mpy_cross.version_of(tool) if tool else "", "rp2040") is None:
                say("no %s: its native code needs the mpy-cross of CircuitPython %s or later"
                    % (name, ".".join("%d" % n for n in gamefiles.NATIVE_SINCE)))
                continue
            game = staged.get(march)
            if game is None:
                game = staged[march] = os.path.join(work, march or "game")
                gamefiles.stage(game, root=root, tool=tool, march=march)
                shutil.copyfile(os.path.join(root, "settings.toml.pico"), os.path.join(game, "settings.toml"))
                shutil.copyfile(os.path.join(root, "settings.toml.pybadge"),
                                os.path.join(game, "settings.toml.pybadge"))
            path = os.path.join(out_dir, name)
            _write_zip(game, path, stamp)
            say("wrote %s (%d bytes, for CircuitPython %d.x on %s, %s)"
                % (os.path.abspath(path), os.path.getsize(path), major, boards,
                   "compiled" if tool else "source"))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def cmd_bundle(args):
    mode, version = gamefiles.compile_mode(args)
    try:
        write_bundles(args.dir, mode, version, args.mpy_cross, args.libs_from)
    except BuildError as e:
        print("error: %s" % e, file=sys.stderr)
        return 1
    return 0


def add_parser(sub):
    import argparse
    from desktop.downloads import cache_dir
    majors = " and ".join("%d" % m for m in mpy_cross.SUPPORTED_MAJORS)
    s = sub.add_parser("bundle", help="write the zips to unzip onto CIRCUITPY (no deploy.sh needed)",
                       description=HELP % {"majors": majors, "release": mpy_cross.BUNDLE_MPY_CROSS_VERSION,
                                           "cache": cache_dir(), "native": NATIVE_ZIP,
                                           "since": ".".join("%d" % n for n in gamefiles.NATIVE_SINCE)},
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("dir", metavar="DIR", help="the folder the zips go into (made if missing)")
    gamefiles.add_compile_options(s)
    s.set_defaults(func=cmd_bundle)
    return s
