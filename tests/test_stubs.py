"""The device code type-checked against CircuitPython's own API: mypy with
circuitpython-stubs (pinned to the 10.x line in requirements-dev.txt) and
--check-untyped-defs, over code.py, boot.py and every module deploy.sh puts
on the board.  Blinka is kept off mypy's path (it accepts calls that
CircuitPython refuses, e.g. busio.I2C's frequency given by position); the
device libraries are checked as the board gets them, from the pinned PyPI
files, without reporting their own typing slips."""
import glob
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = glob.glob(os.path.join(ROOT, ".venv", "lib", "python3*", "site-packages"))[0]
LIBRARIES = ("neopixel.py", "adafruit_display_text", "adafruit_displayio_ssd1306.py", "adafruit_ticks.py",
             "adafruit_bitmap_font", "circuitpython_typing")
CONFIG = """\
[mypy]
check_untyped_defs = True
no_site_packages = True
warn_unused_ignores = True

[mypy-neopixel,adafruit_display_text.*,adafruit_displayio_ssd1306,adafruit_ticks,adafruit_bitmap_font.*,circuitpython_typing.*]
ignore_errors = True

# The pure modules import no hardware; only their untyped-code noise is off
# (empty literals, Optional attributes).
[mypy-mapello.rules.*,mapello.game.*,mapello.ai.*,mapello.ui.*,mapello.buttons]
disable_error_code = var-annotated, union-attr, assignment

# The native search kernel: viper's typed pointers and machine-word integers
# are the compiler's, which mypy does not know (tests/test_native.py runs it
# against the bytecode kernel instead).
[mypy-mapello.ai.native]
ignore_errors = True
"""
# What CircuitPython refuses and Blinka accepts: the check must say so.
CONTROL = """\
import busio
import displayio


def oled(scl, sda):
    i2c = busio.I2C(scl, sda, 400000)
    return displayio.I2CDisplay(i2c, device_address=0x3C)
"""


def device_files():
    """What deploy.sh puts on the board: code.py, boot.py and all of mapello/."""
    return ["code.py", "boot.py"] + [
        os.path.relpath(path, ROOT)
        for path in sorted(glob.glob(os.path.join(ROOT, "mapello", "**", "*.py"), recursive=True))]


def type_root(folder):
    """A folder for MYPYPATH: each `X-stubs` of circuitpython-stubs as `X`, and the libraries."""
    try:
        from importlib.metadata import distribution
        stubs = distribution("circuitpython-stubs")
    except Exception:
        pytest.fail("circuitpython-stubs is missing: run ./test.sh, which installs requirements-dev.txt")
    names = sorted({str(f).split("/")[0] for f in stubs.files if str(f).split("/")[0].endswith("-stubs")})
    assert "busio-stubs" in names and "displayio-stubs" in names
    for name in names:
        os.symlink(os.path.join(SITE, name), os.path.join(folder, name[:-len("-stubs")]))
    for name in LIBRARIES:
        os.symlink(os.path.join(SITE, name), os.path.join(folder, name))
    return folder


def run_mypy(tmp_path, files):
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.skip("mypy 2.x needs Python 3.10 or newer (the stubs use 3.12 syntax)")
    config = tmp_path / "mypy.ini"
    config.write_text(CONFIG)
    root = tmp_path / "types"
    root.mkdir()
    env = dict(os.environ, MYPYPATH=type_root(str(root)))
    proc = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(config),
                           "--cache-dir", str(tmp_path / "cache"), "--no-color-output",
                           "--hide-error-context"] + files,
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    return proc.returncode, proc.stdout + proc.stderr


def test_device_code_against_circuitpython_stubs(tmp_path):
    control = tmp_path / "control.py"
    control.write_text(CONTROL)
    files = device_files()
    assert "mapello/hardware/start.py" in files
    code, out = run_mypy(tmp_path, files + [str(control)])
    errors = [line for line in out.splitlines() if ": error:" in line]
    ours = [line for line in errors if not line.startswith(str(control))]
    assert ours == [], out
    # and the check sees what Blinka lets through
    control_errors = " ".join(line for line in errors if line.startswith(str(control)))
    assert "control.py:6:" in control_errors and "Too many positional arguments" in control_errors, out
    assert "control.py:7:" in control_errors and '"I2CDisplay"' in control_errors, out
    assert len(errors) == 2, out
    print("mypy + circuitpython-stubs: %d device files, 0 errors; the control file: %d" % (len(files), len(errors)))


def test_the_game_has_no_assert_statement():
    """deploy.sh compiles the game with mpy-cross -O3 (no line numbers, less
    bytecode in RAM), which also drops every assert: a check the game needs
    must be an if that raises, or it would vanish on the board."""
    import ast
    found = []
    for rel in device_files():
        if rel.startswith("mapello"):
            with open(os.path.join(ROOT, rel)) as f:
                tree = ast.parse(f.read())
            found += ["%s:%d" % (rel, node.lineno) for node in ast.walk(tree)
                      if isinstance(node, ast.Assert)]
    assert not found, found
