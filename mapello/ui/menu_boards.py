"""The main menu's boards: the rulebook example first, the other bundled
boards by name, then a board kept by Save board and the kinds made on the
spot.  The menu keeps the board's name (settings "board"), so a board added
or removed never moves the choice to another board; a name no longer there
falls back to the first board."""

from mapello.game import options
from mapello.game.catalogue import Catalogue
from mapello.rules.position import Position

SAVED_BOARD, BLOCKED, RANDOM, BY_HAND = options.BUILT_IN_BOARDS


def catalogue(app):
    """The menu's catalogue of app.boards, made when first needed: the App
    lets go of it when a game starts, and this module goes with the menu.
    A board file that is broken, or not even text, is listed all the same:
    chosen, it says why on the display (preview()) and does not start."""
    if app.catalogue is None:
        app.catalogue = Catalogue(app.boards)
    return app.catalogue


def board_names(app):
    names = list(catalogue(app).names)
    first = options.DEFAULT_BOARD     # the rulebook example
    if first in names:
        names.remove(first)
        names.insert(0, first)
    if app.settings.get("myboard"):
        names.append(SAVED_BOARD)
    names.append(BLOCKED)
    names.append(RANDOM)
    names.append(BY_HAND)
    return names


def board_index(app, names):
    name = app.settings.get("board")
    return names.index(name) if name in names else 0


def chosen_name(app):
    names = board_names(app)
    return names[board_index(app, names)]


def bundled(app, name):
    """The bundled board called `name` (a BoardFile), or None; a broken file
    raises (BoardError or OSError, naming the file)."""
    boards = catalogue(app)
    names = boards.names
    return boards.board(names.index(name)) if name in names else None


def saved_board(app):
    """The board kept by "Save board" (a BoardFile); a plain start if it is bad."""
    from mapello.rules.boardfile import BoardError, BoardFile, parse_board
    try:
        return parse_board(app.settings.get("myboard", ""))
    except BoardError:
        return BoardFile(Position(), SAVED_BOARD)


def chosen_board(app):
    """(name, Position, Limits or None) for the board line, or None when the
    board is to be set up by hand.  Random kinds draw a new board; a broken
    board file raises (the menu says why)."""
    name = chosen_name(app)
    if name == BY_HAND:
        return None
    if name == SAVED_BOARD:
        b = saved_board(app)
    else:
        b = bundled(app, name)
        if b is not None:
            return (name, b.position, b.limits)
        from mapello.game import random_boards
        app.seed += 1
        if name == BLOCKED:
            b = random_boards.blocked_squares(app.seed)
        else:
            b = random_boards.random_board(app.seed, options.limits_of(app.settings))
    return (b.name, b.position, b.limits)


def preview(menu):
    """(the chosen board's Position, or None when it is made on the spot;
    whether the board brings its own pieces), kept on `menu` until the board
    line changes."""
    if menu._preview is None:
        app = menu.app
        name = chosen_name(app)
        if name == SAVED_BOARD:
            pos = saved_board(app).position
        else:
            try:
                b = bundled(app, name)
                pos = None if b is None else b.position
            except (OSError, ValueError) as e:   # a broken file is named
                app.say(str(e))
                pos = Position()
        menu._preview = (pos, pos is not None or name == BLOCKED)
    return menu._preview
