"""The text display: four lines in a displayio group (tile grids of the 5x8
font on a 32-pixel-high display, adafruit_display_text labels on taller
ones), each changed only when its text changed, sent to the display when
they are set, not by displayio's background refresh.  Also builds the
SSD1306 or the board's own display."""

LINES = 4
LINE_CHARS = 21


class TextScreen:
    """Four lines of up to 21 characters, sized to the display.

    A 32-pixel-high display shows the 5x8 font in 8-pixel rows, as tile grids
    over the font's glyph sheet (mapello/hardware/font.py); without that font
    it falls back to the built-in font, clipped.  128x64 gets the built-in
    terminal font in 16-pixel rows, a larger built-in TFT centres the block
    with rows a quarter of its height apart; both through text labels.
    """

    def __init__(self, display, width, height, font_file=None):
        import displayio
        self.display = display
        self.width = width
        self.height = height
        self.group = displayio.Group()
        self.labels = []
        self.grids = []
        self.texts = ["", "", "", ""]
        sheet = None
        if height <= 32:
            from mapello.hardware import font
            sheet = font.small_sheet(font_file)
            self._tile = font.tile
        self.small = sheet is not None
        pitch = 8 if height <= 32 else (16 if height <= 64 else height // LINES)
        x = (width - 126) // 2 if width > 128 else 0
        if sheet is not None:
            palette = displayio.Palette(2)
            palette[0] = 0x000000
            palette[1] = 0xFFFFFF
            for i in range(LINES):
                grid = displayio.TileGrid(sheet, pixel_shader=palette, width=LINE_CHARS, height=1,
                                          tile_width=5, tile_height=8, default_tile=0)
                grid.x = x
                grid.y = i * pitch
                self.group.append(grid)
                self.grids.append(grid)
        else:
            import terminalio
            from adafruit_display_text import label
            dy = pitch // 2 - (1 if pitch == 8 else 0)
            for i in range(LINES):
                lab = label.Label(terminalio.FONT, text="", color=0xFFFFFF)
                lab.x = x
                lab.y = i * pitch + dy
                self.group.append(lab)
                self.labels.append(lab)
        self.updates = 0
        # A display that refreshes itself does it in a background task, at any
        # moment once its frame time is up: in the middle of the next step, the
        # matrix's frame included.  Here the refresh (the I2C transfer of the
        # changed lines) runs where the loop says: right after the lines are set.
        self.refreshes = bool(getattr(display, "auto_refresh", False))
        if self.refreshes:
            display.auto_refresh = False
        display.root_group = self.group

    def show_lines(self, lines):
        """Set the four lines (missing ones blank); returns how many changed."""
        changed = 0
        for i in range(LINES):
            text = lines[i] if i < len(lines) else ""
            if text != self.texts[i]:
                if self.grids:
                    grid = self.grids[i]
                    tile = self._tile
                    n = len(text)
                    for j in range(LINE_CHARS):
                        grid[j] = tile(text[j]) if j < n else 0
                else:
                    self.labels[i].text = text
                self.texts[i] = text
                changed += 1
        self.updates += changed
        if changed and self.refreshes:
            self.display.refresh()
        return changed


class SerialScreen:
    """No display: lines go to the serial console (the matrix scrolls line 0)."""

    def __init__(self, printer=print):
        self.printer = printer
        self.texts = ["", "", "", ""]

    def show_lines(self, lines):
        changed = 0
        for i in range(LINES):
            text = lines[i] if i < len(lines) else ""
            if text != self.texts[i]:
                self.texts[i] = text
                changed += 1
        if changed:
            self.printer(" | ".join(t for t in self.texts if t))
        return changed


def wrap(text, width=21, lines=LINES):
    """Word-wrap `text` into at most `lines` lines of `width` characters."""
    out = []
    current = ""
    for word in text.split():
        while len(word) > width:
            if current:
                out.append(current)
                current = ""
            out.append(word[:width])
            word = word[width:]
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current = current + " " + word
        else:
            out.append(current)
            current = word
    if current:
        out.append(current)
    return out[:lines]


def ssd1306_display(i2c, address, height):
    """A 128 x `height` SSD1306 on `i2c`, through i2cdisplaybus (CircuitPython
    9 and 10; 10 has no displayio.I2CDisplay)."""
    from i2cdisplaybus import I2CDisplayBus
    import adafruit_displayio_ssd1306
    bus = I2CDisplayBus(i2c, device_address=address)
    return adafruit_displayio_ssd1306.SSD1306(bus, width=128, height=height)
