"""Auto-repeat of a held direction button, so the cursor crosses the board
quickly.  Pure: time comes in as milliseconds from the caller's clock."""

from mapello.buttons import DIRECTIONS


class Repeater:
    """After `delay_ms` of holding one direction, repeats it every `interval_ms`.

    Only the direction pressed last repeats; releasing it stops the repeat.
    """

    def __init__(self, delay_ms=350, interval_ms=90):
        self.delay_ms = delay_ms
        self.interval_ms = interval_ms
        self.held = -1
        self._next = 0

    def pressed(self, button, now):
        if button in DIRECTIONS:
            self.held = button
            self._next = now + self.delay_ms

    def released(self, button, now):
        if button == self.held:
            self.held = -1

    def due(self, now):
        """The button to repeat now, or -1.  Call once per loop; at most one
        repeat per call, so a long stall never floods the App."""
        if self.held < 0 or now - self._next < 0:
            return -1
        self._next += self.interval_ms
        if now - self._next >= 0:      # we fell behind: do not queue a burst
            self._next = now + self.interval_ms
        return self.held
