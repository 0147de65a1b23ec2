"""The Divine content schema: the nine city tiles, the Divinity deck (cards built
from effect primitives) and the pieces each player owns. Loaded from TOML and
validated; a broken file names the file, the entry and the field."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from credo.kernel import ContentError, content_hash, load_toml, quoted

from . import rules as R

DATA = Path(__file__).parent / "data"

# Space tokens of a tile row: a population 1-3, a Tower, a Catacomb, the Library,
# the Market, or a Temple (H, with its printed population: H1).
TOKEN_KINDS = {"T": "tower", "C": "catacomb", "L": "library", "M": "market"}

CardType = Literal["intervention", "covenant", "commandment"]
UnitKind = Literal["priest", "zealot", "prophet", "avatar"]

# What a card is played on (see docs/rules/divine-content.md).
Target = Literal[
    "none",  # nothing: the card acts on its player (or on every opponent)
    "stack",  # the card or ability it answers (Interventions played in response only)
    "own_free_temple",  # an unoccupied Temple you control
    "free_temple",  # an unoccupied Temple no one controls
    "enemy_temple",  # a Temple another player controls
    "enemy_spare_temple",  # a Temple another player controls who controls another (not their last)
    "own_unit",  # one of your Units (of `kinds`)
    "enemy_unit",  # a Unit of another player (of `kinds`)
    "any_unit",  # any Unit (of `kinds`)
    "opponent",  # another player
    "commandment",  # a Commandment in play
]
UNIT_TARGETS = ("own_unit", "enemy_unit", "any_unit")
TEMPLE_TARGETS = ("own_free_temple", "free_temple", "enemy_temple", "enemy_spare_temple")
SQUARE_TARGETS = UNIT_TARGETS + TEMPLE_TARGETS

Op = Literal[
    "summon",  # place an advanced Unit (`unit`) on the targeted Temple
    "gain_vigilance", "lose_vigilance",  # the targeted Unit
    "control",  # put your control marker on the targeted Temple
    "uncontrol",  # remove the control marker from the targeted Temple
    "allowance",  # add `amount` to your movement allowance
    "move_dice",  # roll `amount` dice and add them to your movement allowance
    "pin",  # the targeted Unit cannot move until the end of its owner's next turn
    "dice",  # the targeted Unit rolls `amount` more dice in attacks, this turn
    "followers",  # `who` gains (or loses, if negative) `amount` Follower Tokens
    "steal_followers",  # take up to `amount` Follower Tokens from the targeted player
    "divinity",  # `who` gains (or loses) `amount` Divinity
    "draw",  # you draw `amount` cards
    "destroy",  # the targeted Unit is destroyed
    "counter",  # the card or ability beneath this one on the stack does nothing
    "remove_commandment",  # the targeted Commandment leaves play
]
NEEDS_TARGET: dict[str, tuple[str, ...]] = {
    "summon": ("own_free_temple",),
    "gain_vigilance": UNIT_TARGETS, "lose_vigilance": UNIT_TARGETS,
    "pin": UNIT_TARGETS, "dice": UNIT_TARGETS, "destroy": UNIT_TARGETS,
    "control": ("free_temple",),
    "uncontrol": ("enemy_temple", "enemy_spare_temple"),
    "steal_followers": ("opponent",),
    "counter": ("stack",),
    "remove_commandment": ("commandment",),
}

Stat = Literal["attack_dice", "defence_dice", "preach_followers", "allowance", "draw"]

# Effects that change the card's target itself: a second one would act on a target the
# first has already changed (a second Unit summoned onto the Temple the first now
# occupies, a Unit destroyed twice), which the game never checks again between effects.
ONCE_PER_CARD = ("summon", "destroy", "control", "uncontrol", "counter", "remove_commandment")
# Effects whose amount is a count of things (dice, cards, tokens taken): a negative one
# has no meaning (a negative dice bonus would also overwrite the Unit's other flags).
COUNTED = ("dice", "move_dice", "draw", "steal_followers")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(Strict):
    op: Op
    amount: int = Field(1, ge=-20, le=20)
    unit: Literal["prophet", "avatar"] | None = None
    who: Literal["self", "target", "opponents"] = "self"

    @model_validator(mode="after")
    def _shape(self) -> "Effect":
        if (self.op == "summon") != (self.unit is not None):
            raise ValueError("summon (and only summon) names a `unit`")
        if self.who == "target" and self.op not in ("followers", "divinity"):
            raise ValueError("`who` applies to followers and divinity only")
        return self


class Modifier(Strict):
    """A Commandment's standing change to its owner's numbers."""

    stat: Stat
    amount: int = Field(ge=-3, le=3)


class Card(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    type: CardType
    cost: int = Field(ge=0, le=10, description="Divinity cost")
    copies: int = Field(1, ge=1, le=8)
    text: str = Field(min_length=1)
    target: Target = "none"
    kinds: list[UnitKind] = Field(default_factory=lambda: ["priest", "zealot", "prophet", "avatar"])
    effects: list[Effect] = Field(default_factory=list)
    modifiers: list[Modifier] = Field(default_factory=list)
    requires: Literal["move_step"] | None = None
    provisional: bool = True

    @model_validator(mode="after")
    def _shape(self) -> "Card":
        if self.type == "commandment":
            if not self.modifiers or self.effects or self.target != "none":
                raise ValueError("a commandment has modifiers, and no effects or target")
            return self
        if self.modifiers:
            raise ValueError("only a commandment has modifiers")
        if not self.effects:
            raise ValueError("an intervention or covenant needs effects")
        for e in self.effects:
            allowed = NEEDS_TARGET.get(e.op)
            if allowed is not None and self.target not in allowed:
                raise ValueError(f"effect {e.op} needs a target of {', '.join(allowed)}")
            if e.who == "target" and self.target != "opponent":
                raise ValueError("who = 'target' needs target = 'opponent'")
        if self.target == "stack" and self.type != "intervention":
            raise ValueError("only an intervention answers the stack")
        if self.target == "stack" and [e.op for e in self.effects] != ["counter"]:
            raise ValueError("a card that answers the stack has the one effect counter")
        return self


class Tile(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    rows: list[str] = Field(min_length=R.TILE_SIZE, max_length=R.TILE_SIZE)
    provisional: bool = True

    @field_validator("rows")
    @classmethod
    def _tokens(cls, rows: list[str]) -> list[str]:
        for r, row in enumerate(rows):
            tokens = row.split()
            if len(tokens) != R.TILE_SIZE:
                raise ValueError(f"row {r + 1} has {len(tokens)} spaces, not {R.TILE_SIZE}")
            for tok in tokens:
                if parse_token(tok) is None:
                    raise ValueError(f"row {r + 1}: {quoted(tok)} is not a space (1-3, T, C, L, M, H1-H3 or H)")
        return rows

    def spaces(self) -> list[list[tuple[str, int]]]:
        return [[parse_token(t) for t in row.split()] for row in self.rows]


def parse_token(tok: str) -> tuple[str, int] | None:
    """(kind, population) of a tile token, or None."""
    if tok in ("1", "2", "3"):
        return ("population", int(tok))
    if tok in TOKEN_KINDS:
        return (TOKEN_KINDS[tok], 0)
    if tok == "H":
        return ("temple", 0)
    if len(tok) == 2 and tok[0] == "H" and tok[1] in "123":
        return ("temple", int(tok[1]))
    return None


class Pieces(Strict):
    control_markers: int = Field(ge=1, le=12)
    priests: int = Field(ge=1, le=8)
    zealots: int = Field(ge=1, le=8)
    stack_limit: int = Field(8, ge=1, le=20, description="most cards and abilities on the stack at once")
    provisional: bool = True


class TileFile(Strict):
    tile: list[Tile]


class CardFile(Strict):
    card: list[Card]


class PiecesFile(Strict):
    pieces: Pieces


class DivineContent:
    """The validated content of one game of Divine, with cross-file checks done."""

    def __init__(self, tiles: list[Tile], cards: list[Card], pieces: Pieces, source: Path) -> None:
        self.tiles = tiles
        self.cards = cards
        self.pieces = pieces
        self.source = source
        self.hash = content_hash(TileFile(tile=tiles), CardFile(card=cards), PiecesFile(pieces=pieces))


def _check_effects(card: Card, cfile: Path) -> None:
    """What the schema lets through but play cannot carry out: refused, naming the effect."""
    entry = f"card '{card.id}'"
    ops = [e.op for e in card.effects]
    for k, e in enumerate(card.effects):
        if e.op in ONCE_PER_CARD and e.op in ops[:k]:
            raise ContentError(str(cfile), entry, f"effects[{k}].op",
                               f"{e.op} appears twice: a card does it to its target once")
        if e.op in COUNTED and e.amount < 1:
            raise ContentError(str(cfile), entry, f"effects[{k}].amount",
                               f"{e.op} counts dice, cards or tokens: amount must be 1 or more, not {e.amount}")
    if card.target == "own_free_temple" and "summon" not in ops:
        # the Temple is where the card's Unit arrives: without one there is nothing to place
        raise ContentError(str(cfile), entry, "target", "own_free_temple is the target of a summon effect, "
                           "and this card summons nothing")


def load_content(path: str | Path | None = None) -> DivineContent:
    """Load `tiles.toml`, `cards.toml` and `pieces.toml` from a folder (default: shipped data)."""
    folder = Path(path) if path is not None else DATA
    tfile, cfile, pfile = folder / "tiles.toml", folder / "cards.toml", folder / "pieces.toml"
    tiles = load_toml(tfile, TileFile).tile
    cards = load_toml(cfile, CardFile).card
    pieces = load_toml(pfile, PiecesFile).pieces

    if len(tiles) != R.TILES:
        raise ContentError(str(tfile), "(top level)", "tile", f"the city has {R.TILES} tiles, found {len(tiles)}")
    seen: set[str] = set()
    counts = {"tower": 0, "library": 0, "market": 0, "catacomb": 0, "temple": 0}
    for t in tiles:
        if t.id in seen:
            raise ContentError(str(tfile), f"tile '{t.id}'", "id", "two tiles share this id")
        seen.add(t.id)
        for row in t.spaces():
            for kind, _pop in row:
                if kind in counts:
                    counts[kind] += 1
    checks = (
        ("tower", counts["tower"] == R.TOWER_COUNT, f"the city has exactly {R.TOWER_COUNT} Towers"),
        ("library", counts["library"] == 1, "the city has exactly one Library"),
        ("market", counts["market"] == 1, "the city has exactly one Market"),
        ("catacomb", counts["catacomb"] >= 2, "the city needs at least two Catacombs"),
        ("temple", counts["temple"] >= 8, "the city needs at least 8 Temples (4 players, room to expand)"),
    )
    for what, ok, message in checks:
        if not ok:
            raise ContentError(str(tfile), "(all tiles)", "rows", f"{message}; found {counts[what]}")

    ids: set[str] = set()
    for c in cards:
        if c.id in ids:
            raise ContentError(str(cfile), f"card '{c.id}'", "id", "two cards share this id")
        if c.id in ("pass", "end", "move", "p1", "p2", "p3", "p4"):
            raise ContentError(str(cfile), f"card '{c.id}'", "id", "this id is a word of the notation")
        ids.add(c.id)
        _check_effects(c, cfile)
    for unit in ("prophet", "avatar"):
        if not any(e.op == "summon" and e.unit == unit for c in cards for e in c.effects):
            raise ContentError(str(cfile), "(top level)", "card",
                               f"the deck needs a card that brings the {unit} (e.g. 'Arrival of the Prophet')")
    return DivineContent(tiles, cards, pieces, folder)
