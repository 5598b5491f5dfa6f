"""Drives an App the way a player does: button presses on a virtual clock,
reading only what a player sees (the frame, the four display lines, the
message) and the App's settings.  Shared by the tests/test_app_*.py files
and the save fuzz (desktop/bench/save_fuzz.py).

The driver keeps its own model of the game on the screen, a
mapello.game.game.Game: it starts from the board the test chose (a bundled
board by the menu's board setting, a name, or a position the test names with
expect_start()), takes the player's moves when the display shows the turn
has passed after A, the computer's from its "CPU: d6" message, a timed-out
move from "time: black plays c4", and Undo when the display says "undone".
Every move it takes must be legal in the model and leave the score line the
model's; a turn that changes unexplained fails the test.  Tests then compare
the frame and the lines with the model.
"""
import os
import re

from mapello import buttons
from mapello.ui import palette
from mapello.ui.app import App
from mapello.ui.board_view import cell_colour, score_line
from mapello.game.catalogue import Catalogue
from mapello.game.game import Game
from mapello.rules.boardfile import BoardFile, parse_board
from mapello.rules.position import BLACK, PASS, WHITE, Position, cell_name, parse_cell

STEP_MS = 50
MADE_BOARDS = ("Saved board", "Blocked squares", "Random Mapello", "Set up by hand")

_TURN = re.compile(r"^(P1|P2|You|CPU) (Black|White)( to move| thinking|: pass, A)$")
_CPU = re.compile(r"^CPU: ([a-h][1-8]|pass)$")
_TIMED = re.compile(r"^time: (black|white) (plays ([a-h][1-8])|passes)$")
_CURSOR = re.compile(r"^[a-h][1-8] ")    # the play screen's line 3: "d3  game 1/2"
_STANDING = re.compile(r"^(P1|You) (\d+)-(\d+) (P2|CPU) =(\d+) ([+-]?\d+)$")


class Clock:
    def __init__(self):
        self.now = 1000

    def __call__(self):
        return self.now


with open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                       "boards", "rulebook.txt")) as _f:
    RULEBOOK = _f.read()  # the bundled rulebook example
RULEBOOK_NAME = "Rulebook example"   # the menu offers it first


def setup_name(cell):
    """What the setup screen calls a cell: c3, and a ring cell by where it
    stands beside the inner board (README, Screens)."""
    r, c = cell // 10, cell % 10
    if 1 <= r <= 8 and 1 <= c <= 8:
        return "abcdefgh"[c - 1] + str(r)
    if 1 <= c <= 8:
        return ("above %s1" if r == 0 else "below %s8") % "abcdefgh"[c - 1]
    if 1 <= r <= 8:
        return ("left of a%d" if c == 0 else "right of h%d") % r
    return ("top " if r == 0 else "bottom ") + ("left" if c == 0 else "right")


SETUP_NAMES = dict((setup_name(cell), cell) for cell in range(100))


def test_boards():
    return [BoardFile(Position(), "Plain"), parse_board(RULEBOOK)]


def shown_turn(lines):
    """(colour, who) from the play screen's second line ("P1 Black to move",
    "CPU White thinking", "P2 White: pass, A"); ("over", None) for
    "game over"; None when something else covers the line."""
    if lines[1] == "game over":
        return "over", None
    m = _TURN.match(lines[1])
    if m is None:
        return None
    return (BLACK if m.group(2) == "Black" else WHITE), m.group(1)


def standing(lines):
    """(wins of player 1, wins of player 2, draws, player 1's point difference)
    from the game-over screen's standing line ("P1 1-0 P2 =0 +12")."""
    for line in lines:
        m = _STANDING.match(line)
        if m:
            return int(m.group(2)), int(m.group(3)), int(m.group(5)), int(m.group(6))
    raise AssertionError("no standing line in %r" % (lines,))


def last_disc(game):
    """The last disc played in `game` (passes skipped), or -1."""
    discs = [m for m in game.moves if m != PASS]
    return discs[-1] if discs else -1


class Player:
    """An app, its clock, a model of the game on screen, and helpers that press
    buttons by name.  `model` is a Game to go on with when B resumes a saved
    game (the game another Player left)."""

    def __init__(self, settings=None, storage=None, boards=None, seed=0, model=None):
        self.clock = Clock()
        self.boards = test_boards() if boards is None else boards
        # the matrix never sleeps unless a test asks (tests/test_app_sleep.py):
        # the press that wakes it does nothing else, which the model here
        # would not know
        s = {"games": 1, "hints": 1, "timer": 0, "board": "Plain", "sleep": 0}
        if settings:
            s.update(settings)
        s = dict((k, v) for k, v in s.items() if v is not None)   # None: the App's default
        self.app = App(self.boards, storage, self.clock, seed=seed, settings=s)
        self.app.strict = True
        self.model = model        # the game on screen, as the driver has seen it played
        self.last = -1            # the cell the app tints as the last move
        self.start = model.start if model is not None else None   # the board of this session's games
        self._starts = []         # boards the test announced (set up by hand, free play)
        self._base = self.app.screen_name   # the screen under a choice menu
        self.finished = False     # the model's game has ended (the game-over screen showed)

    # --- the model ------------------------------------------------------------
    def expect_start(self, pos):
        """The next game starts on `pos` (a board the test set up by hand)."""
        self._starts.append(pos.copy())

    def _new_game(self, came_from, button):
        """The play screen appeared from somewhere other than the game's own
        menu: a new game, or a resumed one.  A game on a board the driver
        does not know (random, set up by hand and not announced) is not
        followed: self.model is None."""
        self.last = -1
        if came_from == "menu" and button == buttons.B:
            if self.model is not None:       # after a finished game, the series' next one
                moves = () if self.finished else self.model.moves
                self.model = Game(self.model.start, moves, self._computer())
                self.last = last_disc(self.model)    # a resumed game tints its last disc
            self.finished = False
            return
        self.finished = False
        start = None
        if self._starts:
            start = self._starts.pop(0)
        elif came_from == "menu":
            boards = Catalogue(self.boards, lambda line: None)   # the model's own reading
            names = list(boards.names)
            name = self.app.settings["board"]
            if name not in names and name not in MADE_BOARDS:   # gone: the menu's first
                name = RULEBOOK_NAME if RULEBOOK_NAME in names else names[0] if names else ""
            if name in names:                # a bundled board, by its name
                start = boards.board(names.index(name)).position
        elif came_from == "game over":
            start = self.start               # a series: the same board again
        self.start = start
        self.model = None if start is None else Game(start, computer=self._computer())

    def _computer(self):
        """The computer's colour (None: two players), as the display names
        the player to move; under a long message, as the game says."""
        shown = shown_turn(self.app.lines)
        if shown is None and self.app.message:
            return self.app.screen.session.game.computer
        assert shown is not None and shown[0] != "over", self.app.lines
        colour, who = shown
        if who == "CPU":
            return colour
        if who == "You":
            return 1 - colour
        return None

    def _push(self, cell, why):
        pos = self.model.pos
        reason = self.model.play(cell)
        assert reason is None, "%s: %s (%s)" % (why, reason, self.app.lines)
        if cell != PASS:
            self.last = cell
        assert self.app.lines[0] == score_line(pos), (why, self.app.lines, pos)

    def _observe(self, button=None, before=None, lines=None, at=-1):
        """After a press (`button` on screen `before`, whose lines were `lines`
        and the App's cursor `at`) or a tick: follow what the display says
        happened to the game."""
        app = self.app
        name = app.screen_name
        if name == "play" and self._base != "play":
            self._new_game(self._base, button)
        if name != "choice":
            self._base = name
        if name == "game over":
            self.finished = True
        if self.model is None:
            return
        if before == "choice" and button == buttons.A and lines[1] == ">Undo" \
                and app.message == "undone":
            self.model.undo()
            self.last = last_disc(self.model)
            assert app.lines[0] == score_line(self.model.pos), app.lines
        if name != "play":
            return
        shown = shown_turn(app.lines)
        if shown is None:
            return                       # a long message covers it: look again later
        pos = self.model.pos
        colour = shown[0]
        if (colour == "over") == pos.is_over() and (colour == "over" or colour == pos.turn):
            return                       # nothing happened to the game
        msg = app.message
        cpu = _CPU.match(msg)
        timed = _TIMED.match(msg)
        human = self.model.computer != pos.turn
        if before == "play" and button == buttons.A and human:
            if pos.must_pass():
                cell = PASS
            elif _CURSOR.match(lines[2]):
                cell = parse_cell(lines[2][:2])
            else:                        # a message covered the cursor's line: the cursor
                cell = at
            self._push(cell, "A on %s" % cell_name(cell))
        elif cpu and not human:
            self._push(parse_cell(cpu.group(1)), msg)
        elif timed and human and ("black", "white")[pos.turn] == timed.group(1):
            self._push(PASS if timed.group(3) is None else parse_cell(timed.group(3)), msg)
        else:
            raise AssertionError("the turn changed unexplained: %r, model %r"
                                 % (app.lines, pos))
        shown = shown_turn(app.lines)
        assert shown is None or shown[0] == ("over" if pos.is_over() else pos.turn), \
            ("more than one move at once", app.lines, pos)

    # --- buttons and time ---------------------------------------------------------
    def tap(self, button):
        """Press and release one button, without waiting."""
        before, lines, at = self.app.screen_name, list(self.app.lines), self.app.cursor
        self.app.press(button)
        self.app.release(button)
        self._observe(button, before, lines, at)

    def tick(self, ms=0):
        """Move the clock on by `ms` at once (a slow device) and tick once."""
        self.clock.now += ms
        self.app.tick()
        self._observe()

    def wait(self, ms):
        end = self.clock.now + ms
        while self.clock.now < end:
            self.clock.now += STEP_MS
            self.app.tick()
            self._observe()

    def press(self, *names):
        for name in names:
            for word in name.split():
                self.tap(buttons.from_name(word))
                self.wait(400)   # past the flip animation
        return self.app.lines

    @property
    def screen(self):
        return self.app.screen_name

    def colour(self, cell):
        return palette.get(self.app.frame, cell)

    def cursor(self):
        """The cursor's cell, as the play screen (line 3, "d3  game 1/2"; a
        what-if branch's "d3  what if") or the setup screen ("c3: wall",
        "above d1: empty") names it."""
        for _ in range(50):                  # a long message may cover line 3 a while
            text = self.app.lines[2]
            if self.screen in ("play", "what if") and _CURSOR.match(text):
                return parse_cell(text[:2])
            if self.screen == "setup":
                name = text.split(": ")[0]
                if name in SETUP_NAMES:
                    return SETUP_NAMES[name]
            self.wait(100)
        raise AssertionError("no cursor on %r" % (self.app.lines,))

    def cursor_to(self, cell):
        """Arrow presses until the cursor is on `cell`, the shortest way."""
        guard = 0
        while True:
            at = self.cursor()
            if at == cell:
                return
            r, c = at // 10, at % 10
            tr, tc = cell // 10, cell % 10
            if r != tr:
                self.press("DOWN" if tr > r else "UP")
            else:
                self.press("RIGHT" if tc > c else "LEFT")
            guard += 1
            assert guard < 40, "cursor never reached %d" % cell

    def play(self, cell):
        """Move the cursor to `cell` and press A."""
        self.cursor_to(cell)
        return self.press("A")

    MENU_LABELS = {"mode": "Mode:", "board": "Board", "games": "Series:", "walls": "Walls:",
                   "bonuses": "Bonuses:", "jokers": "Jokers:", "timer": "Timer:",
                   "hints": "Hints:", "level": "Level:", "brightness": "Brightness:",
                   "palette": "Colours:", "sleep": "Sleep:", "records": "Players' records"}

    def menu_row(self, key):
        """Down the main menu until the line of setting `key` is selected;
        returns the presses it took."""
        label = ">" + self.MENU_LABELS[key]
        guard = 0
        while not self.app.lines[1].startswith(label):
            self.press("DOWN")
            guard += 1
            assert guard < 20, (key, self.app.lines)
        return guard

    def menu(self, key, value):
        """Set a main-menu line by pressing Down and Right until it shows `value`."""
        guard = self.menu_row(key)
        while self.app.settings[key] != value:
            self.press("RIGHT")
            guard += 1
            assert guard < 60, (key, value)

    def choose(self, label):
        """In a small menu (line 2 is the selected ">Label"), go down to
        `label` and press A."""
        guard = 0
        while self.app.lines[1] != ">" + label:
            self.press("DOWN")
            guard += 1
            assert guard < 10, (label, self.app.lines)
        return self.press("A")

    # --- what the board must show -------------------------------------------------
    def hints(self):
        """The legal moves the play screen shows as hints now."""
        pos = self.model.pos
        if not self.app.settings.get("hints", 1) or self.model.computer == pos.turn:
            return 0
        return pos.legal_mask()

    def check_board(self):
        """Every cell of the frame shows the model's position (the last move
        tinted, hints on legal moves); the cursor's cell may show the cursor,
        and the discs a move there would flip may glow (all of them or none)."""
        pos = self.model.pos
        hints = self.hints()
        cursor = self.cursor() if self.screen == "play" else -1
        flips = pos.flips(cursor) if cursor >= 0 and hints >> cursor & 1 else 0
        glowing = [c for c in range(100) if self.colour(c) == palette.PREVIEW]
        if glowing:
            assert sum(1 << c for c in glowing) == flips, (glowing, cursor, self.app.lines)
        for c in range(100):
            want = palette.PREVIEW if glowing and flips >> c & 1 else cell_colour(pos, c, hints, self.last)
            got = self.colour(c)
            if c == cursor:
                assert got in (want, palette.cursor_colour(want, pos.turn)), (c, got, want)
            else:
                assert got == want, (c, got, want, self.app.lines)
