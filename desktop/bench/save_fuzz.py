"""Random presses with power cuts in the middle of NVM writes, and a check of
every resume against what was saved: tests/test_save_fuzz.py runs it short
and seeded; run here, at length, it prints figures, not a test:

  .venv/bin/python -m desktop.bench.save_fuzz [--presses N] [--chunk N] [--seed S] [--write-docs [FILE]]

A run drives the App through desktop/app_driver.py's Player: seeded random
presses and clock jumps over every screen.  Now and then the next NVM write
is cut: only a prefix of its steps lands (desktop/fake_nvm.py's model of the
RP2040 and SAMD51 ports, a torn last byte included), and the handheld is
switched on again on what the memory holds.  The save that start reads must
be the last one fully written, or the one being written when the cut left
it whole; nothing at all only when the cut came in an erase and rewrite
before a whole save was back (the port's one erase unit holds every copy).
The menu must say so when it fell back; then B (after a few presses that
change the menu's settings) must resume exactly that save: the mode and
level, the board and moves on the matrix and the score line, the series'
standing and game number, or in free play between two games the next
player's setup.

The long run makes N random presses on each NVM model, RP2040 and SAMD51, in
runs of --chunk presses each from a blank memory.  One write in 2, 5, 20 or
80 (chosen anew at each power-on) is cut after a random number of its
steps; a failed check stops the run with the seed that found it.  It prints
by model: presses, NVM writes, cuts, resumes checked, how many resumed the
save being written (the cut left it whole) or the one before, cuts that
left no whole save (only in an erase and rewrite, before a save is back:
the port's one erase unit holds every copy), the games lost with them, and
games played to their end.
"""
import argparse
import random
import re
import sys
import time

from desktop.app_driver import Player, shown_turn
from desktop.bench import measurements
from desktop.fake_nvm import FakeNvm, PowerCut
from mapello import buttons
from mapello.game.save.resume import unpack
from mapello.game.save import LOST
from mapello.game.save.log import LogStorage
from mapello.rules.position import parse_cell
from mapello.ui import palette
from mapello.ui.board_view import score_line

PORTS = ("rp2040", "samd51")
SETTINGS = {"games": 3, "think_ms": 100}   # the hard level thinks briefly: presses, not CPU


class CuttingNvm(FakeNvm):
    """A FakeNvm that cuts a write, one in `cut_every` at random, after a
    random number of its steps (fewer than it has); `cut` then holds (steps
    landed, steps of the write, whether it erased)."""

    def __init__(self, port, rng, data=None, cut_every=40):
        super().__init__(port, data, torn=True, seed=rng.randrange(1, 1 << 30))
        self.rng = rng
        self.cut_every = cut_every
        self.cut = None

    def __setitem__(self, key, value):
        if self.rng.randrange(self.cut_every) == 0:
            start, stop, _ = key.indices(self.size)
            erases = self.port == "samd51" or self.data[start:stop] != b"\xff" * (stop - start)
            steps = 1 + self.size if erases else stop - start
            landed = self.rng.randrange(steps)
            self.cut = (landed, steps, erases)
            self.cut_after(landed)
        super().__setitem__(key, value)


class WatchedStorage(LogStorage):
    """The storage the App saves with, remembering the payload last written
    whole (`saved`) and the one being written (`writing`)."""

    def __init__(self, nvm):
        super().__init__(nvm, erase_every_write=nvm.port == "samd51")
        self.saved = None
        self.writing = None

    def load(self):
        got = super().load()
        if self.saved is None and got is not None:
            self.saved = bytes(got)
        return got

    def save(self, data):
        self.writing = bytes(data)
        ok = super().save(data)
        if ok:
            self.saved = self.writing
        self.writing = None
        return ok


def _mode_of(saved):
    if saved.match is None:
        return 1
    if saved.match.computer is not None:
        return 2
    return 1 if saved.series is not None and saved.series.free_play else 0


def resumable(saved):
    """Whether B has something to resume in `saved`: a game, or a free play
    series (not over) whose next board is to be set up."""
    return saved is not None and (saved.match is not None or (
        saved.series is not None and saved.series.free_play and not saved.series.is_over()))


class Stats:
    def __init__(self, port):
        self.port = port
        self.presses = 0
        self.cuts = 0
        self.resumes = 0           # restarts whose save B resumed and that were checked
        self.newest = 0            # the write cut landed whole: the new save resumed
        self.fell_back = 0         # the save before the cut write resumed
        self.erase_window = 0      # nothing whole in memory: the cut hit an erase and rewrite
        self.lost_games = 0        # of those, the ones that held something B would resume
        self.games_over = 0        # game-over screens reached
        self.writes = 0            # NVM writes, cut ones included

    def row(self):
        return (self.port, self.presses, self.writes, self.cuts, self.resumes, self.newest,
                self.fell_back, self.erase_window, self.lost_games, self.games_over)


# Presses as a player makes them, by screen: in a game mostly A (the cursor
# starts each turn on a legal move), so that games reach their end.
_PRESSES = {
    "play": (4,) * 14 + (0, 1, 2, 3, 5),
    "choice": (4, 4, 4, 0, 1, 1, 1, 5),
}
_ANY = (0, 1, 2, 3, 4, 4, 4, 4, 4, 5, 5)


_CELL = re.compile(r"^([a-h][1-8]) ")


def toward_a_move(p):
    """On the play screen, the direction that takes the cursor towards a
    move the hints show, when it is not on one (a player aims); None
    otherwise."""
    m = _CELL.match(p.app.lines[2])
    if m is None:
        return None
    at = parse_cell(m.group(1))
    hints = [c for c in range(100) if p.colour(c) in (palette.HINT, palette.BONUS_HINT)]
    if not hints or at in hints:
        return None
    to = hints[0]
    if to // 10 != at // 10:
        return buttons.DOWN if to // 10 > at // 10 else buttons.UP
    return buttons.RIGHT if to % 10 > at % 10 else buttons.LEFT


def random_press(rng, screen, busy=False):
    """A press of a button, or the clock moved on (mostly that while the
    computer thinks, as a player waits for it)."""
    if rng.random() < (0.2 if busy else 0.84):
        return "press", rng.choice(_PRESSES.get(screen, _ANY))
    return "tick", rng.choice((50, 50, 400, 400, 3000, 20000))


def switch_on(port, data, rng, cut_every):
    nvm = CuttingNvm(port, rng, data, cut_every)
    storage = WatchedStorage(nvm)
    p = Player(settings=dict(SETTINGS), storage=storage, seed=rng.randrange(1000))
    return p, nvm, storage


def check_restart(p, storage, expected, cut, rng, stats):
    """The start after a cut: what it read, what the menu says, and what B
    resumes.  `expected` is (the last payload written whole, the one cut)."""
    last, writing = expected
    got = storage.load()
    got = None if got is None else bytes(got)
    landed, steps, erased = cut
    if got is None:
        # nothing whole in memory: the first save of a blank memory was cut,
        # or an erase and rewrite was, before a whole save was back
        problem = p.app.storage.problem
        assert last is None or erased, (cut, problem)
        assert problem is None or problem.endswith("; set aside, new game"), problem
        if last is not None:
            stats.erase_window += 1
            if resumable(unpack(last)):
                stats.lost_games += 1
        p.tick(6000)                              # past the notice
        assert p.app.lines[3] != "A start  B resume", p.app.lines
        return
    assert got in (last, writing), "resumed neither the last save nor the one cut: %r" % (cut,)
    if got == writing and writing != last:
        stats.newest += 1
    else:
        stats.fell_back += 1
        if not erased and landed > 0 and writing is not None and writing != last:
            assert p.app.message == LOST, (p.app.message, cut)   # never silently
    saved = unpack(got)
    p.tick(6000)                                  # the notice read: the menu's keys show
    if not resumable(saved):
        assert p.app.lines[3] != "A start  B resume", p.app.lines
        return
    assert p.app.lines[3] == "A start  B resume", (p.app.lines, cut)
    for _ in range(rng.randrange(4)):             # the menu changed: the save still wins
        p.tap(rng.choice((buttons.UP, buttons.DOWN, buttons.LEFT, buttons.RIGHT)))
    p.tap(buttons.B)
    session = getattr(p.app.screen, "session", None)
    settings = p.app.settings
    mode = _mode_of(saved)
    assert settings["mode"] == mode, (settings, mode)
    if mode == 2:
        assert settings["level"] == saved.settings.get("level", settings["level"])
        assert session.level == settings["level"]
    series = saved.series
    if saved.match is None:                       # free play between two games
        assert p.screen == "setup", p.app.lines
        series.new_board()
        assert p.app.lines[0] == "Setup by P%d" % (series.setup_player + 1), p.app.lines
    elif saved.ended is not None:                 # saved at its end: its game-over screen
        assert p.screen == "game over", p.app.lines
        assert list(session.game.moves) == list(saved.match.moves)
        assert session.series.played == series.played and session.last.resigned == saved.ended[0]
        assert p.app.lines[0].endswith(" resigned") == (saved.ended[0] is not None), p.app.lines
    else:
        assert p.screen == "play", p.app.lines
        game = saved.match
        assert list(session.game.moves) == list(game.moves)
        assert p.model is not None and list(p.model.moves) == list(game.moves)
        assert p.app.lines[0] == score_line(game.pos), (p.app.lines, game.moves)
        shown = shown_turn(p.app.lines)
        if shown is not None and shown[0] != "over":
            assert (shown[1] in ("You", "CPU")) == (mode == 2), p.app.lines
        if series is not None and not p.app.message:
            assert p.app.lines[2].endswith("%d/%d" % (series.played + 1, series.length)), \
                p.app.lines
        p.check_board()
    if series is not None:
        assert session.series.to_bytes() == series.to_bytes()
    stats.resumes += 1


CUT_EVERY = (2, 5, 20, 80)   # one write in so many is cut: chosen anew at each power-on


def run(port, presses, seed, stats=None, cut_every=CUT_EVERY):
    """`presses` random presses on one port, with power cuts; returns the
    Stats.  How often writes are cut changes from one power-on to the
    next, so that some games are cut many times and some reach their end."""
    rng = random.Random(seed)
    stats = Stats(port) if stats is None else stats
    p, nvm, storage = switch_on(port, None, rng, rng.choice(cut_every))
    screen = p.screen
    for _ in range(presses):
        kind, value = random_press(rng, p.screen, p.app.busy)
        if kind == "press" and p.screen == "play" and rng.random() < 0.8:
            aim = toward_a_move(p)
            if aim is not None:
                value = aim
        stats.presses += 1
        try:
            if kind == "press":
                p.tap(value)
            else:
                p.tick(value)
        except PowerCut:
            stats.cuts += 1
            stats.writes += nvm.writes
            expected, cut = (storage.saved, storage.writing), nvm.cut
            p, nvm, storage = switch_on(port, bytes(nvm.data), rng, rng.choice(cut_every))
            got = storage.load()
            if got is not None:
                p.model = unpack(bytes(got)).match     # the game B should bring back
            check_restart(p, storage, expected, cut, rng, stats)
        if p.screen == "game over" and screen != "game over":
            stats.games_over += 1
        screen = p.screen
    stats.writes += nvm.writes
    return stats


COLUMNS = ("model", "presses", "writes", "cuts", "resumes checked", "resumed the new save",
           "resumed the one before", "no whole save left", "games lost", "games over")


def main():
    ap = argparse.ArgumentParser(prog="python3 -m desktop.bench.save_fuzz",
                                 description="power cuts during random play, at length")
    ap.add_argument("--presses", type=int, default=100000, help="presses per NVM model")
    ap.add_argument("--chunk", type=int, default=10000, help="presses per run from a blank memory")
    ap.add_argument("--seed", type=int, default=1)
    measurements.add_flag(ap)
    args = ap.parse_args()
    rows = []
    for port in PORTS:
        stats = Stats(port)
        started = time.time()
        done = 0
        runs = 0
        while done < args.presses:
            n = min(args.chunk, args.presses - done)
            seed = args.seed * 1000 + runs
            try:
                run(port, n, seed, stats)
            except Exception:
                print("%s: run with seed %d (%d presses) failed" % (port, seed, n))
                raise
            done += n
            runs += 1
        rows.append(stats.row())
        print("%s: %d presses in %.0f s" % (port, done, time.time() - started), file=sys.stderr)
    table = measurements.table(COLUMNS, [[measurements.thousands(v) if isinstance(v, int) else v
                                          for v in row] for row in rows])
    for line in table:
        print(line)
    for row in rows:
        cuts, lost = row[3], row[8]
        print("%s: %d cuts, %d games lost (%.1f %% of cuts), none outside an erase and rewrite"
              % (row[0], cuts, lost, 100.0 * lost / cuts if cuts else 0.0))
    if args.write_docs:
        measurements.write_block(args.write_docs, "save-fuzz", table)


if __name__ == "__main__":
    main()
