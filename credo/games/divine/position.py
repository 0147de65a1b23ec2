"""Positions: a readable JSON form of a whole Divine state, to save any moment and
to set up any situation by hand (squares by name, cards by id).

A position is checked in three layers before it becomes a state: `DivinePosition` (the
shape: names, types, bounds), `state_from_position` (what the shape cannot say: two
Units on a square, a window with no one to answer, a winner who met no win condition,
setup out of turn order...), and the kernel's probe (kernel/positions.py). Every field
may be left out of a hand-written position:

- `game` "divine", `players` 2..4 (2), `turn_limit` rounds (0: none), `phase`
  setup_priest|setup_zealot|play|over (play), `city` nine [tile id, quarter turns 0..3]
  (default: the tiles in content order, unturned), `order` (seats in turn order),
  `current` (default: first in order), `setup_index`, `turn` (play: 1), `step`
  move|ability, `allowance`, `decisions` (this turn, at most 400: ruling R-21);
- `temples`: Temple square -> controlling player; `units`: [{`owner`, `kind`
  priest|zealot|prophet|avatar, `square`, `slot` (the piece; default: a free one of
  its kind), `vigilance`, `acted`, `fresh`, `pinned`, `bonus_dice`}];
- per player, in seat order: `followers` (tokens), `divinity`, `hands`,
  `commandments` (in play); `deck` (bottom first), `discard`;
- `stack` (bottom first): {`kind` card|ability, `player`, `what` (a card id, or an
  ability code 0..7: preach establish vigil desecrate assassinate attack convert
  train), `a`, `b` (its targets as the state holds them), `cancelled`}; `window`
  {`order` of players to answer, `position` of the one answering now, `acted`};
- `winner` (null: none yet, or a draw when the game is over);
- `rng` (the two words `to_position` writes) or `seed` (a new generator), not both.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Strict, StrictBool, StrictInt, StrictStr

from credo.kernel import ResponseWindow, Rng, quoted
from credo.kernel.positions import Player, PositionError, PositionModel, RngWords, Small, Word, parse

from . import board as B
from . import rules as R
from .codes import (ABIL, ABILITY_WORDS, AB_ASSASSINATE, AB_ATTACK, AB_CONVERT, AB_TRAIN, ACTED, CARD, COMMANDMENT,
                    DICE_SHIFT, FRESH, MAX_PLAYERS, PHASES, PINNED, PRIEST, SETUP_PRIEST, STEPS, T_ANY_UNIT,
                    T_COMMANDMENT, T_ENEMY_SPARE_TEMPLE, T_ENEMY_TEMPLE, T_ENEMY_UNIT, T_FREE_TEMPLE, T_OPPONENT,
                    T_OWN_FREE_TEMPLE, T_OWN_UNIT, UNIT_WORDS, VIGIL, ZEALOT)
# state.py imports this module only when a position is written or read (it is loaded by then):
# its names are read once here, not at every call

MAX_CARDS = 200  # a list of cards: the shipped deck has 49
MAX_UNITS = 64  # pieces on the board, all players together (the shipped pieces: 10 each)

Name = Annotated[StrictStr, Field(min_length=1, max_length=40)]
Cards = Annotated[list[Name], Field(max_length=MAX_CARDS)]
PerPlayer = Annotated[list[Small], Field(min_length=2, max_length=MAX_PLAYERS)]
Players = Annotated[list[Player], Field(max_length=MAX_PLAYERS)]
Quarter = Annotated[StrictInt, Field(ge=0, le=3)]
# a target as the state holds it: a unit's piece, a square, a player, a card, or -1
Target = Annotated[StrictInt, Field(ge=-1, lt=B.SQUARES)]


class UnitEntry(PositionModel):
    owner: Player
    kind: Literal["priest", "zealot", "prophet", "avatar"]
    square: Annotated[StrictStr, Field(max_length=4)]
    slot: Annotated[StrictInt, Field(ge=0, lt=MAX_UNITS)] | None = None
    vigilance: StrictBool = False
    acted: StrictBool = False
    fresh: StrictBool = False
    pinned: StrictBool = False
    bonus_dice: Annotated[StrictInt, Field(ge=0, le=15)] = 0


class StackItem(PositionModel):
    kind: Literal["card", "ability"]
    player: Player
    what: Name | Annotated[StrictInt, Field(ge=0, le=7)]
    a: Target = -1
    b: Target = -1
    cancelled: StrictBool = False


class WindowEntry(PositionModel):
    order: Annotated[list[Player], Field(min_length=1, max_length=MAX_PLAYERS - 1)]
    position: Annotated[StrictInt, Field(ge=0, lt=MAX_PLAYERS - 1)] = 0
    acted: Annotated[list[Player], Field(max_length=MAX_PLAYERS - 1)] = []


class DivinePosition(PositionModel):
    game: Literal["divine"] = "divine"
    players: Annotated[StrictInt, Field(ge=2, le=MAX_PLAYERS)] = 2
    turn_limit: Small = 0
    phase: Literal["setup_priest", "setup_zealot", "play", "over"] = "play"
    city: Annotated[list[Annotated[tuple[Name, Quarter], Strict(False)]], Field(min_length=R.TILES,
                                                                                 max_length=R.TILES)] | None = None
    order: Annotated[list[Player], Field(min_length=2, max_length=MAX_PLAYERS)] | None = None
    current: Player | None = None
    setup_index: Annotated[StrictInt, Field(ge=0, le=MAX_PLAYERS)] = 0  # play: left at the player count
    turn: Small | None = None
    step: Literal["move", "ability", "draw", "end"] = "move"  # draw and end: the Intervention windows
    allowance: Small = 0
    decisions: Annotated[StrictInt, Field(ge=0, le=400)] = 0  # MAX_DECISIONS, ruling R-21
    temples: Annotated[dict[Annotated[StrictStr, Field(max_length=4)], Player], Field(max_length=B.SQUARES)] = {}
    units: Annotated[list[UnitEntry], Field(max_length=MAX_UNITS)] = []
    followers: PerPlayer | None = None
    divinity: PerPlayer | None = None
    hands: Annotated[list[Cards], Field(max_length=MAX_PLAYERS)] | None = None
    commandments: Annotated[list[Cards], Field(max_length=MAX_PLAYERS)] | None = None
    deck: Cards = []
    discard: Cards = []
    stack: Annotated[list[StackItem], Field(max_length=64)] = []
    window: WindowEntry | None = None
    winner: Player | None = None
    rng: RngWords | None = None
    seed: Word | None = None


UNIT_FLAG_WORDS = ((VIGIL, "vigilance"), (ACTED, "acted"), (FRESH, "fresh"), (PINNED, "pinned"))


def state_to_position(s) -> dict:
    g = s.game
    cards = g.cards
    nc, ids, by_id, hand, cmds = cards.n, cards.ids, cards.order_by_id, s.hand, s.cmds
    names, per, kind, flags = B.NAMES, g.per_player, s.kind, s.flags
    units = []
    for u, sq in enumerate(s.pos):
        if sq < 0:
            continue
        f = flags[u]
        entry = {"slot": u, "owner": u // per, "kind": UNIT_WORDS[kind[u]], "square": names[sq]}
        if f:
            for flag, word in UNIT_FLAG_WORDS:
                if f & flag:
                    entry[word] = True
            if f >> DICE_SHIFT:
                entry["bonus_dice"] = f >> DICE_SHIFT
        units.append(entry)
    stack = []
    for kind, p, what, a, b, cancelled in s.stack:
        stack.append({"kind": "card" if kind == CARD else "ability", "player": p,
                      "what": cards.ids[what] if kind == CARD else what, "a": a, "b": b, "cancelled": cancelled})
    w = s.window
    return {
        "game": "divine",
        "players": s.n,
        "turn_limit": s.turn_limit,
        "phase": PHASES[s.phase],
        "city": [[g.content.tiles[t].id, q] for t, q in s.layout.placement],
        "order": list(s.order),
        "current": s.current,
        "setup_index": s.setup_i,
        "turn": s.turn,
        "step": STEPS[s.step],
        "allowance": s.allowance,
        "decisions": s.decisions,
        "temples": {B.NAMES[sq]: s.ctrl[i] for i, sq in enumerate(s.layout.temples) if s.ctrl[i] >= 0},
        "units": units,
        "followers": list(s.followers),
        "divinity": list(s.divinity),
        # sorted by id: the cards taken in the order of their ids
        "hands": [[ids[c] for c in by_id for _ in range(hand[p * nc + c])] for p in range(s.n)],
        "commandments": [[ids[c] for c in by_id for _ in range(cmds[p * nc + c])] if any(cmds[p * nc:(p + 1) * nc])
                         else [] for p in range(s.n)],
        "deck": [cards.ids[c] for c in s.deck],
        "discard": [cards.ids[c] for c in s.discard],
        "stack": stack,
        "window": None if w is None else {"order": list(w.order), "position": w.position, "acted": list(w.acted)},
        "winner": s.winner if s.winner >= 0 else None,
        "rng": s.rng.to_position(),
    }


def state_from_position(game, position: dict, state_class):
    """The state a position describes, made as `state_class` (the game's state: passed in, so that
    this module, which the state's own to_position uses, need not import it)."""
    m = parse(DivinePosition, position)
    cards = game.cards
    nc = cards.n
    n = m.players
    s_phase = PHASES.index(m.phase)
    if m.rng is not None and m.seed is not None:
        raise PositionError("seed", "give rng (a saved generator) or seed (a new one), not both")
    for field in ("followers", "divinity", "hands", "commandments"):
        value = getattr(m, field)
        if value is not None and len(value) != n:
            raise PositionError(field, f"holds {len(value)} entries for {n} players (one per seat)")

    layout = game.layout(_placement(game, m.city))
    order = tuple(m.order) if m.order is not None else tuple(range(n))
    if sorted(order) != list(range(n)):
        raise PositionError("order", f"must list each of the players 0..{n - 1} once (Game Setup / 2)")
    rng = Rng.restore(*m.rng) if m.rng is not None else Rng(m.seed or 0)
    s = state_class.blank(game, rng, n, m.turn_limit, layout, order)
    s.phase = s_phase
    s.current = order[0] if m.current is None else m.current
    if s.current >= n:
        raise PositionError("current", f"{s.current} is not a player of a {n}-player game (0 to {n - 1})")
    s.setup_i = m.setup_index
    s.turn = m.turn if m.turn is not None else (1 if m.phase == "play" else 0)
    s.step = STEPS.index(m.step)
    s.allowance = m.allowance
    s.decisions = m.decisions

    def player(value: int, field: str) -> int:
        if value >= n:
            raise PositionError(field, f"{value} is not a player of a {n}-player game (0 to {n - 1})")
        return value

    for name, owner in m.temples.items():
        sq = B.INDEX.get(name, -1)
        if sq < 0 or layout.temple_index[sq] < 0:
            raise PositionError(f"temples.{name}", "is not a Temple square of this city")
        s.ctrl[layout.temple_index[sq]] = player(owner, f"temples.{name}")
    for p in range(n):
        if s.ctrl.count(p) > game.markers:
            raise PositionError("temples", f"player {p + 1} controls {s.ctrl.count(p)} Temples with "
                                f"{game.markers} control markers (Credo ruling R-3)")
    for i, entry in enumerate(m.units):
        _place_unit(game, s, entry, f"units[{i}]", player)
    s.near = B.occupancy(s.board)
    if m.followers is not None:
        s.followers = list(m.followers)
    if m.divinity is not None:
        s.divinity = list(m.divinity)

    def card(cid: str, field: str) -> int:
        if cid not in cards.by_id:
            raise PositionError(field, f"unknown card {quoted(cid)}")
        return cards.by_id[cid]

    for p, hand in enumerate(m.hands or []):
        for j, cid in enumerate(hand):
            s.hand[p * nc + card(cid, f"hands[{p}][{j}]")] += 1
        s.hsize[p] = len(hand)
    for p, cmds in enumerate(m.commandments or []):
        for j, cid in enumerate(cmds):
            c = card(cid, f"commandments[{p}][{j}]")
            if cards.type[c] != COMMANDMENT:
                raise PositionError(f"commandments[{p}][{j}]", f"{cid} is not a Commandment: only those stay in "
                                    "play (Cards / Commandment)")
            s.cmds[p * nc + c] += 1
    s.deck = [card(cid, f"deck[{j}]") for j, cid in enumerate(m.deck)]
    s.discard = [card(cid, f"discard[{j}]") for j, cid in enumerate(m.discard)]
    for i, item in enumerate(m.stack):
        field = f"stack[{i}]"
        p = player(item.player, f"{field}.player")
        if item.kind == "card":
            if not isinstance(item.what, str):
                raise PositionError(f"{field}.what", "a card on the stack is named by its id")
            c = card(item.what, f"{field}.what")
            _check_card_targets(game, s, c, p, item.a, item.b, field)
            s.stack.append((CARD, p, c, item.a, item.b, item.cancelled))
        else:
            if not isinstance(item.what, int):
                raise PositionError(f"{field}.what", "an ability on the stack is its code 0..7")
            _check_ability_targets(game, s, item.what, p, item.a, item.b, field)
            s.stack.append((ABIL, p, item.what, item.a, item.b, item.cancelled))
    if len(s.stack) >= game.stack_limit:
        raise PositionError("stack", f"holds {len(s.stack)} items: a stack resolves at once when it reaches "
                            f"{game.stack_limit} (Credo ruling R-9)")
    if m.window is not None:
        s.window = _window(s, m.window, player)
    s.winner = -1 if m.winner is None else player(m.winner, "winner")

    if s.phase in (0, 1):
        _check_setup(game, s)
    elif s.phase == 2:
        _check_play(game, s)
    else:
        _check_over(game, s)
    return s


def _placement(game, city) -> list[tuple[int, int]]:
    tile_ids = [t.id for t in game.content.tiles]
    if city is None:
        return [(t, 0) for t in range(len(tile_ids))]
    placement = []
    for i, (tile, quarters) in enumerate(city):
        if tile not in tile_ids:
            raise PositionError(f"city[{i}][0]", f"unknown tile {quoted(tile)}")
        t = tile_ids.index(tile)
        if any(t == seen for seen, _ in placement):
            raise PositionError(f"city[{i}][0]", f"tile {tile} is laid twice: each of the nine tiles is laid once "
                                "(Game Setup / 1)")
        placement.append((t, quarters))
    return placement


def _place_unit(game, s, entry: UnitEntry, field: str, player) -> None:
    owner = player(entry.owner, f"{field}.owner")
    kind = UNIT_WORDS.index(entry.kind)
    sq = B.INDEX.get(entry.square, -1)
    if sq < 0:
        raise PositionError(f"{field}.square", f"{quoted(entry.square)} is not a square (a1..r18)")
    if s.board[sq] >= 0:
        raise PositionError(f"{field}.square", f"{entry.square} already holds a Unit (The Game Board: one Unit "
                            "a space)")
    u = entry.slot
    if u is None:
        u = s.free_slot(owner, kind)
        if u < 0:
            raise PositionError(field, f"player {owner + 1} has no {entry.kind} piece left (Credo ruling R-3)")
    else:
        base = owner * game.per_player
        first = base + (0 if kind == PRIEST else game.priests if kind == ZEALOT else game.priests + game.zealots)
        last = base + (game.priests if kind == PRIEST else game.priests + game.zealots if kind == ZEALOT
                       else game.per_player)
        if not first <= u < last:
            raise PositionError(f"{field}.slot", f"player {owner + 1}'s {entry.kind} pieces are slots {first}..{last - 1}")
        if s.pos[u] >= 0:
            raise PositionError(f"{field}.slot", f"piece {u} is already on {B.NAMES[s.pos[u]]}")
    s.kind[u] = kind
    s.pos[u] = sq
    s.board[sq] = u
    s.flags[u] = ((VIGIL if entry.vigilance else 0) | (ACTED if entry.acted else 0) | (FRESH if entry.fresh else 0)
                  | (PINNED if entry.pinned else 0) | entry.bonus_dice << DICE_SHIFT)


def _unit(s, u: int, field: str) -> int:
    if not 0 <= u < len(s.pos):
        raise PositionError(field, f"{u} is not a piece of a {s.n}-player game (0..{len(s.pos) - 1})")
    return u


def _temple(s, sq: int, field: str) -> int:
    if not 0 <= sq < B.SQUARES or s.layout.temple_index[sq] < 0:
        raise PositionError(field, f"{sq} is not the square of a Temple of this city")
    return sq


def _check_card_targets(game, s, c: int, p: int, a: int, b: int, field: str) -> None:
    cards = game.cards
    t = cards.target[c]
    per = game.per_player
    if t in (T_OWN_UNIT, T_ENEMY_UNIT, T_ANY_UNIT):
        u = _unit(s, a, f"{field}.a")
        if (t == T_OWN_UNIT and u // per != p) or (t == T_ENEMY_UNIT and u // per == p):
            whose = f"a Unit of player {p + 1}" if t == T_OWN_UNIT else "another player's Unit"
            raise PositionError(f"{field}.a", f"{cards.names[c]} of player {p + 1} is played on {whose}")
    elif t in (T_OWN_FREE_TEMPLE, T_FREE_TEMPLE, T_ENEMY_TEMPLE, T_ENEMY_SPARE_TEMPLE):
        _temple(s, a, f"{field}.a")
    elif t == T_OPPONENT:
        if not 0 <= a < s.n or a == p:
            raise PositionError(f"{field}.a", f"{cards.names[c]} is played against another player")
    elif t == T_COMMANDMENT:
        if not 0 <= a < cards.n or cards.type[a] != COMMANDMENT:
            raise PositionError(f"{field}.a", f"{cards.names[c]} is played on a Commandment (a card number)")
        if not 0 <= b < s.n:
            raise PositionError(f"{field}.b", "names the player whose Commandment it is")
        return
    elif a != -1:
        raise PositionError(f"{field}.a", f"{cards.names[c]} has no target (-1)")
    if b != -1:
        raise PositionError(f"{field}.b", f"{cards.names[c]} has no second target (-1)")


def _check_ability_targets(game, s, code: int, p: int, a: int, b: int, field: str) -> None:
    per = game.per_player
    if code == AB_TRAIN:
        if a not in (PRIEST, ZEALOT):
            raise PositionError(f"{field}.a", "Train places a Priest (0) or a Zealot (1) (Temples / Train)")
        _temple(s, b, f"{field}.b")
        return
    u = _unit(s, a, f"{field}.a")
    if u // per != p:
        raise PositionError(f"{field}.a", f"the Unit using {ABILITY_WORDS[code]} is player {p + 1}'s")
    if code in (AB_ASSASSINATE, AB_ATTACK, AB_CONVERT):
        if _unit(s, b, f"{field}.b") // per == p:
            raise PositionError(f"{field}.b", f"{ABILITY_WORDS[code]} targets another player's Unit")
    elif not 0 <= b < B.SQUARES:
        raise PositionError(f"{field}.b", "is the square the Unit stood on")


def _window(s, w: WindowEntry, player) -> ResponseWindow:
    for i, q in enumerate(w.order):
        player(q, f"window.order[{i}]")
    if len(set(w.order)) != len(w.order):
        raise PositionError("window.order", "asks a player twice (Credo ruling R-9)")
    # with an empty stack it is a window at a step of the turn, for Interventions (ruling R-25)
    if s.stack and s.stack[-1][1] in w.order:
        raise PositionError("window.order", "asks the player whose card or ability is answered (Credo ruling R-9)")
    if w.position >= len(w.order):
        raise PositionError("window.position", f"{len(w.order)} players are asked: the one answering now is "
                            f"0..{len(w.order) - 1} (a window closes when all have answered)")
    asked = w.order[:w.position]
    if len(set(w.acted)) != len(w.acted) or not set(w.acted) <= set(asked):
        raise PositionError("window.acted", "lists players who answered before the current one, once each")
    return ResponseWindow(tuple(w.order), w.position, tuple(w.acted))


def _units_of(game, s, p: int) -> list[int]:
    return [u for u in s.units_of(p) if s.pos[u] >= 0]


def _check_setup(game, s) -> None:
    n, order, i = s.n, s.order, s.setup_i
    if i >= n:
        raise PositionError("setup_index", f"counts the players who have placed: 0..{n - 1}")
    for field, value in (("stack", s.stack), ("window", s.window), ("winner", s.winner >= 0)):
        if value:
            raise PositionError(field, "belongs to play: the players are still setting up (Game Setup)")
    priests_down = set(order[:i]) if s.phase == SETUP_PRIEST else set(order)
    zealots_down = set() if s.phase == SETUP_PRIEST else set(order[n - i:])
    expected = order[i] if s.phase == SETUP_PRIEST else order[n - 1 - i]
    if s.current != expected:
        step = "in turn order" if s.phase == SETUP_PRIEST else "in reverse turn order"
        raise PositionError("current", f"player {expected + 1} places next: players place {step} "
                            f"(Game Setup / {4 if s.phase == SETUP_PRIEST else 5})")
    for p in range(n):
        temples = [sq for ti, sq in enumerate(s.layout.temples) if s.ctrl[ti] == p]
        units = _units_of(game, s, p)
        kinds = sorted(s.kind[u] for u in units)
        want = ([PRIEST] if p in priests_down else []) + ([ZEALOT] if p in zealots_down else [])
        placed = ("a control marker and a Priest on a Temple" + (", then a Zealot" if want[1:] else "")
                  if want else "nothing")
        if len(temples) != (p in priests_down):
            raise PositionError("temples", f"player {p + 1} has placed {placed} so far (Game Setup / 4)")
        if kinds != want:
            raise PositionError("units", f"player {p + 1} has placed {placed} so far (Game Setup / 4-5)")
        if not want:
            continue
        priest = next(u for u in units if s.kind[u] == PRIEST)
        if s.pos[priest] != temples[0]:
            raise PositionError("units", f"player {p + 1}'s Priest stands on the Temple they control (Game Setup / 4)")
        zealot = next((u for u in units if s.kind[u] == ZEALOT), -1)
        if zealot >= 0 and s.pos[zealot] not in B.WITHIN3[temples[0]]:
            raise PositionError("units", f"player {p + 1}'s Zealot is within 3 spaces of their Temple (Game Setup / 5)")


def _check_play(game, s) -> None:
    if s.winner >= 0:
        raise PositionError("winner", "a game in play has no winner yet")
    if s.turn < 1:
        raise PositionError("turn", "turns are counted from 1 once play begins")
    expected = s.order[(s.turn - 1) % s.n]
    if s.current != expected:
        raise PositionError("current", f"turn {s.turn} is player {expected + 1}'s: turns pass in turn order "
                            "(Game Setup / 2)")
    if s.turn_limit and s.round() > s.turn_limit:
        raise PositionError("turn", f"the game ended in a draw after round {s.turn_limit} (Credo ruling R-13)")
    if s.stack and s.window is None:
        raise PositionError("stack", "waits only while a window is open: the stack resolves once every player "
                            "asked has passed (Credo ruling R-10)")


def _check_over(game, s) -> None:
    if s.window is not None:
        raise PositionError("window", "no one answers once the game is over")
    if s.winner < 0:
        if not (s.turn_limit and s.round() > s.turn_limit):
            raise PositionError("winner", "a game over without a winner is a draw at the turn limit "
                                "(Credo ruling R-13)")
        return
    w = s.winner
    per = game.per_player
    capture = w == s.current and s.layout.towers and all(
        s.board[t] >= 0 and s.board[t] // per == w for t in s.layout.towers)
    dominance = set(s.ctrl) - {-1} == {w}
    prevalence = s.followers[w] >= R.PREVALENCE_TOKENS
    if not (capture or dominance or prevalence):
        raise PositionError("winner", f"player {w + 1} meets no win condition: Capture, Dominance or Prevalence "
                            "(Win Conditions)")
