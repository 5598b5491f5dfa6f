"""Exhaustive endgame solver on top of the reference rules (desktop/reference_rules.py).

Why it exists: the game's move review tells the player, for the last moves
of a game, which move was best and how many points each other move lost.
That review needs exact endgame values, and a check of them must not share
the game's code.  This solver is that check: it knows nothing of mapello/,
it plays only through the reference board's public rules (legal_moves, play,
score), and it searches every line to the end of the game.

A position is a reference RefBoard: its grid, its side to move (to_move,
"B" or "W") and the bonuses already taken (bonus, {"B": n, "W": m}), which
count 3 points each in the final score as RefBoard.score counts them.

A move is written as the reference names it: a cell name "a1".."h8"
(files a..h left to right, ranks 1..8 top to bottom), or "pass" when the
side to move has no legal move.

Values are final score differences: the points of the side to move at the
position solved minus its opponent's, at the end of the game, bonuses taken
before and during the endgame included, with perfect play by both sides.

The search is negamax with alpha-beta pruning, trying first the moves that
leave the opponent the fewest replies (an order that only decides how soon
alpha-beta cuts).  Each move of the position solved gets its own search
with the full window (-inf, +inf), so every value solve returns is exact,
not a bound: the pruning happens only inside those searches, and a
fail-soft alpha-beta called with the full window returns the exact minimax
value.  The tests check it against a brute-force
walk of every line of play.
"""

INFINITY = 10 ** 6          # above any score difference (at most 64 + 3 * 8)


def final_difference(board):
    """Score of board.to_move minus its opponent's, as the board stands."""
    black, white = board.score()
    return black - white if board.to_move == "B" else white - black


def _children(board, moves):
    """[(position after the move, its side's legal moves)] for each move,
    the moves that leave the opponent the fewest replies first.  The order
    only makes alpha-beta cut sooner; it changes no value."""
    out = []
    for move in moves:
        child = board.copy()
        child.play(move)
        out.append((child, child.legal_moves()))
    out.sort(key=lambda pair: len(pair[1]))
    return out


def _negamax(board, moves, alpha, beta, stats):
    """Value of `board` for board.to_move, whose legal moves are `moves`;
    fail-soft alpha-beta: exact when it lies strictly inside (alpha, beta),
    otherwise a bound on the same side of the window as the exact value."""
    if stats is not None:
        stats["nodes"] = stats.get("nodes", 0) + 1
    if not moves:
        child = board.copy()
        child.play("pass")
        replies = child.legal_moves()
        if not replies:                     # neither side can move: game over
            return final_difference(board)
        return -_negamax(child, replies, -beta, -alpha, stats)
    best = -INFINITY
    for child, replies in _children(board, moves):
        value = -_negamax(child, replies, -beta, -alpha, stats)
        if value > best:
            best = value
        if best > alpha:
            alpha = best
        if alpha >= beta:
            break
    return best


def solve(board, stats=None):
    """{move: exact final score difference for board.to_move after that move}.

    The keys are every legal move of board.to_move (cell names as the
    reference writes them), or the single key "pass" when it has none.
    `board` (a reference RefBoard) is left as it was.  A finished game has no
    move to value: ValueError.  If `stats` is a dict, stats["nodes"] is
    increased by the number of positions searched."""
    moves = board.legal_moves()
    if not moves:
        child = board.copy()
        child.play("pass")
        if not child.legal_moves():
            raise ValueError("game over: neither side has a move")
        moves = ["pass"]
    values = {}
    for move in moves:
        child = board.copy()
        child.play(move)
        values[move] = -_negamax(child, child.legal_moves(),
                                 -INFINITY, INFINITY, stats)
    return values


def best(board, stats=None):
    """(best value, sorted list of the moves that reach it) for board.to_move;
    the value as solve gives it.  Points a move loses: best value minus
    solve(board)[move]."""
    values = solve(board, stats)
    top = max(values.values())
    return top, sorted(m for m, v in values.items() if v == top)


def points_lost(board):
    """{move: points lost against the best move}, 0 for the best moves."""
    values = solve(board)
    top = max(values.values())
    return {m: top - v for m, v in values.items()}

