"""deploy.sh against fake CIRCUITPY folders shaped as CircuitPython 8+ formats
the drive (boot_out.txt, an EMPTY settings.toml, a sample code.py, lib/ and
the files that keep macOS and trash folders away): a fresh install, an
update, an update of a drive an earlier version listed, a dry run that
leaves every file and time stamp alone, a full drive, a copy that fails
half-way, refusals, the bundle's contents, and the drive each install path
leaves behind running the game (tests/drive_runner.py).

What only a drive itself can do (fill up, fail a write, be read-only, lose
power) is done by a Drive of desktop/deploy.py's that does it on cue, given
to deploy.sh's Python side run in this process (deploy_with)."""
import atexit
import glob
import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import re
import zipfile

import pytest

from desktop import deploy as deploy_py
from desktop import gamefiles, libraries, mpy_cross

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = glob.glob(os.path.join(ROOT, ".venv", "lib", "python3*", "site-packages"))[0]
PICO_9 = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\nBoard ID:raspberry_pi_pico\n"
LIBS = ("neopixel.py", "adafruit_display_text/__init__.py", "adafruit_display_text/label.py",
        "adafruit_displayio_ssd1306.py", "adafruit_ticks.py")
# what earlier versions put in lib/ and an update removes: the PCF loader that read the 5x8 font
RETIRED = ("adafruit_bitmap_font/__init__.py", "adafruit_bitmap_font/glyph_cache.py", "adafruit_bitmap_font/pcf.py")


def make_drive(tmp_path, boot_out=PICO_9, name="CIRCUITPY", formatted=True):
    """A folder as CircuitPython's filesystem_init() leaves a fresh CIRCUITPY."""
    drive = tmp_path / name
    drive.mkdir()
    if boot_out is not None:
        (drive / "boot_out.txt").write_text(boot_out)
    if formatted:
        (drive / ".fseventsd").mkdir()
        (drive / ".fseventsd" / "no_log").write_bytes(b"")
        for empty in (".metadata_never_index", ".Trashes", ".Trash-1000", "settings.toml"):
            (drive / empty).write_bytes(b"")
        (drive / "code.py").write_text('print("Hello World!")\n')
        (drive / "lib").mkdir()
    return drive


NO_DOWNLOADS = "file:///nonexistent/mapello-mpy-cross-downloads"
NO_INDEX = "file:///nonexistent/mapello-pypi/simple"       # no test reaches PyPI
EMPTY_CACHE = tempfile.mkdtemp(prefix="mapello-deploy-cache-")
atexit.register(shutil.rmtree, EMPTY_CACHE, True)


def deploy(*args, env_extra=None, repo=ROOT, cwd=None):
    """deploy.sh with `args`.  Unless env_extra says otherwise, no mpy-cross
    can be downloaded (so it copies source, as offline) and its cache is
    empty: the developer's own cache must not decide what a test copies."""
    env = dict(os.environ)
    env.pop("MAPELLO_DRIVE_CANDIDATES", None)
    env["MAPELLO_MPY_CROSS_URL"] = NO_DOWNLOADS
    env["XDG_CACHE_HOME"] = EMPTY_CACHE
    env["PIP_INDEX_URL"] = NO_INDEX
    env.update(env_extra or {})
    return subprocess.run([os.path.join(repo, "deploy.sh")] + [str(a) for a in args], cwd=cwd,
                          capture_output=True, text=True, env=env, timeout=120)


def tree(folder):
    """{relative path: bytes} of every file under folder."""
    out = {}
    for base, _, files in os.walk(folder):
        for f in files:
            p = os.path.join(base, f)
            with open(p, "rb") as fh:
                out[os.path.relpath(p, folder)] = fh.read()
    return out


def stamps(folder):
    """Every file's and folder's (mtime, ctime, size), the folder itself included."""
    out = {".": os.stat(folder)[stat.ST_MTIME:stat.ST_CTIME + 1]}
    for base, dirs, files in os.walk(folder):
        for name in dirs + files:
            st = os.stat(os.path.join(base, name))
            out[os.path.relpath(os.path.join(base, name), folder)] = (st.st_mtime_ns, st.st_ctime_ns, st.st_size)
    return out


def read(path):
    with open(path, "rb") as f:
        return f.read()


INSTALLED = gamefiles.MANIFEST          # the list of what the install put in mapello/, boards/, fonts/
OLD_MAPELLO_LIST = "mapello/.mapello-installed"     # the lists earlier versions kept instead


def listed_paths(data):
    """The paths a list of the drive names (bytes), in its order."""
    return [line.split()[-1] for line in data.decode().splitlines() if line and not line.startswith("#")]


def as_an_earlier_install(drive, rel, text="# from an older version\n"):
    """rel on the drive, and in its list of what the install put there, as a
    version that had that file left it."""
    (drive / rel).write_text(text)
    with open(drive / INSTALLED, "a") as f:
        f.write(cksum_line(drive / rel, rel))


def cksum_line(path, name):
    """A line of the list, or of an earlier version's list of boards/ or
    fonts/: the file's checksum and size as POSIX cksum prints them, and its name."""
    with open(path, "rb") as f:
        out = subprocess.run(["cksum"], stdin=f, capture_output=True, text=True, check=True).stdout
    return "%s %s\n" % (" ".join(out.split()[:2]), name)


def as_an_earlier_version_listed_it(drive):
    """The drive's list replaced by the three lists versions before it kept:
    mapello/.mapello-installed naming the files there from the drive's root,
    without checksums, and a .mapello-bundled in boards/ and in fonts/
    naming each file there with its checksum and size."""
    paths = listed_paths(read(drive / INSTALLED))
    os.remove(drive / INSTALLED)
    (drive / OLD_MAPELLO_LIST).write_text(
        "# The files a Mapello install put in mapello/. An update removes those of them the new version"
        " lacks, and leaves every other file here alone.\n" + "".join(p + "\n" for p in paths
                                                                     if p.startswith("mapello/")))
    for folder in ("boards", "fonts"):
        with open(drive / folder / ".mapello-bundled", "w") as f:
            for p in paths:
                if p.startswith(folder + "/"):
                    f.write(cksum_line(drive / p, p.split("/", 1)[1]))


def copied_lines(proc):
    return [line.split()[1] for line in proc.stdout.splitlines() if line.startswith("copied ")]


def shim(tmp_path, name, script):
    """A command of that name first on PATH (circup)."""
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text("#!/bin/sh\n" + script)
    (folder / name).chmod(0o755)
    return {"PATH": "%s:%s" % (folder, os.environ["PATH"])}


def run_drive(drive):
    """code.py of the drive, as CircuitPython would run it (tests/drive_runner.py)."""
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "drive_runner.py")],
                          cwd=str(drive), capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def assert_runs_the_game(drive):
    run = run_drive(drive)
    assert run["ended"] == "ran", run
    assert run["files"]["mapello.hardware.start"] == "mapello/hardware/start.py"   # from the drive
    assert run["files"]["neopixel"] == "lib/neopixel.py"                           # its lib/
    assert run["writes"] > 0                                                       # the matrix lit
    # the shipped settings with no OLED wired: the game goes on without it
    assert any("No display on GP8/GP9" in line for line in run["serial"]), run["serial"]
    assert any(line.startswith("MAPELLO") and " | " in line for line in run["serial"]), run["serial"]
    return run


def test_fresh_install(tmp_path):
    drive = make_drive(tmp_path)
    proc = deploy("--target", drive)
    assert proc.returncode == 0, proc.stderr
    files = tree(drive)
    assert files["code.py"] == read(os.path.join(ROOT, "code.py"))
    assert files["boot.py"] == read(os.path.join(ROOT, "boot.py"))
    # CircuitPython's empty settings.toml is not the user's: the example replaces it
    assert files["settings.toml"] == read(os.path.join(ROOT, "settings.toml.pico"))
    assert "gets the pico example" in proc.stdout
    for lib in LIBS:
        assert files["lib/" + lib] == read(os.path.join(SITE, lib)), lib
    # the font is a ready-made glyph sheet: no PCF file, no PCF loader
    assert not any(p.startswith("lib/adafruit_bitmap_font") for p in files)
    assert files["fonts/mapello-5x8.bin"] == read(os.path.join(ROOT, "fonts", "mapello-5x8.bin"))
    assert "fonts/README.md" not in files and "fonts/mapello-5x8.pcf" not in files
    assert files["mapello/rules/position.py"] == read(os.path.join(ROOT, "mapello", "rules", "position.py"))
    assert "mapello/hardware/start.py" in files
    for name in os.listdir(os.path.join(ROOT, "boards")):
        if name.endswith(".txt"):
            assert files["boards/" + name] == read(os.path.join(ROOT, "boards", name))
    # nothing that only runs on the desktop, no caches, no staging left over
    assert not any("__pycache__" in p or p.endswith(".pyc") or p.startswith("desktop/") for p in files)
    assert not any(".mapello-update" in p or "mapello-new" in p for p in files)
    # CircuitPython's own files stay
    assert files[".metadata_never_index"] == b"" and files[".fseventsd/no_log"] == b""
    # order: libraries, game, boards, boot.py, code.py last
    copied = copied_lines(proc)
    assert copied[-1] == "code.py" and copied[-2] == "boot.py"
    assert max(i for i, p in enumerate(copied) if p.startswith("lib/")) < min(
        i for i, p in enumerate(copied) if p.startswith("mapello/"))
    assert copied.index("fonts/mapello-5x8.bin") < copied.index("boot.py")
    assert "CircuitPython 9.2.1" in proc.stdout
    # and the drive runs the game, from the drive's own files
    run = assert_runs_the_game(drive)
    print("fresh install: %d files, %d bytes" % (len(files), sum(len(v) for v in files.values())))
    print("serial: %s" % run["serial"][:3])


@pytest.mark.parametrize("content", [b"", b"\n\n", b"# CircuitPython settings\r\n   \r\n"])
def test_a_settings_toml_without_settings_counts_as_absent(tmp_path, content):
    drive = make_drive(tmp_path)
    (drive / "settings.toml").write_bytes(content)
    proc = deploy("--target", drive, "--settings", "pybadge")
    assert proc.returncode == 0, proc.stderr
    assert read(drive / "settings.toml") == read(os.path.join(ROOT, "settings.toml.pybadge"))


def test_a_settings_toml_with_one_setting_is_yours(tmp_path):
    drive = make_drive(tmp_path)
    (drive / "settings.toml").write_text('# mine\nCIRCUITPY_WIFI_SSID = "home"\n')
    proc = deploy("--target", drive)
    assert proc.returncode == 0, proc.stderr
    assert read(drive / "settings.toml") == b'# mine\nCIRCUITPY_WIFI_SSID = "home"\n'
    assert "kept settings.toml" in proc.stdout


def test_update_keeps_the_users_files_and_changes_only_what_changed(tmp_path):
    drive = make_drive(tmp_path)
    assert deploy("--target", drive).returncode == 0
    (drive / "settings.toml").write_text('MAPELLO_MATRIX_ROTATION = 90\n')
    (drive / "boards" / "open.txt").write_text("; my own version\n" + (". " * 10 + "\n") * 10)
    (drive / "boards" / "saved-1.txt").write_text("; saved on the device\n")
    (drive / "fonts" / "mine.pcf").write_bytes(b"\x01fcp my own font")
    (drive / "mapello" / "rules" / "position.py").write_text("# stale\n")
    as_an_earlier_install(drive, "mapello/gone.py")
    (drive / "mapello" / "rules" / "position.mpy").write_bytes(b"C\x06")
    proc = deploy("--target", drive)
    assert proc.returncode == 0, proc.stderr
    files = tree(drive)
    assert files["settings.toml"] == b'MAPELLO_MATRIX_ROTATION = 90\n'
    assert files["boards/open.txt"].startswith(b"; my own version")
    assert files["boards/saved-1.txt"] == b"; saved on the device\n"
    assert files["fonts/mine.pcf"] == b"\x01fcp my own font"
    assert files["mapello/rules/position.py"] == read(os.path.join(ROOT, "mapello", "rules", "position.py"))
    assert "mapello/gone.py" not in files and "mapello/rules/position.mpy" not in files
    assert "kept boards/open.txt" in proc.stdout and "kept settings.toml" in proc.stdout
    # not even code.py: no needless reload (the list of mapello/ is rewritten: gone.py left it)
    assert copied_lines(proc) == ["mapello/rules/position.py", INSTALLED]
    assert not (drive / ".mapello-update").exists()
    before = stamps(drive)
    again = deploy("--target", drive)
    assert "nothing to change" in again.stdout
    assert stamps(drive) == before                                 # not even a folder made and removed


def test_an_update_removes_only_what_the_last_install_put_in_mapello(tmp_path):
    """The install lists what it put in mapello/ (mapello/.mapello-installed):
    an update removes the files of that list the new version lacks, and a
    folder they leave empty; a file of the user's there stays."""
    drive = make_drive(tmp_path)
    assert deploy("--target", drive).returncode == 0
    (drive / "mapello" / "notes.txt").write_text("my wiring notes\n")
    (drive / "mapello" / "ui" / "my_screen.py").write_text("# my own screen\n")
    as_an_earlier_install(drive, "mapello/gone.py")
    (drive / "mapello" / "retired").mkdir()
    as_an_earlier_install(drive, "mapello/retired/old.py")
    proc = deploy("--target", drive)
    assert proc.returncode == 0, proc.stderr
    files = tree(drive)
    assert files["mapello/notes.txt"] == b"my wiring notes\n"
    assert files["mapello/ui/my_screen.py"] == b"# my own screen\n"
    assert "kept mapello/notes.txt: no install put it there, so it is yours" in proc.stdout
    assert "kept mapello/ui/my_screen.py" in proc.stdout
    assert "mapello/gone.py" not in files and "removed mapello/gone.py" in proc.stdout
    assert not (drive / "mapello" / "retired").exists()
    listed = listed_paths(files[INSTALLED])
    assert "mapello/rules/position.py" in listed and "mapello/hardware/start.py" in listed
    assert sorted(p for p in files if p.startswith("mapello/")
                  and p not in ("mapello/notes.txt", "mapello/ui/my_screen.py")) == \
        sorted(p for p in listed if p.startswith("mapello/"))
    assert_runs_the_game(drive)


# The save's and the record's modules as earlier versions laid them out: flat in mapello/game/.
FLAT_SAVE_MODULES = ("storage", "logread", "savefile", "saveread", "savepeek", "savecheck",
                     "saved_board", "saveerror", "record", "record_read", "record_write", "record_text")


def test_an_update_from_the_flat_save_modules_installs_their_packages(tmp_path):
    """A drive with the save's and the record's modules flat in mapello/game/
    (storage.py, record.py, ...), listed by its install, and no save/ or
    record/ folder: the update puts the two packages there and removes the
    flat modules, record.py too, which would stand beside the package of
    its name; the game runs."""
    drive = make_drive(tmp_path)
    assert deploy("--target", drive).returncode == 0
    for folder in ("save", "record"):
        shutil.rmtree(drive / "mapello" / "game" / folder)
    listed = (drive / INSTALLED).read_text().splitlines()
    (drive / INSTALLED).write_text("".join(line + "\n" for line in listed
                                           if not line.split()[-1].startswith(("mapello/game/save/",
                                                                               "mapello/game/record/"))))
    for name in FLAT_SAVE_MODULES:
        as_an_earlier_install(drive, "mapello/game/%s.py" % name)
    proc = deploy("--target", drive)
    assert proc.returncode == 0, proc.stderr
    files = tree(drive)
    for name in FLAT_SAVE_MODULES:
        assert "mapello/game/%s.py" % name not in files
        assert "removed mapello/game/%s.py" % name in proc.stdout
    for module in ("save/__init__.py", "save/log.py", "save/resume.py", "record/__init__.py",
                   "record/binary_read.py", "record/text.py"):
        assert files["mapello/game/" + module] == read(os.path.join(ROOT, "mapello", "game", module))
    listed = listed_paths(files[INSTALLED])
    assert "mapello/game/save/log.py" in listed and "mapello/game/storage.py" not in listed
    assert_runs_the_game(drive)


def test_a_drive_without_the_list_keeps_what_it_cannot_tell(tmp_path):
    """A drive an earlier deploy.sh filled has no list of mapello/: a file the
    new version lacks might be the user's, so it stays and deploy.sh says so;
    the other form of one of the game's modules (a .py is imported before the
    .mpy beside it) goes.  The list is written, for the next update."""
    drive = make_drive(tmp_path)
    assert deploy("--target", drive).returncode == 0
    if (drive / INSTALLED).exists():                # as an earlier deploy.sh left it
        (drive / INSTALLED).unlink()
    (drive / "mapello" / "stale.py").write_text("# an older version's, or the user's\n")
    (drive / "mapello" / "rules" / "position.mpy").write_bytes(b"C\x06")
    proc = deploy("--target", drive)
    assert proc.returncode == 0, proc.stderr
    files = tree(drive)
    assert files["mapello/stale.py"] == b"# an older version's, or the user's\n"
    assert ("kept mapello/stale.py: the game does not have it, and the drive has no list of what an earlier"
            " install put there (%s); delete it if it is not yours" % INSTALLED) in proc.stdout
    assert "mapello/rules/position.mpy" not in files
    assert INSTALLED in files and "mapello/stale.py" not in listed_paths(files[INSTALLED])


def test_a_drive_an_earlier_version_listed_is_updated_by_its_lists(tmp_path):
    """A drive whose install kept the earlier versions' three lists (of
    mapello/ without checksums, of boards/ and of fonts/ with them) is
    updated as they say: a listed module the new version lacks goes, a file
    of the user's in mapello/ stays, a bundled board the user changed stays,
    one left as it was gets the new release's, one the game no longer has
    goes; then the one list replaces the three, and the game runs."""
    repo = copy_repo(tmp_path)
    drive = make_drive(tmp_path)
    assert deploy("--target", drive, "--libs-from", SITE, repo=str(repo)).returncode == 0
    (drive / "boards" / "retired.txt").write_text("; a board an earlier version bundled\n")
    with open(drive / INSTALLED, "a") as f:
        f.write(cksum_line(drive / "boards" / "retired.txt", "boards/retired.txt"))
    as_an_earlier_version_listed_it(drive)
    with open(drive / OLD_MAPELLO_LIST, "a") as f:
        f.write("mapello/gone.py\n")
    (drive / "mapello" / "gone.py").write_text("# only in the earlier version\n")
    (drive / "mapello" / "notes.txt").write_text("my wiring notes\n")
    (drive / "boards" / "open.txt").write_text("; changed by the user\n")
    with open(repo / "boards" / "rulebook.txt", "a") as f:
        f.write("; new in this release\n")
    dry = deploy("--target", drive, "--dry-run", repo=str(repo))
    assert dry.returncode == 0, dry.stderr
    for line in ("would remove mapello/gone.py", "would remove boards/retired.txt", "would copy boards/rulebook.txt",
                 "would copy %s" % INSTALLED, "would remove %s" % OLD_MAPELLO_LIST,
                 "would remove boards/.mapello-bundled", "would remove fonts/.mapello-bundled"):
        assert line in dry.stdout, line
    proc = deploy("--target", drive, repo=str(repo))
    assert proc.returncode == 0, proc.stderr
    files = tree(drive)
    assert "mapello/gone.py" not in files and "boards/retired.txt" not in files
    assert files["mapello/notes.txt"] == b"my wiring notes\n"
    assert "kept mapello/notes.txt: no install put it there, so it is yours" in proc.stdout
    assert files["boards/open.txt"] == b"; changed by the user\n" and "kept boards/open.txt" in proc.stdout
    assert files["boards/rulebook.txt"].endswith(b"; new in this release\n")
    assert not [p for p in files if p.endswith((".mapello-bundled", "mapello/.mapello-installed"))]
    listed = listed_paths(files[INSTALLED])
    assert "mapello/rules/position.py" in listed and "boards/rulebook.txt" in listed
    assert "mapello/gone.py" not in listed and "mapello/notes.txt" not in listed
    # the one list says what the three did: the next deploy changes nothing
    assert "nothing to change" in deploy("--target", drive, repo=str(repo)).stdout
    assert_runs_the_game(drive)


def test_dry_run_writes_nothing(tmp_path):
    drive = make_drive(tmp_path)
    before, files = stamps(drive), tree(drive)
    proc = deploy("--target", drive, "--dry-run")
    assert proc.returncode == 0, proc.stderr
    assert tree(drive) == files and stamps(drive) == before
    assert "would copy code.py" in proc.stdout and "would copy lib/neopixel.py" in proc.stdout
    assert "would copy settings.toml" in proc.stdout
    assert "nothing was written" in proc.stdout
    # and on an installed drive with changes waiting
    assert deploy("--target", drive).returncode == 0
    as_an_earlier_install(drive, "mapello/gone.py")
    (drive / "mapello" / "rules" / "position.py").write_text("# stale\n")
    (drive / ".mapello-update").mkdir()
    before, files = stamps(drive), tree(drive)
    proc = deploy("--target", drive, "--dry-run")
    assert proc.returncode == 0, proc.stderr
    assert tree(drive) == files and stamps(drive) == before
    assert "would copy mapello/rules/position.py" in proc.stdout and "would remove mapello/gone.py" in proc.stdout
    assert "would remove .mapello-update" in proc.stdout
    assert "would copy %s" % INSTALLED in proc.stdout
    assert "3 change(s) would be made" in proc.stdout


class PowerCut(BaseException):
    """The laptop shut, the cable pulled: nothing of deploy.sh's runs after it."""


def deploy_with(monkeypatch, capsys, drive, *args, repo=ROOT):
    """deploy.sh ARGS, as deploy() runs it, but in this process and with the
    Drive class `drive` (desktop/deploy.py's, changed to fail on cue); the
    exit status None if it was stopped by a PowerCut."""
    for name, value in (("MAPELLO_MPY_CROSS_URL", NO_DOWNLOADS), ("XDG_CACHE_HOME", EMPTY_CACHE),
                        ("PIP_INDEX_URL", NO_INDEX)):
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("MAPELLO_DRIVE_CANDIDATES", raising=False)
    capsys.readouterr()
    try:
        status = deploy_py.main([str(a) for a in args], root=str(repo), drive=drive)
    except PowerCut:
        status = None
    out = capsys.readouterr()
    return subprocess.CompletedProcess(args, status, out.out, out.err)


class AlmostFull(deploy_py.Drive):
    """A drive with 40 KB free."""

    def room(self):
        return 40 * 1024, deploy_py.Drive.room(self)[1]


def test_a_full_drive_is_refused_before_anything_is_written(tmp_path, monkeypatch, capsys):
    drive = make_drive(tmp_path)
    before, files = stamps(drive), tree(drive)
    proc = deploy_with(monkeypatch, capsys, AlmostFull, "--target", drive)
    assert proc.returncode != 0
    assert "not enough room" in proc.stderr and "the drive has 40 KB" in proc.stderr
    assert "Nothing was changed" in proc.stderr
    assert tree(drive) == files and stamps(drive) == before
    needed = int(proc.stderr.split("needs ")[1].split(" KB")[0])
    assert 250 <= needed <= 900                                    # the whole game, in clusters (a Pico's drive: 1 MB)
    dry = deploy_with(monkeypatch, capsys, AlmostFull, "--target", drive, "--dry-run")
    assert "not enough room" in dry.stdout and tree(drive) == files


def test_a_copy_that_fails_half_way_leaves_the_old_game(tmp_path, monkeypatch, capsys):
    """The drive fills up while copying (from its third file on): the old
    version stays whole and runs, nothing of the new one is left."""
    class FillsUp(deploy_py.Drive):
        copies = 0

        def copy(self, source, rel):
            FillsUp.copies += 1
            if FillsUp.copies >= 3:
                raise OSError(28, "No space left on device", self.path(rel))
            deploy_py.Drive.copy(self, source, rel)

    drive = make_drive(tmp_path)
    assert deploy("--target", drive).returncode == 0
    for rel in ("mapello/rules/position.py", "mapello/ui/app.py", "code.py", "boot.py"):
        with open(drive / rel, "a") as f:
            f.write("# the old version\n")
    as_an_earlier_install(drive, "mapello/gone.py", "# only in the old version\n")
    before = tree(drive)
    proc = deploy_with(monkeypatch, capsys, FillsUp, "--target", drive)
    assert proc.returncode == 1 and FillsUp.copies == 3
    assert "the game on the board is the old one" in proc.stderr
    assert tree(drive) == before
    assert not (drive / ".mapello-update").exists()
    # the next deploy, with room again, finishes the job
    proc = deploy("--target", drive)
    assert proc.returncode == 0, proc.stderr
    assert read(drive / "code.py") == read(os.path.join(ROOT, "code.py"))
    assert not (drive / "mapello" / "gone.py").exists()


# code.py as the first versions of the game shipped it: what a drive updated
# from one of them holds until the new code.py is moved into place, last
FIRST_CODE_PY = """try:
    from mapello.hardware.start import main
except ImportError as e:  # mapello/ itself is missing or half copied
    print("Mapello: %s. Run deploy.sh again to copy the game." % e)
    raise
main()
"""


def killed_deploy(monkeypatch, capsys, drive, repo, moves):
    """deploy.sh of `repo` stopped dead (the laptop shut, the cable pulled)
    as it moves its file number `moves` (from 0) into place on the drive;
    returns the files moved before it."""
    class LosesPower(deploy_py.Drive):
        moved = 0

        def move(self, rel, to):
            if LosesPower.moved >= moves:
                raise PowerCut()
            deploy_py.Drive.move(self, rel, to)
            LosesPower.moved += 1

    proc = deploy_with(monkeypatch, capsys, LosesPower, "--target", drive, "--libs-from", SITE, repo=repo)
    assert proc.returncode is None, (proc.returncode, proc.stderr)
    return copied_lines(proc)


def test_a_deploy_killed_while_moving_files_leaves_a_drive_that_plays_or_says_why(tmp_path, monkeypatch,
                                                                                   capsys):
    """A drive installed by the first versions' code.py, updated to a version
    whose power-on function has another name (launch.py and start.py change
    together), with deploy.sh killed at three points: before any file
    moved, between launch.py and start.py (the old start.py calls a name the
    new launch.py lacks), and before code.py.  The board plays the game,
    or shows what to do; it never stops on a traceback."""
    old = make_drive(tmp_path)
    assert deploy("--target", old, "--libs-from", SITE).returncode == 0
    (old / "code.py").write_text(FIRST_CODE_PY)
    new = copy_repo(tmp_path)
    for rel, name in (("mapello/hardware/launch.py", "def launch("),
                      ("mapello/hardware/start.py", "launch.launch(")):
        text = (new / rel).read_text()
        assert name in text
        (new / rel).write_text(text.replace(name, name.replace("launch(", "power_on(")))
    whole = tmp_path / "whole"
    shutil.copytree(old, whole)
    proc = deploy("--target", whole, "--libs-from", SITE, repo=str(new))
    assert proc.returncode == 0, proc.stderr
    order = copied_lines(proc)
    assert order[-1] == "code.py" and assert_runs_the_game(whole)
    between = order.index("mapello/hardware/launch.py") + 1
    assert between <= order.index("mapello/hardware/start.py")
    for moves in (0, between, len(order) - 1):
        drive = tmp_path / ("killed-%d" % moves)
        shutil.copytree(old, drive)
        moved = killed_deploy(monkeypatch, capsys, drive, new, moves)
        assert len(moved) == moves
        assert read(drive / "code.py") == FIRST_CODE_PY.encode()
        run = run_drive(drive)
        assert run["ended"] == "ran", run
        if moves == between:      # a drive of two versions: the message, on the display too
            assert run["writes"] == 0, run
            assert any(line.startswith("Mapello: Start failed: AttributeError: ")
                       and line.endswith("If a copy of the game stopped half-way, run deploy.sh again.")
                       for line in run["serial"]), run["serial"]
        else:                     # the old game, or the new one under the old code.py
            assert_runs_the_game(drive)


def test_a_move_that_fails_leaves_the_new_files_for_the_next_run(tmp_path, monkeypatch, capsys):
    """A move into place fails (the drive was unplugged): deploy.sh says to
    run it again, and the next run clears what was left and finishes."""
    drive = make_drive(tmp_path)

    class Unplugged(deploy_py.Drive):
        def move(self, rel, to):
            if to.startswith("mapello/"):
                raise OSError(5, "Input/output error", self.path(to))
            deploy_py.Drive.move(self, rel, to)

    proc = deploy_with(monkeypatch, capsys, Unplugged, "--target", drive)
    assert proc.returncode == 1
    assert re.search(r"moving mapello/\S+ into place failed: run deploy.sh again", proc.stderr), proc.stderr
    assert (drive / ".mapello-update").is_dir() and read(drive / "code.py") == b'print("Hello World!")\n'
    proc = deploy("--target", drive)
    assert proc.returncode == 0, proc.stderr
    assert "removed .mapello-update" in proc.stdout and not (drive / ".mapello-update").exists()
    assert_runs_the_game(drive)


def test_relative_paths_are_from_the_folder_it_is_run_in(tmp_path):
    """deploy.sh runs its Python from the folder it was started in (the
    drive itself here, whose code.py is no module of deploy.sh's)."""
    drive = make_drive(tmp_path)
    proc = deploy("--target", ".", "--dry-run", cwd=str(drive))
    assert proc.returncode == 0, proc.stderr
    assert "CIRCUITPY at %s" % drive in proc.stdout and "would copy code.py" in proc.stdout


def test_a_leftover_update_folder_is_cleared(tmp_path):
    drive = make_drive(tmp_path)
    (drive / ".mapello-update" / "mapello").mkdir(parents=True)
    (drive / ".mapello-update" / "mapello" / "half.py").write_text("# from an unplugged deploy\n")
    proc = deploy("--target", drive)
    assert proc.returncode == 0, proc.stderr
    assert "removed .mapello-update" in proc.stdout
    assert not (drive / ".mapello-update").exists()


def test_files_that_run_instead_of_code_py_are_named(tmp_path):
    drive = make_drive(tmp_path)
    for name in ("code.txt", "main.py", "main.txt"):
        (drive / name).write_text("print('an old project')\n")
    proc = deploy("--target", drive)
    assert proc.returncode == 0, proc.stderr
    assert "warning: code.txt is on the drive: CircuitPython runs it instead of code.py" in proc.stdout
    assert "warning: main.py is on the drive: CircuitPython runs it whenever code.py is missing" in proc.stdout
    assert "warning: main.txt is on the drive" in proc.stdout
    assert (drive / "code.txt").exists()                           # the user's: named, not removed


def test_usage():
    proc = deploy("--help")
    assert proc.returncode == 0
    assert proc.stdout.startswith("Usage: ./deploy.sh [OPTIONS]")
    for option in ("--target DIR", "--dry-run", "--settings NAME", "--libs ", "--libs-from DIR", "--circup",
                   "--source", "--compile", "--mpy-cross PATH", "--bundle DIR", "--force-version"):
        assert option in proc.stdout, option
    assert not any(line.lstrip()[:1].isdigit() for line in proc.stdout.splitlines())
    bad = deploy("--frobnicate")
    assert bad.returncode != 0 and "unknown option: --frobnicate" in bad.stderr and "Usage:" in bad.stderr


def copy_repo(tmp_path):
    """The repository as a fresh clone has it: lib/ holds only its manifest."""
    repo = tmp_path / "repo"
    repo.mkdir()
    for name in ("deploy.sh", "settings.toml.pico", "settings.toml.pybadge", "code.py", "boot.py"):
        shutil.copy2(os.path.join(ROOT, name), repo / name)
    for name in ("mapello", "desktop", "boards", "fonts"):
        shutil.copytree(os.path.join(ROOT, name), repo / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    (repo / "lib").mkdir()
    shutil.copy2(os.path.join(ROOT, "lib", "requirements.txt"), repo / "lib" / "requirements.txt")
    return repo


def test_a_bundled_board_is_updated_only_if_the_user_left_it_alone(tmp_path):
    repo = copy_repo(tmp_path)
    drive = make_drive(tmp_path)
    assert deploy("--target", drive, "--libs-from", SITE, repo=str(repo)).returncode == 0
    (drive / "boards" / "open.txt").write_text("; changed by the user\n")
    for name in ("open.txt", "rulebook.txt"):
        with open(repo / "boards" / name, "a") as f:
            f.write("; new in this release\n")
    proc = deploy("--target", drive, repo=str(repo))
    assert proc.returncode == 0, proc.stderr
    assert read(drive / "boards" / "rulebook.txt").endswith(b"; new in this release\n")
    assert read(drive / "boards" / "open.txt") == b"; changed by the user\n"


def test_a_bundled_font_is_updated_only_if_the_user_left_it_alone(tmp_path):
    repo = copy_repo(tmp_path)
    drive = make_drive(tmp_path)
    assert deploy("--target", drive, "--libs-from", SITE, repo=str(repo)).returncode == 0
    font = repo / "fonts" / "mapello-5x8.bin"
    font.write_bytes(bytes(range(256)) + bytes(224))   # a new release of the font
    proc = deploy("--target", drive, repo=str(repo))
    assert proc.returncode == 0, proc.stderr
    assert read(drive / "fonts" / "mapello-5x8.bin") == read(font)
    (drive / "fonts" / "mapello-5x8.bin").write_bytes(b"\xff" * 480)   # the user's own 5x8
    font.write_bytes(bytes(480))
    proc = deploy("--target", drive, repo=str(repo))
    assert proc.returncode == 0, proc.stderr
    assert "kept fonts/mapello-5x8.bin" in proc.stdout
    assert read(drive / "fonts" / "mapello-5x8.bin") == b"\xff" * 480


def test_an_update_removes_the_pcf_font_and_its_loader_that_earlier_versions_copied(tmp_path):
    """A drive deployed before the font became a sheet (and before one list
    named all an install put there) holds the PCF font, listed as bundled,
    and adafruit_bitmap_font's PCF loader in lib/: both go; a PCF file the
    user changed stays."""
    drive = make_drive(tmp_path)
    assert deploy("--target", drive).returncode == 0
    as_an_earlier_version_listed_it(drive)
    for lib in RETIRED:                                 # as the earlier deploy.sh copied them
        os.makedirs(drive / "lib" / os.path.dirname(lib), exist_ok=True)
        shutil.copy(os.path.join(SITE, lib), drive / "lib" / lib)
    (drive / "lib" / "adafruit_bitmap_font" / "pcf.mpy").write_bytes(b"C\x06")
    pcf = os.path.join(ROOT, "fonts", "mapello-5x8.pcf")
    shutil.copy(pcf, drive / "fonts" / "mapello-5x8.pcf")
    (drive / "fonts" / "old-5x8.pcf").write_bytes(b"\x01fcp changed by the user")
    with open(drive / "fonts" / ".mapello-bundled", "a") as f:
        f.write(cksum_line(pcf, "mapello-5x8.pcf"))
        f.write(cksum_line(pcf, "old-5x8.pcf"))       # bundled once, changed since
    proc = deploy("--target", drive, "--dry-run")
    assert proc.returncode == 0, proc.stderr
    assert "would remove fonts/mapello-5x8.pcf" in proc.stdout
    assert "would remove lib/adafruit_bitmap_font/pcf.py" in proc.stdout
    proc = deploy("--target", drive)
    assert proc.returncode == 0, proc.stderr
    files = tree(drive)
    assert not any(p.startswith("lib/adafruit_bitmap_font") for p in files)
    assert not (drive / "lib" / "adafruit_bitmap_font").exists()
    assert "fonts/mapello-5x8.pcf" not in files and "removed fonts/mapello-5x8.pcf" in proc.stdout
    assert files["fonts/old-5x8.pcf"] == b"\x01fcp changed by the user"
    assert files["fonts/mapello-5x8.bin"] == read(os.path.join(ROOT, "fonts", "mapello-5x8.bin"))
    assert "fonts/mapello-5x8.pcf" not in listed_paths(files[INSTALLED]) and "fonts/.mapello-bundled" not in files
    assert_runs_the_game(drive)


class MountedReadOnly(deploy_py.Drive):
    """As when the game owns the drive (B held at reset)."""

    def read_only(self):
        return True


def test_read_only_drive_is_refused(tmp_path, monkeypatch, capsys):
    drive = make_drive(tmp_path)
    before = stamps(drive)
    for extra in ((), ("--dry-run",)):
        proc = deploy_with(monkeypatch, capsys, MountedReadOnly, "--target", drive, *extra)
        assert proc.returncode != 0
        assert "read-only" in proc.stderr and "without holding B" in proc.stderr
        assert stamps(drive) == before


def test_unwritable_folder_is_refused(tmp_path, monkeypatch, capsys):
    """A drive the user may not write (the system's answer, os.access, is
    the one thing stood in for: root may write anywhere) is refused before
    anything is copied."""
    drive = make_drive(tmp_path)
    before = sorted(os.listdir(drive))
    real_access = os.access
    monkeypatch.setattr(deploy_py.os, "access", lambda path, mode: (
        False if (os.path.samefile(path, drive) and mode & os.W_OK) else real_access(path, mode)))
    proc = deploy_with(monkeypatch, capsys, deploy_py.Drive, "--target", drive)
    assert proc.returncode != 0 and "read-only" in proc.stderr
    assert sorted(os.listdir(drive)) == before


def test_missing_drive(tmp_path):
    proc = deploy(env_extra={"MAPELLO_DRIVE_CANDIDATES": str(tmp_path / "nothing" / "CIRCUITPY")})
    assert proc.returncode != 0 and "no CIRCUITPY drive found" in proc.stderr
    proc = deploy("--target", tmp_path / "absent")
    assert proc.returncode != 0 and "is not a folder" in proc.stderr


def test_the_drive_is_found_without_target(tmp_path):
    drive = make_drive(tmp_path)
    proc = deploy("--dry-run", env_extra={"MAPELLO_DRIVE_CANDIDATES": "%s/none %s" % (tmp_path, drive)})
    assert proc.returncode == 0, proc.stderr
    assert "CIRCUITPY at %s" % drive in proc.stdout


def test_on_windows_the_drive_is_the_one_labelled_circuitpy(tmp_path, monkeypatch):
    """Windows has no /media: the drive is the one whose volume label is
    CIRCUITPY (windows_drives(), which asks Windows, stood in for here)."""
    monkeypatch.delenv("MAPELLO_DRIVE_CANDIDATES", raising=False)
    drive = make_drive(tmp_path)
    assert deploy_py.find_drive(None, name="nt", windows=lambda: [str(drive)]) == str(drive)
    (tmp_path / "other").mkdir()
    other = make_drive(tmp_path / "other")
    with pytest.raises(deploy_py.Stop, match="more than one CIRCUITPY drive"):
        deploy_py.find_drive(None, name="nt", windows=lambda: [str(drive), str(other)])

    def no_answer():
        raise OSError("no kernel32 here")
    with pytest.raises(deploy_py.Stop, match="no CIRCUITPY drive found.*--target"):
        deploy_py.find_drive(None, name="nt", windows=no_answer)


def test_play_py_deploy_runs_the_plan_without_bash(tmp_path):
    """`py play.py deploy` on Windows: the same plan, with this Python."""
    drive = make_drive(tmp_path)
    env = dict(os.environ, MAPELLO_MPY_CROSS_URL=NO_DOWNLOADS, XDG_CACHE_HOME=EMPTY_CACHE,
               PIP_INDEX_URL=NO_INDEX)
    proc = subprocess.run([sys.executable, "-I", os.path.join(ROOT, "play.py"), "deploy", "--dry-run",
                           "--target", str(drive)], cwd=str(tmp_path), env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "CIRCUITPY at %s" % drive in proc.stdout and "dry run:" in proc.stdout


def test_a_folder_without_boot_out_is_refused(tmp_path):
    drive = make_drive(tmp_path, boot_out=None, formatted=False)
    proc = deploy("--target", drive)
    assert proc.returncode != 0 and "no boot_out.txt" in proc.stderr
    assert tree(drive) == {}


@pytest.mark.parametrize("line,ok", [
    ("Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit Feather RP2040 with rp2040", True),
    ("Adafruit CircuitPython 9.0.0-beta.2 on 2024-02-20; Raspberry Pi Pico 2 with rp2350a", True),
    ("Adafruit CircuitPython 8.2.10 on 2024-02-14; Adafruit PyBadge with samd51j19", False),
    ("Adafruit CircuitPython 11.0.0 on 2027-01-01; Raspberry Pi Pico with rp2040", False),
    ("something else entirely", False),
])
def test_versions(tmp_path, line, ok):
    drive = make_drive(tmp_path, boot_out=line + "\n")
    proc = deploy("--target", drive, "--dry-run")
    assert (proc.returncode == 0) == ok, proc.stderr
    if not ok:
        assert "CircuitPython" in proc.stderr or "version" in proc.stderr


def test_force_version(tmp_path):
    drive = make_drive(tmp_path, boot_out="Adafruit CircuitPython 11.0.0 on 2027-01-01; Pico\n")
    proc = deploy("--target", drive, "--dry-run", "--force-version")
    assert proc.returncode == 0 and "not supported" in proc.stdout


def fake_mpy_cross(tmp_path, banner):
    """A stand-in for CircuitPython's mpy-cross: `banner` for --version, and
    for `[-O3] [-march=ARCH] [-s NAME] -o OUT FILE` a file OUT of 'C', 6 and
    the source name it embeds (FILE's path unless -s names it), as the real
    one embeds it, then " -O3" and " -march=ARCH" when asked for."""
    tool = tmp_path / "mpy-cross"
    tool.write_text("""#!/bin/sh
if [ "$1" = --version ]; then echo "%s"; exit 0; fi
name="" out="" opt="" march=""
while [ $# -gt 1 ]; do
    case "$1" in
        -s) name="$2"; shift 2 ;;
        -o) out="$2"; shift 2 ;;
        -O3) opt=" -O3"; shift ;;
        -march=*) march=" $1"; shift ;;
        *) exit 2 ;;
    esac
done
[ -n "$out" ] || exit 2
printf 'C\\006%%s%%s%%s' "${name:-$1}" "$opt" "$march" > "$out"
""" % banner)
    tool.chmod(0o755)
    return tool


def test_mpy_cross_from_circuitpython(tmp_path):
    drive = make_drive(tmp_path)
    (drive / "mapello" / "rules").mkdir(parents=True)
    (drive / "mapello" / "rules" / "position.py").write_text("# an older .py that the .mpy replaces\n")
    tool = fake_mpy_cross(tmp_path, "CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6.3")
    proc = deploy("--target", drive, "--mpy-cross", tool)
    assert proc.returncode == 0, proc.stderr
    files = tree(drive)
    # each named by the path the board imports it by: one name per module;
    # the game without line numbers, the libraries as their authors wrote them
    assert files["mapello/rules/position.mpy"] == b"C\x06mapello/rules/position.mpy -O3"
    assert files["lib/neopixel.mpy"] == b"C\x06/lib/neopixel.mpy"
    assert "mapello/rules/position.py" not in files
    assert "lib/neopixel.mpy" in files and "lib/neopixel.py" not in files
    assert files["code.py"] == read(os.path.join(ROOT, "code.py"))   # stays source
    # the same game compiles to the same files (a traceback names the drive's
    # path, not the staging folder's): deploying it again writes nothing
    again = deploy("--target", drive, "--mpy-cross", tool)
    assert again.returncode == 0 and "nothing to change" in again.stdout, again.stdout
    # and back to source files without it: the .mpy files go
    proc = deploy("--target", drive)
    files = tree(drive)
    assert "mapello/rules/position.py" in files and "mapello/rules/position.mpy" not in files
    assert "lib/neopixel.py" in files and "lib/neopixel.mpy" not in files


@pytest.mark.parametrize("banner,fragment", [
    ("MicroPython v1.24.1 on 2024-11-29; mpy-cross emitting mpy v6.3", "not CircuitPython's mpy-cross"),
    ("CircuitPython 8.2.9 on 2023-12-06; mpy-cross emitting mpy v5", "for CircuitPython 8, whose .mpy "
     "files a 9.x board refuses"),
])
def test_wrong_mpy_cross_is_refused(tmp_path, banner, fragment):
    drive = make_drive(tmp_path)
    before = tree(drive)
    proc = deploy("--target", drive, "--mpy-cross", fake_mpy_cross(tmp_path, banner))
    assert proc.returncode != 0 and fragment in proc.stderr
    assert tree(drive) == before


# Every name deploy.sh may look for, for any computer: the test's own machine finds its own.
MPY_CROSS_NAMES = ("linux-amd64/mpy-cross-linux-amd64-{v}.static",
                   "linux-aarch64/mpy-cross-linux-aarch64-{v}.static-aarch64",
                   "linux-raspbian/mpy-cross-linux-raspbian-{v}.static-raspbian",
                   "macos/mpy-cross-macos-{v}-arm64", "macos-11/mpy-cross-macos-11-{v}-universal",
                   "windows/mpy-cross-windows-{v}.static.exe")


def fake_downloads(tmp_path, release, banner=None):
    """A folder shaped as Adafruit's mpy-cross downloads, holding one release's
    fake mpy-cross, and the environment that points deploy.sh at it (and at a
    cache of the test's own)."""
    site = tmp_path / "downloads"
    tool = fake_mpy_cross(tmp_path, banner or "CircuitPython %s on 2026-08-31; mpy-cross emitting mpy v6.3"
                          % release)
    for name in MPY_CROSS_NAMES:
        path = site / name.format(v=release)
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(tool, path)
    return {"MAPELLO_MPY_CROSS_URL": "file://%s" % site, "XDG_CACHE_HOME": str(tmp_path / "cache")}


def test_compile_downloads_the_boards_mpy_cross_once(tmp_path):
    drive = make_drive(tmp_path)
    env = fake_downloads(tmp_path, "9.2.1")
    proc = deploy("--target", drive, "--compile", env_extra=env)
    assert proc.returncode == 0, proc.stderr
    assert "Fetching CircuitPython 9.2.1's mpy-cross: file://" in proc.stdout
    files = tree(drive)
    assert files["mapello/rules/position.mpy"] == b"C\x06mapello/rules/position.mpy -O3"
    assert "mapello/rules/position.py" not in files
    assert "lib/neopixel.mpy" in files and "lib/neopixel.py" not in files
    assert files["code.py"] == read(os.path.join(ROOT, "code.py"))
    cached = os.listdir(tmp_path / "cache" / "mapello-deploy")
    assert [n for n in cached if n.startswith("mpy-cross-")] in (["mpy-cross-9.2.1"], ["mpy-cross-9.2.1.exe"])
    # the next run takes the cached one: no download
    shutil.rmtree(tmp_path / "downloads")
    (drive / "mapello" / "rules" / "position.mpy").unlink()
    proc = deploy("--target", drive, "--compile", env_extra=env)
    assert proc.returncode == 0, proc.stderr
    assert "Fetching" not in proc.stdout
    assert tree(drive)["mapello/rules/position.mpy"] == b"C\x06mapello/rules/position.mpy -O3"


def test_compile_for_a_build_after_a_release_takes_the_releases_mpy_cross(tmp_path):
    drive = make_drive(tmp_path, boot_out="Adafruit CircuitPython 10.3.0-42-g3cdb20693f on 2026-09-01;"
                                          " Raspberry Pi Pico with rp2040\n")
    proc = deploy("--target", drive, "--compile", env_extra=fake_downloads(tmp_path, "10.3.0"))
    assert proc.returncode == 0, proc.stderr
    assert "a build after release 10.3.0: compiling with 10.3.0's mpy-cross" in proc.stdout
    assert "mapello/rules/position.mpy" in tree(drive)


def test_compiled_by_default_when_the_mpy_cross_can_be_had(tmp_path):
    drive = make_drive(tmp_path)
    proc = deploy("--target", drive, env_extra=fake_downloads(tmp_path, "9.2.1"))
    assert proc.returncode == 0, proc.stderr
    files = tree(drive)
    assert "mapello/rules/position.mpy" in files and "lib/neopixel.mpy" in files
    assert "mapello/rules/position.py" not in files and "lib/neopixel.py" not in files
    # --source copies source all the same, and the .mpy files go
    proc = deploy("--target", drive, "--source", env_extra=fake_downloads(tmp_path, "9.2.1"))
    assert proc.returncode == 0, proc.stderr
    assert "Fetching" not in proc.stdout
    files = tree(drive)
    assert "mapello/rules/position.py" in files and "mapello/rules/position.mpy" not in files


def test_offline_the_default_copies_source_and_compile_changes_nothing(tmp_path):
    drive = make_drive(tmp_path)
    before = tree(drive)
    env = {"MAPELLO_MPY_CROSS_URL": "file://%s" % (tmp_path / "nowhere"),
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    proc = deploy("--target", drive, "--compile", env_extra=env)
    assert proc.returncode != 0
    assert "could not download CircuitPython 9.2.1's mpy-cross" in proc.stderr
    assert "--mpy-cross PATH" in proc.stderr and "(--source)" in proc.stderr
    assert tree(drive) == before
    proc = deploy("--target", drive, env_extra=env)
    assert proc.returncode == 0, proc.stderr
    assert ("warning: could not download CircuitPython 9.2.1's mpy-cross (tried file://%s/" % (tmp_path / "nowhere")
            in proc.stdout)
    assert "copying the game as source, which starts in about 4 s instead of 0.7 s" in proc.stdout
    assert_runs_the_game(drive)


def test_compile_refuses_a_download_that_is_not_circuitpythons(tmp_path):
    drive = make_drive(tmp_path)
    before = tree(drive)
    env = fake_downloads(tmp_path, "9.2.1", banner="MicroPython v1.24.1; mpy-cross emitting mpy v6.3")
    proc = deploy("--target", drive, "--compile", env_extra=env)
    assert proc.returncode != 0 and "does not run here" in proc.stderr
    assert tree(drive) == before
    assert not [n for n in os.listdir(tmp_path / "cache" / "mapello-deploy") if n.startswith("mpy-cross-")]


def test_compile_for_a_version_of_another_mpy_format_is_refused(tmp_path):
    """8.x wrote .mpy version 5, which a 9.x board refuses (10.x for a 9.x
    board is fine: test_a_10x_mpy_cross_compiles_for_a_9x_board)."""
    drive = make_drive(tmp_path)
    before = tree(drive)
    proc = deploy("--target", drive, "--compile=8.2.9", env_extra=fake_downloads(tmp_path, "8.2.9"))
    assert proc.returncode != 0 and "for CircuitPython 8, whose .mpy files a 9.x board refuses" in proc.stderr
    assert tree(drive) == before


def test_compile_and_mpy_cross_together_are_refused(tmp_path):
    tool = fake_mpy_cross(tmp_path, "CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6.3")
    proc = deploy("--target", make_drive(tmp_path), "--compile", "--mpy-cross", tool)
    assert proc.returncode != 0 and "use one of them" in proc.stderr
    proc = deploy("--target", make_drive(tmp_path, name="OTHER"), "--source", "--mpy-cross", tool)
    assert proc.returncode != 0 and "cannot go with --compile or --source" in proc.stderr


ZIPS = ["mapello-handheld-circuitpython-10.x.zip", "mapello-handheld-circuitpython-9.x.zip"]
NATIVE_ZIP = "mapello-handheld-circuitpython-10.x-rp2040-rp2350.zip"


def test_deploy_sh_names_the_versions_the_bundles_are_made_for():
    majors = ["%d" % m for m in mpy_cross.SUPPORTED_MAJORS]
    assert "a CircuitPython %s drive" % " or ".join(majors) in deploy_py.USAGE
    assert "for\n                     CircuitPython %s, to unzip" % " and ".join(majors) in deploy_py.USAGE


def test_the_bundles_are_compiled_by_the_pinned_release_for_both_versions(tmp_path):
    """9.x and 10.x read one .mpy format, so one mpy-cross compiles both
    zips: the release the device code is type-checked against."""
    release = mpy_cross.BUNDLE_MPY_CROSS_VERSION
    with open(os.path.join(ROOT, "requirements-dev.txt")) as f:
        assert "circuitpython-stubs==%s\n" % release in f.read()
    proc = deploy("--bundle", tmp_path / "dist", env_extra=fake_downloads(tmp_path, release))
    assert proc.returncode == 0, proc.stderr
    assert "Fetching CircuitPython %s's mpy-cross" % release in proc.stdout
    assert sorted(os.listdir(tmp_path / "dist")) == sorted(ZIPS + [NATIVE_ZIP])
    names = bundle_names(tmp_path / "dist" / ZIPS[1])
    assert names == bundle_names(tmp_path / "dist" / ZIPS[0])
    assert "mapello/rules/position.mpy" in names and "mapello/rules/position.py" not in names
    assert "lib/neopixel.mpy" in names and "code.py" in names and "boot.py" in names
    with zipfile.ZipFile(tmp_path / "dist" / ZIPS[1]) as z:
        assert z.read("mapello/rules/position.mpy") == b"C\x06mapello/rules/position.mpy -O3"
    # the RP2040 and RP2350 zip: the same files and the native search kernel for their chips
    native = bundle_names(tmp_path / "dist" / NATIVE_ZIP)
    assert sorted(set(native) - set(names)) == ["mapello/ai/native.mpy"]
    assert not [n for n in names if "native" in n]
    with zipfile.ZipFile(tmp_path / "dist" / NATIVE_ZIP) as z:
        assert z.read("mapello/ai/native.mpy") == b"C\x06mapello/ai/native.mpy -O3 -march=armv6m"
        assert "mapello/ai/native.mpy" in listed_paths(z.read(INSTALLED))


def test_the_bundles_are_source_offline_or_when_asked(tmp_path):
    proc = deploy("--bundle", tmp_path / "offline")          # the tests' downloads find nothing
    assert proc.returncode == 0, proc.stderr
    assert "warning: could not download CircuitPython %s's mpy-cross" % (
        mpy_cross.BUNDLE_MPY_CROSS_VERSION) in proc.stdout and "writing the bundles as source" in proc.stdout
    assert "mapello/rules/position.py" in bundle_names(tmp_path / "offline" / ZIPS[0])
    proc = deploy("--bundle", tmp_path / "dist", "--compile")
    assert proc.returncode != 0 and not os.path.exists(tmp_path / "dist" / ZIPS[0])


def test_the_bundles_compiled_by_another_version(tmp_path):
    """9.2.1's mpy-cross compiles both zips, but no native code (it is 10.3.1's)."""
    proc = deploy("--bundle", tmp_path / "dist", "--compile=9.2.1", env_extra=fake_downloads(tmp_path, "9.2.1"))
    assert proc.returncode == 0, proc.stderr
    assert sorted(os.listdir(tmp_path / "dist")) == ZIPS
    assert "no %s: its native code needs the mpy-cross of CircuitPython 10.3.1 or later" % NATIVE_ZIP in proc.stdout
    assert "mapello/rules/position.mpy" in bundle_names(tmp_path / "dist" / ZIPS[0])


def test_a_10x_mpy_cross_compiles_for_a_9x_board(tmp_path):
    drive = make_drive(tmp_path)          # CircuitPython 9.2.1
    tool = fake_mpy_cross(tmp_path, "CircuitPython 10.0.3 on 2025-10-17; mpy-cross emitting mpy v6.3")
    proc = deploy("--target", drive, "--mpy-cross", tool)
    assert proc.returncode == 0, proc.stderr
    assert tree(drive)["mapello/rules/position.mpy"] == b"C\x06mapello/rules/position.mpy -O3"


PICO_10_3_1 = "Adafruit CircuitPython 10.3.1 on 2026-10-01; Raspberry Pi Pico with rp2040\nBoard ID:raspberry_pi_pico\n"
PICO2_10_4 = ("Adafruit CircuitPython 10.4.0-12-g3cdb206 on 2026-11-20; Raspberry Pi Pico 2 with rp2350a\n"
              "Board ID:raspberry_pi_pico2\n")
PYBADGE_10_3_1 = ("Adafruit CircuitPython 10.3.1 on 2026-10-01; Adafruit PyBadge with samd51j19\n"
                  "Board ID:pybadge\n")
PICO_10_3_0 = PICO_10_3_1.replace("10.3.1", "10.3.0")


@pytest.mark.parametrize("version,chip,march", [
    ("10.3.1", "rp2040", "armv6m"), ("10.3.1", "rp2350a", "armv6m"), ("10.4.0-12-g3cdb206", "rp2350b", "armv6m"),
    ("11.0.0", "rp2040", "armv6m"), ("10.3.0", "rp2040", None), ("10.3.1-rc.1", "rp2040", None),
    ("9.2.1", "rp2040", None), ("10.3.1", "samd51j19", None), ("10.3.1", "esp32s3", None), ("", "rp2040", None)])
def test_which_boards_load_native_code(version, chip, march):
    assert gamefiles.native_march(version, chip) == march


def mapello_files():
    """Every module under mapello/, as sorted '/'-paths."""
    top = os.path.join(ROOT, "mapello")
    return sorted("mapello/" + os.path.relpath(p, top).replace(os.sep, "/")
                  for p in glob.glob(os.path.join(top, "**", "*.py"), recursive=True))


def test_mapello_is_what_goes_to_the_device(tmp_path):
    """Every module under mapello/ goes to every board, but the native ones,
    which only a board that loads native code gets, compiled; nothing else
    of the repository's Python does (desktop/ and the tests run on a
    computer)."""
    native = list(gamefiles.NATIVE_MODULES)
    assert native and set(native) <= set(mapello_files())
    assert gamefiles.device_modules() == [p for p in mapello_files() if p not in native]
    gamefiles.stage(str(tmp_path / "drive"), libs=False)
    installed = listed_paths(read(tmp_path / "drive" / INSTALLED))
    assert [p for p in installed if p.startswith("mapello/")] == gamefiles.device_modules()
    assert sorted(installed) == sorted(p for p in tree(tmp_path / "drive") if p.startswith(("mapello/", "boards/",
                                                                                             "fonts/")))


def test_the_chip_is_read_from_boot_out():
    assert gamefiles.chip_of(PICO_10_3_1) == "rp2040"
    assert gamefiles.chip_of(PICO2_10_4) == "rp2350a"
    assert gamefiles.chip_of("Adafruit CircuitPython 10.3.1 on 2026-10-01; Some board\n") == ""
    assert gamefiles.chip_of("") == ""


@pytest.mark.parametrize("boot_out,native", [(PICO_10_3_1, True), (PICO2_10_4, True),
                                             (PYBADGE_10_3_1, False), (PICO_10_3_0, False)],
                         ids=["pico-10.3.1", "pico2-10.4", "pybadge-10.3.1", "pico-10.3.0"])
def test_the_native_search_goes_where_the_board_loads_it(tmp_path, boot_out, native):
    """Compiled for the RP2040's Cortex-M0+ (which the RP2350 loads too) on
    CircuitPython 10.3.1 and later; elsewhere the bytecode search alone."""
    drive = make_drive(tmp_path, boot_out)
    release = boot_out.split()[2].split("-")[0]
    tool = fake_mpy_cross(tmp_path, "CircuitPython %s on 2026-10-01; mpy-cross emitting mpy v6.3" % release)
    proc = deploy("--target", drive, "--mpy-cross", tool)
    assert proc.returncode == 0, proc.stderr
    files = tree(drive)
    assert "mapello/ai/native.py" not in files
    assert "mapello/ai/alphabeta.mpy" in files       # the bytecode search, for a refusal
    if native:
        assert files["mapello/ai/native.mpy"] == b"C\x06mapello/ai/native.mpy -O3 -march=armv6m"
        assert "the computer player in native code for the rp2" in proc.stdout
        assert "mapello/ai/native.mpy" in files[INSTALLED].decode()
    else:
        assert "mapello/ai/native.mpy" not in files
    if boot_out == PICO_10_3_0:
        assert "CircuitPython 10.3.1 or later would run the computer player in native code" in proc.stdout
    # copied as source, there is none: a board cannot compile viper code
    proc = deploy("--target", drive, "--source")
    assert proc.returncode == 0, proc.stderr
    assert not [f for f in tree(drive) if "native" in f]


def test_circup_when_asked(tmp_path):
    """circup installs the newest .mpy releases; the pinned .py copies an
    earlier deploy put there would be imported first, so they go.  The pinned
    libraries are not even fetched (a clone with an empty lib/, no PyPI)."""
    drive = make_drive(tmp_path)
    assert deploy("--target", drive).returncode == 0
    repo = copy_repo(tmp_path)
    log = tmp_path / "circup.log"
    env = shim(tmp_path, "circup", """echo "$@" >> %s
for m in neopixel adafruit_ticks adafruit_displayio_ssd1306 adafruit_display_text/__init__ \\
         adafruit_display_text/label; do
  printf 'C\\006' > "$2/lib/$m.mpy"
done
""" % log)
    env["XDG_CACHE_HOME"] = str(tmp_path / "no-cache")
    env["PIP_INDEX_URL"] = "http://127.0.0.1:9/"        # any download would fail
    proc = deploy("--target", drive, "--circup", env_extra=env, repo=str(repo))
    assert proc.returncode == 0, proc.stderr
    assert log.read_text().split() == ["--path", str(drive), "install", "--upgrade", "-r",
                                       str(repo / "lib" / "requirements.txt")]
    assert os.listdir(repo / "lib") == ["requirements.txt"]
    lib = sorted(p for p in tree(drive) if p.startswith("lib/"))
    assert not any(p.endswith(".py") for p in lib), lib
    assert "lib/neopixel.mpy" in lib and "removed lib/neopixel.py (circup installed lib/neopixel.mpy)" in proc.stdout
    assert "lib/neopixel.py" not in proc.stdout.replace("removed lib/neopixel.py", "")


def test_the_manifest_is_what_circup_reads_and_matches_requirements():
    """lib/requirements.txt pins the device libraries (no Blinka: the board has
    none) at requirements.txt's versions, each with its wheel's sha256, and
    names every library that goes to the board."""
    def pins(path):
        with open(path) as f:
            return {line.split("==")[0]: line.split()[0] for line in f
                    if line.strip() and not line.startswith("#")}
    device = pins(os.path.join(ROOT, "lib", "requirements.txt"))
    desktop = pins(os.path.join(ROOT, "requirements.txt"))
    assert not any("blinka" in name for name in device)
    assert sorted(device) == ["adafruit-circuitpython-display-text",
                              "adafruit-circuitpython-displayio-ssd1306", "adafruit-circuitpython-neopixel",
                              "adafruit-circuitpython-ticks"]
    for name, line in device.items():
        assert desktop[name] == line
    assert sorted(name for name, _ in libraries.LIB_FILES) == sorted(device)
    with open(os.path.join(ROOT, "lib", "requirements.txt")) as f:
        hashed = [line.split()[1] for line in f if line.strip() and not line.startswith("#")]
    assert len(hashed) == 4 and all(re.fullmatch(r"--hash=sha256:[0-9a-f]{64}", h) for h in hashed), hashed
    with open(os.path.join(ROOT, ".gitignore")) as f:
        ignored = f.read().split()
    assert "/lib/*" in ignored and "!/lib/requirements.txt" in ignored


def test_pybadge_settings_example(tmp_path):
    drive = make_drive(tmp_path)
    assert deploy("--target", drive, "--settings", "pybadge").returncode == 0
    assert read(drive / "settings.toml") == read(os.path.join(ROOT, "settings.toml.pybadge"))


def local_index(tmp_path, repo, tamper=None):
    """A package index on disk (PEP 503, as PyPI's simple index) serving a
    wheel of each pinned library, made of the venv's files, and the clone's
    lib/requirements.txt pinning those wheels' sha256; the wheel of `tamper`
    is changed after its hash was pinned.  The environment that points at it."""
    index = tmp_path / "pypi"
    pinned = []
    for name, files in libraries.LIB_FILES:
        version = [line.split()[0].split("==")[1] for line in open(os.path.join(ROOT, "lib", "requirements.txt"))
                   if line.startswith(name + "==")][0]
        dist = name.replace("-", "_")
        wheel = index / "files" / ("%s-%s-py3-none-any.whl" % (dist, version))
        wheel.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(wheel, "w") as z:
            for rel in files:
                z.write(os.path.join(SITE, rel), rel)
            z.writestr("%s-%s.dist-info/METADATA" % (dist, version), "Name: %s\nVersion: %s\n" % (name, version))
        sha = hashlib.sha256(wheel.read_bytes()).hexdigest()
        if name == tamper:
            with zipfile.ZipFile(wheel, "a") as z:
                z.writestr("extra.py", "# not what was pinned\n")
        page = index / "simple" / name / "index.html"
        page.parent.mkdir(parents=True)
        page.write_text('<html><body><a href="../../files/%s#sha256=%s">%s</a></body></html>\n'
                        % (wheel.name, sha, wheel.name))
        pinned.append("%s==%s --hash=sha256:%s\n" % (name, version, sha))
    (repo / "lib" / "requirements.txt").write_text("".join(pinned))
    return {"PIP_INDEX_URL": "file://%s/simple" % index, "XDG_CACHE_HOME": str(tmp_path / "cache")}


def test_libraries_from_pypi_when_there_is_no_venv(tmp_path):
    """A clone without .venv: deploy.sh downloads the pinned wheels once,
    with the standard library, each checked against its pinned sha256."""
    repo = copy_repo(tmp_path)
    drive = make_drive(tmp_path)
    env = local_index(tmp_path, repo)
    proc = deploy("--target", drive, repo=str(repo), env_extra=env)
    assert proc.returncode == 0, proc.stderr
    assert "Fetching the device libraries from PyPI" in proc.stdout
    for lib in LIBS:
        assert read(drive / "lib" / lib) == read(os.path.join(SITE, lib))   # the same pinned versions
        assert read(repo / "lib" / lib) == read(os.path.join(SITE, lib))    # kept in the clone's lib/
    assert len(os.listdir(tmp_path / "cache" / "mapello-deploy" / "wheels")) == 4
    again = deploy("--target", drive, repo=str(repo), env_extra=env)
    assert "Fetching the device libraries" not in again.stdout and "nothing to change" in again.stdout
    # a new clone takes them from the cache, with the index gone
    shutil.rmtree(tmp_path / "pypi")
    for lib in LIBS:
        os.remove(repo / "lib" / lib)
    proc = deploy("--libs", repo=str(repo), env_extra=env)
    assert proc.returncode == 0, proc.stderr
    assert read(repo / "lib" / "neopixel.py") == read(os.path.join(SITE, "neopixel.py"))


def test_a_wheel_that_is_not_the_pinned_one_is_refused(tmp_path):
    repo = copy_repo(tmp_path)
    env = local_index(tmp_path, repo, tamper="adafruit-circuitpython-ticks")
    proc = deploy("--libs", repo=str(repo), env_extra=env)
    assert proc.returncode != 0
    assert "lib/requirements.txt pins" in proc.stderr and "adafruit-circuitpython-ticks==" in proc.stderr
    assert "not used" in proc.stderr
    assert not (repo / "lib" / "adafruit_ticks.py").exists()
    (tmp_path / "other").mkdir()
    offline = deploy("--libs", repo=str(copy_repo(tmp_path / "other")))
    assert offline.returncode != 0 and "go online once, or use --libs-from DIR" in offline.stderr


def test_libs_then_a_hand_copy_of_the_root_is_a_working_install(tmp_path):
    """`./deploy.sh --libs`, then the repository's device files copied onto the
    drive by hand, as a file manager would (the example renamed to settings.toml)."""
    repo = copy_repo(tmp_path)
    proc = deploy("--libs", "--libs-from", SITE, repo=str(repo))
    assert proc.returncode == 0, proc.stderr
    assert sorted(p for p in tree(repo / "lib") if not p.startswith(".")) == sorted(LIBS + ("requirements.txt",))
    drive = make_drive(tmp_path)
    for name in ("code.py", "boot.py"):
        shutil.copy(repo / name, drive / name)
    shutil.copy(repo / "settings.toml.pico", drive / "settings.toml")
    for name in ("lib", "mapello", "boards", "fonts"):
        shutil.copytree(repo / name, drive / name, dirs_exist_ok=True)
    assert_runs_the_game(drive)
    # deploy.sh later only fills in what a hand copy has extra or lacks
    proc = deploy("--target", drive, repo=str(repo))
    assert proc.returncode == 0, proc.stderr
    assert "code.py" not in copied_lines(proc) and "kept settings.toml" in proc.stdout


def bundle_names(zip_path):
    with zipfile.ZipFile(zip_path) as z:
        return sorted(n for n in z.namelist() if not n.endswith("/"))


def test_the_bundle(tmp_path):
    out = tmp_path / "dist"
    proc = deploy("--bundle", out, "--source")
    assert proc.returncode == 0, proc.stderr
    zips = sorted(os.listdir(out))
    assert zips == ZIPS
    names = bundle_names(out / zips[0])
    assert bundle_names(out / zips[1]) == names
    game = [p for p in mapello_files() if p != "mapello/ai/native.py"]   # only compiled, for the RP2040's zip
    boards = sorted("boards/" + n for n in os.listdir(os.path.join(ROOT, "boards")) if n.endswith(".txt"))
    assert names == sorted(["code.py", "boot.py", "settings.toml", "settings.toml.pybadge", INSTALLED,
                            "fonts/mapello-5x8.bin"]
                           + ["lib/" + lib for lib in LIBS] + game + boards)
    with zipfile.ZipFile(out / zips[0]) as z:
        assert z.read("settings.toml") == read(os.path.join(ROOT, "settings.toml.pico"))
        assert z.read("settings.toml.pybadge") == read(os.path.join(ROOT, "settings.toml.pybadge"))
        assert z.read("code.py") == read(os.path.join(ROOT, "code.py"))
        assert z.read("lib/neopixel.py") == read(os.path.join(SITE, "neopixel.py"))
        # unzipped onto a fresh drive, over CircuitPython's empty settings.toml and sample code.py
        drive = make_drive(tmp_path)
        z.extractall(drive)
        unpacked = sum(i.file_size for i in z.infolist())
    for name in zips:
        print("%s: %d bytes, %d files, %d bytes unpacked" % (name, os.path.getsize(out / name), len(names), unpacked))
    assert_runs_the_game(drive)
    # deploy.sh finds such a drive up to date
    proc = deploy("--target", drive)
    assert proc.returncode == 0, proc.stderr
    assert "nothing to change" in proc.stdout, proc.stdout


def test_the_bundle_compiled(tmp_path):
    tool = fake_mpy_cross(tmp_path, "CircuitPython 10.0.3 on 2025-10-17; mpy-cross emitting mpy v6.3")
    proc = deploy("--bundle", tmp_path / "dist", "--mpy-cross", tool)
    assert proc.returncode == 0, proc.stderr
    assert sorted(os.listdir(tmp_path / "dist")) == ZIPS
    names = bundle_names(tmp_path / "dist" / "mapello-handheld-circuitpython-9.x.zip")
    assert "lib/neopixel.mpy" in names and "mapello/rules/position.mpy" in names
    assert not any(n.endswith(".py") for n in names if n.startswith(("lib/", "mapello/")))
    assert "code.py" in names and "boot.py" in names


def bundle_command(repo, *args, env_extra=None):
    """`python3 -m desktop bundle ARGS` in repo, by a Python with no
    site-packages at all (-S: not the venv's either) and no PYTHON* settings."""
    env = dict(os.environ, MAPELLO_MPY_CROSS_URL=NO_DOWNLOADS, XDG_CACHE_HOME=EMPTY_CACHE, PIP_INDEX_URL=NO_INDEX)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-S", "-E", "-m", "desktop", "bundle"] + [str(a) for a in args],
                          cwd=str(repo), capture_output=True, text=True, env=env, timeout=120)


def zip_contents(path):
    with zipfile.ZipFile(path) as z:
        return {name: z.read(name) for name in z.namelist() if not name.endswith("/")}


@pytest.mark.parametrize("how", ["compiled", "source"])
def test_the_bundle_command_makes_what_deploy_sh_makes_without_the_venv(tmp_path, how):
    """A clone with no .venv, a Python with only its standard library (as
    python.org's on Windows): the libraries come from the (local) index,
    checked against their pins, and the zips hold what deploy.sh's hold."""
    repo = copy_repo(tmp_path)
    env = local_index(tmp_path, repo)
    env.update(fake_downloads(tmp_path, mpy_cross.BUNDLE_MPY_CROSS_VERSION))
    env["SOURCE_DATE_EPOCH"] = "1700000000"
    extra = ["--source"] if how == "source" else []
    proc = bundle_command(repo, tmp_path / "python", *extra, env_extra=env)
    assert proc.returncode == 0, proc.stderr
    assert "Fetching the device libraries from PyPI" in proc.stdout
    assert ("%s)" % how) in proc.stdout
    zips = ZIPS + ([NATIVE_ZIP] if how == "compiled" else [])
    assert sorted(os.listdir(tmp_path / "python")) == sorted(zips)
    made = zip_contents(tmp_path / "python" / ZIPS[0])
    assert made == zip_contents(tmp_path / "python" / ZIPS[1])
    assert made["lib/neopixel.%s" % ("mpy" if how == "compiled" else "py")]
    assert made["settings.toml"] == read(os.path.join(ROOT, "settings.toml.pico"))
    assert sorted(n for n in made if n.startswith(("mapello/", "boards/", "fonts/"))) == \
        sorted(listed_paths(made[INSTALLED]))
    proc = deploy("--bundle", tmp_path / "deploy", *extra, repo=str(repo), env_extra=env)
    assert proc.returncode == 0, proc.stderr
    for name in zips:
        if name != NATIVE_ZIP:
            assert zip_contents(tmp_path / "deploy" / name) == made, name
        # the same game, at the same time, gives the same zip, byte for byte
        assert read(tmp_path / "deploy" / name) == read(tmp_path / "python" / name)


def test_the_bundle_command_says_what_stops_it(tmp_path):
    repo = copy_repo(tmp_path)
    proc = bundle_command(repo, tmp_path / "dist", "--compile")
    assert proc.returncode == 1
    assert "error: could not download CircuitPython %s's mpy-cross" % mpy_cross.BUNDLE_MPY_CROSS_VERSION in proc.stderr
    proc = bundle_command(repo, tmp_path / "dist")           # offline: source, and no libraries to be had
    assert proc.returncode == 1 and "writing the bundles as source" in proc.stdout
    assert "go online once, or use --libs-from DIR" in proc.stderr
    assert not os.path.exists(tmp_path / "dist" / ZIPS[0])
    proc = bundle_command(repo, "--compile", tmp_path / "dist")
    assert proc.returncode == 2 and "is not a CircuitPython version" in proc.stderr
    proc = bundle_command(repo, "--help")
    assert proc.returncode == 0
    for words in ("standard library", "sha256", "lib/requirements.txt", "mpy-cross", mpy_cross.BUNDLE_MPY_CROSS_VERSION,
                  "--libs-from DIR", "source"):
        assert words in proc.stdout, words
