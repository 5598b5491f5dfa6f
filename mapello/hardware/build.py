"""Builds the matrix, buttons and display that settings.toml describes, naming
the key to fix when a pin or a device is not there."""

from mapello.hardware.settings import SettingsError, PREFIX, BUTTON_KEYS


I2C_HZ = 400000                    # the SSD1306's fast mode (busio's default is 100 kHz)


class HardwareError(Exception):
    """A device that settings.toml names but the board cannot reach."""


class Hardware:
    """What the loop drives: `matrix`, `inputs` (list), `screen` (a TextScreen,
    a SerialScreen without a display, or None before it is built), `display`
    (the displayio display or None), `sound` (mapello.hardware.sound.Sound or
    None), `settings`, and texts for the player or None: `display_problem`
    (why a display was not found), `sound_problem` (why the speaker is
    silent, naming MAPELLO_SPEAKER) and `warning` (wiring that will misbehave)."""

    # Defaults as class attributes, no methods: a Hardware keeps nothing of
    # this module alive once start-up has forgotten it.
    settings = None
    matrix = None
    inputs = ()
    screen = None
    display = None
    display_problem = None
    sound = None
    sound_problem = None
    warning = None


def pin(board, key, name):
    """board.<name> if it is a pin, or a SettingsError naming `key` (board.DISPLAY
    or board.STEMMA_I2C would only fail later, inside a driver)."""
    from microcontroller import Pin
    found = getattr(board, name, None)
    if found is None:
        raise SettingsError(PREFIX + key, "is %s: this board has no pin %s" % (name, name))
    if not isinstance(found, Pin):
        raise SettingsError(PREFIX + key, "is %s: board.%s is not a pin; use a pin name such as GP0 or D5"
                            % (name, name))
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
    """The displayio display, or None for MAPELLO_DISPLAY = "none"; a
    HardwareError when an SSD1306 cannot be reached."""
    if settings.display == "none":
        return None
    if settings.display == "builtin":
        display = getattr(board, "DISPLAY", None)
        if display is None:
            raise SettingsError(PREFIX + "DISPLAY", 'is "builtin" but this board has none; use "ssd1306" or "none"')
        return display
    try:
        import i2cdisplaybus  # noqa: F401 - only whether this firmware has it
    except ImportError:            # e.g. a PyBadge's build: no I2C displays at all
        raise HardwareError('This CircuitPython build has no i2cdisplaybus, so no SSD1306: set %sDISPLAY = '
                            '"builtin" (the board\'s own screen) or "none"' % PREFIX)
    from mapello.hardware.screen import ssd1306_display
    import busio
    import displayio
    scl = pin(board, "I2C_SCL", settings.i2c_scl)
    sda = pin(board, "I2C_SDA", settings.i2c_sda)
    displayio.release_displays()   # a display kept from the last run holds the I2C pins
    advice = ('check the wiring and power of the OLED, its address (0x3C or 0x3D), '
              'or set %sDISPLAY = "none"' % PREFIX)
    try:
        i2c = busio.I2C(scl, sda, frequency=I2C_HZ)
    except RuntimeError as e:      # "No pull up found on SDA or SCL": nothing connected
        raise HardwareError("No display on %s/%s (%s): %s" % (settings.i2c_sda, settings.i2c_scl, e, advice))
    try:
        return ssd1306_display(i2c, settings.i2c_address, settings.display_height)
    except (ValueError, RuntimeError, OSError):
        i2c.deinit()
        raise HardwareError("No display at I2C address 0x%02X: %s" % (settings.i2c_address, advice))


def build_sound(settings, board):
    """The Sound for the speaker settings.toml names (MAPELLO_SPEAKER "auto":
    the board's own, board.SPEAKER, if it has one), or None: no speaker, or
    MAPELLO_SOUND = 0.  ValueError when the pin can play no tone."""
    if not settings.sound or settings.speaker == "none":
        return None
    name = settings.speaker
    if name == "auto":
        if getattr(board, "SPEAKER", None) is None:
            return None
        name = "SPEAKER"
    speaker = pin(board, "SPEAKER", name)
    enable = getattr(board, "SPEAKER_ENABLE", None) if name == "SPEAKER" else None
    from mapello.hardware.sound import make_sound   # only with a speaker: memory
    return make_sound(speaker, enable)


def pull_down_warning(settings, machine=None):
    """Buttons to 3.3 V held low by the chip's own pull-downs: an RP2350's can
    hold a released pin at about 2.2 V, which reads as pressed (erratum
    RP2350-E9).  The warning for the serial console, or None."""
    if settings.buttons != "pins" or settings.active_low or not settings.pull:
        return None
    if machine is None:
        import os
        try:
            machine = os.uname().machine
        except (AttributeError, OSError):
            return None
    if "rp2350" not in machine.lower():
        return None
    return ('%sBUTTONS_ACTIVE = "high" uses the internal pull-downs, which an RP2350 cannot be '
            'trusted with (erratum RP2350-E9): a released button may stay pressed. Wire the '
            'buttons to GND and set "low", or fit 8.2 kOhm (or smaller) pull-downs and set '
            '%sBUTTONS_PULL = 0.' % (PREFIX, PREFIX))


def build_hardware(settings, board, hw=None):
    """Everything at once, into `hw` if given: the matrix first, so that a
    later problem can darken it or scroll there; then the display (hw.screen
    is set as soon as it works); then the buttons.  An SSD1306 that does not
    answer is not fatal: hw.display_problem says why and the game goes on as
    with MAPELLO_DISPLAY = "none", its messages scrolling on the matrix and
    printed on the serial console (hw.screen is a SerialScreen)."""
    from mapello.hardware.matrix import build_matrix
    from mapello.hardware.screen import TextScreen, SerialScreen
    if hw is None:
        hw = Hardware()
    hw.settings = settings
    hw.matrix = build_matrix(settings, pin(board, "MATRIX_PIN", settings.matrix_pin))
    try:
        hw.display = build_display(settings, board)
    except HardwareError as e:
        hw.display_problem = str(e)
    if hw.display is not None:
        hw.screen = TextScreen(hw.display, hw.display.width, hw.display.height)
    else:
        hw.screen = SerialScreen()
    hw.inputs = [build_inputs(settings, board)]
    try:
        hw.sound = build_sound(settings, board)
    except SettingsError as e:     # no such pin: the game plays on, silent
        hw.sound_problem = str(e)
    except (ValueError, RuntimeError, ImportError) as e:   # a pin that cannot sound
        hw.sound_problem = "settings.toml: %sSPEAKER is %s: %s" % (PREFIX, settings.speaker, e)
    hw.warning = pull_down_warning(settings)
    return hw
