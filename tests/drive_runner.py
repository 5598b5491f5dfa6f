"""Runs the code.py of a fake CIRCUITPY folder (the current directory) the way
CircuitPython would: the drive's root and then its lib/ on sys.path (and
nothing of the repository), os.getenv answering from its settings.toml, and
Adafruit Blinka for the hardware and for `micropython` (its const, which a
board has built in: the desktop's stub in desktop/ is not on the
drive).  Used by tests/test_hw_deploy.py on what deploy.sh, the bundle or a
hand copy put on the drive.

Stand-ins, at the lowest level: the Pico's pin names as Blinka pins that read
"not pressed", an I2C bus with nothing on it (no OLED wired), `supervisor.ticks_ms` (a clock that ends the run after RUN_MS
of game time; time.sleep moves it), the NeoPixel wire (counted), and no keypad (Blinka's never
stops).  Prints one JSON line: where the modules came from, the wire writes,
the serial output's lines.
"""
import io
import json
import os
import re
import runpy
import sys
import threading
import time
import types

RUN_MS = 4000
drive = os.getcwd()
sys.path[:] = [drive, os.path.join(drive, "lib")] + [
    p for p in sys.path[1:] if os.path.abspath(p or os.curdir) != drive]
os.environ["BLINKA_OS_AGNOSTIC"] = "1"


def settings_toml(path):
    """KEY = "text" or KEY = 123 lines, as CircuitPython's os.getenv reads them."""
    values = {}
    with open(path) as f:
        for line in f:
            m = re.match(r'\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*("([^"]*)"|([^\s#]+))', line)
            if m:
                values[m.group(1)] = m.group(3) if m.group(3) is not None else m.group(4)
    return values


for key in [k for k in os.environ if k.startswith("MAPELLO_")]:
    del os.environ[key]
if os.path.exists("settings.toml"):
    os.environ.update(settings_toml("settings.toml"))

import board  # noqa: E402
import busio  # noqa: E402
import digitalio  # noqa: E402
from adafruit_blinka.microcontroller.generic_agnostic_board.pin import Pin  # noqa: E402


class UpPin(Pin):
    def read(self):
        return True                 # pulled up, never pressed


for n in range(30):
    setattr(board, "GP%d" % n, UpPin(200 + n))
digitalio.Pin = UpPin


class NoDevice:
    """busio.I2C with nothing wired to the pins, as on a board without the OLED."""

    def __init__(self, scl, sda, frequency=100000, timeout=255):
        raise RuntimeError("No pull up found on SDA or SCL; check your wiring")


busio.I2C = NoDevice
sys.modules["keypad"] = None

clock = [0]


class Stop(BaseException):
    pass


def ticks_ms():
    clock[0] += 1
    if clock[0] > RUN_MS:
        raise Stop()
    return clock[0]


real_sleep = time.sleep


def sleep(seconds):
    if threading.current_thread() is not threading.main_thread():
        return real_sleep(seconds)      # Blinka displayio's own refresh thread
    clock[0] += int(seconds * 1000)
    if clock[0] > RUN_MS:
        raise Stop()


sys.modules["supervisor"] = types.SimpleNamespace(ticks_ms=ticks_ms)
time.sleep = sleep
writes = [0]
out = io.StringIO()
real_stdout = sys.stdout
sys.stdout = out
try:
    import neopixel

    def wire(pin, buf):
        writes[0] += 1
    neopixel.neopixel_write = wire
    runpy.run_path("code.py", run_name="__main__")
    ended = "returned"
except Stop:
    ended = "ran"
except BaseException as e:  # noqa: B902 - reported, the test decides
    import traceback
    traceback.print_exc(file=out)
    ended = "failed: %s: %s" % (type(e).__name__, e)
finally:
    sys.stdout = real_stdout
files = {}
for name in ("mapello", "mapello.hardware.start", "neopixel", "adafruit_ticks", "adafruit_display_text"):
    module = sys.modules.get(name)
    if module is not None and getattr(module, "__file__", None):
        files[name] = os.path.relpath(module.__file__, drive)
print(json.dumps({"ended": ended, "files": files, "writes": writes[0],
                  "serial": out.getvalue().splitlines()}))
