"""A small menu of actions over a screen that stays drawn beneath it: what B
opens in setup and during a game, so a stray press never changes anything."""

from mapello import buttons


class Screen:
    """`items` is a list of (label, callback); B calls `back`; `under` is the
    screen drawn beneath (it has draw_still(frame))."""

    def __init__(self, app, title, items, under, back):
        self.app = app
        self.title = title
        self.items = items
        self.under = under
        self.back = back
        self.row = 0

    def press(self, button):
        n = len(self.items)
        if button == buttons.UP:
            self.row = (self.row - 1) % n
        elif button == buttons.DOWN:
            self.row = (self.row + 1) % n
        elif button == buttons.A:
            self.items[self.row][1]()
            return
        elif button == buttons.B:
            self.back()
            return
        self.app.changed()

    def draw(self, frame):
        self.under.draw_still(frame)

    def text(self):
        n = len(self.items)
        return [self.title,
                ">" + self.items[self.row][0],
                " " + self.items[(self.row + 1) % n][0] if n > 1 else "",
                "A ok  B back"]
