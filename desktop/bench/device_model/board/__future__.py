# `from __future__ import annotations` in the Adafruit libraries.
annotations = None
