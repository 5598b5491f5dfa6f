"""Series arithmetic: wins, draws, point-difference tie-breaks, colour swaps,
free-play setup rotation and colour choice, and the bytes kept in a save."""
import random

import pytest

from mapello.game.save.errors import SaveError
from mapello.game.save.resume import series_from_bytes
from mapello.game.series import BLACK, MAX_KEPT_GAMES, WHITE, Series


def test_colours_swap_every_game():
    s = Series()
    blacks = []
    for _ in range(5):
        blacks.append(s.next_black())
        s.add_result(30, 20)
    assert blacks == [0, 1, 0, 1, 0]
    assert Series(first_black=1).next_black() == 1
    assert s.colour_of(1) == BLACK and s.colour_of(0) == WHITE


def test_wins_follow_the_player_not_the_colour():
    s = Series()
    s.add_result(40, 24)  # P1 black wins
    s.add_result(40, 24)  # P2 black wins
    s.add_result(54, 10)  # P1 black again, wins
    assert s.wins == [2, 1] and s.draws == 0
    assert s.diff == [16 - 16 + 44, -44]
    assert s.leader() == 0


def test_a_draw_counts_for_nobody_but_its_points_still_count():
    s = Series()
    g = s.add_result(32, 32)
    assert g.winner() is None
    assert s.wins == [0, 0] and s.draws == 1 and s.diff == [0, 0]
    assert s.leader() is None and s.winner() is None


def test_tie_on_games_broken_by_point_difference():
    s = Series()
    s.add_result(33, 31)  # P1 (black) +2
    s.add_result(40, 20)  # P2 (black) +20
    assert s.wins == [1, 1]
    assert s.diff == [-18, 18]
    assert s.leader() == 1 and s.winner() == 1  # open-ended: the current leader


def test_level_on_games_and_points_has_no_winner():
    s = Series(2)
    s.add_result(40, 20)
    s.add_result(40, 20)
    assert s.is_over() and s.wins == [1, 1] and s.diff == [0, 0]
    assert s.winner() is None


def test_best_of_n_ends_when_decided():
    s = Series(5)
    assert not s.is_over() and (s.length - s.played) == 5
    s.add_result(40, 20)    # P1
    s.add_result(20, 40)    # P1 (white)
    assert not s.is_over()
    assert s.winner() is None  # undecided: no winner yet
    s.add_result(40, 20)    # P1: 3-0 with 2 left
    assert s.is_over() and s.winner() == 0 and (s.length - s.played) == 2


def test_best_of_n_with_draws_goes_the_distance():
    s = Series(3)
    s.add_result(32, 32)
    s.add_result(32, 32)
    assert not s.is_over()
    s.add_result(35, 29)  # P1 black wins the last game
    assert s.is_over() and s.winner() == 0


def test_open_ended_series_never_ends_by_itself():
    s = Series()
    for _ in range(20):
        s.add_result(50, 14)
    assert not s.is_over() and s.length == 0 and s.wins == [10, 10]


def test_standing_after_each_game():
    s = Series()
    s.add_result(40, 24)
    s.add_result(32, 32)
    s.add_result(34, 30)  # P1 black again, wins by 4
    rows = [(g.number, g.black_player, g.black_score, g.white_score, g.winner())
            for g in s.games()]
    assert rows == [(1, 0, 40, 24, 0), (2, 1, 32, 32, None), (3, 0, 34, 30, 0)]
    assert (s.wins, s.draws, s.diff) == ([2, 0], 1, [20, -20])


def test_free_play_rotates_setup_and_the_other_player_chooses():
    s = Series(free_play=True)
    assert s.setup_player == 0 and s.chooser() == 1
    assert s.next_black() is None and s.next_black() is None
    with pytest.raises(ValueError):
        s.add_result(30, 30)
    s.choose_colour(WHITE)        # P2 chose white, so P1 is black
    assert s.next_black() == 0
    s.add_result(20, 44)              # P2 (white) wins
    assert s.next_black() == 1    # another game on the same board swaps colours
    s.new_board()
    assert s.setup_player == 1 and s.chooser() == 0 and s.boards == 2
    assert s.next_black() is None
    s.choose_colour(BLACK)        # P1 chose black
    assert s.next_black() == 0 and s.colour_of(0) == BLACK
    s.add_result(44, 20)
    assert s.wins == [1, 1] and s.diff == [0, 0]  # the standing carries across boards
    s.new_board()
    assert s.setup_player == 0
    with pytest.raises(ValueError):
        s.choose_colour(7)


def test_bytes_round_trip_keeps_everything():
    rng = random.Random(5)
    for free in (False, True):
        s = Series(7 if not free else 0, free)
        if free:
            s.choose_colour(BLACK)
        for i in range(MAX_KEPT_GAMES + 30):
            b = rng.randrange(89)
            s.add_result(b, rng.randrange(89 - b) if b < 88 else 0)
            if free and i % 3 == 2:
                s.new_board()
                s.choose_colour(rng.randrange(2))
        t = series_from_bytes(s.to_bytes())
        assert t.to_bytes() == s.to_bytes()
        assert (t.wins, t.draws, t.diff, t.played, t.boards) == (s.wins, s.draws, s.diff, s.played, s.boards)
        assert t.next_black() == s.next_black() and t.setup_player == s.setup_player
        assert len(t.games()) == MAX_KEPT_GAMES
        assert ([(g.number, g.black_player, g.black_score, g.white_score) for g in t.games()]
                == [(g.number, g.black_player, g.black_score, g.white_score) for g in s.games()])


def test_damaged_series_bytes_are_refused():
    s = Series(3)
    s.add_result(40, 24)
    data = bytearray(s.to_bytes())
    with pytest.raises(SaveError):
        series_from_bytes(bytes(data[:-1]))
    data[8] = 9  # wins no longer add up
    with pytest.raises(SaveError):
        series_from_bytes(bytes(data))
    with pytest.raises(SaveError):
        series_from_bytes(b"\x02" + bytes(19))
