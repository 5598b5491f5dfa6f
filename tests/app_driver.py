"""Drives an App the way a player does: button presses on a virtual clock.
Shared by the tests/test_app_*.py files."""
import os

from mapello import buttons
from mapello.ui import palette
from mapello.ui.app import App
from mapello.game.catalogue import from_boards
from mapello.rules.boardfile import BoardFile, parse_board
from mapello.rules.position import Position

STEP_MS = 50


class Clock:
    def __init__(self):
        self.now = 1000

    def __call__(self):
        return self.now


with open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                       "boards", "rulebook.txt")) as _f:
    RULEBOOK = _f.read()  # the bundled rulebook example


def test_boards():
    return from_boards([BoardFile(Position(), "Plain"), parse_board(RULEBOOK)])


class Player:
    """An app, its clock and helpers that press buttons by name."""

    def __init__(self, settings=None, storage=None, boards=None, seed=0):
        self.clock = Clock()
        s = {"games": 1, "hints": 1, "timer": 0}
        if settings:
            s.update(settings)
        self.app = App(test_boards() if boards is None else boards, storage, self.clock,
                       seed=seed, settings=s)
        self.app.strict = True

    def wait(self, ms):
        end = self.clock.now + ms
        while self.clock.now < end:
            self.clock.now += STEP_MS
            self.app.tick()

    def press(self, *names):
        for name in names:
            for word in name.split():
                b = buttons.from_name(word)
                self.app.press(b)
                self.app.release(b)
                self.wait(400)   # past the flip animation
        return self.app.lines

    @property
    def screen(self):
        return self.app.screen_name

    def colour(self, cell):
        return palette.get(self.app.frame, cell)

    def cursor_to(self, cell):
        s = self.app.screen
        guard = 0
        while s.cursor != cell:
            r, c = s.cursor // 10, s.cursor % 10
            tr, tc = cell // 10, cell % 10
            if r != tr:
                self.press("DOWN" if tr > r else "UP")
            else:
                self.press("RIGHT" if tc > c else "LEFT")
            guard += 1
            assert guard < 40, "cursor never reached %d" % cell

    def play(self, cell):
        """Move the cursor to `cell` and press A."""
        self.cursor_to(cell)
        return self.press("A")

    def menu(self, key, value):
        """Set a main-menu line by pressing Down and Right until it shows `value`."""
        m = self.app.screen
        guard = 0
        while m.rows()[m.row] != key:
            self.press("DOWN")
            guard += 1
            assert guard < 20
        while self.app.settings[key] != value:
            self.press("RIGHT")
            guard += 1
            assert guard < 60, (key, value)

    def choose(self, label):
        """In a ListMenu, go down to `label` and press A."""
        m = self.app.screen
        guard = 0
        while m.items[m.row][0] != label:
            self.press("DOWN")
            guard += 1
            assert guard < 10, label
        return self.press("A")
