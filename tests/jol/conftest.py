"""Shared helpers for the clause-by-clause tests of Jol (rulebook: jol.txt).

Positions are written by hand in the format of credo/games/jol/position.py: cards
are numbered c1, c2, ... (the order they were drawn) and placed with `C`. Card
numbers are Credo's provisional design, so tests read stats from the content
(`stats`) where the rule combines them, and write numbers only where the test
sets them up itself (with `buff`).
"""

from __future__ import annotations

import pytest

from credo.games import load
from credo.games.jol import rules as R
from tests.helpers import assert_illegal  # noqa: F401  (used by the rule tests)


@pytest.fixture(scope="session")
def game():
    return load("jol")


def C(card: str, owner: int = 0, at: str = "hand", ready: bool | None = None, **extra) -> dict:
    """One card entry: a card id, its owner (0 or 1), where it is (hand, boog, court,
    limit, manifest, prophecy, graveyard, vow, talent); Cogum on the field or in the
    Manifest are Ready unless `ready=False`."""
    entry = {"card": card, "owner": owner, "at": at}
    if ready is None:
        ready = at in ("boog", "court", "limit", "manifest")
    if ready:
        entry["ready"] = True
    entry.update(extra)
    return entry


def position(cards: dict, current: int = 0, phase: str = "formation", inf=None, piles=None, **extra) -> dict:
    pos = {
        "game": "jol",
        "decks": ["jovinet", "terrisol"],
        "phase": phase,
        "current": current,
        "turn": 5,
        "inf": inf or [[0, 0, 0], [0, 0, 0]],
        "piles": piles if piles is not None else [["mesa"] * 8, ["mesa"] * 8],
        "cards": cards,
    }
    pos.update(extra)
    return pos


def start(game, cards: dict, **kw):
    return game.from_position(position(cards, **kw))


def stats(game, card: str) -> tuple[int, int, int]:
    """The printed DET, HRT, SPRT of a card in the content."""
    c = next(x for x in game.content.cogum if x.id == card)
    return c.det, c.hrt, c.sprt


def cogum(state, name: str) -> dict:
    """The public view of a Cogum on the field or in a Manifest (spectator's observation)."""
    obs = state.observation(None)
    for lane in obs["lanes"]:
        for side in lane["cogum"]:
            for c in side:
                if c["id"] == name:
                    return dict(c, where=lane["lane"])
    for p in (0, 1):
        for c in obs["players"][p]["manifest"]:
            if c["id"] == name:
                return dict(c, where="manifest")
    raise KeyError(name)


def where(state, name: str) -> str:
    return state.to_position()["cards"][name]["at"]


def inf(state) -> list[list[int]]:
    return [lane["inf"] for lane in state.observation(None)["lanes"]]


def phase(state) -> str:
    """formation, engagement, prayer (a Prayer step), defender (its choice) or over."""
    return state.to_position()["phase"]


def current(state) -> int:
    """The player whose turn it is (0 or 1)."""
    return state.to_position()["current"]


def turn(state) -> int:
    return state.to_position()["turn"]


def hand_size(state, player: int) -> int:
    return state.observation(None)["players"][player]["hand_size"]


def legal_texts(state, player: int | None = None) -> set[str]:
    return {str(a) for a in state.legal_actions(player)}


def texts(state, start: int = 0) -> list[str]:
    return [e.text for e in state.events(None, start)]


def rules_cited(state, start: int = 0) -> list[str]:
    return [e.rule for e in state.events(None, start)]


def play(state, *actions: str) -> None:
    for a in actions:
        state.apply(a)


__all__ = ["C", "R", "assert_illegal", "cogum", "current", "hand_size", "inf", "legal_texts", "phase", "play",
           "position", "rules_cited", "start", "stats", "texts", "turn", "where"]
