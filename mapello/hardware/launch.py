"""Power-on, up to the game's first frame: check the board, read
settings.toml, build the hardware, load the boards and make the App and its
Console.  mapello.hardware.start drops this module once the game runs: none
of it is needed again, and on a board its code would stay in RAM all
evening.  A problem found here is shown (mapello.hardware.problems) and held
until a reset."""

import os

from mapello.hardware.problems import failed, halt, memory_problem, report, show_problem

# Library module -> the name a maker looks for (deploy.sh puts them in lib/).
LIBRARIES = {
    "neopixel": "neopixel",
    "adafruit_display_text": "adafruit_display_text",
    "adafruit_displayio_ssd1306": "adafruit_displayio_ssd1306",
    "adafruit_ticks": "adafruit_ticks",
    "adafruit_pixelbuf": "adafruit_pixelbuf",
}
BOARDS_DIR = "boards"       # CircuitPython runs code.py with / as the current folder
SETTINGS_FILE = "/settings.toml"   # what os.getenv reads on the board


def long_ints_problem():
    """A board without long integers (SAMD21) cannot hold a 100-bit board."""
    try:
        big = 1 << 100
        if (big >> 99) != 2:
            raise OverflowError
    except (OverflowError, MemoryError):
        return ("This board has no long integers (a SAMD21 build): Mapello needs an "
                "RP2040, RP2350, SAMD51 or ESP32-S3 board.")
    return None


def missing_library(error):
    """One line for an ImportError: which library, and the fix."""
    text = str(error)
    for name in LIBRARIES:
        if name in text:
            return "Library %s is missing from lib/: run deploy.sh again." % LIBRARIES[name]
    return "Missing module (%s): run deploy.sh again." % text


def unexpected(what, error):
    """One line for an error start-up did not expect.  A ValueError naming
    .mpy (CircuitPython's "incompatible .mpy file", translated on some
    builds) is a compiled file of another .mpy version, or one made by
    MicroPython's mpy-cross, which the board refuses."""
    if isinstance(error, ValueError) and ".mpy" in str(error):
        return ("A compiled file in lib/ or mapello/ was not made for this CircuitPython "
                "version: run deploy.sh again.")
    return failed(what, error)


def game_can_write():
    """True when boot.py gave CIRCUITPY to the game (B held at reset), so
    boards/ can take the boards a player sets up."""
    try:
        import storage
        return not storage.getmount("/").readonly
    except Exception:
        return False


def erases_every_write(machine=None):
    """True on the atmel-samd port (SAMD51: 'Adafruit PyBadge with samd51j19'),
    whose nvm erases its block on every write; RP2040 writes into erased bytes
    without an erase."""
    try:
        if machine is None:
            machine = os.uname().machine
        return " with sam" in machine.lower()
    except Exception:
        return False


def make_storage():
    """Match saves live in microcontroller.nvm (mapello.game.save.log); None where the
    board has none, so the game still runs, without resume."""
    try:
        from mapello.game.save.log import NvmStorage
        import microcontroller
        if getattr(microcontroller, "nvm", None) is None:
            return None
        return NvmStorage(microcontroller.nvm, erase_every_write=erases_every_write())
    except Exception as e:  # an nvm too small or missing: play without saves
        print("Mapello: no save memory (%s)" % e)
        return None


def seed():
    try:
        return int.from_bytes(os.urandom(4), "little")
    except Exception:
        return 0


def quiet_screen(board=None, getenv=None):
    """The display settings.toml names, or None: only to show a problem found
    before the hardware was built.  A key with a bad value (the problem
    shown, often) is read as its default here, and so is the next one that
    fails, so that the display can say what is wrong."""
    try:
        from mapello.hardware.settings import read_settings, SettingsError
        from mapello.hardware.build import build_display
        from mapello.hardware.screen import TextScreen
        if board is None:
            import board
        wrong = []  # type: list  # the keys read as defaults
        while True:
            try:
                settings = read_settings(getenv, defaulted=wrong)
                break
            except SettingsError as e:
                if e.key in wrong:
                    return None
                wrong.append(e.key)
        display = build_display(settings, board)
        return TextScreen(display, display.width, display.height) if display is not None else None
    except Exception:  # the problem being shown may be the reason
        return None


def build(hw, board, getenv, settings_file):
    """Read settings.toml and build the hardware into `hw`: (the problem to
    show or None, the settings or None).  Its own function, so that no frame of the running game
    holds the settings reader or the builders: forget_builders() can then
    let their code go."""
    from mapello.hardware.settings import read_settings, SettingsError
    from mapello.hardware.build import build_hardware, HardwareError
    try:
        hw.settings = read_settings(getenv, settings_file)
        build_hardware(hw.settings, board, hw)
    except ImportError as e:
        return missing_library(e), None
    except (SettingsError, HardwareError) as e:
        return str(e), None
    except MemoryError:
        return memory_problem(), None
    except Exception as e:  # a driver's own error: still one readable line, and its traceback
        report(e)
        return unexpected("Hardware start", e), None
    return None, hw.settings


def forget_builders():
    """Drop the settings reader and the builders once the hardware is built:
    only start-up needs them, and on a board their code would stay in RAM
    for the whole evening."""
    import gc
    from mapello import drop_modules
    drop_modules(("hardware.settings", "hardware.build"))
    gc.collect()


def launch(board=None, getenv=None, clock=None, until=None, boards_dir=None, settings_file=None):
    """(console, None, hw): the game ready to run; or (None, problem, hw)
    once the problem was shown and held (until `until()`, in tests).
    `boards_dir` defaults to BOARDS_DIR, `settings_file` to SETTINGS_FILE."""
    if boards_dir is None:
        boards_dir = BOARDS_DIR
    if settings_file is None:
        settings_file = SETTINGS_FILE
    problem = long_ints_problem()
    if problem:
        show_problem(problem, quiet_screen(board, getenv))
        return None, halt(None, problem, until), None
    if board is None:
        import board
    from mapello.hardware.build import Hardware
    hw = Hardware()
    problem, settings = build(hw, board, getenv, settings_file)
    if problem:
        if hw.display is not None:
            show_problem(problem, hw.screen, hw.display)
        else:                      # not built yet, or there is none: the matrix scrolls it
            show_problem(problem, quiet_screen(board, getenv))
        return None, halt(hw, problem, until, clock), hw
    if hw.display_problem:         # no display answered: play on the matrix alone
        print("Mapello: %s. Playing without it: messages scroll on the matrix "
              "and are printed here." % hw.display_problem)
    if hw.warning:
        print("Mapello: " + hw.warning)
    if hw.sound_problem:
        print("Mapello: %s. Playing without sound." % hw.sound_problem)
    warnings = settings.warnings    # keys settings.toml has that are no setting
    for warning in warnings:
        print("Mapello: " + warning)
    settings.warnings = []
    forget_builders()              # before the game's modules compile: their room
    writable = game_can_write()
    print("Mapello Handheld: " + ("the game writes CIRCUITPY: saved boards go to boards/ as files"
                                  if writable else "hold B at reset to save boards as files in boards/"))
    try:
        from mapello.ui.app import App
        from mapello.hardware.console import Console, device_clock
        from mapello.hardware.repeat import Repeater
        ticker = None
        if hw.display is None:     # messages scroll on the matrix: only then its font
            from mapello.hardware.ticker import Ticker
            ticker = Ticker()
        from mapello.hardware.record_log import RecordLog
        if clock is None:
            clock = device_clock()
        app = App(boards_dir, make_storage(), clock, seed=seed(), settings=settings.game)
    except ImportError as e:
        problem = missing_library(e)
    except MemoryError:
        problem = memory_problem()
    except Exception as e:  # a library of another version (adafruit_ticks), or the App's own
        report(e)
        problem = unexpected("Start", e)
    if problem:
        show_problem(problem, hw.screen if hw.display is not None else None)
        return None, halt(hw, problem, until, clock), hw
    if writable:
        from mapello.hardware.boardfiles import board_writer
        app.write_board = board_writer(boards_dir)
    watchers = [RecordLog()]
    if hw.sound is not None:       # the App lists its sounds only where someone plays them
        app.sounds = []
        watchers.append(hw.sound)
    notice = None                # on the display (or the matrix) for a moment,
    if hw.display_problem:       # unless what the save said at start is showing
        notice = "No display found"
    elif hw.warning:
        notice = "RP2350: buttons may stick, see serial"
    elif warnings:
        notice = warnings[0] + (" (%d more on serial)" % (len(warnings) - 1) if len(warnings) > 1 else "")
    elif hw.sound_problem:
        notice = hw.sound_problem + "; playing without sound"
    elif writable:
        notice = "Boards save as files"
    if notice and not app.message:
        app.say(notice)
    console = Console(app, hw.matrix, hw.inputs, hw.screen, clock, ticker=ticker,
                      repeater=Repeater(settings.repeat_delay_ms, settings.repeat_ms),
                      watchers=watchers)
    return console, None, hw
