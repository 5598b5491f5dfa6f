"""The players' record (the settings' "tally", mapello/game/options.py), as the players meet it: games
and series counted from P1's side, against P2 and against each computer
level, on the Records screen from the menu; kept through power cuts with
the save, at every step of the writes that count a game, on both flash
models; reset only by the Records screen's explicit choice.  Buttons in,
lines out, on the fake NVM."""
import pytest

from desktop.app_driver import Player
from desktop.fake_nvm import FakeNvm
from test_app_save import RecordingNvm
from test_app_save_faults import first_moves, resign, restarts_through, switched_on
from mapello.game.options import COMPUTER, LEVELS, LOST, TALLY_GAMES
from mapello.game.save.log import NvmStorage


def records(p):
    """Every page of the Records screen from the menu, as (head, games, series)
    lines, and back to the menu."""
    p.menu_row("records")
    p.press("A")
    assert p.screen == "records", p.app.lines
    pages = []
    for _ in range(1 + len(LEVELS)):
        pages.append(tuple(p.app.lines[:3]))
        p.press("RIGHT")
    assert p.app.lines[0].startswith("Reset records")
    p.press("B")
    assert p.screen == "menu"
    return pages


def page(pages, who):
    found = [pg for pg in pages if pg[0].startswith(who + " ")]
    assert len(found) == 1, pages
    return found[0][1:]


ZERO = ("Games W0 D0 L0", "Series W0 D0 L0")


def test_a_two_player_series_counts_its_games_and_its_result():
    p = Player(settings={"games": 2}, storage=NvmStorage(FakeNvm()))
    assert all(pg[1:] == ZERO for pg in records(p))
    p.press("A")
    first_moves(p, 1)
    resign(p)                                  # white (P2) resigns: P1 wins 5-0
    assert page(records_after_game(p), "P1 v P2") == ("Games W1 D0 L0", "Series W0 D0 L0")


def records_after_game(p):
    """The records, from the game-over screen: A on to the next game, B to
    its menu, Quit to menu."""
    p.press("A")
    p.press("B")
    p.choose("Quit to menu")
    return records(p)


def test_a_drawn_series_and_a_lost_game_from_p1s_side():
    p = Player(settings={"games": 2}, storage=NvmStorage(FakeNvm()))
    p.press("A")
    first_moves(p, 1)
    resign(p)                                  # P2 (white) resigns: P1 wins 5-0
    p.press("A")                               # game 2: P2 on black
    first_moves(p, 1)
    resign(p)                                  # P1 (white) resigns: P2 wins 5-0, 1-1 and level
    assert p.app.lines[2].startswith("P1 1-1 P2 =0 +0"), p.app.lines
    p.press("A")                               # the series is over: to the menu
    assert p.screen == "menu"
    assert page(records(p), "P1 v P2") == ("Games W1 D0 L1", "Series W0 D1 L0")


@pytest.mark.parametrize("level", [0, 2])
def test_against_the_computer_each_level_has_its_own_page(level):
    nvm = FakeNvm()
    p = Player(settings={"mode": COMPUTER, "level": level, "games": 1}, storage=NvmStorage(nvm))
    p.press("A")
    resign(p)                                  # you resign at once: the computer's game and series
    p.press("A")
    pages = records(p)
    assert page(pages, "You v " + ("easy", "medium", "hard")[level]) == (
        "Games W0 D0 L1", "Series W0 D0 L1")
    assert sum(pg[1:] != ZERO for pg in pages) == 1          # no other page counted it
    assert records(switched_on(nvm)) == pages                 # the power went: still there


def test_the_records_reset_only_when_asked_twice():
    nvm = FakeNvm()
    p = Player(settings={"games": 1}, storage=NvmStorage(nvm))
    p.press("A")
    first_moves(p, 1)
    resign(p)
    p.press("A")
    counted = records(p)
    p.menu_row("records")
    p.press("A", "LEFT")                       # the last page: the reset
    assert p.app.lines[:3] == ["Reset records     5/5", "Every count to 0:", "A resets (asks first)"]
    p.press("A")
    assert p.app.lines[:3] == ["Reset all records?", "A yes: all to 0", "B no: keep them"]
    p.press("B")                               # no
    assert p.screen == "records"
    p.press("B")
    assert records(p) == counted
    p.menu_row("records")
    p.press("A", "LEFT", "A", "A")
    assert p.app.message == "records reset"
    p.press("B")
    assert all(pg[1:] == ZERO for pg in records(p))
    assert all(pg[1:] == ZERO for pg in records(switched_on(nvm)))   # the reset is saved


def test_a_saved_record_that_is_not_one_is_dropped_and_the_game_stays():
    from mapello.game.save.payload import pack
    from mapello.game.series import Series
    nvm = FakeNvm()
    p = Player(settings={"games": 3}, storage=NvmStorage(nvm))
    p.press("A")
    first_moves(p, 2)
    game = p.app.screen.session.game
    settings = dict(p.app.settings, tally=[1, 2, 3])
    NvmStorage(nvm).save(pack(game, Series(3), settings))
    q = switched_on(nvm)
    q.tick(10)
    assert "players' record unreadable; dropped" in q.app.message
    q.tick(6000)                               # past the notice
    got = records(q)
    assert all(pg[1:] == ZERO for pg in got), got
    q.press("B")
    assert q.screen == "play" and len(q.app.screen.session.game.moves) == 2


@pytest.mark.parametrize("port", ["rp2040", "samd51"])
def test_a_power_cut_while_a_game_is_counted_keeps_the_count_with_the_result(port):
    """At every step of the writes from game 1's last move to game 2's
    first save: the game is counted exactly when its result is in the save
    (it resumes at its game-over screen or in game 2), never without it nor
    twice."""
    nvm = RecordingNvm(port=port)
    p = Player(settings={"games": 3}, storage=NvmStorage(nvm, erase_every_write=port == "samd51"))
    p.press("A")
    first_moves(p, 2)
    first = len(nvm.log) - 1
    resign(p)                                  # black (P1) resigns: a game lost
    p.press("A")
    writes = nvm.log[first:]
    seen = set()        # what a start reads from the memory: the App is tried once on each
    for write in writes:
        for step, cut, erased in restarts_through(write, port):
            read = NvmStorage(FakeNvm(port=port, data=bytes(cut.data)))
            found = (read.load(), read.problem, read.notice)
            if found in seen:
                continue
            seen.add(found)
            q = switched_on(cut)
            q.tick(6000)
            lost = (q.app.settings.get("tally") or [0] * 24)[TALLY_GAMES + LOST]
            if q.app.lines[3] != "A start  B resume":          # nothing whole: all lost in an erase
                assert erased and lost == 0, step
                continue
            q.press("B")
            counted = q.screen == "game over" or q.app.lines[2].endswith("game 2/3")
            assert lost == (1 if counted else 0), (step, q.screen, q.app.lines)
    assert len(seen) >= len(writes)
