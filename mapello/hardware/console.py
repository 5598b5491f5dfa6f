"""The loop that feeds button events to the App and its frame and text to the
matrix and the display, redrawing only what changed.  Non-blocking: every
step reads the clock, never sleeps on its own account."""

from mapello.hardware.repeat import Repeater

_UNSEEN = object()  # no screen shown yet, so the first one counts as new


class Console:
    """One App wired to its hardware; `step()` is one loop iteration.

    Without a display (`screen` of kind SerialScreen or None and a `ticker`),
    each new message of the App (`app.message`: a refused move, a pass, an
    error) scrolls across the matrix, and so does the first line of each new
    screen (the menu's title, the winner at game over); the score changing
    after every move does not, so the board stays in view.  Any button press
    stops the scroll and still reaches the App.
    """

    def __init__(self, app, matrix, inputs, screen, clock, ticker=None, repeater=None):
        self.app = app
        self.matrix = matrix
        self.inputs = inputs
        self.screen = screen
        self.clock = clock
        self.ticker = ticker
        self.repeater = repeater if repeater is not None else Repeater()
        self.now = clock()
        self.steps = 0
        self._version = -1
        self._message = ""
        self._screen = _UNSEEN
        self._scroll = bytearray(300) if ticker is not None else None

    # the sink of the input adapters
    def press(self, button):
        if self.ticker is not None:
            self.ticker.stop()
        self.repeater.pressed(button, self.now)
        self.app.press(button)

    def release(self, button):
        self.repeater.released(button, self.now)
        self.app.release(button)

    def step(self):
        self.now = now = self.clock()
        for source in self.inputs:
            source.poll(self, now)
        again = self.repeater.due(now)
        if again >= 0:
            self.app.press(again)
        self.app.tick()
        app = self.app
        fresh = app.version != self._version
        if fresh:
            self._version = app.version
            if self.screen is not None:
                self.screen.show_lines(app.lines)
            if self.ticker is not None:
                self._start_scroll(app, now)
        if self.matrix is not None:
            if self.ticker is not None and self.ticker.active and self.ticker.draw(now, self._scroll):
                self.matrix.show(self._scroll, app.brightness)
            elif fresh or self.ticker is not None:
                self.matrix.show(app.frame, app.brightness)
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

    def run(self, until=None):
        """Loop forever (or until `until()` is true, for tests)."""
        while until is None or not until():
            self.step()


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
