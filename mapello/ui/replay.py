"""The last game again, move by move: Left/Right step, Up jumps to the end,
Down to the start; A or B goes back to the screen it came from."""

from mapello import buttons
from mapello.ui.board_view import COLOUR_WORD, draw_board, score_line
from mapello.rules.position import PASS, cell_name


class Replay:
    """Step through a recorded game: pos is the position after `index` moves.

    The position keeps no history, and a step back plays the game again
    from its start: an undo record per move would be a long integer kept
    for as long as the replay is shown, each one made among the garbage of
    the moves around it, so that they cut the free heap into pieces."""

    def __init__(self, record):
        self.record = record
        self.pos = record.start.copy(history=False)
        self.index = 0
        self.length = len(record.moves)
        record.replay()  # a bad record fails here, not half-way through

    def forward(self):
        """Play the next move; returns it, or None at the end."""
        if self.index >= self.length:
            return None
        cell = self.record.moves[self.index]
        self.pos.push(cell)
        self.index += 1
        return cell

    def back(self):
        """Take back one move; returns it, or None at the start."""
        if self.index == 0:
            return None
        cell = self.record.moves[self.index - 1]
        self.seek(self.index - 1)
        return cell

    def seek(self, index):
        index = max(0, min(self.length, index))
        if index < self.index:
            self.record.start.copy(history=False, into=self.pos)
            self.index = 0
        while self.index < index:
            self.forward()

    def to_start(self):
        self.seek(0)

    def to_end(self):
        self.seek(self.length)

    def last_move(self):
        return self.record.moves[self.index - 1] if self.index else None


class Screen:
    def __init__(self, app, record, back):
        self.app = app
        self.back = back
        self.replay = Replay(record)

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
