"""settings.toml parsing: defaults, accepted forms, and a clear message naming
the key for every bad value."""
import pytest

from mapello.hardware.settings import read_settings, SettingsError, DEFAULTS


def parse(**values):
    env = {"MAPELLO_" + k: v for k, v in values.items()}
    return read_settings(env.get)


def test_empty_file_is_the_pico_build():
    s = parse()
    assert s.matrix_pin == "GP0" and s.matrix_pixels == 100
    assert (s.layout, s.start, s.rotation, s.mirror) == ("serpentine", "top-left", 0, False)
    assert s.color_order == "GRB" and s.brightness == 20 and s.current_ma == 500
    assert s.buttons == "pins" and s.active_low and s.pull
    assert s.button_pins == ("GP2", "GP3", "GP4", "GP5", "GP6", "GP7")
    assert (s.display, s.display_height, s.i2c_address) == ("ssd1306", 32, 0x3C)


def test_values_arrive_as_strings_or_ints():
    s = parse(MATRIX_ROTATION=90, BRIGHTNESS="35", CURRENT_MA=1500, MATRIX_MIRROR="true",
              COLOR_ORDER="rgb", MATRIX_LAYOUT="Progressive", I2C_ADDRESS="0x3d",
              MATRIX_PIN="board.GP15", DISPLAY_HEIGHT=64)
    assert (s.rotation, s.brightness, s.current_ma, s.mirror) == (90, 35, 1500, True)
    assert (s.color_order, s.layout, s.i2c_address, s.matrix_pin) == ("RGB", "progressive", 0x3D, "GP15")
    assert s.display_height == 64


def test_pybadge_shift_register():
    s = parse(BUTTONS="shift", DISPLAY="builtin", SHIFT_KEYS="6, 5, 7, 4, 1, 0")
    assert s.buttons == "shift" and s.shift_keys == (6, 5, 7, 4, 1, 0)
    assert (s.shift_clock, s.shift_data, s.shift_latch) == ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH")


BAD = [
    ("MATRIX_PIN", "3pin", "pin name"),
    ("MATRIX_PIN", "GP-1", "pin name"),
    ("MATRIX_PIXELS", "64", "10x10"),
    ("MATRIX_PIXELS", "many", "whole number"),
    ("MATRIX_LAYOUT", "zigzag", "serpentine, progressive"),
    ("MATRIX_START", "middle", "top-left"),
    ("MATRIX_ROTATION", "45", "0, 90, 180 or 270"),
    ("MATRIX_ROTATION", "-90", "use 0 to 270"),
    ("MATRIX_MIRROR", "maybe", "1 (yes) or 0 (no)"),
    ("COLOR_ORDER", "GRBW", "GRB"),
    ("BRIGHTNESS", "0", "use 1 to 100"),
    ("BRIGHTNESS", "150", "use 1 to 100"),
    ("BRIGHTNESS", "bright", "whole number"),
    ("SLEEP_MINUTES", "61", "use 0 to 60"),
    ("SLEEP_MINUTES", "-1", "use 0 to 60"),
    ("CURRENT_MA", "100", "use 200 to 10000"),
    ("CURRENT_MA", "2.5A", "whole number"),
    ("BUTTONS", "joystick", "pins, shift"),
    ("BUTTONS_ACTIVE", "sideways", "low, high"),
    ("BUTTONS_PULL", "2", "1 (yes) or 0 (no)"),
    ("BUTTON_A", "", "is empty"),
    ("BUTTON_B", "GP6", "already used by MAPELLO_BUTTON_A"),
    ("MATRIX_PIN", "GP2", "already used by MAPELLO_BUTTON_UP"),
    ("SHIFT_KEYS", "1,2,3", "6 key numbers"),
    ("SHIFT_KEYS", "1,1,2,3,4,5", "twice"),
    ("SHIFT_KEYS", "1,2,3,4,5,9", "use 0 to 7"),
    ("SHIFT_COUNT", "4", "use 6 to 64"),
    ("DISPLAY", "oled", "ssd1306, builtin, none"),
    ("DISPLAY_HEIGHT", "48", "use 32 or 64"),
    ("I2C_ADDRESS", "0xZZ", "whole number"),
    ("I2C_ADDRESS", "0x99", "use 8 to 119"),
    ("REPEAT_DELAY_MS", "5", "use 50 to 5000"),
    ("REPEAT_MS", "fast", "whole number"),
    ("THINK_MS", "50", "use 100 to 60000"),
    ("SPEAKER", "9x", "give a pin name"),
    ("SPEAKER", "GP7", "already used by MAPELLO_BUTTON_B"),
    ("SPEAKER", "GP0", "already used by MAPELLO_MATRIX_PIN"),
    ("SOUND", "loud", "use 1 (yes) or 0 (no)"),
]


@pytest.mark.parametrize("key,value,fragment", BAD)
def test_bad_value_names_the_key(key, value, fragment):
    extra = {"BUTTONS": "shift"} if key.startswith("SHIFT") else {}
    extra[key] = value
    with pytest.raises(SettingsError) as info:
        parse(**extra)
    message = str(info.value)
    assert message.startswith("settings.toml: MAPELLO_")
    assert fragment in message, message
    named = info.value.key
    assert named in message
    if "already used" not in fragment:
        assert named == "MAPELLO_" + key


def test_every_key_has_a_bad_value_case():
    tested = {key for key, _, _ in BAD}
    untested = set(DEFAULTS) - tested - {"BUTTON_UP", "BUTTON_DOWN", "BUTTON_LEFT", "BUTTON_RIGHT",
                                         "SHIFT_CLOCK", "SHIFT_DATA", "SHIFT_LATCH", "I2C_SDA", "I2C_SCL"}
    assert not untested
    for key in ("BUTTON_UP", "SHIFT_CLOCK", "I2C_SDA"):
        with pytest.raises(SettingsError, match="MAPELLO_%s is '9x'" % key):
            parse(BUTTONS="shift" if key.startswith("SHIFT") else "pins", **{key: "9x"})


def test_speaker_settings():
    s = parse()
    assert s.speaker == "auto" and s.sound                 # the board's own speaker, if any
    assert parse(SPEAKER="None").speaker == "none"
    assert parse(SPEAKER="GP15").speaker == "GP15" and parse(SPEAKER="board.GP15").speaker == "GP15"
    assert not parse(SOUND="0").sound
    assert not parse(SOUND="0", SPEAKER="GP7").sound          # muted: the pin is not taken ...
    assert not parse(SOUND="0", SPEAKER="9x").sound           # ... nor even read
    s = parse(BUTTONS="shift", SPEAKER="SPEAKER", MATRIX_PIN="D3")
    assert s.speaker == "SPEAKER"
    with pytest.raises(SettingsError, match="MAPELLO_SPEAKER is D3, already used by MAPELLO_MATRIX_PIN"):
        parse(BUTTONS="shift", SPEAKER="D3", MATRIX_PIN="D3")


def test_example_files_parse():
    import os
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for name in ("settings.toml.pico", "settings.toml.pybadge"):
        values = toml_values(os.path.join(root, name))
        assert values, name
        read_settings(values.get)


def toml_values(path):
    """The flat key = value subset of TOML that settings.toml uses."""
    import tomllib
    with open(path, "rb") as f:
        return tomllib.load(f)


def test_a_bare_value_circuitpython_cannot_read_is_named_with_its_quoted_form(tmp_path):
    """CircuitPython 10.0 and 10.1: os.getenv raises ValueError, naming no key,
    for `MAPELLO_MATRIX_MIRROR = true`; the message names the key and shows
    the quoted form, found in the file."""
    toml = tmp_path / "settings.toml"
    toml.write_text('MAPELLO_BRIGHTNESS = 30\nMAPELLO_MATRIX_MIRROR = true\n')

    def getenv(name):
        if name == "MAPELLO_MATRIX_MIRROR":
            raise ValueError("invalid syntax for integer with base 10: 'true'")
        return 30 if name == "MAPELLO_BRIGHTNESS" else None
    with pytest.raises(SettingsError) as e:
        read_settings(getenv, str(toml))
    assert str(e.value) == ('settings.toml: MAPELLO_MATRIX_MIRROR = true needs quotes: '
                            'MAPELLO_MATRIX_MIRROR = "true"')
    assert e.value.key == "MAPELLO_MATRIX_MIRROR"
    with pytest.raises(SettingsError, match="MAPELLO_MATRIX_MIRROR cannot be read"):
        read_settings(getenv, str(tmp_path / "missing.toml"))


def test_a_very_long_value_is_cut_in_the_message(tmp_path):
    long = "GP" + "9" * 500
    with pytest.raises(SettingsError) as e:
        parse(MATRIX_LAYOUT="zigzag" * 100)
    assert len(str(e.value)) < 120 and "..." in str(e.value)
    with pytest.raises(SettingsError) as e:
        parse(BRIGHTNESS="9" * 300)
    assert len(str(e.value)) < 80
    toml = tmp_path / "settings.toml"
    toml.write_text("MAPELLO_MATRIX_PIN = %s\n" % long)

    def getenv(name):
        if name == "MAPELLO_MATRIX_PIN":
            raise ValueError("invalid syntax")
        return None
    with pytest.raises(SettingsError) as e:
        read_settings(getenv, str(toml))
    assert len(str(e.value)) < 120 and "..." in str(e.value)


def test_keys_the_chosen_modes_never_read_never_stop_the_board():
    """Buttons on pins never read the shift register's keys (a SHIFT_COUNT
    of 7 would otherwise make the default SHIFT_KEYS' 7 out of range), nor
    the shift register the buttons' pins; no SSD1306, no I2C keys; muted,
    no speaker."""
    s = parse(SHIFT_COUNT="7", SHIFT_KEYS="lots", SHIFT_CLOCK="9x")
    assert s.buttons == "pins" and s.button_pins[4] == "GP6"
    with pytest.raises(SettingsError, match="MAPELLO_SHIFT_KEYS is 7; use 0 to 6"):
        parse(BUTTONS="shift", SHIFT_COUNT="7")              # read in shift mode: named
    s = parse(BUTTONS="shift", BUTTON_A="9x", BUTTON_B="GP6", BUTTONS_ACTIVE="sideways",
              BUTTONS_PULL="2", MATRIX_PIN="GP2")
    assert s.shift_keys == (6, 5, 7, 4, 1, 0)
    s = parse(DISPLAY="none", DISPLAY_HEIGHT="48", I2C_ADDRESS="0x99", I2C_SDA="9x", I2C_SCL="")
    assert s.display == "none"
    s = parse(DISPLAY="builtin", I2C_SDA="GP2")
    assert s.display == "builtin"
    with pytest.raises(SettingsError, match="MAPELLO_I2C_SDA is '9x'"):
        parse(I2C_SDA="9x")                                  # the SSD1306 reads them


@pytest.mark.parametrize("values, message", [
    ({"SPEAKER": "GP8"}, "MAPELLO_SPEAKER is GP8, already used by MAPELLO_I2C_SDA"),
    ({"SPEAKER": "GP9"}, "MAPELLO_SPEAKER is GP9, already used by MAPELLO_I2C_SCL"),
    ({"BUTTONS": "shift", "DISPLAY": "builtin", "SPEAKER": "BUTTON_LATCH"},
     "MAPELLO_SPEAKER is BUTTON_LATCH, already used by MAPELLO_SHIFT_LATCH"),
    ({"MATRIX_PIN": "GP8"}, "MAPELLO_MATRIX_PIN is GP8, already used by MAPELLO_I2C_SDA"),
])
def test_a_speaker_or_matrix_on_a_pin_in_use_is_named_with_its_user(values, message):
    with pytest.raises(SettingsError, match=message):
        parse(**values)
    parse(**dict(values, SOUND="0", MATRIX_PIN="GP0"))       # muted: no speaker, no clash


@pytest.mark.parametrize("line, nearest", [
    ("MAPELLO_BRIGTHNESS = 30", "MAPELLO_BRIGHTNESS"),
    ("MAPELLO_BRIGHTNES = 30", "MAPELLO_BRIGHTNESS"),
    ("mapello_sound = 0", "MAPELLO_SOUND"),
    ("MAPELLO_SHIFTKEYS = \"6,5,7,4,1,0\"", "MAPELLO_SHIFT_KEYS"),
    ("MAPELLO_BUTTON_SELECT = \"GP10\"", "MAPELLO_BUTTON_LEFT"),
    ("  MAPELLO_SPAEKER=\"GP15\"", "MAPELLO_SPEAKER"),
])
def test_an_unknown_key_is_named_with_the_nearest_setting(tmp_path, line, nearest):
    toml = tmp_path / "settings.toml"
    toml.write_text("# MAPELLO_COMMENTED = 1\nMAPELLO_MATRIX_PIN = \"GP0\"\nCIRCUITPY_WEB_API_PORT = 80\n"
                    + line + "\n")
    s = read_settings({}.get, str(toml))
    key = line.split("=")[0].strip()
    assert s.warnings == ["settings.toml: %s is not a setting (ignored): did you mean %s?"
                          % (key, nearest)]
    assert read_settings({}.get, str(tmp_path / "none.toml")).warnings == []


def circuitpython_getenv(path, bare_is_int=False):
    """os.getenv as CircuitPython reads settings.toml (supervisor/shared/
    settings.c): a key's line found by comparing bytes, every other line
    skipped unread, the value (quoted, or bare up to a comment) made a str,
    which raises for bytes that are not UTF-8 (UnicodeError there,
    UnicodeDecodeError here: both ValueErrors).  `bare_is_int`: 10.0 and
    10.1, where a bare value is parsed as an integer."""
    def getenv(name):
        with open(path, "rb") as f:
            for line in f:
                key, eq, value = line.partition(b"=")
                if eq and key.strip() == name.encode():
                    value = value.strip()
                    if value.startswith(b'"'):
                        return str(value[1:value.index(b'"', 1)], "utf-8")
                    value = value.split(b"#")[0].strip()
                    if bare_is_int:
                        return int(value)       # ValueError: invalid literal
                    return str(value, "utf-8")
        return None
    return getenv


def test_a_byte_that_is_not_utf8_outside_a_value_read_is_a_warning_naming_its_line(tmp_path):
    """A Latin-1 é in a comment, or in a line the game does not read: the
    firmware reads past it; the game warns, naming the line (the key of a
    line that is not UTF-8 goes unchecked), and reads every setting."""
    toml = tmp_path / "settings.toml"
    toml.write_bytes("# Réglages de la manette\nMAPELLO_BRIGHTNESS = 30\n"
                     "CIRCUITPY_WIFI_SSID = \"Café\"\nMAPELLO_BRIGTHNESS = 40  # trop élevé\n"
                     "MAPELLO_SOUNDS = 0\n".encode("latin-1"))
    s = read_settings(circuitpython_getenv(str(toml)), str(toml))
    assert s.brightness == 30
    assert s.warnings == [
        "settings.toml: lines 1, 3, 4 are not UTF-8 text (not checked): save the file as UTF-8",
        "settings.toml: MAPELLO_SOUNDS is not a setting (ignored): did you mean MAPELLO_SOUND?"]
    toml.write_bytes("# Réglages\nMAPELLO_BRIGHTNESS = 30\n".encode("utf-8"))      # UTF-8: no word
    assert read_settings(circuitpython_getenv(str(toml)), str(toml)).warnings == []
    toml.write_bytes("# Réglages\n".encode("latin-1") * 40)                       # one line, cut
    assert read_settings({}.get, str(toml)).warnings == [
        "settings.toml: lines 1, 2, 3, 4, 5, 6, 7, ... are not UTF-8 text (not checked): save the file as UTF-8"]


@pytest.mark.parametrize("value, bare_is_int", [(b'"GP\xe90"', False), (b"GP\xe90", False),
                                                (b"GP\xe90", True)])
def test_a_value_the_game_reads_that_is_not_utf8_is_named_with_its_line(tmp_path, value, bare_is_int):
    """os.getenv cannot make the value a str (and 10.0/10.1 cannot read a
    bare one as a number): the key and its line are named, as for any value
    the game cannot use."""
    toml = tmp_path / "settings.toml"
    toml.write_bytes(b"# pins\nMAPELLO_BRIGHTNESS = 30\nMAPELLO_MATRIX_PIN = " + value + b"\n")
    with pytest.raises(SettingsError) as e:
        read_settings(circuitpython_getenv(str(toml), bare_is_int), str(toml))
    assert str(e.value) == ("settings.toml: MAPELLO_MATRIX_PIN (line 3) is not UTF-8 text: "
                            "save the file as UTF-8")
    assert e.value.key == "MAPELLO_MATRIX_PIN"


# --- reading settings.toml once (read_once) ----------------------------------
def firmware_getenv(data, name):
    """firmware_read()'s value alone."""
    return firmware_read(data, name)[0]


def firmware_read(data, name):
    """(value, whether it was quoted): what CircuitPython's os.getenv gives for `name` from settings.toml's
    bytes `data`, as its reader walks them a byte at a time (10.3's form: a
    value's text, None for a key that is missing or whose value does not
    read).  A line's leading spaces are skipped; a '[' there ends the keys;
    the key must be followed by spaces and '='; a quoted value takes the
    escapes \\b \\t \\n \\v \\f \\r \\uXXXX \\UXXXXXXXX (any other escaped byte
    stands for itself) and allows only a comment after it; a bare value ends
    at '#' or the line's end, its trailing spaces cut."""
    missing = (None, False)
    space = b" \t\r\x0b\x0c"
    key = name.encode()
    at = 0
    n = len(data)

    def skip(at):
        while at < n and data[at] in space:
            at += 1
        return at
    while at < n:
        at = skip(at)
        end = data.find(b"\n", at)
        end = n if end < 0 else end
        if at >= n or data[at] == ord("["):
            return missing
        if data[at:at + len(key)] != key:
            at = end + 1
            continue
        at = skip(at + len(key))
        if at >= n or data[at] != ord("="):
            at = end + 1
            continue
        at = skip(at + 1)
        if at >= end:
            return missing
        if data[at] != ord('"'):
            bare = data[at:end].split(b"#")[0].rstrip(b" \t\r")
            return bare.decode("utf-8"), False
        out = bytearray()
        at += 1
        while True:
            if at >= end:
                return missing
            c = data[at]
            at += 1
            if c == ord('"'):
                after = data[skip(at):end]
                return (out.decode("utf-8"), True) if after[:1] in (b"", b"#") else missing
            if c == ord("\\"):
                if at >= end:
                    return missing
                c = data[at]
                at += 1
                if c in b"uU":
                    size = 4 if c == ord("u") else 8
                    digits = data[at:at + size]
                    at += size
                    try:
                        out += chr(int(digits, 16)).encode("utf-8")
                    except ValueError:
                        return missing
                    continue
                c = {ord("b"): 8, ord("r"): 13, ord("n"): 10, ord("t"): 9, ord("v"): 11,
                     ord("f"): 12}.get(c, c)
            out.append(c)
    return missing


KEYS = ("MAPELLO_SOUND", "MAPELLO_MATRIX_PIN", "MAPELLO_SOUNDS", "MAPELLO_THINK_MS")


def lines_strategy():
    from hypothesis import strategies as st
    key = st.sampled_from(KEYS + ("# MAPELLO_SOUND", "WIFI_SSID", "mapello_sound", "MAPELLO SOUND"))
    equals = st.sampled_from(["=", " = ", " =", "=\t", "", " "])
    pieces = ["a", " ", "#", "é", '"', "\\n", '\\"', "\\\\", "\\u00e9", "\\U0001F600", "\\x", "\\u12"]
    quoted = st.lists(st.sampled_from(pieces), max_size=4).map(lambda t: '"%s"' % "".join(t))
    bare = st.lists(st.sampled_from(["0", "7", "12", "x", "0x1F", "-", " ", ".5", "true", "#"]),
                    max_size=3).map("".join)
    after = st.sampled_from(["", " ", " # note", "#", " x", "\r", '"'])
    setting = st.tuples(st.sampled_from(["", " ", "\t"]), key, equals, st.one_of(quoted, bare), after)
    line = st.one_of(setting.map("".join), st.sampled_from(["", "# a comment", "[table]", "  [t]"]))
    return st.lists(line, max_size=12)


def test_read_once_answers_only_what_the_firmware_would_answer():
    """Every value read_once() reads itself is the one CircuitPython's reader
    gives; the rest (escapes, bare words, 0x, another key's line...) it
    leaves to os.getenv. Generated files, duplicate keys and tables among them."""
    from hypothesis import given, settings, strategies as st
    from mapello.hardware.settings import read_once

    seen = set()

    @settings(max_examples=500, deadline=None, derandomize=True)
    @given(lines_strategy(), st.sampled_from(["\n", "\r\n"]))
    def check(lines, end):
        data = end.join(lines).encode("utf-8")
        ask = read_once(data.split(b"\n"), lambda name: ("asked", name))
        for name in KEYS:
            got = ask(name)
            if got == ("asked", name):
                seen.add("asked")
                continue
            seen.add("read")
            value, quoted = firmware_read(data, name)
            assert got == value, (data, name)
            if not quoted:  # as CircuitPython 10.0 to 10.2 read a bare value: an int (strtol, base 0)
                assert got == str(strtol(got)), (data, name)
    check()
    assert seen == {"asked", "read"}


def strtol(text):
    """C's strtol(text, base 0) of a whole number: 0x hex, a leading 0 octal."""
    sign = -1 if text[:1] == "-" else 1
    digits = text.lstrip("+-")
    if digits[:2].lower() == "0x":
        return sign * int(digits[2:], 16)
    return sign * int(digits, 8 if digits[:1] == "0" and len(digits) > 1 else 10)


@pytest.mark.parametrize("example", ["settings.toml.pico", "settings.toml.pybadge"])
def test_the_example_files_are_read_without_asking_os_getenv(example):
    """The files deploy.sh copies: every key they give is answered from the
    one read, each as the firmware reads it."""
    import os
    from mapello.hardware.settings import read_once
    with open(os.path.join(os.path.dirname(os.path.dirname(__file__)), example), "rb") as f:
        data = f.read()
    asked = []
    ask = read_once(data.split(b"\n"), asked.append)
    for name in DEFAULTS:
        if b"MAPELLO_" + name.encode() + b" " in data:
            assert ask("MAPELLO_" + name) == firmware_getenv(data, "MAPELLO_" + name) is not None
    assert asked == []


def test_a_key_the_file_does_not_give_is_asked_of_os_getenv(tmp_path):
    """On the desktop the board's wiring comes from the environment: a key
    missing from the file goes to getenv, as do the forms read_once leaves."""
    from mapello.hardware.settings import read_once
    ask = read_once([b"MAPELLO_SOUND = 0", b'MAPELLO_SPEAKER = "GP\\x31"', b"MAPELLO_REPEAT_MS = 0x40"],
                    lambda name: "env:" + name)
    assert ask("MAPELLO_SOUND") == "0"
    assert ask("MAPELLO_SPEAKER") == "env:MAPELLO_SPEAKER"
    assert ask("MAPELLO_REPEAT_MS") == "env:MAPELLO_REPEAT_MS"
    assert ask("MAPELLO_BRIGHTNESS") == "env:MAPELLO_BRIGHTNESS"


@pytest.mark.parametrize("text, answer", [
    (b'MAPELLO_SOUND = "1"', "1"),
    (b'  MAPELLO_SOUND\t=  "GP1"  # the pin', "GP1"),
    (b'MAPELLO_SOUND = 12 # a number\r', "12"),
    (b"MAPELLO_SOUND = 0", "0"),
    (b'MAPELLO_SOUND = "a#b"', "a#b"),
    (b'MAPELLO_SOUND = ""', ""),
    (b'MAPELLO_SOUND = "a\\nb"', None),          # an escape
    (b"MAPELLO_SOUND = 012", None),              # octal to strtol: 10 on 10.0 to 10.2
    (b"MAPELLO_SOUND = 0x3C", None),
    (b"MAPELLO_SOUND = -1", None),
    (b"MAPELLO_SOUND = true", None),             # a bool on 10.3, ValueError before
    (b"MAPELLO_SOUND = 1.5", None),
    (b"MAPELLO_SOUND = 1234567890", None),       # over what 10.0's 16-byte buffer holds
    (b"MAPELLO_SOUND =", None),
    (b'MAPELLO_SOUND = "a" b', None),            # the firmware reads no value there
    (b'MAPELLO_SOUND = "a', None),
    (b'MAPELLO_SOUND = "1"\nMAPELLO_SOUND = "2"', "1"),   # the first line counts
    (b'[wifi]\nMAPELLO_SOUND = "1"', "missing"),         # a table ends the keys
    (b'MAPELLO_SOUNDS = "1"\n# MAPELLO_SOUND = "2"', "missing"),
])
def test_read_once_reads_each_form_as_the_firmware_or_asks(text, answer):
    from mapello.hardware.settings import read_once
    got = read_once(text.split(b"\n"), lambda name: "asked")("MAPELLO_SOUND")
    if answer is None:
        assert got == "asked"
    elif answer == "missing":
        assert got == "asked" and firmware_getenv(text, "MAPELLO_SOUND") is None
    else:
        assert got == answer == firmware_getenv(text, "MAPELLO_SOUND")
