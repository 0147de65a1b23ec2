"""Positions: a readable JSON form of a whole Jol state, to save any moment and to
set up any situation by hand (cards by number and card id, lanes by name)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

from credo.kernel import ResponseWindow, Rng, quoted
from credo.kernel.positions import PositionError, PositionModel, RngWords, Small, Word, guarded, parse, playable

from .codes import (ATTACHED, COGUM, DEFENDER, ENGAGEMENT, ENGAGE_NAMES, FACE_DOWN, FORMATION, HAND, LANE0, LASTING,
                    MANIFEST, OVER, PHASES, PRAYER_STEP, PROPHECY, TALENT, UNDRAWN, VOW, ZONES, lane_host)
from .content import LANES


def state_to_position(s) -> dict:
    g = s.game
    t = g.tables
    cards = {}
    names, ids, card, owner, ready, engaged, buffs = g.card_names, t.ids, s.card, s.owner, s.ready, s.engaged, s.buff
    for i, z in enumerate(s.zone[:s.nxt]):
        if z == UNDRAWN:  # a number a hand-written position skipped: not in play
            continue
        entry: dict = {"card": ids[card[i]], "owner": owner[i], "at": ZONES[z]}
        if z == ATTACHED or z == LASTING:
            h = s.host[i]
            entry["on"] = names[h] if h >= 0 else LANES[-2 - h]
        if ready >> i & 1:
            entry["ready"] = True
        if engaged >> i & 1:
            entry["engaged"] = True
        if buffs:  # changes until end of turn: few cards have any
            buff = [buffs.get(3 * i + k, 0) for k in range(3)]
            if any(buff):
                entry["buff"] = buff
        cards[names[i]] = entry
    w = s.window
    return {
        "game": "jol",
        "decks": list(s.decks),
        "phase": PHASES[s.phase],
        "current": s.current,
        "turn": s.turn,
        "summoned": s.summoned,
        "inf": [s.inf[0:3], s.inf[3:6]],
        "piles": [[t.ids[c] for c in s.piles[p]] for p in (0, 1)],
        "hands": [[names[i] for i in s.hands[p]] for p in (0, 1)],
        "cards": cards,
        "next": s.nxt,
        "engagement": None if s.attacker < 0 else {
            "kind": ENGAGE_NAMES[s.kind],
            "engaging": g.card_name(s.attacker),
            "defender": g.card_name(s.defender) if s.defender >= 0 else None,
            "step": s.step,
            "window": None if w is None else {"order": list(w.order), "position": w.position, "acted": list(w.acted)},
        },
        "winner": s.winner if s.winner >= 0 else None,
        "rng": s.rng.to_position(),
    }


ZONE_INDEX = {name: z for z, name in enumerate(ZONES)}


def _bad(field: str, message: str) -> PositionError:
    return PositionError(field, message)


# --- the schema: what state_to_position writes; hand-written positions may leave out what has a default
Side = Annotated[StrictInt, Field(ge=0, le=1)]
CardNumber = Annotated[StrictStr, Field(pattern=r"^c[1-9][0-9]{0,3}$")]
CardId = Annotated[StrictStr, Field(min_length=1, max_length=64)]
Buff = Annotated[StrictInt, Field(ge=-1000, le=1000)]  # changes until end of turn: a few cards' worth


class CardEntry(PositionModel):
    card: CardId
    owner: Side = 0
    at: Literal[ZONES[1:]] = "hand"  # type: ignore[valid-type]
    on: Annotated[StrictStr, Field(max_length=64)] | None = None
    ready: StrictBool = False
    engaged: StrictBool = False
    buff: Annotated[list[Buff], Field(min_length=3, max_length=3)] | None = None


class Window(PositionModel):
    order: Annotated[list[Side], Field(min_length=2, max_length=2)]
    position: Annotated[StrictInt, Field(ge=0, le=1)] = 0
    acted: Annotated[list[Side], Field(max_length=2)] = []


class Engagement(PositionModel):
    kind: Literal["instigate", "influence"]
    engaging: CardNumber
    defender: CardNumber | None = None
    step: Annotated[StrictInt, Field(ge=0, le=2)] = 1
    window: Window | None = None


class JolPosition(PositionModel):
    game: Literal["jol"] = "jol"
    seed: Word | None = None
    rng: RngWords | None = None
    decks: Annotated[list[CardId], Field(min_length=2, max_length=2)] | None = None
    phase: Literal[PHASES] = "formation"  # type: ignore[valid-type]
    current: Side = 0
    turn: Annotated[StrictInt, Field(ge=1, le=100_000)] = 1
    summoned: StrictBool = False
    inf: Annotated[list[Annotated[list[Small], Field(min_length=3, max_length=3)]],
                   Field(min_length=2, max_length=2)] | None = None
    piles: Annotated[list[Annotated[list[CardId], Field(max_length=100)]], Field(min_length=2, max_length=2)] | None = None
    hands: Annotated[list[Annotated[list[CardNumber], Field(max_length=100)]], Field(min_length=2, max_length=2)] | None = None
    cards: Annotated[dict[CardNumber, CardEntry], Field(max_length=200)] = {}
    next: Small | None = None
    engagement: Engagement | None = None
    winner: Side | None = None


def state_from_position(game, position: dict, state_class):
    """The state a position describes, made as `state_class` (the game's state: passed in, so that
    this module, which the state's own to_position uses, need not import it)."""
    return guarded(lambda game, position: _load(game, position, state_class), game, position)


def _load(game, position: dict, state_class):
    """The state a position describes. Its shape is checked by JolPosition, then what a
    schema cannot say: cards where their kind may be, hosts, hands, numbering, lanes and
    the Manifest not overfull, the engagement the phase needs, the winner."""
    pos = parse(JolPosition, position)
    t, rules = game.tables, game.rules
    rng = Rng.restore(*pos.rng) if pos.rng is not None else Rng(pos.seed or 0)
    decks = tuple(pos.decks or ("jovinet", "terrisol"))
    for p, d in enumerate(decks):
        if d not in game.deck_lists:
            raise _bad(f"decks[{p}]", f"unknown deck {quoted(d)}; the decks are: {', '.join(game.deck_lists)}")
    s = state_class.blank(game, rng, decks)
    s.phase = PHASES.index(pos.phase)
    s.current = pos.current
    s.turn = pos.turn
    s.summoned = pos.summoned
    inf = pos.inf or [[0, 0, 0], [0, 0, 0]]
    s.inf = list(inf[0]) + list(inf[1])

    def card_type(cid: str, field: str) -> int:
        if cid not in t.by_id:
            raise _bad(field, f"unknown card {quoted(cid)}")
        return t.by_id[cid]

    def number(name: str, field: str) -> int:
        i = int(name[1:]) - 1
        if i >= game.n:
            raise _bad(field, f"{name} is beyond the {game.n} cards of a game")
        return i

    piles = pos.piles or [[], []]
    by_id = t.by_id
    s.piles = [[by_id[c] if c in by_id else card_type(c, f"piles[{p}][{k}]") for k, c in enumerate(piles[p])]
               for p in (0, 1)]
    top = -1
    attached = []  # the cards that say what they are on, read once every card is placed
    kinds, cards, owners, zones = t.kind, s.card, s.owner, s.zone
    for name, entry in pos.cards.items():
        f = f"cards.{name}"
        i = int(name[1:]) - 1  # the schema's pattern: c1, c2, ...
        if i >= game.n:
            number(name, "cards")  # refused there, with its message
        if i > top:
            top = i
        c = cards[i] = by_id[entry.card] if entry.card in by_id else card_type(entry.card, f"{f}.card")
        owners[i] = entry.owner
        zones[i] = z = ZONE_INDEX[entry.at]
        kind = kinds[c]
        if LANE0 <= z <= MANIFEST and kind != COGUM:
            raise _bad(f"{f}.at", "only a Cogum stands in a lane or the Manifest")
        if z == FACE_DOWN and kind != PROPHECY:
            raise _bad(f"{f}.at", "only a Prophecy lies face down")
        if z == ATTACHED and kind != VOW:
            raise _bad(f"{f}.at", "only a Vow is attached to a Cogum")
        if z == LASTING and not (kind == TALENT and t.lasting[c]):
            raise _bad(f"{f}.at", "only a lasting Talent stays on the field until end of turn")
        on_field = LANE0 <= z <= MANIFEST
        if entry.ready:
            if not on_field:
                raise _bad(f"{f}.ready", "only a Cogum on the field or in a Manifest is Ready or Exhausted")
            s.ready |= 1 << i
        if entry.engaged:
            if kind != COGUM or z in (HAND, FACE_DOWN):
                raise _bad(f"{f}.engaged", "only a Cogum that entered the field can have engaged")
            s.engaged |= 1 << i
        if entry.buff is not None and any(entry.buff):
            if not on_field:
                raise _bad(f"{f}.buff", "only a Cogum on the field or in a Manifest has changes until end of turn")
            for k, b in enumerate(entry.buff):
                if b:
                    s.buff[3 * i + k] = b
        if (entry.on is not None) != (z in (ATTACHED, LASTING)):
            raise _bad(f"{f}.on", "a Vow or a lasting Talent says what it is on, and only they do")
        if entry.on is not None:
            attached.append((name, i, entry))
    for name, i, entry in attached:
        f = f"cards.{name}.on"
        if s.zone[i] == LASTING and entry.on in LANES:
            s.host[i] = lane_host(LANES.index(entry.on))
            continue
        if entry.on not in pos.cards:
            raise _bad(f, f"{quoted(entry.on)} is not a card in play" + (" or a lane" if s.zone[i] == LASTING else ""))
        h = number(entry.on, f)
        if not (LANE0 <= s.zone[h] <= MANIFEST):
            raise _bad(f, f"{entry.on} is not a Cogum on the field or in a Manifest (a Vow goes to the graveyard "
                          "with its Cogum)")
        s.host[i] = h
    # a hand-written position may skip numbers: those cards are simply not in play
    s.nxt = top + 1 if pos.next is None else pos.next
    if s.nxt <= top or s.nxt > game.n:
        raise _bad("next", f"must be above every card number and at most {game.n}")
    if s.nxt + len(s.piles[0]) + len(s.piles[1]) > game.n:
        raise _bad("piles", f"the cards still to draw need numbers: next plus both piles is at most {game.n}")
    for p in (0, 1):
        held = len(s.piles[p]) + sum(1 for i in range(s.nxt) if s.owner[i] == p)
        if held > rules.deck_size:
            raise _bad(f"piles[{p}]", f"player {p + 1} has {held} cards, more than a deck of {rules.deck_size} "
                                      "(ruling R-3)")
    if pos.hands is None:
        s.hands = [[i for i in range(s.nxt) if s.zone[i] == HAND and s.owner[i] == p] for p in (0, 1)]
    else:
        for p in (0, 1):
            for k, name in enumerate(pos.hands[p]):
                f = f"hands[{p}][{k}]"
                entry = pos.cards.get(name)
                if entry is None or entry.at != "hand" or entry.owner != p:
                    raise _bad(f, f"{name} is not in player {p + 1}'s hand")
                i = number(name, f)
                if i in s.hands[p]:
                    raise _bad(f, f"{name} is in the hand twice")
                s.hands[p].append(i)
        for i in range(s.nxt):
            if s.zone[i] == HAND and i not in s.hands[s.owner[i]]:
                raise _bad(f"hands[{s.owner[i]}]", f"{game.card_name(i)} is in hand but not listed")
    for p in (0, 1):
        # a lane fuller than its spaces (ruling R-2, Credo's provisional number) is let through: rule tests
        # set up three Cogum in a lane, and play only ever summons into an open space
        if s.manifest_count(p) > rules.manifest_size:
            raise _bad("cards", f"player {p + 1}'s Manifest holds more than {rules.manifest_size} Cogum")
    _engagement(game, s, pos)
    if (pos.winner is None) != (s.phase != OVER):
        raise _bad("winner", "a game is over exactly when it has a winner")
    s.winner = -1 if pos.winner is None else pos.winner
    if s.phase != OVER:
        for p in (0, 1):
            if sum(1 for x in s.inf[3 * p:3 * p + 3] if x >= rules.win_inf) >= rules.win_lanes:
                raise _bad("inf", f"player {p + 1} has {rules.win_inf} INF in two lanes, so they have won and the "
                                  "game is over (jol.txt: the win)")
    playable(s)
    return s


def _engagement(game, s, pos) -> None:
    eng = pos.engagement
    if eng is None:
        if s.phase in (PRAYER_STEP, DEFENDER):
            raise _bad("engagement", "a Prayer step or a choice of defender needs an engagement")
        return
    if s.phase in (FORMATION, ENGAGEMENT):
        raise _bad("engagement", f"no engagement is under way in the {PHASES[s.phase]} phase")
    s.kind = ENGAGE_NAMES.index(eng.kind)
    s.step = eng.step
    for field, name in (("engaging", eng.engaging), ("defender", eng.defender)):
        if name is not None and name not in pos.cards:
            raise _bad(f"engagement.{field}", f"{name} is not a card in play")
    s.attacker = a = int(eng.engaging[1:]) - 1
    s.defender = d = -1 if eng.defender is None else int(eng.defender[1:]) - 1
    t = game.tables
    if t.kind[s.card[a]] != COGUM or s.owner[a] != s.current:
        raise _bad("engagement.engaging", f"must be a Cogum of player {s.current + 1}, whose turn it is")
    if d >= 0 and (t.kind[s.card[d]] != COGUM or s.owner[d] == s.current):
        raise _bad("engagement.defender", "must be a Rival Cogum of the engaging player")
    if s.phase == OVER:
        if eng.window is not None or eng.step != 0:
            raise _bad("engagement.window", "a game that is over has no Prayer step open")
        return
    if not s.in_lane(a):
        raise _bad("engagement.engaging", f"{eng.engaging} is not in a lane (an engagement ends when it leaves)")
    if s.phase == DEFENDER:
        if eng.step != 1 or d >= 0 or eng.window is not None:
            raise _bad("engagement", "the defender is chosen after Prayer step 1, before any Prayer step 2")
        if not s._ready_rivals(s.lane_of(a)):
            raise _bad("engagement", "no Ready Rival stands in the lane, so nobody defends (jol.txt: Instigate)")
        return
    if eng.step == 0:
        raise _bad("engagement.step", "a Prayer step is step 1 or 2")
    if eng.step == 1 and d >= 0:
        raise _bad("engagement.defender", "the defender is chosen after Prayer step 1")
    # Prayer step 1 is answered first by the player who did not declare, step 2 by the engaging player
    order = (1 - s.current, s.current) if eng.step == 1 else (s.current, 1 - s.current)
    w = eng.window
    if w is None:
        s.window = ResponseWindow(order)
        return
    if tuple(w.order) != order:
        raise _bad("engagement.window.order", f"Prayer step {eng.step} is answered by player {order[0] + 1}, then "
                                              f"player {order[1] + 1} (jol.txt: Prayer)")
    answered = order[:w.position]
    if len(set(w.acted)) != len(w.acted) or list(w.acted) != [p for p in answered if p in w.acted]:
        raise _bad("engagement.window.acted", "only the players who have answered, in their order, can have prayed")
    s.window = ResponseWindow(order, w.position, tuple(w.acted))
