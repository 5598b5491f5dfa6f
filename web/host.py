"""The browser as the handheld's hardware, in MicroPython's WebAssembly port:
the device's own App and loop step (mapello.hardware.console.Console), fed
the page's keys and on-screen buttons, drawing through the device's matrix
adapter onto a strip the page paints as LEDs, with the saves in
localStorage behind the same interface as microcontroller.nvm.

page.js calls start(page, seed) once, then, from its loop, step() (one loop
iteration of the device), key(button, down) for each key event and state()
(JSON) when the version step() returned has changed.  `page` is a JS object:
now() -> milliseconds (the page's clock: real time, or the tests' manual
one), load() -> the saved memory as hex ("" when none) and store(hex) ->
true, or false when the browser refused to keep it.
"""

import json
from binascii import hexlify, unhexlify

from mapello.game.options import setting
from mapello.game.save.log import NvmStorage
from mapello.hardware.console import Console
from mapello.hardware.matrix import Matrix
from mapello.hardware.record_log import RecordLog
from mapello.hardware.repeat import Repeater
from mapello.hardware.wiring import pixel_table
from mapello.ui.app import App

BOARDS = "boards"         # the bundled boards, beside mapello/ as on the drive
NVM_SIZE = 4096           # microcontroller.nvm of an RP2040: one flash sector


def device_defaults():
    """(brightness, current cap mA, think ms, repeat delay ms, repeat ms) as
    an empty settings.toml gives them on the device."""
    from mapello import drop_modules
    from mapello.hardware.settings import DEFAULTS
    out = (int(DEFAULTS["BRIGHTNESS"]), int(DEFAULTS["CURRENT_MA"]), int(DEFAULTS["THINK_MS"]),
           int(DEFAULTS["REPEAT_DELAY_MS"]), int(DEFAULTS["REPEAT_MS"]))
    drop_modules(("hardware.settings",))
    return out


class PageNvm:
    """microcontroller.nvm kept in localStorage: len(), slice reads and
    writes, erased bytes 0xFF.  Every write stores the whole memory again
    (as hex); a write the browser refuses raises OSError, which the save log
    reports as a failed save while the game plays on."""

    def __init__(self, saved, store):
        self.data = bytearray(b"\xff" * NVM_SIZE)
        self.problem = None
        if saved:
            try:
                got = unhexlify(saved)
                self.data[0:min(len(got), NVM_SIZE)] = got[:NVM_SIZE]
            except ValueError:    # not hex: left erased, the game starts afresh
                self.problem = "browser save damaged"
        self._store = store

    def __len__(self):
        return NVM_SIZE

    def __getitem__(self, key):
        return bytes(self.data[key])

    def __setitem__(self, key, value):
        if key.stop - key.start != len(value):
            raise ValueError("Slice and value different lengths")   # as the nvm says
        self.data[key] = value
        if not self._store(hexlify(self.data).decode()):
            raise OSError("browser storage full")

    def hex(self):
        return hexlify(self.data).decode()


class Strip:
    """What the matrix adapter writes to: 100 pixels as 0xRRGGBB (a NeoPixel
    object with auto_write off and brightness 1, as the device makes it)."""

    def __init__(self):
        self.pixels = [0] * 100
        self.shows = 0

    def __setitem__(self, i, colour):
        self.pixels[i] = colour

    def __getitem__(self, i):
        return self.pixels[i]

    def fill(self, colour):
        for i in range(100):
            self.pixels[i] = colour

    def show(self):
        self.shows += 1


class Keys:
    """The page's key events, queued until the loop's next step polls them
    (as keypad queues a board's presses)."""

    def __init__(self):
        self.events = []

    def add(self, button, down):
        self.events.append((button, down))

    def poll(self, sink, now):
        events = self.events
        while events:
            button, down = events.pop(0)
            if down:
                sink.press(button)
            else:
                sink.release(button)


class Host:
    def __init__(self, page, seed):
        brightness, current_ma, think_ms, delay_ms, repeat_ms = device_defaults()
        self.nvm = PageNvm(page.load(), page.store)

        def clock():
            return int(page.now())
        self.app = App(BOARDS, NvmStorage(self.nvm), clock, seed=seed,
                       settings={"brightness": brightness, "think_ms": think_ms})
        if self.nvm.problem and not self.app.message:
            self.app.say(self.nvm.problem)
        self.strip = Strip()
        self.table = pixel_table()   # the simulator's wiring: serpentine from the top left
        self.keys = Keys()
        self.console = Console(self.app, Matrix(self.strip, self.table, current_ma), [self.keys],
                               None, clock, repeater=Repeater(delay_ms, repeat_ms),
                               watchers=[RecordLog()])

    def leds(self):
        """The 100 cells as the desktop simulator shows them: the colour each
        LED was sent, with the brightness setting taken back out (an LED at a
        low duty cycle looks far brighter than a screen pixel of that value;
        a matrix dimmed or dark after no press shows dim or dark)."""
        b = setting(self.app.settings, "brightness")
        out = bytearray(300)
        pixels = self.strip.pixels
        table = self.table
        for cell in range(100):
            v = pixels[table[cell]]
            i = 3 * cell
            for k in range(3):
                c = ((v >> (16 - 8 * k)) & 255) * 100 // b
                out[i + k] = 255 if c > 255 else c
        return hexlify(out).decode()

    def state(self):
        app = self.app
        return json.dumps({
            "version": app.version, "lines": app.lines, "frame": hexlify(app.frame).decode(),
            "leds": self.leds(), "busy": app.busy, "screen": app.screen_name,
            "brightness": app.brightness, "error": app.last_error or ""})


_host = None


def start(page, seed):
    global _host
    _host = Host(page, seed)
    _host.console.step()
    return _host.app.version


def step():
    """One iteration of the device's loop; the App's version after it."""
    _host.console.step()
    return _host.app.version


def busy():
    return _host.app.busy


def key(button, down):
    _host.keys.add(button, down)


def state():
    return _host.state()


def saved():
    """The memory the saves live in, as hex (what localStorage holds)."""
    return _host.nvm.hex()
