"""The main menu (mode, board, limits, series, timer, hints, brightness) and
the small list menus that B opens in setup and in play.

Up/Down choose a line, Left/Right change it, A starts, B goes back.
"""

from mapello import buttons
from mapello.ui.board_view import draw_board
from mapello.rules.position import Position
from mapello.rules.pieces import Limits

SERIES = 0
FREE = 1
COMPUTER = 2
MODE_NAMES = ("Series", "Free play", "vs computer")
GAMES = (1, 2, 4, 6, 8, 10)
TIMERS = (0, 10, 20, 30, 60)
LIMIT_CHOICES = (8, 7, 6, 5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6, -7, -8)
BRIGHTNESS = (10, 20, 30, 40, 50, 60, 70, 80, 90, 100)
BLOCKED = "Blocked squares"
RANDOM = "Random Mapello"
BY_HAND = "Set up by hand"
SAVED = "Saved board"


def ai_levels():
    """The computer's levels, or () while there is no computer player."""
    try:
        from mapello.ai.thinker import LEVELS
        return LEVELS
    except ImportError:
        return ()


def limits_of(settings):
    """Limits from the menu's three numbers (negative = an exact count)."""
    values = []
    exact = []
    for key in ("walls", "bonuses", "jokers"):
        v = settings.get(key, 8)
        if not -8 <= v <= 8:
            v = 8
        values.append(-v if v < 0 else v)
        exact.append(v < 0)
    return Limits(values[0], values[1], values[2], exact)


def limit_text(v):
    return "exactly %d" % -v if v < 0 else "at most %d" % v


def _step(choices, value, delta):
    i = choices.index(value) if value in choices else 0
    return choices[(i + delta) % len(choices)]


class MenuScreen:
    """The main menu; its matrix previews the board chosen."""

    def __init__(self, app):
        self.app = app
        self.row = 0
        self._preview = None
        self.can_resume = False

    def enter(self):
        from mapello.ui import start as screens_start
        self.can_resume = self.app.storage is not None and screens_start.saved(self.app) is not None

    def board_names(self):
        names = [b.name or "Board %d" % (i + 1) for i, b in enumerate(self.app.boards)]
        if self.app.settings.get("myboard"):
            names.append(SAVED)
        names.append(BLOCKED)
        names.append(RANDOM)
        names.append(BY_HAND)
        return names

    def rows(self):
        """The keys of the menu's lines, as they show now."""
        s = self.app.settings
        out = ["mode", "board", "games"]
        out.extend(("walls", "bonuses", "jokers", "timer", "hints"))
        if s["mode"] == COMPUTER:
            out.append("level")
        out.append("brightness")
        return out

    def row_text(self, key):
        s = self.app.settings
        if key == "mode":
            return "Mode: " + MODE_NAMES[s["mode"]]
        if key == "board":
            names = self.board_names()
            return "Board: " + names[s["board"] % len(names)]
        if key == "games":
            return "Series: %d game%s" % (s["games"], "" if s["games"] == 1 else "s")
        if key in ("walls", "bonuses", "jokers"):
            return "%s%s: %s" % (key[0].upper(), key[1:], limit_text(s[key]))
        if key == "timer":
            return "Timer: " + ("%ds" % s["timer"] if s["timer"] else "off")
        if key == "hints":
            return "Hints: " + ("on" if s["hints"] else "off")
        if key == "level":
            levels = ai_levels()
            return "Level: " + (levels[s["level"] % len(levels)] if levels else "-")
        return "Brightness: %d%%" % s["brightness"]

    def change(self, key, delta):
        s = self.app.settings
        if key == "mode":
            n = 3 if ai_levels() else 2
            s["mode"] = (s["mode"] + delta) % n
        elif key == "board":
            s["board"] = (s["board"] + delta) % len(self.board_names())
            self._preview = None
        elif key == "games":
            s["games"] = _step(GAMES, s["games"], delta)
        elif key in ("walls", "bonuses", "jokers"):
            s[key] = _step(LIMIT_CHOICES, s[key], delta)
        elif key == "timer":
            s["timer"] = _step(TIMERS, s["timer"], delta)
        elif key == "hints":
            s["hints"] = 0 if s["hints"] else 1
        elif key == "level":
            levels = ai_levels()
            if levels:
                s["level"] = (s["level"] + delta) % len(levels)
        else:
            s["brightness"] = _step(BRIGHTNESS, s["brightness"], delta)

    def chosen_board(self):
        """(name, Position, Limits or None) for the board line, or None when
        the board is to be set up by hand.  Random kinds draw a new board."""
        from mapello.ui import start as screens_start
        return screens_start.chosen_board(self.app, self.board_names())

    def press(self, button):
        rows = self.rows()
        self.row %= len(rows)
        if button == buttons.UP:
            self.row = (self.row - 1) % len(rows)
        elif button == buttons.DOWN:
            self.row = (self.row + 1) % len(rows)
        elif button == buttons.LEFT or button == buttons.RIGHT:
            self.change(rows[self.row], -1 if button == buttons.LEFT else 1)
        elif button == buttons.A:
            from mapello.ui import start as screens_start
            screens_start.start(self.app, self)
            return
        elif button == buttons.B:
            from mapello.ui import start as screens_start
            if not screens_start.resume(self.app):
                self.app.say("A starts a game")
            return
        self.app.changed()

    def draw(self, frame):
        if self._preview is None:
            names = self.board_names()
            i = self.app.settings["board"] % len(names)
            if i < len(self.app.boards):
                self._preview = self.app.boards[i].position
            elif names[i] == SAVED:
                from mapello.ui import start as screens_start
                self._preview = screens_start.saved_board(self.app).position
            else:
                self._preview = Position()
        draw_board(frame, self._preview)

    def text(self):
        rows = self.rows()
        self.row %= len(rows)
        nxt = rows[(self.row + 1) % len(rows)]
        second = " " + self.row_text(nxt)
        if rows[self.row] == "board":   # a board's name gets a whole line
            names = self.board_names()
            i = self.app.settings["board"] % len(names)
            first = ">Board %d/%d" % (i + 1, len(names))
            second = " " + names[i]
        else:
            first = ">" + self.row_text(rows[self.row])
        return ["MAPELLO      %d/%d" % (self.row + 1, len(rows)), first, second,
                "A start  B resume" if self.can_resume else "A start  </> change"]


class ListMenu:
    """A small menu of actions over a screen that stays drawn beneath it.

    `items` is a list of (label, callback); B calls `back`.
    """

    def __init__(self, app, title, items, under, back):
        self.app = app
        self.title = title
        self.items = items
        self.under = under
        self.back = back
        self.row = 0

    def press(self, button):
        n = len(self.items)
        if button == buttons.UP:
            self.row = (self.row - 1) % n
        elif button == buttons.DOWN:
            self.row = (self.row + 1) % n
        elif button == buttons.A:
            self.items[self.row][1]()
            return
        elif button == buttons.B:
            self.back()
            return
        self.app.changed()

    def draw(self, frame):
        self.under.draw_still(frame)

    def text(self):
        n = len(self.items)
        return [self.title,
                ">" + self.items[self.row][0],
                " " + self.items[(self.row + 1) % n][0] if n > 1 else "",
                "A ok  B back"]
