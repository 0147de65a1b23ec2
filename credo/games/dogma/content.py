"""The Dogma content schema: Prophets, Cult cards, Relics, Divine Interventions and
the Predestination options, loaded from TOML and validated.

Effects are data: a list of parameterised primitives (see docs/rules/dogma-content.md).
A designer makes a new card from these without Python; a card whose effect is
unique may name a `handler` (credo/games/dogma/handlers.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from credo.kernel import ContentError, content_hash, load_toml, quoted

from .handlers import HANDLERS

DATA = Path(__file__).parent / "data"

Religion = Literal["christian", "islamic", "jewish", "buddhist"]
CultType = Literal["sacred_text", "doctrine", "faithful", "custom"]
RELIGIONS: tuple[str, ...] = ("christian", "islamic", "jewish", "buddhist")
CULT_TYPES: tuple[str, ...] = ("sacred_text", "doctrine", "faithful", "custom")
TYPE_NAMES = {"sacred_text": "Sacred Text", "doctrine": "Doctrine", "faithful": "Faithful", "custom": "Custom"}
Keyword = Literal["revealed", "swift", "slow", "global", "protection", "arduous"]
KEYWORDS: tuple[str, ...] = ("revealed", "swift", "slow", "global", "protection", "arduous")
Malefic = Literal["crisis", "fanaticism", "hysteria", "withering"]
MALEFICS: tuple[str, ...] = ("crisis", "fanaticism", "hysteria", "withering")
MALEFIC_NAMES = {"crisis": "Mystical Crisis", "fanaticism": "Fanaticism", "hysteria": "Hysteria",
                 "withering": "Withering"}

# Who an effect applies to (docs/rules/dogma-content.md, "Targets"):
Target = Literal[
    "self",            # your active Prophet
    "opponent",        # the opposing active Prophet (in 2 vs 2: the one your Target token names)
    "all_opponents",   # every opposing active Prophet
    "global",          # every revealed opposing Prophet, rear guard included (keyword Global)
    "all_active",      # every active Prophet, yours included
    "own_rear",        # every Prophet in your rear guard (a card that says so)
    "own_cards",       # every Cult card of your active Prophet (markers on their damage)
    "this_card",       # the Cult card being used (markers on its damage)
    "opponent_cards",  # every Cult card of the opposing active Prophet
]
Condition = Literal[
    "self_undamaged",    # your active Prophet has no damage markers
    "self_damaged",
    "target_undamaged",  # the target has no damage markers
    "target_damaged",
    "target_malefic",    # the target carries at least one malefic marker
]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(Strict):
    """One primitive. Amounts of damage and healing are points (multiples of 10);
    `fervor` and `empower` count +10 markers (negative: -10 weakening markers)."""

    op: Literal["damage", "heal", "fervor", "empower", "malefic", "cure", "protection",
                "cancel_ability", "withdraw", "revive"]
    amount: int = Field(0, ge=-100, le=200)
    target: Target = "opponent"
    malefic: Malefic | None = None
    condition: Condition | None = None

    @model_validator(mode="after")
    def _shape(self) -> Effect:
        if self.op == "malefic" and self.malefic is None:
            raise ValueError("a malefic effect names its marker (malefic = ...)")
        if self.op != "malefic" and self.malefic is not None and self.op != "cure":
            raise ValueError("only malefic and cure effects name a marker")
        if self.op in ("damage", "heal") and (self.amount <= 0 or self.amount % 10):
            raise ValueError("damage and healing are positive multiples of 10")
        if self.op in ("fervor", "empower") and self.amount == 0:
            raise ValueError("fervor and empower place at least one marker (amount != 0)")
        if self.op in ("empower",) and self.target not in ("own_cards", "this_card", "opponent_cards"):
            raise ValueError("empower targets own_cards, this_card or opponent_cards")
        if self.op != "empower" and self.target in ("own_cards", "this_card", "opponent_cards"):
            raise ValueError("only empower targets Cult cards")
        return self


class Modifiers(Strict):
    """Passive numbers of a Prophet's ability or a Relic."""

    cult_bonus: int = Field(0, ge=0, le=100, description="more damage from this Prophet's damaging Cult cards")
    cult_bonus_types: list[CultType] = Field(default_factory=list, description="only these types (empty: all)")
    damage_reduction: int = Field(0, ge=0, le=100, description="less damage from each opposing Cult card")
    fervor: int = Field(0, ge=-100, le=100, description="added to printed Fervor")
    faith: int = Field(0, ge=0, le=100, description="added to printed Faith")
    malefic_immunity: list[Malefic] = Field(default_factory=list)
    immunities: list[CultType] = Field(default_factory=list)


class Ability(Strict):
    name: str
    text: str = Field(min_length=1)
    trigger: Literal["passive", "special", "on_deploy", "on_withdraw", "start_of_turn", "construction"]
    effects: list[Effect] = Field(default_factory=list)
    modifiers: Modifiers = Field(default_factory=Modifiers)
    once: bool = Field(False, description="a Special usable once per game")
    extra_cult_slot: bool = Field(False, description="construction: the Arcanum holds a fourth Cult card")
    handler: str | None = None
    provisional: bool = True

    @model_validator(mode="after")
    def _shape(self) -> Ability:
        if self.trigger in ("special", "on_deploy", "on_withdraw", "start_of_turn") and not self.effects:
            raise ValueError(f"a {self.trigger} ability needs effects")
        if self.trigger in ("passive", "construction") and self.effects:
            raise ValueError(f"a {self.trigger} ability has modifiers, not effects")
        if self.extra_cult_slot and self.trigger != "construction":
            raise ValueError("extra_cult_slot is a construction ability")
        if self.once and self.trigger != "special":
            raise ValueError("only a Special is once per game")
        if self.handler and self.trigger != "special":
            raise ValueError("only a Special may name a handler")
        return self


class Sleeve(Strict):
    religion: Religion
    types: list[CultType] = Field(min_length=1)


class Prophet(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    title: str = ""
    religion: Religion
    faith: int = Field(ge=10, le=300)
    fervor: int = Field(ge=0, le=150)
    immunities: list[CultType] = Field(default_factory=list)
    weaknesses: list[CultType] = Field(default_factory=list)
    sleeve: list[Sleeve] = Field(min_length=1, description="the Cult cards its Arcanum may hold")
    ability: Ability
    provisional: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _shape(self) -> Prophet:
        if self.faith % 10 or self.fervor % 10:
            raise ValueError("Faith and Fervor are multiples of 10")
        if set(self.immunities) & set(self.weaknesses):
            raise ValueError("a Prophet cannot be both immune and weak to one type")
        known = {"faith", "fervor", "immunities", "weaknesses", "sleeve", "ability", "title", "religion"}
        for item in self.provisional:
            if item not in known:
                raise ValueError(f"{quoted(item)} is not a Prophet field")
        return self

    def allows(self, religion: str, ctype: str) -> bool:
        return any(s.religion == religion and ctype in s.types for s in self.sleeve)


class DamageIf(Strict):
    condition: Condition
    amount: int = Field(ge=0, le=300)


class CultCard(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_]*$")
    name: str
    religion: Religion
    type: CultType
    damage: int = Field(0, ge=0, le=200)
    damage_if: DamageIf | None = None
    keywords: list[Keyword] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)
    fidelity: Literal["trigger", "cancel"] | None = Field(
        None, description="trigger: the user must pass a Fidelity Test; cancel: the opponent may pass one to cancel it")
    text: str = ""
    provisional: bool = True

    @model_validator(mode="after")
    def _shape(self) -> CultCard:
        if self.damage % 10:
            raise ValueError("damage is a multiple of 10")
        if "swift" in self.keywords and "slow" in self.keywords:
            raise ValueError("a card cannot be both Swift and Slow")
        if not self.damage and not self.effects and "protection" not in self.keywords:
            raise ValueError("a Cult card inflicts damage or has an effect")
        return self


class Relic(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    ability: Ability
    provisional: bool = True


class Intervention(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    copies: int = Field(1, ge=1, le=4)
    keywords: list[Keyword] = Field(default_factory=list)
    effects: list[Effect] = Field(min_length=1)
    text: str = ""
    provisional: bool = True


class Arcanum(Strict):
    prophet: str
    cards: list[str] = Field(min_length=1, max_length=7)


class PredestinationOption(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    english: str
    arcana: list[Arcanum] = Field(min_length=4, max_length=4)
    interventions: list[str] = Field(min_length=4, max_length=4)


class ProphetFile(Strict):
    prophet: list[Prophet]


class CultFile(Strict):
    cult: list[CultCard]


class RelicFile(Strict):
    relic: list[Relic]


class InterventionFile(Strict):
    intervention: list[Intervention]


class PredestinationFile(Strict):
    option: list[PredestinationOption]


BOX = {"prophet": 27, "cult": 64, "relic": 9, "intervention": 18}


class DogmaContent:
    """The validated content of one Dogma box, with the cross-file checks done."""

    def __init__(self, prophets, cults, relics, interventions, options, source: Path) -> None:
        self.prophets: list[Prophet] = prophets
        self.cults: list[CultCard] = cults
        self.relics: list[Relic] = relics
        self.interventions: list[Intervention] = interventions
        self.options: list[PredestinationOption] = options
        self.source = source
        self.hash = content_hash(ProphetFile(prophet=prophets), CultFile(cult=cults), RelicFile(relic=relics),
                                 InterventionFile(intervention=interventions), PredestinationFile(option=options))


def _unique(items, file: Path, kind: str, names: set) -> None:
    for it in items:
        if it.id in names:
            raise ContentError(str(file), f"{kind} '{it.id}'", "id", "two cards share this id")
        names.add(it.id)


def _check_options_together(options: list[PredestinationOption], copies: dict[str, int], pfile: Path) -> None:
    """The options that share one table take their Divine Interventions from one box: any
    two (the duel, each player a different option) and all four (2 vs 2, one each) must
    not need more copies of a card than the box holds, or dealing them runs out."""
    together = [(a, b) for i, a in enumerate(options) for b in options[i + 1:]]
    if len(options) == 4:
        together.append(tuple(options))
    for group in together:
        for cid, held in copies.items():
            needed = sum(opt.interventions.count(cid) for opt in group)
            if needed > held:
                names = " and ".join(f"'{opt.id}'" for opt in group)
                raise ContentError(str(pfile), f"option '{group[-1].id}'", "interventions",
                                   f"options {names} are played together and use {needed} copies of {quoted(cid)}; "
                                   f"the box holds {held}")


def load_content(path: str | Path | None = None, box: bool | None = None) -> DogmaContent:
    """Load the five content files from a folder (default: the shipped box).

    With the shipped data (or `box=True`) the counts of the published box are checked."""
    folder = Path(path) if path is not None else DATA
    files = {k: folder / f"{k}s.toml" for k in ("prophet", "cult", "relic", "intervention")}
    pfile = folder / "predestination.toml"
    prophets = load_toml(files["prophet"], ProphetFile).prophet
    cults = load_toml(files["cult"], CultFile).cult
    relics = load_toml(files["relic"], RelicFile).relic
    interventions = load_toml(files["intervention"], InterventionFile).intervention
    options = load_toml(pfile, PredestinationFile).option

    if len(options) < 2:  # each player of a duel chooses a different option (2 vs 2 needs four: checked at setup)
        raise ContentError(str(pfile), "(top level)", "option",
                           f"the players choose different Predestination options: a duel needs two, found {len(options)}")
    ids: set[str] = set()
    _unique(prophets, files["prophet"], "prophet", ids)
    _unique(cults, files["cult"], "cult", ids)
    _unique(relics, files["relic"], "relic", ids)
    _unique(interventions, files["intervention"], "intervention", ids)
    if box is None:
        box = path is None
    if box:
        counts = {"prophet": len(prophets), "cult": len(cults), "relic": len(relics),
                  "intervention": sum(i.copies for i in interventions)}
        for kind, want in BOX.items():
            if counts[kind] != want:
                raise ContentError(str(files[kind]), "(top level)", kind,
                                   f"the published box holds {want} {kind} cards, found {counts[kind]}")
        for rel in RELIGIONS:
            n = sum(1 for c in cults if c.religion == rel)
            if n != 16:
                raise ContentError(str(files["cult"]), "(top level)", "cult",
                                   f"the box holds 16 {rel} Cult cards, found {n}")
    for p in prophets:
        if p.ability.handler and p.ability.handler not in HANDLERS:
            raise ContentError(str(files["prophet"]), f"prophet '{p.id}'", "ability.handler",
                               f"unknown handler {quoted(p.ability.handler)}")
    for r in relics:
        if r.ability.handler and r.ability.handler not in HANDLERS:
            raise ContentError(str(files["relic"]), f"relic '{r.id}'", "ability.handler",
                               f"unknown handler {quoted(r.ability.handler)}")
        if r.ability.extra_cult_slot:
            raise ContentError(str(files["relic"]), f"relic '{r.id}'", "ability.extra_cult_slot",
                               "only a Prophet's ability can change its Arcanum")
    by_prophet = {p.id: p for p in prophets}
    by_cult = {c.id: c for c in cults}
    relic_ids = {r.id for r in relics}
    copies = {i.id: i.copies for i in interventions}
    used_cards: dict[str, int] = {}
    for k, opt in enumerate(options):
        entry = f"option '{opt.id}'"
        for a, arc in enumerate(opt.arcana):
            field = f"arcana[{a}]"
            p = by_prophet.get(arc.prophet)
            if p is None:
                raise ContentError(str(pfile), entry, f"{field}.prophet", f"unknown Prophet {quoted(arc.prophet)}")
            if len(arc.cards) != 3:
                raise ContentError(str(pfile), entry, f"{field}.cards", "an Arcanum holds a Prophet and three cards")
            for cid in arc.cards:
                if cid in by_cult:
                    c = by_cult[cid]
                    if not p.allows(c.religion, c.type):
                        raise ContentError(str(pfile), entry, f"{field}.cards",
                                           f"{p.name}'s sleeve does not take {c.name} ({c.religion} {c.type})")
                elif cid not in relic_ids:
                    raise ContentError(str(pfile), entry, f"{field}.cards", f"unknown Cult card or Relic {quoted(cid)}")
                used_cards[cid] = used_cards.get(cid, 0) + 1
        for cid in opt.interventions:
            if cid not in copies:
                raise ContentError(str(pfile), entry, "interventions", f"unknown Divine Intervention {quoted(cid)}")
            n = opt.interventions.count(cid)
            if n > copies[cid]:
                raise ContentError(str(pfile), entry, "interventions",
                                   f"uses {n} copies of {quoted(cid)}; the box holds {copies[cid]}")
    _check_options_together(options, copies, pfile)
    return DogmaContent(prophets, cults, relics, interventions, options, folder)
