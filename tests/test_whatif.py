"""What if (A in the replay, mapello/ui/whatif.py): from the move the replay
shows, the game played on another way, by two players or against the
computer, and B back to the replay at that move; nothing of it saved,
counted in the series or in the players' record, and a power cut during a
branch resumes the game's end.  Buttons in, the frame and the lines out,
on the fake NVM."""
import re
import sys

from desktop.app_driver import Player
from desktop.fake_nvm import FakeNvm
from test_app_save_faults import switched_on
from test_review import endgame
from mapello import buttons
from mapello.game.save.log import NvmStorage
from mapello.rules.boardfile import BoardFile
from mapello.rules.position import PASS, cell_name, parse_cell
from mapello.ui import palette
from mapello.ui.board_view import COLOUR_WORD, cell_colour, score_line

_CPU = re.compile(r"^CPU: ([a-h][1-8]|pass)$")


def game_over(nvm, start, games=2):
    """A Player that played a game on `start` to its end (the first legal
    move each time), with its saves in `nvm`: on the game-over screen."""
    p = Player(boards=[BoardFile(start, "Endgame")], settings={"board": "Endgame", "games": games},
               storage=NvmStorage(nvm))
    p.press("A")
    while p.screen == "play":
        pos = p.model.pos
        if pos.must_pass():
            p.press("A")
        else:
            p.play(pos.legal_moves()[0])
    assert p.screen == "game over", p.app.lines
    return p


def replay_at(p, k):
    """The replay (B on the game-over screen), Right until move k shows."""
    p.press("B")
    assert p.screen == "replay", p.app.lines
    for _ in range(k):
        p.press("RIGHT")
    assert p.app.lines[0].startswith("Replay %d/" % k), p.app.lines


def branch(p, who):
    """A in the replay, then `who` in the question: the branch's first screen."""
    p.press("A")
    assert p.screen == "choice" and p.app.lines[0] == "What if: who plays?", p.app.lines
    assert p.app.lines[3] == "A ok  B back"
    p.choose(who)
    assert p.screen == "what if", p.app.lines


def check_branch_board(p, pos, last):
    """The branch's board is `pos` (the last disc `last` tinted, the legal
    moves hinted), the cursor's cell aside."""
    cursor = p.cursor()
    hints = pos.legal_mask()
    for c in range(100):
        want = cell_colour(pos, c, hints, last)
        got = p.colour(c)
        if c == cursor:
            assert got in (want, palette.cursor_colour(want, pos.turn)), (c, got, want)
        else:
            assert got == want, (c, got, want, p.app.lines)


def what_is_kept(p, nvm):
    """What a branch must not change: the save's bytes and its count of
    writes, the players' record."""
    return bytes(nvm.data), nvm.writes, list(p.app.settings["tally"])


def test_a_branch_plays_on_from_the_move_shown_and_b_returns_to_it_changing_nothing():
    nvm = FakeNvm()
    p = game_over(nvm, endgame(4, 14))
    record = p.app.last_record
    n = len(record.moves)
    over = list(p.app.lines)
    kept = what_is_kept(p, nvm)
    k = 3
    replay_at(p, k)
    shown = (list(p.app.lines[:3]), bytes(p.app.frame))
    p.press("A")                                   # the question, over the replay's board ...
    assert p.screen == "choice" and bytes(p.app.frame) == shown[1]
    p.press("B")                                   # ... and B back to it, at the same move
    assert p.screen == "replay" and p.app.lines[:3] == shown[0], p.app.lines
    branch(p, "Two players")
    pos = record.replay(k)
    assert p.app.lines[0] == score_line(pos)
    assert p.app.lines[1] == "%s to move" % COLOUR_WORD[pos.turn], p.app.lines
    assert p.app.lines[2].endswith("  what if") and p.app.lines[3] == "B back to the replay"
    check_branch_board(p, pos, record.moves[k - 1])
    gone = ("mapello.ui.replay", "mapello.ui.game_over", "mapello.ai.review")
    assert not [m for m in gone if m in sys.modules]   # built again on the way back
    played = 0
    while not pos.is_over():                       # played out, another way than the game
        if pos.must_pass():
            assert p.app.lines[1] == "%s: pass, A" % COLOUR_WORD[pos.turn], p.app.lines
            p.press("A")
            pos.push(PASS)
            continue
        moves = pos.legal_moves()
        cell = moves[-1] if played or len(moves) == 1 else moves[moves[0] == record.moves[k]]
        assert played or cell != record.moves[k]
        p.play(cell)
        pos.push(cell)
        played += 1
        assert p.app.lines[0] == score_line(pos), (cell_name(cell), p.app.lines)
    p.wait(2000)
    assert p.app.lines[1:] == ["game over", p.app.lines[2], "B back to the replay"], p.app.lines
    assert p.screen == "what if" and what_is_kept(p, nvm) == kept
    p.press("B")                                   # the replay as it was, at move k
    assert p.screen == "replay" and p.app.lines[:3] == shown[0] and bytes(p.app.frame) == shown[1]
    p.press("B")
    assert p.screen == "game over" and p.app.lines == over, (p.app.lines, over)
    assert what_is_kept(p, nvm) == kept
    q = switched_on(nvm)                           # the save holds the game's end, as before
    q.press("B")
    assert q.screen == "game over" and q.app.lines[:3] == over[:3]
    q.press("B")
    assert q.app.lines[0] == "Replay 0/%d" % n
    p.press("A")                                   # the series goes on: its second game
    assert p.screen == "play" and p.app.lines[2].endswith("game 2/2"), p.app.lines


def test_a_branch_against_the_computer_gives_it_the_side_not_to_move():
    nvm = FakeNvm()
    p = game_over(nvm, endgame(14, 16))
    record = p.app.last_record
    kept = what_is_kept(p, nvm)
    k = 4
    replay_at(p, k)
    branch(p, "You v easy")
    pos = record.replay(k)
    you = pos.turn
    assert p.app.lines[1] == "You %s to move" % COLOUR_WORD[you], p.app.lines
    replies = 0
    while not pos.is_over():
        if pos.turn == you:
            if pos.must_pass():
                p.press("A")
                pos.push(PASS)
            else:
                cell = pos.legal_moves()[0]
                p.play(cell)
                pos.push(cell)
            continue
        for _ in range(400):                       # the computer's modules load, then it thinks
            m = _CPU.match(p.app.message)
            if m:
                break
            assert p.app.lines[1] in ("CPU %s thinking" % COLOUR_WORD[1 - you], "game over") \
                or p.app.message, p.app.lines
            p.wait(50)
        assert m, p.app.lines
        cell = PASS if m.group(1) == "pass" else parse_cell(m.group(1))
        assert pos.why_illegal(cell) is None, (m.group(0), pos)
        pos.push(cell)
        replies += 1
        p.wait(2000)                               # past the message
        assert p.app.lines[0] == score_line(pos), p.app.lines
    assert replies >= 2
    p.wait(2000)
    assert p.app.lines[1] == "game over" and what_is_kept(p, nvm) == kept
    p.press("B")
    assert p.screen == "replay" and p.app.lines[0].startswith("Replay %d/" % k)
    assert what_is_kept(p, nvm) == kept


def test_a_power_cut_during_a_branch_resumes_the_games_end():
    nvm = FakeNvm()
    p = game_over(nvm, endgame(4, 14))
    over = list(p.app.lines)
    n = len(p.app.last_record.moves)
    replay_at(p, 2)
    branch(p, "Two players")
    before = p.app.lines[0]
    for _ in range(3):                             # the cursor starts on a legal move (or a pass)
        p.press("A")
        assert p.screen == "what if", p.app.lines
    assert p.app.lines[0] != before                # the branch has moved on
    q = switched_on(nvm)                           # the power goes in the branch
    assert q.app.lines[3] == "A start  B resume", q.app.lines
    q.press("B")
    assert q.screen == "game over" and q.app.lines[:3] == over[:3], q.app.lines
    q.press("B")
    assert q.screen == "replay" and q.app.lines[0] == "Replay 0/%d" % n


def test_no_branch_where_the_game_ended_and_b_goes_back_from_the_question():
    p = game_over(FakeNvm(), endgame(4, 12))
    n = len(p.app.last_record.moves)
    replay_at(p, n)
    lines = list(p.app.lines)
    p.tap(buttons.A)
    assert p.screen == "replay" and p.app.message == "game over: no what if"
    p.wait(2000)
    assert p.app.lines == lines


def test_a_second_branch_from_the_replay_a_branch_came_back_to():
    """After B back from a branch the replay is one built again, and so is
    the game-over screen behind it: a second branch, and B twice after it,
    come back to both as they were."""
    nvm = FakeNvm()
    p = game_over(nvm, endgame(4, 14))
    over = list(p.app.lines)
    kept = what_is_kept(p, nvm)
    replay_at(p, 2)
    shown = list(p.app.lines[:3])
    for who in ("Two players", "You v easy"):
        branch(p, who)
        p.press("B")
        assert p.screen == "replay" and p.app.lines[:3] == shown, (who, p.app.lines)
    p.press("B")
    assert p.screen == "game over" and p.app.lines == over, (p.app.lines, over)
    assert what_is_kept(p, nvm) == kept
