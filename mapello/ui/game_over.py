"""After a game: who won, the score as the series counts it and the series
standing.  A goes on to what comes next (mapello.game.session decides), B
opens the replay.  After the series' last game, line 4 takes turns showing
the series' result and the keys."""

from mapello import buttons
from mapello.ui.board_view import COLOUR_WORD, draw_board
from mapello.rules.position import BLACK, BONUS_POINTS
from mapello.game.series import after_resignation

from micropython import const

PAGE_MS = const(1500)


class Screen:
    def __init__(self, app, session, resigned=None):
        self.app = app
        self.session = session
        self.resigned = resigned
        self.page = 0
        self.page_at = app.clock()

    def press(self, button):
        if button == buttons.A:
            step = self.session.next_game()
            if step == "menu":
                self.app.go("menu")
            else:
                self.app.go(step, self.session)
        elif button == buttons.B:
            self.app.go("replay", self.session.last, self)

    def tick(self, now):
        if self.session.over() and now - self.page_at >= PAGE_MS:
            self.page_at = now
            self.page ^= 1
            self.app.changed()

    def draw(self, frame):
        draw_board(frame, self.session.pos)

    def text(self):
        s = self.session
        sr = s.series
        game = sr.games()[-1]           # this game as the series counts it, colours as they were
        b, w = game.black_score, game.white_score

        def who(colour):
            return "%s (%s)" % (COLOUR_WORD[colour], s.player_name(
                game.black_player if colour == BLACK else 1 - game.black_player))
        if self.resigned is not None:
            head = who(self.resigned) + " resigned"
        else:
            head = "Draw" if b == w else who(BLACK if b > w else 1 - BLACK) + " wins"
        bonus = after_resignation((BONUS_POINTS * s.pos.taken[0], BONUS_POINTS * s.pos.taken[1]),
                                  self.resigned)
        score = "B%d(+%d)  W%d(+%d)" % (b, bonus[0], w, bonus[1])
        standing = "%s %d-%d %s =%d %s%d" % (s.player_name(0), sr.wins[0], sr.wins[1],
                                            s.player_name(1), sr.draws,
                                            "+" if sr.diff[0] >= 0 else "", sr.diff[0])
        keys = "A game %d/%d B replay" % (sr.played + 1, s.games)
        if s.over():
            keys = "A menu  B replay"
            if not self.page:
                lead = sr.winner()
                keys = "Series drawn" if lead is None else "%s win%s series" % (
                    s.player_name(lead), "" if s.player_name(lead) == "You" else "s")
        return [head, score, standing, keys]
