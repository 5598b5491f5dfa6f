"""Free play: the player who did not set up the board picks black or white."""

from mapello import buttons
from mapello.ui import palette
from mapello.ui.board_view import COLOUR_WORD, draw_board
from mapello.rules.position import BLACK


class Screen:
    def __init__(self, app, session):
        self.app = app
        self.session = session
        self.chooser = session.series.chooser()
        self.colour = BLACK

    def press(self, button):
        if button in buttons.DIRECTIONS:
            self.colour = 1 - self.colour
            self.app.changed()
        elif button == buttons.A:
            self.app.go(self.session.colour_chosen(self.colour), self.session)
        elif button == buttons.B:
            self.app.go("setup", self.session)

    def draw(self, frame):
        draw_board(frame, self.session.start)
        for cell in (44, 55) if self.colour == BLACK else (45, 54):
            palette.put(frame, cell, palette.cursor_colour(palette.DISC[self.colour],
                                                           self.colour))

    def text(self):
        name = self.session.player_name(self.chooser)
        return ["%s: pick colour" % name,
                "> %s" % COLOUR_WORD[self.colour],
                "Black moves first",
                "</> change  A ok"]
