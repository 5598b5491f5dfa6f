"""The game as a player sees it: a state machine of screens fed by button
presses and clock ticks, producing a 100-cell frame and a few lines of text.

It imports no hardware module, so the same App runs on the device, in the
desktop simulator, in tests and in the MicroPython VM.  Adapters read
`frame` (300 bytes, RGB at full scale, cell = row * 10 + col), `lines` (up to
4 strings of at most 21 characters) and `brightness`, and redraw only when
`version` changed.
"""

from mapello import buttons

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

LINE_WIDTH = const(21)
MESSAGE_MS = const(1800)
NOTICE_MS = const(5000)     # what the last save said at start: a damaged or set-aside save

DEFAULT_SETTINGS = {
    "mode": 0,          # index into screens_menu.MODES
    "board": 0,         # index into the menu's board choices
    "walls": 8, "bonuses": 8, "jokers": 8,   # limits; negative = exact count
    "games": 2,         # series length
    "timer": 0,         # seconds per move, 0 = off
    "hints": 1,         # 1 shows legal moves as dim hints
    "brightness": 30,   # percent
    "level": 0,         # computer level index
}


def fit(text):
    """A display line: at most LINE_WIDTH characters."""
    text = str(text)
    return text[:LINE_WIDTH] if len(text) > LINE_WIDTH else text


def wrap(text):
    """A message as up to 3 display lines, broken at spaces when it is long."""
    out = []
    while text and len(out) < 3:
        cut = len(text)
        if cut > LINE_WIDTH:
            cut = text.rfind(" ", 0, LINE_WIDTH + 1)
            if cut <= 0:
                cut = LINE_WIDTH
        out.append(text[:cut])
        text = text[cut:].strip()
    return out


class App:
    """One object, fed by press()/release()/tick(); see the module docstring."""

    def __init__(self, boards, storage, clock, seed=0, settings=None):
        self.boards = list(boards)
        self.storage = storage
        self.clock = clock
        self.seed = seed
        self.settings = dict(DEFAULT_SETTINGS)
        if settings:
            for key in settings:
                self.settings[key] = settings[key]
        self.frame = bytearray(300)
        self.lines = ["", "", "", ""]
        self.version = 0
        self.last_error = None    # text of an internal error the app survived
        self.strict = False       # tests set True to see the traceback instead
        self.screen = None
        self._dirty = True
        self._message = ""
        self._message_until = 0
        self.held = 0             # bit per button currently held
        self._load_settings()
        from mapello.ui.menu import MenuScreen
        self.show(MenuScreen(self))
        self._refresh()

    def _load_settings(self):
        """Settings (and a saved board) kept in the last save, if any."""
        if self.storage is None:
            return
        from mapello.game import storage as save
        found, problem = save.resume(self.storage, self.clock, self.seed)
        if problem:
            self.say(problem, NOTICE_MS)
        if found is not None:
            for key in DEFAULT_SETTINGS:
                v = found.settings.get(key)
                if isinstance(v, int):
                    self.settings[key] = v
            if isinstance(found.settings.get("myboard"), str):
                self.settings["myboard"] = found.settings["myboard"]

    @property
    def brightness(self):
        b = self.settings.get("brightness", 30)
        return b if 1 <= b <= 100 else 30

    # --- what screens call ---------------------------------------------------
    def show(self, screen):
        """Switch to `screen` (it draws on the next refresh)."""
        self.screen = screen
        enter = getattr(screen, "enter", None)
        if enter is not None:
            enter()
        self.changed()

    def changed(self):
        self._dirty = True

    @property
    def message(self):
        """The message say() is showing now ("" when none): what a build
        without a display scrolls across the matrix."""
        return self._message

    def say(self, text, ms=MESSAGE_MS):
        """A short message on the last display line (up to three lines when
        long) for `ms` milliseconds."""
        self._message = str(text)[:3 * LINE_WIDTH]
        self._message_until = self.clock() + ms
        self._dirty = True

    # --- inputs -------------------------------------------------------------
    def press(self, button):
        if not 0 <= button < len(buttons.NAMES):
            return
        self.held |= 1 << button
        self._guarded(self.screen.press, button)
        self._refresh()

    def release(self, button):
        if 0 <= button < len(buttons.NAMES):
            self.held &= ~(1 << button)

    def tick(self):
        now = self.clock()
        if self._message and now - self._message_until >= 0:
            self._message = ""
            self._dirty = True
        tick = getattr(self.screen, "tick", None)
        if tick is not None:
            self._guarded(tick, now)
        self._refresh()

    def _guarded(self, fn, arg):
        """Run a screen handler; an internal error goes back to the menu with a
        message instead of stopping the device (tests check last_error)."""
        try:
            fn(arg)
        except MemoryError:
            self._recover("out of memory")
        except Exception as e:  # the player must never see a crash
            if self.strict:
                raise
            self._recover("%s: %s" % (type(e).__name__, e))

    def _recover(self, text):
        self.last_error = text
        from mapello.ui.menu import MenuScreen
        self.show(MenuScreen(self))
        self.say("error: " + text)

    # --- output -------------------------------------------------------------
    def _refresh(self):
        if not self._dirty:
            return
        self._dirty = False
        old = bytes(self.frame)
        self.screen.draw(self.frame)
        lines = self.screen.text()
        out = []
        for i in range(4):
            out.append(fit(lines[i]) if i < len(lines) else "")
        if self._message:
            shown = wrap(self._message)
            for i in range(len(shown)):
                out[4 - len(shown) + i] = fit(shown[i])
        if out != self.lines or old != bytes(self.frame):
            self.lines = out
            self.version += 1
