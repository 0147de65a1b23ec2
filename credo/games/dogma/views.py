"""What each player may know of a Dogma state, and worlds resampled from it.

Credo ruling D-12: a player knows all of their own cards and their arrangement;
of the opponent, the Prophets that have been deployed (with their Relics), the Cult
cards that have been revealed, the Divine Interventions played, and how many
cards lie face down. Not: face-down Cult cards, the rear-guard Arcana not yet
revealed, the order of the opponent's Divine Interventions, an uncommitted or
committed but unrevealed Order or Fidelity choice (except a Hysteria Order, which
is revealed first), nor which Predestination option the opponent took (D-31).

2 vs 2 (Credo ruling D-29): teammates consult freely, so during the clash a player also knows
their teammate's hidden cards and committed Order, as their own; the opponents' stay hidden.

A sampled world (determinize, D-31) draws every hidden card again from what the player could
know (worlds.py), never from the true hidden cards."""

from __future__ import annotations

from credo.kernel import Commitments, EventLog, Rng

from .chaos import determinize as chaos_determinize
from .chaos import observation as chaos_observation
from .codes import AG_FAITH, AG_FERVOR, ARCANA, MAX_CULT, PATHS, PHASES
from .content import MALEFICS
from .worlds import resample_hidden_cards

# state.py imports this module only when a view is asked for (it is loaded by then), so the
# names above are read once here, not at every call

WHERE_NAMES = {0: "rear", 1: "active", 2: "defeated", -1: None}


def arcana_view(s, first: int, stop: int, own: bool) -> list[dict]:
    """The Arcana of slots first..stop-1 as `own` (their owner or a teammate) or another player
    sees them. An observation asks for every slot at every decision, so the state's and the
    tables' lists are read once here."""
    t = s.game.tables
    ids, prophet_ids, prophet_names, relic_ids = t.cult_ids, t.prophet_ids, t.prophet_names, t.relic_ids
    proph, where_of, known_of, cults, cmod, wither_of = s.proph, s.where, s.known, s.cults, s.cmod, s.wither
    fmod, dmg, mal, flags_of, relics_of = s.fmod, s.dmg, s.mal, s.flags, s.relics
    out = []
    for sl in range(first, stop):
        pi = proph[sl]
        if pi < 0:
            out.append({"empty": True})
            continue
        where = WHERE_NAMES[where_of[sl]]
        known = known_of[sl]
        if not own and not known & 1:
            out.append({"hidden": True, "where": where})
            continue
        wither, base = wither_of[sl], sl * MAX_CULT
        cards = []
        for j, c in enumerate(cults[sl]):
            face_up = (known >> (j + 1) & 1) == 1
            cards.append({
                "card": ids[c] if (own or face_up) else None,
                "face_up": face_up,
                "withered": wither == j,
                "markers": cmod[base + j],
            })
        agg = s.agg(sl)  # faith and fervor read from one lookup (State.faith, State.fervor)
        fervor = agg[AG_FERVOR] + 10 * fmod[sl]
        flags = flags_of[sl]
        bits = mal[sl]
        out.append({
            "prophet": prophet_ids[pi],
            "name": prophet_names[pi],
            "where": where,
            "faith": agg[AG_FAITH],
            "fervor": fervor if fervor > 0 else 0,
            "damage": dmg[sl],
            "fervor_markers": fmod[sl],
            "malefic": [m for i, m in enumerate(MALEFICS) if bits >> i & 1] if bits else [],
            "ability_cancelled": (flags & 1) == 1,
            "flags": flags,
            "relics": [relic_ids[r] for r in relics_of[sl]],
            "cult": cards,
        })
    return out


def sees(s, viewer, p: int) -> bool:
    """Whether `viewer` knows player p's hidden cards and choices: their own, or their teammate's (D-29)."""
    if viewer is None:
        return False
    return viewer == p or (s.np == 4 and viewer % 2 == p % 2)


def order_view(s, viewer) -> dict | None:
    c = s.commit
    if c is None:
        return None
    g = s.game
    shown = {}
    for p, choice in c.choices.items():
        if sees(s, viewer, p) or p in s.hyst:
            shown[str(p)] = str(g.actions[choice]) if s.phase != 0 else f"deploy {choice + 1}"
    return {"committed": sorted(c.choices), "shown": shown}


def observation(s, viewer: int | None) -> dict:
    t = s.game.tables
    players = []
    for p in range(s.np):
        own = sees(s, viewer, p)
        first = p * ARCANA
        players.append({
            "active": s.active[p] if s.active[p] >= 0 else None,
            "rear": list(s.rear[p]),
            "arcana": arcana_view(s, first, first + ARCANA, own),
            "interventions": [t.di_ids[d] for d in s.di[p]] if own else None,
            "interventions_left": len(s.di[p]),
            "interventions_played": [t.di_ids[d] for d in s.di_done[p]],
            "damage_in_front": s.pend_dmg[p],
            "arduous_blocked": s.arduous[p] == s.turn - 1 if s.phase in (1, 2) else s.arduous[p] == s.turn,
            # the Predestination option a player took: printed tables are public, the choice is not (D-31)
            "deck": s.decks[p] if s.decks and own else None,
        })
    pending = None
    if s.pending and s.pending[0][1] < 0:
        p = s.pending[0][0]
        pending = {"kind": "revive", "player": p,
                   "defeated": [{"arcanum": k + 1, "prophet": s.name(p * ARCANA + k)} for k in s.defeated_arcana(p)]}
    elif s.pending:
        pending = {"kind": "withering", "player": s.pending[0][0], "prophet": s.name(s.pending[0][1])}
    elif s.test is not None:
        c, (tester, fid, chooser) = s.test
        own = c.choices.get(viewer) if viewer is not None else None
        mate = next((c.choices[q] for q in c.choices if q != viewer and sees(s, viewer, q)), None)
        pending = {"kind": "fidelity_test", "tester": tester, "chooser": chooser, "purpose": fid,
                   "committed": sorted(c.choices), "own": PATHS[own] if own is not None else None}
        if mate is not None:
            pending["teammate"] = PATHS[mate]
    revealed = None
    if s.phase == 2 or (s.plan and s.phase != 3):
        revealed = [{"player": p, "order": str(s.game.actions[a if a >= 0 else ~a])} for p, a, _g in s.plan]
    return {
        "game": "dogma",
        "player": viewer,
        "mode": s.mode,
        "phase": PHASES[s.phase],
        "turn": s.turn,
        "to_move": list(s.to_move),
        "players": players,
        "orders": order_view(s, viewer),
        "hysteria_first": list(s.hyst),
        "revealed_orders": revealed,
        "simultaneous": s.sim,
        "pending": pending,
        "protected": [sl for sl in range(s.np * ARCANA) if s.protect >> sl & 1] if s.protect else [],
        "first_builder": s.first_builder if s.first_builder >= 0 else None,
        "chaos": chaos_observation(s, viewer),
        "winner": s.winner if s.winner in (0, 1) and s.np == 2 else None,
        "winners": list(s.winners),
        "teams": [[0, 2], [1, 3]] if s.np == 4 else None,
        "targets": list(s.tgt) if s.np == 4 else None,
        "draw": s.winner == 2,
    }


def reopen_secret_choices(s, player: int) -> None:
    """State.reopen_secret_choices: the Orders, deployments and Fidelity paths of the others
    that `player` has not seen (a Hysteria Order is revealed first, so it stays) are taken back."""
    c = s.commit
    if c is not None and c.choices:
        kept = {q: a for q, a in c.choices.items() if sees(s, player, q) or q in s.hyst}
        if len(kept) != len(c.choices):
            s.commit = Commitments(c.players, kept)
            s._tm, s._legal_for = None, -1
    if s.test is not None:
        c, info = s.test
        kept = {q: a for q, a in c.choices.items() if sees(s, player, q)}
        if len(kept) != len(c.choices):
            s.test = (Commitments(c.players, kept), info)
            s._tm, s._legal_for = None, -1


# how often a world's hidden cards are dealt again before one fits an Order revealed by Hysteria (one
# deal in three fits at worst: a face-down card in three is ruled out); the true cards always fit
_DEALS = 64


def _deal_hidden_cards(w, s, player: int, rng: Rng) -> None:
    """Deal the hidden cards of world `w`, again until the Orders that players under Hysteria revealed
    before `player` chose are ones they could place there. Such an Order tells what a face-down card
    is not: "cult 2" chosen the turn after an Arduous card says that card 2 is not Arduous, so a world
    dealing an Arduous card there could not be reached (and its position would not load). Dealing again
    until one fits is drawing the cards conditioned on what the Order showed."""
    seen = tuple(sees(s, player, q) for q in range(s.np))
    shown = {} if w.commit is None or w.phase == 0 else \
        {q: a for q, a in w.commit.choices.items() if q in w.hyst and not seen[q]}
    dealt = (w.proph, w.cults, w.relics, w.decks, list(w.di))
    for _ in range(_DEALS):
        resample_hidden_cards(w, seen, rng)
        if all(any(a == action.index for action in w.order_actions(q)) for q, a in shown.items()):
            return
        w.set_cards(*dealt[:3])
        w.decks, w.di = dealt[3], list(dealt[4])
    resample_hidden_cards(w, seen, rng)


def determinize(s, player: int, rng: Rng):
    """A world consistent with what `player` knows (rulings D-12, D-20, D-29, D-31): every card the other
    players keep hidden is drawn again from what `player` could know (worlds.py), and so are their
    secret choices not yet revealed. Nothing hidden in the world comes from the true hidden cards."""
    w = s.copy()
    w.log = EventLog()
    w.rng = rng.fork(0xD06A)
    # a world is its agent's own: what the agent changes in place, even against the rules, does not
    # reach the state it was sampled from (copies share the lists the game itself only replaces)
    w.rear, w.di = [r[:] for r in w.rear], [d[:] for d in w.di]
    w.wither, w.took, w.arduous, w.pend_dmg = w.wither[:], w.took[:], w.arduous[:], w.pend_dmg[:]
    if w.prep is not None:  # the Chaos draft: the packets and the other players' Arcana (chaos.py)
        chaos_determinize(w, player, rng)
    else:
        _deal_hidden_cards(w, s, player, rng)
    # secret choices the player has not seen
    if w.commit is not None:
        for q in sorted(w.commit.choices):
            if sees(s, player, q) or q in w.hyst:
                continue
            choices = dict(w.commit.choices)
            if w.phase == 0:
                choices[q] = rng.below(len(w.rear[q]))
            else:
                choices[q] = rng.choice(w.order_actions(q)).index
            w.commit = Commitments(w.commit.players, choices)
    if w.test is not None:
        c, info = w.test
        for q in list(c.choices):
            if not sees(s, player, q):
                choices = dict(c.choices)
                choices[q] = rng.below(len(PATHS))
                c = Commitments(c.players, choices)
                w.test = (c, info)
    w._legal_for = -1
    w._legal = []
    w._tm = None
    return w
