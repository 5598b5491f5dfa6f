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
    board: under a tenth of the window."""
    from desktop.sim.devices import DISPLAY_H, DISPLAY_W
    from desktop.sim.window import MARGIN, PIXEL, layout
    width, height, dx, dy = layout(40, DISPLAY_W, DISPLAY_H)
    assert (width, height) == (424, 500)
    assert dy >= 10 * 40 + MARGIN and dx == (width - DISPLAY_W * PIXEL) // 2
    assert DISPLAY_W * PIXEL * DISPLAY_H * PIXEL / (width * height) < 0.1
    assert dy + DISPLAY_H * PIXEL <= height
