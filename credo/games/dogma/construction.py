"""Building the five Arcana: Predestination options, Free Will construction with
its legality checks, and the one-box variant.

A deck is (arcana, interventions, initial damage): arcana is a list of four
(prophet, cult cards, relics) in content indices; interventions lists physical
Divine Intervention cards, top first."""

from __future__ import annotations

from credo.kernel import IllegalAction, quoted

from . import rules as R
from .codes import MAX_CULT

ONE_BOX_DAMAGE = 30  # 2.1.3: "that player starts with 30 damage on the first Prophet they deploy"


def _di_pool(t) -> dict[str, list[int]]:
    pool: dict[str, list[int]] = {}
    for k, did in enumerate(t.di_ids):
        pool.setdefault(did, []).append(k)
    return pool


def predestination_decks(game, opts, rng):
    t = game.tables
    ids = game.option_ids
    decks = opts.decks
    n = opts.players
    if decks is None:
        if n == 2:
            a = rng.below(len(ids))
            b = rng.below(len(ids) - 1)
            decks = [ids[a], ids[b if b < a else b + 1]]
        else:  # 2 vs 2: the four options, one each (ruling D-30)
            decks = list(ids)
            rng.shuffle(decks)
    if len(decks) != n:
        raise IllegalAction(R.PREDESTINATION, f"each of the {n} players chooses one option, {len(decks)} given")
    for d in decks:
        if d not in ids:
            raise IllegalAction(R.PREDESTINATION, f"{quoted(d)} is not a Predestination option ({', '.join(ids)})")
    if len(set(decks)) != len(decks):
        raise IllegalAction(R.PREDESTINATION, "the players choose different options: one box holds each option's cards once")
    # the same options always give the same decks: built once per game and choice of options
    cache = game.predestined
    key = tuple(decks)
    built = cache.get(key)
    if built is None:
        pool = _di_pool(t)
        built = []
        for d in decks:
            opt = game.content.options[ids.index(d)]
            arcana = []
            for arc in opt.arcana:
                cults = tuple(t.cult_by_id[c] for c in arc.cards if c in t.cult_by_id)
                relics = tuple(t.relic_by_id[c] for c in arc.cards if c in t.relic_by_id)
                arcana.append((t.prophet_by_id[arc.prophet], cults, relics))
            dis = tuple(pool[did].pop(0) for did in opt.interventions)
            built.append((tuple(arcana), dis))
        cache[key] = built
    return [(list(arcana), list(dis), 0) for arcana, dis in built], decks


def check_arcana(game, arcana: list[list[str]], interventions: list[str], who: str = "") -> tuple:
    """Validate one player's Free Will Arcana; raise IllegalAction naming the card and the
    restriction it breaks. Returns (arcana, intervention ids) in content indices."""
    t, c = game.tables, game.content
    if len(arcana) != 4:
        raise IllegalAction(R.SETUP, f"{who}4 Arcana each contain 1 Prophet and 3 associated cards; {len(arcana)} given")
    out = []
    seen_prophets: set[str] = set()
    seen_cards: set[str] = set()  # a player's cards come from one box, theirs or shared: each card once
    for n, arc in enumerate(arcana, start=1):
        if not arc or arc[0] not in t.prophet_by_id:
            raise IllegalAction(R.SETUP, f"{who}Arcanum {n} must start with a Prophet; {quoted(arc[0] if arc else 'nothing')} is not one")
        pid = arc[0]
        p = c.prophets[t.prophet_by_id[pid]]
        if pid in seen_prophets:
            raise IllegalAction(R.SETUP, f"{who}{p.name} is in two Arcana; the box holds one")
        seen_prophets.add(pid)
        cults, relics = [], []
        for cid in arc[1:]:
            if cid in seen_cards:
                name = c.cults[t.cult_by_id[cid]].name if cid in t.cult_by_id else c.relics[t.relic_by_id[cid]].name
                raise IllegalAction(R.FREE_WILL, f"{who}{name} is in two Arcana; the box holds it once")
            if cid in t.cult_by_id or cid in t.relic_by_id:
                seen_cards.add(cid)
            if cid in t.cult_by_id:
                card = c.cults[t.cult_by_id[cid]]
                if not p.allows(card.religion, card.type):
                    raise IllegalAction(R.COMPONENTS, f"{who}{card.name} ({card.religion} {card.type.replace('_', ' ')}) "
                                        f"breaks {p.name}'s sleeve restrictions")
                cults.append(t.cult_by_id[cid])
            elif cid in t.relic_by_id:
                relics.append(t.relic_by_id[cid])
            else:
                raise IllegalAction(R.SETUP, f"{who}{quoted(cid)} is neither a Cult card nor a Relic (Arcanum {n})")
        limit = MAX_CULT if p.ability.extra_cult_slot else 3
        if len(cults) > limit:
            raise IllegalAction(R.OPENING, f"{who}{p.name} holds {len(cults)} Cult cards; up to {limit} may be assigned")
        if len(relics) > 3:
            raise IllegalAction(R.OPENING, f"{who}{p.name} holds {len(relics)} Relics; up to 3 may be assigned")
        extra = 1 if p.ability.extra_cult_slot and len(cults) == 4 else 0
        if len(cults) + len(relics) != 3 + extra:
            raise IllegalAction(R.SETUP, f"{who}Arcanum {n} ({p.name}) holds {len(cults) + len(relics)} associated "
                                "cards; an Arcanum holds a Prophet and 3 associated cards")
        out.append((t.prophet_by_id[pid], tuple(cults), tuple(relics)))
    if len(interventions) != 4:
        raise IllegalAction(R.SETUP, f"{who}the fifth Arcanum holds 4 Divine Interventions; {len(interventions)} given")
    for did in interventions:
        if did not in t.di_ids:
            raise IllegalAction(R.SETUP, f"{who}{quoted(did)} is not a Divine Intervention")
    return out, list(interventions)


def _random_arcana(game, rng, used: set):
    """A random legal deck from the cards of the box not yet `used`."""
    t, c = game.tables, game.content
    prophets = [i for i in range(len(c.prophets)) if ("p", i) not in used]
    rng.shuffle(prophets)
    arcana = []
    for pi in prophets:
        if len(arcana) == 4:
            break
        cults = [i for i, fits in enumerate(t.sleeve_allows[pi]) if fits and ("c", i) not in used]
        if len(cults) < 2:
            continue
        rng.shuffle(cults)
        relics = [i for i in range(len(c.relics)) if ("r", i) not in used]
        take_relic = bool(relics) and (rng.below(3) == 0 or len(cults) < 3)
        if len(cults) < 3 and not take_relic:
            continue
        chosen_c = cults[: 2 if take_relic else 3]
        chosen_r = [rng.choice(relics)] if take_relic else []
        used.add(("p", pi))
        used.update(("c", i) for i in chosen_c)
        used.update(("r", i) for i in chosen_r)
        arcana.append([t.prophet_ids[pi]] + [t.cult_ids[i] for i in chosen_c] + [t.relic_ids[i] for i in chosen_r])
    free = [k for k in range(len(t.di_ids)) if ("d", k) not in used]
    rng.shuffle(free)
    dis = free[:4]
    used.update(("d", k) for k in dis)
    return arcana, [t.di_ids[k] for k in dis]


def free_will_decks(game, opts, rng):
    t = game.tables
    if opts.arcana is not None:
        n = opts.players
        if len(opts.arcana) != n or opts.interventions is None or len(opts.interventions) != n:
            raise IllegalAction(R.FREE_WILL, f"give four Arcana and four Divine Interventions for each of the {n} players")
        specs = [(opts.arcana[p], opts.interventions[p]) for p in range(n)]
    else:
        shared: set = set()  # one box: what a builder takes is gone for the next
        specs = [_random_arcana(game, rng, shared if opts.one_box else set()) for _ in range(opts.players)]
    first = rng.below(opts.players) if opts.one_box else -1
    pool = _di_pool(t)
    decks = []
    counts: dict[tuple, int] = {}
    for p, (arcana, dis) in enumerate(specs):
        who = f"player {p + 1}: "
        arcs, di_ids = check_arcana(game, arcana, dis, who)
        if opts.one_box:
            for pi, cults, relics in arcs:
                for key in [("prophet", pi)] + [("cult", x) for x in cults] + [("relic", x) for x in relics]:
                    counts[key] = counts.get(key, 0) + 1
                    if counts[key] > 1:
                        name = (t.prophet_names if key[0] == "prophet" else t.cult_names if key[0] == "cult"
                                else t.relic_names)[key[1]]
                        raise IllegalAction(R.FREE_WILL, f"{who}{name} is used twice; one box holds it once")
        if not opts.one_box:
            pool = _di_pool(t)  # each player has their own copy of the game
        picked = []
        for did in di_ids:
            if not pool[did]:
                raise IllegalAction(R.FREE_WILL, f"{who}no copy of {quoted(did)} is left in the box")
            picked.append(pool[did].pop(0))
        decks.append((arcs, picked, ONE_BOX_DAMAGE if p == first else 0))
    return decks, first


# --- a person's Free Will build, step by step -----------------------------------------
class Builder:
    """One player's Free Will build, a card at a time, each step checked against section 2
    (a Prophet and 3 associated cards per Arcanum, Cult cards its sleeve allows and Relics
    in any combination, 4 Divine Interventions) and, with one box, against the cards that
    earlier builders took. It knows no terminal: `offer()` says what may come next,
    `add(id)` takes a card or raises IllegalAction naming the rule."""

    def __init__(self, game, taken: set[str] | None = None, taken_di: list[str] | None = None,
                 one_box: bool = True) -> None:
        self.game = game
        self.one_box = one_box
        # what earlier builders hold, out of the one box: card ids, and Interventions by copy
        self.taken = set(taken or ()) if one_box else set()
        self.taken_di = list(taken_di or ()) if one_box else []
        self.arcana: list[list[str]] = []
        self.interventions: list[str] = []
        self._declined = False  # no fourth Cult card for this Arcanum (Elaine's ability)

    # what the build holds
    def _prophet(self, pid: str):
        return self.game.content.prophets[self.game.tables.prophet_by_id[pid]]

    def _held(self) -> set[str]:
        return {cid for arc in self.arcana for cid in arc}

    def _di_left(self, did: str) -> int:
        copies = sum(1 for d in self.game.tables.di_ids if d == did)
        return copies - self.interventions.count(did) - self.taken_di.count(did)

    @property
    def complete(self) -> bool:
        return len(self.arcana) == 4 and not self._open() and len(self.interventions) == 4

    def _open(self) -> bool:
        """Whether the last Arcanum still wants a card."""
        if not self.arcana:
            return False
        arc = self.arcana[-1]
        return len(arc) - 1 < 3

    def step(self) -> tuple[str, int, int]:
        """('prophet', arcanum n, 0), ('card', arcanum n, card k), ('fourth', n, 4) or
        ('intervention', 5, k): what comes next."""
        if self.arcana and self._open():
            return "card", len(self.arcana), len(self.arcana[-1])
        if self.arcana and len(self.arcana[-1]) == 4 and self._fourth_possible():
            return "fourth", len(self.arcana), 4
        if len(self.arcana) < 4:
            return "prophet", len(self.arcana) + 1, 0
        return "intervention", 5, len(self.interventions) + 1

    def _fourth_possible(self) -> bool:
        arc = self.arcana[-1]
        p = self._prophet(arc[0])
        t = self.game.tables
        return (p.ability.extra_cult_slot and all(c in t.cult_by_id for c in arc[1:]) and not self._declined
                and bool(self._cults_for(p)))

    def _cults_for(self, p) -> list:
        held, taken = self._held(), self.taken
        return [c for c in self.game.content.cults if p.allows(c.religion, c.type)
                and c.id not in held and c.id not in taken]

    def offer(self) -> list:
        """The content cards that may come next (Prophets, Cult cards and Relics, or Interventions)."""
        kind, _n, k = self.step()
        c = self.game.content
        held, taken = self._held(), self.taken
        if kind == "prophet":
            return [p for p in c.prophets if p.id not in held and p.id not in taken]
        if kind == "intervention":
            return [d for d in c.interventions if self._di_left(d.id) > 0]
        p = self._prophet(self.arcana[-1][0])
        cults = self._cults_for(p)
        if kind == "fourth":
            return cults
        relics = [r for r in c.relics if r.id not in held and r.id not in taken]
        return cults + relics

    def add(self, cid: str) -> None:
        t, c = self.game.tables, self.game.content
        kind, n, k = self.step()
        held, taken = self._held(), self.taken
        if kind == "prophet":
            if cid not in t.prophet_by_id:
                raise IllegalAction(R.SETUP, f"Arcanum {n} starts with its Prophet; {quoted(cid)} is not a Prophet")
            name = self._prophet(cid).name
            if cid in held:
                raise IllegalAction(R.SETUP, f"{name} is already in your Arcana; the box holds one")
            if cid in taken:
                raise IllegalAction(R.FREE_WILL, f"{name} is in the other player's Arcana; one box holds it once")
            self.arcana.append([cid])
            self._declined = False
            return
        if kind == "intervention":
            if cid not in t.di_ids:
                raise IllegalAction(R.SETUP, f"the fifth Arcanum holds Divine Interventions; {quoted(cid)} is not one")
            if self._di_left(cid) <= 0:
                name = next(d.name for d in c.interventions if d.id == cid)
                raise IllegalAction(R.FREE_WILL, f"no copy of {name} is left in the box")
            self.interventions.append(cid)
            return
        p = self._prophet(self.arcana[-1][0])
        if cid in t.prophet_by_id:
            raise IllegalAction(R.SETUP, f"each Arcanum holds 1 Prophet; {p.name}'s Arcanum wants card {k} of 3, "
                                "a Cult card or a Relic")
        if cid in t.cult_by_id:
            card = c.cults[t.cult_by_id[cid]]
            if not p.allows(card.religion, card.type):
                allowed = "; ".join(f"{s.religion} {', '.join(TYPE_WORDS[x] for x in s.types)}" for s in p.sleeve)
                raise IllegalAction(R.COMPONENTS, f"{card.name} is a {card.religion} {TYPE_WORDS[card.type]}: "
                                    f"{p.name}'s sleeve takes {allowed}")
        elif cid in t.relic_by_id:
            card = c.relics[t.relic_by_id[cid]]
            if kind == "fourth":
                raise IllegalAction(R.SETUP, f"{p.name}'s fourth card is a Cult card (her ability), not a Relic")
        else:
            raise IllegalAction(R.SETUP, f"{quoted(cid)} is neither a Cult card nor a Relic")
        if cid in held:
            raise IllegalAction(R.SETUP, f"{card.name} is already in your Arcana; the box holds one")
        if cid in taken:
            raise IllegalAction(R.FREE_WILL, f"{card.name} is in the other player's Arcana; one box holds it once")
        self.arcana[-1].append(cid)

    def decline_fourth(self) -> None:
        self._declined = True

    def undo(self) -> bool:
        """Take back the last card placed; False when nothing is placed."""
        if self.interventions:
            self.interventions.pop()
        elif self.arcana:
            self.arcana[-1].pop()
            if not self.arcana[-1]:
                self.arcana.pop()
            self._declined = False
        else:
            return False
        return True

    def finish_randomly(self, rng) -> None:
        """The rest of the build at random, among the cards still free (every choice legal)."""
        while not self.complete:
            kind = self.step()[0]
            if kind == "fourth":
                self.decline_fourth()
                continue
            options = self.offer()
            if kind == "prophet":  # a Prophet for whom the box still holds a legal Arcanum
                relics = sum(1 for r in self.game.content.relics if r.id not in self.taken | self._held())
                options = [p for p in options if len(self._cults_for(p)) + min(relics, 3) >= 3]
            if not options:
                raise IllegalAction(R.FREE_WILL, "the box has no legal card left for this build")
            self.add(options[rng.below(len(options))].id)

    def cards(self) -> set[str]:
        return self._held() | set(self.interventions)


TYPE_WORDS = {"sacred_text": "Sacred Text", "doctrine": "Doctrine", "faithful": "Faithful", "custom": "Custom"}
