"""Positions: a readable JSON form of a whole Dogma state, to save any moment and to
set up any situation by hand (cards by id). Omitted fields take their defaults, so a
test can write just the Arcana, who is active, and the damage that matters."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

from credo.kernel import Commitments, IllegalAction, Rng, quoted
from credo.kernel.positions import PositionError, PositionModel, RngWords, Small, Word, guarded, parse, playable

from .chaos import CULT, DI, PACKETS, PROPHETS_PER_PACKET, RELIC, Prep, card_id, kind
from .codes import (ACTIVE, ARCANA, CANCELLED, CHAOS, DEFEATED, DEPLOY, DRAW, HYSTERIA, MAX_CULT, OPPONENTS, ORDERS,
                    ORDER_KINDS, OVER, PATHS, PHASES, REAR, RESOLVE, REVIVE, SPENT_RELIC0)
from .content import MALEFICS

WHERE = {"rear": 0, "active": 1, "defeated": 2}
WHERE_NAMES = {v: k for k, v in WHERE.items()}


def _mal_names(bits: int) -> list[str]:
    return [m for i, m in enumerate(MALEFICS) if bits >> i & 1] if bits else []


def state_to_position(s) -> dict:
    t, g = s.game.tables, s.game
    prophet_ids, cult_ids, relic_ids = t.prophet_ids, t.cult_ids, t.relic_ids
    proph, cults, known, wither, cmod = s.proph, s.cults, s.known, s.wither, s.cmod
    players = []
    for p in range(s.np):
        arcana = []
        for sl in range(p * ARCANA, (p + 1) * ARCANA):
            if proph[sl] < 0:
                continue
            cult, seen = cults[sl], known[sl]
            arcana.append({
                "prophet": prophet_ids[proph[sl]],
                "cult": [cult_ids[c] for c in cult],
                "relics": [relic_ids[r] for r in s.relics[sl]],
                "where": WHERE_NAMES[s.where[sl]],
                "damage": s.dmg[sl],
                "fervor_markers": s.fmod[sl],
                "card_markers": cmod[sl * MAX_CULT: sl * MAX_CULT + len(cult)],
                "malefic": _mal_names(s.mal[sl]),
                "withered": wither[sl] if wither[sl] >= 0 else None,
                "revealed": (seen & 1) == 1,
                "face_up": [j for j in range(len(cult)) if seen >> (j + 1) & 1] if seen >> 1 else [],
                "flags": s.flags[sl],
                "took": s.took[sl],
            })
        players.append({
            "arcana": arcana,
            "active": s.active[p] if s.active[p] >= 0 else None,
            "rear": list(s.rear[p]),
            "interventions": [t.di_ids[d] for d in s.di[p]],
            "played": [t.di_ids[d] for d in s.di_done[p]],
            "damage_in_front": s.pend_dmg[p],
            "arduous": s.arduous[p],
        })
    commit = None
    if s.commit is not None:
        commit = {"players": list(s.commit.players),
                  "choices": {str(p): (c if s.phase == 0 else str(g.actions[c])) for p, c in s.commit.choices.items()}}
    test = None
    if s.test is not None:
        c, (tester, fid, chooser) = s.test
        test = {"tester": tester, "chooser": chooser, "purpose": fid,
                "choices": {str(p): v for p, v in c.choices.items()}}
    cur = None
    if s.cur is not None:
        p, sl, j, ops, label, _ = s.cur
        cur = {"player": p, "slot": sl, "card": j, "label": label, "ops": [list(op) for op in ops]}
    return {
        "game": "dogma",
        "mode": s.mode,
        "decks": list(s.decks),
        "turn_limit": s.turn_limit,
        "phase": PHASES[s.phase],
        "turn": s.turn,
        "players": players,
        "commit": commit,
        "hysteria": list(s.hyst),
        # a cancelled Order of a simultaneous group is stored as ~index
        "plan": [[p, str(g.actions[a if a >= 0 else ~a]), grp, a < 0] for p, a, grp in s.plan],
        "targets": list(s.tgt),
        "fell": list(s.fell),
        "simultaneous": s.sim,
        "ri": s.ri,
        "cur": cur,
        "ei": s.ei,
        "actor": list(s.actor),
        "test": test,
        # [player, slot]: Withering to place on that slot; slot -1: Sharira's choice of Prophet
        "pending": [list(x) for x in s.pending],
        "snapshot": [list(s.snap[0]), list(s.snap[1])] if s.snap else None,
        "last": list(s.last),
        "protect": s.protect,
        "winner": s.winner if s.winner >= 0 else None,
        "first_builder": s.first_builder if s.first_builder >= 0 else None,
        "chaos": _prep_to_position(s),
        "rng": s.rng.to_position(),
    }


def _prep_to_position(s) -> dict | None:
    prep = s.prep
    if prep is None:
        return None
    g = s.game
    ids = lambda codes: [card_id(g, x) for x in codes]
    return {
        "packets": [ids(p) for p in prep.packets],
        "step": list(prep.step), "hold": list(prep.hold), "waiting": list(prep.waiting),
        "concluded": list(prep.concluded), "free": list(prep.free), "paid": list(prep.paid),
        "arcana": [[{"prophet": card_id(g, prep.bp[p][n]) if prep.bp[p][n] >= 0 else None,
                     "cards": ids(prep.bc[p][n])} for n in range(ARCANA)] for p in range(prep.n)],
        "interventions": [ids(prep.bd[p]) for p in range(prep.n)],
        "remembered": [{str(n): ids(cards) for n, cards in sorted(prep.seen[p].items())} for p in range(prep.n)],
    }


def _remembered_codes(t, prep, p: int, packet: int, cards: list[str], code) -> list[int]:
    """The codes of a remembered packet. Copies of a Divine Intervention are alike, so a
    remembered copy is the one still in that packet if any, else one in another player's
    Arcana: the copy's identity then agrees with where the card can be."""
    here = list(prep.packets[packet])
    elsewhere = [x for q in range(prep.n) if q != p for x in prep.bd[q]]
    out = []
    for cid in cards:
        if cid not in t.di_ids:
            out.append(code(cid))
            continue
        copies = [DI + k for k, did in enumerate(t.di_ids) if did == cid]
        pick = next((x for x in here if x in copies), None)
        if pick is None:
            pick = next((x for x in elsewhere if x in copies and x not in out), copies[0])
        else:
            here.remove(pick)
        out.append(pick)
    return out


def _prep_from_position(game, data, n: int):
    """The Chaos preparation: every card in one place, Arcana built within the rules, and
    someone examining a packet or deciding."""
    t = game.tables
    for name in ("step", "hold", "waiting", "concluded", "free", "paid", "arcana", "interventions"):
        if len(getattr(data, name)) != n:
            raise _bad(f"chaos.{name}", f"one entry for each of the {n} players")
    if data.remembered is not None and len(data.remembered) != n:
        raise _bad("chaos.remembered", f"one entry for each of the {n} players")
    di_free: dict[str, list[int]] = {}
    for k, did in enumerate(t.di_ids):
        di_free.setdefault(did, []).append(k)
    # each card once among the packets, and once among a player's Arcana (a hand-written test lays out a card
    # both in a packet and in an Arcanum, so the two are not compared)
    placed: set[int] = set()

    def lookup(cid: str, field: str) -> int:
        if cid in t.prophet_by_id:
            return t.prophet_by_id[cid]
        if cid in t.cult_by_id:
            return CULT + t.cult_by_id[cid]
        if cid in t.relic_by_id:
            return RELIC + t.relic_by_id[cid]
        raise _bad(field, f"unknown card {quoted(cid)}")

    def code(cid: str, field: str, kinds: tuple[str, ...]) -> int:
        if cid in di_free:
            if not di_free[cid]:
                raise _bad(field, f"no copy of {quoted(cid)} left: the box holds {t.di_ids.count(cid)}")
            x = DI + di_free[cid].pop(0)
        else:
            x = lookup(cid, field)
            if x in placed:
                raise _bad(field, f"{quoted(cid)} is there twice: the box holds it once")
        if kind(x) not in kinds:
            raise _bad(field, f"{quoted(cid)} is a {kind(x)}, not a {' or '.join(kinds)}")
        placed.add(x)
        return x

    prep = Prep(n)
    every = ("prophet", "cult", "relic", "di")
    prep.packets = [[code(c, f"chaos.packets[{k}][{i}]", every) for i, c in enumerate(packet)]
                    for k, packet in enumerate(data.packets)]
    for k, packet in enumerate(prep.packets):
        if sum(1 for x in packet if kind(x) == "prophet") > PROPHETS_PER_PACKET:
            raise _bad(f"chaos.packets[{k}]", "a packet is dealt 2 Prophets and 7 other cards (section 2.1.1)")
    c = game.content
    for p in range(n):
        placed = set()
        for k, arc in enumerate(data.arcana[p]):
            f = f"chaos.arcana[{p}][{k}]"
            prep.bp[p][k] = code(arc.prophet, f"{f}.prophet", ("prophet",)) if arc.prophet is not None else -1
            cards = prep.bc[p][k] = [code(x, f"{f}.cards[{i}]", ("cult", "relic")) for i, x in enumerate(arc.cards)]
            pi = prep.bp[p][k]
            elaine = pi >= 0 and c.prophets[pi].ability.extra_cult_slot
            if len(cards) > 3 and not (elaine and all(kind(x) == "cult" for x in cards)):
                raise _bad(f"{f}.cards", "a Prophet has 3 associated cards (Elaine: a fourth Cult card) (section 2)")
            if pi >= 0:
                prophet = c.prophets[pi]
                for i, x in enumerate(cards):
                    card = c.cults[x - CULT] if kind(x) == "cult" else None
                    if card is not None and not prophet.allows(card.religion, card.type):
                        raise _bad(f"{f}.cards[{i}]", f"{card.name} breaks {prophet.name}'s sleeve restrictions (section 2)")
        prep.bd[p] = [code(x, f"chaos.interventions[{p}][{i}]", ("di",)) for i, x in enumerate(data.interventions[p])]
    prep.step, prep.hold = list(data.step), list(data.hold)
    prep.waiting, prep.concluded = list(data.waiting), list(data.concluded)
    prep.free, prep.paid = list(data.free), list(data.paid)
    held = [h for h in prep.hold if h >= 0]
    if len(set(held)) != len(held):
        raise _bad("chaos.hold", "two players hold the same packet")
    for p in range(n):
        f = f"chaos.hold[{p}]"
        if prep.hold[p] >= 0 and (prep.waiting[p] or prep.concluded[p]):
            raise _bad(f, "a player who waits or has concluded holds no packet")
        if prep.hold[p] >= 0 and prep.hold[p] != (prep.start[p] + prep.step[p]) % PACKETS:
            raise _bad(f, f"the packet in hand is the one {prep.step[p]} steps along player {p + 1}'s row")
        if prep.waiting[p] and prep.concluded[p]:
            raise _bad(f"chaos.waiting[{p}]", "a player who has concluded waits for no packet")
        if prep.free[p] >= 0 and not prep.others_concluded(p):
            raise _bad(f"chaos.free[{p}]", "an extra free packet comes only once another player has concluded")
        if prep.paid[p] > prep.step[p]:
            raise _bad(f"chaos.paid[{p}]", "more packets paid for than examined")
    if all(prep.concluded):
        raise _bad("chaos.concluded", "when every player has concluded the preparation is over")
    if not prep.to_move():
        raise _bad("chaos.waiting", "someone still building examines a packet or decides (the packets would pass on)")
    for p, memory in enumerate(data.remembered or [{}] * n):
        seen = {}
        for key, cards in memory.items():
            f = f"chaos.remembered[{p}].{key}"
            for i, cid in enumerate(cards):
                if cid not in di_free:
                    lookup(cid, f"{f}[{i}]")
            seen[int(key)] = tuple(sorted(_remembered_codes(t, prep, p, int(key), cards, lambda cid: lookup(cid, f))))
        prep.seen[p] = seen
    return prep


def _bad(field: str, message: str) -> PositionError:
    return PositionError(field, message)


# --- the schema: what state_to_position writes; hand-written positions may leave out what has a default
Id = Annotated[StrictStr, Field(min_length=1, max_length=64)]
Seat = Annotated[StrictInt, Field(ge=0, le=3)]  # a player (2 vs 2: four) or an Arcanum position
Markers = Annotated[StrictInt, Field(ge=-1000, le=1000)]  # +10 / -10 markers: a few cards' worth
Slot = Annotated[StrictInt, Field(ge=-1, le=4 * ARCANA - 1)]  # -1: none (pending: Sharira's choice)
Nat = Annotated[StrictInt, Field(ge=0, le=100_000)]


def _listed(item, most: int, least: int = 0):
    return Annotated[list[item], Field(min_length=least, max_length=most)]


class ArcanumEntry(PositionModel):
    prophet: Id
    cult: _listed(Id, MAX_CULT) = []
    relics: _listed(Id, 3) = []
    where: Literal["rear", "active", "defeated"] = "rear"
    damage: Small = 0
    fervor_markers: Markers = 0
    card_markers: _listed(Markers, MAX_CULT) = []
    malefic: _listed(Literal[MALEFICS], len(MALEFICS)) = []  # type: ignore[valid-type]
    withered: Annotated[StrictInt, Field(ge=0, lt=MAX_CULT)] | None = None
    revealed: StrictBool | None = None  # default: face up unless in the rear guard
    face_up: _listed(Annotated[StrictInt, Field(ge=0, lt=MAX_CULT)], MAX_CULT) = []
    flags: Annotated[StrictInt, Field(ge=0, lt=SPENT_RELIC0 << 3)] = 0
    took: Small = 0


class PlayerEntry(PositionModel):
    arcana: _listed(ArcanumEntry, ARCANA) = []
    active: Seat | None = None
    rear: _listed(Seat, ARCANA) | None = None
    interventions: _listed(Id, 4) = []
    played: _listed(Id, 4) = []
    damage_in_front: Small = 0
    arduous: Annotated[StrictInt, Field(ge=-9, le=100_000)] = -9


class CommitEntry(PositionModel):
    players: _listed(Seat, 4, 1)
    choices: Annotated[dict[Annotated[StrictStr, Field(pattern=r"^[0-3]$")], Seat | Annotated[StrictStr, Field(max_length=64)]],
                       Field(max_length=4)] = {}


class TestEntry(PositionModel):
    tester: Seat
    chooser: Seat | None = None
    purpose: Literal["trigger", "cancel"]
    choices: Annotated[dict[Annotated[StrictStr, Field(pattern=r"^[0-3]$")], Annotated[StrictInt, Field(ge=0, lt=len(PATHS))]],
                       Field(max_length=2)] = {}


class CurEntry(PositionModel):
    player: Seat
    slot: Annotated[StrictInt, Field(ge=0, le=4 * ARCANA - 1)]
    card: Annotated[StrictInt, Field(ge=-1, lt=MAX_CULT)]
    label: Annotated[StrictStr, Field(max_length=200)]
    ops: _listed(_listed(StrictInt | StrictStr | None, 5, 5), 32)


class PacketArcanum(PositionModel):
    prophet: Id | None = None
    cards: _listed(Id, MAX_CULT) = []


class ChaosEntry(PositionModel):
    packets: _listed(_listed(Id, 9), PACKETS, PACKETS)
    step: _listed(Annotated[StrictInt, Field(ge=0, lt=PACKETS)], 4, 2)
    hold: _listed(Annotated[StrictInt, Field(ge=-1, lt=PACKETS)], 4, 2)
    waiting: _listed(StrictBool, 4, 2)
    concluded: _listed(StrictBool, 4, 2)
    free: _listed(Annotated[StrictInt, Field(ge=-1, le=1)], 4, 2)
    paid: _listed(Annotated[StrictInt, Field(ge=0, lt=PACKETS)], 4, 2)
    arcana: _listed(_listed(PacketArcanum, ARCANA, ARCANA), 4, 2)
    interventions: _listed(_listed(Id, 4), 4, 2)
    remembered: _listed(Annotated[dict[Annotated[StrictStr, Field(pattern=r"^(1[01]|[0-9])$")], _listed(Id, 9)],
                                  Field(max_length=PACKETS)], 4, 2) | None = None


PlanEntry = Annotated[list[StrictInt | StrictStr | StrictBool], Field(min_length=2, max_length=4)]


class DogmaPosition(PositionModel):
    game: Literal["dogma"] = "dogma"
    seed: Word | None = None
    rng: RngWords | None = None
    mode: Literal["predestination", "free_will", "chaos"] = "predestination"
    decks: _listed(Id, 4) | None = None
    turn_limit: Nat = 0
    phase: Literal[PHASES] = "orders"  # type: ignore[valid-type]
    turn: Annotated[StrictInt, Field(ge=1, le=100_000)] = 2
    players: _listed(PlayerEntry, 4, 2)
    commit: CommitEntry | None = None
    hysteria: _listed(Seat, 4) | None = None
    plan: _listed(PlanEntry, 4) = []
    targets: _listed(Seat, 4) | None = None
    fell: _listed(Nat, 4) | None = None
    simultaneous: StrictBool = False
    ri: Annotated[StrictInt, Field(ge=0, le=4)] = 0
    cur: CurEntry | None = None
    ei: Annotated[StrictInt, Field(ge=0, le=32)] = 0
    actor: _listed(Annotated[StrictInt, Field(ge=-1, le=3)], 4) | None = None
    test: TestEntry | None = None
    pending: _listed(_listed(Slot, 2, 2), 8) = []
    # damage (+ card markers), malefic markers (+ flags + active Prophets) at the reveal (D-16)
    snapshot: _listed(_listed(Annotated[StrictInt, Field(ge=-1000, le=100_000)], 4 * ARCANA * 8), 2, 2) | None = None
    last: _listed(Slot, 4) | None = None
    protect: Annotated[StrictInt, Field(ge=0, lt=1 << (4 * ARCANA))] = 0
    winner: Annotated[StrictInt, Field(ge=0, le=DRAW)] | None = None
    first_builder: Seat | None = None
    chaos: ChaosEntry | None = None


def state_from_position(game, position: dict, state_class):
    """The state a position describes, made as `state_class` (the game's state: passed in, so that
    this module, which the state's own to_position uses, need not import it)."""
    return guarded(lambda game, position: _load(game, position, state_class), game, position)


def _load(game, position: dict, state_class):
    """The state a position describes. Its shape is checked by DogmaPosition, then what a
    schema cannot say, each refusal naming the field: known cards, where each Prophet is
    (active, rear guard, defeated) and the lists that say so, damage below Faith, markers
    on cards that exist, the decision the phase waits for (a Commitment of the right
    players holding Orders they could choose, a Fidelity Test, a pending choice), the
    resolution under way (its plan, its current Order as the card prints it), the winner."""
    pos = parse(DogmaPosition, position)
    given = pos.model_fields_set
    g = game
    np = len(pos.players)
    if np not in (2, 4):
        raise _bad("players", "two players, or four for 2 vs 2, are needed")
    rng = Rng.restore(*pos.rng) if pos.rng is not None else Rng(pos.seed or 0)
    s = state_class.blank(game, rng, np)
    s.mode = pos.mode
    if pos.decks:
        if len(pos.decks) != np:
            raise _bad("decks", f"one Predestination option for each of the {np} players, or none")
        for p, d in enumerate(pos.decks):
            if d not in g.option_ids:
                raise _bad(f"decks[{p}]", f"unknown Predestination option {quoted(d)}; they are: {', '.join(g.option_ids)}")
    s.decks = list(pos.decks or [])
    s.turn_limit = pos.turn_limit
    s.phase = PHASES.index(pos.phase)
    s.turn = pos.turn
    _arcana(game, s, pos)
    _tokens(game, s, pos, given)
    if s.phase == CHAOS:
        if pos.chaos is None or s.mode != "chaos":
            raise _bad("chaos", "the Chaos preparation needs mode chaos and its packets")
        s.prep = _prep_from_position(game, pos.chaos, np)
    elif pos.chaos is not None:
        raise _bad("chaos", "the packets exist only during the Chaos preparation (section 2.1.1)")
    _decision(game, s, pos, given)
    _resolution(game, s, pos)
    _outcome(game, s, pos)
    playable(s)
    return s


def _arcana(game, s, pos) -> None:
    """Each player's Arcana: the cards, where each Prophet is, its markers."""
    t = game.tables
    np = s.np
    proph, cults, relics = [-1] * (np * ARCANA), [()] * (np * ARCANA), [()] * (np * ARCANA)
    di_free: dict[str, list[int]] = {}

    def fill_box() -> None:
        di_free.clear()
        for k, did in enumerate(t.di_ids):
            di_free.setdefault(did, []).append(k)

    def di(did: str, field: str) -> int:
        if did not in di_free:
            raise _bad(field, f"unknown Divine Intervention {quoted(did)}")
        if not di_free[did]:
            raise _bad(field, f"no copy of {quoted(did)} left")
        return di_free[did].pop(0)

    # Free Will without the one-box variant: each player builds from their own copy of the game (2.1.3)
    own_boxes = pos.mode == "free_will" and pos.first_builder is None
    fill_box()
    cult_by_id, relic_by_id = t.cult_by_id, t.relic_by_id
    preparing = s.phase in (CHAOS, OVER)  # no Prophet at all: preparation, or a Chaos game lost at once
    for p, pl in enumerate(pos.players):
        if own_boxes:
            fill_box()
        if not (0 if preparing or np == 4 else 1) <= len(pl.arcana) <= ARCANA:
            raise _bad(f"players[{p}].arcana", "one to four Prophet Arcana")
        if s.phase == CHAOS and pl.arcana:
            raise _bad(f"players[{p}].arcana", "the Arcana are still being built from the packets (Chaos mode)")
        for k, arc in enumerate(pl.arcana):
            sl = p * ARCANA + k
            f = f"players[{p}].arcana[{k}]"
            if arc.prophet not in t.prophet_by_id:
                raise _bad(f"{f}.prophet", f"unknown Prophet {quoted(arc.prophet)}")
            pi = proph[sl] = t.prophet_by_id[arc.prophet]
            codes = tuple([cult_by_id.get(c, -1) for c in arc.cult])
            if -1 in codes:
                j = codes.index(-1)
                raise _bad(f"{f}.cult[{j}]", f"unknown Cult card {quoted(arc.cult[j])}")
            most = MAX_CULT if t.extra_slot[pi] else MAX_CULT - 1
            if len(codes) > most:
                raise _bad(f"{f}.cult", f"{t.prophet_names[pi]} holds at most {most} Cult cards (section 3)")
            cults[sl] = codes
            codes = tuple([relic_by_id.get(r, -1) for r in arc.relics])
            if -1 in codes:
                j = codes.index(-1)
                raise _bad(f"{f}.relics[{j}]", f"unknown Relic {quoted(arc.relics[j])}")
            relics[sl] = codes
            s.where[sl] = WHERE[arc.where]
            s.dmg[sl] = arc.damage
            s.fmod[sl] = arc.fervor_markers
            n = len(arc.cult)
            if len(arc.card_markers) > n:
                raise _bad(f"{f}.card_markers", f"markers for {len(arc.card_markers)} Cult cards, but it holds {n}")
            for j, m in enumerate(arc.card_markers):
                s.cmod[sl * MAX_CULT + j] = m
            if len(set(arc.malefic)) != len(arc.malefic):
                raise _bad(f"{f}.malefic", "a Prophet carries one marker of each kind")
            s.mal[sl] = sum(1 << MALEFICS.index(m) for m in arc.malefic) if arc.malefic else 0
            if arc.withered is not None:
                if arc.withered >= n:
                    raise _bad(f"{f}.withered", f"it holds {n} Cult cards")
                # no check against the marker: within a simultaneous group (D-16) the marker and the choice of
                # card can part for a moment (a Prophet withdrawn, a marker cured, by Orders of the same group)
            s.wither[sl] = -1 if arc.withered is None else arc.withered
            known = 1 if (arc.where != "rear" if arc.revealed is None else arc.revealed) else 0
            for j in arc.face_up:
                if j >= n:
                    raise _bad(f"{f}.face_up", f"it holds {n} Cult cards")
                known |= 2 << j
            s.known[sl] = known
            if arc.flags >= SPENT_RELIC0 << len(arc.relics):
                raise _bad(f"{f}.flags", f"no Relic {arc.flags.bit_length() - 2} to have spent")
            s.flags[sl] = arc.flags
            s.took[sl] = arc.took
        # the active Prophet: the Arcanum marked active, or the one `active` names (its `where` then may be left out)
        actives = [k for k, arc in enumerate(pl.arcana) if arc.where == "active"]
        active = pl.active
        if active is None:
            active = actives[0] if actives else None
        elif active >= len(pl.arcana) or pl.arcana[active].where == "defeated":
            raise _bad(f"players[{p}].active", f"Arcanum {active} is not one of player {p + 1}'s standing Prophets")
        if len(actives) > 1 or actives and actives != [active]:
            raise _bad(f"players[{p}].active", "one Prophet is active: the Arcanum marked active and no other")
        s.active[p] = -1 if active is None else active
        if active is not None:
            s.where[p * ARCANA + active] = ACTIVE
            s.known[p * ARCANA + active] |= 1
        standing = [k for k in range(len(pl.arcana)) if s.where[p * ARCANA + k] == REAR]
        rear = standing if pl.rear is None else list(pl.rear)
        if sorted(rear) != standing:
            raise _bad(f"players[{p}].rear", f"the rear guard lists each Arcanum in the rear guard once: {standing}")
        s.rear[p] = rear
        s.di[p] = [di(d, f"players[{p}].interventions[{j}]") for j, d in enumerate(pl.interventions)]
        done = tuple(di(d, f"players[{p}].played[{j}]") for j, d in enumerate(pl.played))
        s.di_done = s.di_done[:p] + (done,) + s.di_done[p + 1:]
        if len(s.di[p]) + len(done) > 4:
            raise _bad(f"players[{p}].interventions", "the Divine Interventions Arcanum holds 4 cards (section 2)")
        s.pend_dmg[p] = pl.damage_in_front
        if pl.arduous > s.turn:
            raise _bad(f"players[{p}].arduous", "the turn an Arduous card was used is not after this turn")
        s.arduous[p] = pl.arduous
    s.set_cards(proph, cults, relics)
    revealed_bits = game.tables.revealed_bits
    for sl in range(np * ARCANA):
        if proph[sl] < 0:
            continue
        if s.known[sl] & 1:  # a Prophet deployed has its Revealed Cult cards face up (section 4, "Revealed")
            s.known[sl] |= revealed_bits[s.cults[sl]]
        f = f"players[{sl // ARCANA}].arcana[{sl % ARCANA}]"
        if s.where[sl] == DEFEATED:
            # (not its Cult cards' markers: in a simultaneous group its own Order still marks its card)
            if s.dmg[sl] or s.fmod[sl] or s.mal[sl]:
                raise _bad(f, "a defeated Prophet's markers are discarded (section 6)")
        elif s.dmg[sl] >= s.faith(sl) and not pos.simultaneous:
            # (within a simultaneous group a Prophet whose damage reached its Faith falls only
            # when every Order of the group has taken effect: ruling D-16)
            raise _bad(f"{f}.damage", f"{s.dmg[sl]} damage reaches its Faith {s.faith(sl)}: it would be defeated "
                                      "(section 4)")
        if s.flags[sl] & CANCELLED and s.where[sl] != ACTIVE:
            raise _bad(f"{f}.flags", "an ability is cancelled only while its Prophet stays active")


def _tokens(game, s, pos, given) -> None:
    """Targets, the actors of the turn, the last Prophet each player lost, Hysteria."""
    np = s.np
    for name in ("targets", "fell", "actor", "last"):
        value = getattr(pos, name)
        if value is not None and len(value) != np:
            raise _bad(name, f"one entry for each of the {np} players")
    if pos.targets is not None:
        for p, q in enumerate(pos.targets):
            if q not in OPPONENTS[np][p]:
                raise _bad(f"targets[{p}]", f"player {q + 1} is not an opponent of player {p + 1}")
        s.tgt = tuple(pos.targets)
    if pos.fell is not None:
        s.fell = tuple(pos.fell)
    s.actor = tuple(pos.actor) if pos.actor is not None else tuple(s.active)
    for p, k in enumerate(s.actor):
        if k >= 0 and s.proph[p * ARCANA + k] < 0:
            raise _bad(f"actor[{p}]", f"player {p + 1} has no Arcanum {k}")
    # the last Prophet each player lost (a hand-written position: the first of their defeated ones)
    last = list(pos.last) if pos.last is not None else [
        next((p * ARCANA + k for k in range(ARCANA) if s.where[p * ARCANA + k] == DEFEATED), -1) for p in range(np)]
    for p, sl in enumerate(last):
        if sl >= 0 and (sl // ARCANA != p or s.proph[sl] < 0):
            raise _bad(f"last[{p}]", f"slot {sl} is not one of player {p + 1}'s Arcana")
        if sl < 0 and DEFEATED in s.where[p * ARCANA:(p + 1) * ARCANA]:
            raise _bad(f"last[{p}]", f"player {p + 1} has lost a Prophet: the last one lost is needed (section 5)")
    s.last = tuple(last)
    s.protect = pos.protect
    if pos.protect >> (np * ARCANA):
        raise _bad("protect", f"names a slot beyond the {np * ARCANA} Arcana")


def _decision(game, s, pos, given) -> None:
    """The Commitment the phase waits for: its players, and choices they could make."""
    g, np = game, s.np
    if "commit" not in given:
        if s.phase == ORDERS:
            s.commit = Commitments((0, 1) if np == 2 else tuple(p for p in range(np) if s.active[p] >= 0))
        elif s.phase == DEPLOY:
            s.commit = Commitments(tuple(p for p in range(np) if s.active[p] < 0 and s.rear[p]))
    elif pos.commit is not None:
        players = tuple(pos.commit.players)
        choices = {}
        for key, v in pos.commit.choices.items():
            f = f"commit.choices.{key}"
            if int(key) not in players:
                raise _bad(f, f"player {int(key) + 1} has no choice to make here")
            if s.phase == DEPLOY:
                if not isinstance(v, int):
                    raise _bad(f, "a deployment is chosen by its position in the rear guard (a number)")
                choices[int(key)] = v
            else:
                if not isinstance(v, str):
                    raise _bad(f, "an Order is written in notation, e.g. 'cult 1'")
                try:
                    choices[int(key)] = g.actions.parse(v).index
                except IllegalAction as exc:
                    raise _bad(f, exc.message) from None
        s.commit = Commitments(players, choices)
    c = s.commit
    if s.phase in (DEPLOY, ORDERS):
        if c is None:
            raise _bad("commit", f"the {PHASES[s.phase]} phase waits for the players' secret choices")
    elif c is not None:
        raise _bad("commit", f"no secret choice is placed in the {PHASES[s.phase]} phase")
    if c is not None:
        players = c.players
        if len(set(players)) != len(players) or any(p >= np for p in players):
            raise _bad("commit.players", f"distinct players among the {np}")
        if s.phase == DEPLOY:
            need = tuple(p for p in range(np) if s.active[p] < 0 and s.rear[p])
            if tuple(sorted(players)) != need:
                raise _bad("commit.players", "the players who deploy are those with no active Prophet and one in the "
                                             f"rear guard: {[p + 1 for p in need]} (section 3)")
            for p, n in c.choices.items():
                if n >= len(s.rear[p]):
                    raise _bad(f"commit.choices.{p}", f"player {p + 1}'s rear guard holds {len(s.rear[p])} Arcana")
        else:
            need = (0, 1) if np == 2 else tuple(p for p in range(np) if s.active[p] >= 0)
            if tuple(sorted(players)) != need:
                raise _bad("commit.players", f"the players who place an Order are {[p + 1 for p in need]} "
                                             "(section 4)")
            for p in range(np):
                if s.alive(p) and s.active[p] < 0:
                    raise _bad(f"players[{p}].active", "in the Orders phase every player still in the game has an "
                                                       "active Prophet (section 3)")
            for p, a in c.choices.items():
                if a not in {x.index for x in s.order_actions(p)}:
                    raise _bad(f"commit.choices.{p}", f"{g.actions[a]} is not an Order player {p + 1} could place")
        if c.complete:
            raise _bad("commit.choices", "every player has chosen: the choices would already be revealed")
    hyst = pos.hysteria
    if hyst is None:
        if s.phase == ORDERS:
            live = [p for p in range(np) if s.active[p] >= 0]
            h = [p for p in live if s.mal[p * ARCANA + s.active[p]] & HYSTERIA]
            hyst = h if 0 < len(h) < (2 if np == 2 else len(live)) else []
        else:
            hyst = []
    if hyst:
        if s.phase != ORDERS or len(set(hyst)) != len(hyst) or not set(hyst) < set(c.players):
            raise _bad("hysteria", "players placing an Order, not all of them, reveal theirs first (section 4)")
        for p in hyst:
            if not s.mal[p * ARCANA + s.active[p]] & HYSTERIA:
                raise _bad("hysteria", f"player {p + 1}'s active Prophet carries no Hysteria")
    s.hyst = tuple(hyst)


def _resolution(game, s, pos) -> None:
    """The Orders being resolved (plan, ri, cur, ei), a Fidelity Test, pending choices."""
    g, t, np = game, game.tables, s.np
    s.sim = pos.simultaneous
    plan = []
    for i, entry in enumerate(pos.plan):
        f = f"plan[{i}]"
        p, a = entry[0], entry[1]
        if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < np:
            raise _bad(f"{f}[0]", f"a player, 0 to {np - 1}")
        if not isinstance(a, str):
            raise _bad(f"{f}[1]", "an Order in notation, e.g. 'cult 1'")
        try:
            action = g.actions.parse(a)
        except IllegalAction as exc:
            raise _bad(f"{f}[1]", exc.message) from None
        if action.kind not in ORDER_KINDS:
            raise _bad(f"{f}[1]", f"{quoted(a)} is not an Order")
        grp = entry[2] if len(entry) > 2 else (0 if s.sim else i)
        if not isinstance(grp, int) or isinstance(grp, bool) or not 0 <= grp < 4:
            raise _bad(f"{f}[2]", "a group number, 0 to 3")
        cancelled = entry[3] if len(entry) > 3 else False
        if not isinstance(cancelled, bool):
            raise _bad(f"{f}[3]", "true or false")
        plan.append((p, ~action.index if cancelled else action.index, grp))
    if [q[2] for q in plan] != sorted(q[2] for q in plan) or len({q[0] for q in plan}) != len(plan):
        raise _bad("plan", "each player's Order once, in the order of resolution")
    s.plan = tuple(plan)
    s.ri = pos.ri
    if s.phase == RESOLVE:
        if not plan:
            raise _bad("plan", "the resolution needs the revealed Orders")
        if s.ri > len(plan):
            raise _bad("ri", f"the plan holds {len(plan)} Orders")
        # the Order at ri once started is checked as `cur`; the ones after it must still be able to resolve
        for i in range(s.ri + (pos.cur is not None), len(plan)):
            _order_can_resolve(game, s, i)
    elif s.phase in (DEPLOY, ORDERS, CHAOS) and (plan or pos.cur or pos.simultaneous):  # ri and ei are left over
        raise _bad("plan", f"no Order is being resolved in the {PHASES[s.phase]} phase")
    if s.sim:
        snap = pos.snapshot
        n = np * ARCANA
        if snap is None or len(snap[0]) not in (n, n + len(s.cmod)) or len(snap[1]) not in (n, 2 * n + np):
            raise _bad("snapshot", f"a simultaneous group reads the damage ({n}, then {len(s.cmod)} card markers) "
                                   f"and malefic markers ({n}, then {n} flags and {np} active Prophets) it began with")
        if max(snap[1][:n]) >= 1 << len(MALEFICS):
            raise _bad("snapshot", "malefic markers are four bits")
        s.snap = (tuple(snap[0]), tuple(snap[1]))
    elif pos.snapshot is not None:
        raise _bad("snapshot", "only a simultaneous group keeps a snapshot")
    if pos.cur is not None:
        _current_order(game, s, pos)
    s.ei = pos.ei
    if s.cur is not None and s.ei > len(s.cur[3]):
        raise _bad("ei", "beyond the effects of the Order being resolved")
    test = pos.test
    if test is not None:
        tester = test.tester
        chooser = 1 - tester if test.chooser is None and np == 2 else test.chooser
        if chooser is None or max(tester, chooser) >= np or tester % 2 == chooser % 2:
            raise _bad("test.chooser", "the tester and the chooser are opponents")
        if s.cur is None or s.cur[2] < 0 or s.phase != RESOLVE:
            raise _bad("test", "a Fidelity Test belongs to a Cult card being resolved")
        p = s.cur[0]
        if t.cfid[s.cults[s.cur[1]][s.cur[2]]] != test.purpose:
            raise _bad("test.purpose", "the Cult card being resolved calls for no such Fidelity Test")
        if (tester, chooser) != ((p, s.tgt[p]) if test.purpose == "trigger" else (s.tgt[p], p)):
            raise _bad("test.tester", "the player who activates the card and the opponent it targets take the test: "
                                      "the tester is the one who needs it passed (section 6)")
        choices = {}
        for key, v in test.choices.items():
            if int(key) not in (tester, chooser):
                raise _bad(f"test.choices.{key}", "only the tester and the chooser choose")
            choices[int(key)] = v
        if len(choices) == 2:
            raise _bad("test.choices", "both have chosen: the test would already be decided")
        s.test = (Commitments((tester, chooser), choices), (tester, test.purpose, chooser))
    pending = []
    for i, (p, sl) in enumerate(pos.pending):
        f = f"pending[{i}]"
        if not 0 <= p < np:
            raise _bad(f"{f}[0]", f"a player, 0 to {np - 1}")
        if sl == REVIVE:
            if not s.defeated_arcana(p):
                raise _bad(f, f"player {p + 1} has no defeated Prophet to bring back")
        elif sl // ARCANA != p:
            raise _bad(f, f"Withering is placed by player {p + 1} on their own Prophet")
        elif not any(s.usable_cult(sl, j) for j in range(len(s.cults[sl]))):
            raise _bad(f, "no Cult card is left to place Withering on")
        pending.append((p, sl))
    if pending and s.phase not in (DEPLOY, ORDERS, RESOLVE):
        raise _bad("pending", f"no choice is pending in the {PHASES[s.phase]} phase")
    s.pending = tuple(pending)
    if s.phase == RESOLVE and s.test is None and not s.pending:
        raise _bad("phase", "a resolution pauses only for a Fidelity Test or a pending choice")


def _order_can_resolve(game, s, i: int) -> None:
    """An Order not yet resolved can be: the card, rear guard or Intervention it uses is there."""
    t = game.tables
    p, index, _grp = s.plan[i]
    if index < 0:
        return
    action = game.actions[index]
    k = s.actor[p]
    if action.kind == "pass":
        return
    f = f"plan[{i}][1]"
    if k < 0:
        raise _bad(f"actor[{p}]", f"player {p + 1} placed an Order with an active Prophet (actor)")
    sl = p * ARCANA + k
    live = s.sim or s.active[p] == k  # otherwise the Order is not used (section 4)
    if action.kind == "cult" and action.args[0] >= len(s.cults[sl]):
        raise _bad(f, f"{s.name(sl)} holds {len(s.cults[sl])} Cult cards")
    if action.kind == "summon" and live and action.args[0] >= len(s.rear[p]):
        raise _bad(f, f"player {p + 1}'s rear guard holds {len(s.rear[p])} Arcana")
    if action.kind == "intervene" and live and not s.di[p]:
        raise _bad(f, f"player {p + 1} has no Divine Intervention left")
    if action.kind == "special":
        kind, si, _cid = t.specials[action.args[0]]
        if (kind, si) not in {(x[0], x[1]) for x in s.special_sources(sl)}:
            raise _bad(f, f"{s.name(sl)} has no such Special")


def _current_order(game, s, pos) -> None:
    """The Order being resolved is the one at plan[ri], with the effects its card prints."""
    t = game.tables
    cur = pos.cur
    if s.phase not in (RESOLVE, OVER) or s.ri >= len(s.plan):
        raise _bad("cur", "an Order is resolved only while the plan has one at ri")
    p, index, _grp = s.plan[s.ri]
    if cur.player != p or index < 0:
        raise _bad("cur.player", f"the Order at plan[{s.ri}] is player {p + 1}'s")
    action = game.actions[index]
    k = s.actor[p]
    sl = p * ARCANA + k
    if k < 0 or cur.slot != sl:
        raise _bad("cur.slot", f"the Order is resolved by player {p + 1}'s Prophet at the reveal (actor)")
    j = -1
    if action.kind == "cult":
        j = action.args[0]
        if j >= len(s.cults[sl]):
            raise _bad(f"plan[{s.ri}][1]", f"{s.name(sl)} holds {len(s.cults[sl])} Cult cards")
        c = s.cults[sl][j]
        label, ops = t.cult_names[c], t.cult_plan[c][j]
    elif action.kind == "intervene":
        if not s.di_done[p]:
            raise _bad("cur", f"player {p + 1} has played no Divine Intervention")
        card = s.di_done[p][-1]
        label, ops = t.di_names[card], t.di_ops[card]
    elif action.kind == "special":
        kind, si, _cid = t.specials[action.args[0]]
        if (kind, si) not in {(x[0], x[1]) for x in s.special_sources(sl)}:
            raise _bad(f"plan[{s.ri}][1]", f"{s.name(sl)} has no such Special")
        label, ops = (t.ability[si].name, t.p_ops[si]) if kind == "prophet" else (t.relic_names[si], t.r_ops[si])
    else:
        raise _bad("cur", f"{action} takes effect at once: nothing is left to resolve")
    if cur.card != j:
        raise _bad("cur.card", f"the Order uses Cult card {j}" if j >= 0 else "the Order uses no Cult card")
    if cur.label != label:
        raise _bad("cur.label", f"the Order resolves {quoted(label)}")
    written = tuple(tuple(op) for op in cur.ops)
    if written not in (ops, ()):  # () once a Fidelity Test voided it
        raise _bad("cur.ops", f"{label} prints other effects")
    s.cur = (p, sl, j, written, label, 0)


def _outcome(game, s, pos) -> None:
    np = s.np
    over = s.phase == OVER
    if (pos.winner is None) == over:
        raise _bad("winner", "a game is over exactly when it has a result")
    s.winner = -1 if pos.winner is None else pos.winner
    if over and (s.commit is not None or s.test is not None or s.pending or s.hyst):
        raise _bad("phase", "a game that is over waits for no choice")
    s.first_builder = -1 if pos.first_builder is None else pos.first_builder
    if s.first_builder >= np:
        raise _bad("first_builder", f"a player, 0 to {np - 1}")
    if over or s.phase == CHAOS:
        return
    if s.turn_limit and s.turn > s.turn_limit:
        raise _bad("turn", f"beyond the turn limit of {s.turn_limit} the game is a draw (ruling D-10)")
    if s.phase in (DEPLOY, ORDERS):  # a resolution may hold a defeat its group counts at its end
        for team in (0, 1):
            members = (team,) if np == 2 else (team, team + 2)
            if not any(s.alive(p) for p in members):
                raise _bad("players", "all of " + " and ".join(f"player {p + 1}'s" for p in members)
                           + " Prophets are defeated: the game is over (section 5)")
