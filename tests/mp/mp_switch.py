"""The App's screen switch inside MicroPython, whose collector scans the
frames' stacks conservatively: the screen being left is garbage by the time
the next screen's groups load, so its code and data do not stay beside the
modules that compile then (mapello.ui.app.App._guarded)."""
import gc

from mapello.ui import modules
from mapello.ui.app import App

_BLOCK = 8000       # what the screen being left holds, well above the heap's noise


class _Left:
    """A screen whose press asks for a switch (`ask(app)`), holding a block
    that shows whether the screen is still held."""

    def __init__(self, app, ask):
        self.app = app
        self.ask = ask
        self.name = "left"
        self.block = bytearray(_BLOCK)

    def press(self, button):
        self.ask(self.app)

    def draw(self, frame):
        pass

    def text(self):
        return []


def _go_menu(app):
    app.go("menu")


def _start_by_hand(app):
    app.start_game(None)      # a board set up by hand: the setup screen


def check_the_screen_left_is_gone_when_the_next_ones_groups_load():
    app = App([], None, lambda: 0)
    real = modules.use
    held = []

    def use(groups):
        real(groups)
        gc.collect()
        held.append(gc.mem_alloc())
    modules.use = use
    try:
        for ask in (_go_menu, _start_by_hand):
            app.show(_Left(app, ask))
            gc.collect()
            before = gc.mem_alloc()
            del held[:]
            app.press(4)
            assert app.last_error is None, app.last_error
            assert held and held[0] < before - _BLOCK // 2, (ask, before, held)
    finally:
        modules.use = real
