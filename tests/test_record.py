"""Game records: binary and text round trips for many random games, sizes,
damaged input, and the `replay` command reading a text record."""
import os
import subprocess
import sys

import pytest

from mapello.rules.notation import parse_position, position_text
from mapello.rules.boardfile import load_board, parse_board
from mapello.rules.position import PASS, Position, parse_cell
from mapello.rules.pieces import Limits
from mapello.game.random_boards import random_board
from mapello.rng import Rng
from mapello.game.record import GameRecord, RecordError
from mapello.game.record.binary_write import encode
from mapello.game.record.binary_read import decode
from mapello.game.record.text import from_text, is_record_text, to_text

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = sorted(os.path.join(ROOT, "boards", n) for n in os.listdir(os.path.join(ROOT, "boards"))
                if n.endswith(".txt"))


def random_game(start, seed, stop_after=None):
    rng = Rng(seed)
    pos = start.copy()
    moves = []
    while not pos.is_over() and (stop_after is None or len(moves) < stop_after):
        ms = pos.legal_moves()
        cell = ms[rng.below(len(ms))] if ms else PASS
        pos.push(cell)
        moves.append(cell)
    return moves, pos


def starts():
    for path in BOARDS:
        b = load_board(path)
        yield b.position, b.name, b.limits
    for seed in range(30):
        b = random_board(seed, Limits(6, 6, 6))
        yield b.position, b.name, b.limits


def test_binary_and_text_round_trips_for_many_random_games():
    games = 0
    passes = 0
    for start, name, limits in starts():
        for seed in range(8):
            stop = None if seed % 4 else 7 + seed  # some unfinished games too
            moves, final = random_game(start, seed * 7919 + games, stop)
            passes += moves.count(PASS)
            rec = GameRecord(start, moves, name, limits)
            data = encode(rec)
            back = decode(data)
            assert back == rec
            assert back.replay() == final and back.replay().score() == final.score()
            text = to_text(rec)
            again = from_text(text)
            assert again == rec and again.replay() == final
            games += 1
    assert games > 100 and passes > 0


def test_a_whole_game_is_a_few_dozen_bytes():
    sizes = []
    for seed in range(50):
        moves, _ = random_game(Position(), seed)
        sizes.append(len(encode(GameRecord(Position(), moves))))
    assert max(sizes) <= 52, max(sizes)   # 6 bits a move, passes free
    board = parse_board(open(os.path.join(ROOT, "boards", "rulebook.txt")).read())
    moves, _ = random_game(board.position, 1)
    assert len(encode(GameRecord(board.position, moves, board.name))) < 80


def test_custom_start_discs_and_white_to_move_survive():
    start = parse_position("........../........../........../...BW...../...WWB..../"
                               "....BW..../........../........../........../.......... w 1 2")
    moves, final = random_game(start, 3)
    rec = GameRecord(start, moves)
    assert decode(encode(rec)) == rec
    again = from_text(to_text(rec))
    assert again.start.turn == 1 and again.replay().discs == final.discs


def test_a_long_name_is_cut_at_a_whole_character():
    # a board name is kept to 60 bytes of UTF-8; cutting inside a character
    # made the whole record (and with it the save) unreadable
    for name in ("\u00e9" * 40, "x" + "\u00e9" * 40, "\u20ac" * 25, "Board " * 12):
        back = decode(encode(GameRecord(Position(), [], name)))
        assert name.startswith(back.name) and len(back.name.encode("utf-8")) <= 60
        assert len(back.name.encode("utf-8")) > 56


def test_text_form_is_a_board_file_with_a_move_list():
    pos = Position()
    for m in pos.legal_moves()[:1]:
        pos.play(m)
    rec = GameRecord(Position(), pos.history(), "Open")
    text = to_text(rec)
    assert text.startswith("; Mapello game record\n; name: Open\n")
    assert "; moves: e3" in text
    assert parse_board(text).position == Position()  # also a valid board file
    assert is_record_text(text) and not is_record_text(open(BOARDS[0]).read())


def test_hand_written_moves_line_without_semicolon():
    text = open(os.path.join(ROOT, "boards", "open.txt")).read() + "moves: e3 f3\n"
    rec = from_text(text)
    assert [parse_cell("e3"), parse_cell("f3")] == list(rec.moves)


def test_illegal_move_is_named():
    text = to_text(GameRecord(Position(), [])) + "; moves: e3 e3\n"
    with pytest.raises(RecordError) as e:
        from_text(text)
    assert "move 2 e3 by white is illegal" in str(e.value)
    with pytest.raises(RecordError) as e:
        from_text(to_text(GameRecord(Position(), [])) + "; moves: zz\n")
    assert "move 1 'zz'" in str(e.value)


def test_bad_board_in_a_record_names_the_line():
    text = to_text(GameRecord(Position(), [])).replace(". . . . B W . . . .", ". . . . B W . . x .")
    with pytest.raises(RecordError) as e:
        from_text(text)
    assert "line" in str(e.value) and "unknown symbol" in str(e.value)


def test_damaged_bytes_raise_record_error_never_anything_else():
    moves, _ = random_game(Position(), 11)
    data = encode(GameRecord(Position(), moves, "name"))
    rng = Rng(1)
    for cut in range(len(data)):
        try:
            decode(data[:cut])
        except RecordError:
            pass
    for i in range(400):
        bad = bytearray(data)
        bad[rng.below(len(bad))] ^= 1 << rng.below(8)
        try:
            decode(bytes(bad))
        except RecordError:
            pass


def test_encode_refuses_an_illegal_game():
    with pytest.raises(RecordError):
        encode(GameRecord(Position(), [parse_cell("a1")]))


RING_CELL = 9  # the ring's top right corner (cells are row * 10 + column)


@pytest.mark.parametrize("kind, cell", [("jokers", parse_cell("e3")), ("walls", RING_CELL),
                                        ("bonuses", RING_CELL), ("black", RING_CELL)])
def test_encode_refuses_a_piece_off_its_squares(kind, cell):
    """The binary form keeps jokers on the ring and the rest inside: a board
    with a piece elsewhere is refused, not stored as another board."""
    start = Position()
    pieces = {"black": start.discs[0]} if kind == "black" else {}
    pieces[kind] = pieces.get(kind, 0) | 1 << cell
    with pytest.raises(RecordError) as e:
        encode(GameRecord(Position(**pieces), []))
    assert "a piece off its squares" in str(e.value)


def test_replay_command_reads_a_text_record(tmp_path):
    board = random_board(5)
    moves, final = random_game(board.position, 5)
    path = tmp_path / "game.txt"
    path.write_text(to_text(GameRecord(board.position, moves, board.name, board.limits)))
    out = subprocess.run([sys.executable, "-m", "desktop", "replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    b, w = final.score()
    assert out.stdout.strip().splitlines()[-1] == "score black %d white %d" % (b, w)
    # --moves on a record plays after the recorded moves
    short = tmp_path / "short.txt"
    short.write_text(to_text(GameRecord(board.position, moves[:-1])))
    out = subprocess.run([sys.executable, "-m", "desktop", "replay", str(short), "--moves",
                          "pass" if moves[-1] == PASS else _name(moves[-1])], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "score black %d white %d" % (b, w)


def test_replay_command_reports_an_illegal_record_move(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(to_text(GameRecord(Position(), [])) + "; moves: e3 e3\n")
    out = subprocess.run([sys.executable, "-m", "desktop", "replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "move 2 e3 by white is illegal" in out.stderr


def _name(cell):
    from mapello.rules.position import cell_name
    return cell_name(cell)
