"""What if: from the move the replay shows, the game played on another way
(A in the replay), by two players or you against the computer at a level
you pick, you taking the side to move.  The branch is played on the play
screen (its "what if" entry in mapello.ui.modules.SCREENS); the replay, the
screen behind it and their modules go meanwhile, and B builds them again,
at the move the branch left (mapello.ui.app.Again).  A branch is never
saved: the save, the series standing and the players' record stay the
game's, and a power cut in a branch resumes at that game's end."""

from mapello import drop_modules
from mapello.game.options import LEVELS
from mapello.ui import modules
from mapello.ui.app import Again

# the question's answers: the row less one is the computer's level
_LABELS = ("Two players",) + tuple("You v " + name for name in LEVELS)


def open_menu(replay):
    """Who plays the branch from the move `replay` (the replay screen)
    shows: a small menu over it, B back to it; none where the game is over.
    Where the players stay in the replay, this module goes again."""
    app = replay.app
    if replay.replay.pos.is_over():   # a resigned game's end is not: it plays on
        app.say("game over: no what if")
        drop_modules(("ui.whatif",))
        return
    replay.stop()              # a branch's computer takes the review's room
    modules.load("choice")     # the replay's review dropped it, with the play screen's groups
    app.go("choice", "What if: who plays?", _LABELS, replay,
           lambda row: _start(replay, row - 1 if row else None), lambda: _back(replay))


def _back(replay):
    drop_modules(("ui.whatif",))
    replay.app.show(replay)


def _start(replay, level):
    app = replay.app
    r = replay.replay
    back = replay.back
    if not isinstance(back, Again):   # built again on the way back, as the replay is (after
        back = Again(app, back.name, back.session, back.resigned)     # a branch it is already)
    app.go("what if", Branch(app, r, level), Again(app, "replay", r.record, back, r.index))


class Branch:
    """What the play screen plays, in place of a mapello.game.session.Session:
    the game from the record's start with the moves up to the one shown
    (`replay`: the replay screen's Replay), then the branch's own; the
    computer at `level` plays the side not to move there (None: two
    players).  Nothing of it is saved."""

    problem = None        # the play screen tells a save's problem: a branch has no save

    def __init__(self, app, replay, level):
        app.flow()        # the game's modules: a record loaded in the page comes without a game
        from mapello.game.game import Game
        record = self.record = replay.record
        self.at = replay.index           # the moves of the game the branch starts after
        turn = replay.pos.turn
        self.level = level
        self.name = record.name
        self.computer = None if level is None else 1 - turn
        self.names = ("", "") if level is None else ("You", "CPU") if turn == 0 else ("CPU", "You")
        self.game = Game(record.start, record.moves[:self.at], self.computer, 0, app.clock,
                         app.seed, record.name, record.limits)

    @property
    def pos(self):
        return self.game.pos

    def is_computer(self, colour):
        return colour == self.computer

    def player_of(self, colour):
        return colour          # player_name() takes the colour

    def player_name(self, colour):
        """"You" or "CPU" by colour; "" for two players (the play screen then
        names the colour alone)."""
        return self.names[colour]

    def save(self):
        return None
