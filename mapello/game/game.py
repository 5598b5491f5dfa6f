"""One game in progress.

Game holds the live position with its start and the moves, so it can undo
(pass-and-play: one move at a time back to the start; against the computer:
back to the human's last move), run the optional move timer from an injected
clock, and hand out its GameRecord for saving.  No hardware, no real time: the app passes
`clock` (a callable returning milliseconds) and calls tick().
"""

from array import array

from mapello.rules.position import COLOUR_NAMES, PASS, cell_name
from mapello.rng import Rng
from mapello.game.record import GameRecord


class Game:
    """A game being played.

    start: the starting Position (kept, not copied: never changed);
    moves: moves already played (a resumed game).  computer: the colour the
    computer plays, or None for pass-and-play.  timer_ms: 0 for no move
    timer, else the time per move.  clock: callable returning monotonic
    milliseconds (needed for the timer).  name/limits describe the board
    for the record.  `moves`, the moves played, is an array('b') of cells
    (PASS for a pass).
    """

    def __init__(self, start, moves=(), computer=None, timer_ms=0, clock=None, seed=0,
                 name="", limits=None):
        # the start is shared, not copied (nothing changes a start position:
        # the session's games, their records and undo copy it to play on);
        # a copy would be one more position held all game
        self.start = start
        self.pos = start.copy(False)   # undo replays from the start: no history kept
        # one byte a move (a cell, or PASS), with room for a whole game made
        # now: an array emptied keeps its room, and its appends then need
        # no new piece of heap where a game has cut it up
        self.moves = array("b", bytes(64))
        self.moves[:] = array("b")
        self.computer = computer
        self.timer_ms = timer_ms
        self.clock = clock
        self.name = name
        self.limits = limits
        self.notice = ""  # the latest one-line event, e.g. "time: black plays c4"
        self._rng = Rng(seed)
        self._deadline = None
        self._paused_left = None
        for cell in moves:
            reason = self.play(cell)
            if reason is not None:
                raise ValueError("move %d %s: %s" % (len(self.moves) + 1, cell_name(cell), reason))
        self.restart_timer()

    def to_record(self):
        """The GameRecord of the game so far (for saving and replay)."""
        return GameRecord(self.start, self.moves, self.name, self.limits)

    # --- state ---------------------------------------------------------------
    def humans_turn(self):
        return not self.pos.is_over() and self.pos.turn != self.computer

    def last_move(self):
        return self.moves[-1] if self.moves else None

    # --- moves ---------------------------------------------------------------
    def play(self, cell):
        """Play `cell` (or PASS) for the side to move: None when played, else a
        one-line reason and nothing changes."""
        if self.pos.is_over():
            return "the game is over"
        reason = self.pos.why_illegal(cell)
        if reason is not None:
            return "%s: %s" % (cell_name(cell) if cell == PASS or 0 <= cell < 100 else "?", reason)
        self.pos.push(cell)
        self.moves.append(cell)
        self.restart_timer()
        return None

    def _undo_count(self):
        """Plies undo() would take back (0 when there is nothing to undo)."""
        n = len(self.moves)
        if self.computer is None:
            i = n
            while i and self.moves[i - 1] == PASS:  # a forced pass goes with the move before it
                i -= 1
            return n - i + 1 if i else 0
        # against the computer: back to the position before the human's last move
        human = 1 - self.computer
        turn = self.pos.turn
        i = n
        while i:
            i -= 1
            turn = 1 - turn  # the side that played moves[i]
            if turn == human and self.moves[i] != PASS:
                return n - i
        return 0

    def undo(self):
        """Take back the last move (with any passes after it); against the
        computer, back to just before the human's last move.  Returns the
        number of plies taken back (0 if none)."""
        n = self._undo_count()
        if n:
            self.moves[len(self.moves) - n:] = array("b")   # an array has no del of a slice
            pos = self.start.copy(False)
            for cell in self.moves:
                pos.push(cell)
            self.pos = pos
            self.notice = "undo"
            self.restart_timer()
        return n

    # --- move timer ----------------------------------------------------------
    def restart_timer(self):
        """A full move time for the side to move (after a move, undo or resume)."""
        self._paused_left = None
        if self.timer_ms and self.clock is not None:
            self._deadline = self.clock() + self.timer_ms
        else:
            self._deadline = None

    def pause_timer(self):
        """Stop the clock (a menu is open); resume_timer() continues it."""
        if self._deadline is not None and self._paused_left is None:
            self._paused_left = max(0, self._deadline - self.clock())

    def resume_timer(self):
        if self._paused_left is not None:
            self._deadline = self.clock() + self._paused_left
            self._paused_left = None

    def remaining_ms(self):
        """Milliseconds left for this move; None when there is no timer."""
        if self._deadline is None or not self.humans_turn():
            return None
        if self._paused_left is not None:
            return self._paused_left
        return max(0, self._deadline - self.clock())

    def tick(self):
        """Call often: when the move time has run out, play a random legal move
        (or the forced pass) for the player and say so in `notice`.  Returns
        the cell played that way, or None."""
        if self._deadline is None or self._paused_left is not None or not self.humans_turn():
            return None
        if self.clock() - self._deadline < 0:
            return None
        moves = self.pos.legal_moves()
        cell = moves[self._rng.below(len(moves))] if moves else PASS
        side = COLOUR_NAMES[self.pos.turn]
        self.play(cell)
        self.notice = ("time: %s passes" % side if cell == PASS
                       else "time: %s plays %s" % (side, cell_name(cell)))
        return cell

