"""Sound where there is a speaker: the settings, the adapter on Blinka's real
pwmio (a piezo on a Pico pin), the DAC path of a PyBadge (audioio, which
Blinka lacks: a recording stand-in at the module level), the App's sound
events drained by the Console, and tones that never stall the loop: a note
starts and stops by the loop's clock, never by sleeping."""
import os
import sys
import time
import types

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import board  # noqa: E402
import digitalio  # noqa: E402
import pwmio  # noqa: E402
import pytest  # noqa: E402
from adafruit_blinka.microcontroller.generic_agnostic_board.pin import Pin  # noqa: E402

from mapello.hardware.build import build_sound  # noqa: E402
from mapello.hardware.console import Console  # noqa: E402
from mapello.hardware.settings import read_settings  # noqa: E402
from mapello.hardware.sound import SQUARE, TUNES  # noqa: E402


class Clock:
    def __init__(self):
        self.t = 1000

    def __call__(self):
        return self.t


class SoundApp:
    """The App's side as the sound needs it: `sounds`, the names of what
    happened since the last step, which the Console takes and empties."""

    def __init__(self):
        self.frame = bytearray(300)
        self.lines = ["", "", "", ""]
        self.version = 1
        self.brightness = 20
        self.message = ""
        self.screen = None
        self.screen_name = "play"
        self.sounds = []

    def press(self, b):
        pass

    def release(self, b):
        pass

    def tick(self):
        pass


@pytest.fixture
def pwm(monkeypatch):
    """Every PWMOut made, Blinka's own, with a log of (ms, frequency, duty)
    taken after every loop step."""
    made = []

    class Recorded(pwmio.PWMOut):
        def __init__(self, pin, **kwargs):
            super().__init__(pin, **kwargs)
            made.append(self)
    monkeypatch.setattr(pwmio, "PWMOut", Recorded)
    monkeypatch.setattr(board, "GP15", Pin(215), raising=False)
    return made


REAL_SLEEP = time.sleep


def no_sleep(seconds):
    """time.sleep for the loop's thread (Blinka's display thread sleeps too)."""
    import threading
    if threading.current_thread() is not threading.main_thread():
        return REAL_SLEEP(seconds)
    raise AssertionError("a tone must not sleep")


def run(console, clock, ms, log, pwm_out):
    """Step the loop every millisecond for `ms`, logging what the pin does."""
    for _ in range(ms):
        console.step()
        log.append((clock.t, pwm_out.frequency if pwm_out.duty_cycle else 0))
        clock.t += 1


def tones(log):
    """[(Hz, ms)] of the sound between silences, from a per-ms log."""
    out = []
    for t, hz in log:
        if hz and out and out[-1][0] == hz and out[-1][2] == t - 1:
            out[-1] = (hz, out[-1][1] + 1, t)
        elif hz:
            out.append((hz, 1, t))
    return [(hz, ms) for hz, ms, _ in out]


def test_a_piezo_on_a_pico_pin_plays_each_sound_by_the_loops_clock(pwm, monkeypatch):
    monkeypatch.setattr(time, "sleep", no_sleep)
    sound = build_sound(read_settings({"MAPELLO_SPEAKER": "GP15"}.get), board)
    assert len(pwm) == 1 and pwm[0].duty_cycle == 0               # silent until a sound
    app, clock, log = SoundApp(), Clock(), []
    console = Console(app, None, [], None, clock, watchers=[sound])
    app.sounds.append("move")
    run(console, clock, 50, log, pwm[0])
    assert app.sounds == []                                      # taken
    assert tones(log) == [(1800, 12)]                            # a click
    app.sounds.append("refused")
    run(console, clock, 400, log, pwm[0])
    assert tones(log)[1:] == [(196, 160)]                        # a low tone
    del log[:]
    app.sounds.extend(["move", "game over"])                     # the last move, then the end
    run(console, clock, 1000, log, pwm[0])
    assert tones(log) == [(1800, 12), (523, 110), (659, 110), (784, 110), (1047, 260)]
    assert pwm[0].duty_cycle == 0


def test_a_step_never_waits_for_a_note():
    """One step starts a note and returns: the note sounds on while the
    loop goes on, and ends at the first step after its time."""
    from mapello.hardware.sound import Sound
    calls = []

    class Tone:
        def on(self, hz):
            calls.append(("on", hz))

        def off(self):
            calls.append(("off",))
    sound = Sound(Tone())
    sound.play("refused", 0)
    assert calls == [("on", 196)]
    for now in (1, 100, 159):
        sound.step(now)
    assert calls == [("on", 196)]
    sound.step(160)
    assert calls == [("on", 196), ("off",)]
    for _ in range(10):                                          # no end of notes queued up
        sound.play("game over", 200)
    assert len(sound.queue) <= 12
    sound.play("no such sound", 300)


def test_a_pybadge_speaker_plays_through_its_dac_and_amplifier(pwm, monkeypatch):
    """board.SPEAKER is A0 on a PyBadge: a DAC pin without PWM (pwmio says
    'Invalid pin'), so the tone is a looping square wave on audioio, and
    SPEAKER_ENABLE switches the amplifier on only while a note sounds."""
    played = []

    class RawSample:
        def __init__(self, buffer, sample_rate=8000):
            self.buffer = list(buffer)
            self.sample_rate = sample_rate

    class AudioOut:
        def __init__(self, pin):
            played.append(("out", pin))

        def play(self, sample, loop=False):
            played.append(("play", sample.sample_rate, loop, sample.buffer))

        def stop(self):
            played.append(("stop",))

    def no_pwm(pin, **kwargs):
        raise ValueError("Invalid pin")
    monkeypatch.setattr(pwmio, "PWMOut", no_pwm)
    monkeypatch.setitem(sys.modules, "audioio", types.SimpleNamespace(AudioOut=AudioOut))
    monkeypatch.setitem(sys.modules, "audiocore", types.SimpleNamespace(RawSample=RawSample))
    levels = []

    class EnablePin(Pin):
        def write(self, value):
            levels.append(value)
            super().write(value)
    monkeypatch.setattr(digitalio, "Pin", EnablePin)
    monkeypatch.setattr(board, "SPEAKER", Pin(230), raising=False)
    monkeypatch.setattr(board, "SPEAKER_ENABLE", Pin(231), raising=False)
    settings = read_settings({"MAPELLO_BUTTONS": "shift", "MAPELLO_MATRIX_PIN": "D3"}.get)   # speaker "auto"
    sound = build_sound(settings, board)
    assert played == [("out", board.SPEAKER)] and levels and set(levels) == {0}   # the amplifier off
    app, clock = SoundApp(), Clock()
    console = Console(app, None, [], None, clock, watchers=[sound])
    app.sounds.append("move")
    console.step()
    kind, rate, loop, wave = played[1]
    assert (kind, rate, loop) == ("play", 1800 * SQUARE, True) and len(wave) == SQUARE
    assert max(wave) > 0x8000 > min(wave)                        # a square wave around the middle
    assert levels[-1] == 1
    clock.t += 12
    console.step()
    assert played[-1] == ("stop",) and levels[-1] == 0


def test_no_speaker_no_sound(pwm):
    assert build_sound(read_settings({}.get), board) is None                    # a Pico: no board.SPEAKER
    assert build_sound(read_settings({"MAPELLO_SPEAKER": "none"}.get), board) is None
    assert build_sound(read_settings({"MAPELLO_SPEAKER": "GP15", "MAPELLO_SOUND": "0"}.get), board) is None
    assert pwm == []


def test_the_tunes_are_short():
    for name, notes in TUNES.items():
        assert sum(ms for _, ms in notes) <= 600, name
    assert set(TUNES) == {"move", "refused", "game over"}
