"""The bundled boards by name.  A board file is read and parsed only when it
is chosen, so the boards cost next to no memory while a game is played, and a
broken file is reported when it is chosen, with its line and column."""

import os


class Catalogue:
    """names[i] is the i-th board's name; board(i) its BoardFile (parsed on
    every call: the caller keeps what it needs)."""

    def __init__(self):
        self.names = []
        self._sources = []      # a file path, or a BoardFile already parsed

    def __len__(self):
        return len(self.names)

    def add(self, name, source):
        self.names.append(name)
        self._sources.append(source)

    def board(self, i):
        """The BoardFile; BoardError (naming the file) or OSError if it is bad."""
        source = self._sources[i]
        if not isinstance(source, str):
            return source
        from mapello.rules.boardfile import BoardError, load_board
        try:
            return load_board(source)
        except BoardError as e:     # named by its file alone: the display is small
            raise BoardError(e.line, e.column, e.message, source[source.rfind("/") + 1:])


def from_boards(boards):
    """A catalogue of BoardFiles already in memory (tests, the desktop)."""
    c = Catalogue()
    for i in range(len(boards)):
        c.add(boards[i].name or "Board %d" % (i + 1), boards[i])
    return c


def from_folder(folder, say=print):
    """Every FOLDER/*.txt in name order, named by its header comment (or its
    file name); a file that cannot be read is skipped with a message."""
    from mapello.rules.boardfile import board_name
    c = Catalogue()
    try:
        files = sorted(n for n in os.listdir(folder) if n.endswith(".txt") and not n.startswith("."))
    except OSError:
        say("No %s folder: only random boards and setup by hand." % folder)
        return c
    for file in files:
        path = folder + "/" + file
        try:
            with open(path) as f:
                name = board_name(f)
        except (OSError, UnicodeError, ValueError) as e:
            say("Skipped %s: %s" % (file, e))
            continue
        c.add(name or file[:-4], path)
    return c
