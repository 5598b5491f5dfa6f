"""Saving the whole match after every move, so pulling the plug loses at most
the move being made; and reading it back safely (the reading half, which a
game's moves do not need, is log_read.py).  The layout, a log of records in
the flash sector, is in docs/DESIGN.md ("Saves"), its constants in the
package's __init__.py.

  load() -> the newest good save's bytes or None; problem: one line when a
      bad save was set aside; notice: one line when the save read back is
      older than the last written (LOST, or DAMAGED with how many saves).
  save(data) -> True, or False and problem.
  NvmStorage(nvm): len(), slice reads and writes, erased bytes read 0xFF.

Flash programs a write into erased bytes in place and erases the sector for
any other (RP2040) or for every write (SAMD51): a save appends a record into
erased bytes, GAP of them still following it, and a full sector is
compacted in one write, the one erase.  erase_every_write (SAMD51) compacts
every save.
"""

from micropython import const

from mapello.game.save import (APPEND, CHUNK, DELTA, ERASED, FORMAT, FULL, GAP, HEADER, MAGIC,
                               crc32)

_ROOM = const(80)  # bytes kept for the saves to grow into: a game's moves, one byte each


def _record(tag, body):
    """Tag, length, body and CRC-32 as one record's bytes."""
    n = len(body)
    rec = bytearray((tag, n >> 8, n & 255) if tag == FULL else (tag, n))
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
        return _record(APPEND, bytes((k >> 8, k & 255)) + mid)
    if len(mid) <= 251:
        return _record(DELTA, bytes((k >> 8, k & 255, t >> 8, t & 255)) + mid)
    return _record(FULL, new)


class LogStorage:
    """Saves as records appended to a bytearray-like `mem` (see the module
    docstring); `base` and `size` pick a part of it.  Reading the memory
    back is log_read.py's: it leaves the state below as it finds the log."""

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
        self._after = -1         # not clean: where what a cut left ends (a whole save may go there)
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
            k = end - at if end - at < CHUNK else CHUNK
            if self._read(at, k) != ERASED[:k]:
                return False
            at += k
        return True

    def load(self):
        """The newest good save, or None; never raises on bad contents.  The
        memory is read once (by log_read.py's load()): later calls give what
        that read, or the last save, left (with the same problem and
        notice), since nothing else writes it.  At power-on the settings,
        the menu and the resume each ask."""
        if self._known:
            return None if self._last is None else bytes(self._last)
        from mapello.game.save.log_read import load
        return load(self)

    def set_aside(self):
        """Stop using the current contents (a bad save): the next save
        rewrites them.  FileStorage keeps a copy."""
        self._known = False
        self._last = None
        self._clean = False
        self._after = -1
        if self._end < 0:
            self._end = 0

    def save(self, data):
        """Write `data` (bytes-like) as the newest save; True, or False with
        self.problem."""
        if len(data) > self.capacity():
            self.problem = "save too big: %d bytes, room for %d" % (len(data), self.capacity())
            return False
        try:
            if self._end < 0:
                from mapello.game.save.log_read import scan
                scan(self)
            if data != self._last:
                rec = None
                at = self._end
                if self.erase_every_write:
                    pass
                elif self._clean and self._last is not None:
                    rec = _delta(self._last, data)
                elif self._after >= 0:      # after what a cut left: a whole save, no erase
                    rec = _record(FULL, data)
                    at = self._after
                if rec is not None and (at + len(rec) > self.size
                                        or not self._erased(at, len(rec) + GAP)):
                    rec = None
                if rec is None:
                    self._compact(data)
                else:
                    self._write(at, rec)
                    self._end = at + len(rec)
                    if self._end > self._used:
                        self._used = self._end
                    self._clean = True
                    self.last_record = len(rec)
                self._after = -1
        except (OSError, RuntimeError, ValueError, IndexError, MemoryError) as e:
            self.problem = "save failed: %s" % ("out of memory" if isinstance(e, MemoryError)
                                                else str(e)[:40])
            self._end = -1      # what the memory holds is not known: read it again
            self._known = False
            return False
        self._keep(data)
        self._known = True
        self.problem = None
        self.notice = None
        return True

    def _keep(self, data):
        """Hold a copy of what the memory now holds, in the bytearray kept from
        the last save: a game's saves grow a byte a move, so it seldom needs
        a new piece of heap."""
        last = self._last
        if last is None or type(last) is bytes:   # as read back
            # room for the moves a game adds: a bytearray emptied or cut
            # keeps its room, and grows into it without a new piece
            last = self._last = bytearray(len(data) + _ROOM)
        last[:] = data

    def _compact(self, data):
        """The header and one F record, erased bytes over the rest that was
        used: one write (on flash, the one erase).  When the heap has no
        room in one piece for all of it, erased bytes over less of it."""
        rec = _record(FULL, data)
        n = HEADER + len(rec)
        span = self._used if self._used > n else n      # erased bytes follow it
        least = n + GAP if n + GAP < span else span   # what must be erased at least
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
        for i in range(n, span, CHUNK):
            k = span - i if span - i < CHUNK else CHUNK
            image[i:i + k] = ERASED[:k]
        self._write(0, image)
        self.compactions += 1
        self.last_record = len(rec)
        self._end = n
        if span >= self._used:            # else old records stay, behind erased bytes
            self._used = n
        self._clean = True


def NvmStorage(nvm=None, base=0, size=None, erase_every_write=False):
    """Saves in microcontroller.nvm (or any bytearray-like object, for tests).
    erase_every_write: the port erases on every write (SAMD51)."""
    if nvm is None:
        import microcontroller
        nvm = microcontroller.nvm
    return LogStorage(nvm, base, size, erase_every_write)
