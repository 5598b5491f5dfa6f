"""Where each cell of the 10x10 board is on the LED strip, and how bright a
frame may be without browning out the board.

Pure functions: no hardware import, so the tables are tested on the desktop
and in the MicroPython VM.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]  # the stub's const is generic
        return x

SIZE = const(10)
CELLS = const(100)
MA_PER_CHANNEL = const(20)     # a WS2812 colour channel at 255 draws about 20 mA
IDLE_MA_PER_PIXEL = const(1)   # each WS2812 draws about 1 mA even when dark
SCALE_ONE = const(1024)        # brightness scale factors are in 1/1024


def matrix_xy(x, y, rotation, mirror):
    """The player's cell (x right, y down) -> the matrix's own (mx, my).

    `mirror` flips left-right first (a matrix seen through its back or a
    diffuser); `rotation` is how far the matrix is turned clockwise when mounted.
    """
    if mirror:
        x = SIZE - 1 - x
    if rotation == 90:
        return y, SIZE - 1 - x
    if rotation == 180:
        return SIZE - 1 - x, SIZE - 1 - y
    if rotation == 270:
        return SIZE - 1 - y, x
    return x, y


def strip_index(mx, my, layout, start):
    """Position along the strip of the matrix's own (mx, my): rows run left to
    right from the corner `start`; serpentine rows alternate direction."""
    if start in ("top-right", "bottom-right"):
        mx = SIZE - 1 - mx
    if start in ("bottom-left", "bottom-right"):
        my = SIZE - 1 - my
    if layout == "serpentine" and my % 2 == 1:
        mx = SIZE - 1 - mx
    return my * SIZE + mx


def pixel_table(layout="serpentine", start="top-left", rotation=0, mirror=False):
    """bytearray(100): cell (row * 10 + col) -> pixel number on the strip."""
    table = bytearray(CELLS)
    for cell in range(CELLS):
        mx, my = matrix_xy(cell % SIZE, cell // SIZE, rotation, mirror)
        table[cell] = strip_index(mx, my, layout, start)
    return table


def frame_sum(frame):
    """Sum of all colour bytes of a frame: the current it asks for, in units."""
    return sum(frame)


def scale_for(total, brightness, budget_ma, pixels=CELLS):
    """The scale (in 1/1024) that applies `brightness` percent and keeps the
    estimated current of a frame whose colour bytes sum to `total` within
    `budget_ma`, the dark pixels' own draw included."""
    scale = brightness * SCALE_ONE // 100
    spare_ma = budget_ma - pixels * IDLE_MA_PER_PIXEL
    if spare_ma <= 0:
        return 0
    # current = total * scale / 1024 * MA_PER_CHANNEL / 255 <= spare_ma
    if total * scale * MA_PER_CHANNEL > spare_ma * 255 * SCALE_ONE:
        scale = spare_ma * 255 * SCALE_ONE // (total * MA_PER_CHANNEL)
    return scale


def current_ma(frame, scale, pixels=CELLS):
    """Estimated draw of `frame` written at `scale`, in mA (for checks and logs)."""
    units = 0
    for v in frame:
        units += v * scale // SCALE_ONE
    return pixels * IDLE_MA_PER_PIXEL + units * MA_PER_CHANNEL // 255
