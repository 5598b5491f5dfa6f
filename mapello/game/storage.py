"""Saving the whole match after every move, so pulling the plug loses at most
the move being made; and reading it back safely.  The layout, a log of
records in the flash sector, is in docs/DESIGN.md ("Saves").

  load() -> the newest good save's bytes or None; problem: one line when a
      bad save was set aside; notice: one line when the save read back is
      older than the last written.  save(data) -> True, or False and problem.
  NvmStorage(nvm): len(), slice reads and writes, erased bytes read 0xFF.

Flash programs a write into erased bytes in place and erases the sector for
any other (RP2040) or for every write (SAMD51): a save appends a record into
erased bytes, _GAP of them still following it, and a full sector is
compacted in one write, the one erase.  erase_every_write (SAMD51) compacts
every save.
"""

try:
    from binascii import crc32 as _crc32
except ImportError:
    _crc32 = None

MAGIC = b"MPL"
FORMAT = 2
HEADER = 4
_FULL = 0x46    # "F"
_APPEND = 0x41  # "A"
_DELTA = 0x44   # "D"
_M32 = 0xFFFFFFFF
_CHUNK = 64
_ERASED = b"\xff" * _CHUNK
_GAP = 16       # erased bytes after the last record: more than a record's head
LOST = "last move lost: save damaged"


def crc32(data, crc=0):
    """Standard CRC-32 (binascii's when there is one, the same numbers if not)."""
    if _crc32 is not None:
        return _crc32(data, crc) & _M32
    crc ^= _M32
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
    return crc ^ _M32


def _u(data, at, n):
    v = 0
    for i in range(n):
        v = (v << 8) | data[at + i]
    return v


def _put(buf, at, value, n):
    for i in range(n):
        buf[at + i] = (value >> (8 * (n - 1 - i))) & 255


def _record(tag, body):
    """Tag, length, body and CRC-32 as one record's bytes."""
    n = len(body)
    rec = bytearray((tag, n >> 8, n & 255) if tag == _FULL else (tag, n))
    rec.extend(body)
    c = crc32(rec)
    rec.extend(bytes(((c >> 24) & 255, (c >> 16) & 255, (c >> 8) & 255, c & 255)))
    return rec


def _delta(old, new):
    """The smallest record that turns payload `old` into `new`."""
    a, b = len(old), len(new)
    k = 0
    while k < a and k < b and old[k] == new[k]:
        k += 1
    t = 0
    while t < a - k and t < b - k and old[a - 1 - t] == new[b - 1 - t]:
        t += 1
    mid = new[k:b - t]
    if t == 0 and len(mid) <= 253:
        return _record(_APPEND, bytes((k >> 8, k & 255)) + mid)
    if len(mid) <= 251:
        return _record(_DELTA, bytes((k >> 8, k & 255, t >> 8, t & 255)) + mid)
    return _record(_FULL, new)


class LogStorage:
    """Saves as records appended to a bytearray-like `mem` (see the module
    docstring); `base` and `size` pick a part of it."""

    def __init__(self, mem, base=0, size=None, erase_every_write=False):
        self.mem = mem
        self.base = base
        self.size = (len(mem) - base) if size is None else size
        self.erase_every_write = bool(erase_every_write)
        self.problem = None
        self.notice = None
        self.writes = 0
        self.bytes_written = 0
        self.compactions = 0
        self.last_record = 0     # bytes of the last record appended or compacted
        self._last = None        # the payload the memory holds now
        self._end = -1           # where the next record goes; -1: not read yet
        self._used = 0           # past the last byte that is not erased
        self._clean = False      # records can be appended at _end
        self._known = False      # _last is what the memory holds: load() need not read it

    def capacity(self):
        """The largest payload a save can hold."""
        return self.size - HEADER - 7

    def _read(self, at, n):
        return self.mem[self.base + at:self.base + at + n]

    def _write(self, at, data):
        self.mem[self.base + at:self.base + at + len(data)] = data
        self.writes += 1
        self.bytes_written += len(data)

    def _erased(self, at, n):
        """Whether the n bytes at `at` (those before the end) read erased."""
        end = at + n if at + n < self.size else self.size
        while at < end:
            k = end - at if end - at < _CHUNK else _CHUNK
            if self._read(at, k) != _ERASED[:k]:
                return False
            at += k
        return True

    def _find_used(self):
        end = self.size
        while end > 0:
            start = end - _CHUNK if end > _CHUNK else 0
            chunk = self._read(start, end - start)
            if chunk != _ERASED[:end - start]:
                i = end - start
                while chunk[i - 1] == 0xFF:
                    i -= 1
                return start + i
            end = start
        return 0

    def _next(self, at, cur):
        """(payload, length) after the record at `at`: `cur` (a bytearray,
        None before the first record) changed in place; None when there is
        no whole record there."""
        room = self.size - at
        if room < 7:
            return None
        rec = self._read(at, 16 if room > 16 else room)   # most records: one read
        tag = rec[0]
        if tag == _FULL:
            n = (rec[1] << 8) | rec[2]
            skip = 3
        elif (tag == _APPEND or tag == _DELTA) and cur is not None:
            n = rec[1]
            skip = 2
        else:
            return None
        total = skip + n + 4
        if total > room:
            return None
        if total > len(rec):
            rec = self._read(at, total)
        body = memoryview(rec)
        if crc32(body[:total - 4]) != _u(rec, total - 4, 4):
            return None
        if tag == _FULL:
            return bytearray(body[skip:total - 4]), total
        keep = _u(rec, skip, 2)
        tail = 0
        if tag == _DELTA:
            tail = _u(rec, skip + 2, 2)
            skip += 2
        skip += 2
        if skip > total - 4 or keep + tail > len(cur):
            return None
        cur[keep:len(cur) - tail] = body[skip:total - 4]
        return cur, total

    def _scan(self):
        """Read the memory: 'ok' (a save found), 'blank', or why not."""
        self._last = None
        self._end = 0
        self._clean = False
        self._used = used = self._find_used()
        if used == 0:
            self._clean = True
            return "blank"
        head = bytes(self._read(0, HEADER))
        if head == b"\x00" * HEADER:
            return "blank"
        if used < HEADER:     # a compaction cut in its first bytes
            return "corrupt" if head[:used] == (MAGIC + bytes((FORMAT,)))[:used] else "foreign"
        if head[:3] != MAGIC:
            return "foreign"
        if head[3] != FORMAT:
            return "old" if head[3] < FORMAT else "newer"
        at = HEADER
        cur = None
        while at < used:
            got = self._next(at, cur)
            if got is None:
                break
            cur, n = got
            at += n
        if cur is None:
            return "corrupt"
        self._last = bytes(cur)
        self._end = at
        self._clean = self._erased(at, _GAP)
        if not self._clean:
            self.notice = LOST
        return "ok"

    def load(self):
        """The newest good save, or None; never raises on bad contents.  The
        memory is read once: later calls give what that read, or the last
        save, left (with the same problem and notice), since nothing else
        writes it.  At power-on the settings, the menu and the resume each ask."""
        if self._known:
            return self._last
        self.problem = None
        self.notice = None
        try:
            kind = self._scan()
        except (IndexError, ValueError, TypeError):
            kind = "corrupt"
        if kind == "ok" or kind == "blank":
            self._known = True
            return self._last
        self.problem = _WHY[kind] + "; set aside, new game"
        self.set_aside()
        return None

    def set_aside(self):
        """Stop using the current contents (a bad save): the next save
        rewrites them.  FileStorage keeps a copy."""
        self._known = False
        self._last = None
        self._clean = False
        if self._end < 0:
            self._end = 0

    def save(self, data):
        """Write `data` as the newest save; True, or False with self.problem."""
        data = bytes(data)
        if len(data) > self.capacity():
            self.problem = "save too big: %d bytes, room for %d" % (len(data), self.capacity())
            return False
        try:
            if self._end < 0:
                self._scan()
            if data != self._last:
                rec = None
                if self._clean and self._last is not None and not self.erase_every_write:
                    rec = _delta(self._last, data)
                    if self._end + len(rec) > self.size or not self._erased(self._end, len(rec) + _GAP):
                        rec = None
                if rec is None:
                    self._compact(data)
                else:
                    self._write(self._end, rec)
                    self._end += len(rec)
                    if self._end > self._used:
                        self._used = self._end
                    self.last_record = len(rec)
        except (OSError, RuntimeError, ValueError, IndexError, MemoryError) as e:
            self.problem = "save failed: %s" % ("out of memory" if isinstance(e, MemoryError)
                                                else str(e)[:40])
            self._end = -1      # what the memory holds is not known: read it again
            self._known = False
            return False
        self._last = data
        self._known = True
        self.problem = None
        self.notice = None
        return True

    def _compact(self, data):
        """The header and one F record, erased bytes over the rest that was
        used: one write (on flash, the one erase).  When the heap has no
        room in one piece for all of it, erased bytes over less of it."""
        rec = _record(_FULL, data)
        n = HEADER + len(rec)
        span = self._used if self._used > n else n      # erased bytes follow it
        least = n + _GAP if n + _GAP < span else span   # what must be erased at least
        while True:
            try:
                image = bytearray(span)   # one allocation of up to the sector
                break
            except MemoryError:
                if span == least:
                    raise
                span = least + (span - least) // 4
        image[0:3] = MAGIC
        image[3] = FORMAT
        image[HEADER:n] = rec
        for i in range(n, span, _CHUNK):
            k = span - i if span - i < _CHUNK else _CHUNK
            image[i:i + k] = _ERASED[:k]
        self._write(0, image)
        self.compactions += 1
        self.last_record = len(rec)
        self._end = n
        if span >= self._used:            # else old records stay, behind erased bytes
            self._used = n
        self._clean = True


_WHY = {
    "corrupt": "save damaged (bad checksum)",
    "newer": "save from a newer version",
    "old": "save from an older version",
    "foreign": "no Mapello save in memory",
}


def NvmStorage(nvm=None, base=0, size=None, erase_every_write=False):
    """Saves in microcontroller.nvm (or any bytearray-like object, for tests).
    erase_every_write: the port erases on every write (SAMD51)."""
    if nvm is None:
        import microcontroller
        nvm = microcontroller.nvm
    return LogStorage(nvm, base, size, erase_every_write)
