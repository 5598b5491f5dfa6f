"""After a game: the result and the series standing, the replay of the last
game, and (in free play) the colour choice before the next one."""

from mapello import buttons
from mapello.ui import palette
from mapello.ui.board_view import draw_board
from mapello.rules.position import BLACK, PASS, WHITE, cell_name
from mapello.ui.play import COLOUR_WORD, PlayScreen, score_line


def next_game(app, session):
    """Start the series' next game, or the next free-play setup."""
    from mapello.ui.menu import FREE
    from mapello.ui.setup import SetupScreen
    if session.mode == FREE:
        session.series.new_board()
        app.show(SetupScreen(app, session, session.series.setup_player))
        return
    session.new_game()
    app.show(PlayScreen(app, session))


class GameOverScreen:
    def __init__(self, app, session, resigned=None):
        self.app = app
        self.s = session
        self.resigned = resigned

    def press(self, button):
        from mapello.ui.menu import MenuScreen
        if button == buttons.A:
            if self.s.over():
                self.app.show(MenuScreen(self.app))
            else:
                next_game(self.app, self.s)
        elif button == buttons.B:
            self.app.show(ReplayScreen(self.app, self.s, self))

    def draw(self, frame):
        draw_board(frame, self.s.pos)

    def text(self):
        s = self.s
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
            lead = s.leader()
            end = "Series drawn" if lead is None else "%s wins series" % s.player_name(lead)
            return [head, standing, end, "A menu  B replay"]
        return [head, score_line(pos), standing,
                "A game %d/%d B replay" % (s.played + 1, s.games)]


class ReplayScreen:
    """Steps through the last game (mapello.game.game.Replay) with Left/Right,
    Up/Down jump to the end/start; A or B goes back."""

    def __init__(self, app, session, back):
        from mapello.game.game import Replay
        self.app = app
        self.back = back
        self.replay = Replay(session.last)

    def press(self, button):
        r = self.replay
        if button == buttons.RIGHT:
            r.forward()
        elif button == buttons.LEFT:
            r.back()
        elif button == buttons.UP:
            r.to_end()
        elif button == buttons.DOWN:
            r.to_start()
        else:
            self.app.show(self.back)
            return
        self.app.changed()

    def draw(self, frame):
        last = self.replay.last_move()
        draw_board(frame, self.replay.pos, 0, -1 if last is None or last == PASS else last)

    def text(self):
        r = self.replay
        last = r.last_move()
        if last is None:
            what = "start"
        else:
            what = "%s %s" % (COLOUR_WORD[1 - r.pos.turn], cell_name(last))
        return ["Replay %d/%d" % (r.index, r.length), what, score_line(r.pos),
                "</> step  B back"]


class ColourScreen:
    """Free play: the player who did not set up picks black or white."""

    def __init__(self, app, session, chooser):
        self.app = app
        self.s = session
        self.chooser = chooser
        self.colour = BLACK

    def press(self, button):
        if button in (buttons.LEFT, buttons.RIGHT, buttons.UP, buttons.DOWN):
            self.colour = 1 - self.colour
            self.app.changed()
        elif button == buttons.A:
            self.s.series.choose_colour(self.colour)
            self.s.new_game()
            self.app.show(PlayScreen(self.app, self.s))
        elif button == buttons.B:
            from mapello.ui.setup import SetupScreen
            self.app.show(SetupScreen(self.app, self.s, 1 - self.chooser))

    def draw(self, frame):
        draw_board(frame, self.s.start)
        for cell in (44, 55) if self.colour == BLACK else (45, 54):
            palette.put(frame, cell, palette.cursor_colour(palette.DISC[self.colour],
                                                           self.colour))

    def text(self):
        name = self.s.player_name(self.chooser)
        return ["%s: pick colour" % name,
                "> %s" % COLOUR_WORD[self.colour],
                "Black moves first",
                "</> change  A ok"]
