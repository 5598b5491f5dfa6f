"""The players' record across games and series: for P1 against P2 (two
players on the handheld, a series or free play) and for you against each
computer level, the games and the series won, drawn and lost, counted from
P1's (your) side.

It is kept in the save, as the settings' "tally" (a list of COUNTS numbers
per opponent, TWO_PLAYERS first, then the levels of
mapello.game.options.LEVELS in order): the save that scores a game writes
the game's result, the series' standing and the tally in one record, so a
power cut keeps all of them or none (the game's last move is then played
again).  Only the Records screen's reset (mapello/ui/records.py) sets it
back to zero.
"""

from micropython import const

from mapello.game.options import LEVELS

KEY = "tally"                # its name in the settings
TWO_PLAYERS = const(0)       # the opponent's row: P2; row 1 + level: the computer at that level
GAMES_WON = const(0)         # the counts of a row, in order
GAMES_DRAWN = const(1)
GAMES_LOST = const(2)
SERIES_WON = const(3)
SERIES_DRAWN = const(4)
SERIES_LOST = const(5)
COUNTS = const(6)
OPPONENTS = 1 + len(LEVELS)
SIZE = OPPONENTS * COUNTS
MAX_COUNT = const(65535)     # a count stops there


def is_tally(value):
    """Whether `value` (a save's) is a tally the game can show and count on."""
    if type(value) is not list or len(value) != SIZE:
        return False
    for v in value:
        if type(v) is not int or not 0 <= v <= MAX_COUNT:
            return False
    return True


def of(settings):
    """The settings' tally, or a new one of zeros where they hold none."""
    t = settings.get(KEY)
    return t if is_tally(t) else [0] * SIZE


def opponent(level):
    """The row of a session's opponent: `level` None (two players) or the
    computer's level."""
    return TWO_PLAYERS if level is None else 1 + level


def count(settings, level, game_winner, series_over, series_winner):
    """Count a finished game into settings' tally: `game_winner` and
    `series_winner` are players (0: P1 or you, 1: the other) or None for a
    draw; `series_over`: the game ended the series.  The tally is replaced,
    not changed in place: the save packs the settings again only when they
    compare different (mapello.game.save.payload)."""
    t = list(of(settings))
    row = opponent(level) * COUNTS
    _add(t, row + (GAMES_DRAWN if game_winner is None else GAMES_WON + 2 * game_winner))
    if series_over:
        _add(t, row + (SERIES_DRAWN if series_winner is None else SERIES_WON + 2 * series_winner))
    settings[KEY] = t


def _add(t, i):
    if t[i] < MAX_COUNT:
        t[i] += 1
