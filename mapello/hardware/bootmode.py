"""boot.py's one decision: does the game or the computer write CIRCUITPY?

Holding B at reset gives it to the game (to save boards); anything else,
including any error here, leaves it to the computer, so a mistake can never
lock a maker out of the drive.  Reads the pins with digitalio only: keypad
would need time to scan, and boot.py should be quick.
"""

from mapello.buttons import B


def b_reader(settings, board):
    """A function returning True while B is held, for the wiring in settings."""
    import digitalio
    from mapello.hardware.build import pin
    if settings.buttons == "shift":
        clock = digitalio.DigitalInOut(pin(board, "SHIFT_CLOCK", settings.shift_clock))
        clock.switch_to_output(value=False)
        data = digitalio.DigitalInOut(pin(board, "SHIFT_DATA", settings.shift_data))
        data.switch_to_input()
        latch = digitalio.DigitalInOut(pin(board, "SHIFT_LATCH", settings.shift_latch))
        latch.switch_to_output(value=True)
        bit = settings.shift_keys[B]

        def read_shift():
            latch.value = False            # 74HC165: load the buttons ...
            latch.value = True             # ... then shift them out, key 0 first
            pressed = False
            for k in range(bit + 1):
                if k == bit:
                    pressed = data.value
                clock.value = True
                clock.value = False
            return pressed
        return read_shift
    from mapello.hardware.keys import digital_inputs
    dio = digital_inputs([pin(board, "BUTTON_B", settings.button_pins[B])], settings.active_low,
                         settings.pull)[0]
    pressed_value = not settings.active_low

    def read_pin():
        return dio.value == pressed_value
    return read_pin


def b_held(read, sleep, samples=3, gap_s=0.01):
    """True only if B reads held on every sample: a floating or glitching pin
    must not hand the drive to the game."""
    for i in range(samples):
        if not read():
            return False
        if i + 1 < samples:
            sleep(gap_s)
    return True


def choose(storage, getenv=None, board=None, sleep=None):
    """Remount for the game when B is held; returns the line boot.py prints."""
    try:
        from mapello.hardware.settings import read_settings
        from mapello.hardware.build import pull_down_warning
        if board is None:
            import board
        if sleep is None:
            from time import sleep
        settings = read_settings(getenv)
        if pull_down_warning(settings):    # a latched pull-down would read as B held at every reset
            return "Mapello boot: computer writes CIRCUITPY (B not read: RP2350 pull-downs, see code.py's message)"
        held = b_held(b_reader(settings, board), sleep)
    except Exception as e:  # never let boot.py fail: the computer keeps the drive
        return "Mapello boot: computer writes CIRCUITPY (B not read: %s)" % e
    if not held:
        return "Mapello boot: computer writes CIRCUITPY (hold B at reset to let the game save)"
    try:
        storage.remount("/", readonly=False)
    except Exception as e:
        return "Mapello boot: computer writes CIRCUITPY (remount failed: %s)" % e
    return "Mapello boot: the game writes CIRCUITPY (reset without B to copy files again)"
