"""The main menu: mode, board, series length, limits, timer, hints, level,
brightness, colours (the palette) and sleep (the matrix dims, then goes
dark, after that many minutes with no press); its matrix previews the board chosen (mapello/ui/menu_boards.py).

Up/Down choose a line, Left/Right change it, A starts, B resumes the saved
game.  With a saved game to resume, A first asks whether to discard it.  The
limit lines of a board that brings its own pieces show those pieces.  A line
longer than the display scrolls.
"""

from mapello import buttons
from mapello.game import options
from mapello.game.options import LEVELS, SETTINGS
from mapello.ui import palette
from mapello.ui.app import LINE_WIDTH
from mapello.ui.board_view import draw_board
from mapello.ui.menu_boards import board_names, board_index, bundled, chosen_board, chosen_name, preview
from mapello.rules.position import Position

from micropython import const

MODE_NAMES = ("Series", "Free play", "vs computer")
LIMITS = ("walls", "bonuses", "jokers")
_SCROLL_MS = const(300)


def limit_text(v):
    return "exactly %d" % -v if v < 0 else "at most %d" % v


def _step(key, value, delta):
    """The menu's choice `delta` (1 or -1) from `value` of setting `key`, round
    and round its choices (options.SETTINGS)."""
    _, low, high, choices, _ = SETTINGS[key]
    if choices is None:         # every value, lowest to highest
        return low + (value - low + delta) % (high - low + 1)
    if value in choices:
        return choices[(choices.index(value) + delta) % len(choices)]
    # a value settings.toml or a save gave that is no choice (brightness 25):
    # the nearest choice that way, round to the far end past the last
    ahead = [c for c in choices if (c - value) * delta > 0] or choices
    return min(ahead) if delta > 0 else max(ahead)


class Screen:
    def __init__(self, app, resumable=True):
        self.app = app
        self.row = 0
        self._preview = None
        self._resumable = resumable  # False: the save just failed to resume (App.resume_game)
        self.can_resume = False
        self.confirm = False        # A asked whether to discard the saved game
        self._shift = 0             # how far a long line has scrolled
        self._long = False
        self._shift_at = 0

    def enter(self):
        app = self.app
        if app.storage is None:
            self.can_resume = False
            return
        _, has_game, problem = app.peek()
        app.notify(problem)
        # B decodes the game and checks it (the game's modules compile then,
        # not at power-on); a game that fails its checks is said then
        self.can_resume = has_game and self._resumable

    def rows(self):
        """The keys of the menu's lines, as they show now."""
        out = ["mode", "board", "games", "walls", "bonuses", "jokers", "timer", "hints"]
        if self.app.settings["mode"] == options.COMPUTER:
            out.append("level")
        out.append("brightness")
        out.append("palette")
        out.append("sleep")
        out.append("records")
        return out

    def fixed(self):
        """The board's own pieces count, not the menu's limits: a bundled or
        saved board (or Blocked squares) played as it is."""
        s = self.app.settings
        return s["mode"] != options.FREE and preview(self)[1]

    def row_text(self, key):
        s = self.app.settings
        if key == "mode":
            return "Mode: " + MODE_NAMES[s["mode"]]
        if key == "board":
            return "Board: " + chosen_name(self.app)
        if key == "games":
            return "Series: %d game%s" % (s["games"], "" if s["games"] == 1 else "s")
        if key in LIMITS:
            label = key[0].upper() + key[1:] + ": "
            if self.fixed():
                pos = preview(self)[0]
                if pos is None:              # Blocked squares: 1 to 4 walls, nothing else
                    return label + ("1 to 4 random" if key == "walls" else "none")
                mask = (pos.walls, pos.bonuses, pos.jokers)[LIMITS.index(key)]
                return label + "%d on board" % bin(mask).count("1")
            return label + limit_text(s[key])
        if key == "timer":
            return "Timer: " + ("%ds" % s["timer"] if s["timer"] else "off")
        if key == "hints":
            return "Hints: " + ("on" if s["hints"] else "off")
        if key == "level":
            return "Level: " + LEVELS[options.setting(s, "level")]
        if key == "records":
            return "Players' records"
        if key == "sleep":
            return "Sleep: " + ("after %d min" % s["sleep"] if s["sleep"] else "never")
        if key == "palette":
            return "Colours: " + palette.NAMES[options.setting(s, "palette")]
        return "Brightness: %d%%" % s["brightness"]

    def change(self, key, delta):
        s = self.app.settings
        if key == "board":
            names = board_names(self.app)
            s["board"] = names[(board_index(self.app, names) + delta) % len(names)]
            self._preview = None
        elif key in LIMITS and self.fixed():
            self.app.say("set by the board")
        elif key == "records":
            self.app.say("A shows them")
        else:
            s[key] = _step(key, s[key], delta)

    def press(self, button):
        app = self.app
        rows = self.rows()
        self.row %= len(rows)
        self._shift = 0
        self._shift_at = app.clock()
        confirm, self.confirm = self.confirm, False
        if button == buttons.UP:
            self.row = (self.row - 1) % len(rows)
        elif button == buttons.DOWN:
            self.row = (self.row + 1) % len(rows)
        elif button == buttons.LEFT or button == buttons.RIGHT:
            self.change(rows[self.row], -1 if button == buttons.LEFT else 1)
        elif button == buttons.A and rows[self.row] == "records" and not confirm:
            app.go("records")
            return
        elif button == buttons.A:
            try:
                if self.can_resume and not confirm:   # the new game's first save replaces it
                    bundled(app, chosen_name(app))    # a broken board file says so first
                    self.confirm = True
                else:
                    app.start_game(chosen_board(app))
                    return
            except (OSError, ValueError) as e:   # a broken board file: nothing is discarded
                app.say(str(e))
                return
        elif button == buttons.B and not confirm:
            if not self.can_resume:
                app.say("A starts a game")
            else:
                app.resume_game()
                return
        app.changed()

    def tick(self, now):
        if self._long and now - self._shift_at >= _SCROLL_MS:
            self._shift_at = now
            self._shift += 1
            self.app.changed()

    def draw(self, frame):
        pos = preview(self)[0]
        draw_board(frame, pos if pos is not None else Position())

    def scroll(self, line):
        """`line` as it fits: one longer than the display scrolls its value,
        after the marker and the label ('>Board: '), which stay (tick()
        moves it on)."""
        if len(line) <= LINE_WIDTH:
            return line
        self._long = True
        keep = line.find(": ") + 2
        if not 1 < keep < LINE_WIDTH // 2:        # no label, or one that leaves no room
            keep = 1
        body = line[keep:] + "   "
        i = self._shift % (len(body) + 4) - 4      # a pause at the start of each turn
        i = i if i > 0 else 0
        return line[:keep] + (body[i:] + body[:i])[:LINE_WIDTH - keep]

    def text(self):
        rows = self.rows()
        self.row %= len(rows)
        head = "MAPELLO      %d/%d" % (self.row + 1, len(rows))
        self._long = False
        nxt = rows[(self.row + 1) % len(rows)]
        second = " " + self.row_text(nxt)
        if rows[self.row] == "board":   # a board's name gets a whole line
            names = board_names(self.app)
            i = board_index(self.app, names)
            first = ">Board %d/%d" % (i + 1, len(names))
            second = " " + names[i]
        else:
            first = ">" + self.row_text(rows[self.row])
        keys = "A start  B resume" if self.can_resume else "A start  </> change"
        if rows[self.row] == "records":
            keys = "A show  B resume" if self.can_resume else "A shows them"
        if self.confirm:
            return [head, "Discard saved game?", "A yes: new game", "B no: keep it"]
        return [head, self.scroll(first), self.scroll(second), keys]
