"""The 10x10 NeoPixel matrix: writes the App's frame through the wiring table,
scaled for brightness and the current budget, with one show() per change."""

from mapello.hardware.wiring import pixel_table, frame_sum, scale_for, CELLS, SCALE_ONE


class Matrix:
    """Wraps a NeoPixel object made with auto_write=False and brightness=1.

    `show(frame, brightness)` is cheap when nothing changed, so the loop may
    call it every iteration; `last_scale` and `writes` are there for tests and
    the benchmark.
    """

    def __init__(self, pixels, table, budget_ma):
        self.pixels = pixels
        self.table = table
        self.budget_ma = budget_ma
        self.last_scale = -1
        self.writes = 0
        self._shown = bytearray(CELLS * 3)
        self._brightness = -1
        self._lut = bytearray(256)     # byte -> byte at self._lut_scale
        self._lut_scale = -1

    def show(self, frame, brightness):
        """Write `frame` (300 RGB bytes, cell order) unless it is already lit."""
        if brightness == self._brightness and frame == self._shown:
            return False
        scale = scale_for(frame_sum(frame), brightness, self.budget_ma)
        lut = self._lut
        if scale != self._lut_scale:   # the scale only moves when the cap bites
            for v in range(256):
                lut[v] = v * scale // SCALE_ONE
            self._lut_scale = scale
        pixels = self.pixels
        table = self.table
        i = 0
        for cell in range(CELLS):
            pixels[table[cell]] = (lut[frame[i]] << 16) | (lut[frame[i + 1]] << 8) | lut[frame[i + 2]]
            i += 3
        pixels.show()
        self._shown[:] = frame
        self._brightness = brightness
        self.last_scale = scale
        self.writes += 1
        return True

    def clear(self):
        """All dark (used before an error message or a reload)."""
        self.pixels.fill(0)
        self.pixels.show()
        self._brightness = -1


def build_matrix(settings, pin):
    """The Matrix for `settings` on board pin object `pin` (needs neopixel)."""
    import neopixel
    pixels = neopixel.NeoPixel(pin, settings.matrix_pixels, brightness=1.0,
                               auto_write=False, pixel_order=settings.color_order)
    table = pixel_table(settings.layout, settings.start, settings.rotation, settings.mirror)
    return Matrix(pixels, table, settings.current_ma)
