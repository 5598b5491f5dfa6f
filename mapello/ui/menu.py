"""The main menu: mode, board, series length, limits, timer, hints, level and
brightness; its matrix previews the board chosen.

Up/Down choose a line, Left/Right change it, A starts, B resumes the saved game.
"""

from mapello import buttons
from mapello.ai import LEVELS
from mapello.game import session
from mapello.ui.board_view import draw_board
from mapello.rules.position import Position

MODE_NAMES = ("Series", "Free play", "vs computer")
GAMES = (1, 2, 4, 6, 8, 10)
TIMERS = (0, 10, 20, 30, 60)
LIMIT_CHOICES = (8, 7, 6, 5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6, -7, -8)
BRIGHTNESS = (10, 20, 30, 40, 50, 60, 70, 80, 90, 100)
BLOCKED = "Blocked squares"
RANDOM = "Random Mapello"
BY_HAND = "Set up by hand"
SAVED = "Saved board"


def limit_text(v):
    return "exactly %d" % -v if v < 0 else "at most %d" % v


def _step(choices, value, delta):
    i = choices.index(value) if value in choices else 0
    return choices[(i + delta) % len(choices)]


def saved_board(app):
    """The board kept by "Save board" (a BoardFile); a plain start if it is bad."""
    from mapello.rules.boardfile import BoardError, BoardFile, parse_board
    try:
        return parse_board(app.settings.get("myboard", ""))
    except BoardError:
        return BoardFile(Position(), SAVED)


class Screen:
    def __init__(self, app):
        self.app = app
        self.row = 0
        self._preview = None
        self.can_resume = False

    def enter(self):
        app = self.app
        if app.storage is None:
            self.can_resume = False
            return
        found, problem = session.saved(app)
        if problem and problem != app.message:   # a notice may show already, longer
            app.say(problem)
        self.can_resume = (found is not None and found.match is not None
                           and not found.match.pos.is_over())

    def board_names(self):
        names = list(self.app.boards.names)
        if self.app.settings.get("myboard"):
            names.append(SAVED)
        names.append(BLOCKED)
        names.append(RANDOM)
        names.append(BY_HAND)
        return names

    def rows(self):
        """The keys of the menu's lines, as they show now."""
        out = ["mode", "board", "games", "walls", "bonuses", "jokers", "timer", "hints"]
        if self.app.settings["mode"] == session.COMPUTER:
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
            return "Level: " + LEVELS[s["level"] % len(LEVELS)]
        return "Brightness: %d%%" % s["brightness"]

    def change(self, key, delta):
        s = self.app.settings
        if key == "mode":
            s["mode"] = (s["mode"] + delta) % session.MODES
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
            s["level"] = (s["level"] + delta) % len(LEVELS)
        else:
            s["brightness"] = _step(BRIGHTNESS, s["brightness"], delta)

    def chosen_board(self):
        """(name, Position, Limits or None) for the board line, or None when
        the board is to be set up by hand.  Random kinds draw a new board."""
        app = self.app
        names = self.board_names()
        i = app.settings["board"] % len(names)
        name = names[i]
        if i < len(app.boards):
            b = app.boards.board(i)    # a broken file raises: the app says why
            return (name, b.position, b.limits)
        if name == BY_HAND:
            return None
        if name == SAVED:
            b = saved_board(app)
            return (b.name, b.position, b.limits)
        from mapello.game import random_boards
        app.seed += 1
        if name == BLOCKED:
            b = random_boards.blocked_squares(app.seed)
        else:
            b = random_boards.random_board(app.seed, session.limits_of(app.settings))
        return (b.name, b.position, b.limits)

    def press(self, button):
        app = self.app
        rows = self.rows()
        self.row %= len(rows)
        if button == buttons.UP:
            self.row = (self.row - 1) % len(rows)
        elif button == buttons.DOWN:
            self.row = (self.row + 1) % len(rows)
        elif button == buttons.LEFT or button == buttons.RIGHT:
            self.change(rows[self.row], -1 if button == buttons.LEFT else 1)
        elif button == buttons.A:
            try:
                board = self.chosen_board()
            except (OSError, ValueError) as e:   # a broken board file
                app.say(str(e))
                return
            s, step = session.start(app, board)
            app.go(step, s)
            return
        elif button == buttons.B:
            s, problem = session.resume(app)
            if s is None:
                app.say(problem or "A starts a game")
                return
            app.go("play", s)
            app.say("game resumed")
            return
        app.changed()

    def draw(self, frame):
        if self._preview is None:
            names = self.board_names()
            i = self.app.settings["board"] % len(names)
            if i < len(self.app.boards):
                self._preview = self._bundled(i)
            elif names[i] == SAVED:
                self._preview = saved_board(self.app).position
            else:
                self._preview = Position()
        draw_board(frame, self._preview)

    def _bundled(self, i):
        """The i-th bundled board for the preview; a broken file is named."""
        try:
            return self.app.boards.board(i).position
        except (OSError, ValueError) as e:
            self.app.say(str(e))
            return Position()

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
