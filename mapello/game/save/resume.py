"""A save read back whole (payload.py has the format): the settings, the
series and the game in progress, every value checked (checks.py); and what
the game does with it: resume the game in progress, or rewrite it around a
board kept in setup.  Loaded only for those (and to set a bad save aside),
and dropped with the menu's modules: a game in progress never holds this
code.
"""

from mapello.game.save.errors import SaveError
from mapello.game.save.outline import joined, sections, set_aside, settings_of, waits_for_setup
from mapello.game.save.payload import pack

# The settings that make a game what it is: a resumed game takes them from
# its save, whatever the menu shows (and the menu shows them afterwards).
GAME_SETTINGS = "mode board walls bonuses jokers games timer level"


class Saved:
    """What unpack() found: match (or None), series (or None), settings
    (dict), the match's board as the save holds it (bytes, or None), and
    note: what was dropped from the settings (a line), or None.  ended:
    None for a game in progress, else a list [the resigner's colour, or
    None] for a game saved at its end."""

    def __init__(self, match, series, settings, board=None, note=None, ended=None):
        self.match = match
        self.series = series
        self.settings = settings
        self.board = board
        self.note = note
        self.ended = ended

    def resumable(self):
        """Whether B has something to resume: a game, or a free play series
        whose next board is to be set up."""
        return self.match is not None or (
            self.series is not None and waits_for_setup(self.series.to_bytes()))


def _match(m, clock, seed):
    from mapello.game.game import Game  # loaded only when a game was saved
    from mapello.game.record.binary_read import decode
    from mapello.game.options import SETTINGS
    from mapello.game.save.checks import bad, check_board
    from mapello.game.save.payload import FINISHED, RESIGNED
    from mapello.rules.position import INNER_CELLS, PASS
    kind = m[0] if m else 255
    resigner = kind // RESIGNED  # RESIGNED << colour: 1 black, 2 white
    if len(m) < 4 or kind & 3 > 2 or resigner > 2 or resigner and not kind & FINISHED:
        raise SaveError("save: bad computer colour")
    timer = int.from_bytes(m[1:3], "big")
    _, _, highest, _, _ = SETTINGS["timer"]
    if timer > highest:
        bad("timer", timer)
    end = 4 + m[3]
    if end > len(m):
        raise SaveError("save: game cut short")
    board = decode(m[4:end])
    if board.moves:
        raise SaveError("save: game cut short")
    check_board(board.start, board.limits)
    moves = []
    for i in range(end, len(m)):
        c = m[i]
        if c and c not in INNER_CELLS:
            bad("move", c)
        moves.append(c if c else PASS)
    computer = None if kind & 3 == 0 else (kind & 3) - 1
    # Game plays every move through the rules: an illegal one is a ValueError
    game = Game(board.start, moves, computer, timer * 1000, clock, seed, board.name,
                board.limits)
    ended = None
    if kind & FINISHED:      # saved at its end: over on the board, or resigned
        ended = [None if not resigner else resigner >> 1]
        if not (resigner or game.pos.is_over()):
            raise SaveError("save: game not over")
    elif game.pos.is_over():   # a game in progress is saved before its last move
        raise SaveError("save: game already over" if moves else "save: nobody can move on its board")
    return game, m[4:end], ended


def series_from_bytes(data):
    """The Series that Series.to_bytes() wrote; SaveError on anything
    inconsistent."""
    from mapello.game.series import FORMAT, MAX_KEPT_GAMES, Series
    if len(data) < 20 or data[0] != FORMAT:
        raise SaveError("series: unknown format")
    s = Series(data[1], data[2] >> 1, 0)
    s.setup_player = data[2] & 1
    s._next_black = None if data[3] == 255 else data[3] & 1
    v = [int.from_bytes(data[i:i + 2], "big") for i in range(4, 20, 2)]
    s.played, s.boards, w0, w1, s.draws, d0, d1, n = v
    s.wins = [w0, w1]
    s.diff = [d0 - 0x10000 if d0 & 0x8000 else d0, d1 - 0x10000 if d1 & 0x8000 else d1]
    if len(data) != 20 + 2 * n or n > s.played or n > MAX_KEPT_GAMES:
        raise SaveError("series: game list does not match its length")
    if w0 + w1 + s.draws != s.played or s.diff[0] != -s.diff[1]:
        raise SaveError("series: totals do not add up")
    s._games = bytearray(data[20:])
    return s


def unpack(data, clock=None, seed=0):
    """A Saved from pack()'s bytes, every value checked; SaveError (one line)
    on anything wrong."""
    from mapello.game.save.checks import check_series
    try:
        parts, at = sections(data)
        settings, note = settings_of(parts[0])
        series = None
        if parts[1]:
            series = series_from_bytes(parts[1])
            check_series(series)
        match = board = ended = None
        if at < len(data):
            match, board, ended = _match(bytes(data[at:]), clock, seed)
            if ended is not None and series is None:
                raise SaveError("save: game over without its series")
        return Saved(match, series, settings, board, note, ended)
    except (SaveError, MemoryError):  # short of memory is not a bad save
        raise
    except Exception as e:  # whatever the bytes were, say so in one line
        raise SaveError("save unreadable: %s" % str(e)[:40])


def resume(storage, clock=None, seed=0):
    """(Saved or None, message or None), never an exception.

    The message is one line for the player: why a save was set aside (with
    None), or (with the Saved) storage.notice when the save resumed is older
    than the last one written and what was dropped from its settings.  A
    save that passes its checksum but fails a check of its values is set
    aside too.
    """
    if storage is None:
        return None, None
    try:
        data = storage.load()
    except MemoryError:
        return None, "no memory to resume the save; kept"
    except Exception as e:
        return None, "save unreadable: %s" % str(e)[:40]
    if data is None:
        return None, storage.problem
    try:
        found = unpack(data, clock, seed)
        return found, joined(getattr(storage, "notice", None), found.note)
    except MemoryError:
        return None, "no memory to resume the save; kept"
    except SaveError as e:
        return None, set_aside(storage, e)


def resume_game(host):
    """(mapello.game.session.Session, problem or None) for what the save
    holds to resume: the game in progress, or a free play series whose next
    board is to be set up (session.game None); the session is None when
    there is nothing.  The game's own settings (GAME_SETTINGS) replace the
    menu's.  `host` is the App (see mapello.game.session), with the game's
    modules loaded."""
    if host.storage is None:
        return None, None
    found, problem = resume(host.storage, host.clock, host.seed)
    if found is None or not found.resumable():
        return None, problem
    from mapello.game.options import COMPUTER, FREE, SERIES, limits_of, setting
    from mapello.game.session import Session
    game = found.match
    series = found.series
    settings = host.settings
    for key in GAME_SETTINGS.split():
        v = found.settings.get(key)
        if key in settings and type(v) is type(settings[key]):   # an old save's board number: not
            settings[key] = v
    mode = SERIES
    level = None
    if game is None:
        mode = FREE
    elif game.computer is not None:
        mode = COMPUTER
        level = setting(settings, "level")
    elif series is not None and series.free_play:
        mode = FREE
    settings["mode"] = mode
    games = series.length if series is not None else 1
    if game is None:             # free play, after a game: the other player sets up
        from mapello.rules.position import Position
        series.new_board()
        return Session(host, mode, Position(), "Free play", limits_of(settings), games, None,
                       series), problem
    session = Session(host, mode, game.start, game.name, game.limits, games, level, series)
    session.game = game
    session.start_bytes = (game.start, found.board)   # its saves need no encoder
    if found.ended is not None:  # back to its game-over screen: the series holds its result
        session.ended(found.ended[0])
    return session, problem


def resume_step(host):
    """B in the menu, once the menu is gone (App.resume_game): the next
    screen, its arguments and what to say: ("play", (session,), ...) for
    the saved game, ("game over", (session, resigner), ...) for one saved
    at its end, ("setup", (session,), ...) for a free play series' next
    board, or ("menu", (False,), why) when it does not resume (a menu that
    offers no B)."""
    session, problem = resume_game(host)
    if session is None:
        return "menu", (False,), problem or "A starts a game"
    if session.game is None:
        return "setup", (session,), "series resumed"
    if session.done:
        return "game over", (session, session.last.resigned), "game resumed"
    return "play", (session,), "game resumed"


def rewrite(host):
    """Rewrite the last save with host.settings, its series and game kept
    (Save board before a session's first game: board.py).
    Returns a problem line, or None."""
    found, _ = resume(host.storage, host.clock, host.seed)
    game = found.match if found is not None else None
    series = found.series if found is not None else None
    ended = found.ended if found is not None else None
    if host.storage.save(pack(game, series, host.settings, finished=ended is not None,
                              resigned=ended[0] if ended is not None else None)):
        return None
    return host.storage.problem or "save failed"
