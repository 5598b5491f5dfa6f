"""What the players choose in the menu: the modes, the one table of the
settings (SETTINGS: the menu, the save's checks and settings.toml's reader
read their defaults and ranges there) and the limits they give.  Apart from
mapello/game/session.py so that the menu starts without the game's modules
(the device compiles every module it imports, and the menu is what a player
waits for at power-on).  In RAM all the time (mapello/ui/modules.py's
"core"), so settings.toml's reader, which goes after start-up, imports it
too: it loads first, and stays."""

from micropython import const

from mapello.rules.limits import MAX_PER_KIND, Limits

SERIES = const(0)
FREE = const(1)
COMPUTER = const(2)
MODES = 3

LEVELS = ("easy", "medium", "hard")     # the computer's levels, by index (mapello/ai/levels.py)

# The one table of the settings, but the board (a name: DEFAULT_BOARD).  A
# row: the default; the lowest and highest value the game takes (a save
# holding another is set aside, settings.toml giving another stops the
# board); the menu's choices in its order (None: every value from lowest to
# highest; (): not in the menu, nor taken back from a save); the key that
# settings.toml gives it with, after MAPELLO_ (None: none).  A value
# settings.toml gives is where the menu starts; the menu's, kept in the
# save, wins over it after that.
_LIMIT = (8, -MAX_PER_KIND, MAX_PER_KIND,      # negative = an exact count
          (0, 1, 2, 3, 4, 5, 6, 7, 8, -1, -2, -3, -4, -5, -6, -7, -8), None)   # Right counts up
SETTINGS = {
    "mode": (SERIES, 0, MODES - 1, None, None),
    "walls": _LIMIT, "bonuses": _LIMIT, "jokers": _LIMIT,   # one row, three settings
    "games": (2, 1, 9, None, None),              # series length
    "timer": (0, 0, 3600, (0, 10, 20, 30, 60), None),   # seconds per move, 0 = off
    "hints": (1, 0, 1, None, None),              # 1 shows legal moves as dim hints
    "brightness": (20, 1, 100, (10, 20, 30, 40, 50, 60, 70, 80, 90, 100), "BRIGHTNESS"),  # percent
    "level": (0, 0, len(LEVELS) - 1, None, None),
    "palette": (0, 0, 1, None, None),            # mapello/ui/palette.py's NAMES: 1 colourblind
    # minutes with no press until the matrix dims (twice that: dark), 0 = never
    "sleep": (5, 0, 60, (0, 1, 2, 5, 10, 20, 30, 60), "SLEEP_MINUTES"),
    "think_ms": (2000, 100, 60000, (), "THINK_MS"),     # the hard level's (and a hint's) time a move
}
# The players' record, kept in the save's settings under "tally" (counted
# by mapello/game/session.py, shown by mapello/ui/records.py): a row of
# counts per opponent, P1 against P2 first, then you against each of
# LEVELS; in a row the games and then the series, each won, drawn and lost
# from P1's (your) side.
TALLY_ROW = const(6)             # counts in a row
TALLY_GAMES = const(0)           # where a row's games start, and its series
TALLY_SERIES = const(3)
WON = const(0)                   # after those: won, drawn, lost
DRAWN = const(1)
LOST = const(2)
TALLY_SIZE = TALLY_ROW * (1 + len(LEVELS))
TALLY_MAX = const(65535)         # a count stops there

DEFAULT_BOARD = "Rulebook example"   # the menu's board, by name (the first when it is gone)

# The menu's boards that are not files (settings "board" holds one of these
# or a board file's name): a file with one of these names gives way to them.
BUILT_IN_BOARDS = ("Saved board", "Blocked squares", "Random Mapello", "Set up by hand")


def default_settings():
    """A new dict of every setting at its default, and a players' record of
    zeros (there from the start, so a first game counted takes no more
    room)."""
    out = {"board": DEFAULT_BOARD, "tally": [0] * TALLY_SIZE}
    for key in SETTINGS:
        out[key] = SETTINGS[key][0]
    return out


def setting(settings, key):
    """settings[key] when the game can use it (an int in its row's range),
    else its default."""
    default, low, high, _, _ = SETTINGS[key]
    v = settings.get(key, default)
    return v if type(v) is int and low <= v <= high else default


def limits_of(settings):
    """Limits from the menu's three numbers (negative = an exact count)."""
    values = []
    exact = []
    for key in ("walls", "bonuses", "jokers"):
        v = setting(settings, key)
        values.append(-v if v < 0 else v)
        exact.append(v < 0)
    return Limits(values[0], values[1], values[2], exact)
