"""The pygame window mode, headless (SDL's dummy drivers), driven by key events."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pygame  # noqa: E402  (requirements-window.txt, part of requirements-dev.txt)

from mapello.ui.app import App  # noqa: E402
from mapello.sim import load_boards  # noqa: E402
from mapello.sim.devices import DEFAULT_CURRENT_MA, SimDevices  # noqa: E402
from mapello.sim.window import check_window, run_window  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Clock:
    def __init__(self):
        self.now = 0

    def __call__(self):
        self.now += 20
        return self.now


def test_window_turns_keys_into_button_presses():
    assert check_window() is None
    app = App(load_boards(os.path.join(ROOT, "boards")), None, Clock(), seed=1)
    devices = SimDevices(DEFAULT_CURRENT_MA)
    pygame.init()
    pygame.display.set_mode((10, 10))
    # Z is A: it starts a game from the menu; then the window is closed
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_z))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run_window(app, devices, cell=20)
    assert "to move" in " ".join(app.lines)
