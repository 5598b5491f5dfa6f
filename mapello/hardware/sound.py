"""Short sounds on a speaker or a piezo, played without stalling the loop."""
# Imported only when settings.toml gives the game a speaker (build.py).  The
# App lists what happened in app.sounds ("move", "refused", "game over"); the
# Console calls watch() every step, which takes those names, queues their
# notes and starts or stops a note when its time has come, by the loop's own
# clock.  A note is a tone left running (pwmio's duty cycle, or a looping
# audio sample), so nothing here ever waits.

# (Hz, ms) notes; 0 Hz is a rest
TUNES = {
    "move": ((1800, 12),),                                        # a click
    "refused": ((196, 160),),                                     # a low tone
    "game over": ((523, 110), (659, 110), (784, 110), (1047, 260)),   # C E G C
}
MAX_QUEUED = 12         # notes; what would overflow is dropped, never the loop's time
SQUARE = 8              # samples in one period of the DAC's square wave
LEVEL = 0x3000          # the DAC's square wave: +-LEVEL around the middle (0x8000)


class Sound:
    """Plays TUNES on `tone` (on(hz), off()) by the loop's clock."""

    def __init__(self, tone):
        self.tone = tone
        self.queue = []
        self.until = 0
        self.sounding = False

    def play(self, name, now):
        for note in TUNES.get(name, ()):
            if len(self.queue) < MAX_QUEUED:
                self.queue.append(note)
        self.step(now)

    def step(self, now):
        """Start the next note once the current one is over, or go quiet."""
        if self.sounding and now - self.until < 0:
            return
        if not self.queue:
            if self.sounding:
                self.tone.off()
                self.sounding = False
            return
        hz, ms = self.queue.pop(0)
        if hz:
            self.tone.on(hz)
        else:
            self.tone.off()
        self.sounding = True
        self.until = now + ms

    def watch(self, app, now, fresh):
        """The Console's hook: take the App's new sounds, then step."""
        names = getattr(app, "sounds", None)
        if names:
            for name in names:
                self.play(name, now)
            del names[:]
        self.step(now)


class PwmTone:
    """A square wave on any PWM pin: a piezo, or a speaker with an amplifier."""

    def __init__(self, pin, enable=None):
        import pwmio
        self.pwm = pwmio.PWMOut(pin, duty_cycle=0, frequency=440, variable_frequency=True)
        self.enable = enable

    def on(self, hz):
        self.pwm.frequency = hz
        self.pwm.duty_cycle = 0x8000
        if self.enable is not None:
            self.enable.value = True

    def off(self):
        self.pwm.duty_cycle = 0
        if self.enable is not None:
            self.enable.value = False


class DacTone:
    """A square wave from the DAC (audioio), for a speaker pin without PWM,
    such as the PyBadge's A0: one period looped at SQUARE times the pitch."""

    def __init__(self, pin, enable=None):
        import array
        import audiocore
        import audioio
        half = SQUARE // 2
        wave = array.array("H", [0x8000 + LEVEL] * half + [0x8000 - LEVEL] * half)
        self.sample = audiocore.RawSample(wave, sample_rate=8000)
        self.out = audioio.AudioOut(pin)
        self.enable = enable

    def on(self, hz):
        self.sample.sample_rate = hz * SQUARE
        self.out.play(self.sample, loop=True)
        if self.enable is not None:
            self.enable.value = True

    def off(self):
        self.out.stop()
        if self.enable is not None:
            self.enable.value = False


def make_sound(pin, enable_pin=None):
    """A Sound on `pin`: PWM where the pin has it, else the DAC.  `enable_pin`
    switches the board's amplifier (the PyBadge's SPEAKER_ENABLE), on only
    while a note sounds.  Raises ValueError when the pin can do neither."""
    enable = None
    if enable_pin is not None:
        import digitalio
        enable = digitalio.DigitalInOut(enable_pin)
        enable.switch_to_output(value=False)
    try:
        return Sound(PwmTone(pin, enable))
    except (ValueError, RuntimeError) as e:   # no PWM on this pin (or no timer left)
        why = e
    try:
        return Sound(DacTone(pin, enable))
    except (ImportError, ValueError, RuntimeError):
        raise ValueError("no PWM (%s) and no DAC on this pin" % why)
