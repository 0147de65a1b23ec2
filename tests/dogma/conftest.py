"""Shared helpers for the clause-by-clause tests of Dogma (rulebook: dogma.txt).

Positions are written by hand in the format of credo/games/dogma/position.py: each
player's Arcana (the first one active unless said otherwise), their Divine
Interventions (top first), and whatever markers matter. Most card values are Credo's
provisional design, so tests read them from the content; only values the rulebook
prints (Al Jafar, Sunna, Lancia di Longino, Pioggia di Fuoco, Ruota del Dharma, the
Predestination tables) are written into the tests.
"""

from __future__ import annotations

import json

import pytest

from credo.games import load
from credo.kernel import IllegalAction


@pytest.fixture(scope="session")
def game():
    return load("dogma")


def A(prophet: str, *cards: str, where: str | None = None, **extra) -> dict:
    """One Arcanum: a Prophet, its Cult cards and Relics (by id), and extras."""
    g = load("dogma")
    t = g.tables
    entry = {"prophet": prophet, "cult": [c for c in cards if c in t.cult_by_id],
             "relics": [c for c in cards if c in t.relic_by_id]}
    if where:
        entry["where"] = where
    entry.update(extra)
    return entry


def position(p0: list, p1: list, di0=(), di1=(), turn: int = 2, **extra) -> dict:
    """An Orders-phase position: the first Arcanum of each list is active."""
    players = []
    for arcana, dis in ((p0, di0), (p1, di1)):
        arcs = []
        for k, a in enumerate(arcana):
            a = dict(a)
            a.setdefault("where", "active" if k == 0 else "rear")
            arcs.append(a)
        players.append({"arcana": arcs, "interventions": list(dis)})
    pos = {"game": "dogma", "phase": "orders", "turn": turn, "players": players, "seed": 1}
    pos.update(extra)
    return pos


def fingerprint(state):
    return json.dumps(state.to_position(), sort_keys=True), len(state.log)


def orders(state, a0: str, a1: str):
    """Both players place their Orders (player 1 first); returns the new events' texts."""
    start = len(state.log)
    state.apply(a0, 0)
    state.apply(a1, 1)
    return [e.text for e in state.log[start:]]


def assert_illegal(state, action: str, player: int, rule_part: str) -> IllegalAction:
    """The action is not legal: not offered, refused naming the rule, state unchanged."""
    act = state.game.parse_action(action)
    assert act not in state.legal_actions(player)
    before = fingerprint(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(act, player)
    assert fingerprint(state) == before
    assert rule_part in err.value.rule, err.value.rule
    return err.value


def slot(state, player: int, k: int) -> int:
    return player * 4 + k


def arcanum(state, player: int, k: int = 0) -> dict:
    """`player`'s Arcanum k (its place in their Arcana), as a saved game holds it."""
    return state.to_position()["players"][player]["arcana"][k]


def side(state, player: int) -> dict:
    """`player`'s part of a saved game: Arcana, active Prophet, rear guard, Interventions."""
    return state.to_position()["players"][player]


def phase(state) -> str:
    """The phase a saved game is in: "deploy", "orders", "resolve", "over" or "chaos"."""
    return state.to_position()["phase"]


def dmg(state, player: int, k: int = 0) -> int:
    """The damage on `player`'s Arcanum k, as a saved game holds it."""
    return state.to_position()["players"][player]["arcana"][k]["damage"]


def cult(game, cid: str):
    return game.content.cults[game.tables.cult_by_id[cid]]


def prophet(game, pid: str):
    return game.content.prophets[game.tables.prophet_by_id[pid]]


def faith(game, pid: str) -> int:
    return prophet(game, pid).faith


def fervor(game, pid: str) -> int:
    return prophet(game, pid).fervor


def text_has(events: list[str], *parts: str) -> bool:
    return any(all(p in e for p in parts) for e in events)
