"""Actions: immutable values with a canonical text notation and a stable index.

A game enumerates every action it can ever offer into an `ActionSpace` once, when
its content is loaded. Legal-action generation then hands out those interned
objects without allocating, equality is identity (fast), `str(action)` is the
notation and `action.index` is the stable integer an RL agent uses.
"""

from __future__ import annotations

from typing import Iterable

from .errors import NotationError

_SPACES: dict[str, "ActionSpace"] = {}


def _unpickle(space_key: str, index: int) -> "Action":
    return _SPACES[space_key][index]


class Action:
    __slots__ = ("index", "text", "kind", "args", "_space")

    def __init__(self, index: int, text: str, kind: str, args: tuple, space: str) -> None:
        self.index = index
        self.text = text
        self.kind = kind
        self.args = args
        self._space = space

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<Action {self.index}: {self.text}>"

    def __setattr__(self, name, value):
        if hasattr(self, "_space"):
            raise AttributeError("actions are immutable")
        object.__setattr__(self, name, value)

    def __reduce__(self):
        # Unpickling (e.g. in a worker process) yields the interned object again.
        return (_unpickle, (self._space, self.index))


def normalise(text: str) -> str:
    return " ".join(text.strip().lower().split())


class ActionSpace:
    """The finite, ordered set of every action of one game with one content set.

    Build one with `ActionSpace.shared`: games loaded twice from the same content share one
    space, so their actions are the same objects (equality is identity) and an action
    unpickled in any process is the one every such game holds."""

    @classmethod
    def shared(cls, game: str, key: str, entries: Iterable[tuple[str, str, tuple]],
               aliases: dict[str, str] | None = None) -> "ActionSpace":
        existing = _SPACES.get(key)
        return existing if existing is not None else cls(game, key, entries, aliases)

    def __init__(self, game: str, key: str, entries: Iterable[tuple[str, str, tuple]],
                 aliases: dict[str, str] | None = None) -> None:
        self.game = game
        self.key = key
        # words a player may type for a canonical word (e.g. a creature's abbreviation)
        self.aliases = {normalise(k): normalise(v) for k, v in (aliases or {}).items()}
        self._actions: list[Action] = []
        self._by_text: dict[str, Action] = {}
        self._by_kind_args: dict[tuple, Action] = {}
        for text, kind, args in entries:
            text = normalise(text)
            if text in self._by_text:
                raise ValueError(f"{game}: two actions share the notation '{text}'")
            action = Action(len(self._actions), text, kind, tuple(args), key)
            self._actions.append(action)
            self._by_text[text] = action
            self._by_kind_args[(kind, action.args)] = action
        _SPACES[key] = self

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, index: int) -> Action:
        return self._actions[index]

    def __iter__(self):
        return iter(self._actions)

    def parse(self, text: str) -> Action:
        text = normalise(text)
        action = self._by_text.get(text)
        if action is None and self.aliases:
            action = self._by_text.get(" ".join(self.aliases.get(w, w) for w in text.split()))
        if action is None:
            raise NotationError(text, self.game)
        return action

    def get(self, kind: str, *args) -> Action:
        """The action of this kind with these arguments (raises KeyError if none)."""
        return self._by_kind_args[(kind, args)]

    def lookup(self) -> dict[tuple, Action]:
        """The (kind, args) -> action table, for games' hot paths."""
        return self._by_kind_args
