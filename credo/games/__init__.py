"""The games, by name. A game is loaded lazily so that tools import only what they use."""

from __future__ import annotations

import importlib
from pathlib import Path

from credo.kernel import Game

GAMES = {"dirge": "credo.games.dirge"}


def names() -> list[str]:
    return sorted(GAMES)


def load(name: str, content: str | Path | None = None) -> Game:
    """The game called `name`, with its shipped content or the content at `content`."""
    if name not in GAMES:
        raise KeyError(f"unknown game {name!r}; the games are: {', '.join(names())}")
    module = importlib.import_module(GAMES[name])
    return module.load(content)
