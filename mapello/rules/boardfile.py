"""Board files (boards/*.txt): read and validate them (writing one is in
mapello/rules/notation.py, so a game that saves a board never compiles this).

The format is in docs/DESIGN.md.  Comment lines may carry metadata:
  ; Name: one-line description      (the first free comment line)
  ; name: ..., ; description: ..., ; Mapello board: NAME
  ; limits: walls 4, bonuses =2, jokers 8   (the board is checked against them)
A game record (mapello/game/record/text.py) is a board file with `; moves:`
lines: its moves are checked here, so the menu and `python3 -m desktop
check` refuse the same files, in the same words.
Every error names the line and column, so a person can fix the file by hand.
"""

from mapello.rules.position import (BORDER, COLOUR_NAMES, IllegalMove, Position, START_BLACK,
                                    START_WHITE, cell_name, parse_cell)
from mapello.rules.pieces import (BONUS, JOKER, KIND_PLURALS, MAX_PER_KIND, WALL, Limits,
                            placement_error, problems)

SYMBOLS = ".#+JBW"
MAX_BYTES = 4096    # a board file is a few hundred bytes, a game's record under one KB:
                    # a bigger file is refused unread, where reading it would end the heap
_KIND_OF_SYMBOL = {"#": WALL, "+": BONUS, "J": JOKER}


class BoardError(ValueError):
    """A bad board file: where (line, column; 0 when not one place) and what."""

    def __init__(self, line, column, message, path=""):
        self.line = line
        self.column = column
        self.message = message
        self.path = path
        where = "line %d, column %d" % (line, column) if column else "line %d" % line
        if path:
            where = "%s: %s" % (path, where)
        super().__init__("%s: %s" % (where, message))


class BoardFile:
    """A parsed board: the starting position and what the comments said;
    a game record's moves (cells, checked) and whether white made the first
    (the position itself has black to move: the menu plays the board)."""

    def __init__(self, position, name="", description="", limits=None, moves=(), white=False):
        self.position = position
        self.name = name
        self.description = description
        self.limits = limits
        self.moves = moves
        self.white = white


def parse_limits(text):
    """Limits from notation.limits_text()'s form; kinds left out stay at 8. ValueError says why."""
    maximum = [MAX_PER_KIND] * 3
    exact = [False] * 3
    given = [False] * 3
    for part in text.split(","):
        words = part.split()
        if not words:
            continue
        if len(words) != 2 or words[0].lower() not in KIND_PLURALS:
            raise ValueError("limits: %r is not like 'walls 4' or 'jokers =2'" % part.strip())
        kind = KIND_PLURALS.index(words[0].lower())
        if given[kind]:            # which one was meant is the writer's to say
            raise ValueError("limits: %s given twice: keep one" % KIND_PLURALS[kind])
        given[kind] = True
        value = words[1]
        if value.startswith("="):
            exact[kind] = True
            value = value[1:]
        try:
            maximum[kind] = int(value)
        except ValueError:
            raise ValueError("limits: %r is not a number" % words[1])
    return Limits(maximum[0], maximum[1], maximum[2], exact)


def _row_cells(text, line_no):
    """[(symbol, column)] for one row, spaced ('J . .') or not ('J..')."""
    body = text.strip()
    offset = len(text) - len(text.lstrip()) + 1
    if len(body) == 10 and " " not in body:
        return [(body[i], offset + i) for i in range(10)]
    cells = []
    for i in range(len(body)):
        ch = body[i]
        if i % 2 == 1:
            if ch != " ":
                raise BoardError(line_no, offset + i,
                                 "cells are written side by side or separated by one space")
        else:
            if ch == " ":
                raise BoardError(line_no, offset + i, "two spaces between cells")
            cells.append((ch, offset + i))
    if len(cells) != 10:
        col = cells[10][1] if len(cells) > 10 else offset + len(body)
        raise BoardError(line_no, col, "%d cells in this row, a row has 10" % len(cells))
    return cells


def _read_comment(text, meta, line_no):
    body = text.strip()[1:].strip()
    if not body:
        return
    colon = body.find(":")           # not str.partition: only full CircuitPython builds have it
    sep = colon >= 0
    key, value = (body[:colon], body[colon + 1:]) if sep else (body, "")
    key_l = key.strip().lower()
    value = value.strip()
    if sep and (key_l == "name" or key_l == "mapello board"):
        meta["name"] = value
    elif sep and key_l == "description":
        meta["description"] = value
    elif sep and key_l == "limits":
        if "limits_line" in meta:
            raise BoardError(line_no, 0, "a second limits line (line %d has one): keep one"
                             % meta["limits_line"])
        try:
            meta["limits"] = parse_limits(value)
        except ValueError as e:
            raise BoardError(line_no, 0, str(e))
        meta["limits_line"] = line_no
    elif not meta.get("titled"):
        meta["titled"] = True
        if "name" not in meta:
            meta["name"] = key.strip() if sep else body
            if sep and "description" not in meta:
                meta["description"] = value


def _is_moves(body):
    """True for a game record's line of moves (`; moves: e3 d3`, or without
    the ';'), given without its ';' and spaces."""
    return body[:6].lower() == "moves:"


def board_name(lines):
    """The name the comments at the top of a board file give (lines: an
    iterable of its lines, read only up to the first row), or ""."""
    meta = {}
    line_no = 0
    for text in lines:
        for line in text.split("\r"):     # CR-only line ends: CircuitPython splits on LF alone
            line_no += 1
            stripped = line.strip()
            if stripped and not stripped.startswith(";"):
                return meta.get("name", "")
            if "\x00" in stripped:        # UTF-16: the menu skips it, naming why
                raise ValueError("a NUL byte")
            if stripped and not _is_moves(stripped.lstrip(";").strip()):
                try:
                    _read_comment(line, meta, line_no)
                except BoardError:      # a bad limits line: parse_board will say so
                    pass
    return meta.get("name", "")


def parse_board(text):
    """BoardFile from board-file text; BoardError on anything wrong, a game
    record's moves included."""
    meta = {}
    rows = []
    moves = []          # (line number, its move words)
    white = False
    line_no = 0
    if text[:1] == "\ufeff":  # a byte order mark, as some editors write
        text = text[1:]
    for line in newlines(text).split("\n"):
        line_no += 1
        stripped = line.strip()
        if not stripped:
            continue
        body = stripped.lstrip(";").strip()
        if _is_moves(body):            # a game record's move list, its ';' or not
            moves.append((line_no, body[6:].split()))
            continue
        if stripped[0] == ";":
            white = white or body.lower() == "white moves first"
            _read_comment(line, meta, line_no)
            continue
        if len(rows) == 10:
            raise BoardError(line_no, len(line) - len(line.lstrip()) + 1,
                             "an 11th row: a board has 10 rows")
        rows.append((line_no, _row_cells(line, line_no)))
    if len(rows) != 10:
        raise BoardError(rows[-1][0] if rows else 1, 1, "%d rows: a board has 10 rows of 10 cells" % len(rows))

    masks = [0, 0, 0]  # walls, bonuses, jokers
    counts = [0, 0, 0]
    discs = [0, 0]
    for r in range(10):
        row_line, cells = rows[r]
        for c in range(10):
            sym, col = cells[c]
            cell = r * 10 + c
            bit = 1 << cell
            if sym not in SYMBOLS:
                raise BoardError(row_line, col, "unknown symbol %r (use . # + J B W)" % sym)
            if sym in "BW":
                if bit & BORDER:
                    raise BoardError(row_line, col, "disc on the border: discs go on the inner 8x8")
                discs["BW".index(sym)] |= bit
            elif sym in _KIND_OF_SYMBOL:
                kind = _KIND_OF_SYMBOL[sym]
                reason = placement_error(kind, cell)
                if reason:
                    raise BoardError(row_line, col, reason)
                counts[kind] += 1
                if counts[kind] > MAX_PER_KIND:
                    raise BoardError(row_line, col, "%d %s: at most %d"
                                     % (counts[kind], KIND_PLURALS[kind], MAX_PER_KIND))
                masks[kind] |= bit

    limits = meta.get("limits")
    if limits is not None:
        broken = problems(limits, counts)
        if broken:
            raise BoardError(meta["limits_line"], 0, "board breaks its own limits: "
                             + "; ".join(broken))
    if not (discs[0] | discs[1]):
        discs = [START_BLACK, START_WHITE]
    pos = Position(discs[0], discs[1], masks[WALL], masks[BONUS], masks[JOKER])
    if pos.is_over():
        raise BoardError(rows[0][0], 0, "nobody can move at the start: every game would end at once")
    return BoardFile(pos, meta.get("name", ""), meta.get("description", ""), limits,
                     _replay(pos, moves, white) if moves else (), white)


def _replay(start, moves, white):
    """The cells of a record's moves ((line number, words) a line), each
    checked from `start` (white first if `white`); BoardError names the
    line, the move's number and why, a line's words read before its moves
    are played."""
    pos = start.copy()
    pos.turn = 1 if white else 0
    cells = []
    for line_no, words in moves:
        n = len(cells)
        for word in words:
            try:
                cells.append(parse_cell(word))
            except ValueError as e:
                raise BoardError(line_no, 0, "move %d %r: %s" % (len(cells) + 1, word, e))
        for i in range(n, len(cells)):
            try:
                pos.play(cells[i])
            except IllegalMove as e:
                raise BoardError(line_no, 0, "move %d %s by %s is illegal: %s" % (
                    i + 1, cell_name(cells[i]), COLOUR_NAMES[pos.turn], e))
    return cells


def newlines(text):
    """`text` with every line ending (CR LF from Windows, CR alone from old
    Macs) as LF."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def read_text(path):
    """A text file's contents, its lines ending in LF; BoardError names the
    path, line and column of the first byte that is not UTF-8 text, and
    names UTF-16 (what Windows' Notepad calls "Unicode") as such, and a
    file over MAX_BYTES."""
    with open(path, "rb") as f:
        size = f.seek(0, 2)
        f.seek(0)
        # as many bytes as the file has (a read of MAX_BYTES would take a
        # block that big in a heap a game cut up), or, past MAX_BYTES, what
        # tells UTF-16
        data = f.read(size if size <= MAX_BYTES else 64)
    if _utf16(data):
        raise BoardError(1, 0, "UTF-16 text: save the file as UTF-8", path)
    if size > MAX_BYTES:
        raise BoardError(1, 0, "%d bytes: too big for a board file (at most %d)"
                         % (size, MAX_BYTES), path)
    try:
        text = data.decode("utf-8")
    except UnicodeError:
        text = None
    if text is not None and "\x00" not in text:
        return newlines(text)
    at = data.find(b"\x00") if text is not None else _bad_utf8(data)
    head = data[:at].split(b"\n")
    raise BoardError(len(head), len(head[-1].decode("utf-8")) + 1,
                     "not UTF-8 text (byte 0x%02x): save the file as UTF-8" % data[at], path)


def _utf16(data):
    """True for UTF-16: a byte order mark, or, without one, a zero byte in
    every other place, as text in Latin letters has."""
    if data[:2] == b"\xff\xfe" or data[:2] == b"\xfe\xff":
        return True
    n = min(len(data), 64) // 2
    if n < 2:
        return False
    zeros = [0, 0]
    for i in range(2 * n):
        if data[i] == 0:
            zeros[i % 2] += 1
    return zeros[0] * 4 >= n * 3 or zeros[1] * 4 >= n * 3


def _bad_utf8(data):
    """Where the first byte that is not UTF-8 is (the start of a bad sequence)."""
    i = 0
    while i < len(data):
        b = data[i]
        k = 0 if b < 0x80 else 1 if 0xC2 <= b < 0xE0 else 2 if 0xE0 <= b < 0xF0 else 3 if 0xF0 <= b < 0xF5 else -1
        try:
            if k < 0:
                raise UnicodeError()
            data[i:i + k + 1].decode("utf-8")
        except UnicodeError:
            return i
        i += k + 1
    return i


def load_board(path):
    """Read and parse a board file; an error's message starts with the path."""
    text = read_text(path)
    try:
        return parse_board(text)
    except BoardError as e:
        raise BoardError(e.line, e.column, e.message, path)
