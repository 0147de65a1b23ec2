"""A counter-based random number generator that lives inside a game state.

Every draw is a pure function of (seed, counter): copying a state copies two
integers, and the same seed with the same actions always gives the same game.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    # splitmix64 finaliser: a well-tested bijective scrambler of 64-bit words.
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    __slots__ = ("seed", "counter")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = _mix(int(seed) & _MASK)
        self.counter = counter

    @classmethod
    def restore(cls, seed_word: int, counter: int) -> Rng:
        """Rebuild from `to_position()` words (the already mixed seed)."""
        rng = cls.__new__(cls)
        rng.seed = seed_word
        rng.counter = counter
        return rng

    def copy(self) -> Rng:
        rng = Rng.__new__(Rng)
        rng.seed = self.seed
        rng.counter = self.counter
        return rng

    def next64(self) -> int:
        self.counter += 1
        return _mix((self.seed + self.counter * _GOLDEN) & _MASK)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n); n is small, so modulo bias is below 2**-50."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        self.counter += 1
        return _mix((self.seed + self.counter * _GOLDEN) & _MASK) % n

    def die(self, sides: int = 6) -> int:
        return 1 + self.below(sides)

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        # Fisher-Yates with `below` and `_mix` written out: the same draws, without a
        # call per card (worlds sampled by search shuffle whole decks every iteration)
        seed, counter = self.seed, self.counter
        for i in range(len(items) - 1, 0, -1):
            counter += 1
            z = (seed + counter * _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.counter = counter

    def fork(self, stream: int) -> Rng:
        """A new independent generator, drawn from this one (which advances) on a stream
        of its own: forked twice, the same generator gives two different ones. A search
        forks a world's chance from its own generator at every sampled world, and each
        world must roll its own dice, not replay the first world's."""
        return Rng(self.next64() ^ _mix(stream * _GOLDEN + 1))

    def to_position(self) -> list[int]:
        return [self.seed, self.counter]
