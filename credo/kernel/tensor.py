"""Fixed-size float32 encodings of what a player sees, for learning agents (credo.envs).

Each game designs its own encoding (`credo/games/<game>/tensor.py`: board planes, card
one-hots, counters) on this small layout: named sections of one flat vector, declared
once per game and options, then filled from an observation dict alone, so an encoding can
never hold more than the observation does. numpy is needed only by this module (the
`rl` extra).
"""

from __future__ import annotations

from math import prod
from typing import Iterable, Sequence

import numpy as np


class Layout:
    """Named sections of a flat float32 vector; each section has a shape (row-major)."""

    def __init__(self) -> None:
        self.sections: dict[str, tuple[int, tuple[int, ...]]] = {}
        self.size = 0

    def add(self, name: str, *shape: int) -> int:
        """Declares section `name` of this shape; its first index."""
        if name in self.sections:
            raise ValueError(f"the layout already has a section '{name}'")
        start = self.size
        self.sections[name] = (start, tuple(shape))
        self.size += prod(shape)
        return start

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
