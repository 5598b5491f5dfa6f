"""The bundled boards by name.  A board file is read only when the menu first
needs the names, and parsed only when the board is chosen: the boards cost
next to no memory while a game is played, nothing is compiled for them before
the game's own code, and a broken file is reported when it is chosen, with
its line and column.  Names are unique: a name another file took already, or
one of the menu's own boards ("Random Mapello"), gives way to the file's name."""

import os

NAME_CHARS = 60     # a name is kept to this length (mapello/game/savecheck.py MAX_NAME)


class Catalogue:
    """names[i] is the i-th board's name; board(i) its BoardFile (parsed on
    every call: the caller keeps what it needs)."""

    def __init__(self, folder=None, say=print):
        self._names = None if folder is not None else []
        self._sources = []      # a file path, or a BoardFile already parsed
        self._folder = folder
        self._say = say

    def __len__(self):
        return len(self.names)

    @property
    def names(self):
        if self._names is None:
            self._read_names()
        return self._names

    def forget(self):
        """Let go of the names read from the folder (a game does not need
        them: about 1.5 KB on the device); the menu reads them again, with
        any board saved as a file meanwhile.  Boards given in memory stay."""
        if self._folder is not None:
            self._names = None
            self._sources = []

    def add(self, name, source):
        self.names.append(name)
        self._sources.append(source)

    def board(self, i):
        """The BoardFile; BoardError (naming the file) or OSError if it is bad."""
        if self._names is None:
            self._read_names()
        source = self._sources[i]
        if not isinstance(source, str):
            return source
        from mapello.rules.boardfile import BoardError, load_board
        try:
            return load_board(source)
        except BoardError as e:     # named by its file alone: the display is small
            raise BoardError(e.line, e.column, e.message, source[source.rfind("/") + 1:])

    def _read_names(self):
        """Every FOLDER/*.txt in name order, named by its header comment (or
        its file name); a file that cannot be read is skipped, and said."""
        from mapello.rules.boardfile import board_name
        from mapello.game.options import BUILT_IN_BOARDS
        taken = self._names = []
        folder = self._folder
        try:
            files = sorted(n for n in os.listdir(folder) if n.endswith(".txt") and not n.startswith("."))
        except OSError:
            self._say("No %s folder: only random boards and setup by hand." % folder)
            return
        for file in files:
            path = folder + "/" + file
            try:
                with open(path) as f:
                    name = board_name(f)
            except (OSError, UnicodeError, ValueError) as e:
                self._say("Skipped %s: %s" % (file, e))
                continue
            # the menu keeps a board by its name: the first of these free
            for name in (name[:NAME_CHARS], file[:-4], file):
                if name and name not in taken and name not in BUILT_IN_BOARDS:
                    break
            self.add(name, path)


def from_boards(boards):
    """A catalogue of BoardFiles already in memory (tests, the desktop)."""
    c = Catalogue()
    for i in range(len(boards)):
        c.add(boards[i].name or "Board %d" % (i + 1), boards[i])
    return c


def from_folder(folder, say=print):
    """The boards in FOLDER/*.txt; their names are read when first needed."""
    return Catalogue(folder, say)
