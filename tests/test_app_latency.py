"""What keeps a press quick on the device, checked for what it must not
break.  A move's save waits until the move's first frame is on the LEDs,
and not a moment longer: the loop (mapello/hardware/console.py) runs it
right after the matrix write, in the same step, before the display's text;
a host that does not (a test, the simulator) has it run at the start of the
App's next press or tick, before anything else happens.  So a power cut
loses at most the move whose frame just went out.  (The play screen works
out the legal moves once per position: test_app_flow.py checks every cell,
the hints included, after every move, pass and undo.)"""
from desktop.app_driver import Player
from desktop.fake_nvm import FakeNvm
from mapello import buttons
from mapello.game.save.resume import resume
from mapello.game.save.log import NvmStorage
from mapello.hardware.console import Console
from mapello.rules.position import Position


def saved_moves(nvm):
    saved, _ = resume(NvmStorage(FakeNvm(data=bytes(nvm.data))), clock=lambda: 0)
    return None if saved is None or saved.match is None else list(saved.match.moves)


def a_game(nvm):
    p = Player(storage=NvmStorage(nvm))
    p.press("A")                                   # a new game: saved with no move
    assert p.screen == "play" and saved_moves(nvm) == []
    return p


def first_legal(p):
    return Position().legal_moves()[0]


def test_the_press_draws_the_move_and_defers_its_save():
    nvm = FakeNvm()
    p = a_game(nvm)
    cell = first_legal(p)
    p.cursor_to(cell)
    writes = nvm.writes
    version = p.app.version
    p.app.press(buttons.A)
    p.app.release(buttons.A)
    assert p.app.version > version                 # the flip frame is drawn
    assert nvm.writes == writes                    # nothing written yet
    p.app.run_deferred()                           # the loop, after the matrix write
    assert nvm.writes == writes + 1 and saved_moves(nvm) == [cell]
    p.app.run_deferred()                           # run once only
    assert nvm.writes == writes + 1


def test_a_host_that_never_runs_deferred_jobs_still_saves_before_anything_else():
    for then in ("tick", "press"):
        nvm = FakeNvm()
        p = a_game(nvm)
        cell = first_legal(p)
        p.cursor_to(cell)
        p.app.press(buttons.A)
        assert saved_moves(nvm) == []
        if then == "tick":
            p.app.tick()
        else:
            p.app.press(buttons.B)                 # the game menu: the move is saved first
        assert saved_moves(nvm) == [cell], then


def test_through_the_loop_the_frame_goes_out_first_and_the_save_in_the_same_step():
    nvm = FakeNvm()
    p = a_game(nvm)
    cell = first_legal(p)
    p.cursor_to(cell)
    seen = []

    class Matrix:
        def show(self, frame, brightness):
            seen.append(("frame", saved_moves(nvm)))

    class Screen:
        def show_lines(self, lines):
            seen.append(("text", saved_moves(nvm)))

    class Keys:
        def __init__(self):
            self.events = [(buttons.A, True), (buttons.A, False)]

        def poll(self, sink, now):
            while self.events:
                b, down = self.events.pop(0)
                (sink.press if down else sink.release)(b)

    con = Console(p.app, Matrix(), [Keys()], Screen(), p.clock)
    con.step()
    assert seen == [("frame", []), ("text", [cell])]

