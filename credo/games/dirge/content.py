"""The Dirge content schema: creatures, their abilities (built from effect
primitives), and the battlefield. Loaded from TOML and validated."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from credo.kernel import ContentError, content_hash, load_toml, quoted
from credo.kernel.numbers import small_int

DATA = Path(__file__).parent / "data"

Side = Literal["front", "flank", "back"]
ALL_SIDES: list[Side] = ["front", "flank", "back"]

# Targets an active ability can choose (see docs/rules/dirge-content.md):
Selector = Literal[
    "self",  # the creature itself
    "front_enemy",  # the opposing creature adjacent to its front
    "back_enemy",  # the opposing creature adjacent to its back
    "adjacent_enemy",  # an opposing creature adjacent to any side
    "all_adjacent_enemies",  # every opposing creature adjacent to any side, no choice
    "enemy_within",  # an opposing creature at most `range` spaces away (orthogonal steps)
    "enemy_in_sight",  # an opposing creature in its front arc, at most `range` spaces away
    "ally_within",  # another creature of its side at most `range` spaces away
]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(Strict):
    """One primitive applied to the ability's target (or to `affects` for triggers)."""

    op: Literal["damage", "heal", "add_markers", "remove_markers", "push", "turn", "revive"]
    amount: int = Field(1, ge=0, le=10)


class Modifier(Strict):
    """A passive change to a number, while attacking, defending or always, on some sides."""

    stat: Literal["strength", "toughness", "evasion_roll", "speed"]
    amount: int = Field(ge=-6, le=6)
    when: Literal["attacking", "defending", "always"] = "always"
    sides: list[Side] = Field(default_factory=lambda: list(ALL_SIDES))

    @model_validator(mode="after")
    def _back_stays_zero(self) -> "Modifier":
        # the rulebook: "All creatures have zero (0) Toughness on their back side"
        if self.stat == "toughness" and "back" in self.sides:
            raise ValueError("a toughness modifier cannot apply on the back: every creature has zero Toughness "
                             "on its back side (rulebook); name its sides, e.g. sides = [\"front\", \"flank\"]")
        return self


class Ability(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    kind: Literal["active", "passive", "triggered"]
    text: str = Field(min_length=1)
    cost: int | None = Field(None, ge=1, le=4)
    target: Selector | None = None
    range: int = Field(1, ge=1, le=8)
    effects: list[Effect] = Field(default_factory=list)
    modifiers: list[Modifier] = Field(default_factory=list)
    # no "flying" (through opposing creatures): "Creatures cannot move through a space occupied by an
    # opposing creature" is the rulebook's for every creature (docs/rules/dirge-content.md)
    flags: list[Literal["immovable"]] = Field(default_factory=list)
    trigger: Literal["destroyed", "survived_melee", "dealt_damage"] | None = None
    affects: Literal["self", "attacker"] = "self"
    once: bool = False
    provisional: bool = True

    @model_validator(mode="after")
    def _shape(self) -> "Ability":
        if self.kind == "active":
            if self.cost is None or self.target is None or not self.effects:
                raise ValueError("an active ability needs cost, target and effects")
            ops = [e.op for e in self.effects]
            if "revive" in ops:
                raise ValueError("revive is only for a 'destroyed' trigger")
            if ("push" in ops or "turn" in ops) and self.target in ("self", "all_adjacent_enemies"):
                raise ValueError("push and turn need a chosen target")
            if any(e.op == "push" and e.amount != 1 for e in self.effects):
                raise ValueError("push moves exactly one space (amount = 1)")
            if "push" in ops and "turn" in ops:
                raise ValueError("one ability cannot both push and turn")
        elif self.kind == "passive":
            if not self.modifiers and not self.flags:
                raise ValueError("a passive ability needs modifiers or flags")
            if self.cost is not None or self.effects:
                raise ValueError("a passive ability has no cost and no effects")
        else:
            if self.trigger is None or not self.effects:
                raise ValueError("a triggered ability needs trigger and effects")
            if (self.trigger == "destroyed") != (self.effects[0].op == "revive"):
                raise ValueError("a 'destroyed' trigger starts with revive, and only it may revive")
            if any(e.op in ("push", "turn") for e in self.effects):
                raise ValueError("triggered abilities cannot push or turn (no one chooses)")
        return self

    @property
    def parameter(self) -> Literal["none", "direction", "facing"]:
        ops = {e.op for e in self.effects}
        return "direction" if "push" in ops else "facing" if "turn" in ops else "none"


class Creature(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    abbr: str = Field(min_length=3, max_length=3)
    speed: int = Field(ge=1, le=8)
    strength: int = Field(ge=0, le=12)
    range: int = Field(ge=1, le=3)
    toughness: tuple[int, int] = Field(description="front, flank (back is always 0)")
    evasion: tuple[int, int] = Field(description="front, flank (back is always 0)")
    wounds: int = Field(ge=1, le=12)
    abilities: list[Ability] = Field(min_length=2, max_length=2)
    provisional: list[str] = Field(
        default_factory=list, description="fields that are Credo's design, not the rulebook's"
    )

    @field_validator("provisional")
    @classmethod
    def _known_fields(cls, v: list[str]) -> list[str]:
        known = {"speed", "strength", "range", "wounds"}
        for name in ("toughness", "evasion", "abilities"):
            known |= {name, f"{name}[0]", f"{name}[1]"}
        for item in v:
            if item not in known:
                raise ValueError(f"{quoted(item)} is not a creature field")
        return v

    @field_validator("toughness", "evasion")
    @classmethod
    def _sides(cls, v: tuple[int, int]) -> tuple[int, int]:
        if not all(0 <= x <= 12 for x in v):
            raise ValueError("values must be between 0 and 12")
        return v


class Battlefield(Strict):
    width: int = Field(ge=4, le=12)
    height: int = Field(ge=6, le=12)
    start_spaces: tuple[list[str], list[str]]
    recommended_teams: tuple[list[str], list[str]]
    provisional: bool = True


class CreatureFile(Strict):
    creature: list[Creature]


class BattlefieldFile(Strict):
    battlefield: Battlefield


class DirgeContent:
    """The validated content of one game of Dirge, with cross-file checks done."""

    def __init__(self, creatures: list[Creature], battlefield: Battlefield, source: Path) -> None:
        self.creatures = creatures
        self.battlefield = battlefield
        self.source = source
        self.hash = content_hash(CreatureFile(creature=creatures), BattlefieldFile(battlefield=battlefield))


# the words of the notation (credo/games/dirge/game.py, _build_actions and plan_text)
NOTATION_WORDS = ("place", "give", "move", "attack", "done", "end")


def _square_ok(text: str, width: int, height: int) -> bool:
    row = small_int(text[1:])
    if len(text) < 2 or not text[0].isalpha() or row is None:
        return False
    return 0 <= ord(text[0]) - 97 < width and 1 <= row <= height


def load_content(path: str | Path | None = None) -> DirgeContent:
    """Load `creatures.toml` and `battlefield.toml` from a folder (default: shipped data)."""
    folder = Path(path) if path is not None else DATA
    cfile = folder / "creatures.toml"
    bfile = folder / "battlefield.toml"
    creatures = load_toml(cfile, CreatureFile).creature
    field = load_toml(bfile, BattlefieldFile).battlefield

    if len(creatures) != 12:
        raise ContentError(str(cfile), "(top level)", "creature", f"Dirge has twelve creatures, found {len(creatures)}")
    ids: set[str] = set()
    abbrs: set[str] = set()
    abilities: dict[str, Ability] = {}
    for c in creatures:
        entry = f"creature '{c.id}'"
        if c.id in ids:
            raise ContentError(str(cfile), entry, "id", "two creatures share this id")
        if c.abbr in abbrs:
            raise ContentError(str(cfile), entry, "abbr", "two creatures share this abbreviation")
        ids.add(c.id)
        abbrs.add(c.abbr)
        if c.abilities[0].id == c.abilities[1].id:
            raise ContentError(str(cfile), f"{entry} / ability '{c.abilities[1].id}'", "id",
                               "a creature's two abilities are different abilities")
        for ab in c.abilities:
            if ab.id in NOTATION_WORDS:
                # "give cyclops move" would name both the Move action and the ability
                raise ContentError(str(cfile), f"{entry} / ability '{ab.id}'", "id",
                                   "this id is a word of the notation")
            if any(ab.id == o.id for o in creatures):
                raise ContentError(str(cfile), f"{entry} / ability '{ab.id}'", "id", "an ability id may not be a creature id")
            if ab.id in abilities and abilities[ab.id] != ab:
                raise ContentError(
                    str(cfile), f"{entry} / ability '{ab.id}'", "id",
                    "another creature has an ability with this id but a different definition",
                )
            abilities[ab.id] = ab
    for side, spaces in enumerate(field.start_spaces):
        for sq in spaces:
            if not _square_ok(sq, field.width, field.height):
                raise ContentError(str(bfile), "battlefield", f"start_spaces[{side}]", f"'{sq}' is not a square of the battlefield")
        if len(set(spaces)) < 6:
            raise ContentError(str(bfile), "battlefield", f"start_spaces[{side}]", "each side needs at least six red starting spaces")
    if set(field.start_spaces[0]) & set(field.start_spaces[1]):
        raise ContentError(str(bfile), "battlefield", "start_spaces", "the two sides share a starting space")
    team_all: list[str] = []
    for side, team in enumerate(field.recommended_teams):
        if len(team) != 6:
            raise ContentError(str(bfile), "battlefield", f"recommended_teams[{side}]", "a team has six creatures")
        for cid in team:
            if cid not in ids:
                raise ContentError(str(bfile), "battlefield", f"recommended_teams[{side}]", f"unknown creature '{cid}'")
        team_all += team
    if len(set(team_all)) != 12:
        raise ContentError(str(bfile), "battlefield", "recommended_teams", "the two teams must hold the twelve creatures once each")
    return DirgeContent(creatures, field, folder)
