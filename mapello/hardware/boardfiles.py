"""Boards the player saves, as files on CIRCUITPY.  While boot.py has given
the drive to the game (B held at reset), "Save board" also writes
boards/saved-N.txt: the menu lists it when it comes back, and a computer
can copy it (reset without B first) to keep or share it.  Loaded only then."""

import os

ENOSPC = 28


def board_writer(folder):
    """write_board(pos, name, limits) -> the message for the player."""
    def write_board(pos, name, limits):
        return save_board_file(folder, pos, name, limits)
    return write_board


def save_board_file(folder, pos, name, limits):
    """Write the board as folder/saved-N.txt, N the first number free."""
    from mapello.rules.notation import format_board
    try:
        taken = os.listdir(folder)
    except OSError:
        taken = []
        try:
            os.mkdir(folder)
        except OSError as e:
            return "not saved: %s" % e
    n = 1
    while "saved-%d.txt" % n in taken:
        n += 1
    file = "saved-%d.txt" % n
    path = folder + "/" + file
    try:
        with open(path, "w") as f:
            f.write(format_board(pos, "Saved %d" % n, name, limits))
    except OSError as e:
        try:
            os.remove(path)            # a half-written file would only be skipped at start
        except OSError:
            pass
        return "not saved: drive full" if e.args and e.args[0] == ENOSPC else "not saved: %s" % e
    return "saved " + file
