"""Sampled worlds: the cards another player keeps hidden, drawn again from what the viewer knows
(Credo ruling D-31).

A search plays on worlds, so a world must hold nothing the viewer could not know. For every player
the viewer does not see (`views.sees`), whatever is hidden is drawn afresh, and only from public
facts and the viewer's own cards, never from the true hidden cards:

- Predestination: the four options are printed, so the opponent's option is drawn uniformly among
  the options the rules still allow (not the viewer's nor a teammate's: one box holds each option
  once) that fit what has been revealed (Prophets with their Relics, face-up Cult cards,
  Interventions played). Every option that fits has the same number of arrangements (the hidden
  Arcana in any order, each one's Cult cards in any order, the Interventions in any order), so
  drawing the option uniformly among them is what the counting gives. The option's Arcana not yet
  revealed are dealt to the hidden places, their Cult cards in a random order; a revealed Prophet's
  face-down places get the rest of its printed Arcanum in a random order.
- Free Will and Chaos (after the draft): builds are secret, so every hidden card is drawn from the
  box the game is played with (one box shared by every player in Chaos and in Free Will with
  `one_box`; otherwise each player's own copy), minus every card the viewer knows to be elsewhere,
  following the construction rules of section 2: a Cult card only in a sleeve that allows it, no
  card twice in one player's Arcana, 3 associated cards (Cult cards and Relics in any combination).

What is public stays: which places are empty, revealed Prophets, their Relics and face-up cards,
how many cards lie face down, damage and markers (on the slot, never on the card), the
Interventions played and how many are left. So does what the rules let the viewer deduce: a card
face down under a Prophet once deployed is not a Revealed card (deployment turns those face up), so
none is dealt there; a world that dealt one would narrate it at the Prophet's next deployment."""

from __future__ import annotations

from .codes import ARCANA, REVEALED

_RELIC_CHANCE = 3  # one hidden Arcanum in three takes a Relic, as the game's own random builds do
_FRESH = 1 << 40  # a 64-bit draw gives digits until fewer than 40 random bits are left


class WorldTables:
    """What the sampler draws from, computed once per game; read-only (tuples), shared by all worlds."""

    def __init__(self, game) -> None:
        t, c = game.tables, game.content
        self.n_prophets = len(t.prophet_ids)
        self.n_relics = len(t.relic_ids)
        self.n_di = len(t.di_ids)
        self.cult_count = len(t.cult_ids)
        # the Cult cards each Prophet's sleeve allows (section 1, "restrictions for building its sleeve")
        self.allowed = tuple(tuple(i for i, card in enumerate(c.cults) if p.allows(card.religion, card.type))
                             for p in c.prophets)
        # a Revealed Cult card turns face up when its Prophet is deployed (section 4, "Revealed"), so the face-down
        # places of a Prophet once deployed hold none: drawing one there would show it at the next deployment
        self.revealed = frozenset(i for i in range(len(c.cults)) if t.ckw[i] & REVEALED)
        self.allowed_face_down = tuple(tuple(i for i in cs if i not in self.revealed) for cs in self.allowed)
        self.di_content = tuple(t.di_content)
        copies: dict[int, list[int]] = {}
        for k, ci in enumerate(t.di_content):
            copies.setdefault(ci, []).append(k)
        self.di_copies = {ci: tuple(ks) for ci, ks in copies.items()}
        options = []
        for opt in c.options:
            arcana = []
            for arc in opt.arcana:
                cults = tuple(t.cult_by_id[x] for x in arc.cards if x in t.cult_by_id)
                relics = tuple(t.relic_by_id[x] for x in arc.cards if x in t.relic_by_id)
                arcana.append((t.prophet_by_id[arc.prophet], cults, relics))
            dis = tuple(t.di_content[t.di_ids.index(d)] for d in opt.interventions)
            options.append(PrintedOption(opt.id, tuple(arcana), dis))
        self.options = tuple(options)
        of: dict[int, list[int]] = {}
        for k, o in enumerate(options):
            for pi in o.prophets:
                of.setdefault(pi, []).append(k)
        self.options_with = {pi: tuple(ks) for pi, ks in of.items()}  # a revealed Prophet -> the options holding it
        self.plans: dict = {}  # what a state leaves to draw (_predestination_plans, _box_plan), by state


class PrintedOption:
    """One Predestination option in content indices: its Arcana and its Interventions' contents."""

    __slots__ = ("arcana", "by_prophet", "dis", "id", "prophets")

    def __init__(self, oid: str, arcana: tuple, dis: tuple) -> None:
        self.id = oid
        self.arcana = arcana
        self.dis = dis
        self.prophets = frozenset(a[0] for a in arcana)
        self.by_prophet = {a[0]: a for a in arcana}


def world_tables(game) -> WorldTables:
    wt = game.__dict__.get("_world_tables")
    if wt is None:
        wt = game._world_tables = WorldTables(game)
    return wt


def resample_hidden_cards(w, seen: tuple[bool, ...], rng) -> None:
    """Draw again, in world `w`, every card of the players not in `seen`. `w` is a fresh copy."""
    hidden = [q for q in range(w.np) if not seen[q]]
    if not hidden:
        return
    wt = world_tables(w.game)
    proph, cults, relics = list(w.proph), list(w.cults), list(w.relics)
    if not (w.mode == "predestination" and _predestination(w, wt, seen, hidden, rng, proph, cults, relics)):
        # Free Will with one box, and Chaos, share one box among all players; a hand-made position that no
        # printed option fits is treated as Free Will with a box per player, the least that can be assumed
        shared = w.mode == "chaos" or (w.mode == "free_will" and w.first_builder >= 0)
        _from_box(w, wt, seen, hidden, rng, proph, cults, relics, shared)
    w.set_cards(proph, cults, relics)


# --- Predestination ---------------------------------------------------------------------------

def _fits(w, q: int, opt: PrintedOption, revealed: frozenset) -> bool:
    """Whether player q's public cards could be option `opt`."""
    base = q * ARCANA
    proph, known, cults, relics = w.proph, w.known, w.cults, w.relics
    count = 0
    for sl in range(base, base + ARCANA):
        pi = proph[sl]
        if pi < 0:
            continue
        count += 1
        if known[sl] & 1:
            arc = opt.by_prophet.get(pi)
            if arc is None or len(arc[1]) != len(cults[sl]) or sorted(arc[2]) != sorted(relics[sl]):
                return False
            bits = known[sl]
            printed = list(arc[1])
            for j, c in enumerate(cults[sl]):
                if bits >> (j + 1) & 1:
                    if c not in printed:
                        return False
                    printed.remove(c)
            if revealed.intersection(printed):  # a Revealed card left face down: deployment shows it
                return False
    if count != len(opt.arcana):
        return False
    left = list(opt.dis)
    for d in w.di_done[q]:
        ci = w.game.tables.di_content[d]
        if ci not in left:
            return False
        left.remove(ci)
    return len(left) == len(w.di[q])


def _predestination(w, wt, seen, hidden, rng, proph, cults, relics) -> bool:
    """Draw the hidden players' options and deal their hidden cards; False if no printed option fits."""
    # everything but the draws depends on the state alone: planned once per state (a search samples
    # a thousand worlds from the same one)
    key = ("printed", seen, w.proph, w.cults, w.relics, tuple(w.known), w.di_done, tuple(map(len, w.di)), tuple(w.decks),
           tuple(tuple(w.di[p]) for p in range(w.np) if seen[p]))
    plans = wt.plans.get(key)
    if plans is None:
        if len(wt.plans) > 4096:
            wt.plans.clear()
        plans = wt.plans[key] = _predestination_plans(w, wt, seen, hidden)
    if not plans:
        return False
    chosen = plans[rng.below(len(plans))] if len(plans) > 1 else plans[0]
    shuffle = rng.shuffle
    if len(w.decks) == w.np:
        w.decks = decks = list(w.decks)
        for q, (oid, *_rest) in zip(hidden, chosen):
            decks[q] = oid
    for q, (_oid, fills, spare, unrevealed, pile) in zip(hidden, chosen):
        for sl, now, down, printed in fills:
            printed = list(printed)
            shuffle(printed)
            now = list(now)
            for j, c in zip(down, printed):
                now[j] = c
            cults[sl] = tuple(now)
        if spare:
            unrevealed = list(unrevealed)
            shuffle(unrevealed)
            for sl, (pi, cs, rs) in zip(spare, unrevealed):
                order = list(cs)
                shuffle(order)
                proph[sl], cults[sl], relics[sl] = pi, tuple(order), rs
        pile = list(pile)
        shuffle(pile)
        w.di[q] = pile
    return True


def _predestination_plans(w, wt, seen, hidden) -> tuple:
    """Every way the hidden players may take the options left that fit what they revealed, each as, per
    hidden player: (option id, face-down places to fill [(slot, cards, places, printed cards left)],
    unrevealed slots, the option's Arcana not revealed, the physical Interventions not played)."""
    proph, known, cults, decks = w.proph, w.known, w.cults, w.decks
    have = len(decks) == w.np
    # an option is out of reach if a player the viewer sees plays it: one box holds each option once
    own_prophets = {proph[sl] for p in range(w.np) if seen[p] for sl in range(p * ARCANA, p * ARCANA + ARCANA)}
    taken = {decks[p] for p in range(w.np) if seen[p]} if have else set()
    free = [k for k, o in enumerate(wt.options) if o.id not in taken and not (o.prophets & own_prophets)]
    fitting = []
    for q in hidden:
        # a revealed Prophet names the options it can come from (in the printed tables, one)
        ks = free
        for sl in range(q * ARCANA, q * ARCANA + ARCANA):
            if proph[sl] >= 0 and known[sl] & 1:
                ks = [k for k in wt.options_with.get(proph[sl], ()) if k in free]
                break
        fitting.append([k for k in ks if _fits(w, q, wt.options[k], wt.revealed)])
    assignments = [()]
    for ks in fitting:  # the hidden players take different options
        assignments = [a + (k,) for a in assignments for k in ks if k not in a]
    di_content = w.game.tables.di_content
    plans = []
    for assignment in assignments:
        used_di = set()
        for p in range(w.np):
            used_di.update(w.di_done[p])
            if seen[p]:
                used_di.update(w.di[p])
        plan = []
        for q, k in zip(hidden, assignment):
            opt = wt.options[k]
            shown, spare, fills = set(), [], []
            for sl in range(q * ARCANA, q * ARCANA + ARCANA):
                pi = proph[sl]
                if pi < 0:
                    continue
                if not known[sl] & 1:
                    spare.append(sl)
                    continue
                shown.add(pi)
                printed = list(opt.by_prophet[pi][1])
                bits = known[sl]
                down = []
                for j, c in enumerate(cults[sl]):
                    if bits >> (j + 1) & 1:
                        printed.remove(c)
                    else:
                        down.append(j)
                if down:
                    fills.append((sl, cults[sl], tuple(down), tuple(printed)))
            left = list(opt.dis)
            for d in w.di_done[q]:
                left.remove(di_content[d])
            pile = []
            for ci in left:  # which physical copy carries no information: the first one not elsewhere
                copies = wt.di_copies[ci]
                d = next((x for x in copies if x not in used_di), copies[0])
                used_di.add(d)
                pile.append(d)
            plan.append((opt.id, tuple(fills), tuple(spare), tuple(a for a in opt.arcana if a[0] not in shown),
                         tuple(pile)))
        plans.append(tuple(plan))
    return tuple(plans)


# --- Free Will and Chaos: builds drawn from the box -----------------------------------------------

def _draw(rng, pool: list, n: int) -> list:
    """n items drawn without replacement from `pool` (consumed), in random order. The places are the digits of
    one 64-bit draw (pools are a few dozen cards: each digit is uniform to within 2**-40)."""
    out = []
    z = rng.next64()
    for _ in range(min(n, len(pool))):
        if z < _FRESH:
            z = rng.next64()
        m = len(pool)
        i = z % m
        z //= m
        out.append(pool[i])
        pool[i] = pool[-1]
        pool.pop()
    return out


def _from_box(w, wt, seen, hidden, rng, proph, cults, relics, shared: bool) -> None:
    key = ("box", shared, seen, w.proph, w.cults, w.relics, tuple(w.known), w.di_done, tuple(map(len, w.di)),
           tuple(tuple(w.di[p]) for p in range(w.np) if seen[p]))
    plan = wt.plans.get(key)
    if plan is None:
        if len(wt.plans) > 4096:
            wt.plans.clear()
        plan = wt.plans[key] = _box_plan(w, wt, seen, hidden, shared)
    excluded, face_down, spare = plan
    if shared:
        one = tuple(set(x) for x in excluded[0])
        excluded = [one] * len(hidden)
    else:
        excluded = [tuple(set(x) for x in e) for e in excluded]
    # the face-down Cult cards of revealed Prophets first, the most constrained places of all: with one box,
    # every hidden player's together
    for i, places in face_down:
        _deal_face_down(rng, wt, places, excluded[i][1], cults)
    for i, q in enumerate(hidden):
        no_p, no_c, no_r, no_d = excluded[i]
        # the Arcana not yet revealed: a Prophet, then its 3 associated cards
        if spare[i]:
            prophets = [pi for pi in range(wt.n_prophets) if pi not in no_p]
            relic_pool = [r for r in range(wt.n_relics) if r not in no_r]  # drawn Relics leave it
            for sl in spare[i]:
                _deal_arcanum(rng, wt, sl, prophets, no_p, no_c, relic_pool, proph, cults, relics)
            no_r.update(r for r in range(wt.n_relics) if r not in relic_pool)  # the Relics just dealt
        # the Interventions still to play, in a random order
        n = len(w.di[q])
        if n:
            pool = [d for d in range(wt.n_di) if d not in no_d]
            pile = _draw(rng, pool, n)
            if len(pile) < n:  # a hand-made position holding more than the box: any copies, never the true ones
                pile += _draw(rng, [d for d in range(wt.n_di) if d not in pile], n - len(pile))
            no_d.update(pile)
            w.di[q] = pile


def _box_plan(w, wt, seen, hidden, shared: bool) -> tuple:
    """What a state leaves to draw from the box, computed once per state: per hidden player the
    (Prophets, Cult cards, Relics, Interventions) they cannot hold (with one box, one set for all); the
    groups of face-down places [(hidden player index, [(slot, prophet, places)])], the most constrained
    first; per hidden player their unrevealed slots."""
    proph, known, cults, relics = w.proph, w.known, w.cults, w.relics
    # cards whose place the viewer knows: their own and their teammate's, and every face-up card
    out_p, out_c, out_r, out_d = set(), set(), set(), set()
    if shared:
        for p in range(w.np):
            out_d.update(w.di_done[p])
            if seen[p]:
                out_d.update(w.di[p])
            for sl in range(p * ARCANA, p * ARCANA + ARCANA):
                pi = proph[sl]
                if pi < 0:
                    continue
                if seen[p] or known[sl] & 1:
                    out_p.add(pi)
                    out_r.update(relics[sl])
                bits = -1 if seen[p] else known[sl]
                for j, c in enumerate(cults[sl]):
                    if bits >> (j + 1) & 1:
                        out_c.add(c)
    excluded, spare, shown = [], [], []
    for q in hidden:
        base = q * ARCANA
        if shared:
            excluded.append((out_p, out_c, out_r, out_d))
        else:  # the player's own copy of the game: only their own face-up cards are spent
            no_p, no_c, no_r = set(), set(), set()
            for sl in range(base, base + ARCANA):
                if proph[sl] >= 0 and known[sl] & 1:
                    no_p.add(proph[sl])
                    no_r.update(relics[sl])
                    bits = known[sl]
                    no_c.update(c for j, c in enumerate(cults[sl]) if bits >> (j + 1) & 1)
            excluded.append((no_p, no_c, no_r, set(w.di_done[q])))
        spare.append(tuple(sl for sl in range(base, base + ARCANA) if proph[sl] >= 0 and not known[sl] & 1))
        places = []
        for sl in range(base, base + ARCANA):
            bits = known[sl]
            if proph[sl] >= 0 and bits & 1:
                down = tuple(j for j in range(len(cults[sl])) if not bits >> (j + 1) & 1)
                if down:
                    places.append((sl, proph[sl], down))
        shown.append(places)
    groups = [(0, [x for places in shown for x in places])] if shared else list(enumerate(shown))
    face_down = []
    for i, places in groups:
        if places:
            no_c = excluded[i][1]
            places.sort(key=lambda x: sum(1 for c in wt.allowed_face_down[x[1]] if c not in no_c) - len(x[2]))
            face_down.append((i, tuple(places)))
    return (tuple(tuple(frozenset(x) for x in e) for e in excluded), tuple(face_down), tuple(spare))


def _deal_face_down(rng, wt, shown, no_c, cults) -> None:
    """Fill the face-down places of revealed Prophets [(slot, prophet, places)] with Cult cards their sleeves allow
    and not known elsewhere, never a Revealed card (it would have turned face up at the deployment). Drawn one
    Prophet after another (the most constrained sleeve first, see _box_plan), a draw can leave a later sleeve short
    though the true cards fit; then the whole draw is made again, and if it keeps failing (a hand-made position)
    the cards come from the public tables alone: never from the true cards."""
    allowed = wt.allowed_face_down
    for _attempt in range(8):
        taken: set = set()
        picks = []
        for sl, pi, down in shown:
            pool = [c for c in allowed[pi] if c not in no_c and c not in taken]
            if len(pool) < len(down):
                break
            drawn = _draw(rng, pool, len(down))
            taken.update(drawn)
            picks.append(drawn)
        else:
            break
    else:
        picks = [_from_tables(rng, wt, pi, len(down)) for sl, pi, down in shown]
        taken = {c for drawn in picks for c in drawn}
    for (sl, _pi, down), drawn in zip(shown, picks):
        now = list(cults[sl])
        for j, c in zip(down, drawn):
            now[j] = c
        cults[sl] = tuple(now)
    no_c.update(taken)


def _deal_arcanum(rng, wt, sl, prophets, no_p, no_c, relic_pool, proph, cults, relics) -> None:
    allowed = wt.allowed
    z = rng.next64()
    while prophets:
        if z < _FRESH:
            z = rng.next64()
        i = z % len(prophets)
        z //= len(prophets)
        pi = prophets[i]
        prophets[i] = prophets[-1]
        prophets.pop()
        cs = [c for c in allowed[pi] if c not in no_c]
        if len(cs) + min(len(relic_pool), 3) < 3:
            continue  # this Prophet cannot make a legal Arcanum from what is left
        n_rel = max(3 - len(cs), 1 if relic_pool and z % _RELIC_CHANCE == 0 else 0)
        chosen_r = tuple(_draw(rng, relic_pool, n_rel)) if n_rel else ()
        chosen_c = tuple(_draw(rng, cs, 3 - n_rel))
        proph[sl], cults[sl], relics[sl] = pi, chosen_c, chosen_r
        no_p.add(pi)
        no_c.update(chosen_c)
        return
    # nothing legal is left in the box (only a hand-made position gets here): any Prophet with cards its sleeve
    # allows, drawn from the public tables alone, so the place still says nothing of the true card
    pi = rng.below(wt.n_prophets)
    proph[sl], cults[sl], relics[sl] = pi, tuple(_from_tables(rng, wt, pi, 3, face_down=False)), ()


def _from_tables(rng, wt, pi: int, n: int, face_down: bool = True) -> list:
    """n Cult cards for Prophet pi from the public tables alone (a hand-made position the box cannot fill): those
    its sleeve allows first, then any others, so that every place is drawn again and none keeps its true card."""
    allowed = wt.allowed_face_down[pi] if face_down else wt.allowed[pi]
    drawn = _draw(rng, list(allowed), n)
    if len(drawn) < n:
        others = [c for c in range(wt.cult_count) if c not in drawn
                  and not (face_down and c in wt.revealed)]
        drawn += _draw(rng, others, n - len(drawn))
    return drawn
