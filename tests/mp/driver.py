"""What the App's flows in this folder share (app_series.py, app_resume.py,
app_setup.py): a clock that moves on as the loop runs, and a player who
presses the buttons and reads the display lines, and who fails the flow as
soon as the App has recovered from an error instead of playing on."""
import sys

sys.path.insert(0, ".")


class Clock:
    """Milliseconds that move on as the loop runs: every call is 1 ms of work,
    every tick of the loop 20 ms, roughly a device's pace."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        self.now += 1
        return self.now


def blank_nvm():
    """4 KiB of erased flash.  Made first in each flow: on a board the NVM
    is not on the heap, and here it should sit out of the way."""
    nvm = bytearray(4096)
    for i in range(4096):
        nvm[i] = 0xFF
    return nvm


class Player:
    def __init__(self, app, clock):
        self.app = app
        self.clock = clock

    def press(self, name, ticks=10):
        """Press and release a button, then let the loop tick `ticks` times."""
        from mapello import buttons
        b = buttons.NAMES.index(name)
        self.app.press(b)
        self.app.release(b)
        for _ in range(ticks):
            self.tick()
        return self.app.lines

    def tick(self):
        self.clock.now += 20
        self.app.tick()
        if self.app.last_error:
            raise AssertionError("the app recovered from %s" % self.app.last_error)

    def line(self, i):
        return self.app.lines[i]

    def until(self, test, what, limit=3000):
        n = 0
        while not test():
            self.tick()
            n += 1
            if n > limit:
                raise AssertionError("waited for %s: %r" % (what, self.app.lines))

    def set_menu(self, label, value, limit=60):
        """Down to the menu line `label`, then Right until it reads `value`."""
        guard = 0
        while not self.line(1).startswith(">" + label):
            self.press("DOWN")
            guard += 1
            assert guard < limit, self.app.lines
        while self.line(1) != ">%s: %s" % (label, value):
            self.press("RIGHT")
            guard += 1
            assert guard < limit, self.app.lines

    def play_to_the_end(self, on_move=None):
        """Play the game on screen with the hard level's hints for your moves
        (the computer's come by themselves), passing when told to; stops on
        the game-over screen, or when on_move(moves) returns True after one
        of your moves.  Returns your moves."""
        moves = 0
        while True:
            self.until(lambda: not (self.line(1).endswith("thinking")
                                    or self.line(1) == "game over"),
                       "the computer or the game-over screen")
            if "(+" not in self.line(0):   # the game-over screen, not the score line
                return moves
            if self.line(1).endswith("pass, A"):
                self.press("A")
                continue
            assert self.line(1).endswith("to move"), self.app.lines
            self.press("B")                # the game menu: the hint
            guard = 0
            while self.line(1) != ">Hint":
                self.press("DOWN")
                guard += 1
                assert guard < 8, self.app.lines
            self.press("A", 1)
            self.until(lambda: "try " in self.app.lines[3], "the hint")
            self.press("A")
            moves += 1
            if on_move is not None and on_move(moves):
                return moves
