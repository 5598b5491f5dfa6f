"""mapello.hardware.launch inside MicroPython, in a VM of its own (80 KiB heap)."""


def check_long_ints_present_here():
    from mapello.hardware.launch import long_ints_problem, missing_library
    assert long_ints_problem() is None
    assert "neopixel" in missing_library(ImportError("no module named 'neopixel'"))
