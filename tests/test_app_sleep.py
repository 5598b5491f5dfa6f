"""The matrix sleeps when nobody plays: after the "sleep" setting's minutes
with no press it dims to a quarter, after twice that it goes dark, and the
press that wakes it does nothing else (nor do its repeats while held).
Buttons in; brightness, frame and lines out, and the wire through Blinka."""
import os

import pytest

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from desktop.app_driver import Player  # noqa: E402
from mapello import buttons  # noqa: E402
from mapello.ui.app import AWAKE, DARK, DIMMED  # noqa: E402

MINUTE = 60 * 1000


def sleepy(**settings):
    """A Player whose App has had its first tick: the idle time counts from
    there, as from the device loop's first step."""
    p = Player(settings=settings)
    p.tick()
    return p


def asleep_after(p, ms):
    p.tick(ms)
    return p.app.asleep, p.app.brightness


def test_the_matrix_dims_then_goes_dark_and_the_version_tells_the_adapters():
    p = sleepy(sleep=1, brightness=40)
    version = p.app.version
    assert asleep_after(p, MINUTE - 1) == (AWAKE, 40)
    assert p.app.version == version
    assert asleep_after(p, 1) == (DIMMED, 10)
    assert p.app.version == version + 1           # the frame goes out again, dimmer
    assert asleep_after(p, MINUTE - 1) == (DIMMED, 10)
    assert asleep_after(p, 1) == (DARK, 0)
    assert p.app.version == version + 2
    assert asleep_after(p, 60 * MINUTE) == (DARK, 0)


def test_the_press_that_wakes_the_matrix_does_nothing_else():
    p = sleepy(sleep=2, brightness=20)
    lines, frame = list(p.app.lines), bytes(p.app.frame)
    p.tick(2 * MINUTE)
    assert p.app.brightness == 5
    p.app.press(buttons.DOWN)                     # in the menu: would select the next line
    assert (p.app.asleep, p.app.brightness) == (AWAKE, 20)
    p.app.press(buttons.DOWN)                     # held: the repeats do nothing either
    p.app.release(buttons.DOWN)
    p.tick()
    assert p.app.lines == lines and bytes(p.app.frame) == frame
    p.press("DOWN")                               # awake: a press acts
    assert p.app.lines[0].endswith(" 2/%s" % lines[0].split("/")[1])


def test_a_wake_in_play_neither_moves_the_cursor_nor_plays():
    p = sleepy(sleep=1)
    p.press("A")                                  # a game on the plain board
    start = p.cursor()
    score = p.app.lines[0]                        # "B2(+0)  W2(+0)"
    p.tick(3 * MINUTE)
    assert p.app.brightness == 0
    for name in ("A", "RIGHT", "B"):              # each after the matrix slept again
        p.app.press(buttons.from_name(name))
        p.app.release(buttons.from_name(name))
        p.tick()
        assert p.screen == "play" and p.cursor() == start and p.app.lines[0] == score, name
        p.tick(2 * MINUTE)
    p.app.press(buttons.A)
    p.app.release(buttons.A)
    p.tick()
    p.play(p.model.pos.legal_moves()[0])          # awake again: the game goes on
    assert p.app.lines[0] != score


def test_presses_keep_it_awake_and_sleep_0_never_dims():
    p = sleepy(sleep=1)
    for _ in range(5):
        p.tick(MINUTE - 1000)
        p.press("DOWN")
    assert p.app.asleep == AWAKE
    q = sleepy(sleep=0)
    q.tick(24 * 60 * MINUTE)
    assert q.app.asleep == AWAKE and q.app.brightness == 20


@pytest.fixture
def devices():
    """The simulator's hardware: the real neopixel library on Blinka, its
    wire write captured (and given back after the test)."""
    import neopixel
    from desktop.sim.devices import SimDevices
    real_write = neopixel.neopixel_write
    made = SimDevices(500)
    yield made
    made.close()
    neopixel.neopixel_write = real_write


def test_the_wire_goes_dark_and_lights_again(devices):
    """Through the matrix adapter and the neopixel library, as the
    simulator (and the device's loop) sends the frame when the version
    changes."""
    p = sleepy(sleep=1)
    devices.update(p.app)
    lit = sum(devices.wire)
    p.tick(MINUTE)
    devices.update(p.app)
    assert 0 < sum(devices.wire) < lit
    p.tick(MINUTE)
    devices.update(p.app)
    assert sum(devices.wire) == 0
    p.app.press(buttons.UP)
    devices.update(p.app)
    assert sum(devices.wire) == lit


def test_the_simulator_shows_the_matrix_dim_then_dark(devices):
    """The simulator's screen takes the brightness setting back out, not the
    sleeping matrix's brightness: dimmed shows dimmer, dark shows black."""
    p = sleepy(sleep=1)
    devices.update(p.app)
    felt = devices.cell_colour(11)
    p.tick(MINUTE)
    devices.update(p.app)
    assert 0 < max(devices.cell_colour(11)) < max(felt)
    p.tick(MINUTE)
    devices.update(p.app)
    assert devices.cell_colour(11) == (0, 0, 0)
