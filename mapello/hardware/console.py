"""The loop that feeds button events to the App and its frame and text to the
matrix and the display, redrawing only what changed.  A step never blocks;
after a quick step the loop rests out what is left of a STEP_MS period, so
an idle game rests the CPU (a PyBadge's battery), but it looks at keypad's
queue every WAKE_MS meanwhile and steps at once when a press is there; a
step that worked longer (the computer thinking) is followed at once by the
next."""

from mapello.hardware.repeat import Repeater

STEP_MS = 10    # the App's blinks and timers need 10-50 ms; keypad queues presses meanwhile
WAKE_MS = 1     # keypad's tick interrupt wakes the CPU every millisecond anyway
_PAUSE = WAKE_MS / 1000

_UNSEEN = object()  # no screen shown yet, so the first one counts as new


class Console:
    """One App wired to its hardware; `step()` is one loop iteration.

    Without a display (`screen` of kind SerialScreen or None and a `ticker`),
    each new message of the App (`app.message`: a refused move, a pass, an
    error) scrolls across the matrix, and so does the first line of each new
    screen (the menu's title, the winner at game over); the score changing
    after every move does not, so the board stays in view.  A button press
    during a scroll only stops it (the App sees neither that press nor its
    release), so a player never acts on a board they could not see.
    """

    def __init__(self, app, matrix, inputs, screen, clock, ticker=None, repeater=None, watchers=()):
        self.app = app
        self.matrix = matrix
        self.inputs = inputs
        # the event queues of the sources that have one (keypad's), which the
        # loop looks at while it rests
        self._queues = [source.queue for source in inputs if hasattr(source, "queue")]
        self.screen = screen
        self.clock = clock
        self.ticker = ticker
        self.repeater = repeater if repeater is not None else Repeater()
        # objects with watch(app, now, fresh), called every step after the App's
        # tick (fresh: its frame or lines changed): the record log, the sound
        self.watchers = watchers
        # the App's jobs that wait until its frame is on the LEDs (App.defer)
        self._run_deferred = getattr(app, "run_deferred", None)
        self.now = clock()
        self.steps = 0
        self._version = -1
        self._message = ""
        self._screen = _UNSEEN
        self._scroll = bytearray(300) if ticker is not None else None
        self._swallowed = 0             # bit per button whose press only stopped a scroll

    # the sink of the input adapters
    def press(self, button):
        if self.ticker is not None and self.ticker.active:
            self.ticker.stop()
            self._swallowed |= 1 << button
            return
        self.repeater.pressed(button, self.now)
        self.app.press(button)

    def release(self, button):
        if self._swallowed & (1 << button):
            self._swallowed &= ~(1 << button)
            return
        self.repeater.released(button, self.now)
        self.app.release(button)

    def step(self):
        self.now = now = self.clock()
        app = self.app
        app.tick()                      # first: a press's frame then goes out with nothing after it
        for source in self.inputs:
            source.poll(self, now)
        again = self.repeater.due(now)
        if again >= 0:
            app.press(again)
        fresh = app.version != self._version
        if fresh:
            self._version = app.version
            if self.ticker is not None:
                self._start_scroll(app, now)
        # The matrix first: it answers the press in one short wire write,
        # while setting the display's text (a label's layout, then the I2C
        # transfer) takes several times longer, and the player looks at the
        # board.  Then what the App deferred until the frame was out (a move's
        # save, before anything else can happen), the watchers (a move's click
        # belongs with its frame; the record log), the text.
        if self.matrix is not None:
            if self.ticker is not None and self.ticker.active and self.ticker.draw(now, self._scroll):
                self.matrix.show(self._scroll, app.brightness)
            elif fresh or self.ticker is not None:
                self.matrix.show(app.frame, app.brightness)
        if self._run_deferred is not None:
            self._run_deferred()        # what waited for the frame: a move's save
        for watcher in self.watchers:
            watcher.watch(app, now, fresh)
        if fresh and self.screen is not None:
            self.screen.show_lines(app.lines)
        self.steps += 1

    def _start_scroll(self, app, now):
        message = getattr(app, "message", "")
        screen = getattr(app, "screen", None)
        if message and message != self._message:
            self.ticker.start(message, now)
        elif screen is not self._screen and app.lines and app.lines[0]:
            self.ticker.start(app.lines[0], now)
        self._message = message
        self._screen = screen

    def run(self, until=None, sleep=None):
        """Loop forever (or until `until()` is true, for tests); `sleep(seconds)`
        defaults to time.sleep, which on CircuitPython idles the CPU and keeps
        background tasks (keypad's scan, the display's refresh) running."""
        if sleep is None:
            from time import sleep
        while until is None or not until():
            self.step()
            self.rest(sleep)

    def rest(self, sleep):
        """Sleep out what is left of this step's STEP_MS, WAKE_MS at a time,
        until an input has an event queued: a press then waits at most
        WAKE_MS for its step, not the rest of the period.  A look is a truth
        test of each queue (keypad's is C) and no call into Python, since it
        runs a thousand times a second."""
        spare = STEP_MS - (self.clock() - self.now)
        queues = self._queues
        if not queues:              # inputs polled each step (digitalio): one sleep
            if spare > 0:
                sleep(spare / 1000)
            return
        while spare > 0:
            for queue in queues:
                if queue:
                    return
            sleep(_PAUSE)
            spare -= WAKE_MS


class TickClock:
    """Monotonic milliseconds from a wrapping ticks counter (supervisor.ticks_ms
    wraps every 2**29 ms); call it at least once a few days, the loop does."""

    def __init__(self, ticks_ms, ticks_diff):
        self.ticks_ms = ticks_ms
        self.ticks_diff = ticks_diff
        self.last = ticks_ms()
        self.ms = 0

    def __call__(self):
        now = self.ticks_ms()
        self.ms += self.ticks_diff(now, self.last)
        self.last = now
        return self.ms


def device_clock():
    """The board's milliseconds: supervisor's ticks, adafruit_ticks's on a
    build without them."""
    try:
        from supervisor import ticks_ms
        from adafruit_ticks import ticks_diff
    except ImportError:
        from adafruit_ticks import ticks_ms, ticks_diff
    return TickClock(ticks_ms, ticks_diff)
