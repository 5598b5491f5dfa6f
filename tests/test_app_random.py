"""Nothing the player does crashes the app: thousands of random presses (and
releases and clock jumps) across all screens leave it running, its output in
shape and the game's invariants intact."""
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from app_driver import Player
from mapello.rules.position import BORDER, INNER
from mapello.rules.pieces import MAX_PER_KIND, piece_counts
from fake_nvm import FakeNvm
from mapello.game.storage import NvmStorage

ALL_SCREENS = {"menu", "setup", "choice", "play", "game over",
               "replay", "colour"}


def check_invariants(app, deep=False):
    assert app.last_error is None, app.last_error
    assert isinstance(app.frame, bytearray) and len(app.frame) == 300
    assert len(app.lines) == 4 and all(len(line) <= 21 for line in app.lines), app.lines
    assert 1 <= app.brightness <= 100
    s = getattr(app.screen, "s", None) or getattr(getattr(app.screen, "under", None), "s", None)
    match = getattr(s, "match", None)
    if match is None:
        return
    pos = match.pos
    black, white = pos.discs
    assert not black & white
    assert not (black | white) & (pos.walls | BORDER | pos.jokers)
    assert not pos.walls & ~INNER and not pos.bonuses & ~INNER and not pos.jokers & INNER
    assert not pos.bonuses & (pos.walls | black | white)
    assert all(n <= MAX_PER_KIND for n in piece_counts(pos))
    assert bin(black | white).count("1") >= 4 or pos.is_over()
    if deep:
        assert match.to_record().replay() == pos


def run_presses(p, presses, deep_every=50):
    seen = set()
    for i, (kind, value) in enumerate(presses):
        if kind == "press":
            p.app.press(value)
        elif kind == "release":
            p.app.release(value)
        else:
            p.clock.now += value
            p.app.tick()
        seen.add(p.screen)
        check_invariants(p.app, deep=(i % deep_every == 0))
    return seen


def random_presses(rng, n):
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.7:
            # A most often, so games get played and screens change
            out.append(("press", rng.choice((0, 1, 2, 3, 4, 4, 4, 4, 5, 5))))
        elif r < 0.8:
            out.append(("release", rng.randrange(6)))
        else:
            out.append(("tick", rng.choice((0, 20, 50, 400, 3000, 20000))))
    return out


def test_long_random_sessions_visit_every_screen():
    seen = set()
    for seed in range(4):
        rng = random.Random(seed)
        storage = NvmStorage(FakeNvm()) if seed % 2 else None
        p = Player(settings={"games": 2, "timer": 10 if seed == 3 else 0}, storage=storage,
                   seed=seed)
        seen |= run_presses(p, random_presses(rng, 5000))
    assert seen == ALL_SCREENS, ALL_SCREENS - seen


press = st.one_of(
    st.tuples(st.just("press"), st.integers(-2, 7)),       # includes unknown buttons
    st.tuples(st.just("release"), st.integers(0, 5)),
    st.tuples(st.just("tick"), st.sampled_from([0, 10, 50, 300, 5000, 70000])))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(press, max_size=400), st.integers(0, 2), st.integers(0, 3))
def test_any_press_sequence_keeps_the_app_running(presses, mode, board):
    p = Player(settings={"mode": mode, "board": board, "games": 2, "timer": 10})
    run_presses(p, presses)
    # and it still answers: B then A from wherever it is changes something or nothing, safely
    p.app.press(5)
    p.app.press(4)
    check_invariants(p.app, deep=True)
