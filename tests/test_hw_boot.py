"""boot.py: B held at reset (on Blinka pins) hands CIRCUITPY to the game;
anything else, errors included, leaves it to the computer."""
import os
import runpy
import sys
import types

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import board  # noqa: E402
import digitalio  # noqa: E402
import pytest  # noqa: E402
from adafruit_blinka.microcontroller.generic_agnostic_board.pin import Pin  # noqa: E402

from mapello.hardware.bootmode import choose  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEVELS = {}
READS = []
REGISTER = [0]
STATE = {"loaded": 0, "shifted": 0}
B_PIN, CLOCK, DATA, LATCH = 207, 220, 221, 222


class LevelPin(Pin):
    def read(self):
        READS.append(self.id)
        if self.id == DATA:
            return bool(STATE["loaded"] >> STATE["shifted"] & 1)
        level = LEVELS.get(self.id, True)
        return level() if callable(level) else level

    def write(self, value):
        old = self.current_value
        super().write(value)
        if self.id == LATCH and value and not old:
            STATE["loaded"], STATE["shifted"] = REGISTER[0], 0
        if self.id == CLOCK and value and not old:
            STATE["shifted"] += 1


class Storage:
    def __init__(self, fail=None):
        self.calls = []
        self.fail = fail

    def remount(self, path, readonly=True):
        if self.fail:
            raise RuntimeError(self.fail)
        self.calls.append((path, readonly))


@pytest.fixture(autouse=True)
def pins(monkeypatch):
    LEVELS.clear()
    READS.clear()
    REGISTER[0] = 0
    monkeypatch.setattr(digitalio, "Pin", LevelPin)
    for name, pin_id in (("GP7", B_PIN), ("BUTTON_CLOCK", CLOCK), ("BUTTON_OUT", DATA),
                         ("BUTTON_LATCH", LATCH)):
        monkeypatch.setattr(board, name, Pin(pin_id), raising=False)


def no_sleep(seconds):
    pass


def test_b_not_held_leaves_the_drive_to_the_computer():
    storage = Storage()
    line = choose(storage, {}.get, board, no_sleep)
    assert storage.calls == [] and "computer writes" in line


def test_b_held_gives_the_drive_to_the_game():
    LEVELS[B_PIN] = False                           # pressed: pulled to GND
    storage = Storage()
    line = choose(storage, {}.get, board, no_sleep)
    assert storage.calls == [("/", False)] and "game writes" in line
    assert READS.count(B_PIN) == 3                  # held on every sample


def test_a_glitch_is_not_a_held_button():
    samples = iter([False, True, True])
    LEVELS[B_PIN] = lambda: next(samples)
    storage = Storage()
    choose(storage, {}.get, board, no_sleep)
    assert storage.calls == []


def test_pybadge_b_through_the_shift_register():
    REGISTER[0] = 1 << 0                            # B is key 0 on a PyBadge
    storage = Storage()
    line = choose(storage, {"MAPELLO_BUTTONS": "shift"}.get, board, no_sleep)
    assert storage.calls == [("/", False)], line
    REGISTER[0] = 1 << 1                            # A alone: no
    storage = Storage()
    choose(storage, {"MAPELLO_BUTTONS": "shift"}.get, board, no_sleep)
    assert storage.calls == []


@pytest.mark.parametrize("settings,fragment", [
    ({"MAPELLO_BUTTON_B": "GP99"}, "no pin GP99"),
    ({"MAPELLO_MATRIX_ROTATION": "45"}, "MAPELLO_MATRIX_ROTATION"),
])
def test_any_error_keeps_the_computer_in_charge(settings, fragment):
    LEVELS[B_PIN] = False
    storage = Storage()
    line = choose(storage, settings.get, board, no_sleep)
    assert storage.calls == [] and "computer writes" in line and fragment in line


def test_rp2350_pull_downs_never_give_the_drive_to_the_game(monkeypatch):
    """Erratum RP2350-E9 can hold a released pin high: B would look held at
    every reset and lock the computer out of the drive."""
    monkeypatch.setattr(os, "uname", lambda: types.SimpleNamespace(machine="Raspberry Pi Pico 2 with rp2350a"))
    LEVELS[B_PIN] = True                            # active high: "pressed", or latched
    storage = Storage()
    line = choose(storage, {"MAPELLO_BUTTONS_ACTIVE": "high"}.get, board, no_sleep)
    assert storage.calls == [] and "RP2350" in line
    monkeypatch.setattr(os, "uname", lambda: types.SimpleNamespace(machine="Raspberry Pi Pico with rp2040"))
    choose(storage, {"MAPELLO_BUTTONS_ACTIVE": "high"}.get, board, no_sleep)
    assert storage.calls == [("/", False)]


def test_a_failed_remount_is_reported_not_raised():
    LEVELS[B_PIN] = False
    line = choose(Storage(fail="Cannot remount"), {}.get, board, no_sleep)
    assert "computer writes" in line and "Cannot remount" in line


def run_boot_py(monkeypatch, capsys, storage):
    monkeypatch.setitem(sys.modules, "storage", storage)
    runpy.run_path(os.path.join(ROOT, "boot.py"), run_name="__main__")
    return capsys.readouterr().out


def test_boot_py_itself(monkeypatch, capsys):
    storage = types.SimpleNamespace(calls=[])
    storage.remount = lambda path, readonly=True: storage.calls.append((path, readonly))
    out = run_boot_py(monkeypatch, capsys, storage)
    assert "computer writes CIRCUITPY" in out and storage.calls == []


def test_boot_py_with_a_half_copied_mapello(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "mapello.hardware.bootmode", None)
    out = run_boot_py(monkeypatch, capsys, Storage())
    assert out.startswith("Mapello boot: computer writes CIRCUITPY (")
