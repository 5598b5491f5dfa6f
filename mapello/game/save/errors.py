"""The error of a save that cannot be used.  A module of its own, which stays
loaded once imported, so the class is one object all evening: the readers
that raise it (checks.py, outline.py, resume.py) load and go with the menu,
and code that caught the class of an earlier copy would miss a new one's.
A game that never reads a save back never loads it."""


class SaveError(ValueError):
    """A save that cannot be used; str() is one line for the player."""
