# The drive, read-only to the game (as when a computer has it mounted).
class _Mount:
    readonly = True
def getmount(path):
    return _Mount()
def remount(path, readonly=False):
    pass
