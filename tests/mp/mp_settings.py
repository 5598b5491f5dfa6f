"""settings.toml's checks inside MicroPython: a misspelt key named with the
nearest setting (no difflib there), keys a mode never reads left alone."""
from mapello.hardware.settings import read_settings, unknown_keys


def check_unknown_keys_named_with_the_nearest():
    said = unknown_keys(["MAPELLO_BRIGTHNESS = 30\n", "MAPELLO_SOUND = 0\n", "# MAPELLO_X = 1\n",
                         "mapello_shiftkeys = \"1\"\n"])
    assert said == ["settings.toml: MAPELLO_BRIGTHNESS is not a setting (ignored): did you mean "
                    "MAPELLO_BRIGHTNESS?",
                    "settings.toml: mapello_shiftkeys is not a setting (ignored): did you mean "
                    "MAPELLO_SHIFT_KEYS?"], said


def check_keys_a_mode_never_reads_are_left_alone():
    s = read_settings({"MAPELLO_SHIFT_COUNT": 7}.get)     # pins: the shift keys are not read
    assert s.buttons == "pins" and s.warnings == []
