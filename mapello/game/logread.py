"""Reading the save log of mapello/game/storage.py back: at power-on, on a
resume and before a session's first save.  A game's moves only append to the
log, so this half is not loaded while one is played (the App drops it with
the menu's modules).

  find_used(read, size) -> past the last byte that is not erased: `read(at,
      n)` gives n bytes of the log, `size` is its length.
  read_log(read, size, used) -> (kind, payload, end): kind is 'ok' (payload:
      the newest whole record's bytes, end: where the next record goes),
      'blank' or why not (WHY).
"""

from mapello.game.storage import APPEND, CHUNK, DELTA, ERASED, FORMAT, FULL, HEADER, MAGIC, crc32

WHY = {
    "corrupt": "save damaged (bad checksum)",
    "newer": "save from a newer version",
    "old": "save from an older version",
    "foreign": "no Mapello save in memory",
}


def read_log(read, size, used):
    if used == 0:
        return "blank", None, 0
    head = bytes(read(0, HEADER))
    if head == b"\x00" * HEADER:
        return "blank", None, 0
    if used < HEADER:     # a compaction cut in its first bytes
        kind = "corrupt" if head[:used] == (MAGIC + bytes((FORMAT,)))[:used] else "foreign"
        return kind, None, 0
    if head[:3] != MAGIC:
        return "foreign", None, 0
    if head[3] != FORMAT:
        return "old" if head[3] < FORMAT else "newer", None, 0
    at = HEADER
    cur = None
    while at < used:
        got = _next(read, size, at, cur)
        if got is None:
            break
        cur, n = got
        at += n
    if cur is None:
        return "corrupt", None, 0
    return "ok", bytes(cur), at


def find_used(read, size):
    end = size
    while end > 0:
        start = end - CHUNK if end > CHUNK else 0
        chunk = read(start, end - start)
        if chunk != ERASED[:end - start]:
            i = end - start
            while chunk[i - 1] == 0xFF:
                i -= 1
            return start + i
        end = start
    return 0


def _next(read, size, at, cur):
    """(payload, length) after the record at `at`: `cur` (a bytearray,
    None before the first record) changed in place; None when there is
    no whole record there."""
    room = size - at
    if room < 7:
        return None
    rec = read(at, 16 if room > 16 else room)   # most records: one read
    tag = rec[0]
    if tag == FULL:
        n = (rec[1] << 8) | rec[2]
        skip = 3
    elif (tag == APPEND or tag == DELTA) and cur is not None:
        n = rec[1]
        skip = 2
    else:
        return None
    total = skip + n + 4
    if total > room:
        return None
    if total > len(rec):
        rec = read(at, total)
    body = memoryview(rec)
    if crc32(body[:total - 4]) != int.from_bytes(rec[total - 4:total], "big"):
        return None
    if tag == FULL:
        return bytearray(body[skip:total - 4]), total
    keep = int.from_bytes(rec[skip:skip + 2], "big")
    tail = 0
    if tag == DELTA:
        tail = int.from_bytes(rec[skip + 2:skip + 4], "big")
        skip += 2
    skip += 2
    if skip > total - 4 or keep + tail > len(cur):
        return None
    cur[keep:len(cur) - tail] = body[skip:total - 4]
    return cur, total
