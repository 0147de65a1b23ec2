"""The games, by name: every subpackage of credo.games with a `load` function.

A game is imported only when it is loaded, so tools import only what they use; a
new game joins every tool, agent and generic test by existing.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from credo.kernel import Game


def names() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)


def load(name: str, content: str | Path | None = None) -> Game:
    """The game called `name`, with its shipped content or the content at `content`."""
    if name not in names():
        raise KeyError(f"unknown game {name!r}; the games are: {', '.join(names())}")
    module = importlib.import_module(f"{__name__}.{name}")
    return module.load(content)
