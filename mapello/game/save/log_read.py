"""Reading the save log of log.py back: at power-on, on a resume and before
a session's first save.  A game's moves only append to the log, so this
half is not loaded while one is played (the App drops it with the menu's
modules).

  load(storage) -> LogStorage.load() the first time: the newest good save
      or None, with storage.problem when a bad one was set aside.
  scan(storage) -> 'ok' (a save found), 'blank', or why not (WHY): reads
      the memory of `storage` (a LogStorage) and leaves it where its next
      record goes, with storage.notice when a save was lost.
  find_used(read, size) -> past the last byte that is not erased: `read(at,
      n)` gives n bytes of the log, `size` is its length.
  read_log(read, size, used) -> (kind, payload, end): kind is 'ok' (payload:
      the newest whole record's bytes, end: where the next record goes),
      'blank' or why not (WHY).
  after_log(read, size, end) -> (saves lost, where they end) when bytes
      that are not erased follow `end`: 1 save when the newest write was
      cut short, more when a damaged record hid later whole ones; a whole
      save can go where they end without an erase.

Records are read in order (the format is the package's __init__.py).  Where one is not
whole (the remains of a cut write, or damage) and GAP erased bytes do not
follow, the log goes on at the next whole FULL record before such a gap:
the storage writes a whole save after the remains rather than erase the
sector for it.  Past GAP erased bytes nothing is read (a compaction short
of memory leaves old records there).
"""

from mapello.game.save import (APPEND, CHUNK, DAMAGED, DELTA, ERASED, FORMAT, FULL, GAP, HEADER,
                               LOST, MAGIC, SET_ASIDE, crc32)

WHY = {
    "corrupt": "save damaged (bad checksum)",
    "newer": "save from a newer version",
    "old": "save from an older version",
    "foreign": "no Mapello save in memory",
}


def load(storage):
    storage.problem = None
    storage.notice = None
    try:
        kind = scan(storage)
    except (IndexError, ValueError, TypeError):
        kind = "corrupt"
    if kind == "ok" or kind == "blank":
        storage._known = True
        return storage._last
    storage.problem = WHY[kind] + SET_ASIDE
    storage.set_aside()
    return None


def scan(storage):
    s = storage
    read = s._read
    size = s.size
    s._clean = False     # first: a read that raises leaves nothing stale
    s._last = None
    s._end = 0
    s._after = -1
    s._used = find_used(read, size)
    kind, s._last, s._end = read_log(read, size, s._used)
    if kind == "blank":
        s._clean = s._used == 0
    elif kind == "ok":
        s._clean = s._erased(s._end, GAP)
        if not s._clean:
            lost, s._after = after_log(read, size, s._end)
            s.notice = LOST if lost == 1 else DAMAGED % lost
    return kind


def read_log(read, size, used):
    if used == 0:
        return "blank", None, 0
    head = bytes(read(0, HEADER))
    if used < HEADER:     # a compaction cut in its first bytes
        kind = "corrupt" if head[:used] == (MAGIC + bytes((FORMAT,)))[:used] else "foreign"
        return kind, None, 0
    if head[:3] != MAGIC:
        return "foreign", None, 0
    if head[3] != FORMAT:
        return "old" if head[3] < FORMAT else "newer", None, 0
    at = HEADER
    cur = None
    stop = -1            # where the last record that is not whole began
    while at < used:
        got = _next(read, size, at, cur)
        if got is None:
            if stop < 0:
                stop = at
            at = _next_full(read, size, at)
            if at < 0:
                at = stop
                break
            continue
        cur, n = got
        at += n
        stop = -1
    if cur is None:
        return "corrupt", None, 0
    return "ok", bytes(cur), at


def _gap(read, size, at):
    """Whether the GAP bytes at `at` (those before the end) read erased."""
    n = GAP if at + GAP <= size else size - at
    return read(at, n) == ERASED[:n]


def _next_full(read, size, at):
    """Where the next whole F record after the one at `at` that is not whole
    begins, before GAP erased bytes; -1 when there is none."""
    if _gap(read, size, at):
        return -1
    at += 1
    while at < size and not _gap(read, size, at):
        if read(at, 1)[0] == FULL and _record_at(read, size, at, False) is not None:
            return at
        at += 1
    return -1


def after_log(read, size, end):
    # each record carries its own checksum, so the whole ones behind a
    # damaged record can be counted (not applied: each changes the one
    # before); the gap is looked for at every byte, as read_log() does
    lost = 1
    at = end + 1
    counted = at          # records are counted from here on, one after another
    while at < size and not _gap(read, size, at):
        if at >= counted:
            got = _record_at(read, size, at, True)
            if got is not None:
                lost += 1
                counted = at + got[2]
        at += 1
    return lost, at


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


def _record_at(read, size, at, deltas):
    """(its bytes, the head's length, its length) for the whole record at
    `at` (an A or D record only with `deltas`), or None."""
    room = size - at
    if room < 7:
        return None
    rec = read(at, 16 if room > 16 else room)   # most records: one read
    tag = rec[0]
    if tag == FULL:
        n = (rec[1] << 8) | rec[2]
        skip = 3
    elif (tag == APPEND or tag == DELTA) and deltas:
        n = rec[1]
        skip = 2
    else:
        return None
    total = skip + n + 4
    if total > room:
        return None
    if total > len(rec):
        rec = read(at, total)
    if crc32(memoryview(rec)[:total - 4]) != int.from_bytes(rec[total - 4:total], "big"):
        return None
    return rec, skip, total


def _next(read, size, at, cur):
    """(payload, length) after the record at `at`: `cur` (a bytearray,
    None before the first record) changed in place; None when there is
    no whole record there."""
    got = _record_at(read, size, at, cur is not None)
    if got is None:
        return None
    rec, skip, total = got
    body = memoryview(rec)
    if rec[0] == FULL:
        return bytearray(body[skip:total - 4]), total
    keep = int.from_bytes(rec[skip:skip + 2], "big")
    tail = 0
    if rec[0] == DELTA:
        tail = int.from_bytes(rec[skip + 2:skip + 4], "big")
        skip += 2
    skip += 2
    if skip > total - 4 or keep + tail > len(cur):
        return None
    cur[keep:len(cur) - tail] = body[skip:total - 4]
    return cur, total
