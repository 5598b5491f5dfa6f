"""`python3 -m desktop ...`: the desktop command line (standard library only)."""

import argparse
import sys
import time

from mapello.rules.boardfile import BoardError, load_board
from mapello.rules.notation import format_board, limits_text, symbol_at
from mapello.rules.position import COLOUR_NAMES, Position, cell_name
from mapello.rules.perft import perft


START = ("start", "-")        # not a file: the plain start position (black d4 e5, white e4 d5)


def _load(path):
    if path in START:
        return Position()
    return load_board(path).position


def cmd_perft(args):
    pos = _load(args.board)
    start = time.perf_counter()
    n = perft(pos, args.depth)
    elapsed = time.perf_counter() - start
    if args.time:
        print("%.3f s, %.0f leaves/s" % (elapsed, n / elapsed if elapsed else 0))
    print(n)
    return 0


def cmd_replay(args):
    """A board file (or a game record, which carries its own moves) plus
    --moves, replayed with every move checked by the record's own replay."""
    from mapello.game.record import text as record
    from mapello.game.record import GameRecord
    from mapello.game.record.text import parse_moves
    text = None
    if args.board not in START:
        from mapello.rules.boardfile import read_text
        text = read_text(args.board)
    if text is not None and record.is_record_text(text):
        game = record.from_text(text)
    elif args.moves is None:
        print("error: --moves is needed for a board file without a move list", file=sys.stderr)
        return 2
    else:
        game = GameRecord(_load(args.board))
    game.moves.extend(parse_moves((args.moves or "").split()))
    pos = game.replay()
    sys.stdout.write(format_board(pos))
    b, w = pos.score()
    print("score black %d white %d" % (b, w))
    return 0


def review_lines(game, nodes=None):
    """The coach's verdict of each move of the GameRecord `game`, as the
    device's replay works it out (mapello/ai/judge.py, at the same node
    budget by default), then each side's points lost and its worst move."""
    from mapello.ai import review
    from mapello.ai.judge import Review
    from mapello.ai.thinker import SLICE
    r = Review(game, nodes)
    while not r.step(64 * SLICE):
        pass
    pos = game.start.copy(history=False)
    out = ["; review: %d nodes a position%s" % (r.budget, " (the device's)" if nodes is None else "")]
    lost = [0, 0]
    worst = [None, None]
    for i, cell in enumerate(game.moves):
        mover = pos.turn
        best, loss = review.verdict(game, i)
        if best != review.NO_CHOICE and loss:
            lost[mover] += loss
            if worst[mover] is None or loss > worst[mover][0]:
                worst[mover] = (loss, i)
        out.append("%d. %s %s%s" % (i + 1, COLOUR_NAMES[mover], cell_name(cell), review.text(game, i)))
        pos.push(cell)
    for colour in (0, 1):
        text = "%s lost %d points" % (COLOUR_NAMES[colour], lost[colour])
        if worst[colour] is not None:
            loss, i = worst[colour]
            text += ", the most at %d. %s (-%d)" % (i + 1, cell_name(game.moves[i]), loss)
        out.append(text)
    return out


def cmd_review(args):
    """Each move of a game record with the search's verdict on it."""
    from mapello.game.record import text as record
    from mapello.rules.boardfile import read_text
    text = read_text(args.record)
    if not record.is_record_text(text):
        print("error: %s: not a game record (no '; moves:' line)" % args.record, file=sys.stderr)
        return 2
    game = record.from_text(text)
    for line in review_lines(game, args.nodes):
        print(line)
    return 0


def cmd_check(args):
    """Each file as the menu reads it (load_board: a game record's moves
    replayed too), so the two refuse the same files in the same words."""
    from mapello.game.record.text import is_record_text
    from mapello.rules.boardfile import read_text
    bad = 0
    for path in args.boards:
        try:
            board = load_board(path)
            moves = ", %d moves" % len(board.moves) if is_record_text(read_text(path)) else ""
        except (BoardError, OSError) as e:
            print("BAD  %s" % e)
            bad += 1
            continue
        print("ok   %s: %s%s" % (path, board.name or "(no name)", moves))
    return 1 if bad else 0


def render(pos, colour=False):
    """A readable board: coordinates, symbols, score and side to move."""
    glyphs = {"B": "●", "W": "○", "#": "▓", "+": "+", "J": "J", ".": "·"}
    lines = ["    a b c d e f g h"]
    legal = pos.legal_mask()
    for r in range(10):
        row = []
        for c in range(10):
            cell = r * 10 + c
            sym = symbol_at(pos, cell)
            g = glyphs[sym]
            if (legal >> cell) & 1:
                g = "*"
            row.append(g)
        label = str(r) if 1 <= r <= 8 else " "
        lines.append("%s %s" % (label, " ".join(row)))
    b, w = pos.score()
    if pos.is_over():
        state = "game over"
    else:
        state = "%s to move" % COLOUR_NAMES[pos.turn]
    lines.append("black %d  white %d  (%d/%d bonuses)  %s" % (b, w, pos.taken[0], pos.taken[1],
                                                              state))
    lines.append("legal: %s" % (" ".join(cell_name(c) for c in pos.legal_moves()) or "pass"))
    return "\n".join(lines)


def cmd_show(args):
    if args.board in START:
        from mapello.rules.boardfile import BoardFile
        board = BoardFile(Position(), "Start", "the plain start position")
    else:
        board = load_board(args.board)
    if board.name:
        print("%s%s" % (board.name, ": " + board.description if board.description else ""))
    if board.limits is not None:
        print("limits: %s" % limits_text(board.limits))
    print(render(board.position))
    print("(● black  ○ white  ▓ wall  + bonus  J joker  * legal move)")
    return 0


def build_parser():
    p = argparse.ArgumentParser(prog="python3 -m desktop",
                                description="Mapello Handheld desktop tools")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("perft", help="count leaf nodes DEPTH plies deep")
    s.add_argument("board", help="board file, or 'start' for the plain start")
    s.add_argument("depth", type=int)
    s.add_argument("--time", action="store_true", help="also print the time taken")
    s.set_defaults(func=cmd_perft)
    s = sub.add_parser("replay", help="play moves on a board, print the result")
    s.add_argument("board", help="board file or game record (board + '; moves:' lines), "
                   "or 'start' for the plain start")
    s.add_argument("--moves", help='e.g. "c5 d6 pass e3" (after a record\'s own moves)')
    s.set_defaults(func=cmd_replay)
    s = sub.add_parser("review", help="each move of a game record with the search's verdict")
    s.add_argument("record", help="a game record (a board file with '; moves:' lines)")
    s.add_argument("--nodes", type=int, help="the search's nodes a position (default: the "
                   "device's, the hard level's budget)")
    s.set_defaults(func=cmd_review)
    s = sub.add_parser("check", help="validate board files")
    s.add_argument("boards", nargs="+")
    s.set_defaults(func=cmd_check)
    s = sub.add_parser("show", help="print a board readably")
    s.add_argument("board", help="board file, or 'start' for the plain start")
    s.set_defaults(func=cmd_show)
    from desktop import bundle  # the zips to unzip onto CIRCUITPY
    bundle.add_parser(sub)
    sub.add_parser("deploy", help="copy the game onto the CIRCUITPY drive, as ./deploy.sh does "
                   "(deploy --help: its options; main() hands them to desktop/deploy.py)")
    from desktop.bench import tournament  # the computer players' strength test
    tournament.add_parser(sub)
    from desktop import sim  # the desktop simulator (needs .venv: play.py and ./play.sh set it up)
    sim.add_parser(sub)
    return p


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["deploy"]:     # its options are deploy.sh's, which it reads itself
        from desktop import deploy
        return deploy.main(argv[1:])
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (ValueError, OSError) as e:  # bad files, moves and records say why
        print("error: %s" % e, file=sys.stderr)
        return 2
