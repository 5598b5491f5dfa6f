"""A game (mapello.game.game) inside MicroPython: undo against the computer, the move timer on an
injected clock, replay forward and back."""
import gc

for _name in ("mapello.rules.position", "mapello.rules.pieces", "mapello.game.random_boards", "mapello.game.record",
              "mapello.game.game"):  # one at a time, collecting between: each fits the 80 KiB heap
    gc.collect()
    __import__(_name)
gc.collect()

from mapello.rules.position import PASS, Position
from mapello.game.game import Game
from mapello.ui.replay import Replay


def check_match_undo_timer_replay():
    t = [0]
    m = Game(Position(), computer=1, timer_ms=1000, clock=lambda: t[0])
    t[0] = 1000
    cell = m.tick()
    assert cell is not None and m.notice.startswith("time: black")
    m.play(m.pos.legal_moves()[0])
    assert m.undo() == 2 and len(m.moves) == 0
    m2 = Game(Position(walls=(1 << 22) | (1 << 77)))
    while not m2.pos.is_over():
        ms = m2.pos.legal_moves()
        m2.play(ms[0] if ms else PASS)
    r = Replay(m2.to_record())
    r.to_end()
    assert r.pos == m2.pos
    r.to_start()
    assert r.pos == m2.start
