"""Hardware choices read from settings.toml (os.getenv), checked key by key.

CircuitPython hands integers over as int and strings as str; both are accepted.
Every bad value raises SettingsError naming the key, so a maker can fix the
file without reading code.  Pin names are checked later, against the board.
"""

PREFIX = "MAPELLO_"
BUTTON_KEYS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")  # order of mapello.buttons
LAYOUTS = ("serpentine", "progressive")
STARTS = ("top-left", "top-right", "bottom-left", "bottom-right")
ROTATIONS = (0, 90, 180, 270)
COLOR_ORDERS = ("GRB", "RGB", "BRG", "BGR", "RBG", "GBR")
DISPLAYS = ("ssd1306", "builtin", "none")
BUTTON_MODES = ("pins", "shift")
MIN_CURRENT_MA = 200
MAX_CURRENT_MA = 10000

# The Pico build of README.md ("Building the handheld"): an empty settings.toml means this wiring.
DEFAULTS = {
    "MATRIX_PIN": "GP0", "MATRIX_PIXELS": "100", "MATRIX_LAYOUT": "serpentine",
    "MATRIX_START": "top-left", "MATRIX_ROTATION": "0", "MATRIX_MIRROR": "0",
    "COLOR_ORDER": "GRB", "BRIGHTNESS": "20", "CURRENT_MA": "500",
    "BUTTONS": "pins", "BUTTONS_ACTIVE": "low", "BUTTONS_PULL": "1",
    "BUTTON_UP": "GP2", "BUTTON_DOWN": "GP3", "BUTTON_LEFT": "GP4",
    "BUTTON_RIGHT": "GP5", "BUTTON_A": "GP6", "BUTTON_B": "GP7",
    "SHIFT_CLOCK": "BUTTON_CLOCK", "SHIFT_DATA": "BUTTON_OUT",
    "SHIFT_LATCH": "BUTTON_LATCH", "SHIFT_COUNT": "8", "SHIFT_KEYS": "6,5,7,4,1,0",
    "DISPLAY": "ssd1306", "DISPLAY_HEIGHT": "32", "I2C_ADDRESS": "0x3C",
    "I2C_SDA": "GP8", "I2C_SCL": "GP9",
    "REPEAT_DELAY_MS": "350", "REPEAT_MS": "90", "THINK_MS": "2000",
    "SPEAKER": "auto", "SOUND": "1",
}


class SettingsError(ValueError):
    """A bad settings.toml value; `key` is the full key name."""

    def __init__(self, key, message):
        super().__init__("settings.toml: %s %s" % (key, message))
        self.key = key


class HardwareSettings:
    """Plain attributes, one per setting (README.md: "settings.toml reference").
    The annotations cost nothing on the device (its compiler drops them) and
    let the type check see the attributes read_settings sets."""
    matrix_pin: str
    matrix_pixels: int
    layout: str
    start: str
    rotation: int
    mirror: bool
    color_order: str
    brightness: int
    current_ma: int
    think_ms: int
    buttons: str
    active_low: bool
    pull: bool
    button_pins: tuple
    shift_clock: str
    shift_data: str
    shift_latch: str
    shift_count: int
    shift_keys: tuple
    display: str
    display_height: int
    i2c_address: int
    i2c_sda: str
    i2c_scl: str
    repeat_delay_ms: int
    repeat_ms: int
    speaker: str
    sound: bool


def _choice(key, text, allowed):
    value = text.lower() if allowed[0].islower() else text.upper()
    if value not in allowed:
        raise SettingsError(PREFIX + key, "is %r; use one of: %s" % (_cut(text), ", ".join(allowed)))
    return value


def _number(key, text, low, high, base=10):
    digits = text
    if base == 0:  # "0x3C" or "60"
        base = 10
        if digits[:2].lower() == "0x":
            digits, base = digits[2:], 16
    try:
        value = int(digits, base)
    except ValueError:
        raise SettingsError(PREFIX + key, "is %r; it must be a whole number" % _cut(text))
    if value < low or value > high:
        raise SettingsError(PREFIX + key, "is %s; use %d to %d" % (_cut(value), low, high))
    return value


def _flag(key, text):
    value = text.lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise SettingsError(PREFIX + key, "is %r; use 1 (yes) or 0 (no)" % _cut(text))


def _pin_name(key, text):
    name = text[6:] if text.startswith("board.") else text
    if not name or not (name[0].isalpha() or name[0] == "_") or not all(
            ch.isalpha() or ch.isdigit() or ch == "_" for ch in name):
        raise SettingsError(PREFIX + key, "is %r; give a pin name such as GP0 or D5" % _cut(text))
    return name


def _key_numbers(key, text, count):
    parts = text.replace(" ", "").split(",")
    if len(parts) != 6:
        raise SettingsError(PREFIX + key, "is %r; give 6 key numbers for %s" % (_cut(text), " ".join(BUTTON_KEYS)))
    numbers = []
    for part in parts:
        n = _number(key, part, 0, count - 1)
        if n in numbers:
            raise SettingsError(PREFIX + key, "uses key %d twice" % n)
        numbers.append(n)
    return tuple(numbers)


def _cut(text, n=24):
    """A value as a message shows it: a very long one is cut."""
    text = str(text)
    return text if len(text) <= n else text[:n - 3] + "..."


def _unreadable(name, path):
    """CircuitPython 10.0 and 10.1 raise ValueError, naming no key, for a bare
    value such as `true`: find the key's line in the file and show it quoted."""
    value = None
    try:
        with open(path) as f:
            for line in f:
                i = line.find("=")
                if i > 0 and line[:i].strip() == name:
                    value = _cut(line[i + 1:].strip(), 16)
                    break
    except OSError:
        pass
    if value is None:
        return SettingsError(name, "cannot be read: put its value in quotes")
    return SettingsError(name, "= %s needs quotes: %s = \"%s\"" % (value, name, value.strip("\"'")))


def read_settings(getenv=None, path="/settings.toml"):
    """Parse every MAPELLO_* value; `getenv(name)` defaults to os.getenv.
    `path` is the file, read only to name a key os.getenv could not read."""
    if getenv is None:
        import os
        getenv = os.getenv
    values = {}
    for key in DEFAULTS:
        try:
            got = getenv(PREFIX + key)
        except ValueError:
            raise _unreadable(PREFIX + key, path)
        text = DEFAULTS[key] if got is None else str(got).strip()
        if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
            text = text[1:-1].strip()
        if text == "":
            raise SettingsError(PREFIX + key, "is empty; remove the line to use %r" % DEFAULTS[key])
        values[key] = text
    s = HardwareSettings()
    s.matrix_pin = _pin_name("MATRIX_PIN", values["MATRIX_PIN"])
    s.matrix_pixels = _number("MATRIX_PIXELS", values["MATRIX_PIXELS"], 1, 1024)
    if s.matrix_pixels != 100:
        raise SettingsError(PREFIX + "MATRIX_PIXELS", "is %d; the game needs a 10x10 matrix (100)" % s.matrix_pixels)
    s.layout = _choice("MATRIX_LAYOUT", values["MATRIX_LAYOUT"], LAYOUTS)
    s.start = _choice("MATRIX_START", values["MATRIX_START"], STARTS)
    rotation = _number("MATRIX_ROTATION", values["MATRIX_ROTATION"], 0, 270)
    if rotation not in ROTATIONS:
        raise SettingsError(PREFIX + "MATRIX_ROTATION", "is %d; use 0, 90, 180 or 270" % rotation)
    s.rotation = rotation
    s.mirror = _flag("MATRIX_MIRROR", values["MATRIX_MIRROR"])
    s.color_order = _choice("COLOR_ORDER", values["COLOR_ORDER"], COLOR_ORDERS)
    s.brightness = _number("BRIGHTNESS", values["BRIGHTNESS"], 1, 100)
    s.current_ma = _number("CURRENT_MA", values["CURRENT_MA"], MIN_CURRENT_MA, MAX_CURRENT_MA)
    s.think_ms = _number("THINK_MS", values["THINK_MS"], 100, 60000)
    s.buttons = _choice("BUTTONS", values["BUTTONS"], BUTTON_MODES)
    s.active_low = _choice("BUTTONS_ACTIVE", values["BUTTONS_ACTIVE"], ("low", "high")) == "low"
    s.pull = _flag("BUTTONS_PULL", values["BUTTONS_PULL"])
    s.button_pins = tuple(_pin_name("BUTTON_" + b, values["BUTTON_" + b]) for b in BUTTON_KEYS)
    s.shift_clock = _pin_name("SHIFT_CLOCK", values["SHIFT_CLOCK"])
    s.shift_data = _pin_name("SHIFT_DATA", values["SHIFT_DATA"])
    s.shift_latch = _pin_name("SHIFT_LATCH", values["SHIFT_LATCH"])
    s.shift_count = _number("SHIFT_COUNT", values["SHIFT_COUNT"], 6, 64)
    s.shift_keys = _key_numbers("SHIFT_KEYS", values["SHIFT_KEYS"], s.shift_count)
    s.display = _choice("DISPLAY", values["DISPLAY"], DISPLAYS)
    s.display_height = _number("DISPLAY_HEIGHT", values["DISPLAY_HEIGHT"], 32, 64)
    if s.display_height not in (32, 64):
        raise SettingsError(PREFIX + "DISPLAY_HEIGHT", "is %d; use 32 or 64" % s.display_height)
    s.i2c_address = _number("I2C_ADDRESS", values["I2C_ADDRESS"], 0x08, 0x77, base=0)
    s.i2c_sda = _pin_name("I2C_SDA", values["I2C_SDA"])
    s.i2c_scl = _pin_name("I2C_SCL", values["I2C_SCL"])
    s.repeat_delay_ms = _number("REPEAT_DELAY_MS", values["REPEAT_DELAY_MS"], 50, 5000)
    s.repeat_ms = _number("REPEAT_MS", values["REPEAT_MS"], 20, 2000)
    speaker = values["SPEAKER"]      # "auto": the board's own speaker, if it has one
    s.speaker = speaker.lower() if speaker.lower() in ("auto", "none") else _pin_name("SPEAKER", speaker)
    s.sound = _flag("SOUND", values["SOUND"])
    if s.buttons == "pins":
        _check_distinct(s)
    if s.sound and s.speaker == s.matrix_pin:
        raise SettingsError(PREFIX + "SPEAKER", "is %s, already used by %sMATRIX_PIN" % (s.speaker, PREFIX))
    return s


def _check_distinct(s):
    """Two buttons on one pin would make one of them dead: say which."""
    seen = {}  # type: dict
    for i in range(6):
        pin = s.button_pins[i]
        if pin in seen:
            raise SettingsError(PREFIX + "BUTTON_" + BUTTON_KEYS[i],
                                "is %s, already used by %sBUTTON_%s" % (pin, PREFIX, seen[pin]))
        seen[pin] = BUTTON_KEYS[i]
    if s.matrix_pin in seen:
        raise SettingsError(PREFIX + "MATRIX_PIN", "is %s, already used by %sBUTTON_%s"
                            % (s.matrix_pin, PREFIX, seen[s.matrix_pin]))
    if s.sound and s.speaker in seen:
        raise SettingsError(PREFIX + "SPEAKER", "is %s, already used by %sBUTTON_%s"
                            % (s.speaker, PREFIX, seen[s.speaker]))
