"""Positions: a readable JSON form of a whole Dirge state, to save any moment and
to set up any situation by hand (squares and creatures by name).

A position is checked in three layers before it becomes a state: `DirgePosition` (the
shape: names, types, bounds), `state_from_position` (what the shape cannot say: a
creature on two squares, a drawn card still in the pile, a winner whose opponent still
has creatures...), and the kernel's probe (kernel/positions.py). Every field but
`creatures` may be left out of a hand-written position:

- `game` "dirge", `mode` draw|pick|teams (draw), `turn_limit` (0: none), `phase`
  setup|play|over (play), `current` 0|1 (0), `turn` (1), `actions_left` 0..4 (4);
- `creatures`: creature id -> {`owner` 0|1|null, `square`, `facing` n|e|s|w (default:
  towards the opponent), `damage`, `markers` 0..6, `once_spent`}; a creature left out
  is unchosen, one with an owner and no square is destroyed (or, in draw mode, drawn);
- `used`, `blocked`: creature ids of the player to move; `active` with `plan_given`
  and `plan_left` (move, attack, ability ids): the creature carrying out its actions;
- `drawn`, `pile` (draw mode: the face-down pile, bottom first), `placed` (creatures
  placed per player, computed from the battlefield when left out), `winner` (0, 1,
  2 for a draw, or null);
- `rng` (the two words `to_position` writes) or `seed` (a new generator), not both.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

from credo.kernel import Rng, quoted
from credo.kernel.positions import PositionError, PositionModel, RngWords, Small, Word, parse

from .board import FACINGS
from .codes import ABILITY0, ACTIONS_PER_TURN, ATTACK, DRAW_RESULT, MOVE, OVER, PHASES, PLAY, SETUP
from .views import plan_names

FACING_INDEX = {f: i for i, f in enumerate(FACINGS)}
CREATURES = 12  # "There are twelve creatures in Dirge" (the content loader insists)
PER_SIDE = 6
MAX_MARKERS = 6  # ruling R-9

Name = Annotated[StrictStr, Field(min_length=1, max_length=40)]
Seat = Annotated[StrictInt, Field(ge=0, le=1)]
Names = Annotated[list[Name], Field(max_length=CREATURES)]
Plan = Annotated[list[Name], Field(max_length=4)]  # move, attack and two abilities at most


class CreatureEntry(PositionModel):
    owner: Seat | None = None
    square: Annotated[StrictStr, Field(max_length=4)] | None = None
    facing: Literal["n", "e", "s", "w"] | None = None
    damage: Annotated[StrictInt, Field(ge=0, le=12)] = 0
    markers: Annotated[StrictInt, Field(ge=0, le=MAX_MARKERS)] = 0
    once_spent: StrictBool = False


class DirgePosition(PositionModel):
    game: Literal["dirge"] = "dirge"
    mode: Literal["draw", "pick", "teams"] = "draw"
    turn_limit: Small = 0
    phase: Literal["setup", "play", "over"] = "play"
    current: Seat = 0
    turn: Small = 1
    actions_left: Annotated[StrictInt, Field(ge=0, le=ACTIONS_PER_TURN)] = ACTIONS_PER_TURN
    used: Names = []
    blocked: Names = []
    active: Name | None = None
    plan_given: Plan = []
    plan_left: Plan = []
    drawn: Name | None = None
    pile: Names = []
    placed: Annotated[list[Annotated[StrictInt, Field(ge=0, le=PER_SIDE)]], Field(min_length=2, max_length=2)] | None = None
    winner: Annotated[StrictInt, Field(ge=0, le=2)] | None = None
    creatures: Annotated[dict[Name, CreatureEntry], Field(max_length=CREATURES)] = {}
    rng: RngWords | None = None
    seed: Word | None = None


def state_to_position(s) -> dict:
    t, b = s.game.tables, s.game.board
    creatures = {}
    for c in range(t.n):
        entry: dict = {"owner": s.owner[c] if s.owner[c] >= 0 else None}
        if s.pos[c] >= 0:
            entry.update(square=b.names[s.pos[c]], facing=FACINGS[s.facing[c]])
        if s.damage[c]:
            entry["damage"] = s.damage[c]
        if s.markers[c]:
            entry["markers"] = s.markers[c]
        if s.spent[c]:
            entry["once_spent"] = True
        creatures[t.ids[c]] = entry
    return {
        "game": "dirge",
        "mode": s.mode,
        "turn_limit": s.turn_limit,
        "phase": PHASES[s.phase],
        "current": s.current,
        "turn": s.turn,
        "actions_left": s.pool,
        "used": [t.ids[c] for c in range(t.n) if s.used >> c & 1],
        "blocked": [t.ids[c] for c in range(t.n) if s.blocked >> c & 1],
        "active": t.ids[s.active] if s.active >= 0 else None,
        "plan_given": plan_names(s, s.active, s.given),
        "plan_left": plan_names(s, s.active, s.plan),
        "drawn": t.ids[s.drawn] if s.drawn >= 0 else None,
        "pile": [t.ids[c] for c in s.pile],
        "placed": list(s.placed),
        "winner": s.winner if s.winner >= 0 else None,
        "creatures": creatures,
        "rng": s.rng.to_position(),
    }


def state_from_position(game, position: dict, state_class):
    """The state a position describes, made as `state_class` (the game's state: passed in, so that
    this module, which the state's own to_position uses, need not import it)."""
    m = parse(DirgePosition, position)
    t, b = game.tables, game.board
    if m.rng is not None and m.seed is not None:
        raise PositionError("seed", "give rng (a saved generator) or seed (a new one), not both")
    rng = Rng.restore(*m.rng) if m.rng is not None else Rng(m.seed or 0)
    s = state_class.blank(game, rng, m.mode, m.turn_limit)
    s.phase = PHASES.index(m.phase)
    s.current = m.current
    s.turn = m.turn
    s.pool = m.actions_left

    def creature(name: str, field: str) -> int:
        if name not in t.by_id:
            raise PositionError(field, f"unknown creature {quoted(name)}")
        return t.by_id[name]

    def creature_set(names: list[str], field: str) -> int:
        mask = 0
        for i, name in enumerate(names):
            c = creature(name, f"{field}[{i}]")
            if mask >> c & 1:
                raise PositionError(f"{field}[{i}]", f"the {t.names[c]} is listed twice")
            mask |= 1 << c
        return mask

    by_id, squares = t.by_id, b.index
    for name, entry in m.creatures.items():
        field = f"creatures.{name}"
        c = by_id[name] if name in by_id else creature(name, "creatures")
        s.owner[c] = -1 if entry.owner is None else entry.owner
        if entry.square is not None:
            sq = squares.get(entry.square, -1)
            if sq < 0:
                raise PositionError(f"{field}.square", f"{quoted(entry.square)} is not a square of the battlefield")
            if s.board[sq] >= 0:
                raise PositionError(f"{field}.square", f"{entry.square} already holds the {t.names[s.board[sq]]}")
            if entry.owner is None:
                raise PositionError(f"{field}.owner", "a creature on the battlefield has an owner")
            s.pos[c] = sq
            s.board[sq] = c
            facing = entry.facing or ("n" if entry.owner == 0 else "s")  # ruling R-1
            s.facing[c] = FACING_INDEX[facing]
        elif entry.facing is not None:
            raise PositionError(f"{field}.facing", "only a creature on the battlefield has a facing")
        if entry.damage and (s.pos[c] < 0 or entry.damage >= t.wounds[c]):
            raise PositionError(f"{field}.damage", f"must be below the {t.names[c]}'s {t.wounds[c]} wounds, "
                                "on the battlefield (Wounds: a destroyed creature's card is cleared)")
        if entry.markers and s.pos[c] < 0:
            raise PositionError(f"{field}.markers", "only a creature on the battlefield carries action markers "
                                "(Applying Damage: all markers are removed from a destroyed creature's card)")
        if entry.once_spent and not any(t.abilities[a].once for a in t.creature_abilities[c]):
            raise PositionError(f"{field}.once_spent", f"the {t.names[c]} has no ability that works only once")
        s.damage[c] = entry.damage
        s.markers[c] = entry.markers
        s.spent[c] = entry.once_spent
    s.used = creature_set(m.used, "used")
    s.blocked = creature_set(m.blocked, "blocked")
    s.pile = [creature(name, f"pile[{i}]") for i, name in enumerate(m.pile)]
    creature_set(m.pile, "pile")
    s.drawn = creature(m.drawn, "drawn") if m.drawn is not None else -1
    s.active = creature(m.active, "active") if m.active is not None else -1
    s.given = _plan(t, s.active, m.plan_given, "plan_given")
    s.plan = _plan(t, s.active, m.plan_left, "plan_left")
    on_board = [0, 0]
    for c, sq in enumerate(s.pos):
        if sq >= 0:
            on_board[s.owner[c]] += 1  # a creature on the battlefield has an owner (checked above)
    s.placed = list(m.placed) if m.placed is not None else on_board
    s.winner = -1 if m.winner is None else m.winner

    _check_teams(game, s)
    if s.phase == SETUP:
        _check_setup(game, s, on_board, m.placed is not None)
    else:
        _check_after_setup(game, s)
    if s.phase == PLAY:
        _check_turn(game, s, on_board)
    elif s.phase == OVER:
        if s.winner < 0:
            raise PositionError("winner", "a game that is over has a winner (0 or 1) or is a draw (2)")
        if s.winner == DRAW_RESULT:
            if not (s.turn_limit and s.turn > s.turn_limit):
                raise PositionError("winner", "a draw comes only after the turn limit (Credo ruling R-8)")
        elif on_board[1 - s.winner] or not on_board[s.winner]:
            raise PositionError("winner", f"player {s.winner + 1} wins only when the last creature of the "
                                "other is destroyed (End of the Game)")
    return s


def _plan(t, c: int, items: list[str], field: str) -> int:
    if c < 0:
        if items:
            raise PositionError(field, "there is no active creature to carry out a plan")
        return 0
    slots = t.creature_abilities[c]
    mask = 0
    for i, item in enumerate(items):
        if item == "move":
            bit = MOVE
        elif item == "attack":
            bit = ATTACK
        else:
            k = next((k for k, a in enumerate(slots) if t.abilities[a].id == item and t.abilities[a].kind == "active"), -1)
            if k < 0:
                raise PositionError(f"{field}[{i}]", f"{quoted(item)} is not an action of the {t.names[c]}")
            bit = ABILITY0 << k
        if mask & bit:
            raise PositionError(f"{field}[{i}]", f"{quoted(item)} is listed twice (a creature cannot be given "
                                "the same action twice in the same turn)")
        mask |= bit
    return mask


def _check_teams(game, s) -> None:
    if s.mode != "teams":
        return
    t = game.tables
    for p, team in enumerate(game.teams):
        for c in team:
            if s.owner[c] not in (-1, p):
                raise PositionError(f"creatures.{t.ids[c]}.owner", f"the {t.names[c]} is in the team of player {p + 1} "
                                    f"(the rulebook's Player {p + 1}: Recommended Creatures for the First Game)")


def _check_setup(game, s, on_board: list[int], placed_given: bool) -> None:
    t = game.tables
    for field, value in (("used", s.used), ("blocked", s.blocked), ("active", s.active >= 0),
                         ("winner", s.winner >= 0)):
        if value:
            raise PositionError(field, "belongs to the battle: the players are still choosing creatures")
    if placed_given and s.placed != on_board:
        raise PositionError("placed", f"the battlefield holds {on_board[0]} and {on_board[1]} creatures "
                            "(nothing is destroyed before combat begins)")
    if sum(on_board) >= 2 * PER_SIDE or max(on_board) > PER_SIDE:
        raise PositionError("creatures", "the choosing ends when each player has six creatures (Choosing Creatures)")
    me, other = on_board[s.current], on_board[1 - s.current]
    if not (me <= other <= me + 1):
        raise PositionError("current", f"players alternate placing creatures: player {s.current + 1} has placed "
                            f"{me} and the other {other} (Choosing Creatures)")
    for c in range(t.n):
        if s.pos[c] >= 0 and s.pos[c] not in game.start_spaces[s.owner[c]]:
            raise PositionError(f"creatures.{t.ids[c]}.square", "a creature is placed on a red starting space "
                                "of its player's side (Choosing Creatures)")
    unowned = {c for c in range(t.n) if s.owner[c] < 0}
    waiting = [c for c in range(t.n) if s.owner[c] >= 0 and s.pos[c] < 0]
    if s.mode == "draw":
        if s.drawn < 0:
            raise PositionError("drawn", "in draw mode the player to place has drawn a card (Choosing Creatures)")
        if s.owner[s.drawn] != s.current or s.pos[s.drawn] >= 0:
            raise PositionError(f"creatures.{t.ids[s.drawn]}", f"the drawn {t.names[s.drawn]} belongs to "
                                f"player {s.current + 1}, who places it next (Choosing Creatures)")
        if waiting != [s.drawn]:
            other = next(c for c in waiting if c != s.drawn)
            raise PositionError(f"creatures.{t.ids[other]}", f"the {t.names[other]} has an owner but is not "
                                "on the battlefield: only the drawn creature waits to be placed")
        if set(s.pile) != unowned:
            raise PositionError("pile", "the face-down pile holds exactly the creatures no one has drawn")
    else:
        if s.drawn >= 0:
            raise PositionError("drawn", f"only draw mode draws from the pile, not {s.mode} mode")
        if waiting:
            raise PositionError(f"creatures.{t.ids[waiting[0]]}", f"in {s.mode} mode a creature is chosen "
                                "as it is placed: an owned creature is on the battlefield")


def _check_after_setup(game, s) -> None:
    t = game.tables
    if s.drawn >= 0:
        raise PositionError("drawn", "cards are drawn only while the players choose creatures")
    if s.mode == "draw":
        for i, c in enumerate(s.pile):
            if s.owner[c] >= 0:
                raise PositionError(f"pile[{i}]", f"the {t.names[c]} has an owner, so its card left the pile")


def _check_turn(game, s, on_board: list[int]) -> None:
    t = game.tables
    if s.winner >= 0:
        raise PositionError("winner", "a game in play has no winner yet")
    if s.turn < 1:
        raise PositionError("turn", "turns are counted from 1 once combat begins")
    if s.turn_limit and s.turn > s.turn_limit:
        raise PositionError("turn", f"the game ended in a draw at the turn limit of {s.turn_limit} (Credo ruling R-8)")
    for p in (0, 1):
        if not on_board[p]:
            raise PositionError("creatures", f"player {p + 1} has no creature on the battlefield, so the game "
                                "is over (End of the Game)")
    for field, mask in (("used", s.used), ("blocked", s.blocked)):
        for c in range(t.n):
            if mask >> c & 1 and s.owner[c] != s.current:
                raise PositionError(field, f"the {t.names[c]} is not a creature of player {s.current + 1}, "
                                    "whose turn it is (A Turn in Dirge)")
    both = s.used & s.blocked
    if both:
        c = both.bit_length() - 1
        raise PositionError("used", f"the {t.names[c]} began Step Two with a marker, so it could not be given "
                            "actions (Step Two)")
    c = s.active
    if c >= 0:
        if s.owner[c] != s.current or s.pos[c] < 0:
            raise PositionError("active", f"the {t.names[c]} is not on the battlefield for player {s.current + 1}")
        if not s.used >> c & 1:
            raise PositionError("used", f"the acting {t.names[c]} has been given its actions, so it is used")
        if s.given not in t.plan_costs[c]:
            raise PositionError("plan_given", f"costs more than the {ACTIONS_PER_TURN} actions of a turn (Step Two)")
        if not s.plan:
            raise PositionError("plan_left", "an acting creature has actions left to carry out (Credo ruling R-4)")
        if s.plan & ~s.given:
            raise PositionError("plan_left", "holds an action that was not given (Credo ruling R-4)")
        if s.pool + t.plan_cost(c, s.given) > ACTIONS_PER_TURN:
            raise PositionError("actions_left", f"the {t.names[c]}'s markers came out of the player's four "
                                "(Step Two)")
