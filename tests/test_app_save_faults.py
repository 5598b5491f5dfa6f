"""Saves that went wrong, as a player meets them: a saved board that cannot
be read back, a resumed game's own settings, damage far back in the log,
memory that holds no Mapello save, a saved game nobody can play, and the
moments between two games of a series.  The App is driven by its buttons and
read by its lines and frame (desktop/app_driver.py) on the fake NVM
(desktop/fake_nvm.py); a power cut is the memory copied into a new App."""
import re

import pytest

from desktop.app_driver import Player
from desktop.fake_nvm import FakeNvm, PowerCut
from test_app_save import RecordingNvm, appends
from mapello.ai.thinker import Thinker
from mapello.game.game import Game
from mapello.game.options import LEVELS
from mapello.game.save.payload import pack
from mapello.game.save.resume import resume
from mapello.game.series import Series
from mapello.game.save import DAMAGED
from mapello.game.save.log import NvmStorage
from mapello.rules.limits import Limits
from mapello.rules.notation import format_board
from mapello.rules.position import Position, parse_cell
from mapello.ui.app import wrap


def switched_on(nvm, **kw):
    """The handheld started again on what `nvm` holds (a power cut)."""
    samd = nvm.port == "samd51"
    return Player(storage=NvmStorage(FakeNvm(port=nvm.port, data=bytes(nvm.data)),
                                     erase_every_write=samd), **kw)


def said(p):
    """The whole message on show, however it is wrapped."""
    return " ".join(wrap(p.app.message))


def first_moves(p, n):
    """`n` moves through the buttons (the first legal one each time)."""
    for _ in range(n):
        p.play(p.model.pos.legal_moves()[0])


# --- a board kept by Save board ----------------------------------------------------
def test_save_board_in_setup_refuses_a_board_that_breaks_its_limits():
    """Walls exactly 2, none placed: Save board says why not, and a later
    power cut resumes the game played after it."""
    nvm = FakeNvm()
    p = Player(settings={"walls": -2}, storage=NvmStorage(nvm))
    p.menu("board", "Set up by hand")
    p.press("A")
    assert p.screen == "setup" and p.app.lines[1].startswith("W0/=2")
    p.press("B")
    p.choose("Save board")
    assert p.screen == "setup"
    assert said(p) == "not saved: place 2 more walls", p.app.message
    assert "myboard" not in p.app.settings
    p.press("B")
    p.choose("Cancel setup")
    p.menu("board", "Plain")
    p.press("A")
    first_moves(p, 1)
    q = switched_on(nvm, model=p.model)
    assert "set aside" not in " ".join(q.app.lines) and q.app.lines[3] == "A start  B resume"
    q.press("B")
    assert q.screen == "play" and len(q.model.moves) == 1
    q.check_board()


def test_save_board_in_setup_keeps_a_board_within_its_limits():
    nvm = FakeNvm()
    p = Player(settings={"walls": -2}, storage=NvmStorage(nvm))
    p.menu("board", "Set up by hand")
    p.press("A")
    for cell in ("c3", "f6"):
        p.cursor_to(parse_cell(cell))
        p.press("A")
    assert p.app.lines[1].startswith("W2/=2")
    p.press("B")
    p.choose("Save board")
    assert said(p) == "board saved"
    q = switched_on(nvm)
    q.menu("board", "Saved board")
    assert q.app.message == "" and "set aside" not in " ".join(q.app.lines)
    q.press("A")
    assert q.screen == "play"
    assert q.colour(parse_cell("c3")) == q.colour(parse_cell("f6")) != q.colour(parse_cell("c4"))


def test_a_saved_board_that_cannot_be_read_goes_alone_and_the_game_resumes():
    """A save as an earlier version wrote it: a game in progress, and a kept
    board that breaks its own limits.  The board is dropped with a line
    saying so; the game resumes, and the next save no longer carries it."""
    bad = format_board(Position(), "Saved board", "Own board", Limits(2, 8, 8, (True, False, False)))
    nvm = FakeNvm()
    game = Game(Position(), (parse_cell("c5"),))
    assert NvmStorage(nvm).save(pack(game, Series(2), {"games": 2, "hints": 1, "timer": 0,
                                                       "board": "Saved board", "myboard": bad}))
    p = switched_on(nvm, model=game)
    assert said(p) == "save: saved board unreadable; dropped", p.app.message
    p.tick(6000)
    assert p.app.lines[3] == "A start  B resume"
    p.press("B")
    assert p.screen == "play" and len(p.model.moves) == 1
    p.check_board()
    first_moves(p, 1)
    q = switched_on(p.app.storage.mem)            # the memory this App wrote
    assert q.app.message == "" and "myboard" not in q.app.settings
    assert q.app.lines[3] == "A start  B resume"


# --- a resumed game's own settings ---------------------------------------------------
def cpu_reply(p, level, cell):
    """The move the computer at `level` answers `cell` with in the model's
    game, thought out as the play screen asks (the App's seed plus the
    moves so far, the think_ms setting, the easy and medium levels stopping
    at their own node budgets)."""
    game = Game(p.model.start, list(p.model.moves) + [cell])
    thinker = Thinker(game.pos, LEVELS.index(level), p.app.seed + len(game.moves), None,
                      p.app.settings["think_ms"], p.clock)
    while not thinker.step(8):
        pass
    return thinker.best()


def test_a_resumed_game_plays_at_its_own_level_not_the_menus():
    nvm = FakeNvm()
    p = Player(settings={"mode": 2, "level": 0, "games": 1}, storage=NvmStorage(nvm))
    p.press("A")
    first_moves(p, 1)
    p.wait(3000)                                     # the computer's reply
    assert len(p.model.moves) == 2
    p.press("B")
    p.choose("Quit to menu")
    p.menu("level", 2)                               # hard, in the menu only
    assert p.app.lines[1] == ">Level: hard"
    q = Player(storage=p.app.storage, model=p.model)   # the same App's storage, no cut
    q.app = p.app
    q.clock = p.clock
    q.press("B")
    assert q.screen == "play" and len(q.model.moves) == 2
    assert q.app.settings["level"] == 0               # the game's, and the menu shows it
    mine = q.model.pos.legal_moves()[0]
    expected = cpu_reply(q, "easy", mine)
    q.play(mine)
    q.wait(3000)
    assert len(q.model.moves) == 4 and q.model.moves[-1] == expected, (q.model.moves, expected)
    q.press("B")
    q.choose("Quit to menu")
    q.menu("level", 0)
    assert q.app.lines[1] == ">Level: easy"
    r = switched_on(nvm)                             # and after a cut, the same
    assert r.app.settings["level"] == 0 and r.app.settings["mode"] == 2


def test_a_resumed_game_keeps_its_mode_series_and_timer():
    """The menu changed to free play, a longer series and a timer: B resumes
    the two-player game of 3 as it was saved, and the menu then shows it."""
    nvm = FakeNvm()
    p = Player(settings={"mode": 0, "games": 3, "timer": 0}, storage=NvmStorage(nvm))
    p.press("A")
    first_moves(p, 2)
    p.press("B")
    p.choose("Quit to menu")
    p.menu("games", 5)
    p.menu("timer", 30)
    p.menu("mode", 1)
    q = Player(storage=p.app.storage, model=p.model)
    q.app, q.clock = p.app, p.clock
    q.press("B")
    assert q.screen == "play" and q.app.lines[2] == "%s  game 1/3" % q.app.lines[2][:2]
    assert q.app.lines[1] == "P1 Black to move"
    q.check_board()
    s = q.app.settings
    assert (s["mode"], s["games"], s["timer"]) == (0, 3, 0)


# --- damage and foreign memory ---------------------------------------------------------
def test_damage_far_back_in_the_log_says_how_much_was_lost():
    """A bit gone in the record of the 5th move of 12: the game resumes after
    move 4 and the notice says 8 saves were lost, not 'last move lost'."""
    nvm = RecordingNvm()
    p = Player(storage=NvmStorage(nvm))
    p.press("A")
    first_moves(p, 12)
    moves = list(p.model.moves)
    records = appends(nvm)[-12:]                    # a record per move
    damaged = bytearray(nvm.data)
    damaged[records[4][1].start + 3] ^= 0x10
    nvm.data[:] = damaged
    q = switched_on(nvm, model=Game(Position(), moves[:4]))
    assert said(q) == (DAMAGED % 8) + ", back to move 4", q.app.message
    q.press("B")
    assert q.screen == "play" and list(q.model.moves) == moves[:4]
    q.check_board()


def test_memory_of_zeros_is_reported_in_one_line_and_then_saves():
    nvm = FakeNvm(data=bytes(4096))
    p = Player(storage=NvmStorage(nvm))
    assert said(p) == "no Mapello save in memory; set aside, new game", p.app.lines
    assert p.app.lines[3] != "A start  B resume"
    p.wait(6000)
    p.press("A")
    first_moves(p, 2)
    q = switched_on(p.app.storage.mem)
    assert q.app.message == "" and q.app.lines[3] == "A start  B resume"


# --- a saved game nobody can play ----------------------------------------------------
def test_a_saved_game_on_a_board_where_nobody_can_move_is_refused_with_a_reason():
    start = Position()
    walls = 0
    for turn in (0, 1):                       # walls on every opening move of both sides
        start.turn = turn
        for cell in start.legal_moves():
            walls |= 1 << cell
    blocked = Position(walls=walls)
    assert blocked.is_over()
    nvm = FakeNvm()
    assert NvmStorage(nvm).save(pack(Game(blocked), Series(1), {"games": 1, "hints": 1, "timer": 0}))
    p = switched_on(nvm)
    p.press("B")
    assert p.screen == "menu"
    assert said(p) == "save: nobody can move on its board; set aside, new game", p.app.message
    p.wait(6000)
    assert p.app.lines[3] == "A start  </> change"
    p.press("A")
    assert p.screen == "play"


# --- a saved game on a board no board file could give -------------------------------
def cells(*names):
    """A mask of the cells named (a number: a cell of the border ring)."""
    mask = 0
    for name in names:
        mask |= 1 << (name if isinstance(name, int) else parse_cell(name))
    return mask


NINE = ("b2", "c2", "f2", "g2", "b7", "c7", "f7", "g7", "b3")


@pytest.mark.parametrize("good, bad, why", [
    (Game(Position(bonuses=cells("c3"), jokers=cells(5))),
     Game(Position(bonuses=cells("e4"), jokers=cells(5))),
     "save: bonus on e4: the centre four must stay free"),
    (Game(Position(walls=cells(*NINE[:8]))), Game(Position(walls=cells(*NINE))),
     "save: 9 walls: at most 8"),
    (Game(Position(walls=cells("b2", "g7")), limits=Limits(2, 8, 8)),
     Game(Position(walls=cells("b2", "g7", "c2")), limits=Limits(2, 8, 8)),
     "save: board breaks its limits: 3 walls: at most 2"),
])
def test_a_saved_game_on_a_board_the_rules_forbid_is_set_aside_in_the_board_files_words(good, bad, why):
    """Boards the save's own encoder writes and its checksum passes: one a
    board file could give resumes as it was; one a board file could not is
    refused at B with the reason a board file gets (mapello/rules/
    boardfile.py), set aside, and a new game starts."""
    nvm = FakeNvm()
    assert NvmStorage(nvm).save(pack(good, Series(1), {"games": 1, "hints": 1, "timer": 0}))
    p = switched_on(nvm, model=good)
    p.press("B")
    assert p.screen == "play" and p.app.message == "game resumed"
    p.check_board()

    assert NvmStorage(nvm).save(pack(bad, Series(1), {"games": 1, "hints": 1, "timer": 0}))
    p = switched_on(nvm)
    assert p.app.lines[3] == "A start  B resume"         # the board is read at B, not at power-on
    p.press("B")
    assert p.screen == "menu"
    assert said(p) == why + "; set aside, new game", p.app.message
    assert "save:" in p.app.lines[1]
    p.wait(6000)
    assert p.app.lines[3] == "A start  </> change"       # nothing left to resume
    p.press("A")
    assert p.screen == "play" and p.app.lines[0] == "B2(+0)  W2(+0)"
    first_moves(p, 1)
    q = switched_on(p.app.storage.mem, model=p.model)   # the new game's save resumes
    assert q.app.message == "" and q.app.lines[3] == "A start  B resume"
    q.press("B")
    assert q.screen == "play" and len(q.model.moves) == 1
    q.check_board()


# --- between two games --------------------------------------------------------------
def resign(p):
    p.press("B")
    p.choose("Resign")
    p.choose("Yes, resign")
    assert p.screen == "game over"


def free_play_first_game(storage):
    """Free play, best of 3: P1 sets up the plain board, P2 takes white, P1
    (black) plays two moves."""
    p = Player(settings={"mode": 1, "games": 3}, storage=storage)
    p.press("A")
    assert p.screen == "setup" and p.app.lines[0] == "Setup by P1"
    p.press("B")
    p.expect_start(Position())
    p.choose("Start")
    p.press("RIGHT", "A")                      # P2: white
    assert p.screen == "play" and p.app.lines[1] == "P1 Black to move"
    first_moves(p, 2)
    return p


def test_cancel_setup_between_free_play_games_keeps_the_series():
    nvm = FakeNvm()
    p = free_play_first_game(NvmStorage(nvm))
    resign(p)                                  # black (P1) resigns: P2 leads 1-0
    p.press("A")
    assert p.screen == "setup" and p.app.lines[0] == "Setup by P2"
    p.press("B")
    p.choose("Cancel setup")
    assert p.screen == "menu" and p.app.lines[3] == "A start  B resume", p.app.lines
    p.press("A")
    assert p.app.lines[1] == "Discard saved game?"
    p.press("B")                               # no: keep it
    p.press("B")
    assert p.screen == "setup" and p.app.lines[0] == "Setup by P2"
    assert said(p) == "series resumed"
    p.press("B")
    p.expect_start(Position())
    p.choose("Start")
    assert p.screen == "colour" and p.app.lines[0] == "P1: pick colour"
    p.press("A")                               # P1 takes black
    assert p.screen == "play" and p.app.lines[2].endswith("game 2/3"), p.app.lines
    assert p.app.lines[1] == "P1 Black to move"
    resign(p)                                  # P1 resigns again: 0-2, the series is P2's
    assert p.app.lines[2].startswith("P1 0-2 P2 =0 -"), p.app.lines


def restarts_through(write, port):
    """The memory a start finds after the power went at each step of `write`
    (image, key, value), as (step, FakeNvm, whether the write erased); of an
    erase and rewrite, the erase and the first 300 bytes (where the new save
    is written), then a step in 509."""
    image, key, value = write
    erases = port == "samd51" or image[key] != b"\xff" * len(value)
    steps = 1 + len(image) if erases else len(value)
    wanted = range(steps) if steps <= 301 else list(range(301)) + list(range(301, steps, 509))
    for step in wanted:
        cut = FakeNvm(port=port, data=image, torn=True, seed=step + 1)
        cut.cut_after(step)
        with pytest.raises(PowerCut):
            cut[key] = value
        cut.cut_after(None)
        yield step, cut, erases


@pytest.mark.parametrize("port", ["rp2040", "samd51"])
@pytest.mark.parametrize("mode", [0, 1])
def test_a_power_cut_as_a_game_ends_never_loses_the_result(port, mode):
    """From the save of game 1's last move to the first save of game 2, a
    power cut at any step resumes game 1, or its result: its game-over
    screen until the players leave it, then the series' next game, or in
    free play the next setup (by P2).  Only a cut before an
    erase and rewrite has put a whole save back loses it: the port has one
    erase unit, and nothing in it survives the erase."""
    nvm = RecordingNvm(port=port)
    storage = NvmStorage(nvm, erase_every_write=port == "samd51")
    if mode == 1:
        p = free_play_first_game(storage)
    else:
        p = Player(settings={"mode": 0, "games": 3}, storage=storage)
        p.press("A")
        first_moves(p, 2)
    first = len(nvm.log) - 1                   # the last move's save
    resign(p)                                  # the result
    p.press("A")
    if mode == 1:                              # P2 sets up, P1 picks black
        p.press("B")
        p.expect_start(Position())
        p.choose("Start")
        p.press("A")
    assert p.screen == "play" and p.app.lines[2].endswith("game 2/3")
    writes = nvm.log[first:]
    assert len(writes) == (4 if mode == 1 else 3)
    lost = 0
    seen = set()        # what a start reads from the memory: the App is tried once on each
    for write in writes:
        for step, cut, erased in restarts_through(write, port):
            read = NvmStorage(FakeNvm(port=port, data=bytes(cut.data)))
            found = (read.load(), read.problem, read.notice)
            if found[0] is None:
                assert erased, step            # nothing whole in memory: only in an erase
                lost += 1
            if found in seen:
                continue
            seen.add(found)
            q = switched_on(cut)
            q.tick(6000)                       # past any notice, to the menu's keys
            if found[0] is None:
                assert q.app.lines[3] == "A start  </> change", q.app.lines
                continue
            assert q.app.lines[3] == "A start  B resume", (step, q.app.lines)
            q.press("B")
            if q.screen == "game over":        # where the players were: the result, A goes on
                assert q.app.lines[0] == "Black (P1) resigned", q.app.lines
                q.press("A")
            if q.screen == "setup":            # free play: the result kept, P2 sets up
                assert mode == 1 and q.app.lines[0] == "Setup by P2", q.app.lines
            else:
                assert q.screen == "play", (step, q.app.lines)
                info = q.app.lines[2]
                assert info.endswith("game 1/3") or info.endswith("game 2/3"), info
    assert len(seen) >= len(writes)
    if port == "rp2040":
        assert lost == 0                       # appends only: a fresh sector needs no erase
    else:
        assert 0 < lost < 300 * len(writes)
