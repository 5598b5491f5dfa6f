"""A faithful model of CircuitPython's `microcontroller.nvm`, for the save
tests and the save benchmark (desktop/bench/save_log.py).

What the two ports do with `nvm[a:b] = data` (CircuitPython 10 sources):

- rp2040 (ports/raspberrypi/common-hal/nvm/ByteArray.c): nvm is one 4 KiB
  flash sector.  If every target byte reads 0xFF the new bytes are programmed
  in place, page by page, with no erase.  Otherwise the whole sector is copied
  to RAM, the slice is put in the copy, the sector is erased and all of it is
  programmed again.
- samd51 (ports/atmel-samd/common-hal/nvm/ByteArray.c -> ASF4 `_flash_write`
  in hpl_nvmctrl.c): nvm is 8 KiB, one NVMCTRL block (NVMCTRL_BLOCK_SIZE,
  16 pages of 512 bytes).  Every write reads the block, erases it and
  programs all 16 pages again, whatever the bytes were.

Power cuts: `cut_after(n)` lets the next n steps happen, then the power goes
and the assignment raises PowerCut.  A step of an in-place program is one
byte written (in address order).  An erase and rewrite is one step for the
erase (the sector then reads all 0xFF) and one step per byte programmed again
from the start of the sector.  With `torn=True` the byte being programmed at
the cut keeps some of its bits at 1 (seeded), as a half-programmed byte does.

Counters: erases, programs (in-place writes), writes (assignments that
completed or were cut), bytes_programmed.  `fail_next` makes the next write
raise RuntimeError, as CircuitPython does when a flash write fails.
"""

SECTOR = {"rp2040": 4096, "samd51": 8192}


class PowerCut(Exception):
    """The power went in the middle of an NVM write."""


class FakeNvm:
    def __init__(self, port="rp2040", data=None, torn=False, seed=1):
        if port not in SECTOR:
            raise ValueError("port is rp2040 or samd51")
        self.port = port
        self.size = SECTOR[port]
        self.data = bytearray(b"\xff" * self.size)
        if data is not None:
            self.data[:len(data)] = data
        self.torn = torn
        self._rng = seed or 1
        self._budget = None
        self.fail_next = False
        self.erases = 0
        self.programs = 0
        self.writes = 0
        self.bytes_programmed = 0

    # --- what CircuitPython's nvm offers: len, reads, slice writes -------------
    def __len__(self):
        return self.size

    def __getitem__(self, key):
        if isinstance(key, slice):
            start, stop, step = key.indices(self.size)
            if step != 1:
                raise NotImplementedError("only step 1")
            return bytearray(self.data[start:stop])
        return self.data[key]

    def __setitem__(self, key, value):
        if isinstance(key, int):
            key = slice(key, key + 1)
            value = bytes([value])
        start, stop, step = key.indices(self.size)
        value = bytes(value)
        if step != 1:
            raise NotImplementedError("only step 1")
        if len(value) != stop - start:
            raise ValueError("Slice and value different lengths")  # as the nvm says
        if self.fail_next:
            self.fail_next = False
            raise RuntimeError("Unable to write to nvm.")
        self.writes += 1
        if self.port == "rp2040" and self.data[start:stop] == b"\xff" * (stop - start):
            self.programs += 1
            self._program(start, value)
        else:
            image = bytearray(self.data)
            image[start:stop] = value
            self._step()                       # the erase
            self.erases += 1
            self.data[:] = b"\xff" * self.size
            self._program(0, image)

    # --- power cuts --------------------------------------------------------------
    def cut_after(self, steps):
        """The power goes after `steps` more steps (None: never)."""
        self._budget = steps

    def steps_left(self):
        return self._budget

    def _step(self):
        if self._budget is not None:
            if self._budget == 0:
                raise PowerCut()
            self._budget -= 1

    def _program(self, at, value):
        n = len(value)
        k = n if self._budget is None or self._budget >= n else self._budget
        self.data[at:at + k] = value[:k]
        self.bytes_programmed += k
        if self._budget is not None:
            self._budget -= k
            if k < n:                      # the power goes before byte k is done
                if self.torn:
                    self.data[at + k] = value[k] | self._random_bits()
                raise PowerCut()

    def _random_bits(self):
        self._rng = (self._rng * 1103515245 + 12345) & 0x7FFFFFFF
        return (self._rng >> 16) & 0xFF


def each_cut(nvm, action):
    """Run action() once for every step at which the power can go during it:
    the NVM is put back as it was, the power goes after n steps (n = 0, 1, ...)
    and n is yielded.  Ends when action() runs to the end with no cut; the NVM
    then holds what it wrote.  Counters are left as the whole run made them."""
    image = bytes(nvm.data)
    n = 0
    while True:
        nvm.data[:] = image
        nvm.cut_after(n)
        try:
            action()
        except PowerCut:
            nvm.cut_after(None)
            yield n
            n += 1
            continue
        nvm.cut_after(None)
        return
