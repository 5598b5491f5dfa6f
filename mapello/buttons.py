"""The six logical buttons every input adapter maps its hardware onto."""

from micropython import const

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")
DIRECTIONS = (UP, DOWN, LEFT, RIGHT)


def from_name(name):
    """'up' / 'UP' -> UP; ValueError for anything else."""
    key = name.strip().upper()
    if key not in NAMES:
        raise ValueError("unknown button %r (use %s)" % (name, ", ".join(NAMES)))
    return NAMES.index(key)
