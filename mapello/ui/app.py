"""The game as a player sees it: screens fed by button presses and clock
ticks, producing a 100-cell frame and a few lines of text.

It imports no hardware module, so the same App runs on the device, in the
desktop simulator, in tests and in the MicroPython VM.  Adapters read
`frame` (300 bytes, RGB at full scale, cell = row * 10 + col), `lines` (4
strings of at most 21 characters) and `brightness`, and redraw only when
`version` changed.

The screen protocol.  Screens never import each other: `go(name, ...)`
looks the name up in mapello.ui.modules.SCREENS, loads that screen's
module and the module groups it needs, and builds the module's one class,
`Screen(app, ...)`, with go()'s other arguments.  The App sets the
screen's `name` and then calls, on the screen shown:

    enter()         optional: once each time the screen is shown (go() or show())
    press(button)   a button went down (mapello.buttons numbers)
    tick(now)       optional: every loop step, `now` the clock's milliseconds
    draw(frame)     paint the 300-byte frame (mapello.ui.palette) when the
                    App redraws: after changed(), a message, a new screen
    text()          the display lines, a list of up to 4 strings of up to
                    LINE_WIDTH characters (say()'s message covers the last ones)
    busy            optional, read as a truth value: the screen works on its
                    own (the computer or a hint thinks), ticks move it on

A screen another one is drawn over (the choice menu over setup or play)
also has draw_still(frame): its picture without the blinking cursor.  From
press() and tick() a screen moves on with app.go(name, ...), back to one it
holds with app.show(screen), to a game with app.start_game(board) or
app.resume_game(); the switch waits until the handler has returned (go()).
It tells the App what changed with changed() (redraw), say() (a message),
sound() and defer() (work after the frame is out).
"""

from mapello import buttons
from mapello.ui import modules

from micropython import const

LINE_WIDTH = const(21)
_MESSAGE_MS = const(1800)
_NOTICE_MS = const(5000)     # what the last save said at start: a damaged or set-aside save
# App.asleep: the matrix at full brightness, dimmed after the "sleep"
# setting's minutes with no press, dark after twice that (100 LEDs are most
# of a battery's drain)
AWAKE = const(0)
DIMMED = const(1)
DARK = const(2)
_PRESS = const(0)            # the screen's handlers, as _guarded() calls them
_TICK = const(1)

def fit(text):
    """A display line: at most LINE_WIDTH characters."""
    text = str(text)
    return text[:LINE_WIDTH] if len(text) > LINE_WIDTH else text


def wrap(text):
    """A message as display lines, broken at spaces when it is long."""
    out = []
    while text:
        cut = len(text)
        if cut > LINE_WIDTH:
            cut = text.rfind(" ", 0, LINE_WIDTH + 1)
            if cut <= 0:
                cut = LINE_WIDTH
        out.append(text[:cut])
        text = text[cut:].strip()
    return out


class Again:
    """A screen to come back to that is built again when shown: app.show()
    of it is app.go(name, *args).  What a screen holds to return to where
    the screen it stands for, and its modules, go meanwhile (a what-if
    branch drops the replay's; a record replayed in the page returns to
    the menu)."""

    def __init__(self, app, name, *args):
        self.app = app
        self.name = name
        self.args = args

    def enter(self):
        self.app.go(self.name, *self.args)


class App:
    """One object, fed by press()/release()/tick(); see the module docstring.

    boards: where the bundled boards come from: a folder of board files, or
    a list of BoardFiles (tests, the desktop); the menu reads them through a
    mapello.game.catalogue.Catalogue it makes (`catalogue`), which a game
    does not hold;
    storage: where games are saved (mapello.game.save.log) or None;
    clock: a callable returning milliseconds; seed: for random boards and
    the computer; settings: values that override options.SETTINGS' defaults.
    """

    def __init__(self, boards, storage, clock, seed=0, settings=None):
        self.boards = boards
        self.catalogue = None     # the menu's, made by mapello.ui.menu_boards
        self.storage = storage
        self.clock = clock
        self.seed = seed
        modules.load("core")
        from mapello.game.options import default_settings
        self.settings = default_settings()  # type: dict
        if settings:
            for key in settings:
                self.settings[key] = settings[key]
        self.frame = bytearray(300)
        self._shown = bytearray(300)   # the frame as last drawn: compared in place, no copy
        self.lines = ["", "", "", ""]
        self.version = 0
        self.last_error = None    # text of an internal error the app survived
        self.strict = False       # tests set True to see the traceback instead, and
                                  # to have a screen's line over LINE_WIDTH raise
        self.screen = None
        self.screen_name = ""
        self._next = None         # (action, args): the switch asked for, done once the handler returns
        self._handling = False
        self._dirty = True
        self._message = ""
        self._message_lines = []  # wrap(message): shown three at a time
        self._message_page = 0
        self._message_at = 0
        self._message_ms = _MESSAGE_MS
        self._message_until = 0
        self._notified = None     # the save's problem told last (notify())
        self.held = 0             # bit per button currently held
        self.asleep = AWAKE       # AWAKE, DIMMED or DARK: the matrix after no press a while
        self._pressed_at = None   # the clock at the last press (None: the first tick's)
        self._waking = 0          # bit per button whose press woke the matrix: ignored until released
        self.write_board = None   # the device sets it when boards may be saved as files
        self.sounds = None        # type: list | None  # the device's list: "move", "refused", "game over"
        self.last_record = None   # the GameRecord of the last game finished
        self.cursor = -1          # the cursor's cell (lit or not), -1 when none is drawn
        self._under = None        # the colour the cursor covers
        self._deferred = []       # what waits for the frame to be out (a move's save)
        self._load_settings()
        self.go("menu")
        self._refresh()

    def _load_settings(self):
        """Settings (and a saved board) kept in the last save, if any; the
        players' record ("tally", in the settings from the start) among them,
        as the save's checks passed it (mapello/game/save/checks.py)."""
        if self.storage is None:
            return
        from mapello.game.options import SETTINGS
        found, _, problem = self.peek()
        self.notify(problem, _NOTICE_MS)
        if found is not None:
            for key in self.settings:
                if key in SETTINGS:
                    _, _, _, choices, _ = SETTINGS[key]
                    if choices == ():     # not the menu's (think_ms): settings.toml's
                        continue
                v = found.get(key)
                if type(v) is type(self.settings[key]):   # an old save's board number is dropped
                    self.settings[key] = v
            if isinstance(found.get("myboard"), str):
                self.settings["myboard"] = found["myboard"]

    def peek(self):
        """(settings or None, whether a game is saved, problem or None): the
        last save's outline, as mapello.game.save.outline.peek() reads it.  An
        empty memory (a new board) is told without compiling the save's
        format: the storage reads the memory once, and peek() would read
        the same."""
        storage = self.storage
        if storage is None:
            return None, False, None
        try:
            if storage.load() is None:
                return None, False, storage.problem
        except Exception:  # MemoryError included: outline.peek() says what went wrong
            pass
        return modules.load_module("mapello.game.save.outline").peek(storage)

    def flow(self):
        """mapello.game.session, with the game's modules loaded (see
        mapello.ui.modules.GROUPS)."""
        return modules.load("game")

    @property
    def brightness(self):
        """The matrix's brightness in percent: the setting's, a quarter of it
        while DIMMED, 0 while DARK."""
        from mapello.game.options import setting
        percent = setting(self.settings, "brightness")
        if self.asleep == AWAKE:
            return percent
        return (percent // 4 or 1) if self.asleep == DIMMED else 0

    @property
    def busy(self):
        """True while the app works on its own (the computer or a hint thinks):
        ticks, not presses, move it on."""
        return bool(getattr(self.screen, "busy", False))

    # --- what screens call ---------------------------------------------------
    def go(self, name, *args):
        """Build the screen called `name` (mapello.ui.modules.SCREENS) with
        `args` and show it.

        Called from a press or tick handler, the switch waits until the
        handler has returned: until then the old screen's code and data are
        held by the running handler, and the new screen's modules would have
        to compile beside them."""
        self._ask(self._open, (name, args))

    def start_game(self, board):
        """A new session on `board` (see mapello.game.session.start), begun
        once the handler that asked has returned and its screen is gone:
        the game's modules then compile into the room the menu's leave
        instead of around them, where a game's start is tightest."""
        self._ask(self._start, (board,))

    def resume_game(self):
        """The saved game read back and resumed (B in the menu), as
        start_game() begins one: once the menu's screen and modules are gone
        (the save's readers kept), so the game's modules compile where the
        menu's were.  A save that does not resume goes back to the menu,
        which says why."""
        self._ask(self._resume, ())

    def _ask(self, action, args):
        """Have `action(*args)` done, one of the switches below: now, or
        once the running handler has returned (go())."""
        self._next = (action, args)
        if not self._handling:
            self._switch()

    def _switch(self):
        """Do the switch asked for; it may ask for the next (a game started
        goes on to its first screen)."""
        while self._next is not None:
            action, args = self._next
            self._next = None
            action(*args)

    def _open(self, name, args):
        needs = tuple(modules.words(modules.SCREENS, name))   # its module, its groups
        if len(needs) > 1:
            self.screen = None        # what it drew goes with the collections
            modules.use(needs[1:])
        screen = modules.load_module("mapello." + needs[0]).Screen(self, *args)
        screen.name = name
        self.show(screen)

    def _leave_session(self):
        """What the last session left: its screen, its game-over screen's
        record, the menu's board names (read again at its return)."""
        self.screen = None
        self.last_record = None
        self.catalogue = None

    def _start(self, board):
        self._leave_session()
        modules.use(())
        session, step = self.flow().start(self, board)
        self._next = (self._open, (step, (session,)))

    def _resume(self):
        self._leave_session()
        modules.use(("readers",))
        name, args, said = modules.load_module("mapello.game.save.resume").resume_step(self)
        self._next = (self._open, (name, args))
        self.say(said)

    def show(self, screen):
        """Show `screen`: a new one from go(), or one made before (the game
        under a menu)."""
        self.screen = screen
        self.screen_name = screen.name
        self.cursor = -1
        enter = getattr(screen, "enter", None)
        if enter is not None:
            enter()
        self.changed()

    def changed(self):
        self._dirty = True

    def defer(self, job):
        """Run `job()` once the frame this press or tick drew is on the LEDs:
        the loop calls run_deferred() right after the matrix write; a host
        that does not is served at the start of the next press or tick, so
        nothing else happens in the App before a deferred job has run (a
        move's save comes before anything that could follow the move)."""
        self._deferred.append(job)

    def run_deferred(self):
        """The jobs defer() queued, in order; an error in one is survived as a
        screen handler's is (the rest are dropped with the screen)."""
        jobs = self._deferred
        while jobs:
            try:
                jobs.pop(0)()
            except Exception as e:  # MemoryError included: the player must never see a crash
                if self.strict:
                    raise
                del jobs[:]
                self._recover("out of memory" if isinstance(e, MemoryError)
                              else "%s: %s" % (type(e).__name__, e))
        self._refresh()

    def sound(self, name):
        if self.sounds is not None:
            self.sounds.append(name)

    def put_cursor(self, frame, cell, colour=None):
        """Paint the cursor on `cell` (colour None: its dark blink phase)."""
        from mapello.ui.palette import get, put
        self.cursor = cell
        self._under = get(frame, cell)
        if colour is not None:
            put(frame, cell, colour)

    def blink(self, colour):
        """The cursor's next blink phase (colour None: the dark one): only its
        cell is painted again, unless the screen changed since it was drawn
        (then it is drawn as after changed()).  Drawing a whole screen takes
        longer than a step of the loop on the device, and a press that comes
        meanwhile waits."""
        if self._dirty or self.cursor < 0:
            self._dirty = True
            return
        from mapello.ui.palette import put
        put(self.frame, self.cursor, self._under if colour is None else colour)
        if self.frame != self._shown:
            self._shown[:] = self.frame
            self.version += 1

    def cell_kinds(self):
        """100 codes, what each cell is (mapello/ui/kinds.py; the simulator's)."""
        from mapello.ui.kinds import cell_kinds
        return cell_kinds(self.frame, self.cursor, self._under)

    @property
    def message(self):
        """The message say() is showing now ("" when none): what a build
        without a display scrolls across the matrix."""
        return self._message

    def say(self, text, ms=_MESSAGE_MS):
        """A message on the last display line (up to three lines when long)
        for `ms` milliseconds.  One longer than three lines (a board file's
        error names the file, the line and the column) shows three lines at
        a time, each three for `ms`: nothing of it is cut off."""
        self._message = text = str(text)
        self._message_lines = lines = wrap(text)
        self._message_page = 0
        self._message_at = now = self.clock()
        self._message_ms = ms
        self._message_until = now + ms * ((len(lines) + 2) // 3)
        self._dirty = True

    def notify(self, problem, ms=_MESSAGE_MS):
        """say() what the save's outline reports (peek()), unless it was the
        last thing notified: a notice stands on the save until the next one
        is written, and is told once, not at every return to the menu."""
        if problem and problem != self._notified:
            self._notified = problem
            self.say(problem, ms)

    # --- inputs -------------------------------------------------------------
    def press(self, button):
        if self._deferred:
            self.run_deferred()
        if not 0 <= button < len(buttons.NAMES):
            return
        self.held |= 1 << button
        self._pressed_at = self.clock()
        if self.asleep != AWAKE or self._waking & (1 << button):
            # the press that wakes the matrix only wakes it (the player could
            # not see what it would do), and so do its repeats while held
            self._waking |= 1 << button
            self._sleep(AWAKE)
            return
        self._guarded(_PRESS, button)
        self._refresh()

    def release(self, button):
        if 0 <= button < len(buttons.NAMES):
            self.held &= ~(1 << button)
            self._waking &= ~(1 << button)

    def _sleep(self, stage):
        if stage != self.asleep:
            self.asleep = stage
            self.version += 1        # the adapters show the frame again, at the new brightness

    def tick(self):
        if self._deferred:
            self.run_deferred()
        now = self.clock()
        if self._message:
            if now - self._message_until >= 0:
                self._message = ""
                self._dirty = True
            elif len(self._message_lines) > 3:
                page = (now - self._message_at) // self._message_ms
                if page != self._message_page:
                    self._message_page = page
                    self._dirty = True
        if getattr(self.screen, "tick", None) is not None:
            self._guarded(_TICK, now)
        self._refresh()
        if self._pressed_at is None:
            self._pressed_at = now
        minutes = self.settings.get("sleep")     # checked where it is set: the menu, settings.toml, a save
        if type(minutes) is int and minutes > 0 and self.asleep != DARK:
            idle = (now - self._pressed_at) // (minutes * 60000)
            if idle >= 1:
                self._sleep(DARK if idle >= 2 else DIMMED)

    def _guarded(self, handler, arg):
        """Run the screen's handler (_PRESS or _TICK) with `arg`, then the
        screen switch it asked for; an internal error goes back to the menu
        with a message instead of stopping the device (tests check
        last_error).

        The screen is looked up here, not passed in as a bound method: the
        switch must find the screen being left held nowhere, so that it and
        its module are collected before the next screen's compile, and a
        bound method in this frame or the caller's would hold it
        (tests/mp/mp_switch.py checks it in the VM, whose collector scans
        the frames conservatively, as a board's does)."""
        try:
            self._handling = True
            try:
                if handler == _PRESS:
                    self.screen.press(arg)
                else:
                    self.screen.tick(arg)
            finally:
                self._handling = False
            self._switch()
        except MemoryError:
            self._next = None
            self._recover("out of memory")
        except Exception as e:  # the player must never see a crash
            self._next = None
            if self.strict:
                raise
            self._recover("%s: %s" % (type(e).__name__, e))

    def _recover(self, text):
        self.last_error = text
        try:
            self.go("menu")
        except MemoryError:           # not even the menu fits: drop all but the core, again
            self.screen = None
            modules.drop_all()
            self.go("menu")
        self.say("error: " + text)

    # --- output -------------------------------------------------------------
    def _refresh(self):
        """Draw the screen if it changed.  Out of memory here (a draw or a
        line that finds no room, outside any handler) goes back to the menu
        like a handler's would, rather than out of the App: the game is
        saved, and B resumes it."""
        if not self._dirty:
            return
        self._dirty = False
        try:
            self._draw()
        except MemoryError:
            self._next = None
            self._recover("out of memory")
            self._dirty = False
            self._draw()

    def _draw(self):
        from mapello.game.options import setting
        from mapello.ui import palette
        which = setting(self.settings, "palette")
        if which != palette.chosen:
            palette.use(which)
        self.screen.draw(self.frame)
        lines = self.screen.text()
        out = []
        for i in range(4):
            line = lines[i] if i < len(lines) else ""
            if self.strict and len(line) > LINE_WIDTH:
                raise ValueError("%s: line over %d: %r" % (self.screen_name, LINE_WIDTH, line))
            out.append(fit(line))
        if self._message:
            first = 3 * self._message_page
            shown = self._message_lines[first:first + 3]
            for i in range(len(shown)):
                out[4 - len(shown) + i] = fit(shown[i])
        if out != self.lines or self.frame != self._shown:
            self._shown[:] = self.frame
            self.lines = out
            self.version += 1
