"""What the App's flows in this folder share (app_series.py, app_resume.py,
app_setup.py, app_menu_evening.py): a clock that moves on as the loop runs, the saves' flash
(off the heap, as on a board), and a player who presses the buttons and
reads the display lines, and who fails the flow as soon as the App has
recovered from an error instead of playing on."""
import sys

sys.path.insert(0, "")      # the root, as a board imports from it: mapello/ui/app.mpy
try:                        # an RP2040 install's native search: its code's room on the board
    import native_code_room  # noqa: F401 (desktop/bench/min_heap.py's compile_package writes it)
except ImportError:
    pass
try:                        # as code.py sets it: what compiles from source keeps no line numbers
    from micropython import opt_level
    opt_level(3)
except ImportError:
    pass


class Clock:
    """Milliseconds that move on as the loop runs: every call is 1 ms of work,
    every tick of the loop 20 ms, roughly a device's pace."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        self.now += 1
        return self.now


class FileNvm:
    """4 KiB of flash for the saves, kept in a file of its own: on a board
    microcontroller.nvm is flash, not heap, so a flow's heap figures must
    not count it.  Slice reads and writes, as NvmStorage makes them; a new
    one reads erased (0xFF), or holds the bytes of the file `image`.
    close() deletes the file."""

    SIZE = 4096

    def __init__(self, image=None):
        import os
        tmp = os.getenv("TMPDIR") or "/tmp"
        # a name of the same length on every run, made without small strings
        # of random text: the VM returns a name it already knows ("ff", "de")
        # for a string with its bytes, so those left the heap laid out
        # differently from one run to the next
        number = int.from_bytes(os.urandom(6), "little")     # under 10**15
        self.path = "%s/mapello-nvm-%015d.bin" % (tmp, number)
        self._f = open(self.path, "w+b")
        for _ in range(0, self.SIZE, 256):
            self._f.write(b"\xff" * 256)
        if image is not None:
            with open(image, "rb") as f:
                self[0:self.SIZE] = f.read()

    def __len__(self):
        return self.SIZE

    def __getitem__(self, s):
        self._f.seek(s.start)
        return self._f.read(s.stop - s.start)

    def __setitem__(self, s, data):
        assert s.start >= 0 and s.start + len(data) == s.stop <= self.SIZE, (s.start, s.stop)
        self._f.seek(s.start)
        self._f.write(data)

    def save_as(self, path):
        """Copy the memory to the file `path` (for a later FileNvm(image=path))."""
        with open(path, "wb") as f:
            f.write(self[0:self.SIZE])

    def close(self):
        import os
        self._f.close()
        os.remove(self.path)


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


def bundled_app(nvm):
    """The App on the bundled boards, with the saves in `nvm` (a FileNvm)
    and the computer given 2 s a move: (app, its Player)."""
    from mapello.ui.app import App
    from mapello.game.save.log import NvmStorage
    clock = Clock()
    app = App("boards", NvmStorage(nvm), clock, seed=7, settings={"think_ms": 2000})
    return app, Player(app, clock)
