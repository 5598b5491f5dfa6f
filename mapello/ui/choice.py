"""A small menu of actions over a screen that stays drawn beneath it: what B
opens in setup and during a game, so a stray press never changes anything."""

from mapello import buttons


class Screen:
    """`labels` is a tuple of the items' names (a constant in the caller's
    code: opening the menu builds no list and no callback per item); A
    calls pick(row) with the row chosen, B calls back(); `under` is the
    screen drawn beneath (it has draw_still(frame))."""

    def __init__(self, app, title, labels, under, pick, back):
        self.app = app
        self.title = title
        self.labels = labels
        self.under = under
        self.pick = pick
        self.back = back
        self.row = 0

    def press(self, button):
        n = len(self.labels)
        if button == buttons.UP:
            self.row = (self.row - 1) % n
        elif button == buttons.DOWN:
            self.row = (self.row + 1) % n
        elif button == buttons.A:
            self.pick(self.row)
            return
        elif button == buttons.B:
            self.back()
            return
        self.app.changed()

    def draw(self, frame):
        self.under.draw_still(frame)

    def text(self):
        n = len(self.labels)
        return [self.title,
                ">" + self.labels[self.row],
                " " + self.labels[(self.row + 1) % n] if n > 1 else "",
                "A ok  B back"]
