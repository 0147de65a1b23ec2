"""Jol: the three-lane Cogum card game of the Court of Jol, on the Credo kernel."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from credo.kernel.content import folder_fingerprint

from .content import load_content
from .game import JolGame
from .state import JolState


@lru_cache(maxsize=8)
def _load(path: str | None, fingerprint: str) -> JolGame:
    # the fingerprint (the folder's files) is part of the key only so that an edited
    # folder is loaded again: the loader reads the folder itself
    return JolGame(load_content(path))


def load(content: str | Path | None = None) -> JolGame:
    """Jol with its shipped content, or with the content folder at `content`."""
    if content is None:
        return _load(None, "")
    folder = Path(content).resolve()
    return _load(str(folder), folder_fingerprint(folder))


__all__ = ["JolGame", "JolState", "load", "load_content"]
