"""The simulator as a user drives it: in a pseudo-terminal (keys in, screen
text out), and scripted with --keys and --snapshot, the PNG checked pixel by
pixel against the app's frame through the device's own scaling."""
import os
import pty
import re
import select
import subprocess
import sys
import time

from mapello.ui.app import App
from desktop.sim import VirtualClock, run_script, script_tokens
from desktop.sim.devices import DEFAULT_CURRENT_MA, view_colour
from desktop.sim.snapshot import DISPLAY_X, MARGIN, SCALE, cell_box, read_png
from mapello.hardware.wiring import SCALE_ONE, cap, factor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY = sys.executable
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Terminal:
    """The simulator in a pty: send keys, read what the screen shows."""

    def __init__(self, *args):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(ROOT)
            os.execv(PY, [PY, "-m", "desktop", "play", "--no-save", "--plain", "--seed", "1"]
                     + list(args))
        self.out = ""

    def read(self, seconds=1.5, until=None):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            r, _, _ = select.select([self.fd], [], [], 0.05)
            if r:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    break
                if not data:
                    break
                self.out += data.decode("utf-8", "replace")
                if until and until in self.screen():
                    break
        return self.screen()

    def screen(self):
        """The text of the last full redraw."""
        last = self.out.split("\x1b[H")[-1]
        return ANSI.sub("", last).replace("\r", "")

    def send(self, keys, until=None):
        os.write(self.fd, keys.encode())
        return self.read(until=until)

    def close(self):
        try:
            os.write(self.fd, b"q")
        except OSError:
            pass
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return status


def test_terminal_play_as_a_user():
    t = Terminal()
    try:
        screen = t.read(20, until="MAPELLO")
        assert "MAPELLO" in screen and "Mode: Series" in screen
        assert "Keys: arrows" in screen and "Q = quit" in screen
        screen = t.send("\r", until="to move")            # Enter = A: start
        assert "B2(+0)  W2(+0)" in screen and "P1 Black to move" in screen
        rows = [line for line in screen.split("\n") if line.startswith("  ")]
        assert ". . . B W * . . " in rows[4]                 # the rulebook example, the first board
        screen = t.send("\x1b[C", until="f3")              # right arrow: e3 -> f3
        assert "f3" in screen
        screen = t.send("z", until="no flip")              # Z = A on an illegal cell
        assert "no flip" in screen
        screen = t.send("\x1b[B", until="f4")              # down to f4, a legal move
        screen = t.send("z", until="White to move")
        assert "B4(+0)  W1(+0)" in screen and "P2 White to move" in screen
        screen = t.send("x", until="Game menu")            # X = B: the game menu
        assert "Game menu" in screen and "Back to game" in screen
        screen = t.send("\x7f", until="White to move")     # Backspace = B: back
        assert "P2 White to move" in screen
        screen = t.send("b", until="Game menu")            # the letter b is B too
        assert "Game menu" in screen
        screen = t.send("a", until="White to move")        # and a is A: Back to game
        assert "P2 White to move" in screen
    finally:
        status = t.close()
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0


def test_the_letters_a_and_b_are_the_a_and_b_buttons():
    """A newcomer presses a for A: the letters name the buttons, either case,
    so they move nothing (arrows only) and the legend says so."""
    from mapello import buttons
    from desktop.sim.terminal import KEY_LEGEND, parse_keys
    assert parse_keys("aAzZ \r") == [buttons.A] * 6
    assert parse_keys("bBxX\x7f") == [buttons.B] * 5
    assert parse_keys("\x1b[A\x1b[B\x1b[D\x1b[C") == [buttons.UP, buttons.DOWN, buttons.LEFT,
                                                      buttons.RIGHT]
    assert parse_keys("wsd") == []
    assert parse_keys("q") == ["quit"]
    legend = " ".join(KEY_LEGEND)
    assert "A, Z, Enter or Space = A" in legend and "B, X or Backspace = B" in legend
    assert "WASD" not in legend


def test_keys_script_and_snapshot_match_the_app_frame(tmp_path):
    keys = "A RIGHT DOWN A WAIT A DOWN DOWN"
    png = tmp_path / "game.png"
    proc = subprocess.run([PY, "-m", "desktop", "play", "--keys", keys, "--snapshot", str(png),
                           "--brightness", "40"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "snapshot: " in proc.stdout
    # the same script on an app of our own gives the frame the PNG must show
    clock = VirtualClock()
    app = App(os.path.join(ROOT, "boards"), None, clock, seed=0,
              settings={"brightness": 40})
    run_script(app, clock, script_tokens(keys))
    assert app.lines[0] == "B3(+0)  W3(+0)"          # f4 by black, one reply by white
    for line in app.lines:
        assert "|%s" % line in proc.stdout               # the printed screen shows the display
    gain, keep = cap(app.frame, 40, DEFAULT_CURRENT_MA)
    width, height, rows = read_png(str(png))
    lit = 0
    for cell in range(100):
        i = cell * 3
        f = factor(sum(app.frame[i:i + 3]), gain, keep)
        wire = tuple(v * f // SCALE_ONE for v in app.frame[i:i + 3])
        want = view_colour(wire, 40)
        x0, y0, x1, y1 = cell_box(cell)
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                got = tuple(rows[y][3 * x:3 * x + 3])
                assert got == want, (cell, x, y, got, want)
        lit += want != (0, 0, 0)
    assert lit > 90
    # the display's text is drawn in white beside the matrix
    text_pixels = sum(1 for y in range(MARGIN, MARGIN + 32 * SCALE)
                      for x in range(DISPLAY_X, DISPLAY_X + 128 * SCALE)
                      if rows[y][3 * x:3 * x + 3] == bytearray(b"\xff\xff\xff"))
    assert text_pixels > 500


def test_bad_keys_are_reported():
    proc = subprocess.run([PY, "-m", "desktop", "play", "--keys", "A JUMP"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "JUMP" in proc.stderr


def test_window_without_pygame_says_what_to_install():
    try:
        import pygame  # noqa: F401
        return
    except ImportError:
        pass
    proc = subprocess.run([PY, "-m", "desktop", "play", "--window", "--no-save"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "pygame" in proc.stderr


def test_simulated_display_uses_the_5x8_font_with_each_line_in_its_band():
    from desktop.sim.devices import SimDevices
    devices = SimDevices()
    try:
        assert devices.screen.small                       # fonts/mapello-5x8.bin, as on a 128x32 OLED
        for band, text in enumerate(["B9(+3)  W3(+0)", "gjpqy_|{}[]()", "b1  game 1/2", "A play  B menu"]):
            lines = ["", "", "", ""]
            lines[band] = text
            devices.screen.show_lines(lines)
            rows = devices.display_rows()
            lit = {y for y in range(32) for x in range(128) if rows[y][x] != (0, 0, 0)}
            assert lit and {y // 8 for y in lit} == {band}, (band, sorted(lit))
    finally:
        devices.close()


def test_the_font_is_found_from_another_folder(tmp_path):
    proc = subprocess.run([PY, "-m", "desktop", "play", "--keys", "", "--boards", os.path.join(ROOT, "boards")],
                          cwd=str(tmp_path), capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=ROOT))
    assert proc.returncode == 0, proc.stderr
    assert "Font" not in proc.stdout + proc.stderr and "MAPELLO" in proc.stdout


def test_bundled_boards_are_found_from_any_folder(tmp_path):
    env = dict(os.environ, PYTHONPATH=ROOT)
    proc = subprocess.run([PY, "-m", "desktop", "play", "--keys", "DOWN", "--plain"],
                          cwd=str(tmp_path), env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Board 1/12" in proc.stdout and "Rulebook example" in proc.stdout


def test_play_sh_help_names_every_option():
    """./play.sh --help: the simulator's options, and the two play.sh takes
    itself (the page)."""
    proc = subprocess.run([os.path.join(ROOT, "play.sh"), "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    for option in ("--window", "--keys", "--snapshot", "--web", "--port"):
        assert option in proc.stdout, option
