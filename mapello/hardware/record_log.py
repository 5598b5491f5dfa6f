"""Each finished game's text record on the serial console, for replaying on
a computer (python3 -m desktop replay FILE)."""
# A Console watcher: watch() runs every loop step, and does something only on
# a step whose frame or lines changed while the game-over screen shows.  The
# text form (mapello/game/record/text.py and the notation it needs) is
# compiled only then, and forgotten again afterwards: the game never needs it.

import gc

from mapello import drop_modules, not_loaded

HEADER = "Mapello: the record of that game; copy it from the next line into a file and run:"
HOW = "  python3 -m desktop replay FILE"
TEXT_MODULES = ("game.record.text", "rules.notation")


def record_text(record):
    """The record as text, or None with a line saying why not."""
    fresh = not_loaded(TEXT_MODULES)
    gc.collect()
    try:
        from mapello.game.record.text import to_text
        return to_text(record), None
    except MemoryError:
        return None, "Mapello: no memory left to print the game's record"
    except Exception as e:  # a record that does not replay: say so, play on
        return None, "Mapello: the game's record failed: %s" % e
    finally:
        drop_modules(fresh)
        gc.collect()


class RecordLog:
    def __init__(self, out=print):
        self.out = out
        self._printed = None      # the record printed last: a replay and back shows it again

    def watch(self, app, now, fresh):
        if not fresh:                 # every loop step: nothing more unless the frame changed
            return
        if app.last_record is None:   # a new session: the printed record may go too
            self._printed = None
        if app.screen_name != "game over":
            return
        record = app.last_record      # the App keeps the last finished game's record
        if record is None or record is self._printed:
            return
        self._printed = record
        text, problem = record_text(record)
        if text is None:
            self.out(problem)
            return
        self.out(HEADER)
        self.out(HOW)
        self.out(text)
