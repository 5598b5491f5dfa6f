"""settings.toml's checks inside MicroPython: a misspelt key named with the
nearest setting (no difflib there), keys a mode never reads left alone, a
line that is not UTF-8 named (MicroPython's str() of such bytes raises
UnicodeError, as CircuitPython's does)."""
from mapello.hardware.settings import SettingsError, read_settings, unknown_keys


def check_unknown_keys_named_with_the_nearest():
    said = unknown_keys([b"MAPELLO_BRIGTHNESS = 30\n", b"MAPELLO_SOUND = 0\n", b"# MAPELLO_X = 1\n",
                         b"mapello_shiftkeys = \"1\"\n"])
    assert said == ["settings.toml: MAPELLO_BRIGTHNESS is not a setting (ignored): did you mean "
                    "MAPELLO_BRIGHTNESS?",
                    "settings.toml: mapello_shiftkeys is not a setting (ignored): did you mean "
                    "MAPELLO_SHIFT_KEYS?"], said


def check_keys_a_mode_never_reads_are_left_alone():
    s = read_settings({"MAPELLO_SHIFT_COUNT": 7}.get)     # pins: the shift keys are not read
    assert s.buttons == "pins" and s.warnings == []


def check_a_file_that_is_not_utf8_is_named_by_line():
    import os
    path = "%s/mapello-settings-%s.toml" % (os.getenv("TMPDIR") or "/tmp",
                                            "".join("%02x" % b for b in os.urandom(6)))
    with open(path, "wb") as f:
        f.write(b"# R\xe9glages\nMAPELLO_SOUND = 0\nMAPELLO_MATRIX_PIN = \"GP\xe90\"\n")

    def getenv(name):               # CircuitPython's, for a value that is not UTF-8
        if name == "MAPELLO_MATRIX_PIN":
            raise UnicodeError()
        return None
    try:
        s = read_settings({}.get, path)
        assert s.warnings == ["settings.toml: lines 1, 3 are not UTF-8 text (not checked): save the "
                              "file as UTF-8"], s.warnings
        try:
            read_settings(getenv, path)
            raise AssertionError("read")
        except SettingsError as e:
            assert str(e) == ("settings.toml: MAPELLO_MATRIX_PIN (line 3) is not UTF-8 text: save "
                              "the file as UTF-8"), str(e)
    finally:
        os.remove(path)
