"""What saving costs the flash, and what a power cut loses: figures, not a test.

  .venv/bin/python -m desktop.bench.save_log [--games N] [--cut-games N] [--seed S]
                                      [--write-docs [FILE]]

Plays series of games on the plain board with seeded random moves and saves
the way the app does (pack() after every move, at the end of a game and for
the next game) into the fake NVM of desktop/fake_nvm.py, on the RP2040 model
(4 KiB sector: writes into erased bytes are programmed in place, others erase)
and on the SAMD51 model (8 KiB block erased on every write).  Prints:

- bytes per move (bytes written to the NVM per move saved) and writes per save;
- sector erases per 60-move game and the flash life in games, at the W25Q16JV's
  100,000 program/erase cycles per sector (the Pico's flash chip);
- power cuts at every step of every write of --cut-games games (each byte of
  an in-place program; the erase and each byte of an erase and rewrite): what
  the next start resumes, counted as the new save, the previous one, an older
  one, nothing, or a problem message;
- for erase-and-rewrite writes (compactions on the RP2040): how many games meet
  one, and the share of their steps and of their time at which a cut loses
  the whole save (time from the W25Q16JV's typical 45 ms sector erase and
  0.4 ms per 256-byte page program).

--write-docs writes the figures into the save-log block of docs/MEASUREMENTS.md.
"""
import argparse

from desktop.fake_nvm import FakeNvm, each_cut
from mapello.game.game import Game
from mapello.rng import Rng
from mapello.game.series import Series
from mapello.game.save.payload import pack
from mapello.game.save.log import NvmStorage
from mapello.rules.position import PASS, Position
from mapello.game.options import default_settings

ENDURANCE = 100000          # W25Q16JV: minimum program/erase cycles per sector
ERASE_MS = 45.0             # W25Q16JV: typical 4 KiB sector erase (400 ms at most)
PAGE_MS = 0.4               # W25Q16JV: typical 256-byte page program


def app_saves(games, seed, series_length=2):
    """(payload, kind) in the order the app saves them: 'new' for a game's
    first save, 'move' after each move, 'end' and 'next' around a game's end."""
    settings = default_settings()     # think_ms with them, as the device's App saves it
    settings["games"] = series_length
    rng = Rng(seed)
    series = Series(series_length)
    match = Game(Position(), (), None, 0, lambda: 0, seed, "Plain", None)
    yield pack(match, series, settings), "new"
    for _ in range(games):
        while not match.pos.is_over():
            moves = match.pos.legal_moves()
            match.play(moves[rng.below(len(moves))] if moves else PASS)
            if match.pos.is_over():
                yield pack(None, series, settings), "end"
            else:
                yield pack(match, series, settings), "move"
        b, w = match.pos.score()
        series.add_result(min(b, 127), min(w, 255))
        if series.is_over():
            series = Series(series_length)
        match = Game(Position(), (), None, 0, lambda: 0, seed, "Plain", None)
        yield pack(match, series, settings), "next"


MODES = (("rp2040", "rp2040", False),
         ("samd51", "samd51", True),            # what the device uses there
         ("samd51 appending", "samd51", False))


def make_storage(nvm, every):
    try:
        return NvmStorage(nvm, erase_every_write=every)
    except TypeError:          # the two-slot storage had no such choice
        return NvmStorage(nvm)


def wear(port, every, games, seed):
    nvm = FakeNvm(port)
    store = make_storage(nvm, every)
    moves = 0
    move_bytes = 0
    saves = 0
    for data, kind in app_saves(games, seed):
        before = nvm.bytes_programmed
        erases = nvm.erases
        assert store.save(data), store.problem
        saves += 1
        if kind == "move":
            moves += 1
            if nvm.erases == erases:
                move_bytes += nvm.bytes_programmed - before
            else:  # an erase and rewrite: what the move itself took
                move_bytes += getattr(store, "last_record", nvm.bytes_programmed - before)
    per_game = nvm.erases * 60.0 / moves
    return {"moves": moves, "saves": saves, "writes": nvm.writes, "erases": nvm.erases,
            "per_game": per_game, "life": ENDURANCE / per_game if per_game else float("inf"),
            "bytes_per_move": move_bytes / float(moves), "games": games}


def classify(got, new, previous, history):
    if got == new:
        return "new"
    if got == previous:
        return "previous"
    if got is None:
        return "nothing"
    if got in history:
        return "older"
    return "other"


def cuts(port, samd, games, seed, warm_games=0):
    """Cut every write of `games` games (after `warm_games` saved whole) at every step."""
    nvm = FakeNvm(port)
    counts = {}
    rewrite = {"writes": 0, "steps": 0, "lost_steps": 0, "lost_ms": 0.0, "ms": 0.0}
    history = []
    previous = None
    cache = {}
    game = 0
    for data, kind in app_saves(warm_games + games, seed):
        if game < warm_games:
            store = make_storage(nvm, samd)
            store.load()
            store.save(data)
            history.append(data)
            previous = data
            game += kind == "next"
            continue
        erases = nvm.erases
        writer = make_storage(nvm, samd)
        writer.load()

        def action():
            writer.save(data)   # a cut raises before the storage changes
        steps = 0
        lost = 0
        for n in each_cut(nvm, action):
            image = bytes(nvm.data)
            if image not in cache:
                s = make_storage(FakeNvm(port, image), samd)
                got = s.load()
                note = " +problem" if s.problem else (" +notice" if getattr(s, "notice", None) else "")
                cache[image] = (classify(got, data, previous, history), note)
            what, note = cache[image]
            key = what + note
            counts[key] = counts.get(key, 0) + 1
            steps += 1
            lost += what in ("nothing", "other")
        if nvm.erases > erases:   # this write erased: an erase and rewrite
            rewrite["writes"] += 1
            rewrite["steps"] += steps
            rewrite["lost_steps"] += lost
            size = nvm.size
            rewrite["ms"] += ERASE_MS + PAGE_MS * size / 256
            # steps 0 (before the erase) keeps the old state; 1 .. lost-1 fall in
            # the erase or the first bytes programmed
            lost_bytes = max(0, lost - 1)
            rewrite["lost_ms"] += (ERASE_MS if lost else 0) + PAGE_MS * ((lost_bytes + 255) // 256)
        cache.clear()   # what an image means depends on the save being written
        history.append(data)
        previous = data
        game += kind == "next"
    return counts, rewrite


def main(argv=None):
    from desktop.bench import measurements
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games for the wear figures")
    ap.add_argument("--cut-games", type=int, default=8, help="games cut at every step (RP2040)")
    ap.add_argument("--samd-cut-games", type=int, default=1, help="the same on the SAMD51")
    ap.add_argument("--warm-games", type=int, default=3, help="games saved before the cuts")
    ap.add_argument("--seed", type=int, default=1)
    measurements.add_flag(ap)
    args = ap.parse_args(argv)
    sample = next(iter(app_saves(1, args.seed)))[0]
    print("save of a new game: %d bytes of payload" % len(sample))
    worn = {}
    for name, port, every in MODES:
        w = worn[name] = wear(port, every, args.games, args.seed)
        print("%s: %d games, %d moves, %d saves, %d writes, %d erases" % (
            name, w["games"], w["moves"], w["saves"], w["writes"], w["erases"]))
        print("%s: %.1f bytes written per move" % (name, w["bytes_per_move"]))
        print("%s: %.2f sector erases per 60-move game; flash life %.0f games at %d cycles"
              % (name, w["per_game"], w["life"], ENDURANCE))
        if port == "rp2040":
            print("%s: %.1f ms a game in erases, where a cut loses the whole save "
                  "(%.2f x %.0f ms, W25Q16JV typical)" % (name, w["per_game"] * ERASE_MS,
                                                         w["per_game"], ERASE_MS))
    cut = {}
    for name, port, every in MODES:
        games = args.cut_games if port == "rp2040" else args.samd_cut_games
        counts, rw = cut[name] = cuts(port, every, games, args.seed, args.warm_games)
        total = sum(counts.values())
        parts = ", ".join("%s %d" % (k, counts[k]) for k in sorted(counts))
        print("%s: power cut at each of %d steps of %d game(s): %s" % (name, total, games, parts))
        if rw["writes"]:
            print("%s: %d erase-and-rewrite write(s) met; a cut loses the whole save at %d of "
                  "their %d steps" % (name, rw["writes"], rw["lost_steps"], rw["steps"]))
            if port == "rp2040":
                print("%s: by time, %.1f of %.1f ms (W25Q16JV typical times)" % (
                    name, rw["lost_ms"], rw["ms"]))
    if args.write_docs:
        write_docs(args, len(sample), worn, cut)


def write_docs(args, new_game, worn, cut):
    from desktop.bench.measurements import table, thousands, write_block
    names = [name for name, _, _ in MODES]

    def each(f):
        return [f(name) for name in names]

    def outcome(name):
        counts, _ = cut[name]
        total = sum(counts.values())
        if not total:
            return "not cut"
        kept = sum(n for k, n in counts.items() if k.split()[0] in ("new", "previous"))
        notice = sum(n for k, n in counts.items() if k.endswith("+notice"))
        return ("%s steps of %s game(s): %s resume the new or the previous save (%s of them "
                "saying `last move lost`)" % (thousands(total), args.samd_cut_games if name != "rp2040"
                                              else args.cut_games, thousands(kept), thousands(notice)))

    def rewrites(name):
        _, rw = cut[name]
        if not rw["writes"]:
            return "none met"
        out = "%s of their %s steps" % (thousands(rw["lost_steps"]), thousands(rw["steps"]))
        if name == "rp2040":
            out += "; by time %.1f of %.1f ms" % (rw["lost_ms"], rw["ms"])
        return out
    rows = [["bytes written per move"] + each(lambda n: "%.1f" % worn[n]["bytes_per_move"]),
            ["erases per 60-move game"] + each(lambda n: "%.2f" % worn[n]["per_game"]),
            ["flash life at %s erases a sector" % thousands(ENDURANCE)]
            + each(lambda n: "%s games" % thousands(worn[n]["life"]) if worn[n]["per_game"]
                   else "no erase in %d games" % args.games),
            ["a game's time in erases (a cut then loses the save)"]
            + each(lambda n: "%.1f ms" % (worn[n]["per_game"] * ERASE_MS) if n == "rp2040" else "-"),
            ["a power cut at every step of every write"] + each(outcome),
            ["steps of an erase and rewrite at which a cut loses the whole save"] + each(rewrites)]
    head = ["%d games of seeded random moves on the plain board, saved as the app saves (a new "
            "game's save: %d bytes of payload), on `desktop/fake_nvm.py`'s models of the ports' "
            "flash; the W25Q16JV's %.0f ms sector erase and %.1f ms page program (typical)."
            % (args.games, new_game, ERASE_MS, PAGE_MS), ""]
    write_block(args.write_docs, "save-log", head + table(["", "RP2040", "SAMD51",
                                                          "SAMD51 if it appended"], rows))


if __name__ == "__main__":
    main()
