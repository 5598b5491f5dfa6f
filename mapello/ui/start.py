"""What A in the main menu does: pick or draw the board, then go to setup,
colour choice or straight into play.  Also the saved game's resume."""

from mapello.ui import menu
from mapello.rules.position import Position


def _random_boards():
    try:
        from mapello.game import random_boards as randboards
        return randboards
    except ImportError:
        return None


def chosen_board(app, names):
    """(name, Position, Limits or None) for the menu's board line; None means
    the board is set up by hand."""
    s = app.settings
    i = s["board"] % len(names)
    name = names[i]
    if i < len(app.boards):
        b = app.boards[i]
        return (name, b.position.copy(), b.limits)
    if name == menu.BY_HAND:
        return None
    if name == menu.SAVED:
        b = saved_board(app)
        return (b.name, b.position, b.limits)
    app.seed += 1
    limits = menu.limits_of(s)
    rb = _random_boards()
    if rb is not None:
        if name == menu.BLOCKED:
            b = rb.blocked_squares(app.seed)
        else:
            b = rb.random_board(app.seed, limits)
        return (b.name, b.position, b.limits)
    return (name, _fallback_blocked(app.seed), None)


def _fallback_blocked(seed):
    """1 to 4 walls outside c3..f6, until the shared random boards exist."""
    x = (seed * 1103515245 + 12345) & 0x7FFFFFFF
    choices = [r * 10 + c for r in range(1, 9) for c in range(1, 9)
               if not (3 <= r <= 6 and 3 <= c <= 6)]
    walls = 0
    x = (x * 1103515245 + 12345) & 0x7FFFFFFF
    n = 1 + (x >> 8) % 4
    while n:
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        cell = choices[(x >> 8) % len(choices)]
        if not (walls >> cell) & 1:
            walls |= 1 << cell
            n -= 1
    return Position(walls=walls)


def saved_board(app):
    """The board kept by "Save board" (a BoardFile); a plain start if it is bad."""
    from mapello.rules.boardfile import BoardError, BoardFile, parse_board
    try:
        return parse_board(app.settings.get("myboard", ""))
    except BoardError:
        return BoardFile(Position(), menu.SAVED)


def start(app, menu_screen):
    from mapello.ui.play import Session, PlayScreen
    from mapello.ui.setup import SetupScreen
    s = app.settings
    mode = s["mode"]
    limits = menu.limits_of(s)
    choice = menu_screen.chosen_board()
    level = None
    if mode == menu.COMPUTER:
        levels = menu.ai_levels()
        level = levels[s["level"] % len(levels)] if levels else None
    if mode == menu.FREE:
        template = choice[1] if choice else Position()
        session = Session(app, mode, template, "Free play", limits, s["games"])
        app.show(SetupScreen(app, session, 0))
        return
    if choice is None:
        session = Session(app, mode, Position(), "Own board", limits, s["games"], level)
        app.show(SetupScreen(app, session, 0))
        return
    session = Session(app, mode, choice[1], choice[0], choice[2], s["games"], level)
    session.new_game()
    app.show(PlayScreen(app, session))


def saved(app):
    """The saved game (mapello.game.storage.Saved) with a match in progress, or None."""
    from mapello.game import storage as save
    found, problem = save.resume(app.storage, app.clock, app.seed)
    if problem and problem != app.message:  # (a notice may show already, longer)
        app.say(problem)
    if found is None or found.match is None or found.match.is_over():
        return None
    return found


def resume(app):
    """Go back into the saved game; False if there is none."""
    from mapello.ui.play import PlayScreen, Session
    if app.storage is None:
        return False
    found = saved(app)
    if found is None:
        return False
    m = found.match
    series = found.series
    mode = menu.SERIES
    level = None
    if m.computer is not None:
        mode = menu.COMPUTER
        levels = menu.ai_levels()
        level = levels[app.settings["level"] % len(levels)] if levels else "easy"
    elif series is not None and series.free_play:
        mode = menu.FREE
    games = series.length if series is not None else 1
    session = Session(app, mode, m.start, m.name, m.limits, games, level, series)
    session.match = m
    app.show(PlayScreen(app, session))
    app.say("game resumed")
    return True


def save_board(app, pos, name, limits):
    """Keep a board in the saved settings; the menu offers it as "Saved board"."""
    from mapello.rules.boardfile import format_board
    if app.storage is None:
        app.say("no storage: not saved")
        return
    from mapello.game import storage as save
    app.settings["myboard"] = format_board(pos, "Saved board", name, limits)
    found, _ = save.resume(app.storage, app.clock, app.seed)
    match = found.match if found is not None else None
    series = found.series if found is not None else None
    if app.storage.save(save.pack(match, series, app.settings)):
        app.say("board saved")
    else:
        app.say(getattr(app.storage, "problem", None) or "save failed")
