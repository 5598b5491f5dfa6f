"""What the players choose in the menu: the modes, the default settings and
the limits they give.  Apart from mapello/game/session.py so that the menu
starts without the game's modules (the device compiles every module it
imports, and the menu is what a player waits for at power-on)."""

from micropython import const

from mapello.rules.limits import Limits

SERIES = const(0)
FREE = const(1)
COMPUTER = const(2)
MODES = 3

DEFAULT_SETTINGS = {
    "mode": SERIES,
    "board": "Rulebook example",   # the menu's board, by name (the first when it is gone)
    "walls": 8, "bonuses": 8, "jokers": 8,   # limits; negative = an exact count
    "games": 2,         # series length
    "timer": 0,         # seconds per move, 0 = off
    "hints": 1,         # 1 shows legal moves as dim hints
    "brightness": 20,   # percent
    "level": 0,         # index into mapello.ai.LEVELS
}
LEVEL_COUNT = 3         # len(mapello.ai.LEVELS), without importing the computer player

# The menu's boards that are not files (settings "board" holds one of these
# or a board file's name): a file with one of these names gives way to them.
BUILT_IN_BOARDS = ("Saved board", "Blocked squares", "Random Mapello", "Set up by hand")


def limits_of(settings):
    """Limits from the menu's three numbers (negative = an exact count)."""
    values = []
    exact = []
    for key in ("walls", "bonuses", "jokers"):
        v = settings.get(key, 8)
        if not -8 <= v <= 8:
            v = 8
        values.append(-v if v < 0 else v)
        exact.append(v < 0)
    return Limits(values[0], values[1], values[2], exact)
