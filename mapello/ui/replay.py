"""The last game again, move by move, with the coach's review: Left/Right
step, Up/Down jump to the previous/next mistake (a move that lost MISTAKE
points or more; the start or the end when there is none); A plays on from
the move shown, another way (What if: mapello/ui/whatif.py), and B goes
back to the screen it came from.

Each move's verdict (mapello/ai/review.py, mapello/ai/judge.py: the search's best move there and
the points the move played lost against it) is worked out in the replay's
ticks, as the computer thinks in the play screen's: the computer's modules
load a module a tick (in the room of the play screen's, dropped first),
then the review runs for a tick's share at a time, the shown move first,
and stops when the players leave.  What it worked out stays with the game's
record.  Where the heap has no room for the search, the replay says so and
reviews nothing."""

import gc

from mapello import buttons
from mapello.ai import review
from mapello.ui import modules
from mapello.ui.board_view import COLOUR_WORD, draw_board, score_line
from mapello.rules.position import PASS, cell_name

from micropython import const

MISTAKE = const(4)   # the points a move must lose to be a mistake
_TICK_MS = const(15)      # a tick's share of the review, so the buttons stay alive
_TICK_SLICES = const(50)  # and a cap, for clocks that stand still in tests
_SOURCE_ROOM = const(52 * 1024)   # see room()
_GAME_GROUPS = ("choice", "play", "boardsave")   # the game-over screen's, for the next game
# Screen.loading: the stage of loading the search, a stage a tick (work())
_LOADED = const(0)        # none to do: loaded, stopped or never started
_DROP_GAME = const(1)     # the play screen's groups go first
_LOAD_AI = const(2)       # the computer's modules, a module a tick
_MAKE_JUDGE = const(3)    # the review's own module


class Replay:
    """Step through a recorded game: pos is the position after `index` moves.

    The position keeps no history, and a step back plays the game again
    from its start: an undo record per move would be a long integer kept
    for as long as the replay is shown, each one made among the garbage of
    the moves around it, so that they cut the free heap into pieces."""

    def __init__(self, record):
        self.record = record
        self.pos = record.start.copy(history=False)
        self.index = 0
        self.length = len(record.moves)
        record.replay()  # a bad record fails here, not half-way through

    def forward(self):
        """Play the next move; returns it, or None at the end."""
        if self.index >= self.length:
            return None
        cell = self.record.moves[self.index]
        self.pos.push(cell)
        self.index += 1
        return cell

    def back(self):
        """Take back one move; returns it, or None at the start."""
        if self.index == 0:
            return None
        cell = self.record.moves[self.index - 1]
        self.seek(self.index - 1)
        return cell

    def seek(self, index):
        index = max(0, min(self.length, index))
        if index < self.index:
            self.record.start.copy(history=False, into=self.pos)
            self.index = 0
        while self.index < index:
            self.forward()

    def to_start(self):
        self.seek(0)

    def to_end(self):
        self.seek(self.length)

    def last_move(self):
        return self.record.moves[self.index - 1] if self.index else None


def room():
    """Whether the computer's modules may load for the review: always where
    they are compiled (.mpy); compiled here from source, only with _SOURCE_ROOM
    bytes free after a collection, or the compiles cut up the heap that the
    next game then finds no room in."""
    free = getattr(gc, "mem_free", None)
    if free is None or not review.__file__.endswith(".py"):    # CPython; compiled
        return True
    gc.collect()
    return free() >= _SOURCE_ROOM


class Screen:
    """The replay of `record`, shown at move `at`; B shows `back`."""

    def __init__(self, app, record, back, at=0):
        self.app = app
        self.back = back
        self.record = record
        self.replay = Replay(record)
        self.replay.seek(at)
        review.verdicts(record)             # made now, before the search's objects
        self.left = review.left(record)     # the moves whose verdict is not known yet
        self.no_room = False                # no room for the search: no review
        self.loading = _LOADED              # the stage of loading the search
        if self.left:
            self.no_room = not room()
        self.review = None                  # a mapello.ai.judge.Review once they are in
        self.stored = -1                    # its count of verdicts, when last looked at

    def enter(self):
        """Shown, and again after the what-if question: the review goes on
        where it stopped."""
        if self.left and not self.no_room:
            self.loading = _DROP_GAME

    def press(self, button):
        r = self.replay
        if button == buttons.RIGHT:
            r.forward()
        elif button == buttons.LEFT:
            r.back()
        elif button == buttons.UP:
            r.seek(self.mistake(-1))
        elif button == buttons.DOWN:
            r.seek(self.mistake(1))
        elif button == buttons.A:
            modules.load_module("mapello.ui.whatif").open_menu(self)
            return
        else:
            self.stop()
            self.app.show(self.back)
            return
        if self.review is not None:
            self.review.shown = r.index
        self.app.changed()

    def mistake(self, way):
        """The index of the previous (way -1) or next (1) move known to have
        lost MISTAKE points or more, shown after it; else the start or the end."""
        r = self.replay
        i = r.index - 1 + way
        while 0 <= i < r.length:
            v = review.verdict(self.record, i)
            if v is not None and v[1] >= MISTAKE:
                return i + 1
            i += way
        return 0 if way < 0 else r.length

    def stop(self):
        """The review stops: the search and the computer's modules go (what
        was worked out stays in the record)."""
        if self.loading or self.review is not None:
            self.loading = _LOADED
            self.review = None
            modules.drop("ai")

    def tick(self, now):
        try:
            self.work()
        except MemoryError:       # no room for the search: the replay goes on without it
            self.stop()
            self.no_room = True
            self.app.changed()

    def work(self):
        """A tick's share of the review: a step of loading the search, or
        15 ms of the review itself."""
        stage = self.loading
        if stage == _DROP_GAME:   # the next game loads them again
            for name in _GAME_GROUPS:
                modules.drop(name)
            self.loading = _LOAD_AI
            return
        if stage == _LOAD_AI:
            if modules.load_step("ai"):
                self.loading = _MAKE_JUDGE
            return
        if stage == _MAKE_JUDGE:  # in a tick of its own
            self.loading = _LOADED
            self.review = modules.load_module("mapello.ai.judge").Review(self.record)
            self.review.shown = self.replay.index
            return
        rv = self.review
        if rv is None:
            return
        clock = self.app.clock     # a tick's share, as the computer thinks (mapello/ui/thinking.py)
        start = clock()
        first = rv.nodes
        done = False
        while not done:
            done = rv.step(rv.slice)
            if clock() - start >= _TICK_MS or rv.nodes - first >= _TICK_SLICES * rv.slice:
                break
        if done or rv.stored != self.stored:
            self.stored = rv.stored
            self.left = review.left(self.record)
            self.app.changed()
        if done:
            self.stop()

    def draw(self, frame):
        last = self.replay.last_move()
        draw_board(frame, self.replay.pos, 0, -1 if last is None or last == PASS else last)

    draw_still = draw      # under the what-if question: no cursor to leave out

    def text(self):
        r = self.replay
        last = r.last_move()
        if last is None:
            what = "start"
        else:
            said = review.text(self.record, r.index - 1)    # "Black c4 -6, best e3"
            what = COLOUR_WORD[1 - r.pos.turn] + " " + cell_name(last) + (
                " ..." if said is None else said)
        keys = "^v mistakes A what if"
        if self.no_room:
            keys = "review: no memory"
        elif self.left:
            keys = "reviewing: %d left" % self.left
        return ["Replay %d/%d" % (r.index, r.length), what, score_line(r.pos), keys]
