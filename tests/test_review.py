"""The coach's review of a finished game (mapello/ai/judge.py in the replay,
mapello/ui/replay.py), through the buttons and the display: each move's
verdict against tests/reference_solver.py's exhaustive search of the last
moves, the review in slices while the buttons answer, leaving the replay
stops it and what it found stays for the game; `python3 -m desktop review
FILE` and the MicroPython VM give the verdicts the replay shows."""
import os
import re
import subprocess
import sys

import pytest

from desktop.app_driver import Player
from desktop.reference_rules import RefBoard
from reference_solver import solve
from mapello import buttons
from mapello.ai.judge import Review
from mapello.ai.review import verdict
from mapello.game.random_boards import random_board
from mapello.game.record.text import to_text
from mapello.rng import Rng
from mapello.rules.boardfile import BoardFile
from mapello.rules.notation import position_text
from mapello.rules.position import PASS, cell_name, parse_cell, popcount

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# line 2 of the replay: "Black c4 -6, best e3", "White d6: best", "Black f5: only move",
# "White pass", "Black c4 ..." (not known yet)
_VERDICT = re.compile(r"^(Black|White) ([a-h][1-8]|pass)"
                      r"(: best|: only move| -(\d+),? best ([a-h][1-8])| \.\.\.|)$")
# the desktop's: "12. black c4 -6, best e3"
_PRINTED = re.compile(r"^(\d+)\. (black|white) ([a-h][1-8]|pass)"
                      r"(: best|: only move| -(\d+), best ([a-h][1-8])|)$")


def endgame(seed, empties):
    """A position on the random Mapello board of `seed` (walls, bonuses,
    jokers) after seeded random moves, with black to move and `empties`
    empty cells or a few fewer; None if the game ends first."""
    pos = random_board(seed).position.copy()
    rng = Rng(seed)
    while not pos.is_over():
        if popcount(pos.empty()) <= empties and pos.turn == 0 and pos.legal_mask():
            return pos
        moves = pos.legal_moves()
        pos.push(moves[rng.below(len(moves))] if moves else PASS)
    return None


def finished_game(start, pick=lambda moves, i: moves[i % len(moves)]):
    """A Player that played a game from `start` to the end on the board
    "Endgame" (each move pick(legal moves, move number)), on the game-over
    screen."""
    p = Player(boards=[BoardFile(start, "Endgame")], settings={"board": "Endgame"})
    p.press("A")
    assert p.screen == "play", p.app.lines
    while p.screen == "play":
        pos = p.model.pos
        if pos.must_pass():
            p.press("A")
        else:
            p.play(pick(pos.legal_moves(), len(p.model.moves)))
    assert p.screen == "game over", p.app.lines
    return p


def shown_verdict(lines):
    """(move, None while unknown / "only" / (points lost, best cell)) from
    the replay's line 2."""
    m = _VERDICT.match(lines[1])
    assert m, lines
    move = parse_cell(m.group(2))
    what = m.group(3)
    if what == " ...":
        return move, None
    if what == ": only move" or (move == PASS and not what):
        return move, "only"
    if what == ": best":
        return move, (0, move)
    return move, (int(m.group(4)), parse_cell(m.group(5)))


def left(lines):
    """The moves the review has still to judge ("reviewing: 23 left"), 0 when done."""
    m = re.match(r"^reviewing: (\d+) left$", lines[3])
    if m:
        return int(m.group(1))
    assert lines[3] == "^v mistakes A what if", lines
    return 0


def to_start(p):
    """Up until the replay shows the start (Up: the previous mistake, or the start)."""
    for _ in range(100):
        if p.app.lines[0].startswith("Replay 0/"):
            return
        p.press("UP")
    raise AssertionError(p.app.lines)


def moves_in(p):
    return int(p.app.lines[0].split("/")[1])


def review_to_the_end(p, limit=20000):
    """B on the game-over screen, then the loop's ticks until the review is
    done; returns the verdicts shown."""
    p.press("B")
    assert p.screen == "replay" and p.app.lines[0].startswith("Replay 0/"), p.app.lines
    for _ in range(limit):
        if not left(p.app.lines):
            break
        p.tick(50)
    assert not left(p.app.lines), p.app.lines
    return verdicts_shown(p)


def verdicts_shown(p):
    """Every move's verdict as the replay shows it, stepping with Right from
    the start."""
    to_start(p)
    n = moves_in(p)
    out = []
    for i in range(n):
        p.press("RIGHT")
        assert p.app.lines[0] == "Replay %d/%d" % (i + 1, n), p.app.lines
        out.append(shown_verdict(p.app.lines))
    return out


def reference_board(pos):
    """The reference rules' board of `pos`: its cells, side to move and the
    bonuses taken, from the one-line notation (docs/DESIGN.md, section 2)."""
    rows, side, black, white = position_text(pos).split()
    board = RefBoard.from_text("\n".join(rows.split("/")) + "\n")
    board.to_move = "B" if side == "b" else "W"
    board.bonus = {"B": int(black), "W": int(white)}
    return board


# The empties from which on the reference solver checks every verdict: the
# review's search solves 10 exactly within its budget (mapello/ai/levels.py's
# exact_nodes()), and the reference solver's plain negamax takes seconds there.
SOLVED = 10


@pytest.mark.parametrize("seed,pick", [(4, 0), (14, 1), (16, 2)])
def test_the_verdicts_of_the_last_moves_are_the_exhaustive_searchs(seed, pick):
    """A game played to the end from an endgame (moves chosen to be
    mistakes now and then), reviewed in the replay: each move played with
    SOLVED empty cells or fewer shows the best move and the points lost
    that tests/reference_solver.py finds, every line searched to the end."""
    choose = (lambda moves, i: moves[-1] if i % 3 else moves[0],
              lambda moves, i: moves[(i * 5) % len(moves)],
              lambda moves, i: moves[0] if i % 2 else moves[-1])[pick]
    p = finished_game(endgame(seed, 13), choose)
    record = p.model.to_record()
    shown = review_to_the_end(p)
    pos = record.start.copy()
    checked = lost = 0
    for i, (move, said) in enumerate(shown):
        assert move == record.moves[i]
        if popcount(pos.empty()) <= SOLVED:
            values = solve(reference_board(pos))
            top = max(values.values())
            name = cell_name(move)
            if said == "only":
                assert list(values) == [name], (i, values)
            else:
                loss, best = said
                assert loss == top - values[name], (i, name, said, values)
                assert values[cell_name(best)] == top, (i, name, said, values)
                lost += loss > 0
            checked += 1
        pos.play(move)
    assert checked >= 8 and lost >= 2, (checked, lost, shown)


def test_the_review_runs_in_slices_while_the_buttons_answer():
    """The review advances tick by tick, a verdict or a few at a time (a
    search of the device's budget takes many ticks), and a press in the
    middle of it is answered at once: the shown move is judged next."""
    p = finished_game(endgame(4, 20))
    p.tap(buttons.B)
    n = moves_in(p)
    assert left(p.app.lines) == n, p.app.lines      # just begun: the computer's modules load first
    seen = [n]
    ticks = 0
    while left(p.app.lines) > n // 2:
        p.tick(50)
        ticks += 1
        assert ticks < 5000, p.app.lines
        if left(p.app.lines) != seen[-1]:
            seen.append(left(p.app.lines))
    assert len(seen) >= 4 and ticks > len(seen), (ticks, seen)
    assert p.app.lines[0] == "Replay 0/%d" % n
    p.tap(buttons.RIGHT)                            # no tick between: answered at once
    assert p.app.lines[0] == "Replay 1/%d" % n and left(p.app.lines) == seen[-1], p.app.lines
    assert shown_verdict(p.app.lines)[1] is None    # the first move: not judged yet ...
    ticks = 0
    while shown_verdict(p.app.lines)[1] is None:   # ... and the next one judged, at 20
        assert left(p.app.lines) == seen[-1], p.app.lines    # empties with the whole budget,
        p.tick(50)                                  # tick by tick
        ticks += 1
        assert ticks < 400, p.app.lines
    assert left(p.app.lines) < seen[-1] and ticks > 20, (ticks, p.app.lines)


def test_leaving_the_replay_stops_the_review_and_what_it_found_stays():
    p = finished_game(endgame(14, 14))
    p.tap(buttons.B)
    n = moves_in(p)
    for _ in range(2000):
        p.tick(50)
        if left(p.app.lines) <= n - 4:
            break
    found = left(p.app.lines)
    assert 0 < found <= n - 4, p.app.lines
    shown = []
    for _ in range(n):                             # Down: the mistakes found, then the end
        p.tap(buttons.DOWN)
        shown.append(shown_verdict(p.app.lines))
        if p.app.lines[0] == "Replay %d/%d" % (n, n):
            break
    assert shown[-1][1] is not None                # from the end back: the last move's is known
    p.tap(buttons.B)
    assert p.screen == "game over"
    assert not [m for m in sys.modules if m.startswith("mapello.ai.") and m != "mapello.ai.review"]
    p.wait(60000)                                  # a minute on the game-over screen: no review
    p.tap(buttons.B)
    assert p.screen == "replay" and left(p.app.lines) == found, p.app.lines
    again = []
    for _ in range(n):                             # the same, before a tick
        p.tap(buttons.DOWN)
        again.append(shown_verdict(p.app.lines))
        if p.app.lines[0] == "Replay %d/%d" % (n, n):
            break
    assert again == shown


def printed_verdicts(out):
    """The verdicts `python3 -m desktop review` printed, as shown_verdict() gives them."""
    got = []
    for line in out.splitlines():
        m = _PRINTED.match(line)
        if not m:
            continue
        assert int(m.group(1)) == len(got) + 1, line
        move = parse_cell(m.group(3))
        what = m.group(4)
        if what == ": only move" or (move == PASS and not what):
            got.append((move, "only"))
        elif what == ": best":
            got.append((move, (0, move)))
        else:
            got.append((move, (int(m.group(5)), parse_cell(m.group(6)))))
    return got


def test_the_desktop_command_prints_the_verdicts_the_replay_shows(tmp_path):
    """At the same budget (the device's) the same numbers: 18 empties, so
    that the first positions are estimated and the last solved exactly."""
    p = finished_game(endgame(9, 18), lambda moves, i: moves[(i * 7) % len(moves)])
    record = p.model.to_record()
    shown = review_to_the_end(p)
    assert len(shown) == len(record.moves) >= 14
    assert any(v[1] not in ("only", (0, v[0])) for v in shown), shown   # a mistake or more
    path = tmp_path / "game.txt"
    path.write_text(to_text(record))
    proc = subprocess.run([sys.executable, "-m", "desktop", "review", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("; review: 20000 nodes a position (the device's)\n"), proc.stdout
    assert printed_verdicts(proc.stdout) == shown, proc.stdout
    lines = proc.stdout.splitlines()
    assert re.match(r"^black lost \d+ points", lines[-2]) and re.match(r"^white lost", lines[-1])


VM_REVIEW = """
import sys
sys.path.insert(0, "")
from mapello.ai import kernel
from mapello.ai.judge import Review
from mapello.ai.review import verdict
from mapello.game.record import GameRecord
from mapello.rules.notation import parse_position
record = GameRecord(parse_position(%r), %r)
r = Review(record, %d)
while not r.step(r.slice):
    pass
print(kernel.modules()[-1], r.nodes)
for i in range(len(record.moves)):
    print(verdict(record, i))
"""


@pytest.mark.parametrize("native", (True, False))
def test_the_micropython_vm_gives_the_same_verdicts(tmp_path, native):
    """The review in the MicroPython VM, compiled as deploy.sh installs it
    (with the native search, as on a Pico, and without), gives the verdicts
    that CPython's does, node for node: a board's are the desktop's."""
    from test_app_heap import compiled_copy, micropython
    start = endgame(2, 22)
    record = finished_record(start)
    nodes = 3000
    work = compiled_copy(tmp_path / "drive", native=native)
    proc = subprocess.run([micropython(), "-X", "heapsize=4M", "-c",
                           VM_REVIEW % (position_text(start), list(record.moves), nodes)],
                          cwd=work, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    r = Review(record, nodes)
    while not r.step(r.slice):
        pass
    assert lines[0] == "mapello.ai.%s %d" % ("native" if native else "search", r.nodes)
    assert lines[1:] == [str(verdict(record, i)) for i in range(len(record.moves))]


def finished_record(start):
    """A GameRecord of the game from `start`, each side playing its first legal move."""
    from mapello.game.record import GameRecord
    pos = start.copy()
    moves = []
    while not pos.is_over():
        legal = pos.legal_moves()
        moves.append(legal[0] if legal else PASS)
        pos.push(moves[-1])
    return GameRecord(start, moves)


def test_without_room_for_the_search_the_replay_says_so_and_steps_on(monkeypatch):
    """A board that compiles the game from source and has too little heap
    free for the computer's modules beside the replay (mapello/ui/replay.py,
    room()) reviews nothing, says so, and replays as ever."""
    import gc
    p = finished_game(endgame(4, 12))
    monkeypatch.setattr(gc, "mem_free", lambda: 1024, raising=False)
    p.press("B")
    n = moves_in(p)
    assert p.app.lines[3] == "review: no memory", p.app.lines
    monkeypatch.undo()
    p.wait(5000)
    assert not [m for m in sys.modules if m.startswith("mapello.ai.") and m != "mapello.ai.review"]
    p.press("RIGHT")
    assert p.app.lines[0] == "Replay 1/%d" % n and p.app.lines[1].endswith(" ..."), p.app.lines
    p.press("DOWN")                                # no mistake known: the end
    assert p.app.lines[0] == "Replay %d/%d" % (n, n), p.app.lines
