"""Button inputs: keypad events (Keys or ShiftRegisterKeys) or, where keypad is
missing, digitalio polling with a debounce.  Both call sink.press(button) and
sink.release(button) with mapello.buttons numbers from poll(sink, now)."""

NO_BUTTON = 255
# keypad scans the buttons in the tick interrupt every SCAN_S seconds and
# queues a change at the first scan that sees it (its debounce_threshold of
# 1), so a press waits 0-10 ms for its event.  A button's contacts bounce
# for a few milliseconds, less than a scan's interval, so no two scans see
# one press as two.
SCAN_S = 0.01


class KeypadInput:
    """Reads a keypad scanner's queue without allocating (one reused Event).

    `key_map[key_number]` is the logical button, NO_BUTTON for keys the game
    does not use (START and SELECT on a PyBadge).

    A queue that overflowed (the loop stalled while more events came than it
    holds) has lost events, a release perhaps: a direction whose release
    was lost would auto-repeat until pressed again.  So the queue is
    cleared and every button pressed and not yet released is released, as
    Adafruit's keypad guide advises.  The scanner is not reset(): it would
    report a key still held as a new press, and a held A would act again;
    a key held through the loss counts once it is pressed anew.
    """

    def __init__(self, keys, key_map, event=None):
        self.keys = keys
        self.queue = keys.events       # true while an event waits (the loop wakes for it)
        self.key_map = key_map
        if event is None:
            import keypad
            event = keypad.Event()
        self.event = event
        self.held = 0                  # bit per button pressed and not yet released to the sink

    def poll(self, sink, now):
        events = self.keys.events
        if events.overflowed:
            events.clear()
            self._release_all(sink)
        event = self.event
        while events.get_into(event):
            n = event.key_number
            if n >= len(self.key_map) or self.key_map[n] == NO_BUTTON:
                continue
            button = self.key_map[n]
            if event.pressed:
                self.held |= 1 << button
                sink.press(button)
            else:
                self.held &= ~(1 << button)
                sink.release(button)

    def _release_all(self, sink):
        """Release every button pressed and not yet released to the sink."""
        held = self.held
        self.held = 0
        button = 0
        while held:
            if held & 1:
                sink.release(button)
            held >>= 1
            button += 1


class PollingInput:
    """Reads six digitalio inputs each loop; a level must hold `debounce_ms`
    before it counts, so contact bounce gives one press, not several."""

    def __init__(self, inputs, value_when_pressed=False, debounce_ms=20):
        self.inputs = inputs           # DigitalInOut per logical button, in order
        self.value_when_pressed = value_when_pressed
        self.debounce_ms = debounce_ms
        self.state = 0                 # bit per button: debounced "pressed"
        self._moving = 0               # bit per button: raw level differs from state
        self._since = [0] * len(inputs)

    def poll(self, sink, now):
        for i in range(len(self.inputs)):
            bit = 1 << i
            raw = self.inputs[i].value == self.value_when_pressed
            if raw == bool(self.state & bit):
                self._moving &= ~bit
                continue
            if not self._moving & bit:
                self._moving |= bit
                self._since[i] = now
                continue
            if now - self._since[i] >= self.debounce_ms:
                self._moving &= ~bit
                self.state ^= bit
                if raw:
                    sink.press(i)
                else:
                    sink.release(i)


def pin_keys(pins, active_low=True, pull=True, interval=SCAN_S):
    """keypad.Keys on six pins, or a PollingInput when keypad is missing;
    `interval` is keypad's scan period (its debounce), in seconds."""
    try:
        import keypad
    except ImportError:
        return PollingInput(digital_inputs(pins, active_low, pull), not active_low)
    keys = keypad.Keys(pins, value_when_pressed=not active_low, pull=pull, interval=interval)
    return KeypadInput(keys, bytearray(range(len(pins))))


def shift_keys(clock, data, latch, count, key_numbers, interval=SCAN_S):
    """keypad.ShiftRegisterKeys (a PyBadge's buttons); key_numbers[b] is the
    register bit of logical button b."""
    import keypad
    keys = keypad.ShiftRegisterKeys(clock=clock, data=data, latch=latch, key_count=count,
                                    value_when_pressed=True, interval=interval)
    key_map = bytearray(count)
    for k in range(count):
        key_map[k] = NO_BUTTON
    for button in range(len(key_numbers)):
        key_map[key_numbers[button]] = button
    return KeypadInput(keys, key_map)


def digital_inputs(pins, active_low, pull):
    """A digitalio input per pin, pulled towards 'not pressed' when `pull`."""
    import digitalio
    result = []
    for pin in pins:
        dio = digitalio.DigitalInOut(pin)
        dio.direction = digitalio.Direction.INPUT
        if pull:
            dio.pull = digitalio.Pull.UP if active_low else digitalio.Pull.DOWN
        result.append(dio)
    return result
