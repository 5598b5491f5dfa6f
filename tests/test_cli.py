"""`python3 -m desktop` as a user runs it: from the repository root, no install."""
import os
import subprocess
import sys

from mapello.rules.boardfile import parse_board
from mapello.rules.position import parse_cell

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*args):
    proc = subprocess.run([sys.executable, "-m", "desktop"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


def test_perft_prints_the_count_last():
    code, out, _ = run("perft", "start", "5")
    assert code == 0 and out.strip().splitlines()[-1] == "1396"
    code, out, _ = run("perft", "boards/open.txt", "6", "--time")
    assert code == 0 and out.strip().splitlines()[-1] == "8200"
    assert "leaves/s" in out


def test_replay_prints_board_then_score():
    code, out, _ = run("replay", "boards/rulebook.txt", "--moves", "c5 c4 c3 pass"[:8])
    assert code == 0, out
    lines = out.strip().splitlines()
    assert lines[-1] == "score black 6 white 1"
    pos = parse_board("\n".join(lines[:-1])).position
    assert pos.score() == (6, 1)


def test_replay_names_an_illegal_move_and_why():
    code, out, err = run("replay", "start", "--moves", "c5 c4 c4")
    assert code == 2 and out == ""
    assert "move 3 c4 by black is illegal: c4: occupied" in err
    code, _, err = run("replay", "start", "--moves", "c5 pass")
    assert code == 2 and "move 2 pass by white is illegal: pass: a move exists" in err
    code, _, err = run("replay", "start", "--moves", "k9")
    assert code == 2 and "move 1 'k9'" in err


def test_check_accepts_bundled_and_names_bad_files(tmp_path):
    boards = sorted(os.path.join("boards", n) for n in os.listdir(os.path.join(ROOT, "boards")))
    code, out, _ = run("check", *boards)
    lines = out.splitlines()
    assert code == 0 and sum(l.startswith("ok ") for l in lines) == len(boards)
    bad = tmp_path / "bad.txt"
    bad.write_text("; Bad\n" + ". . . . . . . . . .\n" * 9)
    code, out, _ = run("check", "boards/open.txt", str(bad), str(tmp_path / "missing.txt"))
    assert code == 1
    lines = out.splitlines()
    assert "line 10, column 1: 9 rows" in out
    assert [l[:3] for l in lines] == ["ok ", "BAD", "BAD"]
    latin = tmp_path / "latin1.txt"
    latin.write_bytes(b"; Caf\xe9\n" + b". . . . . . . . . .\n" * 10)
    code, out, _ = run("check", str(latin))
    assert code == 1 and out.startswith("BAD  %s: line 1, column 6: not UTF-8" % latin)


def test_show_prints_a_readable_board():
    code, out, _ = run("show", "boards/four-corners.txt")
    assert code == 0
    assert out.startswith("Four Corners: ")
    assert "limits: walls 4, bonuses 4, jokers 4" in out
    assert "    a b c d e f g h" in out and "black 2  white 2" in out
    assert "legal: e3 f4 c5 d6" in out


def test_bad_board_file_is_an_error_not_a_crash(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe garbage")
    code, _, err = run("perft", str(bad), "2")
    assert code == 2 and err.startswith("error: ") and "Traceback" not in err


def record_file(tmp_path, moves_lines):
    """Four Corners with `; moves:` lines after its rows (lines 13 on)."""
    with open(os.path.join(ROOT, "boards", "four-corners.txt")) as f:
        board = f.read()
    path = tmp_path / "game.txt"
    path.write_text(board + "".join("; moves: %s\n" % m for m in moves_lines))
    return str(path)


def test_check_replays_a_records_moves_and_names_the_line_of_a_bad_one(tmp_path):
    good = record_file(tmp_path, ["e3 f3 f4 f5 f6 d3"])
    code, out, _ = run("check", good)
    assert code == 0 and out == "ok   %s: Four Corners, 6 moves\n" % good
    from mapello.game.record import GameRecord
    from mapello.game.record.text import to_text
    from mapello.rules.boardfile import load_board
    board = load_board(good)
    written = tmp_path / "written.txt"                 # as the device prints a game's record
    written.write_text(to_text(GameRecord(board.position, [parse_cell(m) for m in "e3 f3 f4".split()],
                                          board.name, board.limits)))
    code, out, _ = run("check", str(written))
    assert code == 0 and out == "ok   %s: Four Corners, 3 moves\n" % written
    cases = [
        (["e3 f3", "f4 zz f6"], "line 14: move 4 'zz': 'zz' is not a cell (a1..h8) or 'pass'"),
        (["e3 f3 f4 f5", "f6 e3"], "line 14: move 6 e3 by white is illegal: e3: occupied"),
        (["e3 pass"], "line 13: move 2 pass by white is illegal: pass: a move exists"),
        (["hello, world"], "line 13: move 1 'hello,': "),
    ]
    for moves, message in cases:
        path = record_file(tmp_path, moves)
        code, out, _ = run("check", path)
        assert code == 1 and out.startswith("BAD  %s: %s" % (path, message)), out


def test_check_reads_line_ends_of_every_kind(tmp_path):
    with open(os.path.join(ROOT, "boards", "fortress.txt")) as f:
        text = f.read()
    for name, end in (("cr.txt", "\r"), ("crlf.txt", "\r\n")):
        (tmp_path / name).write_bytes(text.replace("\n", end).encode())
        code, out, _ = run("check", str(tmp_path / name))
        assert code == 0 and out == "ok   %s: Fortress\n" % (tmp_path / name), out
    record = record_file(tmp_path, ["e3 f3", "f4 zz"])
    with open(record) as f:
        text = f.read()
    with open(record, "w", newline="") as f:
        f.write(text.replace("\n", "\r"))
    code, out, _ = run("check", record)
    assert code == 1 and "line 14: move 4 'zz'" in out, out


def test_check_names_utf16_with_or_without_a_byte_order_mark(tmp_path):
    with open(os.path.join(ROOT, "boards", "open.txt")) as f:
        text = f.read()
    for encoding in ("utf-16", "utf-16-le", "utf-16-be"):
        path = tmp_path / (encoding + ".txt")
        path.write_bytes(text.encode(encoding))
        code, out, _ = run("check", str(path))
        assert code == 1 and out == "BAD  %s: line 1: UTF-16 text: save the file as UTF-8\n" % path, out
    path = tmp_path / "nul.txt"
    at = text.index("\n") + 9
    path.write_bytes(text.encode()[:at] + b"\0" + text.encode()[at:])
    code, out, _ = run("check", str(path))
    assert code == 1 and "line 2, column 9: not UTF-8 text (byte 0x00)" in out, out


def test_check_refuses_a_limit_given_twice(tmp_path):
    rows = "".join(". . . . . . . . . .\n" for _ in range(10))
    once = tmp_path / "twice.txt"
    once.write_text("; Twice\n; limits: walls 4, walls 2\n" + rows)
    lines = tmp_path / "lines.txt"
    lines.write_text("; Lines\n; limits: walls 4\n; limits: jokers 2\n" + rows)
    code, out, _ = run("check", str(once), str(lines))
    assert code == 1 and out.splitlines() == [
        "BAD  %s: line 2: limits: walls given twice: keep one" % once,
        "BAD  %s: line 3: a second limits line (line 2 has one): keep one" % lines]
