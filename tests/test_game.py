"""One game in progress: moves, undo (pass-and-play and against the computer),
the move timer on an injected clock, and replay forward and back."""
from mapello.rules.notation import parse_position, position_text
from mapello.rules.boardfile import parse_board
from mapello.rules.position import BLACK, PASS, WHITE, Position, parse_cell
from mapello.game.game import Game
from mapello.ui.replay import Replay
from mapello.game.random_boards import random_board
from mapello.rng import Rng

def game_on(board, computer=None, timer_ms=0, clock=None, seed=0):
    """A Game on a BoardFile, named and limited as the file says."""
    return Game(board.position, (), computer, timer_ms, clock, seed, board.name, board.limits)



class Clock:
    def __init__(self):
        self.ms = 1000

    def __call__(self):
        return self.ms


def play_random(match, rng, n=1000):
    for _ in range(n):
        if match.pos.is_over():
            break
        ms = match.pos.legal_moves()
        assert match.play(ms[rng.below(len(ms))] if ms else PASS) is None


def test_illegal_moves_are_refused_with_a_reason_and_change_nothing():
    m = Game(Position())
    before = position_text(m.pos)
    assert m.play(parse_cell("a1")) == "a1: no flip"
    assert m.play(parse_cell("d4")) == "d4: occupied"
    assert m.play(PASS) == "pass: a move exists"
    assert m.play(100) == "?: off the board"
    assert position_text(m.pos) == before and list(m.moves) == []
    assert m.play(parse_cell("e3")) is None and m.pos.turn == WHITE


def test_undo_back_to_the_start_in_pass_and_play():
    for seed in range(10):
        m = game_on(random_board(seed))
        texts = [position_text(m.pos)]
        rng = Rng(seed)
        while not m.pos.is_over():
            ms = m.pos.legal_moves()
            m.play(ms[rng.below(len(ms))] if ms else PASS)
            if m.last_move() != PASS:
                texts.append(position_text(m.pos))
            else:
                texts[-1] = position_text(m.pos)  # a pass goes with the move before it
        while m.undo():
            texts.pop()
            assert position_text(m.pos) == texts[-1]
        assert list(m.moves) == [] or list(m.moves) == [PASS]
        assert m.undo() == 0


def test_undo_takes_a_forced_pass_with_the_move_before_it():
    # a position where, after black's move, white must pass
    board = parse_board("""
    . . . . . . . . . .
    . B W . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    """)
    m = Game(board.position)
    assert m.play(parse_cell("c1")) is None
    # black took white's only disc: the game is over, nothing to pass
    assert m.pos.is_over() and m.undo() == 1 and m.pos == board.position
    start = parse_position("........../.BWW....../.W......../........../........../"
                               "........../........../........../........../.......... b 0 0")
    m = Game(start)
    assert m.play(parse_cell("d1")) is None     # black flips b1 and c1
    assert m.pos.must_pass()                        # white has no move, black has a3
    assert m.play(PASS) is None
    assert m.undo() == 2 and m.pos == start and list(m.moves) == []


def test_undo_against_the_computer_goes_back_to_the_humans_last_move():
    for computer in (BLACK, WHITE):
        m = Game(Position(), computer=computer)
        rng = Rng(computer + 5)
        human_positions = []
        while not m.pos.is_over() and len(m.moves) < 30:
            if m.humans_turn():
                human_positions.append((position_text(m.pos), len(m.moves)))
            ms = m.pos.legal_moves()
            m.play(ms[rng.below(len(ms))] if ms else PASS)
        while human_positions:
            text, n = human_positions.pop()
            if position_text(m.pos) == text:  # the human is to move here already
                continue
            assert m.undo()
            assert m.humans_turn() and (position_text(m.pos), len(m.moves)) == (text, n)
        assert m.undo() == 0
        assert len(m.moves) == (1 if computer == BLACK else 0)


def test_timer_off_by_default_never_plays():
    clock = Clock()
    m = Game(Position(), clock=clock)
    clock.ms += 10 ** 9
    assert m.tick() is None and m.remaining_ms() is None and list(m.moves) == []


def test_timer_plays_a_random_legal_move_and_says_so():
    clock = Clock()
    m = Game(Position(), timer_ms=60000, clock=clock, seed=3)
    assert m.remaining_ms() == 60000
    clock.ms += 59999
    assert m.tick() is None and m.remaining_ms() == 1
    clock.ms += 1
    cell = m.tick()
    assert cell in Position().legal_moves() and list(m.moves) == [cell]
    assert m.notice.startswith("time: black plays ") and len(m.notice) <= 21
    assert m.remaining_ms() == 60000  # a fresh move time for white


def test_timer_length_is_a_setting_and_pauses():
    clock = Clock()
    m = Game(Position(), timer_ms=5000, clock=clock)
    clock.ms += 3000
    m.pause_timer()
    clock.ms += 100000
    assert m.tick() is None and m.remaining_ms() == 2000
    m.resume_timer()
    clock.ms += 1999
    assert m.tick() is None
    clock.ms += 1
    assert m.tick() is not None


def test_timer_resets_after_a_move_and_runs_a_whole_game_to_the_end():
    clock = Clock()
    m = Game(random_board(4).position, timer_ms=1000, clock=clock)
    while not m.pos.is_over():
        clock.ms += 1000
        assert m.tick() is not None
    assert m.pos.is_over() and m.tick() is None
    assert m.to_record().replay() == m.pos


def test_timer_skips_the_computers_turn():
    clock = Clock()
    m = Game(Position(), computer=BLACK, timer_ms=1000, clock=clock)
    clock.ms += 5000
    assert m.tick() is None and m.remaining_ms() is None
    m.play(parse_cell("e3"))
    clock.ms += 1000
    assert m.tick() is not None and m.notice.startswith("time: white")


def test_timer_forced_pass_is_announced():
    clock = Clock()
    start = parse_position("........../.BWW....../.W......../........../........../"
                               "........../........../........../........../.......... b 0 0")
    m = Game(start, timer_ms=1000, clock=clock)
    assert m.play(parse_cell("d1")) is None
    assert m.pos.must_pass()
    clock.ms += 1000
    assert m.tick() == PASS and m.notice == "time: white passes"


def test_replay_forward_and_back():
    for seed in range(6):
        m = game_on(random_board(seed))
        play_random(m, Rng(seed))
        r = Replay(m.to_record())
        texts = [position_text(r.pos)]
        while r.forward() is not None:
            texts.append(position_text(r.pos))
        assert r.pos == m.pos and r.index == len(m.moves)
        assert r.forward() is None
        while r.index:
            assert r.back() is not None
            assert position_text(r.pos) == texts[r.index]
        assert r.back() is None
        r.seek(5)
        assert position_text(r.pos) == texts[5] and r.last_move() == m.moves[4]
        r.to_end()
        assert r.pos == m.pos
        r.to_start()
        assert position_text(r.pos) == texts[0]


def test_resume_from_a_record_rebuilds_the_match():
    m = game_on(random_board(2), computer=WHITE)
    play_random(m, Rng(1), 20)
    rec = m.to_record()
    again = Game(rec.start, rec.moves, WHITE, name=rec.name, limits=rec.limits)
    assert again.pos == m.pos and again.moves == m.moves and again.name == m.name
