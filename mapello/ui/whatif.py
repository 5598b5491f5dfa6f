"""What if: from the move the replay shows, the game played on another way
(A in the replay), by two players or against the computer at a level the
players pick, the side to move being yours.  The branch is played on the
play screen (its "what if" entry in mapello.ui.modules.SCREENS, which keeps
the replay's modules), and B there goes back to the replay, at the move it
left.  A branch is never saved: the save, the series standing and the
players' record stay the game's, and a power cut during a branch resumes
at that game's end.  Loaded only when asked for, and dropped with the
replay's group."""

from mapello.game.options import LEVELS
from mapello.ui import modules

# the question's answers: the row less one is the computer's level
_LABELS = ("Two players",) + tuple("You v " + name for name in LEVELS)


def ask(replay):
    """Who plays the branch from the position `replay` (the replay screen)
    shows: a small menu over it; B goes back to it."""
    app = replay.app
    modules.load("choice")     # the replay's review dropped it, with the play screen's groups
    app.go("choice", "What if: who plays?", _LABELS, replay,
           lambda row: app.go("what if", Branch(app, replay.replay, row - 1 if row else None),
                              replay),
           lambda: app.show(replay))


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
        record = replay.record
        turn = replay.pos.turn
        self.level = level
        self.name = record.name
        self.computer = None if level is None else 1 - turn
        self.names = ("", "") if level is None else ("You", "CPU") if turn == 0 else ("CPU", "You")
        self.game = Game(record.start, record.moves[:replay.index], self.computer, 0, app.clock,
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
