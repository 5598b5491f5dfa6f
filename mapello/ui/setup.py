"""Setting up a board by hand: a cursor over all 100 cells, A cycles through
the pieces a cell allows, with live counts against the agreed limits.  The
rules and limits are judged by mapello.game.board_setup."""

from mapello import buttons
from mapello.game.board_setup import Setup
from mapello.ui import palette
from mapello.ui.board_view import draw_board
from mapello.rules.pieces import BONUS, JOKER, KIND_NAMES, WALL
from mapello.rules.position import CENTRE, FILES, cell_name

from micropython import const

BLINK_MS = const(400)
_SHORT = ("W", "B", "J")


def place(cell):
    """A cell's name on the setup screen: an inner cell's own (c3), a ring
    cell's by where it stands beside the inner board: above e1, below e8,
    left of a5, right of h5, and the corners top left ... bottom right."""
    r, c = cell // 10, cell % 10
    if 1 <= r <= 8 and 1 <= c <= 8:
        return cell_name(cell)
    if 1 <= c <= 8:
        return ("above %s1" if r == 0 else "below %s8") % FILES[c - 1]
    if 1 <= r <= 8:
        return ("left of a%d" if c == 0 else "right of h%d") % r
    return ("top " if r == 0 else "bottom ") + ("left" if c == 0 else "right")


class Screen:
    def __init__(self, app, session):
        self.app = app
        self.session = session
        self.setter = session.series.setup_player
        self.board = Setup(session.limits, session.start)
        self.cursor = 33
        self.blink_on = True
        self.blink_at = app.clock()

    # --- input -----------------------------------------------------------------
    def press(self, button):
        if button in buttons.DIRECTIONS:
            r, c = self.cursor // 10, self.cursor % 10
            if button == buttons.UP:
                r = (r - 1) % 10
            elif button == buttons.DOWN:
                r = (r + 1) % 10
            elif button == buttons.LEFT:
                c = (c - 1) % 10
            else:
                c = (c + 1) % 10
            self.cursor = r * 10 + c
            self.blink_on = True
            self.blink_at = self.app.clock()
        elif button == buttons.A:
            reason = self.board.cycle(self.cursor)
            if reason:
                self.app.say(self.board.describe(reason))
                self.app.sound("refused")
            elif self.board.skipped:    # placed, past the kinds that are full
                self.app.say(self.board.describe(self.board.skipped))
        elif button == buttons.B:
            self.app.go("choice", "Setup menu",
                        ("Start", "Save board", "Cancel setup", "Back to setup"), self,
                        lambda row: (self.start, self.save_board, self.cancel, self.back)[row](),
                        self.back)
            return
        self.app.changed()

    def back(self):
        self.app.show(self)

    def start(self):
        problem = self.board.start_problem()
        self.app.show(self)
        if problem:
            self.app.say(problem)
            return
        self.app.go(self.session.board_ready(self.board.position()), self.session)

    def save_board(self):
        """Kept only if it could start: a board that breaks its limits would
        be a saved board no one can read back."""
        self.app.show(self)
        problem = self.board.start_problem()
        if problem:
            self.app.say("not saved: " + problem)
            self.app.sound("refused")
            return
        from mapello.game.save import board as saved_board
        self.app.say(saved_board.keep(self.session, self.board.position(), "Own board",
                                      self.board.limits))

    def cancel(self):
        self.app.go("menu")

    # --- time and output -----------------------------------------------------
    def tick(self, now):
        if now - self.blink_at >= BLINK_MS:
            self.blink_at = now
            self.blink_on = not self.blink_on
            self.app.blink(palette.SETUP_CURSOR if self.blink_on else None)

    def draw_still(self, frame):
        draw_board(frame, self.board.position())

    def draw(self, frame):
        draw_board(frame, self.board.position())
        self.app.put_cursor(frame, self.cursor, palette.SETUP_CURSOR if self.blink_on else None)

    def text(self):
        b = self.board
        parts = []
        for k in (WALL, BONUS, JOKER):
            parts.append("%s%d/%s%d" % (_SHORT[k], b.counts[k], "=" if b.limits.exact[k] else "",
                                        b.limits.maximum[k]))
        cell = self.cursor
        kind = b.kind_at(cell)
        what = "empty" if kind is None else KIND_NAMES[kind]
        if (CENTRE >> cell) & 1:
            what = "start disc"
        return ["Setup by %s" % self.session.player_name(self.setter), " ".join(parts),
                "%s: %s" % (place(cell), what), "A piece  B menu"]
