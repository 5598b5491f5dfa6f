"""Scripting mode (`play --keys`): the screen it prints says what each cell
IS, from the App's state, never from colours after the current cap; the
cursor is printed as its own symbol whatever its blink phase; a legend names
the symbols; a hint runs to its end before the screen is printed."""
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import neopixel  # noqa: E402
import pytest  # noqa: E402

from mapello.rules.boardfile import load_board  # noqa: E402
from mapello.rules.position import BLACK, WHITE, cell_name, parse_cell  # noqa: E402
from desktop.sim import main  # noqa: E402
from desktop.sim.terminal import LEGEND  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLOOD = os.path.join(ROOT, "docs", "boards")


@pytest.fixture
def sim(monkeypatch, capsys):
    """Runs `python3 -m desktop play ARGS` in this process; returns (board
    letters as 10 lists of 10, display lines, the whole output)."""
    monkeypatch.setattr(neopixel, "neopixel_write", neopixel.neopixel_write)   # the sim replaces it
    monkeypatch.chdir(ROOT)

    def run(*args):
        assert main(list(args)) == 0
        out = capsys.readouterr().out
        rows = out.splitlines()
        board, lines = [], []
        for row in rows[2:12]:
            left, _, right = row.partition("    |") if "    |" in row else (row, "", "")
            board.append([left[2 + 2 * c] for c in range(10)])
            if right:
                lines.append(right[:-1].rstrip())
        return board, lines, out
    return run


def letters(pos, last=-1, cursor=-1, hints=True):
    """What each cell is, worked out here from a model of the game."""
    hints = pos.legal_mask() if hints else 0
    out = []
    for r in range(10):
        row = []
        for c in range(10):
            cell = r * 10 + c
            bit = 1 << cell
            inner = 1 <= r <= 8 and 1 <= c <= 8
            if cell == cursor:
                ch = "@"
            elif pos.discs[BLACK] & bit:
                ch = "b" if cell == last else "B"
            elif pos.discs[WHITE] & bit:
                ch = "w" if cell == last else "W"
            elif pos.walls & bit:
                ch = "#"
            elif pos.jokers & bit:
                ch = "J"
            elif pos.bonuses & bit:
                ch = "$" if hints & bit else "+"
            elif inner:
                ch = "*" if hints & bit else "."
            else:
                ch = " "
            row.append(ch)
        out.append(row)
    return out


def test_the_printed_screen_is_what_the_cells_are_not_their_capped_colours(sim):
    """docs/BUILD.md's worst case: the cap dims the white discs to what a wall
    was; they still print as W, the jokers as J, the bonus hint as $."""
    board, lines, out = sim("--boards", FLOOD, "--keys", "A UP LEFT A A WAIT300")
    pos = load_board(os.path.join(FLOOD, "white-flood.txt")).position
    pos.push(parse_cell("h8"))
    pos.push(parse_cell("g6"))
    assert lines[2].startswith("a1 ")
    assert board == letters(pos, last=parse_cell("g6"), cursor=parse_cell("a1"))
    assert sum(row.count("W") for row in board) == 54 and "J" in board[0]     # W58 = 55 discs + 3


WAITS = ("WAIT100", "WAIT500", "WAIT900", "WAIT1300")


def test_those_waits_end_in_both_blink_phases():
    """The App's own frame at the cursor after each wait: lit and not."""
    from mapello.ui.app import App
    from desktop.sim import VirtualClock, run_script, script_tokens
    seen = set()
    for wait in WAITS:
        clock = VirtualClock()
        app = App(os.path.join(ROOT, "boards"), None, clock)
        run_script(app, clock, script_tokens("A RIGHT " + wait))
        cell = parse_cell(app.lines[2][:2])
        seen.add(bytes(app.frame[3 * cell:3 * cell + 3]))
    assert len(seen) == 2


def rulebook():
    """The menu's first board, where the simulator starts: the rulebook example."""
    from mapello.game.catalogue import Catalogue
    boards = Catalogue(os.path.join(ROOT, "boards"))
    return boards.board(boards.names.index("Rulebook example")).position


@pytest.mark.parametrize("wait", WAITS)
def test_the_cursor_is_printed_whatever_its_blink_phase(sim, wait):
    """The cursor blinks every 400 ms; the printed screen shows it as @ on
    the cell the display names, and everything else as it is."""
    board, lines, out = sim("--keys", "A RIGHT " + wait)
    cursor = parse_cell(lines[2][:2])
    assert cell_name(cursor) == "f3"
    start = rulebook()
    assert board == letters(start, cursor=cursor)
    assert sum(row.count("@") for row in board) == 1


def test_setup_prints_its_cursor_too(sim):
    """Free play starts with a setup of the menu's board; its cursor moves
    over the border as well."""
    board, lines, out = sim("--keys", "RIGHT A UP UP UP WAIT400")
    assert lines[0].startswith("Setup by")
    assert lines[2] == "above c1: joker"           # the rulebook example's joker over c1
    assert board[0][3] == "@" and sum(row.count("@") for row in board) == 1
    start = rulebook()
    assert board == letters(start, cursor=3, hints=False)


def test_the_legend_names_every_symbol(sim):
    board, lines, out = sim("--keys", "A")
    legend = "\n".join(LEGEND)
    assert legend in out
    for symbol in ("B", "W", "b w", ".", "*", "+", "$", "#", "J", "(blank)", "~", "!", "@"):
        assert symbol + " " in legend, symbol


def test_a_hint_completes_under_keys(sim):
    """B, Hint: the sim ticks the App while it is busy, so the hint is found
    before the screen is printed, and the cursor is on it."""
    board, lines, out = sim("--keys", "A B DOWN DOWN A")
    said = [line for line in lines if line.startswith("try ")]
    assert said, lines
    move = parse_cell(said[0][4:6])
    start = rulebook()
    assert move in start.legal_moves()
    assert lines[2].startswith(cell_name(move))
    assert board == letters(start, cursor=move)
    assert "thinking" not in out


def test_the_simulator_starts_at_the_devices_defaults(monkeypatch):
    """One default: the brightness and the current cap of an empty
    settings.toml on the device, which is also the App's own default."""
    from mapello.hardware.settings import read_settings
    from mapello.game.options import default_settings
    from desktop.sim import devices
    device = read_settings(lambda key: None)
    assert devices.DEFAULT_BRIGHTNESS == device.brightness == default_settings()["brightness"] == 20
    assert devices.DEFAULT_CURRENT_MA == device.current_ma == 500
    made = []
    real = devices.SimDevices

    class Spy(real):
        def update(self, app):
            made.append(app)
            return real.update(self, app)
    monkeypatch.setattr(neopixel, "neopixel_write", neopixel.neopixel_write)
    monkeypatch.setattr(devices, "SimDevices", Spy)
    monkeypatch.chdir(ROOT)
    assert main(["--keys", "A"]) == 0
    assert made and made[-1].brightness == device.brightness
