"""The browser as the handheld's hardware, in MicroPython's WebAssembly port:
the device's own App and loop step (mapello.hardware.console.Console), fed
the page's keys and on-screen buttons, drawing through the device's matrix
adapter onto a strip the page paints as LEDs, with the saves in
localStorage behind the same interface as microcontroller.nvm.

page.js calls start(page, seed, sound) once, then, from its loop, step()
(one loop iteration of the device), key(button, down) for each key event,
point(cell) for each click or tap on a cell, and state() (JSON) when the
version step() returned has changed.  `page` is a JS object: now() ->
milliseconds (the page's clock: real time, or the tests' manual one),
load() -> the saved memory as hex ("" when none), store(hex) -> true, or
false when the browser refused to keep it, and tone(hz) (0: quiet), the
speaker.  What the page offers beside the handheld: record() (the last
finished game's record as text), load(file, text) (a record to replay or a
board file of one's own), new_game() and sound(on).
"""

import json
from binascii import hexlify, unhexlify
from os import listdir

from mapello.game.options import setting
from mapello.game.save.log import NvmStorage
from mapello.hardware.console import Console
from mapello.hardware.matrix import Matrix
from mapello.hardware.record_log import RecordLog, record_text
from mapello.hardware.repeat import Repeater
from mapello.hardware.sound import Sound
from mapello.hardware.wiring import pixel_table
from mapello.ui.app import Again, App
from mapello.ui.kinds import panel, presses

BOARDS = "boards"         # the bundled boards, beside mapello/ as on the drive
NVM_SIZE = 4096           # microcontroller.nvm of an RP2040: one flash sector


def device_defaults():
    """(brightness, current cap mA, think ms, repeat delay ms, repeat ms,
    sound on) as an empty settings.toml gives them on the device."""
    from mapello import drop_modules
    from mapello.hardware.settings import DEFAULTS
    out = (int(DEFAULTS["BRIGHTNESS"]), int(DEFAULTS["CURRENT_MA"]), int(DEFAULTS["THINK_MS"]),
           int(DEFAULTS["REPEAT_DELAY_MS"]), int(DEFAULTS["REPEAT_MS"]), DEFAULTS["SOUND"] != "0")
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
    (as keypad queues a board's presses), and its clicks on cells, each
    turned into buttons when its turn comes (mapello.ui.kinds.presses():
    the arrows to the cell, then A), with the cursor where it is then."""

    def __init__(self, app):
        self.app = app
        self.events = []

    def add(self, button, down):
        self.events.append((button, down))

    def point(self, cell):
        self.events.append((cell, None))

    def poll(self, sink, now):
        events = self.events
        while events:
            button, down = events.pop(0)
            if down is None:
                for key in presses(self.app, button):
                    sink.press(key)
                    sink.release(key)
            elif down:
                sink.press(button)
            else:
                sink.release(button)


class PageTone:
    """The speaker, as mapello.hardware.sound.Sound plays it: the page's
    Web Audio oscillator (page.tone(hz); 0 is quiet)."""

    def __init__(self, page):
        self.page = page

    def on(self, hz):
        self.page.tone(hz)

    def off(self):
        self.page.tone(0)


class Host:
    def __init__(self, page, seed, sound=None):
        brightness, current_ma, think_ms, delay_ms, repeat_ms, sound_on = device_defaults()
        self.nvm = PageNvm(page.load(), page.store)

        def clock():
            return int(page.now())
        self.app = App(BOARDS, NvmStorage(self.nvm), clock, seed=seed,
                       settings={"brightness": brightness, "think_ms": think_ms})
        if self.nvm.problem and not self.app.message:
            self.app.say(self.nvm.problem)
        self.strip = Strip()
        self.table = pixel_table()   # the simulator's wiring: serpentine from the top left
        self.keys = Keys(self.app)
        self.bundled = set(listdir(BOARDS))   # what the page brought: a board of one's own never replaces one
        self.sound(sound_on if sound is None else sound)
        self.console = Console(self.app, Matrix(self.strip, self.table, current_ma), [self.keys],
                               None, clock, repeater=Repeater(delay_ms, repeat_ms),
                               watchers=[RecordLog(), Sound(PageTone(page))])

    def sound(self, on):
        """The device's mute (MAPELLO_SOUND): the App lists its sounds only
        where someone plays them."""
        self.app.sounds = [] if on else None

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

    def last_record(self):
        """The last finished game's record (a GameRecord), or None: the App's,
        or, on a game-over screen a save resumed to, that screen's."""
        app = self.app
        if app.last_record is not None:
            return app.last_record
        session = getattr(app.screen, "session", None)
        return session.last if app.screen_name == "game over" and session is not None else None

    def state(self):
        app = self.app
        return json.dumps({
            "version": app.version, "lines": app.lines, "frame": hexlify(app.frame).decode(),
            "leds": self.leds(), "busy": app.busy, "screen": app.screen_name,
            "brightness": app.brightness, "error": app.last_error or "",
            "panel": panel(app), "record": self.last_record() is not None,
            "sound": app.sounds is not None})

    def record(self):
        """The last finished game's record as text (what the device prints on
        its serial console), or "" when there is none."""
        record = self.last_record()
        if record is None:
            return ""
        text, problem = record_text(record)
        return text if text is not None else ""

    def load(self, file, text):
        """A file the player loaded, pasted or dropped: a game's record (it
        has moves) is replayed on the handheld, from its start; a board file
        joins the menu's boards, chosen.  {"kind": "record" or "board",
        "error": why not (a board file's line and column), "file": the name
        it is kept under in boards/, "name": its name in the menu}."""
        from mapello.game.record.text import is_record_text
        if is_record_text(text):
            return {"kind": "record", "error": self.replay(text)}
        out = {"kind": "board", "error": ""}
        from mapello.rules.boardfile import MAX_BYTES, BoardError, parse_board
        if len(text.encode()) > MAX_BYTES:
            out["error"] = "%s: over %d bytes: not a board file" % (file, MAX_BYTES)
            return out
        try:
            parse_board(text)
        except BoardError as e:
            out["error"] = "%s: %s" % (file, e)
            return out
        file = board_file_name(file)
        if file in self.bundled:
            file = "my-" + file
        with open(BOARDS + "/" + file, "w") as f:
            f.write(text)
        self.to_menu()
        out["file"] = file
        out["name"] = self.choose_board(BOARDS + "/" + file)
        return out

    def replay(self, text):
        """The record in `text` replayed on the handheld (its replay screen,
        which goes back to the menu); "" or why not."""
        from mapello.game.record import RecordError
        from mapello.game.record.text import from_text
        try:
            record = from_text(text)
        except (RecordError, ValueError) as e:
            return str(e)
        self.app.run_deferred()
        self.app.go("replay", record, Again(self.app, "menu"))   # B in the replay: the menu
        return ""

    def choose_board(self, path):
        """The menu's board set to the file at `path`; its name in the menu."""
        from mapello.ui.menu_boards import catalogue
        boards = catalogue(self.app)
        # the catalogue names a file by its header, or by its file name
        # when another board took that name first
        name = boards.names[boards._sources.index(path)]
        self.app.settings["board"] = name
        self.app.changed()
        return name

    def setting_up(self):
        """Whether a board is being set up: its screen, the colour choice
        after it, or the small menu B opens over either.  A file loaded now
        would leave that board unkept, so the page asks first."""
        screen = self.app.screen
        if self.app.screen_name == "choice":
            screen = getattr(screen, "under", None)
        return getattr(screen, "name", "") in ("setup", "colour")

    def to_menu(self):
        """Back to the menu (the New game button, and after a file loaded):
        mapello.ui.kinds.new_game(), as the window's button does (not
        imported by that name: this module's new_game() is the page's)."""
        from mapello.ui import kinds
        kinds.new_game(self.app)


def board_file_name(name):
    """A file name for boards/ made from the one the player's file had."""
    name = name.replace("\\", "/").split("/")[-1]
    if name.lower().endswith(".txt"):
        name = name[:-4]
    out = "".join(c if c.isalpha() or c.isdigit() or c in "-_" else "-" for c in name.lower())
    return (out.strip("-")[:40] or "board") + ".txt"


_host = None


def start(page, seed, sound=-1):
    """The host, started; `sound`: 1 or 0 as the page's mute says, -1 for
    the device's default (MAPELLO_SOUND)."""
    global _host
    _host = Host(page, seed, None if sound < 0 else bool(sound))
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


def point(cell):
    _host.keys.point(cell)


def record():
    return _host.record()


def load(file, text):
    return json.dumps(_host.load(file, text))


def setting_up():
    return _host.setting_up()


def new_game():
    _host.to_menu()


def sound(on):
    _host.sound(bool(on))


def state():
    return _host.state()


def saved():
    """The memory the saves live in, as hex (what localStorage holds)."""
    return _host.nvm.hex()
