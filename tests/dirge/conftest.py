"""Shared helpers for the clause-by-clause tests of Dirge (rulebook: dirge.txt).

Positions are written by hand in the format of credo/games/dirge/position.py.
Dice are never faked: a test that needs a given roll searches for a seed whose
real generator produces it (`seed_for`) and starts the position from that seed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import pytest

from credo.games import load
from credo.games.dirge import rules as R
from credo.kernel import Rng
from tests.helpers import assert_illegal  # noqa: F401  (used by the rule tests)


@pytest.fixture(scope="session")
def game():
    return load("dirge")


def C(owner: int, square: str, facing: str | None = None, **extra) -> dict:
    """One creature entry of a position: owner (0 or 1), square, facing, extras."""
    entry = {"owner": owner, "square": square, "facing": facing or ("n" if owner == 0 else "s")}
    entry.update(extra)
    return entry


def position(creatures: dict, current: int = 0, turn: int = 3, seed: int = 0, **extra) -> dict:
    """A play-phase position (pick mode) with the given creatures, nothing given yet."""
    pos = {
        "game": "dirge",
        "mode": "pick",
        "phase": "play",
        "current": current,
        "turn": turn,
        "actions_left": 4,
        "seed": seed,
        "creatures": creatures,
    }
    pos.update(extra)
    return pos


@lru_cache(maxsize=None)
def seed_for(*rolls: int) -> int:
    """The smallest seed whose generator's first six-sided rolls are `rolls`."""
    for seed in range(200_000):
        rng = Rng(seed)
        if all(rng.die() == r for r in rolls):
            return seed
    raise AssertionError(f"no seed rolls {rolls}")


# --- card values ---------------------------------------------------------------------
# Most creature numbers are provisional (Credo's design, still being tuned), so tests
# read them from the content; only the values the rulebook prints are written out.
# Passive modifiers are summed here from the ability definitions, independently of
# the engine's own tables.

SIDES = ("front", "flank", "back")


def card(game, cid: str):
    return game.content.creatures[game.tables.by_id[cid]]


def ability(game, cid: str, aid: str):
    return next(ab for ab in card(game, cid).abilities if ab.id == aid)


def _mods(game, cid: str, stat: str, whens: tuple, side: str | None) -> int:
    total = 0
    for ab in card(game, cid).abilities:
        if ab.kind != "passive":
            continue
        for m in ab.modifiers:
            if m.stat == stat and m.when in whens and (side is None or side in m.sides):
                total += m.amount
    return total


def toughness(game, cid: str, side: str) -> int:
    """Toughness of a side when attacked: the card's (back 0) plus passive modifiers."""
    base = 0 if side == "back" else card(game, cid).toughness[SIDES.index(side)]
    return base + _mods(game, cid, "toughness", ("defending", "always"), side)


def strength(game, cid: str, side: str) -> int:
    """Strength when attacking the given side: the card's plus passive modifiers."""
    return card(game, cid).strength + _mods(game, cid, "strength", ("attacking", "always"), side)


def evasion(game, cid: str, side: str) -> int:
    return 0 if side == "back" else card(game, cid).evasion[SIDES.index(side)]


def roll_modifier(game, attacker: str, defender: str, side: str) -> int:
    return _mods(game, attacker, "evasion_roll", ("attacking",), side) + _mods(
        game, defender, "evasion_roll", ("defending", "always"), side
    )


def speed(game, cid: str) -> int:
    return card(game, cid).speed + _mods(game, cid, "speed", ("attacking", "defending", "always"), None)


def wounds(game, cid: str) -> int:
    return card(game, cid).wounds


def dealt(game, attacker: str, defender: str, side: str) -> int:
    """Damage of a successful attack: Strength - Toughness, never negative."""
    return max(0, strength(game, attacker, side) - toughness(game, defender, side))


def first_rolls(seed: int, n: int) -> list[int]:
    rng = Rng(seed)
    return [rng.die() for _ in range(n)]


@dataclass
class Combat:
    """What the narration of one attack says, read from its text by the rulebook's
    words (so that rewording the narration does not break the tests)."""

    side: str | None = None  # the side of the attacked creature that is hit
    rule: str | None = None  # the section the attack cites (Combat / Attack or Range 3)
    roller: int | None = None  # player number (1 or 2) who rolls for evasion
    roll: int | None = None
    modified: int | None = None  # the roll after modifiers (None when unmodified)
    needs: int | None = None
    dodged: bool = False
    strength: int | None = None
    toughness: int | None = None
    dealt: int | None = None
    marker_moves: int | None = None
    destroyed: bool = False

    @property
    def rolled(self) -> bool:
        return self.roll is not None


def _int(pattern: str, text: str) -> int | None:
    m = re.search(pattern, text, re.IGNORECASE)
    return int(m.group(1)) if m else None


def combat(events) -> Combat:
    """The first attack narrated in `events` (Event objects)."""
    c = Combat()
    started = False
    for e in events:
        text = e.text
        if not started:
            if e.rule in (R.COMBAT, R.RANGE3) and " attacks " in text:
                started = True
                c.rule = e.rule
                sides = re.findall(r"\b(front|flank|back)\b", text)
                c.side = sides[-1] if sides else None
            continue
        if e.rule in (R.COMBAT, R.RANGE3) and " attacks " in text:
            break  # the next attack
        if e.rule == R.EVASION and " rolls " in text:
            c.roller = _int(r"player (\d+)", text)
            c.roll = _int(r"rolls (\d+)", text)
            c.modified = _int(r"modified to (\d+)", text)
            c.needs = _int(r"needs (\d+)", text)
        elif e.rule == R.EVASION and "dodge" in text.lower():
            c.dodged = True
        elif e.rule == R.DAMAGE and c.dealt is None:
            c.strength = _int(r"strength (\d+)", text)
            c.toughness = _int(r"toughness (\d+)", text)
            c.dealt = _int(r"(\d+) damage", text)
        elif e.rule == R.WOUNDS and "wound marker" in text and c.marker_moves is None:
            c.marker_moves = _int(r"moves (\d+)", text)
        elif e.rule == R.WOUNDS and "destroyed" in text:
            c.destroyed = True
    assert started, "no attack was narrated"
    return c


def last_combat(state) -> Combat:
    """The last attack narrated so far."""
    events = state.events(None)
    starts = [i for i, e in enumerate(events) if e.rule in (R.COMBAT, R.RANGE3) and " attacks " in e.text]
    assert starts, "no attack was narrated"
    return combat(events[starts[-1]:])


def texts(state, start: int = 0) -> list[str]:
    return [e.text for e in state.events(None, start)]


def events_of(state, start: int = 0) -> list:
    return state.events(None, start)


def creature(state, cid: str) -> dict:
    """The public view of one creature (from a spectator's observation)."""
    for entry in state.observation(None)["creatures"]:
        if entry["id"] == cid:
            return entry
    raise KeyError(cid)


def legal_texts(state, player: int | None = None) -> set[str]:
    return {str(a) for a in state.legal_actions(player)}


def move_squares(state) -> set[str]:
    """The squares the acting creature may end a move on (any facing)."""
    return {str(a).split()[1] for a in state.legal_actions() if a.kind == "move"}


def attack_targets(state) -> set[str]:
    return {str(a).split()[1] for a in state.legal_actions() if a.kind == "attack"}


__all__ = [
    "C", "Combat", "R", "SIDES", "combat", "last_combat", "ability", "assert_illegal", "attack_targets", "card", "creature", "dealt",
    "evasion", "events_of", "first_rolls", "legal_texts", "move_squares", "position", "roll_modifier",
    "seed_for", "speed", "strength", "texts", "toughness", "wounds",
]
