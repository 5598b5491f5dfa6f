"""The coach's review of a game: for each move, the search's best move there
and the points the move played lost against it (`12. c4 -6, best e3`),
worked out by the hard level's search at one node budget a position
(mapello/ai/judge.py), so that the device's replay and `python3 -m desktop
review FILE` give the same verdicts.  This module reads them.

Each move's position is searched once, by a Thinker that searches the move
played first in every iteration, with the full window: the iteration gives
its exact value at that depth beside the best move's (the other moves are
only bounded, as in any search).  The loss is the difference of the two,
from the last iteration the budget let finish: one search, one horizon,
both values from the mover's view.  A move that is the search's best loses
nothing.  Near the end the search solves exactly, and so are the verdicts.
A position with one legal move (or a forced pass) is not searched.

What is worked out is kept with the game (GameRecord.review): two signed
shorts a move, the points lost and the best cell (NOT_YET, or NO_CHOICE
where there was one move or none).  mapello.ai.judge.Review fills it;
verdict() reads it.  Apart from the search, so that the game-over screen
and a replay whose verdicts are known hold none of the computer's modules.
"""

from array import array

from mapello.rules.position import PASS, cell_name

from micropython import const

NO_CHOICE = const(-1)   # the best cell of a forced move or pass
NOT_YET = const(-3)     # the best cell of a move not judged yet


def verdicts(record):
    """The record's review data, made when first asked for."""
    data = record.review
    if data is None:
        n = len(record.moves)
        data = record.review = array("h", bytes(4 * n))
        for i in range(n):
            data[2 * i + 1] = NOT_YET
    return data


def verdict(record, i):
    """(best cell or NO_CHOICE, points lost) of move i (0-based), None while
    it is not known.  NO_CHOICE: the move (or pass) was the only one."""
    data = record.review
    if data is None or data[2 * i + 1] == NOT_YET:
        return None
    return data[2 * i + 1], data[2 * i]


def text(record, i):
    """Move i's verdict as the replay and the page write it after the move:
    " -6, best e3" (a loss of 100 or more without the comma, to fit the
    display), ": best", ": only move" ("" for a forced pass); None while it
    is not known."""
    v = verdict(record, i)
    if v is None:
        return None
    best, loss = v
    if best == NO_CHOICE:
        return "" if record.moves[i] == PASS else ": only move"
    if not loss:
        return ": best"
    return " -%d%s best %s" % (loss, "," if loss < 100 else "", cell_name(best))


def left(record):
    """How many moves' verdicts are still unknown."""
    data = record.review
    if data is None:
        return len(record.moves)
    n = 0
    for i in range(len(record.moves)):
        if data[2 * i + 1] == NOT_YET:
            n += 1
    return n
