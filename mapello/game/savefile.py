"""What a save holds: the settings, the series and the game so far, as bytes.

  u16 n + settings as JSON (sorted keys), u16 n + Series.to_bytes(),
  u16 n + match bytes: computer(1: 0 none, 1 black, 2 white) timer_s(2)
  record.encode()
The storage (two slots, checksums) is mapello/game/storage.py, which re-exports
pack/unpack and adds resume().
"""

import json

from mapello.game.storage import SaveError, _put, _u


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
    out.append(len(data) >> 8)
    out.append(len(data) & 255)
    out.extend(data)


def pack(match, series, settings=None):
    """Payload bytes for the whole match: settings, series, game so far."""
    out = bytearray()
    _chunk(out, _json_dict(settings or {}).encode("utf-8"))
    _chunk(out, series.to_bytes() if series is not None else b"")
    if match is None:
        _chunk(out, b"")
    else:
        from mapello.game.record import encode
        m = bytearray(3)
        m[0] = 0 if match.computer is None else match.computer + 1
        _put(m, 1, min(65535, match.timer_ms // 1000), 2)
        _chunk(out, bytes(m) + encode(match.to_record()))
    return bytes(out)


def unpack(data, clock=None, seed=0):
    """A Saved from pack()'s bytes; SaveError (one line) on anything wrong."""
    from mapello.game.series import Series
    try:
        parts = []
        at = 0
        for _ in range(3):
            n = _u(data, at, 2)
            if at + 2 + n > len(data):
                raise SaveError("save cut short")
            parts.append(bytes(data[at + 2:at + 2 + n]))
            at += 2 + n
        if at != len(data):
            raise SaveError("save has trailing bytes")
        settings = json.loads(parts[0].decode("utf-8")) if parts[0] else {}
        if not isinstance(settings, dict):
            raise SaveError("save settings are not a table")
        series = Series.from_bytes(parts[1]) if parts[1] else None
        match = None
        m = parts[2]
        if m:
            from mapello.game.game import Game  # loaded only when a game was saved
            from mapello.game.record import decode
            computer = None if m[0] == 0 else m[0] - 1
            if computer not in (None, 0, 1):
                raise SaveError("save: bad computer colour")
            match = Game.from_record(decode(m[3:]), computer, _u(m, 1, 2) * 1000, clock, seed)
        return Saved(match, series, settings)
    except (SaveError, MemoryError):  # short of memory is not a bad save
        raise
    except Exception as e:  # whatever the bytes were, say so in one line
        raise SaveError("save unreadable: %s" % e)
