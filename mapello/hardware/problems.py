"""How a problem reaches the player: on the game's display, or CircuitPython's
own terminal, or scrolled across the matrix, and always on the serial
console, held until a reset.  Loaded at power-on and kept while the game
runs: a problem in the loop (out of memory, an error nobody expected) is
shown with it, when there may be no room left to import anything."""


def report(error):
    """The traceback of an error nobody expected, on the serial console."""
    try:
        from traceback import print_exception
    except ImportError:            # a build without the traceback module
        print("%s: %s" % (type(error).__name__, error))
        return
    print_exception(error, error, error.__traceback__)   # CircuitPython 9 and 10, CPython 3.5+


def show_problem(text, screen=None, display=None):
    """The message on the game's text screen if it works; otherwise CircuitPython's
    own terminal is put on the display (the SSD1306 or the board's own) and the
    message printed there.  Always on the serial console too."""
    from mapello.hardware.screen import wrap
    print("Mapello: " + text)
    if screen is not None:
        try:
            screen.show_lines(wrap(text))
            return
        except Exception as e:  # the display itself is the problem
            print("Mapello: the display failed too: %s" % e)
    try:
        import displayio
        terminal = getattr(displayio, "CIRCUITPYTHON_TERMINAL", None)
        if display is None:
            import board
            display = getattr(board, "DISPLAY", None)
        if display is not None and terminal is not None:
            display.root_group = terminal
            if getattr(screen, "refreshes", False):
                display.auto_refresh = True    # the game's TextScreen had turned it off
            for line in wrap(text, 21, 8):
                print(line)
    except Exception:  # nothing more can be shown: the serial line stands
        pass


class _RestartPress:
    """What halt() gives the buttons: A pressed, then released, asks for a
    restart (the release, so the press does not reach the game started)."""

    def __init__(self, a):
        self.a = a
        self.down = False
        self.restart = False

    def press(self, button):
        self.down = self.down or button == self.a

    def release(self, button):
        if self.down and button == self.a:
            self.restart = True


def halt(hw=None, text="", until=None, clock=None, restart=False):
    """Keep the message up until a reset (saving settings.toml reloads the
    board): the matrix dark, or, when there is no display to read the
    message on, scrolling it.  With `restart` (a failure while playing,
    which a fresh heap cures), A also restarts the game: supervisor.reload()
    runs code.py again, as a reset would, without the reset button a Pico
    lacks.  Returns `text` once `until()` (tests) or after the reload."""
    from time import sleep
    matrix = hw.matrix if hw is not None else None
    ticker = None
    if matrix is not None:
        try:
            matrix.clear()
            if hw.display is None and text:
                from mapello.hardware.ticker import Ticker
                ticker = Ticker()
                frame = bytearray(300)
        except Exception as e:  # the matrix itself may be the problem
            print("Mapello: the matrix failed too: %s" % e)
            ticker = None
    inputs = hw.inputs if restart and hw is not None else ()
    press = None
    if inputs:
        from mapello.buttons import A
        press = _RestartPress(A)
    awake = ticker is not None or press is not None   # the loop has work: the clock, short sleeps
    if awake and clock is None:
        from mapello.hardware.console import device_clock
        clock = device_clock()
    while until is None or not until():
        if awake:
            now = clock()
        if ticker is not None and matrix is not None:
            if not ticker.draw(now, frame):
                ticker.start(text, now)
            else:
                matrix.show(frame, hw.settings.brightness)
        if press is not None:
            for source in inputs:
                source.poll(press, now)
            if press.restart:
                import supervisor
                supervisor.reload()        # raises CircuitPython's reload once this returns
                return text
        sleep(0.02 if awake else 1)
    return text


def failed(what, error):
    """One line for an error start-up did not expect.  A game module
    without a name another one asks for is a drive holding files of two
    versions: a copy onto it that stopped half-way, which the next one
    completes."""
    text = "%s failed: %s: %s" % (what, type(error).__name__, error)
    if isinstance(error, (AttributeError, ImportError, NameError, TypeError)):
        text += ". If a copy of the game stopped half-way, run deploy.sh again."
    return text


def memory_problem(playing=False, compiled=None):
    """What frees memory, biggest first: a board with more RAM, no display
    stack, then, for a game copied as source (deploy.sh --source, or
    offline: this module is a .py), compiled .mpy files, which compile
    nothing on the board (docs/MEASUREMENTS.md, block device-heap).  While
    playing (the loop's own step ran out, past the App's recovery), the
    game is saved up to its last move."""
    if compiled is None:
        compiled = not __file__.endswith(".py")
    when = ("while playing; the game is saved: press A to restart, then B resumes it" if playing
            else "starting the game")
    then = "" if compiled else ("; then run deploy.sh online without --source, which copies "
                                "the game compiled: 12 to 16 KB less")
    return ('Out of memory %s. What helps most: a board with more RAM '
            '(Pico 2), or MAPELLO_DISPLAY = "none"%s.' % (when, then))
