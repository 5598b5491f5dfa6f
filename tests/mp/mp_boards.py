"""The menu's board files inside MicroPython: a file in boards/ that is not
text, or too big to read on a board's heap (a picture, a long note), is
listed by its file name and says why when it is chosen, where reading it
once ended the heap: MemoryError left the menu without its boards."""
import gc
import os

for _name in ("mapello.rules.geometry", "mapello.rules.position", "mapello.rules.pieces",
              "mapello.rules.boardfile", "mapello.game.options", "mapello.game.catalogue"):
    gc.collect()
    __import__(_name)
gc.collect()

from mapello.game.catalogue import Catalogue
from mapello.rules.boardfile import BoardError

BIG = 256 * 1024     # over the VM's whole heap


def _folder():
    folder = "%s/mapello-boards-%s" % (os.getenv("TMPDIR") or "/tmp",
                                       "".join("%02x" % b for b in os.urandom(6)))
    os.mkdir(folder)
    with open(folder + "/picture.txt", "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        block = bytes(range(256)) * 4
        for _ in range(BIG // len(block)):
            f.write(block)
    with open(folder + "/note.txt", "w") as f:
        f.write("A long note, no board in it\n")
        for _ in range(BIG // 64):
            f.write("a line of a long note that is no board at all, sixty-four bytes\n")
    with open("boards/open.txt") as f:             # run from the repository root
        text = f.read()
    with open(folder + "/open.txt", "w") as f:
        f.write(text)
    return folder


def _remove(folder):
    for file in os.listdir(folder):
        os.remove(folder + "/" + file)
    os.rmdir(folder)


def check_a_file_too_big_to_read_is_listed_and_says_why():
    folder = _folder()
    try:
        boards = Catalogue(folder, print)
        assert boards.names == ["note", "Open", "picture"], boards.names
        for i, file in ((0, "note.txt"), (2, "picture.txt")):
            try:
                boards.board(i)
                raise AssertionError(file + " was read")
            except BoardError as e:
                assert str(e).startswith(file + ": line 1: "), str(e)
                assert "bytes: too big for a board file (at most 4096)" in str(e), str(e)
            gc.collect()
        assert boards.board(1).name == "Open"
    finally:
        _remove(folder)
