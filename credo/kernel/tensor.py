"""Fixed-size float32 encodings of what a player sees, for learning agents (credo.envs).

Each game designs its own encoding (`credo/games/<game>/tensor.py`: board planes, card
one-hots, counters) on this small layout: named sections of one flat vector, declared
once per game and options, then filled from an observation dict alone, so an encoding can
never hold more than the observation does. numpy is needed only by this module (the
`rl` extra).
"""

from __future__ import annotations

from array import array
from math import prod
from typing import Iterable, Sequence

import numpy as np


class Layout:
    """Named sections of a flat float32 vector; each section has a shape (row-major)."""

    def __init__(self) -> None:
        self.sections: dict[str, tuple[int, tuple[int, ...]]] = {}
        self.size = 0
        self._zeros: array | None = None

    def add(self, name: str, *shape: int) -> int:
        """Declares section `name` of this shape; its first index."""
        if name in self.sections:
            raise ValueError(f"the layout already has a section '{name}'")
        start = self.size
        self.sections[name] = (start, tuple(shape))
        self.size += prod(shape)
        self._zeros = None
        return start

    def blank(self) -> array:
        """A zeroed float32 buffer of the layout's size, for a fast encoder to fill by index
        (an `array` item is set several times faster than a numpy one); `finish` turns it
        into the vector without copying. Add only whole numbers to a feature (counts): a
        fraction is rounded to float32 at each step, so compute it first, then set it once."""
        zeros = self._zeros
        if zeros is None:
            zeros = self._zeros = array("f", bytes(4 * self.size))
        return zeros[:]

    def start(self, name: str) -> int:
        return self.sections[name][0]

    def describe(self) -> list[tuple[str, tuple[int, ...]]]:
        """(name, shape) of every section, in order: the documentation of an encoding."""
        return [(name, shape) for name, (_, shape) in self.sections.items()]

    def view(self, vector: np.ndarray, name: str) -> np.ndarray:
        """Section `name` of an encoded vector, in its shape (for tests and readers)."""
        start, shape = self.sections[name]
        return vector[start:start + prod(shape)].reshape(shape)


class Vocabulary:
    """Stable indices for a game's ids (cards, creatures, tiles): for one-hots and counts."""

    def __init__(self, ids: Iterable[str]) -> None:
        self.ids: tuple[str, ...] = tuple(dict.fromkeys(ids))
        self.index = {x: i for i, x in enumerate(self.ids)}

    def __len__(self) -> int:
        return len(self.ids)

    def __getitem__(self, item: str) -> int:
        return self.index[item]


def finish(buffer: array) -> np.ndarray:
    """The float32 vector of a buffer from `Layout.blank` (sharing its memory)."""
    return np.frombuffer(buffer, np.float32)


_MASKS: dict[int, array] = {}


def action_mask(legal: Iterable, size: int) -> np.ndarray:
    """An int8 vector of `size` with 1 at the index of every action in `legal`: the mask a
    learner reads, built without a per-step numpy index list."""
    zeros = _MASKS.get(size)
    if zeros is None:
        zeros = _MASKS[size] = array("b", bytes(size))
    out = zeros[:]
    for action in legal:
        out[action.index] = 1
    return np.frombuffer(out, np.int8)


def one_hot(out: np.ndarray, start: int, index: int | None) -> None:
    if index is not None and index >= 0:
        out[start + index] = 1.0


def counts(out: np.ndarray, start: int, vocabulary: Vocabulary, ids: Iterable[str], scale: float = 1.0) -> None:
    """How many of each id (a hand, a graveyard), each scaled."""
    index = vocabulary.index
    for x in ids:
        out[start + index[x]] += scale


def scaled(value: float | None, top: float) -> float:
    """A counter divided by its usual top, so features are of the order of 1."""
    return 0.0 if value is None else float(value) / top


def rotate(players: Sequence, me: int | None) -> list:
    """Per-player items in the viewer's order: the viewer first, then the next seats."""
    if me is None:
        return list(players)
    return [players[(me + k) % len(players)] for k in range(len(players))]
