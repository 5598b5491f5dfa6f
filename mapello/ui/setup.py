"""Setting up a board by hand: a cursor over all 100 cells, A cycles through
the pieces a cell allows, with live counts against the agreed limits."""

from mapello import buttons
from mapello.ui import palette
from mapello.ui.board_view import draw_board
from mapello.rules.position import CENTRE, INNER, cell_name
from mapello.rules.pieces import BONUS, JOKER, KIND_NAMES, KIND_PLURALS, WALL

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

BLINK_MS = const(400)
_SHORT = ("W", "B", "J")


class SetupScreen:
    """`setter` (0 or 1) is the player setting up; the board model is
    mapello.game.board_setup.Setup, so the rules and limits are judged in one place."""

    def __init__(self, app, session, setter):
        from mapello.game.board_setup import Setup
        self.app = app
        self.s = session
        self.setter = setter
        self.board = Setup(session.limits, session.start)
        self.cursor = 33
        self.blink_on = True
        self.blink_at = app.clock()

    def cycle(self):
        """A on the cursor: the next piece this cell allows, or why none."""
        reason = self.board.cycle(self.cursor)
        if reason:
            i = reason.find(": ")
            head, tail = reason[:i], reason[i + 2:]
            if i < 0:
                pass
            elif " on " in head:    # "joker on c4: ...": line 3 names the cell
                reason = tail
            else:                   # "3 walls already: at most 3 agreed"
                kind = head.split(" ")[1]
                if kind in KIND_NAMES:  # "1 wall already": the line names the kind
                    kind = KIND_PLURALS[KIND_NAMES.index(kind)]
                reason = "%s: %s" % (kind, tail.replace(" agreed", ""))
            self.app.say(reason)

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
            self.cycle()
        elif button == buttons.B:
            from mapello.ui.menu import ListMenu
            items = [("Start", self.start), ("Save board", self.save_board),
                     ("Cancel setup", self.cancel), ("Back to setup", self.back)]
            self.app.show(ListMenu(self.app, "Setup menu", items, self, self.back))
            return
        self.app.changed()

    def back(self):
        self.app.show(self)

    def start(self):
        from mapello.ui.menu import FREE
        problems = self.board.problems()
        self.app.show(self)
        if problems:
            self.app.say(problems[0])
            return
        self.s.start = self.board.position()
        if self.s.mode == FREE:
            from mapello.ui.game_over import ColourScreen
            self.app.show(ColourScreen(self.app, self.s, 1 - self.setter))
            return
        from mapello.ui.play import PlayScreen
        self.s.new_game()
        self.app.show(PlayScreen(self.app, self.s))

    def save_board(self):
        from mapello.ui import start as screens_start
        self.app.show(self)
        screens_start.save_board(self.app, self.board.position(), "Own board",
                                 self.board.limits)

    def cancel(self):
        from mapello.ui.menu import MenuScreen
        self.app.show(MenuScreen(self.app))

    # --- time and output -----------------------------------------------------
    def tick(self, now):
        if now - self.blink_at >= BLINK_MS:
            self.blink_at = now
            self.blink_on = not self.blink_on
            self.app.changed()

    def draw_still(self, frame):
        draw_board(frame, self.board.position())

    def draw(self, frame):
        draw_board(frame, self.board.position())
        if self.blink_on:
            palette.put(frame, self.cursor, palette.SETUP_CURSOR)

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
        where = cell_name(cell) if (INNER >> cell) & 1 else "border"
        return ["Setup by %s" % self.s.player_name(self.setter), " ".join(parts),
                "%s: %s" % (where, what), "A piece  B menu"]
