"""The palette and the current cap together, on the wire: in the worst-case
frame (a board full of white discs, hints on) at the device's default
brightness and cap, every kind of cell stays lit except black discs, any two
kinds that can stand side by side stay clearly apart, and white discs stay the
brightest thing.  The bytes are the real neopixel library's, on Blinka."""
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import board  # noqa: E402
import neopixel  # noqa: E402
import pytest  # noqa: E402

from mapello import buttons  # noqa: E402
from mapello.hardware import wiring  # noqa: E402
from mapello.hardware.matrix import Matrix  # noqa: E402
from mapello.hardware.settings import read_settings  # noqa: E402
from mapello.rules.boardfile import load_board  # noqa: E402
from mapello.rules.position import BLACK, WHITE, parse_cell  # noqa: E402
from mapello.ui import palette  # noqa: E402
from desktop.app_driver import Player  # noqa: E402
from test_palette import PALETTES, border_states, inner_states, neighbour_pairs, transient  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULTS = read_settings(lambda key: None)       # an empty settings.toml: 20 %, 500 mA
MIN_LIT = 6            # the dimmest channel of a lit kind, on the wire
MIN_APART = 7          # wire distance of kinds side by side (the palette's 40 at 20 % is 8)
INNER = [r * 10 + c for r in range(1, 9) for c in range(1, 9)]
RING = [c for c in range(100) if c not in INNER]
CORNERS_AND_MIDDLES = (0, 4, 9, 40, 49, 90, 95, 99)       # 8 jokers: the most the rules allow


@pytest.fixture
def wire(monkeypatch):
    """show(frame) -> the (r, g, b) each cell was sent, decoded from the bytes
    the neopixel library wrote (GRB, serpentine), and the estimated mA."""
    sent = []
    monkeypatch.setattr(neopixel, "neopixel_write", lambda pin, buf: sent.append(bytes(buf)))
    pixels = neopixel.NeoPixel(board.NEOPIXEL, 100, brightness=1.0, auto_write=False,
                               pixel_order=neopixel.GRB)
    table = wiring.pixel_table()

    def show(frame, brightness=DEFAULTS.brightness, budget=DEFAULTS.current_ma):
        matrix = Matrix(pixels, table, budget)
        assert matrix.show(frame, brightness)
        data = sent[-1]
        cells = []
        for cell in range(100):
            i = table[cell] * 3
            cells.append((data[i + 1], data[i], data[i + 2]))
        return cells, 100 + sum(data) * 20 / 255         # docs/BUILD.md's estimate (Power)
    return show


def lum(rgb):
    """Relative luminance of what an LED sends (linear light)."""
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]


def distance(a, b):
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


def flood(kinds=None):
    """Every inner cell a white disc, the ring amber with 8 jokers, and one
    cell of each of `kinds` ({name: colour}) among the inner cells: the
    heaviest frame a game can show, and every kind in it.  Returns (frame,
    {cell: name})."""
    names = {}
    for cell in INNER:
        names[cell] = "white"
    for cell in RING:
        names[cell] = "border"
    for cell in CORNERS_AND_MIDDLES:
        names[cell] = "joker"
    colours = dict(inner_states(), **border_states())
    colours.update(transient())
    if kinds:
        colours.update(kinds)
        for name, cell in zip(kinds, INNER[::4]):
            names[cell] = name
    frame = bytearray(300)
    for cell, name in names.items():
        palette.put(frame, cell, colours[name])
    return frame, names


def uncapped(colour, brightness=DEFAULTS.brightness):
    gain = brightness * wiring.SCALE_ONE // 100
    return tuple(v * gain // wiring.SCALE_ONE for v in palette.rgb(colour))


def every_kind():
    kinds = dict(inner_states())
    del kinds["white"]
    kinds.update(transient())
    return kinds


def test_the_worst_case_is_over_the_budget_without_the_cap():
    frame, _ = flood()
    gain = DEFAULTS.brightness * wiring.SCALE_ONE // 100
    assert wiring.current_ma(frame, gain) > 1.5 * DEFAULTS.current_ma
    assert DEFAULTS.brightness == 20 and DEFAULTS.current_ma == 500


@pytest.fixture(params=PALETTES, ids=palette.NAMES)
def which(request):
    palette.use(request.param)
    yield request.param
    palette.use(0)


def test_every_kind_stays_lit_and_apart_in_the_worst_case(wire, which):
    frame, names = flood(every_kind())
    cells, ma = wire(frame)
    assert ma <= DEFAULTS.current_ma
    seen = {}
    for cell, name in names.items():
        seen.setdefault(name, set()).add(cells[cell])
    for name, colours in seen.items():
        assert len(colours) == 1, (name, colours)          # one kind, one colour
    got = {name: colours.pop() for name, colours in seen.items()}
    for name, rgb in sorted(got.items()):
        print("%-12s %06x -> %s" % (name, dict(inner_states(), **border_states(), **transient())[name],
                                    rgb))
    for name, rgb in got.items():
        if name != "black":
            assert max(rgb) >= MIN_LIT, (name, rgb)
    assert got["black"] == (0, 0, 0)
    pairs = neighbour_pairs()
    for (a, _), (b, _) in pairs:
        assert distance(got[a], got[b]) >= MIN_APART, (a, got[a], b, got[b])
    # white discs stay the brightest thing, and well above the walls (the
    # setup cursor shows only in setup, on four discs: never on such a board)
    for name, rgb in got.items():
        if name not in ("white", "setup cursor"):
            assert lum(got["white"]) >= 1.2 * lum(rgb), (name, rgb, got["white"])
    assert lum(got["white"]) >= 2 * lum(got["wall"])
    # the dim kinds give nothing to the cap: they look as on a light board
    for name in ("border", "empty"):
        assert got[name] == uncapped(dict(inner_states(), **border_states())[name]), name


@pytest.mark.parametrize("brightness", (20, 30, 50, 100))
@pytest.mark.parametrize("budget", (500, 1000, 2000))
def test_every_setting_keeps_the_budget_and_the_order(wire, brightness, budget):
    """At any brightness and cap: within the budget, the border and the felt
    lit whenever the cap bites, and white the brightest."""
    frame, names = flood(every_kind())
    cells, ma = wire(frame, brightness, budget)
    assert ma <= budget
    got = {names[c]: cells[c] for c in names}
    assert min(max(got["border"]), max(got["empty"])) >= min(MIN_LIT, max(uncapped(palette.EMPTY, brightness)))
    for name, rgb in got.items():
        if name != "white":
            assert lum(got["white"]) > lum(rgb), (brightness, budget, name)


def test_a_board_of_white_discs_alone(wire):
    """All 64 inner cells white: the most current a frame can ask for."""
    frame = bytearray(300)
    for cell in INNER:
        palette.put(frame, cell, palette.WHITE_DISC)
    for cell in RING:
        palette.put(frame, cell, palette.BORDER)
    cells, ma = wire(frame)
    assert ma <= DEFAULTS.current_ma
    assert {cells[c] for c in RING} == {uncapped(palette.BORDER)}
    white = cells[INNER[0]]
    assert lum(white) >= 4 * lum(cells[RING[0]]) and min(white) >= 20


def test_the_apps_worst_case_on_the_wire(wire):
    """The App showing docs/BUILD.md's worst case (docs/boards/white-flood.txt,
    black h8, white g6, the cursor at rest on a1 so the discs a1 would flip
    glow): each cell's wire colour by what the cell is, and every two
    neighbours of different kinds clearly apart."""
    p = Player(boards=os.path.join(ROOT, "docs", "boards"),
               settings={"brightness": DEFAULTS.brightness, "games": 2})
    p.tap(buttons.A)                                   # start: black to move, cursor on a1
    for b in (buttons.UP, buttons.LEFT, buttons.A):    # black h8
        p.tap(b)
    p.tap(buttons.A)                                   # white's cursor starts on g6, its only move
    p.tick(1000)
    pos = p.model.pos
    assert [m for m in p.model.moves] == [parse_cell("h8"), parse_cell("g6")]
    assert pos.turn == BLACK and sorted(pos.legal_moves()) == [parse_cell(c) for c in ("a1", "b3", "d8")]
    cells, ma = wire(p.app.frame)
    assert ma <= DEFAULTS.current_ma
    start = load_board(os.path.join(ROOT, "docs", "boards", "white-flood.txt")).position
    assert start.walls and start.bonuses and start.jokers
    kind = {}
    hints = pos.legal_mask()
    flips = pos.flips(parse_cell("a1"))
    for cell in range(100):
        bit = 1 << cell
        if flips & bit:
            kind[cell] = "preview"
        elif cell == parse_cell("g6"):
            kind[cell] = "last white"
        elif pos.discs[WHITE] & bit:
            kind[cell] = "white"
        elif pos.discs[BLACK] & bit:
            kind[cell] = "black"
        elif pos.walls & bit:
            kind[cell] = "wall"
        elif pos.jokers & bit:
            kind[cell] = "joker"
        elif hints & bit:
            kind[cell] = "hint" if not pos.bonuses & bit else "bonus hint"
        elif cell in RING:
            kind[cell] = "border"
        else:
            kind[cell] = "empty"
    cursor = parse_cell("a1")
    by_kind = {}
    for cell in range(100):
        if cell != cursor:                             # the cursor blinks over a1
            by_kind.setdefault(kind[cell], set()).add(cells[cell])
    print({k: sorted(v) for k, v in by_kind.items()})
    assert all(len(v) == 1 for v in by_kind.values()), by_kind
    got = {k: v.pop() for k, v in by_kind.items()}
    assert set(got) == {"white", "last white", "black", "wall", "joker", "bonus hint", "hint", "empty",
                        "border", "preview"}
    for name, rgb in got.items():
        assert name == "black" or max(rgb) >= MIN_LIT, (name, rgb)
        assert name == "white" or lum(got["white"]) >= 1.2 * lum(rgb), (name, rgb)
    for cell in range(100):
        r, c = cell // 10, cell % 10
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            if 0 <= r + dr < 10 and 0 <= c + dc < 10:
                other = cell + dr * 10 + dc
                if cursor not in (cell, other) and kind[cell] != kind[other]:
                    assert distance(cells[cell], cells[other]) >= MIN_APART, (cell, other)
