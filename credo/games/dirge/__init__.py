"""Dirge: Carnage in Crimson (Small Box Games, 2008), on the Credo kernel."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .content import load_content
from .game import DirgeGame
from .state import DirgeState


@lru_cache(maxsize=8)
def _load(path: str | None) -> DirgeGame:
    return DirgeGame(load_content(path))


def load(content: str | Path | None = None) -> DirgeGame:
    """Dirge with its shipped content, or with the content folder at `content`."""
    return _load(str(Path(content).resolve()) if content is not None else None)


__all__ = ["DirgeGame", "DirgeState", "load", "load_content"]
