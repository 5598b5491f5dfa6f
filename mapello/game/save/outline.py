"""The last save's outline, for the menu at power-on: its settings and whether
it holds something B resumes, read without decoding the series or the game
(the format is in payload.py); and what reading a whole save back
(resume.py) shares with it.  The App drops it with the menu's modules.
"""

import json

from mapello.game.save.errors import SaveError
from mapello.game.save import LOST, SET_ASIDE


def sections(data):
    """(settings bytes, series bytes), and where the game starts."""
    parts = []
    at = 0
    for _ in range(2):
        n = int.from_bytes(data[at:at + 2], "big")
        if at + 2 + n > len(data):
            raise SaveError("save cut short")
        parts.append(bytes(data[at + 2:at + 2 + n]))
        at += 2 + n
    return parts, at


def settings_of(part):
    """(the settings dict of a save, checked value by value; a line saying
    what was dropped from it, or None)."""
    from mapello.game.save.checks import check_settings
    settings = json.loads(part.decode("utf-8")) if part else {}
    note = check_settings(settings)
    return settings, note


def waits_for_setup(series):
    """Whether Series.to_bytes()'s `series` is free play between two games,
    not over: its next board is still to be set up, and B resumes there.
    Read from the bytes (format 1: byte 1 the length, byte 2 free play x 2,
    then from byte 4 two-byte fields, games played first, wins from byte 8),
    so that power-on decodes no series."""
    if len(series) < 12 or not series[2] & 2:
        return False
    length = series[1]
    left = length - int.from_bytes(series[4:6], "big")
    wins = int.from_bytes(series[8:10], "big") - int.from_bytes(series[10:12], "big")
    return not length or left > 0 and abs(wins) <= left


def moves_in(data, at):
    """How many moves the game from `at` of a save holds."""
    return len(data) - at - 4 - data[at + 3] if len(data) >= at + 4 else 0


def joined(first, second):
    """Two lines for the player as one; either may be None."""
    if first and second:
        return first + "; " + second
    return first or second


def set_aside(storage, error):
    """Set aside the save whose payload raised `error` (a SaveError, or what
    bytes that are no save made the reading raise): the line that says why."""
    storage.set_aside()
    why = str(error) if isinstance(error, SaveError) else "save unreadable: %s" % str(error)[:40]
    return why + SET_ASIDE


def peek(storage):
    """(settings dict or None, whether B has something to resume, message or
    None) of the last save, read without decoding its series or game, never
    an exception.  What the menu needs at power-on: the game's own modules
    load only when there is a game to resume.  A save whose outline does
    not read, or whose settings fail their check, is set aside and the
    message says why, as resume.py's resume() says it."""
    if storage is None:
        return None, False, None
    try:
        data = storage.load()
        if data is None:
            return None, False, storage.problem
    except MemoryError:
        return None, False, "no memory to resume the save; kept"
    except Exception as e:
        return None, False, "save unreadable: %s" % str(e)[:40]
    try:
        parts, at = sections(data)
        settings, note = settings_of(parts[0])
    except MemoryError:
        return None, False, "no memory to resume the save; kept"
    except Exception as e:  # SaveError, or bytes that are no save: a bad save
        return None, False, set_aside(storage, e)
    notice = getattr(storage, "notice", None)
    if notice and notice != LOST and at < len(data):
        notice += ", back to move %d" % moves_in(data, at)
    resumable = at < len(data) or waits_for_setup(parts[1])
    return settings, resumable, joined(notice, note)
