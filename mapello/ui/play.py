"""Playing a game: cursor, hints, last move, flip animation, passes, the move
timer, the computer's turn, and the in-game menu behind B (so a stray press
never changes the game).  Also the Session: the series being played."""

from mapello import buttons
from mapello.ui import palette
from mapello.ui.board_view import cell_colour, draw_board
from mapello.rules.position import BLACK, INNER, PASS, WHITE, cell_name, parse_cell

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

BLINK_MS = const(400)
FLIP_MS = const(300)
BAD_MS = const(600)
THINK_SLICE = const(8)          # nodes per step: about 20 ms on an RP2040
THINK_TICK_MS = const(15)       # a tick's share of thinking, so buttons stay alive
THINK_TICK_NODES = const(400)   # and a cap, for clocks that stand still in tests
COLOUR_LETTER = "BW"
COLOUR_WORD = ("Black", "White")


class Session:
    """The games being played: the board, the series standing (mapello.game.series),
    the game in progress (mapello.game.game.Match) and the record of the last game.
    Player 0 is P1 (or you, against the computer)."""

    def __init__(self, app, mode, start, name, limits, games, level=None, series=None):
        from mapello.game.series import Series
        self.app = app
        self.mode = mode
        self.start = start
        self.name = name
        self.limits = limits
        self.games = games
        self.level = level          # computer level name, None when two humans play
        self.series = series if series is not None else Series(games, free_play=(mode == 1))
        self.match = None
        self.done = False           # the game in `match` is finished (or resigned)
        self.last = None            # record.GameRecord of the last game, for replay

    @property
    def pos(self):
        return self.match.pos

    @property
    def played(self):
        return self.series.played

    @property
    def p1_colour(self):
        c = self.series.colour_of(0)
        return 0 if c is None else c

    def _next_match(self, moves=()):
        from mapello.game.game import Match
        computer = None if self.level is None else 1 - self.p1_colour
        return Match(self.start, moves, computer, self.app.settings.get("timer", 0) * 1000,
                     self.app.clock, self.app.seed, self.name, self.limits)

    def new_game(self, moves=()):
        self.match = self._next_match(moves)
        self.done = False
        self.save()

    def save(self):
        """Store settings, series and game so far (after every move).  After a
        game (also a resigned one) that is the series' next game, unless the
        series is over or free play needs a new setup first."""
        storage = self.app.storage
        if storage is None:
            return
        from mapello.game.storage import pack
        match = self.match
        if self.done:
            match = None if self.mode == 1 or self.over() else self._next_match()
        elif match is not None and match.is_over():
            match = None                # finish_game() saves again in a moment
        if not storage.save(pack(match, self.series, self.app.settings)):
            self.app.say(getattr(storage, "problem", None) or "save failed")

    def player_name(self, player):
        if self.level is not None:
            return "You" if player == 0 else "CPU"
        return "P%d" % (player + 1)

    def player_of(self, colour):
        return 0 if colour == self.p1_colour else 1

    def is_computer(self, colour):
        return self.level is not None and self.player_of(colour) == 1

    def finish_game(self, resigned=None):
        """Score the game into the series.  A resignation gives the empty cells
        to the other side (as in Othello), and at least a one-point win."""
        self.last = self.match.record()
        score = list(self.pos.score())
        if resigned is not None:
            w = 1 - resigned
            empties = bin(self.pos.empty()).count("1")
            score[w] = max(score[w] + empties, score[resigned] + 1)
        self.series.record(min(score[0], 127), min(score[1], 255))
        self.done = True
        self.save()

    def over(self):
        return self.series.is_over()

    def leader(self):
        return self.series.winner()


def score_line(pos):
    b, w = pos.score()
    return "B%d(+%d)  W%d(+%d)" % (b, 3 * pos.taken[0], w, 3 * pos.taken[1])


class PlayScreen:
    def __init__(self, app, session):
        self.app = app
        self.s = session
        self.cursor = parse_cell("d3")
        self.last = -1
        self.flipping = 0
        self.flip_until = 0
        self.bad_cell = -1
        self.bad_until = 0
        self.blink_on = True
        self.blink_at = 0
        self.shown_seconds = -1
        self.thinker = None
        self.hinter = None
        self.finished = False
        self._place_cursor()

    # --- helpers -------------------------------------------------------------
    def _place_cursor(self):
        moves = self.s.pos.legal_moves()
        if moves and not (self.s.pos.legal_mask() >> self.cursor) & 1:
            self.cursor = moves[0]

    def _new_turn(self):
        self.thinker = None
        self.hinter = None
        self._place_cursor()

    def _search(self, pos, level):
        """A sliced search that never thinks longer than the think_ms setting
        (2 s by default, DESIGN's budget for an RP2040).  The hard level uses
        all of it; the lower levels stop sooner, at their own node budgets."""
        from mapello.ai.thinker import DEFAULT_NODES, LEVELS, Thinker
        nodes = None if level == "hard" else DEFAULT_NODES[LEVELS.index(level)]
        return Thinker(pos, level, seed=self.app.seed + pos.ply(), node_budget=nodes,
                       clock=self.app.clock,
                       time_budget_ms=self.app.settings.get("think_ms", 2000))

    def _run_slices(self, thinker):
        """Work on `thinker` for this tick's share; True once its choice is final."""
        clock = self.app.clock
        start = clock()
        first = thinker.nodes
        while not thinker.step(THINK_SLICE):
            if clock() - start >= THINK_TICK_MS or thinker.nodes - first >= THINK_TICK_NODES:
                return False
        return True

    def _move(self, cell):
        pos = self.s.pos
        flips = pos.flips(cell) if cell != PASS else 0
        reason = self.s.match.play(cell)
        if reason is not None:
            self._refuse(reason)
            return
        self._moved(cell, flips)

    def _moved(self, cell, flips):
        if self.app.message == "computer thinking":   # it has moved: the message is stale
            self.app.say("", 0)
        if cell != PASS:
            self.flipping = flips
            self.flip_until = self.app.clock() + FLIP_MS
            self.last = cell
        self._new_turn()
        self.s.save()
        self.app.changed()

    def _refuse(self, reason):
        self.bad_cell = self.cursor
        self.bad_until = self.app.clock() + BAD_MS
        self.app.say(reason)

    def timer_left(self):
        return self.s.match.remaining_ms()

    # --- input -----------------------------------------------------------------
    def press(self, button):
        pos = self.s.pos
        if self.finished or pos.is_over():   # game over shows once the discs have flipped
            return
        if self.hinter is not None:
            if button == buttons.B:
                self._show_hint()
            else:
                self.app.say("hint: thinking, B now")
            return
        if self.s.is_computer(pos.turn) and not pos.is_over():
            if button == buttons.B and self.thinker is not None:
                self.app.say("move now")
                self._move(self.thinker.best())
            else:
                self.app.say("computer thinking")
            return
        if button == buttons.B:
            self.open_menu()
            return
        if pos.must_pass():
            if button == buttons.A:
                self._move(PASS)
            else:
                self.app.say("no move: A to pass")
            return
        if button in buttons.DIRECTIONS:
            r, c = self.cursor // 10, self.cursor % 10
            if button == buttons.UP:
                r = 8 if r == 1 else r - 1
            elif button == buttons.DOWN:
                r = 1 if r == 8 else r + 1
            elif button == buttons.LEFT:
                c = 8 if c == 1 else c - 1
            else:
                c = 1 if c == 8 else c + 1
            self.cursor = r * 10 + c
            self.blink_on = True
            self.blink_at = self.app.clock()
            self.app.changed()
        elif button == buttons.A:
            reason = pos.why_illegal(self.cursor)
            if reason is not None:
                self._refuse(reason)
            else:
                self._move(self.cursor)

    def open_menu(self):
        from mapello.ui.menu import ListMenu
        items = [("Back to game", self.back),
                 ("Undo", self.undo),
                 ("Hint", self.hint),
                 ("Resign", self.resign),
                 ("Save board", self.save_board),
                 ("Quit to menu", self.quit)]
        self.s.match.pause_timer()
        self.app.show(ListMenu(self.app, "Game menu", items, self, self.back))

    def back(self):
        self.s.match.resume_timer()
        self.app.show(self)

    def undo(self):
        self.app.show(self)
        if not self.s.match.undo():
            self.s.match.resume_timer()
            self.app.say("nothing to undo")
            return
        last = self.s.match.last_move()
        self.last = last if last is not None and last != PASS else -1
        self.flipping = 0
        self._new_turn()
        self.s.save()
        self.app.say("undone")

    def hint(self):
        """The hard level's choice for the player to move, searched in slices
        like the computer's moves; B takes the best found so far.  The move
        timer stays paused, as in the menu, while the hint is thought out."""
        pos = self.s.pos
        self.app.show(self)
        if not pos.legal_mask():
            self.s.match.resume_timer()
            self.app.say("no move: pass")
            return
        self.hinter = self._search(pos, "hard")
        self.app.say("hint: thinking")

    def _show_hint(self):
        self.cursor = self.hinter.best()
        self.hinter = None
        self.s.match.resume_timer()
        self.app.say("try " + cell_name(self.cursor))

    def resign(self):
        self.s.finish_game(resigned=self.s.pos.turn)
        self._to_game_over(self.s.pos.turn)

    def save_board(self):
        from mapello.ui import start as screens_start
        self.back()
        screens_start.save_board(self.app, self.s.start, self.s.name, self.s.limits)

    def quit(self):
        """Back to the menu; the game stays saved and B there resumes it."""
        from mapello.ui.menu import MenuScreen
        self.s.match.resume_timer()
        self.s.save()
        self.app.show(MenuScreen(self.app))

    def _to_game_over(self, resigned=None):
        from mapello.ui.game_over import GameOverScreen
        self.finished = True
        self.app.show(GameOverScreen(self.app, self.s, resigned))

    # --- time ----------------------------------------------------------------
    def tick(self, now):
        pos = self.s.pos
        if self.flipping and now - self.flip_until >= 0:
            self.flipping = 0
            self.app.changed()
        if self.bad_cell >= 0 and now - self.bad_until >= 0:
            self.bad_cell = -1
            self.app.changed()
        if now - self.blink_at >= BLINK_MS:
            self.blink_at = now
            self.blink_on = not self.blink_on
            self.app.changed()
        if self.finished:
            return
        if pos.is_over():
            if not self.flipping:
                self.s.finish_game()
                self._to_game_over()
            return
        if self.s.is_computer(pos.turn):
            self._think()
            return
        if self.hinter is not None:
            if self._run_slices(self.hinter):
                self._show_hint()
            return
        left = self.timer_left()
        if left is not None:
            seconds = (left + 999) // 1000
            if seconds != self.shown_seconds:
                self.shown_seconds = seconds
                self.app.changed()
            if left == 0:
                cell = self.s.match.tick()   # out of time: the match plays for the player
                if cell is not None:
                    self._moved(cell, 0)
                    self.app.say(self.s.match.notice)

    def _think(self):
        pos = self.s.pos
        if not pos.legal_mask():
            self._move(PASS)
            return
        if self.thinker is None:
            self.thinker = self._search(pos, self.s.level)
            self.app.changed()
            return
        if self._run_slices(self.thinker):
            self._move(self.thinker.best())

    # --- output ----------------------------------------------------------------
    def hints_mask(self):
        if not self.app.settings.get("hints", 1) or self.s.is_computer(self.s.pos.turn):
            return 0
        return self.s.pos.legal_mask()

    def draw_still(self, frame):
        """The board without cursor or animation (under a menu)."""
        draw_board(frame, self.s.pos, 0, self.last)

    def draw(self, frame):
        pos = self.s.pos
        draw_board(frame, pos, self.hints_mask(), self.last, self.flipping)
        if self.bad_cell >= 0:
            palette.put(frame, self.bad_cell, palette.BAD_CELL)
        elif self.blink_on and not self.finished and not self.s.is_computer(pos.turn):
            under = cell_colour(pos, self.cursor, self.hints_mask(), self.last)
            palette.put(frame, self.cursor, palette.cursor_colour(under, pos.turn))

    def text(self):
        pos = self.s.pos
        turn = pos.turn
        who = "%s %s" % (self.s.player_name(self.s.player_of(turn)), COLOUR_WORD[turn])
        if pos.is_over():
            status = "game over"
        elif self.s.is_computer(turn):
            status = who + " thinking"
        elif pos.must_pass():
            status = who + ": pass, A"
        else:
            status = who + " to move"
        left = self.timer_left()
        info = "%s  game %d/%d" % (cell_name(self.cursor), self.s.played + 1, self.s.games)
        if left is not None:
            info = "%s %ds  %d/%d" % (cell_name(self.cursor), (left + 999) // 1000,
                                       self.s.played + 1, self.s.games)
        return [score_line(pos), status, info, "A play  B menu"]
