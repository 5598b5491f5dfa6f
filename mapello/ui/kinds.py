"""What a host with a screen of its own asks of the App beyond its frame and
lines: what each cell is (the App's cell_kinds(), for the simulator's
printed screen), the colours' legend in the palette in use, a click or tap
on a cell as the buttons it stands for (point()), what the page and the
window show beside the board (panel()) and their New game button
(new_game()).  Imported only when a host asks (the device never does), so
it costs the game nothing."""
# Every kind of cell is one exact palette colour in the App's frame (before
# brightness and the current cap); the cursor's cell is what the cursor covers.
#
# panel() reads the screens' own attributes: a screen of the game holds its
# `session` (play, setup, colour, game over; a what-if branch's play screen
# a mapello.ui.whatif.Branch), a small menu the screen `under` it, the
# replay its `replay` (mapello/ui/replay.py) and the screen it goes `back`
# to; play and setup hold their `cursor`.

from mapello import buttons
from mapello.ui import palette

NAMES = ("empty", "hint", "black", "white", "last black", "last white", "wall", "bonus",
         "bonus hint", "border", "joker", "flipping", "refused", "preview", "other")
OTHER = 14      # a colour of no kind: a cursor the App does not track (the colour choice)


def cell_kinds(frame, cursor=-1, under=None):
    """A bytearray of 100 codes (indexes into NAMES)."""
    colours = (palette.EMPTY, palette.HINT, palette.BLACK_DISC, palette.WHITE_DISC,
               palette.LAST_BLACK, palette.LAST_WHITE, palette.WALL, palette.BONUS,
               palette.BONUS_HINT, palette.BORDER, palette.JOKER, palette.FLIP_MID,
               palette.BAD_CELL, palette.PREVIEW)        # in the palette in use, by NAMES
    out = bytearray(100)
    for cell in range(100):
        colour = under if cell == cursor else palette.get(frame, cell)
        out[cell] = colours.index(colour) if colour in colours else OTHER
    return out


# (what it is, the palette's name of its colour), in the order a legend lists them
_LEGEND = (("empty cell", "EMPTY"), ("border", "BORDER"), ("black disc", "BLACK_DISC"),
           ("white disc", "WHITE_DISC"), ("wall", "WALL"), ("bonus, 3 points", "BONUS"),
           ("joker", "JOKER"), ("legal move", "HINT"), ("legal move on a bonus", "BONUS_HINT"),
           ("last move, black", "LAST_BLACK"), ("last move, white", "LAST_WHITE"),
           ("would flip", "PREVIEW"), ("refused", "BAD_CELL"))


def legend():
    """[(what, colour 0xRRGGBB)] in the palette in use (the menu's Colours)."""
    return [(what, getattr(palette, name)) for what, name in _LEGEND]


def presses(app, cell):
    """The buttons a click or tap on `cell` stands for: on the play screen
    (an inner cell; a what-if branch's too) and in setup (any cell), the arrows that walk the
    cursor there the short way round (it wraps at the edges), then A; on
    any other screen, or on the ring in play, none.  A matrix asleep
    wakes at a button, which does nothing else: then A alone."""
    name = app.screen_name
    at = getattr(app.screen, "cursor", -1)
    low, size = (0, 10) if name == "setup" else (1, 8)
    if name not in ("play", "what if", "setup") or at is None or at < 0 or not 0 <= cell < 100:
        return b""
    row, col = cell // 10 - low, cell % 10 - low
    if not (0 <= row < size and 0 <= col < size):
        return b""
    if app.asleep:
        return bytes((buttons.A,))
    out = bytearray()
    for now, want, back, ahead in ((at // 10 - low, row, buttons.UP, buttons.DOWN),
                                   (at % 10 - low, col, buttons.LEFT, buttons.RIGHT)):
        steps = (want - now) % size
        if steps <= size // 2:
            out.extend(bytes((ahead,)) * steps)
        else:
            out.extend(bytes((back,)) * (size - steps))
    out.append(buttons.A)
    return bytes(out)


def point(app, cell):
    """Press and release the buttons presses() gives; their number."""
    keys = presses(app, cell)
    for button in keys:
        app.press(button)
        app.release(button)
    return len(keys)


def new_game(app):
    """A page's or the window's New game button: back to the menu from any
    screen, as the game menu's Quit to menu; a game in progress stays saved
    (its last move's save, deferred, done first), and B there resumes it."""
    app.run_deferred()
    app.catalogue = None      # the menu reads its boards again: a board loaded joins them
    app.go("menu")


class _Held:
    """A game-over screen to be built again (mapello.ui.app.Again, behind a
    replay after a what-if branch), as _holder() gives it: its session."""

    def __init__(self, session):
        self.session = session


def _holder(app):
    """The screen that holds the session shown (a small menu's is the one
    under it, the replay's the one it goes back to), or None."""
    screen = app.screen
    for _ in range(3):
        if screen is None or getattr(screen, "session", None) is not None:
            return screen
        under = getattr(screen, "under", None)
        if under is None:
            under = getattr(screen, "back", None)
        if getattr(under, "name", "") == "game over" and hasattr(under, "args"):
            return _Held(under.args[0])
        screen = under if hasattr(under, "draw") else None
    return None


def panel(app):
    """What a page shows beside the board, as a dict of plain values: the
    screen; the board's name, the players, the game's number and the series'
    standing when a session is shown; the position's score (and the bonus
    points in it), whose turn and what the mover does (its display line in
    play), the moves so far (in the replay: `shown` of them played; in a
    what-if branch, `whatif`: the game's moves up to where it left them,
    then the branch's) and, once the replay's review has judged them, their
    `verdicts` (" -6, best e3", ": best", "" while not known); at game
    over the winner and the scores as the series counts them; the legend."""
    from mapello.rules.position import BLACK, BONUS_POINTS, cell_name
    out = {"screen": app.screen_name, "legend": [[what, "#%06x" % c] for what, c in legend()]}
    holder = _holder(app)
    replay = getattr(app.screen, "replay", None)
    session = getattr(holder, "session", None)
    pos = moves = record = None     # record: the game whose verdicts the moves show
    judged = 0                      # how many of the moves are the record's
    if replay is not None:
        pos, moves, record = replay.pos, replay.record.moves, replay.record
        judged = len(moves)
        out["shown"] = replay.index
    if app.screen_name == "what if":
        out["whatif"] = judged = session.at     # the game's moves it plays on after
        out["board"] = session.name
        out["names"] = [session.player_name(0), session.player_name(1)]
        out["black"] = 0
        out["status"] = holder.text()[1]
        pos, moves, record = session.pos, session.game.moves, session.record
    elif session is not None:
        series = session.series
        out["board"] = session.name
        out["names"] = [session.player_name(0), session.player_name(1)]
        out["series"] = {"games": session.games, "played": series.played, "wins": list(series.wins),
                         "draws": series.draws, "diff": series.diff[0], "over": session.over(),
                         "winner": series.winner() if session.over() else None}
        black = session.player_of(BLACK)
        if app.screen_name in ("game over", "replay") and series.played:
            black = series.games()[-1].black_player     # the colours as this game had them
        out["black"] = black
        if pos is None and session.game is not None and app.screen_name != "setup" \
                and app.screen_name != "colour":
            pos, moves = session.pos, session.game.moves
        if app.screen_name == "game over":
            game = series.games()[-1]       # its scores as the series counts them (a resignation's too)
            out["over"] = {"head": app.screen.text()[0], "black": game.black_score,
                           "white": game.white_score}
            record = session.last
            judged = len(record.moves)
        elif getattr(holder, "legal_mask", None) is not None:     # the play screen
            out["status"] = holder.text()[1]
    if pos is not None:
        score = pos.score()
        out["score"] = [score[0], score[1], BONUS_POINTS * pos.taken[0], BONUS_POINTS * pos.taken[1]]
        out["turn"] = pos.turn
        out["moves"] = [cell_name(m) for m in moves]
        if record is not None and record.review is not None:   # the replay reviewed it
            from mapello.ai.review import text
            out["verdicts"] = [text(record, i) or "" for i in range(judged)]
    return out
