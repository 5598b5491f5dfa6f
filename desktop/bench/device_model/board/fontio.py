# The built-in font's glyphs.
from collections import namedtuple
Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy", "shift_x", "shift_y"))
class BuiltinFont:
    def get_bounding_box(self):
        return (6, 12)
    def get_glyph(self, c):
        return Glyph(None, c, 6, 12, 0, -2, 6, 0)
