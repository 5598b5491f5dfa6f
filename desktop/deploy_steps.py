"""deploy.sh's way to the game's files: a command line over
desktop/gamefiles.py (an install's files) and bundle.py (the zips),
so that neither of them has to know the other's command."""

import argparse
import sys

from desktop import gamefiles, libraries, mpy_cross
from desktop.bundle import write_bundles
from desktop.downloads import BuildError, say

ROOT = gamefiles.ROOT


def native_for(version, boot_out, tool):
    """The -march of the native modules for this board (gamefiles.native_march),
    or None, with a line saying which: they need the board's CircuitPython
    and the compiling mpy-cross to be recent enough."""
    chip = ""
    if boot_out:
        with open(boot_out, encoding="utf-8", errors="replace") as f:
            chip = gamefiles.chip_of(f.read())
    if not chip.startswith(gamefiles.NATIVE_CHIPS):
        return None
    since = ".".join("%d" % n for n in gamefiles.NATIVE_SINCE)
    if gamefiles.native_march(version, chip) is None:
        say("CircuitPython %s or later would run the computer player in native code on this %s "
            "(it searches in bytecode on %s)" % (since, chip, version))
        return None
    if not tool:
        say("the computer player searches in bytecode: its native code is installed only compiled")
        return None
    march = gamefiles.native_march(mpy_cross.version_of(tool), chip)
    if march is None:
        say("the computer player searches in bytecode: its native code needs the mpy-cross of "
            "CircuitPython %s or later" % since)
        return None
    say("the computer player in native code for the %s (%s)" % (chip, march))
    return march


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m desktop.deploy_steps",
                                     description="deploy.sh's way to the game's files: `libs` fills lib/, "
                                                 "`lib-files` names the libraries' files, `stage DIR "
                                                 "--board-version V` makes the game for a board of that "
                                                 "CircuitPython version in DIR, `bundle DIR` writes the zips "
                                                 "(as python3 -m desktop bundle).")
    parser.add_argument("action", choices=("libs", "lib-files", "stage", "bundle"))
    parser.add_argument("dir", nargs="?")
    parser.add_argument("--board-version")
    parser.add_argument("--boot-out", metavar="FILE", help="the drive's boot_out.txt, which names the chip")
    parser.add_argument("--no-libs", action="store_true", help="no lib/ (circup installs the libraries)")
    gamefiles.add_compile_options(parser)
    args = parser.parse_args(argv)
    try:
        if args.action == "lib-files":
            print(" ".join(libraries.all_files()))
        elif args.action == "libs":
            libraries.fill(ROOT, args.libs_from)
        elif args.action == "bundle":
            if not args.dir:
                parser.error("bundle needs DIR")
            mode, version = gamefiles.compile_mode(args)
            write_bundles(args.dir, mode, version, args.mpy_cross, args.libs_from)
        else:
            if not args.dir or not args.board_version:
                parser.error("stage needs DIR and --board-version")
            mode, version = gamefiles.compile_mode(args)
            major = int(args.board_version.split(".")[0])
            tool = mpy_cross.choose(mode, version or args.board_version, major, args.mpy_cross)
            march = native_for(args.board_version, args.boot_out, tool)
            if not args.no_libs:
                libraries.fill(ROOT, args.libs_from)
            gamefiles.stage(args.dir, libs=not args.no_libs, tool=tool, march=march)
    except BuildError as e:
        print("deploy.sh: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
