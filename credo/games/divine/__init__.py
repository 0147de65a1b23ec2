"""Divine (2010), for 2 to 4 players, on the Credo kernel."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from credo.kernel.content import folder_fingerprint

from .content import load_content
from .game import DivineGame
from .state import DivineState


@lru_cache(maxsize=8)
def _load(path: str | None, fingerprint: str) -> DivineGame:
    # the fingerprint (the folder's files) is part of the key only so that an edited
    # folder is loaded again: the loader reads the folder itself
    return DivineGame(load_content(path))


def load(content: str | Path | None = None) -> DivineGame:
    """Divine with its shipped content, or with the content folder at `content`."""
    if content is None:
        return _load(None, "")
    folder = Path(content).resolve()
    return _load(str(folder), folder_fingerprint(folder))


__all__ = ["DivineGame", "DivineState", "load", "load_content"]
