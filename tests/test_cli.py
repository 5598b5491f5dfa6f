"""`python3 -m mapello` as a user runs it: from the repository root, no install."""
import os
import subprocess
import sys

from mapello.rules.boardfile import parse_board

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*args):
    proc = subprocess.run([sys.executable, "-m", "mapello"] + list(args), cwd=ROOT,
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
