"""The pygame window mode, headless (SDL's dummy drivers), driven by key events."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pygame  # noqa: E402  (requirements-window.txt, part of requirements-dev.txt)

from mapello.ui.app import App  # noqa: E402
from desktop.sim.devices import DEFAULT_CURRENT_MA, SimDevices  # noqa: E402
from desktop.sim.window import check_window, run_window  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Clock:
    def __init__(self):
        self.now = 0

    def __call__(self):
        self.now += 20
        return self.now


def test_window_turns_keys_into_button_presses():
    assert check_window() is None
    app = App(os.path.join(ROOT, "boards"), None, Clock(), seed=1)
    devices = SimDevices(DEFAULT_CURRENT_MA)
    pygame.init()
    pygame.display.set_mode((10, 10))
    # Z is A: it starts a game from the menu; then the window is closed
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_z))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run_window(app, devices, cell=20)
    assert "to move" in " ".join(app.lines)


def test_the_window_takes_the_letters_a_and_b_for_the_a_and_b_buttons():
    """B opens the game menu, A goes back to the game (its first line)."""
    app = App(os.path.join(ROOT, "boards"), None, Clock(), seed=1)
    devices = SimDevices(DEFAULT_CURRENT_MA)
    pygame.init()
    pygame.display.set_mode((10, 10))
    for key in (pygame.K_a, pygame.K_b):                    # start a game, open its menu
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run_window(app, devices, cell=20)
    assert app.screen_name == "choice" and "Game menu" in " ".join(app.lines)
    pygame.init()                                           # run_window quit pygame
    pygame.display.set_mode((10, 10))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_a))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run_window(app, devices, cell=20)
    assert app.screen_name == "play" and "to move" in " ".join(app.lines)


def test_the_window_opens_no_sound_device():
    """On a machine without a sound card pygame.init() printed ALSA errors: the
    window starts only pygame's display.  Run in a fresh process with no
    SDL_AUDIODRIVER of the test's, so SDL would try the real sound driver."""
    import subprocess
    import sys
    script = (
        "import pygame\n"
        "from mapello.ui.app import App\n"
        "from desktop.sim.devices import SimDevices\n"
        "from desktop.sim.window import run_window\n"
        "real = pygame.display.set_mode\n"
        "def opened(*a, **k):\n"
        "    s = real(*a, **k)\n"
        "    pygame.event.post(pygame.event.Event(pygame.QUIT))\n"
        "    return s\n"
        "pygame.display.set_mode = opened\n"
        "app = App('boards', None, lambda: 0)\n"
        "run_window(app, SimDevices())\n"
        "print('mixer', pygame.mixer.get_init())\n")
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env["SDL_VIDEODRIVER"] = "dummy"
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "ALSA" not in proc.stderr and "mixer None" in proc.stdout
    assert "pygame community" not in proc.stdout              # no banner either


def test_the_display_is_in_proportion_under_the_board():
    """The 128x32 display at 2 screen pixels a pixel, centred under the
    board and its coordinates, the game's column and the legend's beside them:
    the display under a tenth of the window."""
    from desktop.sim.devices import DISPLAY_H, DISPLAY_W
    from desktop.sim.window import EDGE, MARGIN, PANEL, PIXEL, SIDE, board_origin, layout
    width, height, dx, dy = layout(40, DISPLAY_W, DISPLAY_H)
    assert (width, height) == (910, 532)
    ox, oy = board_origin(40, DISPLAY_W)
    assert dy >= oy + 10 * 40 + EDGE and dx == (width - PANEL - SIDE - DISPLAY_W * PIXEL) // 2
    assert ox + 10 * 40 + EDGE + MARGIN <= width - PANEL - SIDE
    assert DISPLAY_W * PIXEL * DISPLAY_H * PIXEL / (width * height) < 0.1
    assert dy + DISPLAY_H * PIXEL <= height


def click(cell, size=40):
    """A left click on a cell's LED, as the window places it."""
    from desktop.sim.devices import DISPLAY_W
    from desktop.sim.window import board_origin
    ox, oy = board_origin(size, DISPLAY_W)
    at = (ox + (cell % 10) * size + size // 2, oy + (cell // 10) * size + size // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=at))


def test_a_click_on_a_cell_plays_it_and_in_setup_changes_its_piece():
    from mapello.rules.position import parse_cell
    from mapello.ui import palette
    app = App(os.path.join(ROOT, "boards"), None, Clock(), seed=1)
    devices = SimDevices(DEFAULT_CURRENT_MA)
    pygame.init()
    pygame.display.set_mode((10, 10))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z))   # a game of the series
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_z))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run_window(app, devices)
    move = app.screen.legal_mask() & -app.screen.legal_mask()   # the first legal move's bit
    cell = move.bit_length() - 1
    pygame.init()
    pygame.display.set_mode((10, 10))
    click(cell)
    click(0)                                                # the ring: nothing
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run_window(app, devices)
    assert app.lines[1] == "P2 White to move" and palette.get(app.frame, cell) == palette.LAST_BLACK
    # in setup a click on a ring cell puts a joker there
    app = App(os.path.join(ROOT, "boards"), None, Clock(), seed=1,
              settings={"board": "Set up by hand"})
    pygame.init()
    pygame.display.set_mode((10, 10))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_z))
    click(parse_cell("h8") + 1)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run_window(app, devices)
    assert app.screen_name == "setup" and app.lines[2] == "right of h8: joker"


def test_the_window_shows_the_coordinates_the_legend_in_the_palette_in_use_and_the_keys():
    from desktop.sim.devices import DISPLAY_W, DISPLAY_H
    from desktop.sim.window import (BACKGROUND, EDGE, MARGIN, SIDE, board_origin, draw_side, layout,
                                    open_font, paint)
    from mapello.ui.kinds import legend
    app = App(os.path.join(ROOT, "boards"), None, Clock(), seed=1)
    devices = SimDevices(DEFAULT_CURRENT_MA)
    pygame.init()
    font = open_font()
    width, height, _, _ = layout(40, DISPLAY_W, DISPLAY_H)
    for palette_index, joker in ((0, (200, 0, 0)), (1, (224, 120, 0))):
        app.settings["palette"] = palette_index
        app.changed()
        app.tick()
        devices.update(app)
        surface = pygame.Surface((width, height))
        paint(surface, font, devices, 40, width)
        x, y = width - SIDE + MARGIN, MARGIN + 18
        swatches = [tuple(surface.get_at((x + 7, y + 7 + 16 * i)))[:3] for i in range(len(legend()))]
        assert swatches == [(c >> 16, (c >> 8) & 255, c & 255) for _, c in legend()]
        assert swatches[[what for what, _ in legend()].index("joker")] == joker
    assert draw_side(surface, font, x, MARGIN) < height                  # the keys fit
    ox, oy = board_origin(40, DISPLAY_W)

    def ink(x0, y0, w, h):
        return sum(1 for x in range(x0, x0 + w) for y in range(y0, y0 + h)
                   if tuple(surface.get_at((x, y)))[:3] != BACKGROUND)
    for i in range(1, 9):                # files over and under, ranks left and right
        assert ink(ox + i * 40 + 10, oy - EDGE, 20, EDGE) > 5
        assert ink(ox + i * 40 + 10, oy + 400, 20, EDGE) > 5
        assert ink(ox - EDGE, oy + i * 40 + 10, EDGE, 20) > 5
        assert ink(ox + 400, oy + i * 40 + 10, EDGE, 20) > 5
    assert ink(ox - EDGE, oy - EDGE, EDGE, EDGE) == 0                    # the corners: none


def test_with_no_display_to_open_it_on_the_window_says_so_and_stops(monkeypatch, capsys):
    """Without X11 or Wayland SDL falls back to a driver nobody sees, and the
    window ran on invisibly until Ctrl+C."""
    from desktop.sim import main
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    problem = check_window()
    assert problem.startswith("no display to open the window on (DISPLAY and WAYLAND_DISPLAY")
    assert main(["--window", "--no-save"]) == 2
    assert capsys.readouterr().err.startswith("error: no display to open the window on")
    # a display named that is not there: SDL finds only its offscreen driver
    monkeypatch.setenv("DISPLAY", ":97")
    assert check_window().startswith("no display to open the window on")


def keys(*names):
    for key in names:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key))


def window(app, devices, *events):
    """run_window with the events `events` posted (key names, cells to
    click, or (x, y) points), then closed."""
    pygame.init()
    pygame.display.set_mode((10, 10))
    for event in events:
        if isinstance(event, tuple):
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=event))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=event))
        elif event >= 100:
            keys(event)
        else:
            click(event)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run_window(app, devices)


def first_legal(app):
    legal = app.screen.legal_mask()
    return (legal & -legal).bit_length() - 1


def picture(devices):
    """The window's picture of `devices` and its New game button."""
    from desktop.sim.devices import DISPLAY_W, DISPLAY_H
    from desktop.sim.window import layout, open_font, paint
    width, height, _, _ = layout(40, DISPLAY_W, DISPLAY_H)
    surface = pygame.Surface((width, height))
    return surface, paint(surface, open_font(), devices, 40, width)


def test_beside_the_board_the_window_shows_both_scores_whose_turn_and_the_moves():
    """What the page's panel shows, from the same mapello.ui.kinds.panel():
    after three moves played by clicks, the scores the display shows, the
    player to move marked, the board and the game's number, the moves with
    their colours."""
    from mapello.rules.position import cell_name
    from desktop.sim.window import BACKGROUND, PANEL, SIDE, panel_model
    app = App(os.path.join(ROOT, "boards"), None, Clock(), seed=1)
    devices = SimDevices(DEFAULT_CURRENT_MA)
    window(app, devices, pygame.K_z)                        # a game of the series
    played = []
    for _ in range(3):
        played.append(first_legal(app))
        window(app, devices, played[-1])
    model = panel_model(devices.panel)
    black, white = app.lines[0].split()                     # B5(+0)  W2(+0)
    assert model["sides"] == [("Black \u00b7 P1", black[1:black.index("(")], "", False),
                              ("White \u00b7 P2", white[1:white.index("(")], "", True)]
    assert model["turn"] == "P2 White to move" == app.lines[1]
    assert model["series"] == "Board: Rulebook example \u00b7 game 1 of 2"
    assert model["moves"] == [(1, 0, cell_name(played[0]), False), (2, 1, cell_name(played[1]), False),
                              (3, 0, cell_name(played[2]), False)]
    assert model["banner"] is None
    # drawn in the game's column, between the board's and the legend's
    surface, button = picture(devices)
    width = surface.get_width()
    assert width - SIDE - PANEL < button.left and button.right < width - SIDE
    ink = sum(1 for x in range(width - SIDE - PANEL, width - SIDE) for y in range(button.bottom, 300)
              if tuple(surface.get_at((x, y)))[:3] != BACKGROUND)
    assert ink > 200                                        # the moves under the button


def test_at_game_over_the_window_shows_the_banner_with_the_series_standing():
    from desktop.sim.window import panel_model
    app = App(os.path.join(ROOT, "boards"), None, Clock(), seed=1)
    devices = SimDevices(DEFAULT_CURRENT_MA)
    window(app, devices, pygame.K_z)
    window(app, devices, first_legal(app))
    # White resigns: the game menu's Resign, then yes (No, play on is first)
    window(app, devices, pygame.K_x, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_z,
           pygame.K_DOWN, pygame.K_z)
    assert app.screen_name == "game over"
    model = panel_model(devices.panel)
    head, score, standing = model["banner"]
    assert head == app.lines[0] == "White (P2) resigned"
    points = int(score.split()[1])
    assert score == "Black %d \u2013 White 0" % points and model["sides"][0][1] == str(points)
    assert standing == "Series: P1 1 \u2013 0 P2 (points P1 +%d). A: game 2 of 2." % points
    assert model["turn"] == "Game over" and not any(side[3] for side in model["sides"])


def test_the_new_game_button_goes_to_the_menu_with_the_game_saved(tmp_path):
    from mapello.rules.position import cell_name
    from desktop.sim.filestore import FileStorage
    from desktop.sim.window import panel_model
    app = App(os.path.join(ROOT, "boards"), FileStorage(str(tmp_path / "sim.bin")), Clock(), seed=1)
    devices = SimDevices(DEFAULT_CURRENT_MA)
    window(app, devices, pygame.K_z)
    move = first_legal(app)
    window(app, devices, move)
    _, button = picture(devices)
    window(app, devices, button.center)
    assert app.screen_name == "menu" and app.lines[-1].endswith("B resume")
    assert panel_model(devices.panel)["turn"].startswith("Menu: ")
    window(app, devices, pygame.K_x)                        # B resumes the game, its move played
    assert app.screen_name == "play" and app.lines[1] == "P2 White to move"
    assert [m[2] for m in panel_model(devices.panel)["moves"]] == [cell_name(move)]
