"""Adapters between the App and a CircuitPython board: settings.toml, the
NeoPixel matrix, the buttons, the display and the loop that ties them together.

The pure parts (settings, wiring, repeat, ticker) import no hardware module,
so they also run in the desktop tests and the MicroPython VM.
"""
