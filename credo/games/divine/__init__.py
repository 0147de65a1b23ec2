"""Divine (2010), for 2 to 4 players, on the Credo kernel."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .content import load_content
from .game import DivineGame
from .state import DivineState


@lru_cache(maxsize=8)
def _load(path: str | None) -> DivineGame:
    return DivineGame(load_content(path))


def load(content: str | Path | None = None) -> DivineGame:
    """Divine with its shipped content, or with the content folder at `content`."""
    return _load(str(Path(content).resolve()) if content is not None else None)


__all__ = ["DivineGame", "DivineState", "load", "load_content"]
