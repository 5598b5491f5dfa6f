"""The computer's search, run a slice at a time from the play screen's ticks,
so the buttons and the display stay alive while it thinks (the computer's
moves and the hints alike)."""

from mapello.game.options import LEVELS
from mapello.ui import modules

from micropython import const

THINK_TICK_MS = const(15)       # a tick's share of thinking, so buttons stay alive
_THINK_TICK_SLICES = const(50)  # and a cap, for clocks that stand still in tests
HARD = len(LEVELS) - 1          # the level a hint thinks at: the last


def search(app, pos, level, ply, again=None, since=None):
    """A Thinker for level `level` (its index) that never thinks longer than
    the think_ms setting from `since` (the clock when the turn began; by
    default now): the hard level uses all of it, the lower levels stop
    sooner, at their own node budgets.  `ply` (moves so far) varies the seed
    from move to move.  `again`: the game's last Thinker, restarted rather
    than made anew."""
    # the computer's modules, in the group's order (a hint may come before
    # the play screen's ticks have loaded them); its last is the Thinker's
    Thinker = modules.load("ai").Thinker
    think_ms = app.settings["think_ms"]
    if since is not None:   # what loading the computer's modules took is spent
        think_ms = max(think_ms - (app.clock() - since), THINK_TICK_MS)
    if again is None:
        return Thinker(pos, level, app.seed + ply, None, think_ms, app.clock)
    again.restart(pos, level, app.seed + ply, None, think_ms, app.clock)
    return again


def run_slices(clock, thinker):
    """Work on `thinker` for this tick's share; True once its choice is final."""
    start = clock()
    first = thinker.nodes
    size = thinker.slice
    while not thinker.step(size):
        if clock() - start >= THINK_TICK_MS or thinker.nodes - first >= _THINK_TICK_SLICES * size:
            return False
    return True
