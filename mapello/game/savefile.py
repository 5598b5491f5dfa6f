"""What a save holds: the settings, the series and the game so far, as bytes,
checked value by value (mapello/game/savecheck.py) when read back.

  u16 n + settings as JSON (sorted keys)
  u16 n + Series.to_bytes()
  the game, to the end (nothing when no game is on):
    computer(1: 0 none, 1 black, 2 white) timer_s(2) n(1) + board
    (record.encode() of the start, no moves) then one byte per move
    (its cell number, 0 for a pass)
What changes from one move to the next is the last byte, so the storage
(mapello/game/storage.py) writes a move as a few bytes against the previous
save.  resume() reads the last save back from a storage, never raising.
"""

import json


class Saved:
    """What unpack() found: match (or None), series (or None), settings (dict)."""

    def __init__(self, match, series, settings):
        self.match = match
        self.series = series
        self.settings = settings


def _json_dict(d):
    # sorted keys: the same settings give the same bytes, so nothing is rewritten
    keys = sorted(d.keys())
    return "{" + ",".join([json.dumps(k) + ":" + json.dumps(d[k]) for k in keys]) + "}"


def _chunk(out, data):
    out.extend(len(data).to_bytes(2, "big"))
    out.extend(data)


def pack(match, series, settings=None):
    """Payload bytes for the whole match: settings, series, game so far."""
    out = bytearray()
    _chunk(out, _json_dict(settings or {}).encode("utf-8"))
    _chunk(out, series.to_bytes() if series is not None else b"")
    if match is not None:
        from mapello.game.record import GameRecord, encode
        board = encode(GameRecord(match.start, (), match.name, match.limits))
        head = bytearray(4)
        head[0] = 0 if match.computer is None else match.computer + 1
        head[1:3] = min(65535, match.timer_ms // 1000).to_bytes(2, "big")
        head[3] = len(board)
        out.extend(head)
        out.extend(board)
        for cell in match.moves:
            out.append(cell if cell >= 0 else 0)
    return bytes(out)


def _match(m, clock, seed):
    from mapello.game.game import Game  # loaded only when a game was saved
    from mapello.game.record import decode
    from mapello.rules.position import INNER_CELLS, PASS
    from mapello.game.savecheck import MAX_TIMER_S, SaveError, bad, check_board
    if len(m) < 4 or m[0] > 2:
        raise SaveError("save: bad computer colour")
    timer = int.from_bytes(m[1:3], "big")
    if timer > MAX_TIMER_S:
        bad("timer", timer)
    end = 4 + m[3]
    if end > len(m):
        raise SaveError("save: game cut short")
    board = decode(m[4:end])
    if board.moves:
        raise SaveError("save: game cut short")
    check_board(board.start, board.limits)
    moves = []
    for i in range(end, len(m)):
        c = m[i]
        if c and c not in INNER_CELLS:
            bad("move", c)
        moves.append(c if c else PASS)
    computer = None if m[0] == 0 else m[0] - 1
    # Game plays every move through the rules: an illegal one is a ValueError
    return Game(board.start, moves, computer, timer * 1000, clock, seed, board.name,
                 board.limits)


def _parts(data):
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


def _settings(part):
    """The settings dict of a save, checked value by value."""
    from mapello.game.savecheck import check_settings
    settings = json.loads(part.decode("utf-8")) if part else {}
    check_settings(settings)
    return settings


def unpack(data, clock=None, seed=0):
    """A Saved from pack()'s bytes, every value checked; SaveError (one line)
    on anything wrong."""
    from mapello.game.series import Series
    from mapello.game.savecheck import SaveError, check_series
    try:
        parts, at = _parts(data)
        settings = _settings(parts[0])
        series = None
        if parts[1]:
            series = Series.from_bytes(parts[1])
            check_series(series)
        match = _match(bytes(data[at:]), clock, seed) if at < len(data) else None
        return Saved(match, series, settings)
    except (SaveError, MemoryError):  # short of memory is not a bad save
        raise
    except Exception as e:  # whatever the bytes were, say so in one line
        raise SaveError("save unreadable: %s" % str(e)[:40])


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
        parts, at = _parts(data)
        return _settings(parts[0]), at < len(data), getattr(storage, "notice", None)
    except MemoryError:
        return None, False, "no memory to resume the save; kept"
    except Exception:  # a bad save: resume() sets it aside with its message
        found, problem = resume(storage)
        if found is None:
            return None, False, problem
        return found.settings, found.match is not None, problem


def resume(storage, clock=None, seed=0):
    """(Saved or None, message or None), never an exception.

    The message is one line for the player: why a save was set aside (with
    None), or storage.notice (with the Saved) when the save resumed is older
    than the last one written.  A save that passes its checksum but fails a
    check of its values is set aside too.
    """
    if storage is None:
        return None, None
    try:
        data = storage.load()
    except MemoryError:
        return None, "no memory to resume the save; kept"
    except Exception as e:
        return None, "save unreadable: %s" % str(e)[:40]
    if data is None:
        return None, storage.problem
    from mapello.game.savecheck import SaveError
    try:
        return unpack(data, clock, seed), getattr(storage, "notice", None)
    except MemoryError:
        return None, "no memory to resume the save; kept"
    except SaveError as e:
        storage.set_aside()
        return None, str(e) + "; set aside, new game"
