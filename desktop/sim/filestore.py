"""Saves in a file, for the desktop simulator and the tests: the NVM layout of
mapello/game/save/log.py in a file of the same size; a bad file is renamed to
PATH.bad when it is set aside."""

from mapello.game.save.log import LogStorage


class _FileMemory:
    """A bytearray mirrored to a file: slice writes go straight to disk."""

    def __init__(self, path, size):
        self.path = path
        self.data = bytearray(b"\xff" * size)
        try:
            with open(path, "rb") as f:
                got = f.read(size)
            self.data[0:len(got)] = got
        except OSError:
            pass

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        return self.data[key]

    def __setitem__(self, key, value):
        self.data[key] = value
        try:
            f = open(self.path, "r+b")
            whole = f.seek(0, 2) < len(self.data)  # short file: rewrite it all
        except OSError:
            f = open(self.path, "wb")
            whole = True
        if whole:
            f.seek(0)
            f.write(self.data)
        else:
            f.seek(key.start)
            f.write(value)
        f.flush()
        f.close()


class FileStorage(LogStorage):
    """The NVM layout in a file (desktop); a bad file is renamed to PATH.bad."""

    def __init__(self, path, size=4096):
        self.path = path
        super().__init__(_FileMemory(path, size), 0, size)

    def set_aside(self):
        try:
            import os
            os.rename(self.path, self.path + ".bad")
        except (OSError, ImportError):
            pass
        self.mem = _FileMemory(self.path, self.size)
        self._last = None
        self._end = self._used = 0
        self._clean = True
