"""Dogma: A Clash of Religions (Immanuel Casto and Dario Massa, 2019), on the Credo kernel."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .content import load_content
from .game import DogmaGame
from .state import DogmaState


@lru_cache(maxsize=8)
def _load(path: str | None) -> DogmaGame:
    return DogmaGame(load_content(path))


def load(content: str | Path | None = None) -> DogmaGame:
    """Dogma with its shipped content, or with the content folder at `content`."""
    return _load(str(Path(content).resolve()) if content is not None else None)


__all__ = ["DogmaGame", "DogmaState", "load", "load_content"]
