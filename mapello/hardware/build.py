"""Builds the matrix, buttons and display that settings.toml describes, naming
the key to fix when a pin or a device is not there."""

from mapello.hardware.settings import SettingsError, PREFIX, BUTTON_KEYS


class HardwareError(Exception):
    """A device that settings.toml names but the board cannot reach."""


class Hardware:
    """What the loop drives: `matrix`, `inputs` (list), `screen` (or None),
    `display` (the displayio display or None) and `settings`."""

    def __init__(self, settings):
        self.settings = settings
        self.matrix = None
        self.inputs = []
        self.screen = None
        self.display = None


def pin(board, key, name):
    """board.<name>, or a SettingsError naming `key`."""
    found = getattr(board, name, None)
    if found is None:
        raise SettingsError(PREFIX + key, "is %s: this board has no pin %s" % (name, name))
    return found


def build_inputs(settings, board):
    from mapello.hardware.keys import pin_keys, shift_keys
    if settings.buttons == "shift":
        return shift_keys(pin(board, "SHIFT_CLOCK", settings.shift_clock),
                          pin(board, "SHIFT_DATA", settings.shift_data),
                          pin(board, "SHIFT_LATCH", settings.shift_latch),
                          settings.shift_count, settings.shift_keys)
    pins = []
    for i in range(6):
        pins.append(pin(board, "BUTTON_" + BUTTON_KEYS[i], settings.button_pins[i]))
    return pin_keys(pins, settings.active_low, settings.pull)


def build_display(settings, board):
    """The displayio display, or None for MAPELLO_DISPLAY = "none"."""
    if settings.display == "none":
        return None
    if settings.display == "builtin":
        display = getattr(board, "DISPLAY", None)
        if display is None:
            raise SettingsError(PREFIX + "DISPLAY", 'is "builtin" but this board has none; use "ssd1306" or "none"')
        return display
    from mapello.hardware.screen import ssd1306_display
    import busio
    import displayio
    scl = pin(board, "I2C_SCL", settings.i2c_scl)
    sda = pin(board, "I2C_SDA", settings.i2c_sda)
    displayio.release_displays()   # a display kept from the last run holds the I2C pins
    advice = ('check the wiring and power of the OLED, its address (0x3C or 0x3D), '
              'or set %sDISPLAY = "none"' % PREFIX)
    try:
        i2c = busio.I2C(scl, sda)
    except RuntimeError as e:      # "No pull up found on SDA or SCL": nothing connected
        raise HardwareError("No display on %s/%s (%s): %s" % (settings.i2c_sda, settings.i2c_scl, e, advice))
    try:
        return ssd1306_display(i2c, settings.i2c_address, settings.display_height)
    except (ValueError, RuntimeError, OSError):
        i2c.deinit()
        raise HardwareError("No display at I2C address 0x%02X: %s" % (settings.i2c_address, advice))


def build_hardware(settings, board, hw=None):
    """Everything at once, into `hw` if given; the display first, so that a
    later error can be shown on it (hw.screen is set as soon as it works)."""
    from mapello.hardware.matrix import build_matrix
    from mapello.hardware.screen import TextScreen
    if hw is None:
        hw = Hardware(settings)
    hw.display = build_display(settings, board)
    if hw.display is not None:
        hw.screen = TextScreen(hw.display, hw.display.width, hw.display.height)
    hw.matrix = build_matrix(settings, pin(board, "MATRIX_PIN", settings.matrix_pin))
    hw.inputs.append(build_inputs(settings, board))
    return hw
