"""Jol: the three-lane Cogum card game of the Court of Jol, on the Credo kernel."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .content import load_content
from .game import JolGame
from .state import JolState


@lru_cache(maxsize=8)
def _load(path: str | None) -> JolGame:
    return JolGame(load_content(path))


def load(content: str | Path | None = None) -> JolGame:
    """Jol with its shipped content, or with the content folder at `content`."""
    return _load(str(Path(content).resolve()) if content is not None else None)


__all__ = ["JolGame", "JolState", "load", "load_content"]
