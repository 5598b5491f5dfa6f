"""Saving the whole match after every move, so pulling the plug loses at most
the move being made; and reading it back safely.

Storage back ends share one interface:
  storage.load()  -> the newest good save's bytes, or None (then
                     storage.problem is a one-line str if a save was corrupt,
                     foreign or from an old format and was set aside)
  storage.save(data) -> True, or False with storage.problem saying why
  NvmStorage(nvm): over microcontroller.nvm or any bytearray-like object
  FileStorage(path, size): the same layout in a file on the desktop

Layout: the memory is split into two slots.  A save goes to the slot that
does not hold the newest good state, with the next sequence number and a
CRC-32 over version, sequence, length and payload, so a write torn by power
loss leaves that slot invalid and the other slot, the previous good state,
wins on the next load.  Only the span from the first to the last changed byte
is written: one write per save.
  slot: "MPL" version(1) seq(4) length(2) crc32(4) payload(length)

What a save holds (pack/unpack/resume, the whole match) is in
mapello/game/savefile.py; the names are re-exported here.
"""

try:
    from binascii import crc32 as _crc32
except ImportError:
    _crc32 = None

MAGIC = b"MPL"
FORMAT = 1
HEADER = 14
_M32 = 0xFFFFFFFF


class SaveError(ValueError):
    """A save that cannot be used; str() is one line for the player."""


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


def _newer(a, b):
    """Sequence a is after b (wrapping 32-bit serial numbers)."""
    return a != b and ((a - b) & _M32) < 0x80000000


class SlotStorage:
    """Two slots with sequence numbers and checksums over a bytearray-like `mem`.

    mem needs len(), slice reads and slice assignment (microcontroller.nvm
    has all three).  writes and bytes_written count what save() wrote.
    """

    def __init__(self, mem, base=0, size=None):
        self.mem = mem
        self.base = base
        self.size = (len(mem) - base) if size is None else size
        self.slot_size = self.size // 2
        self.problem = None
        self.writes = 0
        self.bytes_written = 0
        self._current = None  # slot of the newest good save
        self._seq = 0

    def capacity(self):
        """The largest payload a save can hold."""
        return self.slot_size - HEADER

    def _slot_base(self, slot):
        return self.base + slot * self.slot_size

    def _read_slot(self, slot):
        """('ok', seq, payload) or (kind, 0, None) with kind blank, foreign,
        old, newer or corrupt."""
        at = self._slot_base(slot)
        head = bytes(self.mem[at:at + HEADER])
        if head == b"\xff" * HEADER or head == b"\x00" * HEADER:
            return ("blank", 0, None)
        if head[:3] != MAGIC:
            return ("foreign", 0, None)
        if head[3] != FORMAT:
            return ("old" if head[3] < FORMAT else "newer", 0, None)
        length = _u(head, 8, 2)
        if length > self.capacity():
            return ("corrupt", 0, None)
        payload = bytes(self.mem[at + HEADER:at + HEADER + length])
        if crc32(payload, crc32(head[3:10])) != _u(head, 10, 4):
            return ("corrupt", 0, None)
        return ("ok", _u(head, 4, 4), payload)

    def load(self):
        """The newest good save, or None; never raises on bad contents."""
        self.problem = None
        best = None
        kinds = []
        for slot in (0, 1):
            try:
                kind, seq, payload = self._read_slot(slot)
            except (IndexError, ValueError, TypeError):
                kind, seq, payload = ("corrupt", 0, None)
            kinds.append(kind)
            if kind == "ok" and (best is None or _newer(seq, best[1])):
                best = (slot, seq, payload)
        if best is not None:
            self._current, self._seq = best[0], best[1]
            return best[2]
        self._current, self._seq = None, 0
        for kind in ("corrupt", "newer", "old", "foreign"):
            if kind in kinds:
                self.problem = _WHY[kind] + "; set aside, new game"
                self.set_aside()
                break
        return None

    def set_aside(self):
        """Stop using the current contents (a bad save).  Here the next save
        simply overwrites them; FileStorage keeps a copy."""
        self._current, self._seq = None, self._seq

    def save(self, data):
        """Write `data` as the newest save; True, or False with self.problem."""
        if len(data) > self.capacity():
            self.problem = "save too big: %d bytes, room for %d" % (len(data), self.capacity())
            return False
        slot = 0 if self._current is None else 1 - self._current
        seq = (self._seq + 1) & _M32
        image = bytearray(HEADER + len(data))
        image[0:3] = MAGIC
        image[3] = FORMAT
        _put(image, 4, seq, 4)
        _put(image, 8, len(data), 2)
        image[HEADER:] = data
        _put(image, 10, crc32(data, crc32(bytes(image[3:10]))), 4)
        at = self._slot_base(slot)
        try:
            old = self.mem[at:at + len(image)]
            first = 0
            n = len(image)
            while first < n and old[first] == image[first]:
                first += 1
            last = n
            while last > first and old[last - 1] == image[last - 1]:
                last -= 1
            if last > first:
                self.mem[at + first:at + last] = image[first:last]
                self.writes += 1
                self.bytes_written += last - first
        except (OSError, ValueError) as e:
            self.problem = "save failed: %s" % e
            return False
        self._current, self._seq = slot, seq
        self.problem = None
        return True

    def clear(self):
        """Forget every save (erases both slot headers)."""
        for slot in (0, 1):
            at = self._slot_base(slot)
            self.mem[at:at + HEADER] = b"\xff" * HEADER
        self._current, self._seq = None, 0


_WHY = {
    "corrupt": "save damaged (bad checksum)",
    "newer": "save from a newer version",
    "old": "save from an older version",
    "foreign": "no Mapello save in memory",
}


def NvmStorage(nvm=None, base=0, size=None):
    """Saves in microcontroller.nvm (or any bytearray-like object, for tests)."""
    if nvm is None:
        import microcontroller
        nvm = microcontroller.nvm
    return SlotStorage(nvm, base, size)


class _FileMemory:
    """A bytearray mirrored to a file: slice writes go straight to disk."""

    def __init__(self, path, size):
        self.path = path
        self.data = bytearray(b"\xff" * size)
        try:
            with open(path, "rb") as f:
                got = f.read(size)
            self.data[0:len(got)] = got
        except OSError:
            pass

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        return self.data[key]

    def __setitem__(self, key, value):
        self.data[key] = value
        try:
            f = open(self.path, "r+b")
            whole = f.seek(0, 2) < len(self.data)  # short file: rewrite it all
        except OSError:
            f = open(self.path, "wb")
            whole = True
        if whole:
            f.seek(0)
            f.write(self.data)
        else:
            f.seek(key.start)
            f.write(value)
        f.flush()
        f.close()


class FileStorage(SlotStorage):
    """The NVM layout in a file (desktop); a bad file is renamed to PATH.bad."""

    def __init__(self, path, size=4096):
        self.path = path
        super().__init__(_FileMemory(path, size), 0, size)

    def set_aside(self):
        try:
            import os
            os.rename(self.path, self.path + ".bad")
        except (OSError, ImportError):
            pass
        self.mem = _FileMemory(self.path, self.size)
        self._current = None


# --- what a save holds: mapello/game/savefile.py, loaded when first used --------
def pack(match, series, settings=None):
    """Payload bytes for the whole match: settings, series, game so far."""
    from mapello.game.savefile import pack as f
    return f(match, series, settings)


def unpack(data, clock=None, seed=0):
    """A snapshot.Saved from pack()'s bytes; SaveError (one line) if unusable."""
    from mapello.game.savefile import unpack as f
    return f(data, clock, seed)


def resume(storage, clock=None, seed=0):
    """(Saved or None, problem or None): the last save, never an exception.

    A save that passes its checksum but cannot be unpacked is set aside too.
    """
    if storage is None:
        return None, None
    try:
        data = storage.load()
    except Exception as e:
        return None, "save unreadable: %s" % e
    if data is None:
        return None, storage.problem
    try:
        return unpack(data, clock, seed), None
    except MemoryError:
        return None, "no memory to resume the save; kept"
    except SaveError as e:
        storage.set_aside()
        return None, str(e) + "; set aside, new game"
