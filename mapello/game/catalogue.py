"""The bundled boards by name, for the menu.  A board file is read only when
the menu first needs the names, and parsed only when the board is chosen, and
the menu's catalogue goes with the menu: the boards cost no memory while a
game is played, not even this module's code, and a broken file is reported
when it is chosen, with its line and column: one that is not even text
(UTF-16, Latin-1, a picture), or is too big to read, too, listed by its file
name.  Names are unique: a name another file took already, a bundled
board's, or one of the menu's own boards ("Random Mapello"), gives way to
the file's name, so a player's own file never takes a bundled board's place
in the menu."""

import os

NAME_CHARS = 60     # a name is kept to this length (mapello/game/save/checks.py MAX_NAME)
# The files deploy.sh installs from boards/ (one string: this module goes with the menu)
BUNDLED = (" bonus-hunt.txt crossfire.txt fortress.txt four-corners.txt four-walls.txt"
           " joker-ring.txt labyrinth.txt open.txt rulebook.txt ")


class Catalogue:
    """names[i] is the i-th board's name; board(i) its BoardFile (parsed on
    every call: the caller keeps what it needs).  `boards` is a folder of
    board files (FOLDER/*.txt) or a list of BoardFiles already in memory
    (tests, the desktop): what mapello.ui.app.App is given.  `say` tells
    what the player would not see in the menu: a missing folder, a file
    listed by its file name because a bundled board has its name."""

    def __init__(self, boards, say=print):
        self._boards = boards
        self._say = say
        self._names = None      # read when first needed
        self._sources = []      # a file path, or a BoardFile already parsed

    def __len__(self):
        return len(self.names)

    @property
    def names(self):
        if self._names is None:
            self._read_names()
        return self._names

    def _add(self, name, source):
        self._names.append(name)
        self._sources.append(source)

    def board(self, i):
        """The BoardFile; BoardError or OSError, naming the file, if it is bad:
        read again each time, so the catalogue keeps no reasons."""
        if self._names is None:
            self._read_names()
        source = self._sources[i]
        if not isinstance(source, str):
            return source
        from mapello.rules.boardfile import BoardError, load_board
        file = source[source.rfind("/") + 1:]     # named by its file alone: the display is small
        try:
            return load_board(source)
        except BoardError as e:
            raise BoardError(e.line, e.column, e.message, file)
        except OSError as e:        # CircuitPython's message leaves the file out
            raise OSError("%s: %s" % (file, e))

    def _read_names(self):
        """Every FOLDER/*.txt in name order, named by its header comment (or
        its file name: one whose header cannot be read too, which says why
        when it is chosen).  Boards in memory by their names, or Board 1,
        Board 2, ..."""
        taken = self._names = []
        folder = self._boards
        if not isinstance(folder, str):      # BoardFiles in memory
            for i, board in enumerate(folder):
                self._add(board.name or "Board %d" % (i + 1), board)
            return
        from mapello.rules.boardfile import MAX_BYTES, board_name
        from mapello.game.options import BUILT_IN_BOARDS
        try:
            files = sorted(n for n in os.listdir(folder) if n.endswith(".txt") and not n.startswith("."))
        except OSError:
            self._say("No %s folder: only random boards and setup by hand." % folder)
            return
        read = []           # (file, the name its comments give)
        bundled = []        # the names the bundled boards give themselves
        for file in files:
            path = folder + "/" + file
            name = ""           # not text, or too big to read: board() says why
            try:
                if os.stat(path)[6] <= MAX_BYTES:
                    with open(path) as f:
                        name = board_name(f)[:NAME_CHARS]
            except (OSError, UnicodeError, ValueError):
                pass
            read.append((file, name))
            if name and " %s " % file in BUNDLED:
                bundled.append(name)
        for file, wanted in read:
            mine = " %s " % file not in BUNDLED
            # the menu keeps a board by its name: the first of these free
            for name in (wanted, file[:-4], file):
                if name and name not in taken and name not in BUILT_IN_BOARDS \
                        and not (mine and name in bundled):
                    break
            if mine and wanted in bundled:
                self._say("%s is listed as %s: %s is a bundled board's name" % (file, name, wanted))
            self._add(name, folder + "/" + file)

