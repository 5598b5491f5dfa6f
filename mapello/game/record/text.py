"""The text form of a game record: board-file text plus `; moves:` lines.

Kept apart from the record (mapello/game/record/__init__.py) so the device
loads it only when a person wants text (the binary form is what the device
stores).  See the record's docstring.
"""

# The board-file parser is imported by from_text() alone: the device prints a
# finished game's record (to_text) and never reads one, and boardfile.py is one
# of the largest modules to compile.
from mapello.rules.notation import format_board
from mapello.rules.geometry import COLOUR_NAMES
from mapello.rules.position import cell_name, parse_cell
from mapello.game.record import GameRecord, RecordError
from mapello.game.series import after_resignation

_MOVES_PER_LINE = 20


def result_text(pos, resigned=None):
    """'black 40 white 24' plus who won when the game is over.  A resignation
    gives the resigner's points to the other side, as the series counts it:
    'black 52 white 0: white resigned, black wins'."""
    b, w = after_resignation(pos.score(), resigned)
    text = "black %d white %d" % (b, w)
    if resigned is not None:
        text += ": %s resigned, %s wins" % (COLOUR_NAMES[resigned], COLOUR_NAMES[1 - resigned])
    elif pos.is_over():
        text += ": draw" if b == w else (": black wins" if b > w else ": white wins")
    return text


def to_text(record):
    """The readable record: board-file text with `; moves:` lines."""
    final = record.replay()
    body = format_board(record.start, "", "", record.limits)
    lines = ["; Mapello game record"]
    if record.name:
        lines.append("; name: %s" % record.name)
    lines.append("; result: %s" % result_text(final, record.resigned))
    if record.start.turn:
        lines.append("; white moves first")
    lines.append(body.rstrip("\n"))
    words = [cell_name(c) for c in record.moves]
    for i in range(0, len(words), _MOVES_PER_LINE):
        lines.append("; moves: " + " ".join(words[i:i + _MOVES_PER_LINE]))
    if not words:
        lines.append("; moves:")
    lines.append("")
    return "\n".join(lines)


def is_record_text(text):
    """True if the text carries a move list (a record, not just a board)."""
    for line in text.split("\n"):
        s = line.strip().lstrip(";").strip().lower()
        if s.startswith("moves:") or s == "moves":
            return True
    return False


def parse_moves(words, first=1):
    """Cells from move words (['c5', 'd6', 'pass']), the first of them move
    number `first`; RecordError names the word that is not a move."""
    moves = []
    for i in range(len(words)):
        try:
            moves.append(parse_cell(words[i]))
        except ValueError as e:
            raise RecordError("move %d %r: %s" % (first + i, words[i], e))
    return moves


def from_text(text):
    """A GameRecord from to_text()'s form (or a plain board file: no moves).

    RecordError names the line of a board problem, or the line and the
    move that is not a move or is illegal, and why: the board-file reader
    checks the moves (mapello/rules/boardfile.py), for the menu too.
    """
    from mapello.rules.boardfile import BoardError, parse_board
    try:
        board = parse_board(text)
    except BoardError as e:
        raise RecordError(str(e))
    start = board.position
    if board.white:
        start.turn = 1
    name = board.name if board.name != "Mapello game record" else ""
    return GameRecord(start, board.moves, name, board.limits)
