"""The last save's outline, for the menu at power-on: its settings and whether
it holds something B resumes, read without decoding the series or the game
(the format is in mapello/game/savefile.py).  The App drops it with the
menu's modules.
"""

import json


def sections(data):
    """(settings bytes, series bytes), and where the game starts."""
    from mapello.game.savecheck import SaveError
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
    from mapello.game.savecheck import check_settings
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


def peek(storage):
    """(settings dict or None, whether B has something to resume, message or
    None) of the last save, read without decoding its series or game, never
    an exception.  What the menu needs at power-on: the game's own modules
    load only when there is a game to resume.  Settings that fail their
    check go through resume(), which sets the save aside and says so."""
    if storage is None:
        return None, False, None
    try:
        data = storage.load()
        if data is None:
            return None, False, storage.problem
        parts, at = sections(data)
        settings, note = settings_of(parts[0])
        notice = getattr(storage, "notice", None)
        from mapello.game.storage import LOST
        if notice and notice != LOST and at < len(data):
            notice += ", back to move %d" % moves_in(data, at)
        resumable = at < len(data) or waits_for_setup(parts[1])
        return settings, resumable, joined(notice, note)
    except MemoryError:
        return None, False, "no memory to resume the save; kept"
    except Exception:  # a bad save: resume() sets it aside with its message
        from mapello.game.saveread import resume
        found, problem = resume(storage)
        if found is None:
            return None, False, problem
        return found.settings, found.resumable(), problem
