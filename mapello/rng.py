"""The one seeded generator of the game: xorshift32.

The `random` module gives different sequences on CPython, MicroPython and
CircuitPython for the same seed; this gives the same numbers everywhere, so a
seed makes the same random board, the same computer game and the same timer
move on the desktop and on the device.
"""

from micropython import const

_MASK32 = const(0xFFFFFFFF)


class Rng:
    def __init__(self, seed=0):
        s = ((seed & _MASK32) * 2654435761 + 0x6D2B79F5) & _MASK32
        self.state = s or 0x9E3779B9
        self.next32()

    def next32(self):
        x = self.state
        x ^= (x << 13) & _MASK32
        x ^= x >> 17
        x ^= (x << 5) & _MASK32
        self.state = x
        return x

    def below(self, n):
        """A number in 0..n-1 (n >= 1)."""
        return self.next32() % n

    def pick(self, items, k):
        """k distinct items from the list `items`, in drawing order."""
        pool = list(items)
        out = []
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
            out.append(pool[i])
        return out
