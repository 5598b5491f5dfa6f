"""The project's own random numbers: the same seed gives the same numbers on
CPython, MicroPython and the device (the `random` module's do not).

Its own module so that the move timer (mapello.match) can draw a move without
loading the random-board generator (mapello.randboards) into the device's heap.
"""

_MASK32 = 0xFFFFFFFF


class Rng:
    """xorshift32: small, fast, and the same numbers on every interpreter."""

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
