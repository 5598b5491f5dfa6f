"""Saves inside MicroPython: a write torn at every byte leaves the new or the
previous save, never garbage; foreign contents are reported; pack/unpack."""
import gc

for _name in ("mapello.game.series", "mapello.game.storage", "mapello.game.savefile"):  # one at a time, collecting between: each compile fits the 64 KiB heap
    gc.collect()
    __import__(_name)
gc.collect()

from mapello.game.storage import NvmStorage, crc32, resume


class _Torn:
    """NVM whose next write stops after `cut` bytes (the plug is pulled)."""

    def __init__(self, n):
        self.data = bytearray(n)
        self.cut = None

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        return self.data[key]

    def __setitem__(self, key, value):
        if self.cut is None:
            self.data[key] = value
            return
        self.data[key.start:key.start + self.cut] = value[:self.cut]
        raise KeyboardInterrupt


def _payload(step):
    return bytes([(step * 31 + i) & 255 for i in range(60 + step)])


def check_crc32():
    assert crc32(b"123456789") == 0xCBF43926
    import mapello.game.storage as save
    keep = save._crc32
    save._crc32 = None
    try:
        assert crc32(b"123456789") == 0xCBF43926
    finally:
        save._crc32 = keep


def check_torn_writes_at_every_byte():
    nvm = _Torn(1024)
    previous = None
    for step in range(4):
        data = _payload(step)
        before = bytes(nvm.data)
        for cut in range(0, 14 + len(data)):
            nvm.data[:] = before
            s = NvmStorage(nvm)
            s.load()
            nvm.cut = cut
            try:
                s.save(data)
            except KeyboardInterrupt:
                pass
            nvm.cut = None
            got = NvmStorage(nvm).load()
            assert got == data or got == previous, (step, cut)
        nvm.data[:] = before
        store = NvmStorage(nvm)
        store.load()
        assert store.save(data) and store.writes == 1
        previous = data


def check_foreign_contents_reported():
    store = NvmStorage(bytearray(b"\x42" * 4096))
    saved, problem = resume(store)
    assert saved is None and problem == "no Mapello save in memory; set aside, new game"
    assert store.save(b"ok") and NvmStorage(store.mem).load() == b"ok"


def check_pack_unpack_settings_and_series():
    from mapello.game.storage import pack, unpack
    from mapello.game.series import Series
    s = Series(3)
    s.add_result(40, 24)
    data = pack(None, s, {"timer": 60, "level": "hard", "brightness": 40})
    back = unpack(data)
    assert back.match is None and back.series.wins == [1, 0]
    assert back.settings == {"timer": 60, "level": "hard", "brightness": 40}
    assert pack(None, back.series, back.settings) == data
