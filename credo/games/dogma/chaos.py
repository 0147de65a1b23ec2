"""Chaos mode (section 2.1.1): the 12 packets, their passing, placing cards into the
Arcana at once, the end of preparation, the extra packet and its 20 damage.

Cards are coded as ints: a Prophet is its content index, a Cult card 100 + index, a Relic
200 + index, a Divine Intervention 300 + its physical index. Credo ruling D-18: the 12
packets lie in 2 rows of 6 forming a circle; player 1 starts with the first packet of row 1,
player 2 with the first packet of row 2; each moves on to the next packet of the circle when
both have finished the packet in hand (a concluded player no longer holds one up).

2 vs 2 (section 5.1, Credo ruling D-27): 4 rows of 3, the rows forming the same circle; player
p starts with the first packet of row p and all players still building pass in step. When a
player concludes, every other player still building may examine one more packet free; after
that each further packet costs 20 damage and is the next packet of the circle that no other
player holds."""

from __future__ import annotations

from credo.kernel import IllegalAction

from . import rules as R
from .codes import ARCANA, EMPTY, REAR

PACKETS = 12
PROPHETS_PER_PACKET = 2
OTHERS_PER_PACKET = 7
EXTRA_PACKET_DAMAGE = 20
MIN_PROPHETS = 4
CULT, RELIC, DI = 100, 200, 300


def kind(code: int) -> str:
    return "prophet" if code < CULT else "cult" if code < RELIC else "relic" if code < DI else "di"


class Prep:
    """The state of the Chaos preparation (copied by hand)."""

    __slots__ = (
        "bc",
        "bd",
        "bp",
        "concluded",
        "free",
        "hold",
        "n",
        "packets",
        "paid",
        "seen",
        "start",
        "step",
        "waiting",
    )

    def __init__(self, n: int = 2) -> None:
        self.n = n
        self.packets: list[list[int]] = []
        self.start = tuple(p * PACKETS // n for p in range(n))  # the first packet of each player's row
        self.step = [0] * n
        self.hold = list(self.start)
        self.waiting = [False] * n
        self.concluded = [False] * n
        self.free = [-1] * n  # packets left to examine free once another player concluded (-1: not yet)
        self.paid = [0] * n
        self.bp = [[-1] * ARCANA for _ in range(n)]
        self.bc: list[list[list[int]]] = [[[] for _ in range(ARCANA)] for _ in range(n)]
        self.bd: list[list[int]] = [[] for _ in range(n)]
        # what each player remembers: packet -> its cards when they last put it down
        self.seen: list[dict[int, tuple[int, ...]]] = [{} for _ in range(n)]

    def copy(self) -> Prep:
        c = Prep.__new__(Prep)
        c.n = self.n
        c.packets = [p[:] for p in self.packets]
        c.start = self.start
        c.step = self.step[:]
        c.hold = self.hold[:]
        c.waiting = self.waiting[:]
        c.concluded = self.concluded[:]
        c.free = self.free[:]
        c.paid = self.paid[:]
        c.bp = [x[:] for x in self.bp]
        c.bc = [[x[:] for x in b] for b in self.bc]
        c.bd = [x[:] for x in self.bd]
        c.seen = [dict(x) for x in self.seen]
        return c

    def put_down(self, p: int) -> None:
        """Player p lets go of the packet in hand, remembering what is left in it."""
        h = self.hold[p]
        if h >= 0:
            self.seen[p][h] = tuple(sorted(self.packets[h]))

    def to_move(self) -> tuple[int, ...]:
        return tuple(p for p in range(self.n) if not self.concluded[p] and not self.waiting[p])

    def others_concluded(self, p: int) -> bool:
        """Whether another player has declared their preparation concluded."""
        return any(self.concluded[q] for q in range(self.n) if q != p)


def deal(game, rng, n: int = 2) -> Prep:
    t = game.tables
    prophets = list(range(len(t.prophet_ids)))
    others = [CULT + i for i in range(len(t.cult_ids))] + [RELIC + i for i in range(len(t.relic_ids))] + [
        DI + k for k in range(len(t.di_ids))]
    rng.shuffle(prophets)
    rng.shuffle(others)
    prep = Prep(n)
    for k in range(PACKETS):
        prep.packets.append(prophets[k * PROPHETS_PER_PACKET:(k + 1) * PROPHETS_PER_PACKET]
                            + others[k * OTHERS_PER_PACKET:(k + 1) * OTHERS_PER_PACKET])
    return prep


def card_name(game, code: int) -> str:
    t = game.tables
    k = kind(code)
    if k == "prophet":
        return t.prophet_names[code]
    if k == "cult":
        return t.cult_names[code - CULT]
    if k == "relic":
        return t.relic_names[code - RELIC]
    return t.di_names[code - DI]


def card_id(game, code: int) -> str:
    t = game.tables
    k = kind(code)
    if k == "prophet":
        return t.prophet_ids[code]
    if k == "cult":
        return t.cult_ids[code - CULT]
    if k == "relic":
        return t.relic_ids[code - RELIC]
    return t.di_ids[code - DI]


def complete(game, prep: Prep, p: int) -> bool:
    """All 5 Arcana complete: 4 Prophets with 3 associated cards (Elaine: or 4 Cult cards) and 4 Interventions."""
    if len(prep.bd[p]) != 4:
        return False
    for k in range(ARCANA):
        if prep.bp[p][k] < 0 or len(prep.bc[p][k]) < 3:
            return False
    return True


def minimum(prep: Prep, p: int) -> bool:
    """At least 4 Prophets with 1 associated card each."""
    return sum(1 for k in range(ARCANA) if prep.bp[p][k] >= 0 and prep.bc[p][k]) >= MIN_PROPHETS


def packets_left(prep: Prep, p: int) -> bool:
    return prep.step[p] + 1 < PACKETS


def placement_error(game, prep: Prep, p: int, code: int, n: int) -> str | None:
    """Why `code` cannot go into Arcanum n (0-based; 4 is the Divine Interventions), or None."""
    c = game.content
    k = kind(code)
    if k == "di":
        if n != ARCANA:
            return "a Divine Intervention goes into the fifth Arcanum (5)"
        if len(prep.bd[p]) >= 4:
            return "the Divine Interventions Arcanum already holds 4 cards"
        return None
    if n >= ARCANA:
        return "the fifth Arcanum holds only Divine Interventions"
    cards = prep.bc[p][n]
    pi = prep.bp[p][n]
    if k == "prophet":
        if pi >= 0:
            return f"Arcanum {n + 1} already holds a Prophet"
        prophet = c.prophets[code]
        for x in cards:
            if kind(x) == "cult":
                card = c.cults[x - CULT]
                if not prophet.allows(card.religion, card.type):
                    return f"{card.name}, already in Arcanum {n + 1}, breaks {prophet.name}'s sleeve restrictions"
        return None
    elaine = pi >= 0 and c.prophets[pi].ability.extra_cult_slot
    cults = sum(1 for x in cards if kind(x) == "cult")
    relics = len(cards) - cults
    if k == "relic":
        if relics >= 3 or len(cards) >= 3:
            return f"Arcanum {n + 1} already holds a Prophet's 3 associated cards"
        return None
    if len(cards) >= 3 and not (elaine and len(cards) == 3 and cults == 3):
        return f"Arcanum {n + 1} already holds a Prophet's 3 associated cards"
    if pi >= 0:
        card = c.cults[code - CULT]
        prophet = c.prophets[pi]
        if not prophet.allows(card.religion, card.type):
            return f"{card.name} ({card.religion} {card.type.replace('_', ' ')}) breaks {prophet.name}'s sleeve restrictions"
    return None


def _take_actions(game) -> dict[int, tuple]:
    """Per card code: its kind and, per Arcanum (the fifth for a Divine Intervention), the
    action that places it there; built once per game."""
    table = game.__dict__.get("_chaos_takes")
    if table is None:
        t = game.tables
        codes = list(range(len(t.prophet_ids))) + [CULT + i for i in range(len(t.cult_ids))] + [
            RELIC + i for i in range(len(t.relic_ids))] + [DI + i for i in range(len(t.di_ids))]
        table = {}
        for code in codes:
            key = (kind(code), card_id(game, code))
            table[code] = (key[0], key[1], tuple(game.A_take.get(key + (n,)) for n in range(ARCANA + 1)))
        game.__dict__["_chaos_takes"] = table
    return table


def legal(s, p: int) -> list:
    g = s.game
    prep = s.prep
    out = []
    if prep.waiting[p] or prep.concluded[p]:
        return out
    if prep.hold[p] >= 0:
        # placement_error's rules, with what each Arcanum holds read once (placement_error
        # names the reason for a refused placement; tests check that both agree)
        takes, allows, extra_slot = _take_actions(g), g.tables.sleeve_allows, g.tables.extra_slot
        bp, bc = prep.bp[p], prep.bc[p]
        held = [len(cards) for cards in bc]
        cult_cards = [[x - CULT for x in cards if CULT <= x < RELIC] for cards in bc]
        # a Cult card fits beside 3 others only under Elaine (her fourth Cult slot), the 3 all Cults
        cult_room = [held[n] < 3 or (held[n] == 3 and len(cult_cards[n]) == 3 and bp[n] >= 0 and extra_slot[bp[n]])
                     for n in range(ARCANA)]
        di_room = len(prep.bd[p]) < 4
        seen_di = set()
        for code in prep.packets[prep.hold[p]]:
            k, cid, actions = takes[code]
            if k == "di":
                if cid not in seen_di:
                    seen_di.add(cid)
                    if di_room:
                        out.append(actions[ARCANA])
            elif k == "prophet":
                sleeve = allows[code]
                for n in range(ARCANA):
                    if bp[n] < 0 and all(sleeve[x] for x in cult_cards[n]):
                        out.append(actions[n])
            elif k == "relic":
                for n in range(ARCANA):
                    if held[n] < 3:
                        out.append(actions[n])
            else:
                cult = code - CULT
                for n in range(ARCANA):
                    if cult_room[n] and (bp[n] < 0 or allows[bp[n]][cult]):
                        out.append(actions[n])
        out.append(g.A_done_packet)
    elif packets_left(prep, p):
        out.append(g.A_continue)
    if complete(g, prep, p) or (prep.others_concluded(p) and (minimum(prep, p) or not packets_left(prep, p))):
        out.append(g.A_conclude)
    if not out:
        out.append(g.A_conclude)
    return out


def explain(s, action, p: int) -> tuple[str, str]:
    g, prep = s.game, s.prep
    rule = R.CHAOS
    if prep.concluded[p]:
        return rule, "you have declared your preparation concluded"
    if prep.waiting[p]:
        return rule, "you may not examine the next packet until the other player has finished the packet in hand"
    if action.kind == "take":
        if prep.hold[p] < 0:
            return rule, "you hold no packet: 'continue' (20 damage) or 'conclude'"
        k, cid, n = action.args
        codes = [x for x in prep.packets[prep.hold[p]] if kind(x) == k and card_id(g, x) == cid]
        if not codes:
            return rule, f"{cid} is not in the packet you hold"
        return rule, placement_error(g, prep, p, codes[0], n) or "that card cannot be placed there"
    if action.kind == "done_packet":
        return rule, "you hold no packet"
    if action.kind == "continue":
        if prep.hold[p] >= 0:
            return rule, "finish the packet in hand first ('done')"
        return rule, "no packet is left to examine"
    if action.kind == "conclude":
        if prep.others_concluded(p):
            return rule, "you may conclude with at least 4 Prophets with 1 associated card each"
        return rule, "a player declares the preparation concluded when all 5 Arcana are complete"
    return rule, "the Arcana are being built (Chaos mode): take cards, 'done', 'continue' or 'conclude'"


def apply(s, action, p: int) -> None:
    g, prep = s.game, s.prep
    kind_ = action.kind
    if kind_ == "take":
        k, cid, n = action.args
        packet = prep.packets[prep.hold[p]]
        takes = _take_actions(g)
        code = next(x for x in packet if takes[x][1] == cid and takes[x][0] == k)
        packet.remove(code)
        if k == "prophet":
            prep.bp[p][n] = code
        elif k == "di":
            prep.bd[p].append(code)
        else:
            prep.bc[p][n].append(code)
        s.narrate("Player {} places a card from the packet into one of their Arcana.", (p + 1,), R.CHAOS)
        s.narrate("You place {} into Arcanum {}.", (card_name(g, code), n + 1), R.CHAOS, frozenset((p,)))
        return
    if kind_ == "done_packet":
        s.narrate("Player {} has finished examining their packet.", (p + 1,), R.CHAOS)
        prep.put_down(p)
        prep.hold[p] = -1
        prep.waiting[p] = True
        _advance(s)
        return
    if kind_ == "continue":
        prep.paid[p] += 1
        pend = s.pend_dmg[:]  # a new list: copies of the state share the old one (DogmaState.copy)
        pend[p] += EXTRA_PACKET_DAMAGE
        s.pend_dmg = pend
        s.narrate("Player {} places {} damage in front of themselves to examine another packet.",
                  (p + 1, EXTRA_PACKET_DAMAGE), R.CHAOS)
        _next_packet(s, p)
        return
    # conclude
    prep.concluded[p] = True
    prep.put_down(p)
    prep.hold[p] = -1
    prep.waiting[p] = False
    s.narrate("Player {} declares their preparation concluded.", (p + 1,), R.CHAOS)
    for other in range(prep.n):
        if not prep.concluded[other] and prep.free[other] < 0:
            prep.free[other] = 1
            s.narrate("Player {} may examine one more packet besides the one in hand; each further packet costs "
                      "{} damage.", (other + 1, EXTRA_PACKET_DAMAGE), R.CHAOS)
    _advance(s)


def _next_packet(s, p: int) -> None:
    prep = s.prep
    prep.put_down(p)
    prep.step[p] += 1
    if prep.n > 2:  # 2 vs 2: skip packets another player holds (ruling D-27)
        held = {prep.hold[q] for q in range(prep.n) if q != p and prep.hold[q] >= 0}
        while (prep.start[p] + prep.step[p]) % PACKETS in held and packets_left(prep, p):
            prep.step[p] += 1
    prep.hold[p] = (prep.start[p] + prep.step[p]) % PACKETS
    prep.waiting[p] = False
    s.narrate("Player {} takes the next packet ({} cards).", (p + 1, len(prep.packets[prep.hold[p]])), R.CHAOS)


def _advance(s) -> None:
    prep = s.prep
    if all(prep.concluded):
        finish(s)
        return
    active = [p for p in range(prep.n) if not prep.concluded[p]]
    if not all(prep.waiting[p] for p in active):
        return
    for p in active:
        if prep.free[p] < 0:  # nobody has concluded: the packets pass in step
            if packets_left(prep, p):
                _next_packet(s, p)
            else:
                prep.waiting[p] = False  # nothing left: only 'conclude' remains
        else:
            prep.waiting[p] = False
            if prep.free[p] > 0 and packets_left(prep, p):
                prep.free[p] -= 1
                _next_packet(s, p)


def finish(s) -> None:
    """Preparation over: the Arcana become the players' decks; the Opening begins."""
    g = s.game
    prep = s.prep
    n = s.np
    proph, cults, relics = [-1] * (n * ARCANA), [()] * (n * ARCANA), [()] * (n * ARCANA)
    for p in range(n):
        k = 0
        for n in range(ARCANA):
            pi = prep.bp[p][n]
            cards = prep.bc[p][n]
            if pi < 0:
                if cards:
                    s.narrate("Player {}'s Arcanum {} has no Prophet: its cards are discarded.", (p + 1, n + 1), R.CHAOS)
                continue
            sl = p * ARCANA + k
            proph[sl] = pi
            cults[sl] = tuple(x - CULT for x in cards if kind(x) == "cult")
            relics[sl] = tuple(x - RELIC for x in cards if kind(x) == "relic")
            k += 1
        s.rear[p] = list(range(k))
        s.di[p] = [x - DI for x in prep.bd[p]]
    s.set_cards(proph, cults, relics)
    s.where = [REAR if x >= 0 else EMPTY for x in proph]
    s.prep = None
    s.narrate("The preparation is over; the remaining cards go back to the box.", (), R.CHAOS)
    s.begin_opening()
    del g


def observation(s, viewer) -> dict | None:
    prep = s.prep
    if prep is None:
        return None
    g = s.game
    out = {"concluded": list(prep.concluded), "waiting": list(prep.waiting), "paid": list(prep.paid),
           "free_packets": list(prep.free), "packets_examined": [x + 1 for x in prep.step],
           "holding": [prep.hold[p] >= 0 for p in range(prep.n)]}
    if viewer is not None and 0 <= viewer < prep.n:
        h = prep.hold[viewer]
        out["packet"] = sorted(card_id(g, x) for x in prep.packets[h]) if h >= 0 else None
        out["arcana"] = [{"prophet": card_id(g, prep.bp[viewer][n]) if prep.bp[viewer][n] >= 0 else None,
                          "cards": [card_id(g, x) for x in prep.bc[viewer][n]]} for n in range(ARCANA)]
        out["interventions"] = [card_id(g, x) for x in prep.bd[viewer]]
        out["remembered"] = {str(n + 1): sorted(card_id(g, x) for x in cards)
                             for n, cards in sorted(prep.seen[viewer].items())}
        out["complete"] = complete(g, prep, viewer)
        out["minimum"] = minimum(prep, viewer)
    return out


def _cls(code: int) -> str:
    k = kind(code)
    return "P" if k == "prophet" else "D" if k == "di" else "A"


def _all_codes(game) -> tuple[int, ...]:
    """Every card of the box as a code, in a fixed order (computed once per game)."""
    codes = game.__dict__.get("_chaos_codes")
    if codes is None:
        t = game.tables
        codes = game._chaos_codes = tuple(range(len(t.prophet_ids))) + tuple(CULT + i for i in range(len(t.cult_ids))) \
            + tuple(RELIC + i for i in range(len(t.relic_ids))) + tuple(DI + k for k in range(len(t.di_ids)))
    return codes


def determinize(w, viewer: int, rng) -> None:
    """Resample what the viewer cannot see: the other packets and the other players' Arcana.

    What the viewer knows is kept: the packet in hand, their own Arcana, how many cards
    each packet holds and how many Prophets (the packets are dealt 2 + 7), and for each
    packet they have put down, its cards at that moment. Such a packet now holds some of
    those cards, and the others went into the Arcana of players who held it later; every
    hidden card keeps its class (Prophet, Divine Intervention, other card) in its place.
    The other players' memories are replaced by the sampled packets' contents, so that
    they say nothing the viewer does not know."""
    prep = w.prep
    mine = prep.hold[viewer]
    visible = set(w.prep.packets[mine]) if mine >= 0 else set()
    for n in range(ARCANA):
        visible.update(prep.bc[viewer][n])
        if prep.bp[viewer][n] >= 0:
            visible.add(prep.bp[viewer][n])
    visible.update(prep.bd[viewer])
    arcana_places = []  # (container, index, class, arcanum) in the other players' Arcana
    for q in range(prep.n):
        if q == viewer:
            continue
        for n in range(ARCANA):
            if prep.bp[q][n] >= 0:
                arcana_places.append((prep.bp[q], n, "P", (q, n)))
            # four associated cards are public and only an Elaine-like Prophet holds them, all Cult cards
            four = len(prep.bc[q][n]) == 4
            if four and prep.bp[q][n] >= 0:
                arcana_places[-1] = (prep.bp[q], n, "E", (q, n))
            for i in range(len(prep.bc[q][n])):
                arcana_places.append((prep.bc[q][n], i, "C" if four else "A", (q, n)))
        for i in range(len(prep.bd[q])):
            arcana_places.append((prep.bd[q], i, "D", None))
    remembered = prep.seen[viewer]
    taken_by_others: dict[str, list[int]] = {"P": [], "A": [], "D": []}
    origin: dict[int, list[int]] = {}  # a card taken from a remembered packet: that packet
    unseen_packets = []
    for n, packet in enumerate(prep.packets):
        if n == mine:
            continue
        if n not in remembered:
            unseen_packets.append(n)
            continue
        # this packet now holds as many cards of each class as it does, drawn from what was left in it
        candidates = {"P": [], "A": [], "D": []}
        for x in remembered[n]:
            if x not in visible:
                candidates[_cls(x)].append(x)
        need = {"P": 0, "A": 0, "D": 0}
        for x in packet:
            need[_cls(x)] += 1
        chosen = []
        for c, pool in candidates.items():
            rng.shuffle(pool)
            chosen += pool[:need[c]]
            taken_by_others[c] += pool[need[c]:]
            origin.update((x, packet) for x in pool[need[c]:])
        rng.shuffle(chosen)
        packet[:] = chosen
    # the cards taken from remembered packets lie somewhere in the other players' Arcana
    used = {x for n in remembered if n != mine for x in prep.packets[n]}
    for c in taken_by_others.values():
        used.update(c)
    # every other hidden card is any card the viewer has not placed: the 12 packets left some cards in the box,
    # and which ones the viewer cannot know (so the true hidden cards are not the pool, only its size per class)
    rest = {"P": [], "A": [], "D": []}
    for x in _all_codes(w.game):
        if x not in used and x not in visible:
            rest[_cls(x)].append(x)
    for c in rest.values():
        rng.shuffle(c)
    _fill_arcana(w.game, arcana_places, taken_by_others, origin, rest, rng)
    # the packets never seen: their Prophets, then any other cards left
    others = rest["A"] + rest["D"]
    rng.shuffle(others)
    for n in unseen_packets:
        packet = prep.packets[n]
        for i, x in enumerate(packet):
            packet[i] = rest["P"].pop() if kind(x) == "prophet" else others.pop()
    for q in range(prep.n):
        if q != viewer:
            prep.seen[q] = {n: tuple(sorted(prep.packets[n])) for n in prep.seen[q]}


REPAIR_STEPS = 400


def _fill_arcana(game, places: list, forced: dict[str, list[int]], origin: dict[int, list[int]],
                 rest: dict[str, list[int]], rng) -> None:
    """Put the hidden cards into the other players' Arcana as they could have built them:
    every card of `forced` (seen leaving a packet, so in some Arcanum) at a random place of
    its class, the other places from `rest` (the cards not placed; what it keeps goes back
    to the unseen packets). A four-card Arcanum ("E" its Prophet, "C" its cards) takes only
    a Prophet with the extra Cult slot and Cult cards. Then the construction rules: a Cult
    card lies only in the sleeve of its Arcanum's Prophet, which `_respect_sleeves` repairs."""
    t = game.__dict__.get("_chaos_fit")
    if t is None:
        tables = game.tables
        extra = frozenset(i for i, slot in enumerate(tables.extra_slot) if slot)
        allowed = tuple(frozenset(CULT + j for j, fits in enumerate(row) if fits) for row in tables.sleeve_allows)
        t = game._chaos_fit = (extra, allowed)
    extra, allowed = t
    fits = {"P": lambda x: True, "A": lambda x: True, "D": lambda x: True,
            "E": lambda x: x in extra, "C": lambda x: kind(x) == "cult"}

    def put(k: int, pool: list[int]) -> bool:
        fit = fits[places[k][2]]
        j = next((j for j in range(len(pool) - 1, -1, -1) if fit(pool[j])), None)
        if j is None:
            return False
        cont, i, _, _ = places[k]
        cont[i] = pool.pop(j)
        return True

    for group, cls in (("PE", "P"), ("AC", "A"), ("D", "D")):
        open_places = [k for k, place in enumerate(places) if place[2] in group]
        rng.shuffle(open_places)
        pool = list(forced[cls])
        rng.shuffle(pool)
        # an Elaine-like Prophet seen in a packet lies where four cards lie, if anywhere does
        for k in [k for k in open_places if places[k][2] == "E"]:
            if put(k, pool) or put(k, rest[cls]):
                open_places.remove(k)
        # the forced cards that fit only the ordinary places first, each at a random place it fits
        pool.sort(key=lambda x: any(fits[places[k][2]](x) for k in open_places if places[k][2] in "EC"))
        for x in pool:
            choices = [i for i, k in enumerate(open_places) if fits[places[k][2]](x)]
            cont, i, _, _ = places[open_places.pop(rng.choice(choices))]
            cont[i] = x
        for k in open_places:
            put(k, rest[cls])
    _respect_sleeves(places, origin, rest, extra, allowed, rng)


def _respect_sleeves(places: list, origin: dict[int, list[int]], rest: dict[str, list[int]], extra, allowed,
                     rng) -> None:
    """Min-conflicts repair: while some Cult card lies in a sleeve its Prophet refuses, take
    one such card at random and make the trade that leaves the fewest refused cards: the
    card with another card (in another Arcanum; in the box, unless it was seen leaving a
    packet; else in that packet, from those seen with it: which of them left is what the
    sampler guessed), or its Prophet with another Prophet (likewise); one step in five takes
    any of those trades, so that the repair walks out of a dead end. A hand-made position
    with no way out keeps what is left after REPAIR_STEPS."""
    arcana: dict = {}
    for k, (cont, i, cls, arcanum) in enumerate(places):
        if arcanum is not None:
            entry = arcana.setdefault(arcanum, [None, []])
            if cls in "PE":
                entry[0] = k
            else:
                entry[1].append(k)

    def card(k: int) -> int:
        cont, i, _, _ = places[k]
        return cont[i]

    def refused(arcanum) -> int:
        prophet, cards = arcana[arcanum]
        if prophet is None:
            return 0
        ok = allowed[card(prophet)]
        return sum(1 for k in cards if kind(card(k)) == "cult" and card(k) not in ok)

    def refuses(arcanum, x: int) -> int:
        prophet = arcana[arcanum][0]
        return int(prophet is not None and kind(x) == "cult" and x not in allowed[card(prophet)])

    def fits(x: int, k: int) -> bool:
        cls = places[k][2]
        return (x in extra) if cls == "E" else (kind(x) == "cult") if cls == "C" else True

    def swap_places(k1: int, k2: int) -> None:
        c1, i1, _, _ = places[k1]
        c2, i2, _, _ = places[k2]
        c1[i1], c2[i2] = c2[i2], c1[i1]

    def swap_box(k: int, pool: list[int], j: int) -> None:
        cont, i, _, _ = places[k]
        x = cont[i]
        cont[i], pool[j] = pool[j], x
        if x in origin:  # a card back in its packet; the one that left it now lies in an Arcanum
            origin[cont[i]] = origin.pop(x)

    def trade(move) -> None:
        where, a, b = move
        if where == "place":
            swap_places(a, b)
        else:
            swap_box(a, rest[where] if isinstance(where, str) else where, b)

    card_places = [k for k, place in enumerate(places) if place[2] in "AC"]
    prophet_places = [k for k, place in enumerate(places) if place[2] in "PE"]
    for _ in range(REPAIR_STEPS):
        bad = [(arcanum, k) for arcanum, (prophet, cards) in arcana.items() if prophet is not None
               for k in cards if kind(card(k)) == "cult" and card(k) not in allowed[card(prophet)]]
        if not bad:
            return
        arcanum, k = rng.choice(bad)
        prophet = arcana[arcanum][0]
        moves = []  # (where, place, other place or index in a pool): each undoes itself
        for k2 in card_places:
            if k2 != k and fits(card(k2), k) and fits(card(k), k2):
                moves.append(("place", k, k2))
        for k2, pool_of in ((k, "A"), (prophet, "P")):
            x = card(k2)
            if x not in origin:
                moves += [(pool_of, k2, j) for j, y in enumerate(rest[pool_of]) if fits(y, k2)]
            else:
                moves += [(origin[x], k2, j) for j, y in enumerate(origin[x])
                          if _cls(y) == _cls(x) and fits(y, k2)]
        for k2 in prophet_places:
            if k2 != prophet and fits(card(k2), prophet) and fits(card(prophet), k2):
                moves.append(("place", prophet, k2))
        best, best_moves = None, []
        for move in moves:
            where, a, b = move
            if a == k:  # a card trade changes only the two cards' fit
                x = card(k)
                if where == "place":
                    y, other = card(b), places[b][3]
                    score = refuses(arcanum, y) + refuses(other, x) - 1 - refuses(other, y)
                else:
                    pool = rest[where] if isinstance(where, str) else where
                    score = refuses(arcanum, pool[b]) - 1
            else:
                touched = {arcanum, places[b][3]} if where == "place" else {arcanum}
                before = sum(refused(x) for x in touched)
                trade(move)
                score = sum(refused(x) for x in touched) - before
                trade(move)  # a trade undoes itself
            if best is None or score < best:
                best, best_moves = score, [move]
            elif score == best:
                best_moves.append(move)
        if not best_moves:
            return
        # now and then any move, so that a repair stuck where no single trade helps walks out
        trade(rng.choice(moves if rng.below(5) == 0 else best_moves))


def check_options(opts) -> None:
    if opts.decks or opts.arcana or opts.interventions:
        raise IllegalAction(R.CHAOS, "Chaos mode builds the Arcana from the packets: no decks or arcana options")
