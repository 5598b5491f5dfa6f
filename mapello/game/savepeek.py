"""The last save's outline, for the menu at power-on: its settings and whether
it holds a game, read without decoding the series or the game (the format is
in mapello/game/savefile.py).  The App drops it with the menu's modules.
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
    """The settings dict of a save, checked value by value."""
    from mapello.game.savecheck import check_settings
    settings = json.loads(part.decode("utf-8")) if part else {}
    check_settings(settings)
    return settings


def peek(storage):
    """(settings dict or None, whether a game is saved, message or None) of the
    last save, read without decoding its series or game, never an exception.
    What the menu needs at power-on: the game's own modules load only when
    there is a game to resume.  Settings that fail their check go through
    resume(), which sets the save aside and says so."""
    if storage is None:
        return None, False, None
    try:
        data = storage.load()
        if data is None:
            return None, False, storage.problem
        parts, at = sections(data)
        return settings_of(parts[0]), at < len(data), getattr(storage, "notice", None)
    except MemoryError:
        return None, False, "no memory to resume the save; kept"
    except Exception:  # a bad save: resume() sets it aside with its message
        from mapello.game.saveread import resume
        found, problem = resume(storage)
        if found is None:
            return None, False, problem
        return found.settings, found.match is not None, problem
