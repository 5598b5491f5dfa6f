"""Save and resume: power loss at every byte of a save never yields garbage or
a crash; corrupt, foreign and old-format saves are reported in one line and set
aside; NVM and file back ends behave alike."""
import os

import pytest

from mapello.rules.position import PASS, Position
from mapello.game.game import Game
from mapello.rules.pieces import Limits
from mapello.game.random_boards import random_board
from mapello.rng import Rng
from mapello.game.storage import (FORMAT, HEADER, FileStorage, NvmStorage, SaveError, crc32, pack, resume,
                          unpack)
from mapello.game.series import Series

SETTINGS = {"brightness": 40, "timer": 60, "level": "medium"}

def game_on(board, computer=None, timer_ms=0, clock=None, seed=0):
    """A Game on a BoardFile, named and limited as the file says."""
    return Game(board.position, (), computer, timer_ms, clock, seed, board.name, board.limits)



class PowerLoss(Exception):
    """The plug was pulled in the middle of a write."""


class TornNvm:
    """A bytearray NVM whose next write stops after `cut` bytes.

    mode 'truncate': the rest of the write never happens; 'corrupt': the byte
    at the cut gets garbage; 'erased': the rest of the written span reads 0xFF
    (erased but not yet programmed)."""

    def __init__(self, data):
        self.data = bytearray(data)
        self.cut = None
        self.mode = "truncate"

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        return self.data[key]

    def __setitem__(self, key, value):
        if self.cut is None:
            self.data[key] = value
            return
        start = key.start
        k = self.cut
        self.data[start:start + k] = value[:k]
        if k < len(value):
            if self.mode == "corrupt":
                self.data[start + k] = value[k] ^ 0xA5
            elif self.mode == "erased":
                for i in range(start + k, start + len(value)):
                    self.data[i] = 0xFF
        raise PowerLoss()


def game_snapshots(seed=1, series=None):
    """pack() after every move of a random game (what the app saves)."""
    m = game_on(random_board(seed, Limits(4, 4, 4)), timer_ms=60000, clock=lambda: 0)
    series = series if series is not None else Series(5)
    rng = Rng(seed)
    out = [pack(m, series, SETTINGS)]
    while not m.pos.is_over():
        ms = m.pos.legal_moves()
        m.play(ms[rng.below(len(ms))] if ms else PASS)
        out.append(pack(m, series, SETTINGS))
    b, w = m.pos.score()
    series.add_result(b, w)
    out.append(pack(None, series, SETTINGS))
    return out, m


def test_save_and_resume_round_trip():
    snaps, m = game_snapshots()
    store = NvmStorage(bytearray(4096))
    for s in snaps[:-1]:
        assert store.save(s)
    saved, problem = resume(NvmStorage(store.mem), clock=lambda: 0)
    assert problem is None
    assert saved.match.moves == m.moves and saved.match.pos == m.pos
    assert saved.match.timer_ms == 60000 and saved.match.name == m.name
    assert saved.settings == SETTINGS and saved.series.length == 5


def test_power_loss_at_every_byte_of_every_save_gives_new_or_previous_state():
    snaps, _ = game_snapshots(2)
    for mode in ("truncate", "corrupt", "erased"):
        nvm = TornNvm(bytearray(b"\xff" * 4096))
        store = NvmStorage(nvm)
        previous = None
        checked = 0
        for data in snaps:
            image_before = bytes(nvm.data)
            # find how long this save's write is, then tear it at every byte
            probe = NvmStorage(bytearray(image_before))
            probe.load()
            probe.save(data)
            span = probe.bytes_written
            for cut in range(span):
                nvm.data[:] = image_before
                nvm.cut, nvm.mode = cut, mode
                torn = NvmStorage(nvm)
                torn.load()
                with pytest.raises(PowerLoss):
                    torn.save(data)
                nvm.cut = None
                got = NvmStorage(nvm).load()
                assert got == data or got == previous, (mode, cut)
                checked += 1
            nvm.data[:] = image_before
            store = NvmStorage(nvm)
            store.load()
            assert store.save(data)
            assert NvmStorage(nvm).load() == data
            previous = data
        assert checked > 1000


def test_torn_saves_unpack_to_a_playable_state():
    """Resume (load + unpack) after tearing a mid-game save at every byte."""
    snaps, _ = game_snapshots(3)
    nvm = TornNvm(bytearray(4096))
    store = NvmStorage(nvm)
    for data in snaps[:20]:
        store.save(data)
    before = bytes(nvm.data)
    new = snaps[20]
    for cut in range(0, HEADER + len(new)):
        nvm.data[:] = before
        s = NvmStorage(nvm)
        s.load()
        nvm.cut = cut
        try:
            s.save(new)
        except PowerLoss:
            pass
        nvm.cut = None
        saved, problem = resume(NvmStorage(nvm), clock=lambda: 0)
        assert problem is None
        assert pack(saved.match, saved.series, saved.settings) in (new, snaps[19])


def test_one_write_per_move_and_how_many_bytes():
    snaps, _ = game_snapshots(4)
    store = NvmStorage(bytearray(4096))
    for s in snaps:
        store.save(s)
    assert store.writes == len(snaps)  # exactly one slice write per save
    per_save = store.bytes_written / store.writes
    print("\nNVM: %d saves, %d writes, %.0f bytes written per save, last save %d bytes"
          % (len(snaps), store.writes, per_save, len(snaps[-2])))
    assert per_save < 200


def test_a_whole_game_with_series_and_settings_fits_easily():
    series = Series(0)
    for _ in range(30):
        series.add_result(40, 24)
    biggest = 0
    for seed in range(20):
        snaps, m = game_snapshots(seed, series)
        biggest = max(biggest, len(snaps[-2]))
    print("\nlargest save of a whole game + 50-game series + settings: %d bytes" % biggest)
    assert biggest < NvmStorage(bytearray(4096)).capacity() // 4


def test_blank_nvm_is_no_problem():
    for fill in (b"\xff", b"\x00"):
        store = NvmStorage(bytearray(fill * 4096))
        assert store.load() is None and store.problem is None
        assert resume(store) == (None, None)


def test_foreign_old_and_corrupt_saves_are_reported_and_set_aside():
    snaps, _ = game_snapshots(5)
    good = NvmStorage(bytearray(4096))
    good.save(snaps[3])
    good.save(snaps[4])

    foreign = bytearray(Rng(1).next32() & 255 for _ in range(4096))
    old = bytearray(good.mem)
    for at in (0, 2048):
        old[at + 3] = FORMAT - 1
    newer = bytearray(good.mem)
    for at in (0, 2048):
        newer[at + 3] = FORMAT + 1
    corrupt = bytearray(good.mem)
    for at in (0, 2048):
        corrupt[at + HEADER + 5] ^= 0xFF
    cases = ((foreign, "no Mapello save in memory"), (old, "save from an older version"),
             (newer, "save from a newer version"), (corrupt, "save damaged (bad checksum)"))
    for mem, why in cases:
        store = NvmStorage(mem)
        saved, problem = resume(store)
        assert saved is None
        assert problem == why + "; set aside, new game"
        assert "\n" not in problem and len(problem) < 60
        # the game starts fresh and its next save is good
        assert store.save(snaps[0])
        assert NvmStorage(mem).load() == snaps[0]


def test_checksum_good_but_unreadable_payload_is_set_aside():
    store = NvmStorage(bytearray(4096))
    store.save(b"\x00\x05hello")
    saved, problem = resume(store)
    assert saved is None and problem.startswith("save ") and problem.endswith("set aside, new game")
    assert store.save(pack(None, Series(), {}))
    saved, problem = resume(NvmStorage(store.mem))
    assert problem is None and saved.match is None


def test_random_damage_never_crashes():
    snaps, _ = game_snapshots(6)
    store = NvmStorage(bytearray(4096))
    for s in snaps[:10]:
        store.save(s)
    rng = Rng(77)
    base = bytes(store.mem)
    for i in range(300):
        mem = bytearray(base)
        for _ in range(1 + rng.below(4)):
            mem[rng.below(HEADER + 200) + 2048 * rng.below(2)] = rng.below(256)
        saved, problem = resume(NvmStorage(mem), clock=lambda: 0)
        assert saved is not None or problem is not None


def test_unpack_refuses_garbage_with_save_error():
    snaps, _ = game_snapshots(7)
    data = snaps[10]
    for cut in range(len(data)):
        with pytest.raises(SaveError):
            unpack(data[:cut])
    with pytest.raises(SaveError):
        unpack(data + b"x")


def test_too_big_for_a_small_nvm():
    store = NvmStorage(bytearray(256))
    snaps, _ = game_snapshots(8)
    assert not store.save(snaps[-2])
    assert store.problem.startswith("save too big:")
    assert store.save(pack(None, None, {}))


def test_sequence_numbers_pick_the_newest_slot_and_wrap():
    store = NvmStorage(bytearray(4096))
    store._seq = 0xFFFFFFFE
    store.save(b"a")   # seq 0xFFFFFFFF
    store.save(b"b")   # seq 0 (wrapped)
    assert NvmStorage(store.mem).load() == b"b"
    store.save(b"c")
    assert NvmStorage(store.mem).load() == b"c"


def test_crc32_matches_the_standard():
    import zlib
    for data in (b"", b"a", bytes(range(256)) * 3):
        assert crc32(data) == zlib.crc32(data)
    import mapello.game.storage as save
    keep = save._crc32
    try:
        save._crc32 = None  # the pure-Python path used where binascii is missing
        assert crc32(b"123456789") == 0xCBF43926
        assert crc32(b"6789", crc32(b"12345")) == 0xCBF43926
    finally:
        save._crc32 = keep


def test_file_storage_saves_resumes_and_sets_aside_a_bad_file(tmp_path):
    path = str(tmp_path / "mapello.sav")
    snaps, m = game_snapshots(9)
    store = FileStorage(path)
    assert store.load() is None and store.problem is None
    for s in snaps[:-1]:
        assert store.save(s)
    saved, problem = resume(FileStorage(path), clock=lambda: 0)
    assert problem is None and saved.match.pos == m.pos
    assert os.path.getsize(path) == 4096
    with open(path, "wb") as f:
        f.write(b"not a save at all" * 10)
    store = FileStorage(path)
    saved, problem = resume(store)
    assert saved is None and problem == "no Mapello save in memory; set aside, new game"
    assert os.path.exists(path + ".bad") and not os.path.exists(path)
    assert store.save(snaps[0])
    assert FileStorage(path).load() == snaps[0]


def test_file_storage_torn_at_every_byte(tmp_path):
    """The file holds the NVM image, so a torn in-place write is the NVM case."""
    path = str(tmp_path / "torn.sav")
    snaps, _ = game_snapshots(10)
    store = FileStorage(path)
    for s in snaps[:6]:
        store.save(s)
    with open(path, "rb") as f:
        before = f.read()
    probe = NvmStorage(bytearray(before))
    probe.load()
    probe.save(snaps[6])
    after = bytes(probe.mem)
    changed = [i for i in range(len(before)) if before[i] != after[i]]
    for cut in range(len(changed) + 1):
        torn = bytearray(before)
        for i in changed[:cut]:
            torn[i] = after[i]
        with open(path, "wb") as f:
            f.write(torn)
        assert FileStorage(path).load() in (snaps[5], snaps[6])
    with open(path, "wb") as f:
        f.write(before[:3000])  # a file cut short still gives the older slot
    assert FileStorage(path).load() in (snaps[5], snaps[4])


def test_resume_without_storage():
    assert resume(None) == (None, None)


def test_match_saved_before_any_move_and_against_the_computer():
    m = Game(Position(), computer=1, timer_ms=0)
    saved = unpack(pack(m, None, {}))
    assert saved.match.computer == 1 and saved.match.moves == [] and saved.series is None
