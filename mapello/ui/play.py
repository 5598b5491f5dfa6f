"""Playing a game: cursor, hints, last move, flip animation, passes, the move
timer, the computer's turn, and the in-game menu behind B (so a stray press
never changes the game).  The game itself is a mapello.game.session.Session."""

from mapello import buttons
from mapello.ai import LEVELS
from mapello.game import session as flow
from mapello.ui import palette
from mapello.ui.board_view import COLOUR_WORD, cell_colour, draw_board, score_line
from mapello.rules.position import PASS, cell_name, parse_cell

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


class Screen:
    def __init__(self, app, session):
        self.app = app
        self.session = session
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
        self._said_thinking = False   # "computer thinking" is on the display
        self._place_cursor()
        if session.level is not None:   # the computer's code, before the game fills the heap
            app.use(("play", "ai"))
        if session.problem:           # the save as the game began
            app.say(session.problem)

    @property
    def busy(self):
        """The computer or a hint is thinking."""
        return self.hinter is not None or (
            not self.finished and not self.session.pos.is_over()
            and self.session.is_computer(self.session.pos.turn))

    # --- helpers -------------------------------------------------------------
    def _place_cursor(self):
        moves = self.session.pos.legal_moves()
        if moves and not (self.session.pos.legal_mask() >> self.cursor) & 1:
            self.cursor = moves[0]

    def _new_turn(self):
        self.thinker = None
        self.hinter = None
        self._place_cursor()

    def _search(self, pos, level):
        """A sliced search for level index `level` that never thinks longer than
        the think_ms setting (2 s by default, the budget for an RP2040).  The
        hard level uses all of it; the lower levels stop sooner, at their own
        node budgets."""
        self.app.use(("play", "ai"))
        from mapello.ai.thinker import DEFAULT_NODES, Thinker
        nodes = None if level == 2 else DEFAULT_NODES[level]
        return Thinker(pos, LEVELS[level], seed=self.app.seed + len(self.session.game.moves), node_budget=nodes,
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
        pos = self.session.pos
        flips = pos.flips(cell) if cell != PASS else 0
        reason = self.session.game.play(cell)
        if reason is not None:
            self._refuse(reason)
            return
        self._moved(cell, flips)

    def _moved(self, cell, flips):
        if self._said_thinking:    # it has moved: the message is stale
            self._said_thinking = False
            self.app.say("", 0)
        if cell != PASS:
            self.flipping = flips
            self.flip_until = self.app.clock() + FLIP_MS
            self.last = cell
        self._new_turn()
        self._save()
        self.app.changed()

    def _save(self):
        problem = self.session.save()
        if problem:
            self.app.say(problem)

    def _refuse(self, reason):
        self.bad_cell = self.cursor
        self.bad_until = self.app.clock() + BAD_MS
        self.app.say(reason)

    def timer_left(self):
        return self.session.game.remaining_ms()

    # --- input -----------------------------------------------------------------
    def press(self, button):
        pos = self.session.pos
        if self.finished or pos.is_over():   # game over shows once the discs have flipped
            return
        if self.hinter is not None:
            if button == buttons.B:
                self._show_hint()
            else:
                self.app.say("hint: thinking, B now")
            return
        if self.session.is_computer(pos.turn) and not pos.is_over():
            if button == buttons.B and self.thinker is not None:
                cell = self.thinker.best()
                self._move(cell)
                self.app.say("CPU: " + cell_name(cell))
            else:
                self.app.say("computer thinking")
                self._said_thinking = True
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
        items = [("Back to game", self.back),
                 ("Undo", self.undo),
                 ("Hint", self.hint),
                 ("Resign", self.resign),
                 ("Save board", self.save_board),
                 ("Quit to menu", self.quit)]
        self.session.game.pause_timer()
        self.app.go("choice", "Game menu", items, self, self.back)

    def back(self):
        self.session.game.resume_timer()
        self.app.show(self)

    def undo(self):
        self.app.show(self)
        if not self.session.game.undo():
            self.session.game.resume_timer()
            self.app.say("nothing to undo")
            return
        last = self.session.game.last_move()
        self.last = last if last is not None and last != PASS else -1
        self.flipping = 0
        self._new_turn()
        self._save()
        self.app.say("undone")

    def hint(self):
        """The hard level's choice for the player to move, searched in slices
        like the computer's moves; B takes the best found so far.  The move
        timer stays paused, as in the menu, while the hint is thought out."""
        pos = self.session.pos
        self.app.show(self)
        if not pos.legal_mask():
            self.session.game.resume_timer()
            self.app.say("no move: pass")
            return
        self.hinter = self._search(pos, 2)
        self.app.say("hint: thinking")

    def _show_hint(self):
        self.cursor = self.hinter.best()
        self.hinter = None
        self.session.game.resume_timer()
        self.app.say("try " + cell_name(self.cursor))

    def resign(self):
        self._to_game_over(self.session.pos.turn)

    def save_board(self):
        self.back()
        s = self.session
        self.app.say(flow.save_board(self.app, s.start, s.name, s.limits))

    def quit(self):
        """Back to the menu; the game stays saved and B there resumes it."""
        self.session.game.resume_timer()
        self._save()
        self.app.go("menu")

    def _to_game_over(self, resigned=None):
        self.finished = True
        problem = self.session.finish_game(resigned)
        self.app.go("game over", self.session, resigned)
        if problem:
            self.app.say(problem)

    # --- time ----------------------------------------------------------------
    def tick(self, now):
        pos = self.session.pos
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
                self._to_game_over()
            return
        if self.session.is_computer(pos.turn):
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
                cell = self.session.game.tick()   # out of time: the match plays for the player
                if cell is not None:
                    self._moved(cell, 0)
                    self.app.say(self.session.game.notice)

    def _think(self):
        pos = self.session.pos
        if not pos.legal_mask():
            self._move(PASS)
            self.app.say("CPU: pass")
            return
        if self.thinker is None:
            self.thinker = self._search(pos, self.session.level)
            self.app.changed()
            return
        if self._run_slices(self.thinker):
            cell = self.thinker.best()
            self._move(cell)
            self.app.say("CPU: " + cell_name(cell))

    # --- output ----------------------------------------------------------------
    def hints_mask(self):
        if not self.app.settings.get("hints", 1) or self.session.is_computer(self.session.pos.turn):
            return 0
        return self.session.pos.legal_mask()

    def draw_still(self, frame):
        """The board without cursor or animation (under a menu)."""
        draw_board(frame, self.session.pos, 0, self.last)

    def draw(self, frame):
        pos = self.session.pos
        draw_board(frame, pos, self.hints_mask(), self.last, self.flipping)
        if self.bad_cell >= 0:
            palette.put(frame, self.bad_cell, palette.BAD_CELL)
        elif self.blink_on and not self.finished and not self.session.is_computer(pos.turn):
            under = cell_colour(pos, self.cursor, self.hints_mask(), self.last)
            palette.put(frame, self.cursor, palette.cursor_colour(under, pos.turn))

    def text(self):
        pos = self.session.pos
        turn = pos.turn
        who = "%s %s" % (self.session.player_name(self.session.player_of(turn)), COLOUR_WORD[turn])
        if pos.is_over():
            status = "game over"
        elif self.session.is_computer(turn):
            status = who + " thinking"
        elif pos.must_pass():
            status = who + ": pass, A"
        else:
            status = who + " to move"
        left = self.timer_left()
        info = "%s  game %d/%d" % (cell_name(self.cursor), self.session.series.played + 1, self.session.games)
        if left is not None:
            info = "%s %ds  %d/%d" % (cell_name(self.cursor), (left + 999) // 1000,
                                       self.session.series.played + 1, self.session.games)
        return [score_line(pos), status, info, "A play  B menu"]
