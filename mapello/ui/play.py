"""Playing a game: cursor, hints, last move, flip animation and preview,
passes, the move timer and the computer's turn (mapello/ui/thinking.py); B opens the game menu
(mapello/ui/game_menu.py).  The game itself is a mapello.game.session.Session.
A what-if branch (mapello/ui/whatif.py) is played here too: its `back` is the
replay it came from, which B goes back to, and its end counts nowhere."""

from mapello import buttons, drop_modules
from mapello.ui import modules, palette
from mapello.ui.board_view import COLOUR_WORD, draw_board, score_line
from mapello.ui.thinking import run_slices, search
from mapello.rules.position import PASS, cell_name, cells_of, parse_cell

from micropython import const

BLINK_MS = const(400)
_FLIP_MS = const(300)
_BAD_MS = const(600)
_PREVIEW_MS = const(500)     # the cursor at rest that long on a legal move: its flips glow


class Screen:
    def __init__(self, app, session, back=None):
        self.app = app
        self.session = session
        self.back = back               # a what-if branch's replay, else None
        self.cursor = parse_cell("d3")
        self.mark_last()
        self.flipping = 0
        self.flip_until = 0
        self.bad_cell = -1
        self.bad_until = 0
        self.blink_on = True
        self.blink_at = 0
        self.lit = 0                   # the cursor's colour when lit, as last drawn
        self.shown_seconds = -1
        self.thinker = None
        self.hinter = None
        self.mind = None              # the Thinker both restart, move after move
        self.turn_from = None         # the clock when the computer's turn began
        self.finished = False
        self._turn_message = False    # "computer thinking" or a hint's "try e3": this turn's only
        self.preview = 0              # the discs the move under the resting cursor would flip
        self.rest_at = app.clock()    # when the cursor came to rest (None: looked already)
        self._black = self._white = self._turn = -1   # legal_mask()'s position
        self._legal = 0
        self._place_cursor()
        # the computer's code loads in the first ticks, one module a tick:
        # before the game fills the heap, but after the board and its text
        # are out, and with the buttons served between the compiles (from
        # source each takes a good part of a second: docs/MEASUREMENTS.md,
        # block latency)
        self.computer_due = session.level is not None
        if session.problem:           # the save as the game began
            app.say(session.problem)

    @property
    def busy(self):
        """The computer or a hint is thinking."""
        return self.hinter is not None or (
            not self.finished and not self.over()
            and self.session.is_computer(self.session.pos.turn))

    def legal_mask(self):
        """pos.legal_mask(), worked out once per position (a mask costs a few
        ms on the device, and every press, tick, frame and text asks): the
        discs and the turn, compared by value, are the key (walls and jokers
        stay as they are in a game).  0: over() or must pass."""
        pos = self.session.pos
        d = pos.discs
        if d[0] != self._black or d[1] != self._white or pos.turn != self._turn:
            self._black = d[0]
            self._white = d[1]
            self._turn = pos.turn
            self._legal = pos.legal_mask()
        return self._legal

    def over(self):
        return not self.legal_mask() and self.session.pos.is_over()

    # --- helpers -------------------------------------------------------------
    def _place_cursor(self):
        legal = self.legal_mask()
        if legal and not (legal >> self.cursor) & 1:
            self.cursor = cells_of(legal)[0]      # the first legal move in board order

    def mark_last(self):
        """The last disc played is tinted (a resumed game's or after undo too)."""
        self.last = -1
        for cell in self.session.game.moves:
            if cell != PASS:
                self.last = cell

    def new_turn(self):
        self.thinker = None
        self.hinter = None
        self.turn_from = None
        self._place_cursor()
        self.rested()

    def rested(self):
        self.preview = 0
        self.rest_at = self.app.clock()

    def _move(self, cell):
        pos = self.session.pos
        flips = pos.flips(cell) if cell != PASS else 0
        reason = self.session.game.play(cell)
        if reason is not None:
            self._refuse(reason)
            return
        self._moved(cell, flips)

    def _moved(self, cell, flips):
        if self._turn_message:     # a move was made: the message is stale
            self._turn_message = False
            self.app.say("", 0)
        if cell != PASS:
            self.flipping = flips
            self.flip_until = self.app.clock() + _FLIP_MS
            self.last = cell
            self.app.sound("move")
        self.new_turn()
        self.app.defer(self.save)     # once the move's first frame is on the LEDs
        self.app.changed()

    def save(self):
        save(self.app, self.session)

    def _refuse(self, reason):
        self.bad_cell = self.cursor
        self.bad_until = self.app.clock() + _BAD_MS
        self.app.say(reason)
        self.app.sound("refused")

    def timer_left(self):
        return self.session.game.remaining_ms()

    # --- input -----------------------------------------------------------------
    def press(self, button):
        if button == buttons.B and self.back is not None:
            self.app.say("", 0)          # the branch's last word ("CPU: d6") stays in it
            drop_modules(("ui.whatif",))
            self.app.show(self.back)     # the branch is dropped, the replay built again
            return
        pos = self.session.pos
        if self.preview:
            self.app.changed()
        self.rested()
        if self.finished or self.over():   # game over shows once the discs have flipped
            return
        if self.hinter is not None:
            if button == buttons.B:
                self._show_hint()
            else:
                self.app.say("hint: thinking, B now")
            return
        if self.session.is_computer(pos.turn) and not self.over():
            if button == buttons.B and self.thinker is not None:
                cell = self.thinker.best()
                self._move(cell)
                self.app.say("CPU: " + cell_name(cell))
            else:
                self.app.say("computer thinking")
                self._turn_message = True
            return
        if button == buttons.B:
            from mapello.ui.game_menu import open_menu
            open_menu(self)
            return
        if not self.legal_mask() and pos.must_pass():
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

    def _show_hint(self):
        self.cursor = self.hinter.best()
        self.hinter = None
        self.rested()
        self.session.game.resume_timer()
        self.app.say("try " + cell_name(self.cursor))
        self._turn_message = True

    def game_over(self, resigned=None):
        self.finished = True
        self.app.sound("game over")
        if self.back is not None:      # a branch ends here, counted in no series nor record
            self.app.changed()
            return
        self.session.finish_game(resigned)
        self.app.last_record = self.session.last
        self.app.go("game over", self.session, resigned)
        # saved once the game-over screen is up and the computer's modules
        # are gone: the save makes the next game's Game, where the heap is
        # tightest with them.  The job holds the session, not this screen,
        # whose computer (its Thinker and the search's memory) then goes too.
        app, session = self.app, self.session
        app.defer(lambda: save(app, session))

    # --- time ----------------------------------------------------------------
    def tick(self, now):
        pos = self.session.pos
        if self.turn_from is None and self.session.is_computer(pos.turn):
            self.turn_from = now      # its time runs from here, while its code loads too
        if self.computer_due:
            self.computer_due = not modules.load_step("ai")
        if self.flipping and now - self.flip_until >= 0:
            self.flipping = 0
            self.app.changed()
        if self.bad_cell >= 0 and now - self.bad_until >= 0:
            self.bad_cell = -1
            self.app.changed()
        if now - self.blink_at >= BLINK_MS:
            self.blink_at = now
            self.blink_on = not self.blink_on
            self.app.blink(self.lit if self.blink_on else None)
        if self.rest_at is not None and now - self.rest_at >= _PREVIEW_MS:
            self.rest_at = None
            if self.hints_mask() >> self.cursor & 1 and self.hinter is None:
                self.preview = pos.flips(self.cursor)
                self.app.changed()
        if self.finished:
            return
        if self.over():
            if not self.flipping:
                self.game_over()
            return
        if self.session.is_computer(pos.turn):
            if not self.computer_due:     # the computer's code is all loaded
                self._think()
            return
        if self.hinter is not None:
            if run_slices(self.app.clock, self.hinter):
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
        if not self.legal_mask():
            self._move(PASS)
            self.app.say("CPU: pass")
            return
        if self.thinker is None:
            self.thinker = self.mind = search(self.app, pos, self.session.level,
                                              len(self.session.game.moves), self.mind, self.turn_from)
            self.app.changed()
            return
        if run_slices(self.app.clock, self.thinker):
            cell = self.thinker.best()
            self._move(cell)
            self.app.say("CPU: " + cell_name(cell))

    # --- output ----------------------------------------------------------------
    def hints_mask(self):
        if not self.app.settings["hints"] or self.session.is_computer(self.session.pos.turn):
            return 0
        return self.legal_mask()

    def draw_still(self, frame):
        """The board without cursor or animation (under a menu)."""
        draw_board(frame, self.session.pos, 0, self.last)

    def draw(self, frame):
        pos = self.session.pos
        draw_board(frame, pos, self.hints_mask(), self.last, self.flipping)
        flips = self.preview
        cell = 0
        while flips:
            if flips & 1:
                palette.put(frame, cell, palette.PREVIEW)
            flips >>= 1
            cell += 1
        self.app.cursor = -1
        if self.bad_cell >= 0:
            palette.put(frame, self.bad_cell, palette.BAD_CELL)
        elif not (self.finished or self.over() or self.session.is_computer(pos.turn)):
            lit = palette.cursor_colour(palette.get(frame, self.cursor), pos.turn)
            self.lit = lit
            self.app.put_cursor(frame, self.cursor, lit if self.blink_on else None)

    def text(self):
        pos = self.session.pos
        turn = pos.turn
        who = ("%s %s" % (self.session.player_name(self.session.player_of(turn)),
                          COLOUR_WORD[turn])).lstrip()     # a branch's two players: the colour alone
        if self.over():
            status = "game over"
        elif self.session.is_computer(turn):
            status = who + " thinking"
        elif not self.legal_mask() and pos.must_pass():
            status = who + ": pass, A"
        else:
            status = who + " to move"
        left = self.timer_left()
        if self.back is not None:
            info = cell_name(self.cursor) + "  what if"
        elif left is None:
            info = "%s  game %d/%d" % (cell_name(self.cursor), self.session.series.played + 1,
                                       self.session.games)
        else:
            info = "%s %ds  %d/%d" % (cell_name(self.cursor), (left + 999) // 1000,
                                       self.session.series.played + 1, self.session.games)
        keys = "A play  B menu"
        if self.back is not None:
            keys = "B back to the replay"
        elif self.hinter is not None:
            keys = "B: hint now"
        elif self.busy:
            keys = "B: move now"
        return [score_line(pos), status, info, keys]


def save(app, session):
    """Save the session; a problem with it is said on the display."""
    problem = session.save()
    if problem:
        app.say(problem)
