"""Where each cell of the 10x10 board is on the LED strip, and how bright a
frame may be without browning out the board (bright pixels dim first, so
the dim ones, the border and the felt, stay lit: see cap()).

Pure functions: no hardware import, so the tables are tested on the desktop
and in the MicroPython VM.
"""

from micropython import const

SIZE = const(10)
CELLS = const(100)
MA_PER_CHANNEL = const(20)     # a WS2812 colour channel at 255 draws about 20 mA
IDLE_MA_PER_PIXEL = const(1)   # each WS2812 draws about 1 mA even when dark
SCALE_ONE = const(1024)        # brightness scale factors are in 1/1024
KNEE = const(100)              # under the cap, pixels summing to at most this (full scale) stay as they are
MIN_KEEP = const(256)          # ... and brighter ones keep at least a quarter of their excess over it


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


def cap(frame, brightness, budget_ma, pixels=CELLS, total=None):
    """(gain, keep) in 1/1024 for `frame` at `brightness` % within `budget_ma`;
    `total`, if the caller knows it, is the sum of the frame's bytes."""
    # Under the budget keep is SCALE_ONE and every channel is scaled by gain.
    # Over it, bright pixels give way first: a pixel whose channels sum to at
    # most KNEE (full scale) keeps its brightness, and of a brighter pixel's
    # sum only the part above KNEE shrinks, to keep/1024 of it (factor()).
    # Only when even MIN_KEEP does not fit is gain lowered as well.
    gain = brightness * SCALE_ONE // 100
    spare_ma = budget_ma - pixels * IDLE_MA_PER_PIXEL
    if spare_ma <= 0:
        return 0, SCALE_ONE
    # wire units allowed, times 1024 * 1024 (exact: 255 * 1024 is a multiple of 20)
    room = spare_ma * 255 * SCALE_ONE * SCALE_ONE // MA_PER_CHANNEL
    if total is None:
        whole = len(frame) - len(frame) % 3
        total = sum(frame) if whole == len(frame) else sum(frame[:whole])
    if gain * total * SCALE_ONE <= room:      # the common case: under the budget as it is
        return gain, SCALE_ONE
    low = 0       # the sums up to the knee
    high = 0      # what lies above it
    for i in range(0, len(frame) - 2, 3):
        s = frame[i] + frame[i + 1] + frame[i + 2]
        if s > KNEE:
            low += KNEE
            high += s - KNEE
        else:
            low += s
    if high:
        keep = (room // gain - low * SCALE_ONE) // high
        if keep >= MIN_KEEP:
            return gain, keep
    return room // (low * SCALE_ONE + high * MIN_KEEP), MIN_KEEP


def factor(total, gain, keep):
    """The scale (1/1024) of a pixel whose channels sum to `total`."""
    # the same for its three channels, so the pixel keeps its hue
    if total <= KNEE:
        return gain
    return gain * (KNEE * SCALE_ONE + (total - KNEE) * keep) // (total * SCALE_ONE)   # < 2**30


def current_ma(frame, gain, keep=SCALE_ONE, pixels=CELLS):
    """Estimated draw of `frame` written at cap()'s (gain, keep), in mA."""
    units = 0
    for i in range(0, len(frame) - 2, 3):
        f = factor(frame[i] + frame[i + 1] + frame[i + 2], gain, keep)
        units += frame[i] * f // SCALE_ONE + frame[i + 1] * f // SCALE_ONE + frame[i + 2] * f // SCALE_ONE
    return pixels * IDLE_MA_PER_PIXEL + units * MA_PER_CHANNEL // 255
