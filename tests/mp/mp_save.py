"""Saves inside MicroPython: an append cut at every byte leaves the previous
save, never garbage; compaction; foreign contents reported; pack/unpack with
every value checked."""
import gc

for _name in ("mapello.game.series", "mapello.game.save.log", "mapello.game.save.payload", "mapello.game.save.resume"):  # one at a time, collecting between: each compile fits the 80 KiB heap
    gc.collect()
    __import__(_name)
gc.collect()

from mapello.game.save.resume import resume
from mapello.game.save import crc32
from mapello.game.save.log import NvmStorage


class _Flash:
    """Erased bytes read 0xFF; a write into erased bytes programs them, any
    other erases first (the RP2040's nvm); the next write may stop after
    `cut` bytes (the plug is pulled)."""

    def __init__(self, n):
        self.data = bytearray(b"\xff" * n)
        self.cut = None
        self.erases = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        return self.data[key]

    def __setitem__(self, key, value):
        start = key.start
        stop = key.stop
        erased = self.data[start:stop] == b"\xff" * (stop - start)
        if not erased:
            self.erases += 1
            image = bytearray(self.data)
            image[start:stop] = value
            self.data[:] = b"\xff" * len(self.data)
            start = 0
            value = image
        if self.cut is None:
            self.data[start:start + len(value)] = value
            return
        self.data[start:start + self.cut] = value[:self.cut]
        raise KeyboardInterrupt


def _payload(step):
    return bytes([(step * 31 + i) & 255 for i in range(60 + step)])


def check_crc32():
    assert crc32(b"123456789") == 0xCBF43926
    import mapello.game.save as save
    keep = save._crc32
    save._crc32 = None
    try:
        assert crc32(b"123456789") == 0xCBF43926
    finally:
        save._crc32 = keep


def check_appends_cut_at_every_byte():
    nvm = _Flash(1024)
    previous = None
    for step in range(6):
        data = _payload(step)
        before = bytes(nvm.data)
        for cut in range(0, 12):
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
    assert nvm.erases == 0


def check_compaction_when_full():
    nvm = _Flash(512)
    store = NvmStorage(nvm)
    for step in range(40):
        assert store.save(_payload(step % 7))
        assert NvmStorage(nvm).load() == _payload(step % 7)
    assert store.compactions > 1 and nvm.erases == store.compactions - 1


def check_foreign_contents_reported():
    gc.collect()
    nvm = _Flash(1024)
    nvm.data[:] = b"\x42" * 1024
    store = NvmStorage(nvm)
    saved, problem = resume(store)
    assert saved is None and problem == "no Mapello save in memory; set aside, new game"
    assert store.save(b"ok") and NvmStorage(nvm).load() == b"ok"


def check_pack_unpack_settings_and_series():
    from mapello.game.save.payload import pack
    from mapello.game.save.resume import unpack
    from mapello.game.save.errors import SaveError
    from mapello.game.series import Series
    s = Series(3)
    s.add_result(40, 24)
    data = pack(None, s, {"timer": 60, "level": 2, "brightness": 40})
    back = unpack(data)
    assert back.match is None and back.series.wins == [1, 0]
    assert back.settings == {"timer": 60, "level": 2, "brightness": 40}
    assert pack(None, back.series, back.settings) == data
    for bad in ({"mode": 3}, {"timer": -10}, {"level": "hard"}, {"hints": True}):
        try:
            unpack(pack(None, s, bad))
            assert False, bad
        except SaveError:
            pass


def check_the_rules_forbidding_a_saved_board_are_said_in_a_board_files_words():
    """Last (checks run in name order): it loads the game and its record."""
    from mapello.game.game import Game
    from mapello.game.save.payload import pack
    from mapello.game.save.resume import unpack
    from mapello.game.save.errors import SaveError
    from mapello.rules.limits import Limits
    from mapello.rules.position import Position, parse_cell
    gc.collect()
    ok = Position(bonuses=1 << parse_cell("c3"), jokers=1 << 5)
    assert unpack(pack(Game(ok), None, {})).match.start.bonuses == ok.bonuses
    walls = 0
    for name in ("b2", "g7", "c2"):
        walls |= 1 << parse_cell(name)
    for start, limits, why in ((Position(bonuses=1 << parse_cell("e4")), None,
                                "save: bonus on e4: the centre four must stay free"),
                               (Position(walls=walls), Limits(2, 8, 8),
                                "save: board breaks its limits: 3 walls: at most 2")):
        try:
            unpack(pack(Game(start, limits=limits), None, {}))
            assert False, why
        except SaveError as e:
            assert str(e) == why, str(e)
