"""The games, by name: every subpackage of credo.games with a `load` function.

A game is imported only when it is loaded, so tools import only what they use; a
new game joins every tool, agent and generic test by existing.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

from credo.kernel import Game, quoted


def names() -> list[str]:
    """The playable games. A package holding a file IN_PROGRESS is not offered yet:
    its own tests run, but no tool lists it until its rules are complete."""
    here = Path(__file__).parent
    return sorted(m.name for m in pkgutil.iter_modules(__path__)
                  if m.ispkg and not (here / m.name / "IN_PROGRESS").exists())


def load(name: str, content: str | Path | None = None) -> Game:
    """The game called `name`, with its shipped content or the content at `content`."""
    # only a name that can be a package is looked for on disk: a name from a record
    # may be anything (a path, a NUL byte, a thousand characters)
    playable = name in names() if isinstance(name, str) else False
    in_progress = (isinstance(name, str) and re.fullmatch(r"[a-z][a-z0-9_]{0,63}", name) is not None
                   and (Path(__file__).parent / name / "IN_PROGRESS").exists())
    if not playable and not in_progress:
        raise KeyError(f"unknown game {quoted(name)}; the games are: {', '.join(names())}")
    module = importlib.import_module(f"{__name__}.{name}")
    game = module.load(content)
    game._rebuild = (load, (name, str(Path(content).resolve()) if content is not None else None))
    return game
