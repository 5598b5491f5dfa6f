"""deploy.sh against a fake CIRCUITPY folder: fresh install, update, dry run,
refusals (read-only, missing drive, no boot_out.txt, unsupported version,
MicroPython's mpy-cross), and the user's settings.toml and boards kept."""
import glob
import os
import shutil
import stat
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = glob.glob(os.path.join(ROOT, ".venv", "lib", "python3*", "site-packages"))[0]
PICO_9 = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\nBoard ID:raspberry_pi_pico\n"


def make_drive(tmp_path, boot_out=PICO_9, name="CIRCUITPY"):
    drive = tmp_path / name
    drive.mkdir()
    if boot_out is not None:
        (drive / "boot_out.txt").write_text(boot_out)
    return drive


def deploy(*args, env_extra=None, repo=ROOT):
    env = dict(os.environ)
    env.pop("MAPELLO_DRIVE_CANDIDATES", None)
    env.update(env_extra or {})
    return subprocess.run([os.path.join(repo, "deploy.sh")] + [str(a) for a in args],
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


def read(path):
    with open(path, "rb") as f:
        return f.read()


def test_fresh_install(tmp_path):
    drive = make_drive(tmp_path)
    proc = deploy("--target", drive)
    assert proc.returncode == 0, proc.stderr
    files = tree(drive)
    assert files["code.py"] == read(os.path.join(ROOT, "code.py"))
    assert files["boot.py"] == read(os.path.join(ROOT, "boot.py"))
    assert files["settings.toml"] == read(os.path.join(ROOT, "settings.toml.pico"))
    assert files["lib/neopixel.py"] == read(os.path.join(SITE, "neopixel.py"))
    assert files["lib/adafruit_display_text/label.py"] == read(os.path.join(SITE, "adafruit_display_text", "label.py"))
    for lib in ("adafruit_ticks.py", "adafruit_displayio_ssd1306.py", "adafruit_display_text/__init__.py",
                "adafruit_bitmap_font/__init__.py", "adafruit_bitmap_font/glyph_cache.py"):
        assert "lib/" + lib in files
    assert files["lib/adafruit_bitmap_font/pcf.py"] == read(os.path.join(SITE, "adafruit_bitmap_font", "pcf.py"))
    # only the PCF loader: bitmap_font.py would import every format's module
    assert not any(p.startswith("lib/adafruit_bitmap_font/") and p.rsplit("/", 1)[1] not in
                   ("__init__.py", "glyph_cache.py", "pcf.py") for p in files)
    assert files["fonts/mapello-5x8.pcf"] == read(os.path.join(ROOT, "fonts", "mapello-5x8.pcf"))
    assert "fonts/README.md" not in files
    assert files["mapello/rules/position.py"] == read(os.path.join(ROOT, "mapello", "rules", "position.py"))
    assert "mapello/hardware/start.py" in files
    for name in os.listdir(os.path.join(ROOT, "boards")):
        if name.endswith(".txt"):
            assert files["boards/" + name] == read(os.path.join(ROOT, "boards", name))
    # nothing that only runs on the desktop, no caches
    assert "mapello/desktop/cli.py" not in files and "mapello/__main__.py" not in files
    assert not any("__pycache__" in p or p.endswith(".pyc") or p.startswith(("mapello/sim/", "mapello/desktop/")) for p in files)
    # order: libraries, game, boards, boot.py, code.py last
    copied = [line.split()[1] for line in proc.stdout.splitlines() if line.startswith("copied ")]
    assert copied[-1] == "code.py" and copied[-2] == "boot.py"
    assert max(i for i, p in enumerate(copied) if p.startswith("lib/")) < min(
        i for i, p in enumerate(copied) if p.startswith("mapello/"))
    assert copied.index("fonts/mapello-5x8.pcf") < copied.index("boot.py")
    assert "CircuitPython 9.2.1" in proc.stdout


def test_update_keeps_the_users_files_and_changes_only_what_changed(tmp_path):
    drive = make_drive(tmp_path)
    assert deploy("--target", drive).returncode == 0
    (drive / "settings.toml").write_text('MAPELLO_MATRIX_ROTATION = 90\n')
    (drive / "boards" / "open.txt").write_text("; my own version\n" + (". " * 10 + "\n") * 10)
    (drive / "boards" / "saved-1.txt").write_text("; saved on the device\n")
    (drive / "fonts" / "mine.pcf").write_bytes(b"\x01fcp my own font")
    (drive / "mapello" / "rules" / "position.py").write_text("# stale\n")
    (drive / "mapello" / "gone.py").write_text("# from an older version\n")
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
    copied = [line.split()[1] for line in proc.stdout.splitlines() if line.startswith("copied ")]
    assert copied == ["mapello/rules/position.py"]          # not even code.py: no needless reload
    again = deploy("--target", drive)
    assert "done: 0 change(s)" in again.stdout


def copy_repo(tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    for name in ("deploy.sh", "settings.toml.pico", "settings.toml.pybadge", "code.py", "boot.py"):
        shutil.copy2(os.path.join(ROOT, name), repo / name)
    for name in ("mapello", "boards", "fonts"):
        shutil.copytree(os.path.join(ROOT, name), repo / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    return repo


def test_a_bundled_board_is_updated_only_if_the_user_left_it_alone(tmp_path):
    repo = copy_repo(tmp_path)
    drive = make_drive(tmp_path)
    assert deploy("--target", drive, "--libs-from", SITE, repo=str(repo)).returncode == 0
    (drive / "boards" / "open.txt").write_text("; changed by the user\n")
    for name in ("open.txt", "rulebook.txt"):
        with open(repo / "boards" / name, "a") as f:
            f.write("; new in this release\n")
    proc = deploy("--target", drive, "--libs-from", SITE, repo=str(repo))
    assert proc.returncode == 0, proc.stderr
    assert read(drive / "boards" / "rulebook.txt").endswith(b"; new in this release\n")
    assert read(drive / "boards" / "open.txt") == b"; changed by the user\n"


def test_a_bundled_font_is_updated_only_if_the_user_left_it_alone(tmp_path):
    repo = copy_repo(tmp_path)
    drive = make_drive(tmp_path)
    assert deploy("--target", drive, "--libs-from", SITE, repo=str(repo)).returncode == 0
    font = repo / "fonts" / "mapello-5x8.pcf"
    with open(font, "ab") as f:
        f.write(b"\0")                                 # a new release of the font
    proc = deploy("--target", drive, "--libs-from", SITE, repo=str(repo))
    assert proc.returncode == 0, proc.stderr
    assert read(drive / "fonts" / "mapello-5x8.pcf") == read(font)
    (drive / "fonts" / "mapello-5x8.pcf").write_bytes(b"\x01fcp the user's own 5x8")
    with open(font, "ab") as f:
        f.write(b"\0")
    proc = deploy("--target", drive, "--libs-from", SITE, repo=str(repo))
    assert proc.returncode == 0, proc.stderr
    assert "kept fonts/mapello-5x8.pcf" in proc.stdout
    assert read(drive / "fonts" / "mapello-5x8.pcf") == b"\x01fcp the user's own 5x8"


def test_dry_run_writes_nothing(tmp_path):
    drive = make_drive(tmp_path)
    before = tree(drive)
    proc = deploy("--target", drive, "--dry-run")
    assert proc.returncode == 0, proc.stderr
    assert tree(drive) == before
    assert "would copy code.py" in proc.stdout and "would copy lib/neopixel.py" in proc.stdout
    assert "nothing was written" in proc.stdout


def test_read_only_drive_is_refused(tmp_path):
    drive = make_drive(tmp_path)
    shim = tmp_path / "bin"
    shim.mkdir()
    findmnt = shim / "findmnt"                     # the mount says "ro", as when the game owns the drive
    findmnt.write_text("#!/bin/sh\necho ro,nosuid,nodev,relatime\n")
    findmnt.chmod(0o755)
    before = tree(drive)
    proc = deploy("--target", drive, env_extra={"PATH": "%s:%s" % (shim, os.environ["PATH"])})
    assert proc.returncode != 0
    assert "read-only" in proc.stderr and "without holding B" in proc.stderr
    assert tree(drive) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_unwritable_folder_is_refused(tmp_path):
    drive = make_drive(tmp_path)
    drive.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        proc = deploy("--target", drive)
    finally:
        drive.chmod(0o755)
    assert proc.returncode != 0 and "read-only" in proc.stderr


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


def test_a_folder_without_boot_out_is_refused(tmp_path):
    drive = make_drive(tmp_path, boot_out=None)
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
    tool = tmp_path / "mpy-cross"
    tool.write_text("""#!/bin/sh
if [ "$1" = --version ]; then echo "%s"; exit 0; fi
[ "$1" = -o ] || exit 2
printf 'C\\006' > "$2"
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
    assert files["mapello/rules/position.mpy"] == b"C\x06"
    assert "mapello/rules/position.py" not in files
    assert "lib/neopixel.mpy" in files and "lib/neopixel.py" not in files
    assert files["code.py"] == read(os.path.join(ROOT, "code.py"))   # stays source
    # and back to source files without it: the .mpy files go
    proc = deploy("--target", drive)
    files = tree(drive)
    assert "mapello/rules/position.py" in files and "mapello/rules/position.mpy" not in files
    assert "lib/neopixel.py" in files and "lib/neopixel.mpy" not in files


@pytest.mark.parametrize("banner,fragment", [
    ("MicroPython v1.24.1 on 2024-11-29; mpy-cross emitting mpy v6.3", "not CircuitPython's mpy-cross"),
    ("CircuitPython 10.0.0 on 2025-09-01; mpy-cross emitting mpy v6.3", "for CircuitPython 10"),
])
def test_wrong_mpy_cross_is_refused(tmp_path, banner, fragment):
    drive = make_drive(tmp_path)
    proc = deploy("--target", drive, "--mpy-cross", fake_mpy_cross(tmp_path, banner))
    assert proc.returncode != 0 and fragment in proc.stderr
    assert set(tree(drive)) == {"boot_out.txt"}


def test_circup_when_asked(tmp_path):
    drive = make_drive(tmp_path)
    shim = tmp_path / "bin"
    shim.mkdir()
    log = tmp_path / "circup.log"
    (shim / "circup").write_text('#!/bin/sh\necho "$@" >> %s\n' % log)
    (shim / "circup").chmod(0o755)
    proc = deploy("--target", drive, "--circup", env_extra={"PATH": "%s:%s" % (shim, os.environ["PATH"])})
    assert proc.returncode == 0, proc.stderr
    assert log.read_text().split() == ["--path", str(drive), "install", "neopixel", "adafruit_display_text",
                                       "adafruit_displayio_ssd1306", "adafruit_ticks", "adafruit_bitmap_font"]
    assert not (drive / "lib").exists()


def test_pybadge_settings_example(tmp_path):
    drive = make_drive(tmp_path)
    assert deploy("--target", drive, "--settings", "pybadge").returncode == 0
    assert read(drive / "settings.toml") == read(os.path.join(ROOT, "settings.toml.pybadge"))


def test_library_pins_match_requirements():
    with open(os.path.join(ROOT, "requirements.txt")) as f:
        pins = {line.split("==")[0]: line.strip() for line in f if line.startswith("adafruit-circuitpython-")}
    with open(os.path.join(ROOT, "deploy.sh")) as f:
        script = f.read()
    for package in ("adafruit-circuitpython-neopixel", "adafruit-circuitpython-display-text",
                    "adafruit-circuitpython-displayio-ssd1306", "adafruit-circuitpython-ticks",
                    "adafruit-circuitpython-bitmap-font"):
        assert '"%s ' % pins[package] in script, package


def test_libraries_from_pypi_when_there_is_no_venv(tmp_path):
    """A clone without .venv: deploy.sh downloads the pinned wheels once."""
    repo = copy_repo(tmp_path)
    drive = make_drive(tmp_path)
    proc = deploy("--target", drive, repo=str(repo), env_extra={"XDG_CACHE_HOME": str(tmp_path / "cache")})
    if proc.returncode != 0 and "pip download failed" in proc.stderr:
        pytest.skip("PyPI is not reachable from here")
    assert proc.returncode == 0, proc.stderr
    assert "Fetching the device libraries from PyPI" in proc.stdout
    for lib in ("neopixel.py", "adafruit_ticks.py", "adafruit_displayio_ssd1306.py", "adafruit_bitmap_font/pcf.py"):
        assert read(drive / "lib" / lib) == read(os.path.join(SITE, lib))   # the same pinned versions
    again = deploy("--target", drive, repo=str(repo), env_extra={"XDG_CACHE_HOME": str(tmp_path / "cache")})
    assert "Fetching" not in again.stdout and "done: 0 change(s)" in again.stdout
