"""The players' record (mapello.game.options, "tally") from the menu: a page for P1
against P2 and one for you against each computer level, the games and the
series won, drawn and lost; Left/Right turn the pages, B goes back.  The
last page resets every count, after asking: the only way they go back to
zero."""

from mapello import buttons
from mapello.game.options import (DRAWN, LEVELS, LOST, TALLY_GAMES, TALLY_ROW, TALLY_SERIES,
                                  TALLY_SIZE, WON)
from mapello.ui.app import LINE_WIDTH
from mapello.ui.board_view import draw_board
from mapello.rules.position import Position

_OPPONENTS = TALLY_SIZE // TALLY_ROW
_PAGES = _OPPONENTS + 1           # a page per opponent, then the reset
_KEYS = "</> more  B back"


def counts_line(label, won, drawn, lost):
    """'Games W3 D1 L2', closed up where the numbers are long."""
    line = "%s W%d D%d L%d" % (label, won, drawn, lost)
    return line if len(line) <= LINE_WIDTH else "%s W%dD%dL%d" % (label, won, drawn, lost)


def beside(left, right):
    """`left` and `right` at the two ends of a display line."""
    return left + " " * (LINE_WIDTH - len(left) - len(right)) + right


def opponent_name(row):
    return "P1 v P2" if row == 0 else "You v " + LEVELS[row - 1]


class Screen:
    def __init__(self, app):
        self.app = app
        self.page = 0
        self.confirm = False          # A on the reset page asked whether to reset

    def press(self, button):
        app = self.app
        confirm, self.confirm = self.confirm, False
        if button == buttons.B:
            if not confirm:
                app.go("menu")
                return
        elif button == buttons.A and self.page == _PAGES - 1:
            if confirm:
                app.settings["tally"] = [0] * TALLY_SIZE
                app.say(self._keep())
            else:
                self.confirm = True
        elif button == buttons.LEFT or button == buttons.UP:
            self.page = (self.page - 1) % _PAGES
        elif button == buttons.RIGHT or button == buttons.DOWN:
            self.page = (self.page + 1) % _PAGES
        app.changed()

    def _keep(self):
        """Write the reset into the save, its game and series kept: a power
        cut after this finds the counts at zero.  The line to show."""
        app = self.app
        if app.storage is None:
            return "records reset (not saved: no storage)"
        app.flow()                    # the game's modules, which read the save back whole
        from mapello.game.save.resume import rewrite
        return rewrite(app) or "records reset"

    def draw(self, frame):
        draw_board(frame, Position())

    def text(self):
        head = "%d/%d" % (self.page + 1, _PAGES)
        if self.confirm:
            return ["Reset all records?", "A yes: all to 0", "B no: keep them"]
        if self.page == _PAGES - 1:
            return [beside("Reset records", head), "Every count to 0:",
                    "A resets (asks first)", _KEYS]
        t = self.app.settings["tally"]     # options.default_settings(), or a save's, checked
        games = self.page * TALLY_ROW + TALLY_GAMES
        series = self.page * TALLY_ROW + TALLY_SERIES
        return [beside(opponent_name(self.page), head),
                counts_line("Games", t[games + WON], t[games + DRAWN], t[games + LOST]),
                counts_line("Series", t[series + WON], t[series + DRAWN], t[series + LOST]),
                _KEYS]
