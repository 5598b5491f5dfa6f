"""After a game: who won, the scores and the series standing.  A goes on to
what comes next (mapello.game.session decides), B opens the replay."""

from mapello import buttons
from mapello.ui.board_view import COLOUR_WORD, draw_board, score_line
from mapello.rules.position import BLACK


class Screen:
    def __init__(self, app, session, resigned=None):
        self.app = app
        self.session = session
        self.resigned = resigned

    def press(self, button):
        if button == buttons.A:
            step = self.session.next_game()
            if step == "menu":
                self.app.go("menu")
            else:
                self.app.go(step, self.session)
        elif button == buttons.B:
            self.app.go("replay", self.session.last, self)

    def draw(self, frame):
        draw_board(frame, self.session.pos)

    def text(self):
        s = self.session
        pos = s.pos
        if self.resigned is not None:
            head = "%s resigned" % COLOUR_WORD[self.resigned]
        else:
            w = pos.winner()
            game = s.series.games()[-1]      # the colours as they were in this game
            player = game.black_player if w == BLACK else 1 - game.black_player
            head = "Draw" if w is None else "%s (%s) wins" % (COLOUR_WORD[w],
                                                              s.player_name(player))
        sr = s.series
        standing = "%s %d-%d %s =%d %s%d" % (s.player_name(0), sr.wins[0], sr.wins[1],
                                            s.player_name(1), sr.draws,
                                            "+" if sr.diff[0] >= 0 else "", sr.diff[0])
        if s.over():
            lead = sr.winner()
            end = "Series drawn" if lead is None else "%s wins series" % s.player_name(lead)
            return [head, standing, end, "A menu  B replay"]
        return [head, score_line(pos), standing,
                "A game %d/%d B replay" % (sr.played + 1, s.games)]
