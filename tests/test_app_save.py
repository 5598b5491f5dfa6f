"""The App on the fake NVM (desktop/fake_nvm.py), as a player meets it: a whole
game saved move by move with next to no erases; the power cut at every byte
of every write, a compaction included, then the handheld switched on again;
damaged and out-of-range saves; a restart after each.  The App is driven by
its buttons and read by its lines; the game is followed on a Position of our
own and checked through the storage API."""
from desktop.app_driver import Player
from desktop.fake_nvm import FakeNvm, PowerCut
from mapello.game.random_boards import Rng
from mapello.game.series import Series
from mapello.game.game import Game
from mapello.game.save.payload import pack
from mapello.game.save.resume import resume
from mapello.game.save import DAMAGED, LOST
from mapello.game.save.log import LogStorage, NvmStorage
from mapello.ui.app import wrap
from mapello.rules.position import PASS, Position


class RecordingNvm(FakeNvm):
    """A FakeNvm that keeps every write and the image it was made on."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.log = []

    def __setitem__(self, key, value):
        self.log.append((bytes(self.data), key, bytes(value)))
        super().__setitem__(key, value)


def appends(nvm):
    """The writes of a RecordingNvm that went into erased bytes (a save's
    append, not a compaction)."""
    return [w for w in nvm.log if w[0][w[1]] == b"\xff" * len(w[2])]


def power_cut(write, after):
    """The memory a write (image, key, value) leaves when the power goes
    after `after` bytes of it, the power then back."""
    image, key, value = write
    cut = FakeNvm(data=image)
    cut.cut_after(after)
    try:
        cut[key] = value
    except PowerCut:
        pass
    cut.cut_after(None)
    return cut


def saved_moves(image):
    saved, message = resume(NvmStorage(FakeNvm(data=image)), clock=lambda: 0)
    return (None if saved is None or saved.match is None else list(saved.match.moves)), message


def play_game(p, seed, until=None):
    """Random legal moves through the buttons to the end (or `until` plies);
    the moves played."""
    rng = Rng(seed)
    pos = Position()
    moves = []
    while not pos.is_over() and (until is None or len(moves) < until):
        legal = pos.legal_moves()
        if not legal:
            p.press("A")                 # the pass
            pos.push(PASS)
            moves.append(PASS)
            continue
        cell = legal[rng.below(len(legal))]
        p.play(cell)
        pos.push(cell)
        moves.append(cell)
    return moves


def prefill(nvm, saves):
    """What earlier games left in the sector: `saves` saves of another game."""
    store = NvmStorage(nvm)
    m = Game(Position())
    rng = Rng(99)
    for _ in range(saves):
        if m.pos.is_over():
            m = Game(Position())
        legal = m.pos.legal_moves()
        m.play(legal[rng.below(len(legal))] if legal else PASS)
        store.save(pack(m, Series(1), {"games": 1, "hints": 1, "timer": 0}))


def test_a_whole_game_saves_every_move_and_erases_at_most_once():
    nvm = FakeNvm()
    p = Player(settings={"games": 2}, storage=NvmStorage(nvm))
    p.press("A")
    moves = play_game(p, 3)
    assert p.screen == "game over" and len(moves) > 40
    assert nvm.erases == 0            # a blank sector and one game: no erase at all
    assert nvm.writes <= len(moves) + 4
    # switched on again: the next game is there, B resumes it
    q = Player(storage=NvmStorage(FakeNvm(data=bytes(nvm.data))))
    assert "B resume" in q.app.lines[3]


def test_restart_after_any_move_resumes_that_move():
    nvm = FakeNvm()
    p = Player(storage=NvmStorage(nvm))
    p.press("A")
    moves = play_game(p, 5, until=12)
    q = Player(storage=NvmStorage(FakeNvm(data=bytes(nvm.data))))
    q.press("B")
    assert q.screen == "play" and "game resumed" in " ".join(q.app.lines)
    assert saved_moves(bytes(nvm.data)) == (moves, None)


def test_a_resumed_game_does_not_hold_the_saves_reader(monkeypatch):
    """Reading a save back is code a game in progress never runs: the log's
    reader and the save's outline load at power-on, the whole save's reader
    and the record's decoder for B's resume, and all go with the menu's
    modules, so that the computer's code, which loads next, finds its room
    (on the device every loaded module's code stays in RAM)."""
    import sys
    readers = (resume.__module__, "mapello.game.record.binary_read", "mapello.game.save.log_read",
               "mapello.game.save.outline")
    nvm = FakeNvm()
    p = Player(storage=NvmStorage(nvm))
    p.press("A")
    play_game(p, 5, until=6)
    for reader in readers:                                    # as at power-on: not loaded
        monkeypatch.delitem(sys.modules, reader, raising=False)
    q = Player(storage=NvmStorage(FakeNvm(data=bytes(nvm.data))))
    assert "mapello.game.save.log_read" in sys.modules and "mapello.game.save.outline" in sys.modules
    q.press("B")
    assert q.screen == "play" and "game resumed" in " ".join(q.app.lines)
    for reader in readers:
        assert reader not in sys.modules, reader
    assert "mapello.game.save.payload" in sys.modules     # the writer stays: every move saves


def test_a_game_saves_every_move_without_holding_the_record_encoder(monkeypatch):
    """A save holds the board in a record's binary form: the session encodes
    it once (the encoder loads for that and goes), so that a game in
    progress holds neither the encoder nor where pieces may stand, and
    every move's save still holds the board and the moves."""
    import sys
    from mapello.game.record import GameRecord
    from mapello.game.record.binary_write import encode
    for module in ("mapello.game.record.binary_write", "mapello.rules.pieces"):
        monkeypatch.delitem(sys.modules, module, raising=False)
    nvm = FakeNvm()
    p = Player(storage=NvmStorage(nvm))
    p.press("A")
    moves = play_game(p, 5, until=6)
    assert "mapello.game.record.binary_write" not in sys.modules
    assert "mapello.rules.pieces" not in sys.modules
    assert saved_moves(bytes(nvm.data)) == (moves, None)
    board = encode(GameRecord(p.model.start, (), p.model.name, p.model.limits))
    assert board in bytes(nvm.data)


def test_a_resumed_game_saves_with_the_board_bytes_its_save_held(monkeypatch):
    """B's resume reads the board's bytes back with the game: the resumed
    game's saves need no encoder, not even for its first move (from source
    on the device, compiling it there would hold that move's text back)."""
    import builtins
    nvm = FakeNvm()
    p = Player(storage=NvmStorage(nvm))
    p.press("A")
    moves = play_game(p, 5, until=6)
    resumed = FakeNvm(data=bytes(nvm.data))
    q = Player(storage=NvmStorage(resumed), model=Game(Position(), moves))
    imported = []
    real = builtins.__import__

    def spy(name, *args, **kwargs):
        imported.append(name)
        return real(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", spy)
    q.press("B")
    assert q.screen == "play" and "game resumed" in " ".join(q.app.lines)
    q.play(q.model.pos.legal_moves()[0])
    assert "mapello.game.record.binary_write" not in imported
    assert saved_moves(bytes(resumed.data)) == (moves + [q.model.moves[-1]], None)


def test_save_board_in_a_game_keeps_the_game_without_reading_the_save_back(monkeypatch):
    """The game menu's Save board saves what the game holds, as after a
    move, with the board in the settings: nothing is decoded or compiled
    for it but the board's text form, which goes again: reading the save
    back would compile its reader at the heap's fullest."""
    import sys
    reader = resume.__module__
    nvm = FakeNvm()
    p = Player(storage=NvmStorage(nvm))
    p.press("A")
    moves = play_game(p, 5, until=8)
    monkeypatch.delitem(sys.modules, reader, raising=False)
    monkeypatch.delitem(sys.modules, "mapello.rules.notation", raising=False)
    p.press("B")
    p.choose("Save board")
    assert p.app.lines[3] == "board saved" and p.screen == "play"
    assert reader not in sys.modules and "mapello.rules.notation" not in sys.modules
    assert saved_moves(bytes(nvm.data)) == (moves, None)
    q = Player(storage=NvmStorage(FakeNvm(data=bytes(nvm.data))))
    q.menu("board", "Saved board")                    # kept in the settings
    q.press("B")                                      # and the game goes on
    assert q.screen == "play" and "game resumed" in " ".join(q.app.lines)


def test_power_cut_at_every_byte_of_every_write_then_switched_on_again():
    nvm = RecordingNvm()
    prefill(nvm, 400)                  # the sector nearly full: this game compacts
    nvm.log = []
    erases = nvm.erases
    p = Player(storage=NvmStorage(nvm))
    p.press("A", "A")                  # a new game over what was left there (A again: yes)
    moves = play_game(p, 7)
    assert nvm.erases - erases == 1    # the one compaction
    checked = {}
    compaction_steps = 0
    for i, (image, key, value) in enumerate(nvm.log):
        before, _ = saved_moves(image)
        after, _ = saved_moves(nvm.log[i + 1][0]) if i + 1 < len(nvm.log) else (None, None)
        step = 0
        while True:
            cut = FakeNvm(data=image, torn=True, seed=step + 1)
            cut.cut_after(step)
            try:
                cut[key] = value
            except PowerCut:
                pass
            else:
                break
            got = bytes(cut.data)
            if got not in checked:
                q = Player(storage=NvmStorage(FakeNvm(data=got)))    # no exception
                shown = " ".join(q.app.lines)
                found, message = saved_moves(got)
                checked[got] = (found, message, shown)
            found, message, shown = checked[got]
            if cut.erases:
                compaction_steps += 1
                # the erase and the new save's own bytes: a fresh start with a
                # message at most; then the new save is whole
                assert found in (before, after, None)
            else:
                assert found in (before, after), (i, step)   # at most this move lost
                if found == before and step > 0 and found != after:
                    assert message == LOST and LOST in shown
            step += 1
    assert compaction_steps == 4096     # the erase, then each byte of the sector
    assert len(nvm.log) >= len(moves)
    # a switched-on handheld with a cut save still plays and saves on
    writes = appends(nvm)
    cut = power_cut(writes[len(writes) // 2], 4)
    q = Player(storage=NvmStorage(cut))
    assert LOST in " ".join(q.app.lines)
    q.press("B")
    assert q.screen == "play"
    before = saved_moves(bytes(cut.data))[0]
    pos = Position()
    for c in before:
        pos.push(c)
    legal = pos.legal_moves()
    if legal:
        q.play(legal[0])
        assert saved_moves(bytes(cut.data)) == (before + [legal[0]], None)


def test_a_damaged_saves_notice_shows_once_not_at_every_return_to_the_menu():
    """The notice that the last move was lost stands on the save until the
    next one is written; the menu tells it at power-on, not again each time
    a player comes back to it (here: a board set up by hand, then cancelled)."""
    nvm = RecordingNvm()
    p = Player(storage=NvmStorage(nvm))
    p.press("A")
    play_game(p, 3, until=6)
    q = Player(storage=NvmStorage(power_cut(appends(nvm)[-1], 2)))
    assert LOST in " ".join(q.app.lines)
    q.wait(6000)
    assert LOST not in " ".join(q.app.lines)
    q.menu("board", "Set up by hand")
    q.press("A")                       # discard the saved game?
    q.press("A")                       # yes: the setup begins
    assert q.screen == "setup", q.app.lines
    q.press("B")
    q.choose("Cancel setup")
    assert q.screen == "menu", q.app.lines
    assert LOST not in " ".join(q.app.lines), q.app.lines


BAD = [({"mode": 3}, "mode 3"), ({"mode": 7}, "mode 7"), ({"mode": -4}, "mode -4"),
       ({"timer": -10}, "timer -10"), ({"brightness": 900}, "brightness"),
       ({"level": 9}, "level 9"), ({"walls": 12}, "walls 12"), ({"hints": 5}, "hints 5")]


def test_out_of_range_saves_start_a_new_game_and_never_crash_again():
    for settings, words in BAD:
        nvm = FakeNvm()
        m = Game(Position(), (53,))
        s = {"games": 1, "hints": 1, "timer": 0}
        s.update(settings)
        assert NvmStorage(nvm).save(pack(m, Series(1), s))
        p = Player(storage=NvmStorage(nvm))          # no IndexError, no crash
        shown = " ".join(p.app.lines)
        assert "set aside" in shown and words.split()[0] in shown, (words, p.app.lines)
        assert p.app.lines[1] != "" and "B resume" not in p.app.lines[3]
        p2 = Player(storage=NvmStorage(nvm))         # and again on the next start
        assert p2.app.last_error is None
        p2.wait(5200)                                 # the notice has been read
        p2.press("A")                                 # a new game saves over it
        play_game(p2, 1, until=3)
        p3 = Player(storage=NvmStorage(nvm))
        assert "set aside" not in " ".join(p3.app.lines) and "B resume" in p3.app.lines[3]


def test_random_damage_never_crashes_and_a_fallback_is_shown():
    nvm = FakeNvm()
    p = Player(storage=NvmStorage(nvm))
    p.press("A")
    moves = play_game(p, 9, until=20)
    base = bytes(nvm.data)
    used = NvmStorage(FakeNvm(data=base))
    used.load()
    end = used._end
    rng = Rng(3)
    fallbacks = 0
    for _ in range(150):
        mem = bytearray(base)
        mem[end - 1 - rng.below(60)] ^= 1 << rng.below(8)
        q = Player(storage=NvmStorage(FakeNvm(data=bytes(mem))))
        found, message = saved_moves(bytes(mem))
        if found is not None and found != moves:
            fallbacks += 1
            lost = len(moves) - len(found)          # a save a move: the saves after the damage
            shown = " ".join(q.app.lines)
            if lost == 1:
                assert message == LOST and LOST in shown
            else:
                assert message == DAMAGED % lost, (message, lost)
                assert (DAMAGED % lost) + ", back to move %d" % len(found) in \
                    " ".join(wrap(q.app.message)), q.app.message
    assert fallbacks > 50


def test_the_game_over_save_waits_for_the_computers_modules_to_go():
    """The save at game over makes the next game's Game: it runs once the
    game-over screen is up and the computer's modules are dropped, not
    beside them, where a game's heap is tightest."""
    import sys

    class Watched(LogStorage):
        ai_loaded = []    # at each save: was the search loaded?

        def save(self, data):
            self.ai_loaded.append("mapello.ai.search" in sys.modules)
            return super().save(data)

    nvm = FakeNvm()
    storage = Watched(nvm)
    p = Player(settings={"mode": 2, "level": 0, "games": 2}, storage=storage)
    p.press("A")
    p.play(p.model.pos.legal_moves()[0])
    p.wait(3000)                            # the computer's reply
    assert True in storage.ai_loaded        # a move's save: the search is there
    p.press("B")
    p.choose("Resign")
    p.choose("Yes, resign")
    assert p.screen == "game over"
    assert storage.ai_loaded[-1] is False
    saved, _ = resume(NvmStorage(FakeNvm(data=bytes(nvm.data))), clock=lambda: 0)
    assert saved.series.played == 1 and saved.ended == [0]   # the game as it ended, saved
    assert len(saved.match.moves) == 2


def test_switched_on_at_game_over_the_game_over_screen_comes_back():
    """A power cut (or a reload of the page) on the game-over screen: B
    resumes that screen, with its result and its replay, and the next game,
    whose first move is the computer's, starts only at A."""
    nvm = FakeNvm()
    p = Player(settings={"mode": 2, "level": 0, "games": 2}, storage=NvmStorage(nvm))
    p.press("A")
    p.play(p.model.pos.legal_moves()[0])
    p.wait(3000)                            # the computer's reply
    p.press("B")
    p.choose("Resign")
    p.choose("Yes, resign")
    assert p.screen == "game over"
    over = list(p.app.lines)
    cut = FakeNvm(data=bytes(nvm.data))
    q = Player(storage=NvmStorage(cut))
    assert q.app.lines[3] == "A start  B resume"
    q.press("B")
    assert q.screen == "game over" and q.app.lines == over[:3] + ["game resumed"], q.app.lines
    q.wait(3000)
    assert q.app.lines == over
    q.press("B")                            # its replay, as before the cut
    assert q.screen == "replay"
    q.press("B")
    assert q.screen == "game over"
    q.wait(5000)                            # nothing moves until A
    saved, _ = resume(NvmStorage(FakeNvm(data=bytes(cut.data))), clock=lambda: 0)
    assert saved.ended == [0] and len(saved.match.moves) == 2
    q.press("A")
    assert q.screen == "play" and q.app.lines[2].endswith("game 2/2"), q.app.lines


def test_the_power_cut_as_a_game_ends_never_loses_the_game():
    """Every state the memory passes through while a game is played to its
    end holds the game in progress or its result: no moment between the
    last move and the game-over screen has neither."""
    nvm = RecordingNvm()
    p = Player(settings={"games": 2}, storage=NvmStorage(nvm))
    p.press("A")
    moves = play_game(p, 5)
    assert p.screen == "game over"
    states = 0
    for before, key, value in nvm.log:
        image = bytearray(before)
        image[key] = value
        saved, _ = resume(NvmStorage(FakeNvm(data=bytes(image))), clock=lambda: 0)
        if saved is None:
            continue                      # before the first save: nothing was there to lose
        in_progress = saved.match is not None and not saved.match.pos.is_over() and \
            saved.series.played == 0
        assert in_progress or saved.series.played == 1, (states, len(moves))
        states += 1
    assert states >= len(moves)


class CountingNvm(FakeNvm):
    """A FakeNvm that counts the reads made of it."""

    reads = 0

    def __getitem__(self, key):
        self.reads += 1
        return super().__getitem__(key)


def test_power_on_reads_the_save_once():
    """The settings, the menu's peek and the resume each ask for the save:
    the memory is read once, as one load() reads it."""
    nvm = FakeNvm()
    p = Player(settings={"games": 2}, storage=NvmStorage(nvm))
    p.press("A")
    play_game(p, 3, until=10)
    once = CountingNvm(data=bytes(nvm.data))
    assert NvmStorage(once).load() is not None
    at_start = CountingNvm(data=bytes(nvm.data))
    q = Player(storage=NvmStorage(at_start))
    assert "B resume" in q.app.lines[3]
    assert at_start.reads == once.reads > 0
    q.press("B")                                   # resuming reads nothing more either
    assert q.screen == "play" and at_start.reads == once.reads


def test_a_saved_game_that_fails_its_checks_is_said_when_b_asks_for_it():
    """The menu offers B from the save's outline (the game is decoded and
    checked only when B asks, so power-on compiles none of the game's
    modules); a game that fails then is said, set aside, and no longer offered."""
    good = pack(Game(Position(), (53,)), Series(3), {"games": 3, "hints": 1, "timer": 0})
    illegal = bytearray(good)
    illegal[-1] = 11                                  # a1: not a legal first move
    nvm = FakeNvm()
    assert NvmStorage(nvm).save(bytes(illegal))
    p = Player(storage=NvmStorage(nvm))
    assert p.app.lines[3] == "A start  B resume"
    p.press("B")
    assert p.screen == "menu" and "set aside" in " ".join(p.app.lines), p.app.lines
    p.wait(6000)
    assert p.app.lines[3] == "A start  </> change" and p.app.last_error is None
    p.press("A")                                     # a new game saves over it
    play_game(p, 1, until=3)
    q = Player(storage=NvmStorage(nvm))
    assert "B resume" in q.app.lines[3]
    q.press("B")
    assert q.screen == "play"


def test_a_memory_that_cannot_be_read_is_said_at_power_on():
    class Unreadable(LogStorage):
        def load(self):
            raise OSError("flash read failed")
    p = Player(storage=Unreadable(FakeNvm()))
    assert p.screen == "menu" and p.app.last_error is None
    shown = " ".join(p.app.lines)
    assert "save unreadable:" in shown and "flash read failed" in shown, p.app.lines
    p.wait(6000)                                    # the notice read: no B resume offered
    assert p.app.lines[3] == "A start  </> change"
