"""The 10x10 NeoPixel matrix: writes the App's frame through the wiring table,
scaled for brightness and the current budget, with one show() per change."""

from mapello.hardware.wiring import pixel_table, cap, CELLS, KNEE, SCALE_ONE


class Matrix:
    """Wraps a NeoPixel object made with auto_write=False and brightness=1.

    `show(frame, brightness)` is cheap when nothing changed, so the loop may
    call it every iteration; `last_cap` (wiring.cap()'s gain and keep) and
    `writes` are there for tests and the benchmark.
    """

    def __init__(self, pixels, table, budget_ma):
        self.pixels = pixels
        self.table = table
        self.budget_ma = budget_ma
        self.last_cap = None
        self.writes = 0
        self._shown = bytearray(CELLS * 3)
        self._sums = [0] * 10
        self._brightness = -1
        self._lut = bytearray(256)     # byte -> byte at self._lut_scale
        self._lut_scale = -1

    def show(self, frame, brightness):
        """Write `frame` (300 RGB bytes, cell order) unless it is already lit.
        Only the rows of 10 cells that changed are written again, unless the
        scale changed (brightness, or the cap of a brighter frame)."""
        shown = self._shown
        if brightness == self._brightness and frame == shown:
            return False
        sums = self._sums                  # each row's bytes added up, as shown
        changed = 0                        # a bit per row that differs from what is shown
        total = 0
        for row in range(10):
            i = row * 30
            part = frame[i:i + 30]
            if part != shown[i:i + 30]:
                changed |= 1 << row
                sums[row] = sum(part)
            total += sums[row]
        gain, keep = cap(frame, brightness, self.budget_ma, CELLS, total)
        last = self.last_cap
        if brightness != self._brightness or last is None or last[0] != gain or last[1] != keep:
            changed = 1023                 # a new scale: every row again
        pixels = self.pixels
        table = self.table
        for row in range(10):
            if not (changed >> row) & 1:
                continue                   # this row is lit as it should be
            i = row * 30
            cell = row * 10
            if keep == SCALE_ONE:          # under the budget: one scale for every byte
                lut = self._lut
                if gain != self._lut_scale:
                    for v in range(256):
                        lut[v] = v * gain // SCALE_ONE
                    self._lut_scale = gain
                for cell in range(cell, cell + 10):
                    pixels[table[cell]] = (lut[frame[i]] << 16) | (lut[frame[i + 1]] << 8) | lut[frame[i + 2]]
                    i += 3
            else:                          # capped: each pixel by its own sum (wiring.factor, inlined)
                base = KNEE * SCALE_ONE
                for cell in range(cell, cell + 10):
                    r = frame[i]
                    g = frame[i + 1]
                    b = frame[i + 2]
                    total = r + g + b
                    f = gain
                    if total > KNEE:
                        f = gain * (base + (total - KNEE) * keep) // (total * SCALE_ONE)
                    pixels[table[cell]] = ((r * f // SCALE_ONE) << 16) | ((g * f // SCALE_ONE) << 8) | (b * f // SCALE_ONE)
                    i += 3
        pixels.show()
        shown[:] = frame
        self._brightness = brightness
        self.last_cap = (gain, keep)
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
