"""The loop between an App and its hardware, with a tiny stand-in App: redraws
only on change, repeats held directions, scrolls messages when there is no
display, a press during a scroll only stops it, and the loop sleeps out the
rest of a STEP_MS period after a quick step but never after a long one, and
a press queued meanwhile ends the rest."""
import time
import types

from mapello import buttons
from mapello.hardware.console import Console, TickClock, STEP_MS
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


def test_the_matrix_is_written_first_then_what_the_app_deferred_then_the_text():
    """A press answers on the LEDs first: what the App deferred until then (a
    move's save), the watchers (a move's click, with its frame; the record
    log) and the display's text (a label layout and an I2C transfer, several
    times the wire write) come after the frame, in the same step."""
    order = []

    class App(FakeApp):
        def run_deferred(self):
            order.append("deferred")

    class Matrix:
        def show(self, frame, brightness):
            order.append("matrix")

    class Screen:
        def show_lines(self, lines):
            order.append("text")

    class Watcher:
        def watch(self, app, now, fresh):
            if fresh:
                order.append("watch")

    app, clock = App(), Clock()
    con = Console(app, Matrix(), [], Screen(), clock, watchers=[Watcher()])
    con.step()
    app.version += 1
    con.step()
    assert order == ["matrix", "deferred", "watch", "text"] * 2


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


def test_a_press_during_a_scroll_only_stops_it():
    """A during a scroll must not play a move on a board the player could not
    see: the App sees neither that press nor its release, only later ones."""
    app, matrix, clock = FakeApp(), Recorder(), Clock()
    app.frame[3 * 55] = 200
    plan = [(500, "press", buttons.A), (600, "release", buttons.A),
            (700, "press", buttons.A), (800, "release", buttons.A)]
    con = Console(app, matrix, [Script(plan)], None, clock, ticker=Ticker())
    con.step()
    clock.t = 500
    con.step()
    assert app.log == [] and not con.ticker.active
    assert matrix.frames[-1][0] == bytes(app.frame)       # the board, at once
    for t in (600, 700, 800):
        clock.t = t
        con.step()
    assert app.log == [("press", buttons.A), ("release", buttons.A)]


def test_a_held_direction_that_stopped_a_scroll_does_not_repeat():
    app, clock = FakeApp(), Clock()
    con = Console(app, Recorder(), [Script([(100, "press", buttons.DOWN), (2000, "release", buttons.DOWN)])],
                  None, clock, ticker=Ticker(), repeater=Repeater(300, 100))
    while clock.t <= 2100:
        con.step()
        clock.t += 10
    assert app.log == []


class SleepingClock:
    """Milliseconds that move only when the loop works (`cost_ms` a step, in
    the App's tick) or sleeps (counted)."""

    def __init__(self):
        self.t = 0
        self.slept_ms = 0.0
        self.sleeps = 0

    def __call__(self):
        return int(self.t)

    def sleep(self, seconds):
        self.t += seconds * 1000
        self.slept_ms += seconds * 1000
        self.sleeps += 1


class WorkingApp(FakeApp):
    def __init__(self, clock, cost_ms):
        super().__init__()
        self.clock = clock
        self.cost_ms = cost_ms

    def tick(self):
        super().tick()
        self.clock.t += self.cost_ms


def run_for(ms, cost_ms):
    clock = SleepingClock()
    app = WorkingApp(clock, cost_ms)
    con = Console(app, Recorder(), [], Recorder(), clock)
    con.run(until=lambda: clock.t >= ms, sleep=clock.sleep)
    return con, clock


def test_an_idle_loop_sleeps_most_of_the_time():
    for cost_ms in (0, 1, 3):
        con, clock = run_for(10000, cost_ms)
        steps_per_s = con.steps / 10.0
        asleep = clock.slept_ms / clock.t
        print("a step of %d ms: %.0f steps/s, asleep %.0f %% of the time" % (cost_ms, steps_per_s, 100 * asleep))
        assert 1000 // STEP_MS - 1 <= steps_per_s <= 1000 // STEP_MS    # never faster than STEP_MS
        assert abs(asleep - (STEP_MS - cost_ms) / STEP_MS) < 0.01


class QueuedKeys:
    """A source with an event queue (as keypad's): `press_at` puts a press
    in the queue at that time, as keypad's scan does between two steps; the
    step that polls reads it and notes when."""

    def __init__(self, clock, press_at):
        self.clock = clock
        self.press_at = press_at
        self.queue = []
        self.read_at = []

    def poll(self, sink, now):
        while self.queue:
            b = self.queue.pop(0)
            self.read_at.append(now)
            sink.press(b)


def test_a_press_queued_while_the_loop_rests_is_read_within_wake_ms():
    """At every moment of an idle period a queued press ends the rest: its
    step starts within WAKE_MS, not at the end of the STEP_MS period; with
    nothing queued the loop keeps its pace."""
    from mapello.hardware.console import WAKE_MS
    for offset in range(1, STEP_MS):
        clock = SleepingClock()
        app = WorkingApp(clock, 1)
        keys = QueuedKeys(clock, 100 + offset)

        def sleep(seconds):
            clock.sleep(seconds)
            if clock.t >= keys.press_at and not keys.read_at and not keys.queue:
                keys.queue.append(buttons.A)
        con = Console(app, Recorder(), [keys], Recorder(), clock)
        con.run(until=lambda: clock.t >= 200, sleep=sleep)
        assert app.log[0] == ("press", buttons.A)
        assert 0 <= keys.read_at[0] - keys.press_at <= WAKE_MS, (offset, keys.read_at)
        assert con.steps >= 200 // STEP_MS


def test_thinking_is_never_slowed_by_sleep():
    """A step of the computer thinking (a 15 ms slice) is followed at once by the next."""
    con, clock = run_for(3000, 15)
    assert clock.sleeps == 0 and con.steps == 200


def test_measured_idle_cost_of_the_real_app_on_this_computer():
    """Figures only (CPython wall time is not a device figure): the menu and a
    game waiting for a move, each step timed, the sleep counted."""
    from mapello.ui.app import App
    for keys in ([], [buttons.A, buttons.A]):        # the menu; a two-player game's first move
        clock = SleepingClock()
        app = App([], None, clock)
        for k in keys:
            app.press(k)
        con = Console(app, Recorder(), [], Recorder(), clock)
        spent = []

        def timed_step(step=con.step):
            start = time.perf_counter()
            step()
            spent.append(time.perf_counter() - start)
        con.step = timed_step
        con.run(until=lambda: clock.t >= 20000, sleep=clock.sleep)
        per_step_us = 1e6 * sum(spent) / len(spent)
        print("%s: %d steps in 20 s of game time (%.0f/s), a step %.0f us of CPython, "
              "sleep %.1f %% of the time" % (app.screen_name, con.steps, con.steps / 20.0,
                                              per_step_us, 100 * clock.slept_ms / clock.t))
        assert con.steps == 20000 // STEP_MS


def test_tick_clock_counts_through_the_wrap():
    now = [2 ** 29 - 5]
    period = 2 ** 29
    clock = TickClock(lambda: now[0], lambda a, b: ((a - b + period // 2) % period) - period // 2)
    now[0] = 3                                 # wrapped past 2**29
    assert clock() == 8
    now[0] = 1003
    assert clock() == 1008


class GameOverApp(FakeApp):
    """A stand-in App that can show the game-over screen, with its last_record."""

    def __init__(self):
        super().__init__()
        self.screen_name = "play"
        self.last_record = None

    def finish(self, record):
        self.last_record = record
        self.screen_name = "game over"
        self.version += 1

    def show(self, name):
        self.screen_name = name
        self.version += 1


def a_record(moves="e3 f3 c5"):
    from mapello.game.record import GameRecord
    from mapello.rules.position import Position, parse_cell
    return GameRecord(Position(), [parse_cell(m) for m in moves.split()], "Plain")


def test_each_finished_game_is_printed_once_as_a_text_record(monkeypatch):
    import sys
    from mapello.hardware.record_log import RecordLog
    for name in ("mapello.game.record.text", "mapello.rules.notation"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    printed = []
    app, clock = GameOverApp(), Clock()
    con = Console(app, Recorder(), [], Recorder(), clock, watchers=[RecordLog(printed.append)])
    con.step()
    assert printed == []                                   # no game over yet
    first = a_record()
    app.finish(first)
    con.step()
    con.step()
    assert len(printed) == 3 and printed[1].strip() == "python3 -m desktop replay FILE"
    # the text form is forgotten again: the game never needs it
    assert "mapello.game.record.text" not in sys.modules and "mapello.rules.notation" not in sys.modules
    from mapello.game.record.text import from_text
    assert from_text(printed[2]) == first
    app.show("replay")                                     # B: the replay, then back
    con.step()
    app.show("game over")
    con.step()
    assert len(printed) == 3
    app.show("play")                                       # the next game, and its end
    con.step()
    second = a_record("e3 f3")
    app.finish(second)
    con.step()
    assert len(printed) == 6 and from_text(printed[5]) == second


def test_the_log_reads_the_apps_last_record_only():
    """Not the screen's insides: a screen holding some other record changes nothing."""
    from mapello.hardware.record_log import RecordLog
    from mapello.game.record.text import from_text
    printed = []
    app = GameOverApp()
    app.screen = types.SimpleNamespace(session=types.SimpleNamespace(last=a_record("e3")))
    con = Console(app, Recorder(), [], Recorder(), Clock(), watchers=[RecordLog(printed.append)])
    app.finish(a_record("e3 f3"))
    con.step()
    assert len(printed) == 3 and from_text(printed[2]) == a_record("e3 f3")


def test_a_record_that_cannot_be_printed_is_said_and_the_loop_goes_on(monkeypatch):
    import importlib
    from mapello.hardware.record_log import RecordLog
    record_text = importlib.import_module("mapello.game.record.text")     # the one sys.modules holds

    def no_memory(record):
        raise MemoryError()
    monkeypatch.setattr(record_text, "to_text", no_memory)
    printed = []
    app, clock = GameOverApp(), Clock()
    con = Console(app, Recorder(), [], Recorder(), clock, watchers=[RecordLog(printed.append)])
    app.finish(a_record())
    con.step()
    con.step()
    assert printed == ["Mapello: no memory left to print the game's record"]
