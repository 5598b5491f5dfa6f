# displayio's objects, holding on the heap what CircuitPython holds there.
class Group(list):
    def __init__(self, x=0, y=0, scale=1):
        super().__init__()
        self.x = x
        self.y = y
        self._scale = scale
    @property
    def scale(self):
        return self._scale
    @scale.setter
    def scale(self, value):
        self._scale = value
class Bitmap:
    # its pixels in a buffer on the heap, as CircuitPython keeps them (1 bit a
    # pixel for 2 colours, rows of whole 32-bit words; 8 bits otherwise)
    def __init__(self, width, height, colors):
        self.width = width
        self.height = height
        self._bits = 1 if colors <= 2 else 8
        self._row = ((width * self._bits + 31) // 32) * 4
        self._data = bytearray(self._row * height)
    def __getitem__(self, xy):
        x, y = xy
        if self._bits == 8:
            return self._data[y * self._row + x]
        return (self._data[y * self._row + x // 8] >> (x % 8)) & 1
    def __setitem__(self, xy, value):
        x, y = xy
        if self._bits == 8:
            self._data[y * self._row + x] = value
        elif value:
            self._data[y * self._row + x // 8] |= 1 << (x % 8)
        else:
            self._data[y * self._row + x // 8] &= ~(1 << (x % 8))
class Palette:
    def __init__(self, n):
        pass
    def __setitem__(self, i, v):
        pass
    def make_transparent(self, i):
        pass
    def make_opaque(self, i):
        pass
class TileGrid:
    def __init__(self, bitmap, **kwargs):
        self._tiles = bytearray(kwargs.get("width", 1) * kwargs.get("height", 1))
        self.x = kwargs.get("x", 0)
        self.y = kwargs.get("y", 0)
    def __setitem__(self, i, tile):
        self._tiles[i] = tile
    def __getitem__(self, i):
        return self._tiles[i]
def release_displays():
    pass
CIRCUITPYTHON_TERMINAL = None
