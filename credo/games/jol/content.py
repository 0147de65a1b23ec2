"""The Jol content schema: Cogum (with Skills), Capacities (Talents, Vows,
Prophecies, Prayers, their effects built from primitives), ready-made decks and the
deck-building and table rules. Loaded from TOML and validated, cross-file checks
included; a broken file is rejected naming the file, the entry and the field.

See docs/rules/jol-content.md for the vocabulary of primitives.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from credo.kernel import ContentError, content_hash, load_toml

DATA = Path(__file__).parent / "data"

LANES = ("boog", "court", "limit")
STATS = ("det", "hrt", "sprt")
FAITHS = ("jovinet", "terrisol")
VIRTUES = ("brave", "proud", "wise", "stoic")
FAMILIES = ("talent", "vow", "prophecy", "prayer")

Ident = Field(pattern=r"^[a-z][a-z0-9_]*$")
Stat = Literal["det", "hrt", "sprt"]
Faith = Literal["jovinet", "terrisol"]
Virtue = Literal["brave", "proud", "wise", "stoic"]
Lane = Literal["boog", "court", "limit"]

# Effect primitives (docs/rules/jol-content.md, "Effects"):
#   gain_inf  the card's controller gains `amount` INF in the subject lane
#   lose_inf  the controller's opponent loses `amount` INF there (never below 0)
#   modify    the subject Cogum's `stat` changes by `amount` until the end of the turn
#   ready     the subject Cogum becomes Ready;  exhaust: it becomes Exhausted
#   draw      the controller draws `amount` cards (an empty deck loses, as always)
Op = Literal["gain_inf", "lose_inf", "modify", "ready", "exhaust", "draw"]
COGUM_OPS = ("modify", "ready", "exhaust")
LANE_OPS = ("gain_inf", "lose_inf")

# Who a Talent, Vow or Prayer targets (chosen by its player when it is played):
Target = Literal[
    "none",  # no target (e.g. draw)
    "lane",  # a lane, named by the player
    "ally",  # one of your Cogum in a lane
    "rival",  # one of your opponent's Cogum in a lane
    "cogum",  # any Cogum in a lane
    "engaged_ally",  # Prayer only: your Cogum taking part in the current engagement
    "engaged_rival",  # Prayer only: your opponent's Cogum taking part in it
]
COGUM_TARGETS = ("ally", "rival", "cogum", "engaged_ally", "engaged_rival")

# What flips a face-down Prophecy (its subject: the Cogum or lane it names):
Trigger = Literal[
    "rival_summons",  # your opponent summons a Cogum (subject: that Cogum)
    "rival_instigates",  # your opponent declares an Instigation (subject: the Instigator)
    "rival_influences",  # your opponent declares an Influence (subject: the Influencer)
    "rival_gains_inf",  # your opponent gains INF (subject: that lane)
    "rival_reaches",  # your opponent's total in a lane reaches `threshold` (subject: that lane)
    "ally_broken",  # one of your Cogum breaks (subject: the lane it stood in)
]
COGUM_TRIGGERS = ("rival_summons", "rival_instigates", "rival_influences")
# Only an Instigation breaks a Cogum, and "Instigating never moves influence, in any
# outcome" (jol.txt, Instigate): what answers a break may not gain or lose INF (R-18).
BREAK_TRIGGERS = ("ally_broken",)
BREAK_SKILL_EVENTS = ("breaks_rival", "broken")
NO_INF_AFTER_A_BREAK = ("Instigating never moves influence, in any outcome (ruling R-18): "
                        "what answers a break cannot gain or lose INF")

# When a Skill's triggered effects happen (subject: the Skill's own Cogum):
SkillEvent = Literal["summoned", "breaks_rival", "influenced", "end_phase", "broken"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(Strict):
    op: Op
    amount: int = Field(1, ge=-15, le=15, description="negative only for modify")
    stat: Stat | None = None
    lane: Lane | Literal["subject", "each"] = "subject"
    if_faith: list[Faith] = Field(default_factory=list, description="only when the subject Cogum has one of these Faiths")
    if_virtue: list[Virtue] = Field(default_factory=list, description="only when the subject Cogum has one of these Virtues")

    @model_validator(mode="after")
    def _shape(self) -> Effect:
        if self.op == "modify":
            if self.stat is None:
                raise ValueError("modify needs a stat (det, hrt or sprt)")
        else:
            if self.stat is not None:
                raise ValueError(f"{self.op} takes no stat")
            if self.amount < 0:
                raise ValueError(f"{self.op} needs an amount of 0 or more (only modify may be negative)")
        if self.lane != "subject" and self.op not in LANE_OPS:
            raise ValueError(f"{self.op} takes no lane")
        return self

    @property
    def needs_cogum(self) -> bool:
        return self.op in COGUM_OPS or bool(self.if_faith or self.if_virtue)

    @property
    def needs_lane(self) -> bool:
        return self.op in LANE_OPS and self.lane == "subject"


class Modifier(Strict):
    """A standing change to a stat: on a Skill's own Cogum (or, as an aura, on the
    other allies in its lane), or on the Cogum a Vow or lasting Talent is attached to."""

    stat: Stat
    amount: int = Field(ge=-10, le=10)
    when: Literal["always", "instigating", "influencing", "defending"] = "always"
    lanes: list[Lane] = Field(default_factory=list, description="only in these lanes (empty: anywhere)")
    aura: bool = Field(False, description="Skill only: applies to the other allies in its lane instead")
    faith: list[Faith] = Field(default_factory=list, description="aura only: allies of these Faiths")
    virtue: list[Virtue] = Field(default_factory=list, description="aura only: allies of these Virtues")

    @model_validator(mode="after")
    def _shape(self) -> Modifier:
        if (self.faith or self.virtue) and not self.aura:
            raise ValueError("faith and virtue filters are for auras")
        return self


class SkillTrigger(Strict):
    on: SkillEvent
    effects: list[Effect] = Field(min_length=1)


class Skill(Strict):
    name: str
    text: str = Field(min_length=1)
    enters_ready: bool = False
    modifiers: list[Modifier] = Field(default_factory=list)
    triggers: list[SkillTrigger] = Field(default_factory=list)

    @model_validator(mode="after")
    def _shape(self) -> Skill:
        if not (self.enters_ready or self.modifiers or self.triggers):
            raise ValueError("a Skill needs enters_ready, modifiers or triggers")
        for t in self.triggers:
            for e in t.effects:
                if e.if_faith or e.if_virtue:
                    raise ValueError("a Skill's effects apply to its own Cogum: no Faith or Virtue conditions")
                if t.on in BREAK_SKILL_EVENTS and e.op in LANE_OPS:
                    raise ValueError(f"on = \"{t.on}\" with {e.op}: {NO_INF_AFTER_A_BREAK}")
        return self


class Cogum(Strict):
    id: str = Ident
    name: str
    faith: Faith
    planet: str = "Jol"
    det: int = Field(ge=0, le=12)
    hrt: int = Field(ge=0, le=12)
    sprt: int = Field(ge=0, le=12)
    skill: Skill | None = None
    provisional: bool = True

    @model_validator(mode="after")
    def _faith(self) -> Cogum:
        if self.faith == "jovinet" and self.skill is None:
            raise ValueError("a Jovinet Cogum prints a Skill")
        if self.faith == "terrisol" and self.skill is not None:
            raise ValueError("a Terrisol Cogum prints no Skill")
        return self

    @property
    def virtue(self) -> str:
        return virtue_of(self.det, self.hrt, self.sprt)


def virtue_of(det: int, hrt: int, sprt: int) -> str:
    """The Virtue set by the highest printed stat: DET Brave, HRT Proud, SPRT Wise;
    all three equal Stoic, and (Credo ruling R-1) two equal highest stats Stoic too."""
    top = max(det, hrt, sprt)
    at_top = [s for s, v in zip(("brave", "proud", "wise"), (det, hrt, sprt)) if v == top]
    return at_top[0] if len(at_top) == 1 else "stoic"


class Capacity(Strict):
    id: str = Ident
    name: str
    family: Literal["talent", "vow", "prophecy", "prayer"]
    text: str = Field(min_length=1)
    target: Target = "none"
    faith: list[Faith] = Field(default_factory=list, description="the target must have one of these Faiths")
    virtue: list[Virtue] = Field(default_factory=list, description="the target must have one of these Virtues")
    effects: list[Effect] = Field(default_factory=list)
    lasting: bool = Field(False, description="Talent only: stays on the field until the end of the turn")
    modifiers: list[Modifier] = Field(default_factory=list, description="Vow or lasting Talent: on its Cogum (or lane)")
    trigger: Trigger | None = None
    threshold: int = Field(12, ge=1, le=30, description="rival_reaches only")
    provisional: bool = True

    @model_validator(mode="after")
    def _shape(self) -> Capacity:
        fam = self.family
        if (self.faith or self.virtue) and self.target not in COGUM_TARGETS:
            raise ValueError("faith and virtue filters need a Cogum target")
        if fam == "prophecy":
            if self.trigger is None:
                raise ValueError("a Prophecy needs a trigger")
            if self.target != "none":
                raise ValueError("a Prophecy targets what its trigger names: target must be none")
            cogum_subject = self.trigger in COGUM_TRIGGERS
            if self.trigger in BREAK_TRIGGERS and any(e.op in LANE_OPS for e in self.effects):
                raise ValueError(f"trigger \"{self.trigger}\": {NO_INF_AFTER_A_BREAK}")
        else:
            if self.trigger is not None:
                raise ValueError("only a Prophecy has a trigger")
            cogum_subject = self.target in COGUM_TARGETS
        if self.target.startswith("engaged_") and fam != "prayer":
            raise ValueError("engaged_ally and engaged_rival are Prayer targets")
        for e in self.effects:
            if e.needs_cogum and not cogum_subject:
                raise ValueError(f"effect {e.op} needs a Cogum target")
            if e.needs_lane and not cogum_subject and self.target != "lane" and fam != "prophecy":
                raise ValueError(f"effect {e.op} needs a lane: target a Cogum or a lane, or name the lane")
        if fam == "vow":
            if self.target not in ("ally", "rival", "cogum") or not self.modifiers or self.effects:
                raise ValueError("a Vow targets a Cogum (ally, rival or cogum) and has modifiers, no effects")
        elif fam == "talent" and self.lasting:
            if self.target not in ("ally", "rival", "cogum", "lane") or not self.modifiers:
                raise ValueError("a lasting Talent targets a Cogum or a lane and has modifiers")
        else:
            if self.modifiers or self.lasting:
                raise ValueError("only Vows and lasting Talents have modifiers")
            if not self.effects:
                raise ValueError("this card needs effects")
        for m in self.modifiers:
            if m.aura or m.lanes:
                raise ValueError("aura and lanes are for Skills")
        return self


class TableRules(Strict):
    """How many of what: printed values are exact; the rest are Credo's design."""

    opening_hand: int = Field(7, ge=1, le=15)  # printed
    win_inf: int = Field(15, ge=1, le=60)  # printed
    win_lanes: int = Field(2, ge=1, le=3)  # printed
    manifest_size: int = Field(3, ge=0, le=6)  # printed
    lane_spaces: int = Field(2, ge=1, le=5)  # provisional (ruling R-2)
    deck_size: int = Field(30, ge=10, le=40)  # provisional (ruling R-3)
    max_copies: int = Field(3, ge=1, le=40)  # provisional (ruling R-3)
    provisional: list[str] = Field(default_factory=list)


class DeckEntry(Strict):
    card: str
    copies: int = Field(1, ge=1, le=40)


class Deck(Strict):
    id: str = Ident
    name: str
    text: str = ""
    cards: list[DeckEntry] = Field(min_length=1)
    provisional: bool = True


class CogumFile(Strict):
    cogum: list[Cogum] = Field(min_length=1)


class CapacityFile(Strict):
    capacity: list[Capacity] = Field(default_factory=list)


class DeckFile(Strict):
    deck: list[Deck] = Field(min_length=1)


class RulesFile(Strict):
    rules: TableRules


class JolContent:
    """The validated content of one game of Jol, cross-file checks done."""

    def __init__(self, cogum: list[Cogum], capacities: list[Capacity], decks: list[Deck],
                 rules: TableRules, source: Path) -> None:
        self.cogum = cogum
        self.capacities = capacities
        self.decks = decks
        self.rules = rules
        self.source = source
        self.hash = content_hash(CogumFile(cogum=cogum), CapacityFile(capacity=capacities),
                                 DeckFile(deck=decks), RulesFile(rules=rules))

    def deck(self, deck_id: str) -> Deck:
        for d in self.decks:
            if d.id == deck_id:
                return d
        raise KeyError(deck_id)


def load_content(path: str | Path | None = None) -> JolContent:
    """Load cogum.toml, capacities.toml, decks.toml and rules.toml from a folder."""
    folder = Path(path) if path is not None else DATA
    files = {n: folder / f"{n}.toml" for n in ("cogum", "capacities", "decks", "rules")}
    cogum = load_toml(files["cogum"], CogumFile).cogum
    caps = load_toml(files["capacities"], CapacityFile).capacity
    decks = load_toml(files["decks"], DeckFile).deck
    rules = load_toml(files["rules"], RulesFile).rules

    seen: set[str] = set()
    for f, kind, items in (("cogum", "cogum", cogum), ("capacities", "capacity", caps)):
        for c in items:
            if c.id in seen:
                raise ContentError(str(files[f]), f"{kind} '{c.id}'", "id", "two cards share this id")
            seen.add(c.id)
    deck_ids: set[str] = set()
    for d in decks:
        entry = f"deck '{d.id}'"
        if d.id in deck_ids:
            raise ContentError(str(files["decks"]), entry, "id", "two decks share this id")
        deck_ids.add(d.id)
        total = 0
        counted: dict[str, int] = {}
        for e in d.cards:
            if e.card not in seen:
                raise ContentError(str(files["decks"]), entry, "cards", f"unknown card '{e.card}'")
            counted[e.card] = counted.get(e.card, 0) + e.copies
            if counted[e.card] > rules.max_copies:
                raise ContentError(str(files["decks"]), entry, "cards",
                                   f"'{e.card}': {counted[e.card]} copies, at most {rules.max_copies} (ruling R-3)")
            total += e.copies
        if total != rules.deck_size:
            raise ContentError(str(files["decks"]), entry, "cards",
                               f"a deck holds exactly {rules.deck_size} cards (ruling R-3), this one {total}")
    return JolContent(cogum, caps, decks, rules, folder)
