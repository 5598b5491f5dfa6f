"""The loop between an App and its hardware, with a tiny stand-in App: redraws
only on change, repeats held directions, scrolls messages when there is no
display, and a press stops the scroll but still reaches the App."""
from mapello import buttons
from mapello.hardware.console import Console, TickClock
from mapello.hardware.repeat import Repeater
from mapello.hardware.ticker import Ticker, COLUMN_MS, glyph


class FakeApp:
    def __init__(self):
        self.frame = bytearray(300)
        self.lines = ["Hello", "", "", ""]
        self.version = 1
        self.brightness = 50
        self.log = []
        self.ticks = 0
        self.message = ""
        self.screen = "menu"

    def press(self, b):
        self.log.append(("press", b))

    def release(self, b):
        self.log.append(("release", b))

    def tick(self):
        self.ticks += 1


class Recorder:
    """Stands in for Matrix and TextScreen: records what they were given."""

    def __init__(self):
        self.frames = []
        self.lines = []

    def show(self, frame, brightness):
        if self.frames and self.frames[-1] == (bytes(frame), brightness):
            return False
        self.frames.append((bytes(frame), brightness))
        return True

    def show_lines(self, lines):
        self.lines.append(list(lines))


class Script:
    """An input source that emits planned events at planned times."""

    def __init__(self, plan):
        self.plan = list(plan)          # (time, "press"/"release", button)

    def poll(self, sink, now):
        while self.plan and self.plan[0][0] <= now:
            _, kind, b = self.plan.pop(0)
            getattr(sink, kind)(b)


class Clock:
    def __init__(self):
        self.t = 0

    def __call__(self):
        return self.t


def test_redraws_only_when_the_app_changed():
    app, matrix, screen, clock = FakeApp(), Recorder(), Recorder(), Clock()
    con = Console(app, matrix, [], screen, clock)
    for _ in range(5):
        clock.t += 10
        con.step()
    assert len(screen.lines) == 1 and len(matrix.frames) == 1 and app.ticks == 5
    app.frame[0] = 9
    app.version += 1
    con.step()
    assert len(screen.lines) == 2 and matrix.frames[-1][0][0] == 9


def test_held_direction_reaches_the_app_repeatedly():
    app, clock = FakeApp(), Clock()
    inputs = [Script([(0, "press", buttons.DOWN), (1000, "release", buttons.DOWN)])]
    con = Console(app, Recorder(), inputs, Recorder(), clock, repeater=Repeater(300, 100))
    while clock.t <= 1200:
        con.step()
        clock.t += 10
    presses = [e for e in app.log if e == ("press", buttons.DOWN)]
    assert len(presses) == 1 + 7             # the press, then repeats at 300, 400, ... 900
    assert app.log[-1] == ("release", buttons.DOWN)


def lit_columns(frame):
    return {c for r in range(10) for c in range(10) if frame[(r * 10 + c) * 3]}


def test_without_a_display_line_one_scrolls_on_the_matrix():
    app, matrix, clock = FakeApp(), Recorder(), Clock()
    app.lines[0] = "HI"
    con = Console(app, matrix, [], None, clock, ticker=Ticker())
    con.step()
    clock.t = 10 * COLUMN_MS                 # 10 columns in: "H" fills columns 0..2
    con.step()
    frame = matrix.frames[-1][0]
    assert lit_columns(frame) == {0, 1, 2, 4, 5, 6}
    rows_of_h = [sum(1 << (2 - c) for c in range(3) if frame[((2 + r) * 10 + c) * 3]) for r in range(5)]
    assert rows_of_h == [glyph("H") >> (12 - 3 * r) & 7 for r in range(5)]
    clock.t = 100 * COLUMN_MS                # long after: back to the App's frame
    con.step()
    assert matrix.frames[-1][0] == bytes(app.frame)


def scrolled(con, clock, matrix, at):
    """Whether the matrix shows the ticker (not the App's frame) at time `at`."""
    clock.t = at
    con.step()
    return matrix.frames[-1][0] != bytes(con.app.frame)


def test_without_a_display_messages_and_new_screens_scroll_but_scores_do_not():
    app, matrix, clock = FakeApp(), Recorder(), Clock()
    con = Console(app, matrix, [], None, clock, ticker=Ticker())
    con.step()                                # the first screen's title scrolls
    assert scrolled(con, clock, matrix, 10 * COLUMN_MS)
    assert not scrolled(con, clock, matrix, 200 * COLUMN_MS)
    app.lines[0] = "B9(+3)  W3(+0)"          # the score changes on the same screen
    app.version += 1
    assert not scrolled(con, clock, matrix, 210 * COLUMN_MS)
    app.message = "no flip"                   # a message scrolls
    app.version += 1
    con.step()
    assert scrolled(con, clock, matrix, 220 * COLUMN_MS)
    assert not scrolled(con, clock, matrix, 400 * COLUMN_MS)
    app.version += 1                          # the same message again: no repeat
    assert not scrolled(con, clock, matrix, 410 * COLUMN_MS)
    app.screen = "game over"                  # a new screen: its first line scrolls
    app.lines[0] = "Black (P1) wins"
    app.version += 1
    con.step()
    assert scrolled(con, clock, matrix, 420 * COLUMN_MS)


def test_a_press_stops_the_scroll_and_reaches_the_app():
    app, matrix, clock = FakeApp(), Recorder(), Clock()
    app.frame[3 * 55] = 200
    con = Console(app, matrix, [Script([(500, "press", buttons.A)])], None, clock, ticker=Ticker())
    con.step()
    clock.t = 500
    con.step()
    assert app.log == [("press", buttons.A)]
    assert matrix.frames[-1][0] == bytes(app.frame)


def test_tick_clock_counts_through_the_wrap():
    now = [2 ** 29 - 5]
    period = 2 ** 29
    clock = TickClock(lambda: now[0], lambda a, b: ((a - b + period // 2) % period) - period // 2)
    now[0] = 3                                 # wrapped past 2**29
    assert clock() == 8
    now[0] = 1003
    assert clock() == 1008
