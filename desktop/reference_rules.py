"""Deliberately simple reference implementation of the Mapello rules.

This is a test oracle, written only from docs/DESIGN.md sections 1 to 3
and independently of the real engine in mapello/, so that the two cannot share
a bug.  Clarity over speed: a 10x10 list-of-lists grid of one-char strings,
plain loops, no bitmasks.

Cells: '.' empty, '#' wall, '+' bonus, 'J' joker, 'B' black, 'W' white.
grid[row][col], row 0 is the top border row; inner cell a1 is grid[1][1];
files a..h are columns 1..8, ranks 1..8 are rows 1..8.
"""

SIZE = 10
FILES = "abcdefgh"
SYMBOLS = ".#+JBW"
DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1),
              (0, -1),           (0, 1),
              (1, -1),  (1, 0),  (1, 1)]
CENTRE = [(4, 4), (4, 5), (5, 4), (5, 5)]          # d4, e4, d5, e5 as (row, col)
MAX_PER_TYPE = 8


def other(colour):
    return "W" if colour == "B" else "B"


def is_border(row, col):
    return row == 0 or row == SIZE - 1 or col == 0 or col == SIZE - 1


def cell_name(row, col):
    return FILES[col - 1] + str(row)


def parse_name(name):
    """'a1'..'h8' -> (row, col); ValueError otherwise."""
    if not isinstance(name, str) or len(name) != 2:
        raise ValueError("bad cell name %r" % (name,))
    f = name[0].lower()
    r = name[1]
    if f not in FILES or r not in "12345678":
        raise ValueError("bad cell name %r" % (name,))
    return int(r), FILES.index(f) + 1


def _place_start(grid):
    # black on d4 and e5, white on e4 and d5
    grid[4][4] = "B"   # d4
    grid[5][5] = "B"   # e5
    grid[4][5] = "W"   # e4
    grid[5][4] = "W"   # d5


class RefBoard:
    def __init__(self, grid=None, to_move="B", bonus=None):
        if grid is None:
            grid = [["." for _ in range(SIZE)] for _ in range(SIZE)]
        self.grid = grid
        self.to_move = to_move
        self.bonus = dict(bonus) if bonus is not None else {"B": 0, "W": 0}

    # ----------------------------------------------------------- building
    @classmethod
    def start(cls):
        board = cls()
        _place_start(board.grid)
        return board

    @classmethod
    def from_text(cls, text):
        rows = []          # (line number, list of 10 cells)
        for lineno, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if line == "" or line.startswith(";"):
                continue
            if len(line) == SIZE and " " not in line:
                cells = list(line)
            elif len(line) == 2 * SIZE - 1 and all(
                    line[i] == " " for i in range(1, len(line), 2)):
                cells = [line[i] for i in range(0, len(line), 2)]
            else:
                raise ValueError("line %d: expected 10 cells, got %r"
                                 % (lineno, raw))
            for i, c in enumerate(cells):
                if c not in SYMBOLS:
                    raise ValueError("line %d column %d: unknown symbol %r"
                                     % (lineno, i + 1, c))
            rows.append((lineno, cells))
        if len(rows) != SIZE:
            raise ValueError("expected 10 rows, got %d" % len(rows))

        grid = [cells for _, cells in rows]
        counts = {"#": 0, "+": 0, "J": 0}
        discs = 0
        for r in range(SIZE):
            lineno = rows[r][0]
            for c in range(SIZE):
                ch = grid[r][c]
                where = "line %d column %d" % (lineno, c + 1)
                if ch in counts:
                    counts[ch] += 1
                if ch in "BW":
                    discs += 1
                if is_border(r, c):
                    if ch not in ".J":
                        raise ValueError("%s: border cell holds %r; only "
                                         "jokers go on the border" % (where, ch))
                else:
                    if ch == "J":
                        raise ValueError("%s: joker inside the play area"
                                         % where)
                    if (r, c) in CENTRE and ch in "#+":
                        raise ValueError("%s: %r on a centre cell"
                                         % (where, ch))
        for ch, n in counts.items():
            if n > MAX_PER_TYPE:
                raise ValueError("%d pieces of type %r (at most %d)"
                                 % (n, ch, MAX_PER_TYPE))
        if discs == 0:
            _place_start(grid)
        return cls(grid, "B")

    def copy(self):
        return RefBoard([list(row) for row in self.grid], self.to_move,
                        dict(self.bonus))

    # ----------------------------------------------------------- rules
    def _flips_for(self, row, col, colour):
        """Cells (row, col) flipped if `colour` plays at (row, col)."""
        if is_border(row, col):
            return []
        if self.grid[row][col] not in ".+":
            return []
        opp = other(colour)
        flipped = []
        for dr, dc in DIRECTIONS:
            run = []
            r, c = row + dr, col + dc
            while 0 <= r < SIZE and 0 <= c < SIZE and self.grid[r][c] == opp:
                run.append((r, c))
                r, c = r + dr, c + dc
            if not run:
                continue
            if not (0 <= r < SIZE and 0 <= c < SIZE):
                continue
            closer = self.grid[r][c]
            if closer == colour or closer == "J":
                flipped.extend(run)
        return flipped

    def _moves_for(self, colour):
        moves = []
        for r in range(1, SIZE - 1):
            for c in range(1, SIZE - 1):
                if self._flips_for(r, c, colour):
                    moves.append(cell_name(r, c))
        return sorted(moves)

    def legal_moves(self):
        return self._moves_for(self.to_move)

    def flips(self, name):
        r, c = parse_name(name)
        return sorted(cell_name(fr, fc)
                      for fr, fc in self._flips_for(r, c, self.to_move))

    def play(self, name):
        if name == "pass":
            if self.legal_moves():
                raise ValueError("pass is not allowed: a move exists")
            self.to_move = other(self.to_move)
            return
        r, c = parse_name(name)
        flipped = self._flips_for(r, c, self.to_move)
        if not flipped:
            raise ValueError("illegal move %s" % name)
        if self.grid[r][c] == "+":
            self.bonus[self.to_move] += 1
        self.grid[r][c] = self.to_move
        for fr, fc in flipped:
            self.grid[fr][fc] = self.to_move
        self.to_move = other(self.to_move)

    def game_over(self):
        return not self._moves_for("B") and not self._moves_for("W")

    def score(self):
        black = 3 * self.bonus["B"]
        white = 3 * self.bonus["W"]
        for row in self.grid:
            for ch in row:
                if ch == "B":
                    black += 1
                elif ch == "W":
                    white += 1
        return black, white

    def to_board_text(self):
        return "\n".join(" ".join(row) for row in self.grid) + "\n"


def perft(board, depth):
    """Leaf nodes at `depth` plies; a pass is a ply; a finished game is a
    leaf wherever it ends."""
    if depth == 0:
        return 1
    if board.game_over():
        return 1
    moves = board.legal_moves()
    if not moves:
        child = board.copy()
        child.play("pass")
        return perft(child, depth - 1)
    total = 0
    for m in moves:
        child = board.copy()
        child.play(m)
        total += perft(child, depth - 1)
    return total
