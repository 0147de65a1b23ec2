"""PlayerView: everything an agent or a remote player is given, and nothing more.

A view is built from the true state but keeps only the player's observation, legal
actions and visible events, plus one world already resampled from that player's
knowledge. It shares nothing mutable with the true state: the observation and events
are its own, the legal actions a tuple of immutable actions, and the world a
determinized copy whose containers are its own (`fresh_world`).

What this proves, and what it does not: an agent that plays through this API (the
view's attributes, `sample_world` and the public methods of the states it returns)
can neither see what its player may not know nor change the real game. An agent
running in the same Python process can always reach the true state through the
interpreter itself (stack frames, `gc`); the server therefore runs bots in separate
processes that receive only a view.

The world's chance (its rng, and the choice of hidden cards) is drawn from a sampling
seed that the true game does not reveal: `sampling_seed(secret, ...)` hashes a secret
of the match (random for people's games; derived from the tournament seed where a
tournament must reproduce) with the player and the decision number, so an agent cannot
run the world's rng back to the game's seed and deal itself everyone's cards.
"""

from __future__ import annotations

import copy
import hashlib
import secrets

from .actions import Action
from .events import EventLog, VisibleEvents
from .rng import Rng
from .state import Game, State


def new_secret() -> bytes:
    """A match secret with 128 bits of entropy, for games people play."""
    return secrets.token_bytes(16)


def secret_from_seed(seed: int, purpose: str = "views") -> bytes:
    """A match secret derived from a seed, for tournaments whose results must reproduce.
    It is as hard to guess as the seed is: a tournament between agents one does not
    trust takes a random secret (credo arena/selfplay --secret)."""
    return hashlib.blake2b(f"credo {purpose} {seed}".encode(), digest_size=16).digest()


def match_secret(run_secret: bytes | None, seed: int) -> bytes:
    """The secret of the match played from `seed` in a run (a tournament, a self-play
    series): derived from the run's secret, or from the seed when the run has none."""
    if run_secret is None:
        return secret_from_seed(seed)
    return hashlib.blake2b(f"match {seed}".encode(), key=run_secret[:64], digest_size=16).digest()


def parse_secret(text: str) -> bytes:
    """A run's secret as a person gives it (`--secret`): any text; "random" draws one."""
    if text == "random":
        return new_secret()
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def sampling_seed(secret: bytes, player: int, decision: int) -> int:
    """The seed of one view's world: one-way in the secret, so the world's rng, which an
    agent can invert, leads back to this number and no further."""
    digest = hashlib.blake2b(f"{player}:{decision}".encode(), key=secret, digest_size=8).digest()
    return int.from_bytes(digest, "little")


def fresh_world(world: State) -> State:
    """`world` with every container its own: a determinized state may share lists with
    the state it came from (copies share what they never mutate, and caches are kept on
    the Game), which an agent could otherwise append to. The Game (rules and content)
    is shared read-only."""
    fresh = detached(world)
    fresh._legal_for = -1
    fresh._legal = []
    return fresh


def detached(state: State) -> State:
    """A copy of `state` sharing no container with it, only the Game (a `copy()` or a
    `copy.deepcopy`, which is the same, shares what the forward model never mutates)."""
    memo = {id(state.game): state.game}
    cls = state.__class__
    new = cls.__new__(cls)
    memo[id(state)] = new
    names = _SLOTS.get(cls)
    if names is None:
        names = _SLOTS[cls] = tuple(name for c in cls.__mro__ for name in c.__dict__.get("__slots__", ()))
    put = object.__setattr__
    for name in names:
        value = getattr(state, name, _UNSET)
        if value is not _UNSET:
            put(new, name, _own(value, memo))
    if hasattr(state, "__dict__"):
        for name, value in state.__dict__.items():
            setattr(new, name, _own(value, memo))
    return new


_SLOTS: dict[type, tuple[str, ...]] = {}  # a state class's slot names, its own and its bases'
_UNSET = object()
# values no state changes in place: an Action is interned and immutable (deepcopy gives it back)
_ATOMS = frozenset({int, str, float, bool, type(None), bytes, frozenset, Action})


def _own(value, memo: dict):
    """`copy.deepcopy(value, memo)`, several times faster on what states hold (lists and
    tuples of numbers, dicts, bytearrays): every view's world is detached, so it is on the
    path of every decision an agent or a remote seat is shown. Containers seen before (by
    identity, in `memo`) are copied once, as deepcopy does; anything else goes to deepcopy."""
    cls = value.__class__
    if cls in _ATOMS:
        return value
    if cls is tuple:
        for item in value:
            if item.__class__ not in _ATOMS:
                break
        else:
            return value  # immutable all through
    seen = memo.get(id(value))
    if seen is not None:
        return seen
    if cls is list:
        new = value[:]
        memo[id(value)] = new
        for i, item in enumerate(new):
            if item.__class__ not in _ATOMS:
                new[i] = _own(item, memo)
        return new
    if cls is tuple:
        items = [item if item.__class__ in _ATOMS else _own(item, memo) for item in value]
        new = value if all(a is b for a, b in zip(items, value)) else tuple(items)
    elif cls is dict:
        new = {}
        memo[id(value)] = new
        for key, item in value.items():
            new[_own(key, memo)] = item if item.__class__ in _ATOMS else _own(item, memo)
        return new
    elif cls is bytearray:
        new = bytearray(value)
    elif cls is set:
        new = {_own(item, memo) for item in value}
    elif cls is Rng:
        new = value.copy()
    elif cls is EventLog:
        new = EventLog(_own(value._items, memo))
    else:
        return copy.deepcopy(value, memo)
    memo[id(value)] = new
    return new


class PlayerView:
    __slots__ = ("game", "player", "observation", "legal_actions", "events", "_world")

    def __init__(self, state: State, player: int, seed: int = 0) -> None:
        self.game: Game = state.game
        self.player = player
        self.observation: dict = _json_copy(state.observation(player))
        self.legal_actions: tuple[Action, ...] = tuple(state.legal_actions(player))
        # a snapshot, filtered only if read: building every visible event at every decision made a
        # game's cost grow with the square of its length
        self.events: VisibleEvents = state.log.snapshot(player)
        # Resampled at once with an rng independent of the true state's.
        self._world: State = fresh_world(state.determinize(player, Rng(seed)))

    def sample_world(self, rng: Rng) -> State:
        """A full state consistent with this player's knowledge, hidden parts resampled."""
        return self._world.determinize(self.player, rng)


def _json_copy(value):
    """A copy of JSON-ready data (an observation: dicts, lists and plain values), several
    times faster than copy.deepcopy; anything else is deep-copied."""
    cls = value.__class__
    if cls is dict:
        return {k: _json_copy(v) for k, v in value.items()}
    if cls is list:
        return [_json_copy(v) for v in value]
    if value is None or cls is str or cls is int or cls is float or cls is bool:
        return value
    return copy.deepcopy(value)
