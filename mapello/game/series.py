"""A series of games between two players (player 0 and player 1).

One board played repeatedly with colours swapping every game, or free play
where the players take turns setting up a board and the other one chooses a
colour.  The winner has more games won; a tie in games is broken by the total
point difference (own score minus opponent's, summed over the games); a drawn
game counts for nobody.  A series of known length ("best of N") ends once it
is decided; an open-ended one (length 0) runs until the players stop.

Games are kept as two bytes each, so a long series stays small in a save.
to_bytes() writes them; mapello/game/save/resume.py reads them back, only
when a save is resumed: a game in progress never holds that code.
"""

from micropython import const

from mapello.rules.geometry import BLACK, WHITE

MAX_KEPT_GAMES = const(100)  # older games live on only in the totals
FORMAT = const(1)   # the first byte to_bytes() writes; mapello/game/save/resume.py checks it


def after_resignation(points, resigned):
    """A pair of points (black, white) as a resignation leaves them: the
    resigner's go to the other side (resigned: the colour, or None)."""
    points = list(points)
    if resigned is not None:
        points[1 - resigned] += points[resigned]
        points[resigned] = 0
    return points


class GameResult:
    """One finished game as the series sees it: who had black, both scores."""

    def __init__(self, number, black_player, black_score, white_score):
        self.number = number  # 1-based over the whole series
        self.black_player = black_player
        self.black_score = black_score
        self.white_score = white_score

    def score_of(self, player):
        return self.black_score if player == self.black_player else self.white_score

    def winner(self):
        """The player who won, or None for a draw."""
        if self.black_score == self.white_score:
            return None
        return self.black_player if self.black_score > self.white_score else 1 - self.black_player


class Series:
    """Standing of a series: wins[p], draws, diff[p] (total point difference).

    length: 0 for open-ended, N for best of N.  free_play: the players take
    turns setting up the board (setup_player), the other one chooses a colour.
    first_black: who plays black in the first game (when not chosen).
    """

    def __init__(self, length=0, free_play=False, first_black=0):
        self.length = length
        self.free_play = bool(free_play)
        self.wins = [0, 0]
        self.draws = 0
        self.diff = [0, 0]
        self.played = 0
        self.setup_player = 0
        self.boards = 1  # boards started, counting the current one
        self._next_black = None if self.free_play else first_black
        self._games = bytearray()  # 2 bytes a game: black_player<<7 | black score, white score

    # --- who plays what ----------------------------------------------------
    def next_black(self):
        """The player who plays black in the next game; None in free play until
        the chooser has chosen (see needs_colour_choice)."""
        return self._next_black

    def colour_of(self, player):
        """BLACK or WHITE for `player` in the next game (None if not chosen yet)."""
        if self._next_black is None:
            return None
        return BLACK if player == self._next_black else WHITE

    def chooser(self):
        """Free play: the player who did not set up, and so chooses a colour."""
        return 1 - self.setup_player

    def choose_colour(self, colour):
        """Free play: the chooser takes `colour` (BLACK or WHITE) for the next game."""
        if colour not in (BLACK, WHITE):
            raise ValueError("colour must be BLACK or WHITE")
        c = self.chooser()
        self._next_black = c if colour == BLACK else 1 - c

    def new_board(self):
        """Free play: the current board is done; the other player sets up next,
        and the colours are chosen afresh after that setup."""
        self.setup_player = 1 - self.setup_player
        self.boards += 1
        self._next_black = None

    # --- results -----------------------------------------------------------
    def add_result(self, black_score, white_score):
        """Add a finished game played with next_black() on black; returns its
        GameResult.  The colours swap for the next game."""
        black = self._next_black
        if black is None:
            raise ValueError("choose a colour before the game")
        if not (0 <= black_score <= 127 and 0 <= white_score <= 255):
            raise ValueError("scores out of range")
        self.played += 1
        g = GameResult(self.played, black, black_score, white_score)
        self._add(g)
        if len(self._games) >= 2 * MAX_KEPT_GAMES:
            self._games = self._games[2:]
        self._games.append((black << 7) | black_score)
        self._games.append(white_score)
        self._next_black = 1 - black
        return g

    def _add(self, g):
        w = g.winner()
        if w is None:
            self.draws += 1
        else:
            self.wins[w] += 1
        d = g.black_score - g.white_score
        self.diff[g.black_player] += d
        self.diff[1 - g.black_player] -= d

    def games(self):
        """The kept games (the last MAX_KEPT_GAMES), oldest first."""
        out = []
        g = self._games
        n = len(g) // 2
        first = self.played - n + 1
        for i in range(n):
            out.append(GameResult(first + i, g[2 * i] >> 7, g[2 * i] & 127, g[2 * i + 1]))
        return out

    def leader(self):
        """The player ahead on games, then on point difference; None if level."""
        if self.wins[0] != self.wins[1]:
            return 0 if self.wins[0] > self.wins[1] else 1
        if self.diff[0] != self.diff[1]:
            return 0 if self.diff[0] > self.diff[1] else 1
        return None

    def is_over(self):
        """Best of N: all played, or one player ahead by more games than are left.
        An open-ended series is never over by itself."""
        if not self.length:
            return False
        left = self.length - self.played
        if left <= 0:
            return True
        return abs(self.wins[0] - self.wins[1]) > left

    def winner(self):
        """The series winner once over (open-ended: the current leader); None
        while undecided or when level on games and points."""
        if self.length and not self.is_over():
            return None
        return self.leader()

    # --- bytes for the save ------------------------------------------------
    def to_bytes(self):
        nb = 255 if self._next_black is None else self._next_black
        head = bytearray(20)
        vals = (FORMAT, self.length & 255, (self.free_play << 1) | self.setup_player, nb)
        for i in range(4):
            head[i] = vals[i]
        _put(head, 4, self.played, 2)
        _put(head, 6, self.boards, 2)
        _put(head, 8, self.wins[0], 2)
        _put(head, 10, self.wins[1], 2)
        _put(head, 12, self.draws, 2)
        _put(head, 14, self.diff[0] & 0xFFFF, 2)
        _put(head, 16, self.diff[1] & 0xFFFF, 2)
        _put(head, 18, len(self._games) // 2, 2)
        return bytes(head) + bytes(self._games)


def _put(buf, at, value, size):
    for i in range(size):
        buf[at + i] = (value >> (8 * (size - 1 - i))) & 255
