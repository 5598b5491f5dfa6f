"""The matrix driver through the real neopixel library on Blinka: the GRB bytes
that reach neopixel_write, for every wiring option, with brightness and the
current cap applied, and one show() per changed frame."""
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import board  # noqa: E402
import neopixel  # noqa: E402
import pytest  # noqa: E402

from mapello.hardware import wiring  # noqa: E402
from mapello.hardware.matrix import Matrix, build_matrix  # noqa: E402
from mapello.hardware.settings import read_settings  # noqa: E402


@pytest.fixture
def sent(monkeypatch):
    """Every buffer the neopixel library writes to the wire."""
    writes = []
    monkeypatch.setattr(neopixel, "neopixel_write", lambda pin, buf: writes.append(bytes(buf)))
    return writes


def make(order="GRB", budget=500, **wiring_options):
    pixels = neopixel.NeoPixel(board.NEOPIXEL, 100, brightness=1.0, auto_write=False, pixel_order=order)
    return Matrix(pixels, wiring.pixel_table(**wiring_options), budget)


def frame_with(cells):
    """cells: {(x, y): (r, g, b)} -> the App's 300-byte frame."""
    frame = bytearray(300)
    for (x, y), rgb in cells.items():
        frame[(y * 10 + x) * 3:(y * 10 + x) * 3 + 3] = bytes(rgb)
    return frame


# (options, {(x, y) as the player sees it: pixel number along the strip}), worked out by hand
WIRINGS = [
    (dict(layout="serpentine", start="top-left"), {(0, 0): 0, (9, 0): 9, (9, 1): 10, (0, 1): 19, (3, 2): 23}),
    (dict(layout="progressive", start="top-left"), {(0, 0): 0, (9, 0): 9, (0, 1): 10, (9, 1): 19, (3, 2): 23}),
    (dict(layout="serpentine", start="top-right"), {(9, 0): 0, (0, 0): 9, (0, 1): 10, (9, 1): 19}),
    (dict(layout="progressive", start="top-right"), {(9, 0): 0, (0, 0): 9, (9, 1): 10, (0, 1): 19}),
    (dict(layout="serpentine", start="bottom-left"), {(0, 9): 0, (9, 9): 9, (9, 8): 10, (0, 8): 19, (0, 0): 99}),
    (dict(layout="progressive", start="bottom-right"), {(9, 9): 0, (0, 9): 9, (9, 8): 10, (0, 0): 99}),
    (dict(rotation=90), {(9, 0): 0, (9, 1): 1, (9, 9): 9, (8, 9): 10, (8, 0): 19}),
    (dict(rotation=180), {(9, 9): 0, (0, 9): 9, (0, 8): 10, (9, 8): 19}),
    (dict(rotation=270), {(0, 9): 0, (0, 8): 1, (0, 0): 9, (1, 0): 10, (1, 9): 19}),
    (dict(mirror=True), {(9, 0): 0, (0, 0): 9, (0, 1): 10}),
    (dict(mirror=True, rotation=90), {(0, 0): 0, (0, 9): 9, (1, 9): 10}),
    # turned a quarter anticlockwise: the matrix's bottom-left corner is the player's bottom-right
    (dict(layout="progressive", start="bottom-left", rotation=270), {(9, 9): 0, (9, 0): 9, (8, 9): 10, (0, 0): 99}),
]


@pytest.mark.parametrize("options,expected", WIRINGS)
def test_each_wiring_puts_cells_on_the_right_pixels(sent, options, expected):
    colours = {}
    for n, cell in enumerate(expected):
        colours[cell] = (10 + n, 100 + n, 200 + n)      # distinct, and within the budget
    matrix = make(**options)
    matrix.show(frame_with(colours), 100)
    assert len(sent) == 1
    wire = sent[0]
    assert len(wire) == 300
    lit = 0
    for cell, pixel in expected.items():
        r, g, b = colours[cell]
        assert wire[pixel * 3:pixel * 3 + 3] == bytes((g, r, b)), (cell, pixel)
        lit += 1
    assert sum(1 for i in range(100) if wire[i * 3:i * 3 + 3] != b"\0\0\0") == lit


@pytest.mark.parametrize("options", [o for o, _ in WIRINGS] + [
    dict(layout=lay, start=st, rotation=rot, mirror=m)
    for lay in ("serpentine", "progressive") for st in ("top-left", "bottom-right")
    for rot in (0, 90, 180, 270) for m in (False, True)])
def test_every_wiring_is_a_permutation(options):
    assert sorted(wiring.pixel_table(**options)) == list(range(100))


@pytest.mark.parametrize("order,expect", [("GRB", (2, 1, 3)), ("RGB", (1, 2, 3)), ("BRG", (3, 1, 2)),
                                          ("BGR", (3, 2, 1))])
def test_colour_order(sent, order, expect):
    make(order=order).show(frame_with({(0, 0): (1, 2, 3)}), 100)
    assert sent[0][:3] == bytes(expect)


def test_brightness_scales_every_channel(sent):
    make().show(frame_with({(0, 0): (200, 100, 51)}), 50)     # 50 % = 512/1024
    assert sent[0][:3] == bytes((50, 100, 25))                 # G R B, rounded down


def test_full_white_is_capped_to_the_budget(sent):
    matrix = make(budget=500)
    white = bytearray(b"\xff" * 300)
    matrix.show(white, 100)
    wire = sent[0]
    # 100 pixels draw 100 mA dark; 400 mA are left for 300 channels at 20 mA per 255:
    # 255 * s / 1024 * 300 * 20 / 255 <= 400  ->  s <= 68.27, so each channel gets 255 * 68 // 1024 = 16
    assert set(wire) == {16}
    drawn = 100 * 1 + sum(wire) * 20 / 255
    assert drawn <= 500
    assert drawn > 450          # the cap spends the budget rather than darkening needlessly
    full = 100 * 1 + 300 * 255 * 20 / 255
    assert full > 6000          # what the same frame would draw uncapped


def test_cap_and_brightness_combine(sent):
    matrix = make(budget=2000)
    white = bytearray(b"\xff" * 300)
    matrix.show(white, 10)                  # 10 %: about 700 mA, under budget: brightness rules
    assert set(sent[0]) == {255 * 102 // 1024}
    matrix.show(white, 100)                 # 100 %: the budget rules
    assert max(sent[1]) < 255 and 100 + sum(sent[1]) * 20 / 255 <= 2000


def test_a_dim_frame_is_not_scaled(sent):
    frame = frame_with({(x, 5): (0, 200, 0) for x in range(10)})
    make(budget=500).show(frame, 100)
    assert sent[0].count(200) == 10


def test_one_show_per_changed_frame(sent):
    matrix = make()
    frame = frame_with({(4, 4): (9, 9, 9)})
    assert matrix.show(frame, 40)
    assert not matrix.show(frame, 40)
    assert not matrix.show(bytearray(frame), 40)      # same content, another object
    assert len(sent) == 1
    frame[0] = 1
    assert matrix.show(frame, 40)
    assert matrix.show(frame, 41)                     # brightness changed
    assert len(sent) == 3


def test_rewriting_only_the_changed_rows_sends_what_a_whole_write_sends(sent):
    """show() writes only the rows of the frame that changed, unless the scale
    did: whatever the sequence of frames, brightness and cap, the wire must
    carry exactly what a fresh matrix writing the whole frame sends."""
    from mapello.rng import Rng
    rng = Rng(4)
    matrix = make(budget=700, rotation=90)
    frame = bytearray(300)
    for n in range(150):
        for _ in range(rng.below(4)):                     # a few cells change, as in play
            cell = rng.below(100)
            bright = rng.below(4) == 0                     # now and then a white disc
            frame[3 * cell:3 * cell + 3] = bytes((255, 255, 220) if bright else
                                                 (rng.below(120), rng.below(120), rng.below(120)))
        if n % 17 == 0:
            frame[:] = bytes(255 if rng.below(3) else 0 for _ in range(300))   # a flood: capped
        brightness = (20, 20, 20, 60, 100)[rng.below(5)]
        if n == 90:
            matrix.clear()                                 # dark: every row again after it
        if not matrix.show(frame, brightness):
            continue
        got = sent[-1]
        make(budget=700, rotation=90).show(frame, brightness)
        assert got == sent[-1], n
        sent.clear()


def test_build_matrix_from_settings(sent, monkeypatch):
    settings = read_settings({"MAPELLO_MATRIX_PIN": "NEOPIXEL", "MAPELLO_COLOR_ORDER": "RGB",
                              "MAPELLO_MATRIX_ROTATION": "180", "MAPELLO_CURRENT_MA": "900"}.get)
    matrix = build_matrix(settings, board.NEOPIXEL)
    matrix.show(frame_with({(9, 9): (7, 8, 9)}), 100)
    assert sent[0][:3] == bytes((7, 8, 9))
    assert matrix.budget_ma == 900


def test_current_estimate_matches_the_cap():
    white = bytearray(b"\xff" * 300)
    for budget in (200, 500, 1000, 2500, 6000):
        gain, keep = wiring.cap(white, 100, budget)
        assert wiring.current_ma(white, gain, keep) <= budget
    assert wiring.current_ma(white, wiring.SCALE_ONE) == 6100


def test_the_cap_dims_bright_pixels_first(sent):
    """At the default 20 %, half the board full white, half dim: the cap
    takes its cut from the white half, and the dim half goes out as it
    would without the cap."""
    frame = frame_with({(x, y): (255, 255, 255) if y < 5 else (30, 50, 20)
                        for x in range(10) for y in range(10)})
    make(budget=500).show(frame, 20)                             # 20 % = 204/1024
    wire = sent[0]
    assert wire[99 * 3:99 * 3 + 3] == bytes((50 * 204 // 1024, 30 * 204 // 1024, 20 * 204 // 1024))
    assert wire[0] < 255 * 204 // 1024 * 0.8                     # white: dimmed to fit
    assert 100 + sum(wire) * 20 / 255 <= 500


def test_the_cap_keeps_the_order_of_brightness():
    """Any two pixels: the brighter one at full scale stays at least as bright."""
    for brightness, budget in ((20, 500), (100, 500), (100, 2000), (50, 200)):
        frame = bytearray(b"\xff" * 300)
        gain, keep = wiring.cap(frame, brightness, budget)
        out = [wiring.factor(total, gain, keep) * total / wiring.SCALE_ONE for total in range(766)]
        for a, b in zip(out, out[1:]):
            assert b >= a - 0.75, (brightness, budget)         # the rounding of a factor at most
