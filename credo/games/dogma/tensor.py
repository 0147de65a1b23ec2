"""Dogma's observation as a fixed float32 vector (credo.envs), seats in the viewer's order
(the viewer first; four seat slots, the last two empty in the duel).

Per seat: its active Arcanum and rear guard; each of its four Arcana (empty, hidden, where
it stands, the Prophet, Faith, Fervor, damage, markers, Malefic effects, Relics, each Cult
card: known or not, face up, withered, markers; Protection); its Divine Interventions (the
viewer's in order, everyone's played ones), damage in front, Arduous, and its
Predestination option when the viewer may know it. Then the Orders: who has committed,
the ones shown to the viewer, the revealed ones, Hysteria's; the pending decision
(revive, withering, Fidelity test); 2 vs 2 targets; the Chaos draft as the viewer sees it.
"""

from __future__ import annotations

from array import array

import numpy as np

from credo.kernel.tensor import Layout, Vocabulary, counts, finish, one_hot, rotate, scaled

from .chaos import observation as chaos_observation
from .codes import ARCANA, MAX_CULT, PATHS, PHASES
from .content import MALEFICS
from .views import sees

SEATS = 4
WHERE = ("rear", "active", "defeated")
MODES = ("predestination", "free_will", "chaos")
PENDING = ("revive", "withering", "fidelity_test")


class Encoder:
    def __init__(self, game, options=None) -> None:
        t = game.tables
        self.prophets = Vocabulary(t.prophet_ids)
        self.cults = Vocabulary(t.cult_ids)
        self.relics = Vocabulary(t.relic_ids)
        self.interventions = Vocabulary(t.di_ids)
        self.box = Vocabulary([*t.prophet_ids, *t.cult_ids, *t.relic_ids, *t.di_ids])
        self.options = Vocabulary(game.option_ids)
        self.actions = {str(a): a.index for a in game.actions}
        self.num_actions = len(game.actions)
        self.cult_features = 4 + len(self.cults)  # present, face up, withered, markers, the card when known
        self.arcanum_features = (3 + len(WHERE) + len(self.prophets) + 4 + len(MALEFICS) + 1 + len(self.relics)
                                 + MAX_CULT * self.cult_features + 1)
        self.seat_features = 1 + ARCANA + ARCANA + 3 + len(self.options) + 1
        layout = self.layout = Layout()
        layout.add("seats", SEATS, self.seat_features)
        layout.add("arcana", SEATS, ARCANA, self.arcanum_features)
        layout.add("own_interventions", ARCANA, len(self.interventions))
        layout.add("played_interventions", SEATS, len(self.interventions))
        layout.add("phase", len(PHASES))
        layout.add("mode", len(MODES))
        layout.add("turn", 4)  # my decision, turn, simultaneous resolution, result
        layout.add("committed", SEATS)
        layout.add("hysteria_first", SEATS)
        layout.add("orders_shown", SEATS, self.num_actions)
        layout.add("orders_revealed", SEATS, self.num_actions)
        layout.add("pending", len(PENDING) + 3 * SEATS + 2 * len(PATHS) + SEATS)
        layout.add("targets", SEATS, SEATS)
        layout.add("chaos_seats", SEATS, 4)  # concluded, waiting, paid, holding a packet
        layout.add("chaos_packet", len(self.box))
        layout.add("chaos_prophets", ARCANA, len(self.prophets))
        layout.add("chaos_cards", ARCANA, len(self.box))
        layout.add("chaos_interventions", len(self.box))
        layout.add("chaos_remembered", len(self.box))
        layout.add("chaos_state", 3)  # complete, minimum reached, packets examined
        self.shape = (layout.size,)
        self.prophet_feature = [self.prophets.index[x] for x in t.prophet_ids]
        self.cult_feature = [self.cults.index[x] for x in t.cult_ids]
        self.relic_feature = [self.relics.index[x] for x in t.relic_ids]
        self.intervention_feature = [self.interventions.index[x] for x in t.di_ids]
        # where the parts of a known Arcanum's features start, each from the one before
        self.counters_at = 3 + len(WHERE) + len(self.prophets)
        self.cancelled_at = 4 + len(MALEFICS)
        self.cult_at = 1 + len(self.relics)
        self.arcana_cache: dict[tuple, array] = {}
        self.blank_arcanum = array("f", bytes(4 * self.arcanum_features))
        self.deploy_feature = [self.actions.get(f"deploy {k + 1}") for k in range(ARCANA + 1)]

    def _fast_arcanum(self, out, at: int, state, sl: int, own: bool) -> None:
        """`_arcanum` of the slot's view (views.arcana_view), read from the state."""
        if state.proph[sl] < 0:
            out[at] = 1.0
            return
        w = state.where[sl]
        if 0 <= w < 3:
            out[at + 3 + w] = 1.0
        known = state.known[sl]
        if not own and not known & 1:
            out[at + 1] = 1.0
            return
        out[at + 2] = 1.0
        out[at + 3 + len(WHERE) + self.prophet_feature[state.proph[sl]]] = 1.0
        at += self.counters_at
        out[at] = state.faith(sl) / 200
        out[at + 1] = state.fervor(sl) / 100
        out[at + 2] = state.dmg[sl] / 200
        out[at + 3] = state.fmod[sl] / 50
        bits = state.mal[sl]
        if bits:
            for i in range(len(MALEFICS)):
                if bits >> i & 1:
                    out[at + 4 + i] = 1.0
        at += self.cancelled_at
        out[at] = state.flags[sl] & 1
        relics = state.relics[sl]
        if relics:
            relic_feature = self.relic_feature
            for r in relics:
                out[at + 1 + relic_feature[r]] += 1.0
        at += self.cult_at
        withered = state.wither[sl]
        cmod = state.cmod
        width = self.cult_features
        x = at
        m = sl * MAX_CULT
        cult_feature = self.cult_feature
        for j, c in enumerate(state.cults[sl][:MAX_CULT]):
            face_up = known >> (j + 1) & 1
            out[x] = 1.0
            if face_up:
                out[x + 1] = 1.0
            if withered == j:
                out[x + 2] = 1.0
            if cmod[m + j]:
                out[x + 3] = cmod[m + j] / 50
            if own or face_up:
                out[x + 4 + cult_feature[c]] = 1.0
            x += width
        if state.protect >> sl & 1:
            out[at + MAX_CULT * width] = 1.0

    def from_state(self, state, me: int | None) -> np.ndarray:
        """The same vector as `self(state.observation(me))`, read straight from the state for
        speed (tests/envs checks the two agree). What a player may know (views.py, rulings
        D-12, D-29, D-31) is decided here by the same `sees`: hidden Arcana, face-down Cult
        cards, others' Interventions, Predestination options and unrevealed choices are
        read only for the viewer and their teammate."""
        out = self.layout.blank()
        L = self.layout.sections
        n = state.np
        shift = 0 if me is None else me
        where = [(p - shift) % n for p in range(n)]
        own_of = [sees(state, me, p) for p in range(n)]
        phase = state.phase
        seat_width, arcanum_width = self.seat_features, self.arcanum_features
        interventions = len(self.interventions)
        di_feature = self.intervention_feature
        proph, known, where_, relics, cults = state.proph, state.known, state.where, state.relics, state.cults
        protect = state.protect
        # per slot, everything its features are read from, gathered by zip (in C)
        rows = list(zip(proph, relics, cults, where_, known, state.dmg, state.fmod, state.mal, state.flags,
                        state.wither, zip(*[iter(state.cmod)] * MAX_CULT)))
        arcana, blank_arcanum = self.arcana_cache, self.blank_arcanum
        for p in range(n):
            k = where[p]
            own = own_of[p]
            s = L["seats"][0] + k * seat_width
            out[s] = 1.0
            if state.active[p] >= 0:
                out[s + 1 + state.active[p]] = 1.0
            for r in state.rear[p]:
                out[s + 1 + ARCANA + r] = 1.0
            s += 1 + 2 * ARCANA
            out[s] = len(state.di[p]) / 4
            out[s + 1] = state.pend_dmg[p] / 100
            out[s + 2] = state.arduous[p] == (state.turn - 1 if phase in (1, 2) else state.turn)
            if own and state.decks:
                out[s + 3 + self.options.index[state.decks[p]]] = 1.0
            out[s + 3 + len(self.options)] = own
            at = L["arcana"][0] + k * ARCANA * arcanum_width
            for sl in range(p * ARCANA, p * ARCANA + ARCANA):
                if proph[sl] < 0:
                    out[at] = 1.0  # empty
                elif not own and not known[sl] & 1:
                    out[at + 1] = 1.0  # hidden
                    if 0 <= where_[sl] < 3:
                        out[at + 3 + where_[sl]] = 1.0
                else:
                    # most Arcana do not change from one decision to the next: their features
                    # are kept, keyed by everything they are read from
                    key = (own, rows[sl], protect >> sl & 1)
                    segment = arcana.get(key)
                    if segment is None:
                        if len(arcana) >= 5000:  # at most 6.5 MB
                            arcana.clear()
                        segment = arcana[key] = blank_arcanum[:]
                        self._fast_arcanum(segment, 0, state, sl, own)
                    out[at:at + arcanum_width] = segment
                at += arcanum_width
            played = L["played_interventions"][0] + k * interventions
            for d in state.di_done[p]:
                out[played + di_feature[d]] += 1.0
            if p == me and own:
                at = L["own_interventions"][0]
                for d in state.di[p][:ARCANA]:
                    out[at + di_feature[d]] = 1.0
                    at += interventions
        out[L["phase"][0] + phase] = 1.0
        if state.mode in MODES:
            out[L["mode"][0] + MODES.index(state.mode)] = 1.0
        t = L["turn"][0]
        out[t] = me is not None and me in state.to_move
        out[t + 1] = state.turn / 100
        out[t + 2] = bool(state.sim)
        winners = state.winners
        if winners:
            out[t + 3] = 1.0 if me in winners else -1.0
        actions = self.num_actions
        commit = state.commit
        if commit is not None:
            committed, shown = L["committed"][0], L["orders_shown"][0]
            hysteria = state.hyst
            for p, choice in commit.choices.items():
                out[committed + where[p]] = 1.0
                if own_of[p] or p in hysteria:
                    index = choice if phase != 0 else self.deploy_feature[choice]
                    if index is not None:
                        out[shown + where[p] * actions + index] = 1.0
        for p in state.hyst:
            out[L["hysteria_first"][0] + where[p]] = 1.0
        if phase == 2 or (state.plan and phase != 3):
            revealed = L["orders_revealed"][0]
            for p, a, _group in state.plan:
                out[revealed + where[p] * actions + (a if a >= 0 else ~a)] = 1.0
        self._fast_pending(out, state, me, where)
        if n == 4:
            targets = L["targets"][0]
            for p, target in enumerate(state.tgt):
                if target is not None and target >= 0:
                    out[targets + where[p] * SEATS + where[target]] = 1.0
        if state.prep is not None:  # the Chaos draft: rare, read through its observation
            self._chaos(out, chaos_observation(state, me), dict(enumerate(where)))
        return finish(out)

    def _fast_pending(self, out, state, me, where) -> None:
        e = self.layout.sections["pending"][0]
        if state.pending:
            p, sl = state.pending[0][0], state.pending[0][1]
            out[e + (0 if sl < 0 else 1)] = 1.0
            out[e + len(PENDING) + where[p]] = 1.0  # the player
        elif state.test is not None:
            c, (tester, _purpose, chooser) = state.test
            out[e + 2] = 1.0
            e += len(PENDING)
            if tester is not None:
                out[e + SEATS + where[tester]] = 1.0
            if chooser is not None:
                out[e + 2 * SEATS + where[chooser]] = 1.0
            e += 3 * SEATS
            own = c.choices.get(me) if me is not None else None
            if own is not None:
                out[e + own] = 1.0
            mate = next((c.choices[q] for q in c.choices if q != me and sees(state, me, q)), None)
            if mate is not None:
                out[e + len(PATHS) + mate] = 1.0
            e += 2 * len(PATHS)
            for p in c.choices:
                out[e + where[p]] = 1.0

    def _arcanum(self, out, at: int, view: dict, protected: bool) -> None:
        if view.get("empty"):
            out[at] = 1.0
            return
        where = view.get("where")
        if where in WHERE:
            out[at + 3 + WHERE.index(where)] = 1.0
        if view.get("hidden"):
            out[at + 1] = 1.0
            return
        out[at + 2] = 1.0  # known
        at += 3 + len(WHERE)
        out[at + self.prophets.index[view["prophet"]]] = 1.0
        at += len(self.prophets)
        out[at] = scaled(view["faith"], 200)
        out[at + 1] = scaled(view["fervor"], 100)
        out[at + 2] = scaled(view["damage"], 200)
        out[at + 3] = scaled(view["fervor_markers"], 50)
        at += 4
        for m in view["malefic"]:
            out[at + MALEFICS.index(m)] = 1.0
        at += len(MALEFICS)
        out[at] = view["ability_cancelled"]
        at += 1
        counts(out, at, self.relics, view["relics"])
        at += len(self.relics)
        for j, card in enumerate(view["cult"][:MAX_CULT]):
            c = at + j * self.cult_features
            out[c] = 1.0
            out[c + 1] = card["face_up"]
            out[c + 2] = card["withered"]
            out[c + 3] = scaled(card["markers"], 50)
            if card["card"] is not None:
                out[c + 4 + self.cults.index[card["card"]]] = 1.0
        out[at + MAX_CULT * self.cult_features] = protected

    def __call__(self, obs: dict) -> np.ndarray:
        out = np.zeros(self.layout.size, dtype=np.float32)
        L = self.layout.sections
        me = obs["player"]
        n = len(obs["players"])
        seats = rotate(list(range(n)), me)
        where = {p: k for k, p in enumerate(seats)}
        protected = set(obs["protected"])
        for p, side in enumerate(obs["players"]):
            k = where[p]
            s = L["seats"][0] + k * self.seat_features
            out[s] = 1.0
            if side["active"] is not None:
                out[s + 1 + side["active"]] = 1.0
            for r in side["rear"]:
                out[s + 1 + ARCANA + r] = 1.0
            s += 1 + 2 * ARCANA
            out[s] = scaled(side["interventions_left"], 4)
            out[s + 1] = scaled(side["damage_in_front"], 100)
            out[s + 2] = side["arduous_blocked"]
            if side["deck"] is not None:
                out[s + 3 + self.options.index[side["deck"]]] = 1.0
            out[s + 3 + len(self.options)] = side["interventions"] is not None  # their hand is known
            for a, view in enumerate(side["arcana"][:ARCANA]):
                at = L["arcana"][0] + (k * ARCANA + a) * self.arcanum_features
                self._arcanum(out, at, view, p * ARCANA + a in protected)
            counts(out, L["played_interventions"][0] + k * len(self.interventions), self.interventions,
                   side["interventions_played"])
            if p == me and side["interventions"] is not None:
                for i, d in enumerate(side["interventions"][:ARCANA]):
                    out[L["own_interventions"][0] + i * len(self.interventions) + self.interventions.index[d]] = 1.0
        one_hot(out, L["phase"][0], PHASES.index(obs["phase"]))
        one_hot(out, L["mode"][0], MODES.index(obs["mode"]) if obs["mode"] in MODES else -1)
        t = L["turn"][0]
        out[t] = me is not None and me in obs["to_move"]
        out[t + 1] = scaled(obs["turn"], 100)
        out[t + 2] = bool(obs["simultaneous"])
        if obs["winners"]:
            out[t + 3] = 1.0 if me in obs["winners"] else -1.0
        orders = obs["orders"]
        if orders is not None:
            for p in orders["committed"]:
                out[L["committed"][0] + where[p]] = 1.0
            for p, notation in orders["shown"].items():
                index = self.actions.get(notation)
                if index is not None:
                    out[L["orders_shown"][0] + where[int(p)] * self.num_actions + index] = 1.0
        for p in obs["hysteria_first"]:
            out[L["hysteria_first"][0] + where[p]] = 1.0
        for shown in obs["revealed_orders"] or ():
            index = self.actions.get(shown["order"])
            if index is not None:
                out[L["orders_revealed"][0] + where[shown["player"]] * self.num_actions + index] = 1.0
        pending = obs["pending"]
        if pending is not None:
            e = L["pending"][0]
            out[e + PENDING.index(pending["kind"])] = 1.0
            e += len(PENDING)
            for i, key in enumerate(("player", "tester", "chooser")):
                if pending.get(key) is not None:
                    out[e + i * SEATS + where[pending[key]]] = 1.0
            e += 3 * SEATS
            for i, key in enumerate(("own", "teammate")):
                if pending.get(key) is not None:
                    out[e + i * len(PATHS) + PATHS.index(pending[key])] = 1.0
            e += 2 * len(PATHS)
            for p in pending.get("committed", ()):
                out[e + where[p]] = 1.0
        for p, target in enumerate(obs["targets"] or ()):
            if target is not None and target >= 0:
                out[L["targets"][0] + where[p] * SEATS + where[target]] = 1.0
        chaos = obs["chaos"]
        if chaos is not None:
            self._chaos(out, chaos, where)
        return out

    def _chaos(self, out, chaos: dict, where: dict) -> None:
        L = self.layout.sections
        box = self.box
        for i, key in enumerate(("concluded", "waiting", "paid")):
            for p in chaos[key]:
                out[L["chaos_seats"][0] + where[p] * 4 + i] = 1.0
        for p, holding in enumerate(chaos["holding"]):
            out[L["chaos_seats"][0] + where[p] * 4 + 3] = holding
        if chaos.get("packet"):
            counts(out, L["chaos_packet"][0], box, chaos["packet"])
        for k, arcanum in enumerate(chaos.get("arcana") or ()):
            if arcanum["prophet"] is not None:
                out[L["chaos_prophets"][0] + k * len(self.prophets) + self.prophets.index[arcanum["prophet"]]] = 1.0
            counts(out, L["chaos_cards"][0] + k * len(box), box, arcanum["cards"])
        counts(out, L["chaos_interventions"][0], box, chaos.get("interventions") or ())
        for cards in (chaos.get("remembered") or {}).values():
            counts(out, L["chaos_remembered"][0], box, cards)
        s = L["chaos_state"][0]
        out[s] = bool(chaos.get("complete"))
        out[s + 1] = bool(chaos.get("minimum"))
        out[s + 2] = scaled(len(chaos["packets_examined"]), 12)


# Dogma has simultaneous secret choices (the Orders): OpenSpiel sees it as a simultaneous game
SIMULTANEOUS = True


def max_moves(game, options) -> int:
    """A bound on a game's length in decisions: the draft, then per turn each player's Order,
    Interventions, Special abilities, revivals and withering choices (a turn limit is required)."""
    limit = options.get("turn_limit") or 150
    players = options.get("players", 2)
    return 400 + limit * players * 12
