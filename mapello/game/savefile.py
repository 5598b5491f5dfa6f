"""What a save holds: the settings, the series and the game so far, as bytes,
checked value by value (mapello/game/savecheck.py) when read back.

  u16 n + settings as JSON (sorted keys)
  u16 n + Series.to_bytes()
  the game, to the end (nothing when no game is on):
    computer(1: 0 none, 1 black, 2 white) timer_s(2) n(1) + board
    (record_write.encode() of the start, no moves) then one byte per move
    (its cell number, 0 for a pass)
What changes from one move to the next is the last byte, so the storage
(mapello/game/storage.py) writes a move as a few bytes against the previous
save.  Only pack() is here, since a game saves after every move:
mapello/game/savepeek.py outlines the last save for the menu at power-on,
and mapello/game/saveread.py reads a whole save back (resume() and
unpack()), loaded only to resume a game or to rewrite a save, so that
neither a game in progress nor power-on holds that code.
"""

import json


def _json_dict(d):
    # sorted keys: the same settings give the same bytes, so nothing is rewritten
    keys = sorted(d.keys())
    return "{" + ",".join([json.dumps(k) + ":" + json.dumps(d[k]) for k in keys]) + "}"


def _chunk(out, data):
    out.extend(len(data).to_bytes(2, "big"))
    out.extend(data)


def pack(match, series, settings=None, board=None):
    """Payload bytes for the whole match: settings, series, game so far.
    `board`: the match's board as mapello.game.record_write.encode() writes
    it (no moves), when the caller keeps it (a session does); else it is
    encoded here."""
    out = bytearray()
    _chunk(out, _json_dict(settings or {}).encode("utf-8"))
    _chunk(out, series.to_bytes() if series is not None else b"")
    if match is not None:
        if board is None:
            from mapello.game.record import GameRecord
            from mapello.game.record_write import encode
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
