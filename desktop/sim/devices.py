"""The simulated hardware: the real `neopixel` and `displayio` libraries on
Blinka, driven by the same adapters the device uses (mapello.hardware.matrix
and .screen), with the wire write captured so the simulator shows exactly the
bytes the device would send, decoded.
"""

import os
import struct

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")   # docs/DESIGN.md section 7, Blinka

from mapello.game.options import setting  # noqa: E402

DISPLAY_W = 128
DISPLAY_H = 32


def _device_default(key):
    """The device's default for settings.toml's MAPELLO_<key>, so the
    simulator starts as an empty settings.toml would on the device."""
    from mapello.hardware.settings import DEFAULTS
    return int(DEFAULTS[key])


DEFAULT_CURRENT_MA = _device_default("CURRENT_MA")
DEFAULT_BRIGHTNESS = _device_default("BRIGHTNESS")


class SimDevices:
    """A 10x10 NeoPixel matrix and a 128x32 text display, headless.

    update(app) writes the app's frame and lines through the device adapters
    and keeps what a page shows beside the board (mapello.ui.kinds.panel());
    cell_colour(cell) decodes the captured GRB bytes back to RGB as the LEDs
    were told to light; display_rows() reads the display's RGB565 pixels;
    symbols() says what each cell is, from the App's cell_kinds().
    """

    def __init__(self, current_ma=DEFAULT_CURRENT_MA, layout="serpentine"):
        import board
        import busdisplay
        import displayio
        import neopixel
        from mapello.hardware.matrix import Matrix
        from mapello.hardware.screen import TextScreen
        from mapello.hardware.wiring import pixel_table

        self.wire = bytearray(300)          # the last bytes sent to the strip
        self.writes = 0

        def capture(pin, buf):
            self.wire[:] = bytes(buf)[:300]
            self.writes += 1
        neopixel.neopixel_write = capture   # Blinka's wire write is a no-op here
        self.table = pixel_table(layout, "top-left", 0, False)
        pixels = neopixel.NeoPixel(board.NEOPIXEL, 100, brightness=1.0, auto_write=False,
                                   pixel_order=neopixel.GRB)
        self.matrix = Matrix(pixels, self.table, current_ma)
        displayio.release_displays()
        self.display = busdisplay.BusDisplay(None, b"", width=DISPLAY_W, height=DISPLAY_H,
                                             auto_refresh=False)
        self.screen = TextScreen(self.display, DISPLAY_W, DISPLAY_H)
        self.brightness = 100               # what the App sends at (dimmed or dark when asleep)
        self.setting = 100                  # the brightness setting, which a screen takes back out
        self.version = -1
        self.kinds = bytes(100)             # what each cell is, from the App (cell_kinds)
        self.cursor = -1                    # the App's cursor
        self.panel = None                   # what the window shows beside the board (kinds.panel())

    def update(self, app):
        """Show the app's state if it changed; True when something was redrawn."""
        if app.version == self.version and app.brightness == self.brightness:
            return False
        self.version = app.version
        self.brightness = app.brightness
        self.setting = setting(app.settings, "brightness")
        self.kinds = app.cell_kinds()
        self.cursor = app.cursor
        self.matrix.show(app.frame, app.brightness)
        app.run_deferred()                  # as the device's loop: a move's save after its frame
        self.screen.show_lines(app.lines)
        from mapello.ui.kinds import panel
        self.panel = panel(app)
        return True

    def wire_colour(self, cell):
        """(r, g, b) the LED of `cell` was sent (GRB on the wire)."""
        i = self.table[cell] * 3
        w = self.wire
        return (w[i + 1], w[i], w[i + 2])

    def cell_colour(self, cell):
        """The colour to show on a screen for `cell`: the wire colour with the
        brightness setting taken back out, since an LED at a low duty cycle
        looks far brighter than a screen pixel of the same number (a matrix
        dimmed or dark after no press shows dim or dark)."""
        return view_colour(self.wire_colour(cell), self.setting)

    def lines(self):
        return list(self.screen.texts)

    def symbols(self):
        """100 letters, what each cell is (desktop.sim.terminal.LETTERS): from
        the App's cell_kinds() and cursor, never from the wire."""
        from desktop.sim.terminal import cell_symbols
        return cell_symbols(self.kinds, self.cursor)

    def display_rows(self):
        """DISPLAY_H rows of DISPLAY_W (r, g, b) as the display shows them."""
        rows = []
        for y in range(DISPLAY_H):
            data = bytes(self.display.fill_row(y, None))
            words = struct.unpack("<%dH" % (len(data) // 2), data)[:DISPLAY_W]
            rows.append([rgb565(v) for v in words])
        return rows

    def close(self):
        import displayio
        displayio.release_displays()


def view_colour(wire, brightness):
    """Undo the brightness scaling for a screen: value * 100 // brightness."""
    out = []
    for v in wire:
        v = v * 100 // brightness
        out.append(255 if v > 255 else v)
    return (out[0], out[1], out[2])


def rgb565(v):
    r = (v >> 11) & 31
    g = (v >> 5) & 63
    b = v & 31
    return ((r * 255 + 15) // 31, (g * 255 + 31) // 63, (b * 255 + 15) // 31)
