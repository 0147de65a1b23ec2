"""Shared helpers for the clause-by-clause tests of Divine (rulebook: divine.txt).

Positions are written by hand in the format of credo/games/divine/position.py, on
the unturned city (tiles in content order): Temples e2 l2 q3 b5 g5 n5 e7 n7 k9 b11
r12 g13 b14 r14 f18; Towers i7 f9 m10 m18; Catacombs i4 d10 p10 i16; Library h17;
Market c16. Dice are never faked: a test that needs given rolls searches for a seed
whose real generator produces them (`seed_for`).
"""

from __future__ import annotations

import json
from functools import lru_cache

import pytest

from credo.games import load
from credo.kernel import IllegalAction, Rng


@pytest.fixture(scope="session")
def game():
    return load("divine")


def U(owner: int, kind: str, square: str, **flags) -> dict:
    entry = {"owner": owner, "kind": kind, "square": square}
    if kind == "prophet":
        flags.setdefault("vigilance", True)
    entry.update(flags)
    return entry


def position(units=(), temples=None, current=0, players=2, step="move", allowance=6, hands=None,
             divinity=None, followers=None, deck=None, seed=0, **extra) -> dict:
    pos = {
        "game": "divine",
        "players": players,
        "phase": "play",
        "order": list(range(players)),
        "current": current,
        "turn": 1 + current,
        "step": step,
        "allowance": allowance,
        "temples": temples if temples is not None else {},
        "units": list(units),
        "followers": followers or [10] * players,
        "divinity": divinity or [1] * players,
        "hands": hands or [[] for _ in range(players)],
        "deck": deck if deck is not None else ["miracle"] * 10,
        "seed": seed,
    }
    pos.update(extra)
    return pos


def make(game, *units, **kw):
    return game.from_position(position(units, **kw))


@lru_cache(maxsize=None)
def seed_for(*rolls: int) -> int:
    """The smallest seed whose generator's first six-sided rolls are `rolls`."""
    for seed in range(500_000):
        rng = Rng(seed)
        if all(rng.die() == r for r in rolls):
            return seed
    raise AssertionError(f"no seed rolls {rolls}")


def fingerprint(state):
    return json.dumps(state.to_position(), sort_keys=True), len(state.log)


def play(state, *actions):
    for a in actions:
        state.apply(a)
    return state


def let_pass(state):
    """The other players pass in every window open now (Credo ruling R-25: a window at each step
    and after each move), until the player whose turn it is decides again or the game ends."""
    obs = state.observation(None)
    while obs["to_move"] and obs["to_move"] != [obs["current"]]:
        state.apply("pass")
        obs = state.observation(None)
    return state


def end_turn(state):
    """`end`, and the windows that follow pass: the next player's turn is ready for their decision."""
    state.apply("end")
    return let_pass(state)


def refused(state, action: str, rule: str, words: str = "", player=None):
    """`action` is refused citing `rule` (a substring), naming `words`, and changes nothing."""
    before = fingerprint(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(action, player)
    assert rule in err.value.rule, (err.value.rule, err.value.message)
    assert words.lower() in err.value.message.lower(), err.value.message
    assert fingerprint(state) == before
    return err.value


def texts(state, start: int = 0) -> list[str]:
    return [e.text for e in state.events(None, start)]


def rules_cited(state, start: int = 0) -> list[str]:
    return [e.rule for e in state.events(None, start)]


def unit_at(state, square: str):
    obs = state.observation(None)
    return next((u for u in obs["units"] if u["square"] == square), None)


def legal(state, player=None) -> set[str]:
    return {str(a) for a in state.legal_actions(player)}


def at(state, field: str):
    """A field of the state's position (`followers`, `allowance`, `current`, `deck`, ...): the
    public way to read what the state holds."""
    return state.to_position()[field]


def public(state, player: int) -> dict:
    """What everyone sees of `player`: followers, divinity, hand size, Temples, markers left."""
    return state.observation(None)["players_state"][player]


def hand_sizes(state) -> list[int]:
    return [p["hand_size"] for p in state.observation(None)["players_state"]]


def temple_owner(state, square: str):
    return state.observation(None)["temples"][square]
