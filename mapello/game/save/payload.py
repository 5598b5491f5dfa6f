"""What a save holds: the settings, the series and the game so far, as bytes,
checked value by value (checks.py) when read back.

  u16 n + settings as JSON (sorted keys)
  u16 n + Series.to_bytes()
  the game, to the end (nothing when no game is on):
    kind(1) timer_s(2) n(1) + board
      kind: the computer's colour in its low 2 bits (0 none, 1 black, 2
      white), plus FINISHED for a game that has ended (saved at game over,
      so that the handheld comes back to that screen), plus, for a
      resignation, RESIGNED shifted by the resigner's colour
    (mapello.game.record.binary_write.encode() of the start, no moves)
    then one byte per move (its cell number, 0 for a pass)
What changes from one move to the next is the last byte, so the storage
(log.py) writes a move as a few bytes against the previous save.  Only
pack() is here, since a game saves after every move: outline.py outlines
the last save for the menu at power-on, and resume.py reads a whole save
back (resume() and unpack()), loaded only to resume a game or to rewrite a
save, so that neither a game in progress nor power-on holds that code.
"""

import json

FINISHED = 4      # the game's kind byte: the game has ended ...
RESIGNED = 8      # ... by black's resignation (RESIGNED << 1: white's)


def _json_dict(d):
    # sorted keys: the same settings give the same bytes, so nothing is rewritten
    keys = sorted(d.keys())
    return "{" + ",".join([json.dumps(k) + ":" + json.dumps(d[k]) for k in keys]) + "}"


# The settings last packed (a copy) and their JSON: a game's every move saves
# them again unchanged, so they are made anew only when they change.
_SETTINGS = [None, b""]  # type: list


def _settings_json(settings):
    if settings != _SETTINGS[0]:
        _SETTINGS[1] = _json_dict(settings).encode("utf-8")
        _SETTINGS[0] = dict(settings)
    return _SETTINGS[1]


def pack(match, series, settings=None, board=None, out=None, finished=False, resigned=None):
    """Payload bytes for the whole match: settings, series, game so far.
    `board`: the match's board as mapello.game.record.binary_write.encode() writes
    it (no moves), when the caller keeps it (a session does); else it is
    encoded here.  `out`: a bytearray to write the payload into, emptied
    first, and return (a session passes the same one at every save: a
    game's payload grows a byte a move, so its room is there already, where
    a new payload each move would be a piece of a few hundred bytes to find
    in a heap the game cuts up); else new bytes.  `finished`: the match has
    ended (`resigned`: by that colour's resignation)."""
    buf = bytearray() if out is None else out
    buf[:] = b""          # emptied, its room kept (a bytearray has no del of a slice)
    text = _settings_json(settings or {})
    head = series.to_bytes() if series is not None else b""
    for part in (text, head):
        n = len(part)
        buf.append(n >> 8)
        buf.append(n & 255)
        buf.extend(part)
    if match is not None:
        if board is None:
            from mapello.game.record.binary_write import encode
            from mapello.game.record import GameRecord
            board = encode(GameRecord(match.start, (), match.name, match.limits))
        timer = min(65535, match.timer_ms // 1000)
        kind = 0 if match.computer is None else match.computer + 1
        if finished:
            kind |= FINISHED if resigned is None else FINISHED | RESIGNED << resigned
        buf.append(kind)
        buf.append(timer >> 8)
        buf.append(timer & 255)
        buf.append(len(board))
        buf.extend(board)
        for cell in match.moves:
            buf.append(cell if cell >= 0 else 0)
    return bytes(buf) if out is None else buf
