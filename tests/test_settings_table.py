"""The one table of the settings (mapello/game/options.py SETTINGS) against
each place that reads it, through that place's own front: the menu's lines
and buttons, a save read back, settings.toml's reader and the App it feeds,
the computer player, the manuals.  Every value one of them takes the others
take too, and no other: a value added in one place only (a menu choice the
save's checks refuse, a range settings.toml's reader and the save see
differently, a level the computer has no row for, a default the README
does not say) fails here."""
import os
import re

import pytest

from desktop.app_driver import Player
from mapello.ai import levels
from mapello.ai.thinker import Thinker
from mapello.game.game import Game
from mapello.game.options import COMPUTER, FREE, LEVELS, SETTINGS
from mapello.game.save.errors import SaveError
from mapello.game.save.payload import pack
from mapello.game.save.resume import unpack
from mapello.game.series import Series
from mapello.hardware.settings import DEFAULTS, SettingsError, read_settings
from mapello.rules.position import Position
from mapello.ui.app import App

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return " ".join(f.read().split())     # lines joined: a phrase may break anywhere


def values(key):
    """Every value the table lets the game take for `key`, lowest first."""
    _, low, high, _, _ = SETTINGS[key]
    return range(low, high + 1)


def menu_choices(key):
    """The menu's choices for `key` in the table's order."""
    choices = SETTINGS[key][3]
    return tuple(values(key)) if choices is None else choices


def in_the_menu():
    return sorted(k for k in SETTINGS if SETTINGS[k][3] != ())


def with_a_key():
    """(name, settings.toml key) of the settings settings.toml gives."""
    return [(k, SETTINGS[k][4]) for k in sorted(SETTINGS) if SETTINGS[k][4]]


# --- the table itself -------------------------------------------------------------

@pytest.mark.parametrize("key", sorted(SETTINGS))
def test_each_row_holds_its_default_and_its_choices_in_its_range(key):
    default, low, high, choices, _ = SETTINGS[key]
    assert low <= default <= high
    if choices is not None and choices != ():
        assert all(low <= c <= high for c in choices), choices
        assert len(set(choices)) == len(choices) and default in choices


# --- the menu ---------------------------------------------------------------------

def menu_lines(p):
    """The settings of the menu's lines, read off the display ("MAPELLO
    3/10" counts them), Down after Down."""
    keys = []
    for _ in range(int(p.app.lines[0].split("/")[1])):
        key = [k for k, label in p.MENU_LABELS.items() if p.app.lines[1].startswith(">" + label)]
        assert len(key) == 1, p.app.lines[1]
        keys.append(key[0])
        p.press("DOWN")
    return keys


def menu_cycle(p, key):
    """The values a menu line goes through, Right pressed until it is back
    where it started: the first is the value it showed."""
    p.menu_row(key)
    seen = [p.app.settings[key]]
    lines = [p.app.lines[1]]
    while True:
        p.press("RIGHT")
        if p.app.settings[key] == seen[0]:
            return seen, lines
        seen.append(p.app.settings[key])
        lines.append(p.app.lines[1])
        assert len(seen) <= 100, (key, seen)


def test_every_menu_line_offers_the_tables_choices_in_their_order():
    """Each line's Right goes through the row's choices (every value of its
    range where it names none) and comes round; the menu has a line for
    each row the menu keeps and for no other setting."""
    p = Player(settings={"mode": COMPUTER})            # the level's line shows
    shown = [k for k in menu_lines(p) if k not in ("board", "records")]
    assert sorted(shown) == in_the_menu()
    for key in shown:
        if key in ("walls", "bonuses", "jokers"):      # free play: the limits are the menu's
            p.menu("mode", FREE)
        elif key == "level":
            p.menu("mode", COMPUTER)
        seen, lines = menu_cycle(p, key)
        choices = menu_choices(key)
        start = choices.index(seen[0])
        assert seen == list(choices[start:] + choices[:start]), key
        if key == "level":
            assert lines == [">Level: " + LEVELS[v] for v in seen]


def test_every_level_the_menu_offers_is_one_the_computer_plays():
    """The menu's levels are the computer's rows (mapello/ai/levels.py): a
    Thinker at each, none past the last."""
    assert len(levels.DEFAULT_NODES) == len(levels.MAX_DEPTH) == len(levels.EXACT_EMPTIES) \
        == len(menu_choices("level")) == len(LEVELS)
    for level in menu_choices("level"):
        Thinker(Position(), level, node_budget=10)
    with pytest.raises(ValueError):
        Thinker(Position(), SETTINGS["level"][2] + 1)


# --- a save read back ---------------------------------------------------------------

@pytest.mark.parametrize("key", sorted(SETTINGS))
def test_a_save_takes_every_value_of_the_tables_range_and_no_other(key):
    """The save's checks: the lowest, the highest, the default and each of
    the menu's choices come back; one past either end sets the save aside."""
    default, low, high, choices, _ = SETTINGS[key]
    for v in {low, high, default} | set(choices or ()):
        assert unpack(pack(None, Series(2), {key: v})).settings[key] == v
    for v in (low - 1, high + 1):
        with pytest.raises(SaveError, match="save: %s %d out of range" % (key, v)):
            unpack(pack(None, Series(2), {key: v}))


def test_a_saved_games_timer_is_the_settings_range():
    """A game keeps its timer apart from the settings: the same highest."""
    high = SETTINGS["timer"][2]
    game = Game(Position(), (), None, high * 1000, lambda: 0)
    assert unpack(pack(game, Series(2), {})).match.timer_ms == high * 1000
    game = Game(Position(), (), None, (high + 1) * 1000, lambda: 0)
    with pytest.raises(SaveError, match="timer %d" % (high + 1)):
        unpack(pack(game, Series(2), {}))


def test_what_the_app_saves_is_all_in_the_table():
    """Every setting the App has (and so saves) but the board's name and
    the players' record (which the save's checks hold to its own form) is a
    row whose range the save's checks hold it to."""
    app = App([], None, lambda: 0)
    assert sorted(k for k in app.settings if k not in ("board", "tally")) == sorted(SETTINGS)
    for key in SETTINGS:
        assert app.settings[key] == SETTINGS[key][0]


# --- settings.toml -------------------------------------------------------------------

def parse(**values):
    return read_settings({"MAPELLO_" + k: v for k, v in values.items()}.get, path="/nonexistent")


@pytest.mark.parametrize("name,key", with_a_key())
def test_settings_toml_takes_the_tables_range_and_the_app_and_the_save_take_what_it_read(name, key):
    """Its default when the file says nothing, every value of the range
    (the lowest, the highest) handed to the App as read and kept by a save;
    one past either end stops the board with the range in the message."""
    default, low, high, _, _ = SETTINGS[name]
    assert DEFAULTS[key] == str(default) and parse().game[name] == default
    for v in (low, high):
        game = parse(**{key: str(v)}).game
        assert game[name] == v
        app = App([], None, lambda: 0, settings=game)
        assert app.settings[name] == v
        assert unpack(pack(None, Series(2), app.settings)).settings[name] == v
    for v in (low - 1, high + 1):
        with pytest.raises(SettingsError, match="MAPELLO_%s is %d; use %d to %d" % (key, v, low, high)):
            parse(**{key: str(v)})


def test_settings_toml_gives_the_app_only_the_tables_settings():
    assert sorted(parse().game) == [name for name, _ in with_a_key()]


# --- the manuals ------------------------------------------------------------------------

@pytest.mark.parametrize("name,key", with_a_key())
def test_the_readmes_settings_toml_reference_gives_the_tables_default_and_range(name, key):
    default, low, high, _, _ = SETTINGS[name]
    row = re.search(r"\| `MAPELLO_%s` \| `(\d+)` \|([^|]*)\|" % key, read("README.md"))
    assert row, key
    assert int(row.group(1)) == default and "%d to %d" % (low, high) in row.group(2), row.group(0)


def test_the_manuals_say_the_menus_choices():
    readme = read("README.md")
    _, low, high, _, _ = SETTINGS["games"]
    assert "series length, %d to %d games" % (low, high) in readme
    assert "Series** on one board: %d to %d games" % (low, high) in readme
    _, low, high, _, _ = SETTINGS["walls"]
    assert "`at most 0` to `at most %d`, then `exactly 1` to `exactly %d`" % (high, -low) in readme
    timer = SETTINGS["timer"]
    assert timer[0] == 0 and "move timer (off by default; %s or %d s)" % (
        ", ".join(str(t) for t in timer[3][1:-1]), timer[3][-1]) in readme
    assert "for %d s a move (`MAPELLO_THINK_MS`)" % (SETTINGS["think_ms"][0] // 1000) in readme
    assert "%s levels. **%s**" % (("One", "Two", "Three", "Four")[len(LEVELS) - 1],
                                  LEVELS[0].capitalize()) in readme
    design = read("docs/DESIGN.md")
    _, low, high, _, _ = SETTINGS["brightness"]
    assert "| `brightness` | percent, %d to %d;" % (low, high) in design
