"""Every cell kind, the cursor and the hints stay distinguishable on the LEDs,
in each palette the menu offers: the colour distance between all pairs that
can stand side by side (and between a cell and what the blinking cursor
turns it into), at full scale and after the brightness scaling the matrix
applies at every brightness offered; in the colour-blind palette also as
protanopia and deuteranopia see them."""
import itertools

import pytest

from mapello.ui import palette
from mapello.ui.board_view import cell_colour
from mapello.rules.position import BLACK, WHITE, Position, parse_cell
from mapello.hardware.wiring import SCALE_ONE, cap
from mapello.game.options import SETTINGS

PALETTES = range(len(palette.NAMES))
STANDARD, COLOUR_BLIND = PALETTES


@pytest.fixture(params=PALETTES, ids=palette.NAMES, autouse=True)
def which(request):
    """Each test runs in each palette; the standard one is left in use."""
    palette.use(request.param)
    yield request.param
    palette.use(STANDARD)


def inner_states():
    return {
        "empty": palette.EMPTY, "hint": palette.HINT, "black": palette.BLACK_DISC,
        "white": palette.WHITE_DISC, "last black": palette.LAST_BLACK,
        "last white": palette.LAST_WHITE, "wall": palette.WALL, "bonus": palette.BONUS,
        "bonus hint": palette.BONUS_HINT,
    }


def border_states():
    return {"border": palette.BORDER, "joker": palette.JOKER}


def transient():
    return {"flip": palette.FLIP_MID, "refused": palette.BAD_CELL,
            "setup cursor": palette.SETUP_CURSOR, "preview": palette.PREVIEW,
            "black's cursor": palette.CURSOR_BLACK, "cursor alt": palette.CURSOR_ALT}


# How people with protanopia and deuteranopia see a colour (Machado, Oliveira
# and Fernandes 2009, severity 1), applied to the LED's light, which is
# linear in the value sent.
CVD = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
}


def seen(colour, matrix):
    rgb = palette.rgb(colour)
    return [min(255.0, max(0.0, sum(m * v for m, v in zip(row, rgb)))) for row in matrix]


def neighbour_pairs():
    """(name, colour, name, colour) for every two states that can touch."""
    inner = list(inner_states().items())
    border = list(border_states().items())
    pairs = []
    pairs += [(a, b) for a, b in itertools.combinations(inner, 2)]
    pairs += [(a, b) for a in inner for b in border]
    pairs += [(a, b) for a, b in itertools.combinations(border, 2)]
    everything = inner + border
    pairs += [(t, s) for t in transient().items() for s in everything]
    return pairs


def device_colour(colour, brightness):
    """What the matrix adapter sends at `brightness` (no current cap)."""
    gain, keep = cap(bytearray(300), brightness, 10 ** 6)
    assert keep == SCALE_ONE
    return tuple(v * gain // SCALE_ONE for v in palette.rgb(colour))


def test_neighbours_are_far_apart():
    for a, b in neighbour_pairs():
        d = palette.distance(a[1], b[1])
        assert d >= palette.MIN_DISTANCE, "%s %06x vs %s %06x: %.0f" % (a[0], a[1], b[0], b[1], d)


@pytest.mark.parametrize("view", sorted(CVD))
def test_the_colour_blind_palette_keeps_neighbours_apart_for_red_green_blindness(which, view):
    if which != COLOUR_BLIND:
        pytest.skip("the colour-blind palette's promise")
    for a, b in neighbour_pairs():
        d = sum((x - y) ** 2 for x, y in zip(seen(a[1], CVD[view]), seen(b[1], CVD[view]))) ** 0.5
        assert d >= 1.5 * palette.MIN_DISTANCE, "%s: %s %06x vs %s %06x: %.0f" % (
            view, a[0], a[1], b[0], b[1], d)


def test_the_standard_palette_is_not_safe_for_red_green_blindness(which):
    """Why the colour-blind palette exists: a red joker on the amber ring."""
    if which != STANDARD:
        pytest.skip("the standard palette's fault")
    m = CVD["protanopia"]
    d = sum((x - y) ** 2 for x, y in zip(seen(palette.JOKER, m), seen(palette.BORDER, m))) ** 0.5
    assert d < palette.MIN_DISTANCE


def test_the_marks_a_player_reads_stand_out():
    """A legal move on the felt, black's last move on a black disc: a
    distance a glance tells, not only the least two colours may have."""
    assert palette.distance(palette.HINT, palette.EMPTY) >= 2.5 * palette.MIN_DISTANCE
    assert palette.distance(palette.BONUS_HINT, palette.BONUS) >= 2.5 * palette.MIN_DISTANCE
    assert palette.distance(palette.LAST_BLACK, palette.BLACK_DISC) >= 3 * palette.MIN_DISTANCE
    assert palette.distance(palette.LAST_WHITE, palette.WHITE_DISC) >= 3 * palette.MIN_DISTANCE


BRIGHTNESS = SETTINGS["brightness"][3]     # the menu's choices


@pytest.mark.parametrize("brightness", BRIGHTNESS)
def test_neighbours_differ_at_every_brightness(brightness):
    for a, b in neighbour_pairs():
        assert device_colour(a[1], brightness) != device_colour(b[1], brightness), \
            (brightness, a[0], b[0])


@pytest.mark.parametrize("mover", (BLACK, WHITE))
def test_cursor_blinks_visibly_on_every_cell(mover):
    for name, under in list(inner_states().items()):
        lit = palette.cursor_colour(under, mover)
        assert palette.distance(lit, under) >= palette.MIN_DISTANCE, (name, mover)
    # white's cursor is a white disc wherever that stands out
    assert palette.cursor_colour(palette.EMPTY, WHITE) == palette.WHITE_DISC
    assert palette.cursor_colour(palette.WHITE_DISC, WHITE) == palette.CURSOR_ALT


def test_blacks_cursor_is_never_a_colour_a_cell_has():
    """A black disc is an unlit LED: a cursor lit as one would show a black
    disc in any still frame.  Black's cursor is a colour no cell shows."""
    cells = set(inner_states().values()) | set(border_states().values())
    for name, under in list(inner_states().items()) + list(border_states().items()):
        lit = palette.cursor_colour(under, BLACK)
        assert lit not in cells, name
        assert palette.distance(lit, palette.BLACK_DISC) >= 2 * palette.MIN_DISTANCE, name


def test_the_last_move_is_not_tinted_like_the_cursor():
    """The cursor blinks amber (CURSOR_ALT, SETUP_CURSOR) where the mover's
    colour would not show: the last move's tints are far from both, and the
    last white disc is cool (aqua) where the cursor is warm, in the standard
    palette."""
    for last in palette.LAST:
        for cursor in (palette.CURSOR_ALT, palette.SETUP_CURSOR, palette.CURSOR_BLACK):
            assert palette.distance(last, cursor) >= 2 * palette.MIN_DISTANCE, (last, cursor)
    r, g, b = palette.rgb(palette.LAST_WHITE)
    assert palette.chosen != STANDARD or (b > r and g > r)


def test_the_flip_preview_differs_from_what_stands_next_to_it():
    """The glowing discs sit beside the cursor (its lit colours: the movers'
    discs and amber), the flips of a move just played and a refused cell,
    besides every cell kind (neighbour_pairs)."""
    for other in (palette.CURSOR_ALT, palette.WHITE_DISC, palette.BLACK_DISC, palette.FLIP_MID,
                  palette.BAD_CELL, palette.SETUP_CURSOR, palette.CURSOR_BLACK):
        assert palette.distance(palette.PREVIEW, other) >= palette.MIN_DISTANCE, other
        for brightness in BRIGHTNESS:
            assert device_colour(palette.PREVIEW, brightness) != device_colour(other, brightness)


def test_setup_cursor_differs_from_every_cell():
    for name, colour in list(inner_states().items()) + list(border_states().items()):
        assert palette.distance(palette.SETUP_CURSOR, colour) >= palette.MIN_DISTANCE, name


def test_black_is_dark_and_empty_cells_glow():
    """The documented choice: black discs are off, empty cells glow dim green."""
    assert palette.rgb(palette.BLACK_DISC) == (0, 0, 0)
    assert sum(palette.rgb(palette.EMPTY)) > 0 and sum(palette.rgb(palette.BORDER)) > 0


def test_board_view_uses_the_palette():
    pos = Position(walls=1 << parse_cell("a1"), bonuses=1 << parse_cell("h8"), jokers=1 << 0)
    hints = pos.legal_mask()
    assert cell_colour(pos, 0) == palette.JOKER
    assert cell_colour(pos, 9) == palette.BORDER
    assert cell_colour(pos, parse_cell("a1")) == palette.WALL
    assert cell_colour(pos, parse_cell("h8")) == palette.BONUS
    assert cell_colour(pos, parse_cell("d4")) == palette.BLACK_DISC
    assert cell_colour(pos, parse_cell("d4"), last=parse_cell("d4")) == palette.LAST_BLACK
    assert cell_colour(pos, parse_cell("e4")) == palette.WHITE_DISC
    assert cell_colour(pos, parse_cell("e3"), hints) == palette.HINT
    assert cell_colour(pos, parse_cell("a2"), hints) == palette.EMPTY


def expected_frame(pos, hints, last, flipping):
    """The frame cell by cell, as cell_colour() and the flip mask say."""
    out = bytearray(300)
    for cell in range(100):
        colour = palette.FLIP_MID if (flipping >> cell) & 1 else cell_colour(pos, cell, hints, last)
        palette.put(out, cell, colour)
    return out


def test_draw_board_paints_every_cell_as_cell_colour_says():
    """draw_board() works on 10-bit rows (small integers on a 32-bit board);
    every cell must still come out as the per-cell cell_colour() says, with
    any hints (even stray ones on the border), last move and flips."""
    from mapello.game.random_boards import random_board
    from mapello.rng import Rng
    from mapello.rules.pieces import Limits
    from mapello.ui.board_view import draw_board
    rng = Rng(11)
    frame = bytearray(b"\x07" * 300)                 # whatever was drawn before
    for n in range(60):
        pos = random_board(n, Limits(8, 8, 8)).position if n % 3 else Position()
        for _ in range(rng.below(50)):
            legal = pos.legal_moves()
            pos.push(legal[rng.below(len(legal))] if legal else -1)
        hints = pos.legal_mask() if n % 4 else rng.next32() << 68 | rng.next32() << 34 | rng.next32()
        last = (-1, 0, 44, 55, 99, parse_cell("a1"), rng.below(100))[n % 7]
        flipping = 0 if n % 2 else (pos.discs[BLACK] | pos.discs[WHITE]) & (rng.next32() << 60 | rng.next32() << 30 | rng.next32())
        draw_board(frame, pos, hints, last, flipping)
        assert frame == expected_frame(pos, hints, last, flipping), n
    draw_board(frame, Position())                    # the defaults
    assert frame == expected_frame(Position(), 0, -1, 0)
