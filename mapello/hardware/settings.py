"""Hardware choices read from settings.toml, checked key by key: the file
read once (read_once), with os.getenv for what that reading leaves.

CircuitPython hands integers over as int or str (10.3); both are accepted.
Every bad value raises SettingsError naming the key, so a maker can fix the
file without reading code.  Pin names are checked later, against the board.
The game's own settings that settings.toml gives (brightness, think_ms) are
rows of mapello/game/options.py's table: their keys, defaults and ranges.
"""

from mapello.game.options import SETTINGS

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
    "COLOR_ORDER": "GRB", "CURRENT_MA": "500",
    "BUTTONS": "pins", "BUTTONS_ACTIVE": "low", "BUTTONS_PULL": "1",
    "BUTTON_UP": "GP2", "BUTTON_DOWN": "GP3", "BUTTON_LEFT": "GP4",
    "BUTTON_RIGHT": "GP5", "BUTTON_A": "GP6", "BUTTON_B": "GP7",
    "SHIFT_CLOCK": "BUTTON_CLOCK", "SHIFT_DATA": "BUTTON_OUT",
    "SHIFT_LATCH": "BUTTON_LATCH", "SHIFT_COUNT": "8", "SHIFT_KEYS": "6,5,7,4,1,0",
    "DISPLAY": "ssd1306", "DISPLAY_HEIGHT": "32", "I2C_ADDRESS": "0x3C",
    "I2C_SDA": "GP8", "I2C_SCL": "GP9",
    "REPEAT_DELAY_MS": "350", "REPEAT_MS": "90",
    "SPEAKER": "auto", "SOUND": "1",
}
for _default, _low, _high, _choices, _key in SETTINGS.values():   # and the game's settings
    if _key:                                                        # with a key: BRIGHTNESS, THINK_MS
        DEFAULTS[_key] = str(_default)
del _default, _low, _high, _choices, _key


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
    game: dict
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
    warnings: list


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


def _decoded(line):
    """A line of settings.toml (bytes) as str, or None when it is not UTF-8.
    Read as bytes because CircuitPython's open() in text mode raises
    UnicodeError (a ValueError, no message) at the line holding such a
    byte (py/stream.c's readline makes the line a str with py/objstr.c's
    mp_obj_new_str_from_vstr, which checks it) and CPython's at the first
    block read: neither names the line.  CircuitPython's own reading of
    the file, supervisor/shared/settings.c, compares keys byte by byte
    and skips other lines unread, so such a byte in a comment or in
    another key's line does not trouble the firmware: here it is a
    warning.  In a value os.getenv returns, it raises that UnicodeError
    (see _unreadable)."""
    try:
        return str(line, "utf-8")
    except ValueError:          # UnicodeError on the board, UnicodeDecodeError here
        return None


def _unreadable(name, path):
    """CircuitPython 10.0 and 10.1 raise ValueError, naming no key, for a bare
    value such as `true`, and every version UnicodeError for a value that is
    not UTF-8: find the key's line in the file and say which."""
    value = None
    number = 0
    try:
        with open(path, "rb") as f:
            for line in f:
                number += 1
                i = line.find(b"=")
                if i > 0 and line[:i].strip() == name.encode():
                    text = _decoded(line)
                    if text is None:
                        return SettingsError(name, "(line %d) is not UTF-8 text: save the file as UTF-8"
                                             % number)
                    value = _cut(text[text.find("=") + 1:].strip(), 16)
                    break
    except OSError:
        pass
    if value is None:
        return SettingsError(name, "cannot be read: put its value in quotes")
    return SettingsError(name, "= %s needs quotes: %s = \"%s\"" % (value, name, value.strip("\"'")))


def file_lines(path):
    """The lines (bytes) of the file `path`, read in one piece, or None when
    there is no such file (or no room to read it)."""
    try:
        with open(path, "rb") as f:
            return f.read().split(b"\n")
    except (OSError, MemoryError):
        return None


def read_once(lines, getenv):
    """os.getenv for settings.toml's MAPELLO_ keys, answered from its
    `lines`: CircuitPython's os.getenv reads the file again for every key
    it is asked (1 ms for the first key of the example to 6 ms for the
    last, on a Pico), and power-on asks 30 of them, at boot.py and again at
    code.py.  As the firmware reads the file: a key's first line counts,
    leading spaces are skipped, and a [table] ends the keys.  A value in a
    form CircuitPython's versions read differently (escapes, a bare word,
    0x or a leading 0) is `getenv`'s to read, and so is a key the file
    does not give (the desktop's environment has the board's wiring)."""
    found = {}
    for line in lines:
        line = line.strip()
        if line[:1] == b"[":
            break
        i = line.find(b"=")
        key = line[:i].rstrip()
        if i > 0 and key.startswith(b"MAPELLO_") and key not in found:
            found[key] = _plain_value(line[i + 1:].strip())

    def answer(name):
        value = found.get(name.encode())
        return getenv(name) if value is None else value
    return answer


def _plain_value(value):
    """The text of a value every CircuitPython version reads alike: a quoted
    string without a backslash, or a decimal number of up to 9 digits,
    either with a comment after it; None for any other form."""
    if value[:1] == b'"':
        end = value.find(b'"', 1)
        after = value[end + 1:].lstrip() if end > 0 else b"?"
        if b"\\" in value[:end] or after[:1] not in (b"", b"#"):
            return None
        return _decoded(value[1:end])
    number = value.split(b"#")[0].strip()
    if number.isdigit() and len(number) < 10 and (number[:1] != b"0" or number == b"0"):
        return number.decode()
    return None


def read_settings(getenv=None, path="/settings.toml", defaulted=()):
    """Parse the MAPELLO_* values the chosen modes read (a key a mode never
    reads, such as MAPELLO_SHIFT_KEYS with buttons on pins, is not looked
    at: it can never stop the board); `getenv(name)` defaults to os.getenv
    (read_once()'s, when the file reads).  `path` is the file, read to name
    a key os.getenv could not read, and the MAPELLO_ keys that are no
    setting and the lines that are not UTF-8 (s.warnings: the game plays
    on).  The keys `defaulted` names (full names) are read as their
    defaults: a display can still be made to show what is wrong with them."""
    lines = file_lines(path)
    if getenv is None:
        import os
        getenv = os.getenv if lines is None else read_once(lines, os.getenv)

    def text(key, used=True):
        """The value settings.toml gives `key` (the default when it gives
        none, or when the chosen mode never reads the key)."""
        if not used or PREFIX + key in defaulted:
            return DEFAULTS[key]
        try:
            got = getenv(PREFIX + key)
        except ValueError:
            raise _unreadable(PREFIX + key, path)
        value = DEFAULTS[key] if got is None else str(got).strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1].strip()
        if value == "":
            raise SettingsError(PREFIX + key, "is empty; remove the line to use %r" % DEFAULTS[key])
        return value

    s = HardwareSettings()
    s.matrix_pin = _pin_name("MATRIX_PIN", text("MATRIX_PIN"))
    s.matrix_pixels = _number("MATRIX_PIXELS", text("MATRIX_PIXELS"), 1, 1024)
    if s.matrix_pixels != 100:
        raise SettingsError(PREFIX + "MATRIX_PIXELS", "is %d; the game needs a 10x10 matrix (100)" % s.matrix_pixels)
    s.layout = _choice("MATRIX_LAYOUT", text("MATRIX_LAYOUT"), LAYOUTS)
    s.start = _choice("MATRIX_START", text("MATRIX_START"), STARTS)
    rotation = _number("MATRIX_ROTATION", text("MATRIX_ROTATION"), 0, 270)
    if rotation not in ROTATIONS:
        raise SettingsError(PREFIX + "MATRIX_ROTATION", "is %d; use 0, 90, 180 or 270" % rotation)
    s.rotation = rotation
    s.mirror = _flag("MATRIX_MIRROR", text("MATRIX_MIRROR"))
    s.color_order = _choice("COLOR_ORDER", text("COLOR_ORDER"), COLOR_ORDERS)
    s.game = {}                     # the game's settings it gives: brightness, think_ms
    for name in SETTINGS:
        _, low, high, _, key = SETTINGS[name]
        if key:
            s.game[name] = _number(key, text(key), low, high)
    s.brightness = s.game["brightness"]     # the matrix's, before the game runs
    s.current_ma = _number("CURRENT_MA", text("CURRENT_MA"), MIN_CURRENT_MA, MAX_CURRENT_MA)
    s.buttons = _choice("BUTTONS", text("BUTTONS"), BUTTON_MODES)
    pins = s.buttons == "pins"
    s.active_low = _choice("BUTTONS_ACTIVE", text("BUTTONS_ACTIVE", pins), ("low", "high")) == "low"
    s.pull = _flag("BUTTONS_PULL", text("BUTTONS_PULL", pins))
    s.button_pins = tuple(_pin_name("BUTTON_" + b, text("BUTTON_" + b, pins)) for b in BUTTON_KEYS)
    s.shift_clock = _pin_name("SHIFT_CLOCK", text("SHIFT_CLOCK", not pins))
    s.shift_data = _pin_name("SHIFT_DATA", text("SHIFT_DATA", not pins))
    s.shift_latch = _pin_name("SHIFT_LATCH", text("SHIFT_LATCH", not pins))
    s.shift_count = _number("SHIFT_COUNT", text("SHIFT_COUNT", not pins), 6, 64)
    s.shift_keys = _key_numbers("SHIFT_KEYS", text("SHIFT_KEYS", not pins), s.shift_count)
    s.display = _choice("DISPLAY", text("DISPLAY"), DISPLAYS)
    oled = s.display == "ssd1306"
    s.display_height = _number("DISPLAY_HEIGHT", text("DISPLAY_HEIGHT", oled), 32, 64)
    if s.display_height not in (32, 64):
        raise SettingsError(PREFIX + "DISPLAY_HEIGHT", "is %d; use 32 or 64" % s.display_height)
    s.i2c_address = _number("I2C_ADDRESS", text("I2C_ADDRESS", oled), 0x08, 0x77, base=0)
    s.i2c_sda = _pin_name("I2C_SDA", text("I2C_SDA", oled))
    s.i2c_scl = _pin_name("I2C_SCL", text("I2C_SCL", oled))
    s.repeat_delay_ms = _number("REPEAT_DELAY_MS", text("REPEAT_DELAY_MS"), 50, 5000)
    s.repeat_ms = _number("REPEAT_MS", text("REPEAT_MS"), 20, 2000)
    s.sound = _flag("SOUND", text("SOUND"))
    speaker = text("SPEAKER", s.sound)      # "auto": the board's own speaker, if it has one
    s.speaker = speaker.lower() if speaker.lower() in ("auto", "none") else _pin_name("SPEAKER", speaker)
    _check_distinct(s)
    s.warnings = [] if lines is None else unknown_keys(lines)   # bytes: see _decoded
    return s


def unknown_keys(lines):
    """A warning for each MAPELLO_ key in settings.toml's `lines` (bytes)
    that is no setting (os.getenv would pass a misspelt one over without a
    word), with the known key nearest to it; first, one naming the lines
    that are not UTF-8 (_decoded), whose keys go unchecked."""
    out = []
    bad = []                # the numbers of the lines that are not UTF-8
    number = 0
    for line in lines:
        number += 1
        line = _decoded(line)
        if line is None:
            bad.append(str(number))
            continue
        i = line.find("=")
        key = line[:i].strip() if i > 0 else ""
        name = key[len(PREFIX):]
        if key.upper().startswith(PREFIX) and not (key.startswith(PREFIX) and name in DEFAULTS):
            out.append("settings.toml: %s is not a setting (ignored): did you mean %s%s?"
                       % (_cut(key), PREFIX, _nearest(name.upper())))
    if bad:
        out.insert(0, "settings.toml: line%s not UTF-8 text (not checked): save the file as UTF-8"
                   % (" %s is" % bad[0] if len(bad) == 1 else "s %s are" % _cut(", ".join(bad))))
    return out


def _nearest(name):
    """The setting whose name takes the fewest one-letter edits to reach."""
    best, best_d = "", 1000
    for key in DEFAULTS:
        d = _distance(name, key)
        if d < best_d or (d == best_d and key < best):
            best, best_d = key, d
    return best


def _distance(a, b):
    """Edits (insert, delete, change, swap two neighbours) that turn a into b:
    difflib is not on the board."""
    row = list(range(len(b) + 1))
    before = row
    for i in range(1, len(a) + 1):
        prev, row = row, [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            d = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d = min(d, before[j - 2] + 1)
            row[j] = d
        before = prev
    return row[len(b)]


def _check_distinct(s):
    """Two uses of one pin would make one of them dead: say which.  Only the
    pins the chosen modes use count."""
    if s.buttons == "pins":
        used = [("BUTTON_" + BUTTON_KEYS[i], s.button_pins[i]) for i in range(6)]
    else:
        used = [("SHIFT_CLOCK", s.shift_clock), ("SHIFT_DATA", s.shift_data),
                ("SHIFT_LATCH", s.shift_latch)]
    if s.display == "ssd1306":
        used.append(("I2C_SDA", s.i2c_sda))
        used.append(("I2C_SCL", s.i2c_scl))
    used.append(("MATRIX_PIN", s.matrix_pin))
    if s.sound:
        used.append(("SPEAKER", s.speaker))
    seen = {}  # type: dict
    for key, pin in used:
        if pin in seen:
            raise SettingsError(PREFIX + key, "is %s, already used by %s%s" % (pin, PREFIX, seen[pin]))
        seen[pin] = key
