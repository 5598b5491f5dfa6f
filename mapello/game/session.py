"""The games being played, and what happens between them.

A Session is a series on one board (or free play, a new board for every game):
the mode, the board, the series standing (mapello.game.series), the game in
progress (mapello.game.game) and the record of the last game.  It decides the
flow; the UI only shows it.  Every step that leads to another screen returns
that screen's name:

  start(host, board)        -> "play" or "setup"
  session.board_ready(pos)  -> "play" or "colour"   (a setup is finished)
  session.colour_chosen(c)  -> "play"                (free play)
  session.next_game()       -> "play", "setup" or "menu"   (after a game)

`host` is whatever holds the settings dict, the storage (or None), the clock
(a callable returning milliseconds), the seed and write_board (or None): the
App.  Player 0 is P1, or
you against the computer.
"""

from mapello import drop_modules, not_loaded
from mapello.game.game import Game
from mapello.game.record import GameRecord
from mapello.game.series import Series, after_resignation
from mapello.game.save import payload as saves
from mapello.rules.position import Position
from mapello.game.options import (COMPUTER, DRAWN, FREE, TALLY_GAMES, TALLY_MAX, TALLY_ROW,
                                  TALLY_SERIES, limits_of, setting)


def start(host, board):
    """A new session from the menu's settings: (session, next screen).
    `board` is (name, Position, Limits or None), or None for a setup by hand."""
    s = host.settings
    mode = s["mode"]
    limits = limits_of(s)
    level = setting(s, "level") if mode == COMPUTER else None
    if mode == FREE:     # every game on a board one of the players sets up
        template = board[1] if board is not None else Position()
        return Session(host, mode, template, "Free play", limits, s["games"]), "setup"
    if board is None:
        return Session(host, mode, Position(), "Own board", limits, s["games"], level), "setup"
    session = Session(host, mode, board[1], board[0], board[2], s["games"], level)
    session.new_game()
    return session, "play"


class Session:
    def __init__(self, host, mode, start, name, limits, games, level=None, series=None):
        self.host = host
        self.mode = mode
        self.start = start
        self.name = name
        self.limits = limits
        self.games = games
        self.level = level          # computer level index, None when two people play
        self.series = series if series is not None else Series(games, mode == FREE)
        self.game = None            # the game in progress (or just finished)
        self.done = False           # `game` is finished (or resigned)
        self.last = None            # record.GameRecord of the last game, for the replay
        self.problem = None         # why the last save failed, or None
        self.start_bytes = None     # (start, the bytes a save holds it in): board_bytes()
        # every save's payload is made in this one (payload.pack), with room
        # for a whole game: the settings, the series and the board, then a
        # byte a move (a longer one, a kept board in the settings, grows at
        # the first save)
        self._payload = bytearray(320)

    # --- who is who ----------------------------------------------------------
    @property
    def pos(self):
        return self.game.pos

    @property
    def p1_colour(self):
        c = self.series.colour_of(0)
        return 0 if c is None else c

    def player_name(self, player):
        if self.level is not None:
            return "You" if player == 0 else "CPU"
        return "P%d" % (player + 1)

    def player_of(self, colour):
        return 0 if colour == self.p1_colour else 1

    def is_computer(self, colour):
        return self.level is not None and self.player_of(colour) == 1

    def over(self):
        return self.series.is_over()

    # --- the flow --------------------------------------------------------------
    def _next_game(self, moves=()):
        host = self.host
        computer = None if self.level is None else 1 - self.p1_colour
        return Game(self.start, moves, computer, host.settings["timer"] * 1000,
                    host.clock, host.seed, self.name, self.limits)

    def new_game(self):
        self.game = self._next_game()
        self.done = False
        return self.save()

    def board_ready(self, pos):
        """A setup is finished on `pos`: free play lets the other player pick a
        colour first, anything else starts the game."""
        self.start = pos
        if self.mode == FREE:
            return "colour"
        self.new_game()
        return "play"

    def colour_chosen(self, colour):
        """Free play: the player who did not set up takes `colour`."""
        self.series.choose_colour(colour)
        self.new_game()
        return "play"

    def finish_game(self, resigned=None):
        """Score the game into the series.  A resignation gives the resigner's
        points, discs and bonuses, to the other side: the margin is what is
        on the board, not the cells still empty (README, "Screens").  The
        players' record counts it (_count()), saved with it.
        The caller saves next (save()): the play screen does once the
        game-over screen has replaced it and the computer's modules are
        gone."""
        pos = self.game.pos
        score = after_resignation(pos.score(), resigned)
        result = self.series.add_result(min(score[0], 127), min(score[1], 255))
        self._count(TALLY_GAMES, result.winner())
        if self.series.is_over():
            self._count(TALLY_SERIES, self.series.winner())
        self.ended(resigned)

    def _count(self, part, winner):
        """Count a game or a series (`part`, TALLY_GAMES or TALLY_SERIES) won
        by `winner` (0: P1 or you, 1: the other, None: drawn) into the
        players' record (mapello.game.options).  The list is replaced, not
        changed in place: the save packs the settings again only when they
        compare different (mapello.game.save.payload)."""
        settings = self.host.settings
        t = list(settings["tally"])      # the App's: options.default_settings(), or a save's, checked
        row = 0 if self.level is None else 1 + self.level
        i = row * TALLY_ROW + part + (DRAWN if winner is None else 2 * winner)
        if t[i] < TALLY_MAX:
            t[i] += 1
        settings["tally"] = t

    def ended(self, resigned=None):
        """The game is over (`resigned`: by that colour), its result in the
        series: what a save made at its end resumes to."""
        self.last = self.game.to_record()
        self.last.resigned = resigned
        self.done = True

    def next_game(self):
        """After a game: "menu" once the series is over; in free play "setup"
        (the other player sets up the next board); else the next game starts.
        Each is saved, so that the game-over screen is what the save held
        only until the players left it."""
        if self.over() or self.mode == FREE:
            self.game = None
            self.save()
            if self.over():
                return "menu"
            self.series.new_board()
            return "setup"
        self.new_game()
        return "play"

    def save(self):
        """Store settings, series and game so far (after every move).  After a
        game (also a resigned one) that is the game as it ended, marked so,
        and the series with its result: switched on again, the handheld
        shows its game-over screen.  Returns a problem line, or None."""
        storage = self.host.storage
        if storage is None:
            return None
        game = self.game
        if not self.done and game is not None and game.pos.is_over():
            # the result is saved in a moment (finish_game()): until then the save
            # of the move before stays, so a power cut here replays one move
            # rather than losing the game
            return None
        board = self.board_bytes() if game is not None else None
        if storage.save(saves.pack(game, self.series, self.host.settings, board, self._payload,
                                   self.done, self.last.resigned if self.done else None)):
            self.problem = None
        else:
            self.problem = storage.problem or "save failed"
        return self.problem

    def board_bytes(self):
        """The board of the session's games as a save holds it (a record's
        encoding, without moves), encoded once per board: a game saves after
        every move, and the encoder (mapello.game.record.binary_write) is loaded
        only to encode it, so that a game in progress does not hold it (a
        resumed session has the bytes its save held: start_bytes)."""
        if self.start_bytes is None or self.start_bytes[0] is not self.start:
            fresh = not_loaded(("game.record.binary_write",))
            from mapello.game.record.binary_write import encode
            board = encode(GameRecord(self.start, (), self.name, self.limits))
            drop_modules(fresh)
            self.start_bytes = (self.start, board)
        return self.start_bytes[1]
