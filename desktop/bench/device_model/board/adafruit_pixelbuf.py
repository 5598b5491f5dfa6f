# The C pixel buffer: pixels[i] = v is a list's own (C) store, as the C
# pixelbuf's; show() hands the bytes to neopixel's _transmit.
class PixelBuf(list):
    def __init__(self, n, *, byteorder="GRB", brightness=1.0, auto_write=True, header=b"", trailer=b""):
        super().__init__([0] * n)
        self.brightness = brightness
    def show(self):
        self._transmit(b"")
    def fill(self, color):
        pass
