"""The checks every save read back passes (payload.py has what it holds):
each value in the range the game can use, so no screen ever sees another.
A save that fails one is set aside with a one-line SaveError."""

from mapello.game.options import SETTINGS, TALLY_MAX, TALLY_SIZE
from mapello.game.save.errors import SaveError
from mapello.rules.limits import MAX_PER_KIND

# Each setting a save may carry has its range in options.SETTINGS: a save
# with a value outside it is set aside, so no screen ever sees one.
MAX_GAME_POINTS = 64 + 3 * MAX_PER_KIND   # every square a disc, every bonus taken: both scores together
MAX_BOARD_TEXT = 2000
MAX_NAME = 60            # the menu's board name (mapello/game/catalogue.py NAME_CHARS)
BOARD_DROPPED = "save: saved board unreadable; dropped"
TALLY_DROPPED = "players' record unreadable; dropped"       # after "save: " or the board's line


def bad(what, value):
    raise SaveError("save: %s %s out of range" % (what, str(value)[:12]))


def check_settings(settings):
    """SaveError unless every known setting is an int in its range and the
    board a name (an older save's board number passes, and the App drops
    it); other keys pass untouched.  A saved board that does not read as a
    board, or a players' record (options.TALLY_SIZE counts) that is not one, is
    dropped from `settings`, never the save with it (the game in progress
    stays): the line that says so, or None."""
    if not isinstance(settings, dict):
        raise SaveError("save: settings are not a table")
    for key in SETTINGS:
        if key in settings:
            v = settings[key]
            _, low, high, _, _ = SETTINGS[key]
            if type(v) is not int or not low <= v <= high:
                bad(key, v)
    note = None
    if "tally" in settings and not is_tally(settings["tally"]):
        del settings["tally"]
        note = "save: " + TALLY_DROPPED
    v = settings.get("board", "")
    if not (type(v) is str and len(v) <= MAX_NAME or type(v) is int and 0 <= v <= 255):
        bad("board", v)
    if "myboard" in settings:
        text = settings["myboard"]
        readable = isinstance(text, str) and len(text) <= MAX_BOARD_TEXT
        if readable:
            from mapello.rules.boardfile import BoardError, parse_board
            try:
                parse_board(text)
            except BoardError:
                readable = False
        if not readable:
            del settings["myboard"]
            return BOARD_DROPPED if note is None else BOARD_DROPPED + "; " + TALLY_DROPPED
    return note


def is_tally(value):
    """Whether a save's `value` is a players' record the game can show and
    count on."""
    if type(value) is not list or len(value) != TALLY_SIZE:
        return False
    for v in value:
        if type(v) is not int or not 0 <= v <= TALLY_MAX:
            return False
    return True


def check_series(s):
    """SaveError unless the series' length and every kept score can be real."""
    _, low, high, _, _ = SETTINGS["games"]
    if not low <= s.length <= high:
        bad("series length", s.length)
    games = s.games()
    for g in games:
        if g.black_score + g.white_score > MAX_GAME_POINTS:
            bad("score", "%d-%d" % (g.black_score, g.white_score))
    if len(games) == s.played:   # every game kept: the totals must be theirs
        t = [0, 0, 0, 0]
        for g in games:
            w = g.winner()
            t[2 if w is None else w] += 1
            t[3] += g.score_of(0) - g.score_of(1)
        if t != [s.wins[0], s.wins[1], s.draws, s.diff[0]]:
            raise SaveError("save: series totals do not match its games")


def check_board(pos, limits):
    """SaveError unless the start of a saved game is a board a board file
    could give, refused in the board file's own words
    (mapello/rules/boardfile.py): the same pieces.py rules, so a save says
    "save: bonus on e4: the centre four must stay free" where the file
    says "line L, column C: bonus on e4: the centre four must stay free"."""
    from mapello.rules.pieces import KIND_PLURALS, MAX_PER_KIND, piece_counts, placement_error, problems
    from mapello.rules.position import INNER
    counts = piece_counts(pos)
    masks = (pos.walls, pos.bonuses, pos.jokers)
    for kind in range(3):
        if counts[kind] > MAX_PER_KIND:
            raise SaveError("save: %d %s: at most %d" % (counts[kind], KIND_PLURALS[kind], MAX_PER_KIND))
        m = masks[kind]
        cell = 0
        while m:
            why = placement_error(kind, cell) if m & 1 else None
            if why:
                raise SaveError("save: " + why)
            m >>= 1
            cell += 1
    discs = pos.discs[0] | pos.discs[1]
    if (discs | INNER) != INNER:
        raise SaveError("save: disc on the border: discs go on the inner 8x8")
    if pos.walls & pos.bonuses or discs & (pos.walls | pos.bonuses) or pos.discs[0] & pos.discs[1]:
        raise SaveError("save: two pieces on one square")
    if pos.taken[0] + pos.taken[1] > MAX_PER_KIND:
        bad("bonuses taken", pos.taken)
    if limits is not None:
        broken = problems(limits, counts)
        if broken:
            raise SaveError("save: board breaks its limits: " + "; ".join(broken))
