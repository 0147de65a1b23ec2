"""Jol's observation as a fixed float32 vector (credo.envs): the viewer's side first.

Sections: the phase; the turn's counters; INF per lane and side; each lane's Cogum slots
per side (the card, its stats now, Ready, engaged, Vows, in the engagement); each side's
Manifest; deck and pile sizes; the viewer's hand and face-down Prophecies as card counts;
graveyards and lasting Talents by card; the engagement in progress.
"""

from __future__ import annotations

from array import array

import numpy as np

from credo.kernel.tensor import Layout, Vocabulary, counts, finish, one_hot, rotate, scaled

from .codes import ATTACHED, ENGAGE_NAMES, FACE_DOWN, GRAVE, LANE0, LASTING, MANIFEST, PHASES
from .content import LANES

STAT_TOP = 10.0


class Encoder:
    def __init__(self, game, options=None) -> None:
        self.game = game
        self.cards = Vocabulary(game.tables.ids)
        assert len(self.cards) == len(game.tables.ids), "card ids are unique: from_state indexes by card type"
        self.decks = Vocabulary(game.deck_lists)
        self.lane_spaces = game.lane_spaces
        self.manifest_size = game.rules.manifest_size
        self.win_inf = float(game.rules.win_inf)
        self.cogum_features = 1 + len(self.cards) + 8  # present, the card, 8 features
        layout = self.layout = Layout()
        layout.add("phase", len(PHASES))
        layout.add("turn", 6)  # my decision, my turn, summoned this turn, turn, cards drawn, I won
        layout.add("inf", len(LANES), 2)
        layout.add("lanes", len(LANES), 2, self.lane_spaces, self.cogum_features)
        layout.add("manifest", 2, self.manifest_size, self.cogum_features)
        layout.add("sizes", 2, 4)  # deck, hand, face-down Prophecies, graveyard
        layout.add("deck", 2, len(self.decks))
        layout.add("hand", len(self.cards))
        layout.add("prophecies", len(self.cards))
        layout.add("graveyard", 2, len(self.cards))
        layout.add("lasting", 2, len(self.cards))
        layout.add("engagement", len(ENGAGE_NAMES) + len(LANES) + 3)  # kind, lane, mine, answering is me, step
        self.shape = (layout.size,)
        self._last_stats = None
        self.cogum_cache: dict[tuple, array] = {}

    def from_state(self, state, me: int | None) -> np.ndarray:
        """The same vector as `self(state.observation(me))`, read straight from the state for
        speed (tests/envs checks the two agree on every state they meet). It reads only
        what that observation shows: the viewer's own hand and face-down Prophecies, and of
        everything else what is face up or counted."""
        out = self.layout.blank()
        L = self.layout.sections
        k_of = (0, 1) if me is None or me == 0 else (1, 0)
        zone, owner, card, nxt = state.zone, state.owner, state.card, state.nxt
        out[L["phase"][0] + state.phase] = 1.0
        t = L["turn"][0]
        out[t] = me is not None and me in state.to_move
        out[t + 1] = state.current == me
        out[t + 2] = state.summoned
        out[t + 3] = state.turn / 30
        out[t + 4] = nxt / 60
        if state.winner >= 0:
            out[t + 5] = 1.0 if state.winner == me else -1.0
        known_stats = self._stats_of(state)
        attacker, defender = state.attacker, state.defender
        engaging = attacker if attacker >= 0 else -2
        defending = defender if attacker >= 0 and defender >= 0 else -2
        vows = {}
        for j, host in state.host.items():
            if zone[j] == ATTACHED:
                vows[host] = vows.get(host, 0) + 1
        width = self.cogum_features
        slots = {}
        inf, win_inf = state.inf, self.win_inf
        s = L["inf"][0]
        for lane in range(3):
            out[s + lane * 2 + k_of[0]] = inf[lane] / win_inf
            out[s + lane * 2 + k_of[1]] = inf[3 + lane] / win_inf
        lanes, manifest, cards = L["lanes"][0], L["manifest"][0], len(self.cards)
        graveyard, lasting, prophecies = L["graveyard"][0], L["lasting"][0], L["prophecies"][0]
        lane_spaces, manifest_size = self.lane_spaces, self.manifest_size
        ready, engaged = state.ready, state.engaged
        cogum_cache = self.cogum_cache
        face_down = [0, 0]
        graves = [0, 0]
        for i, z in enumerate(zone[:nxt]):
            if z < LANE0:
                continue
            p = owner[i]
            if z <= MANIFEST:
                key = z * 2 + p
                slot = slots.get(key, 0)
                slots[key] = slot + 1
                k = k_of[p]
                if z == MANIFEST:
                    if slot >= manifest_size:
                        continue
                    at = manifest + (k * manifest_size + slot) * width
                else:
                    if slot >= lane_spaces:
                        continue
                    at = lanes + (((z - LANE0) * 2 + k) * lane_spaces + slot) * width
                values = known_stats.get(i)
                if values is None:
                    values = known_stats[i] = state.stats(i)
                # a Cogum's features, kept by what they are made of (few combinations recur)
                look = (card[i], *values, ready >> i & 1, engaged >> i & 1, vows.get(i, 0), i == engaging, i == defending)
                segment = cogum_cache.get(look)
                if segment is None:
                    segment = self._cogum_segment(look)
                out[at:at + width] = segment
            elif z == GRAVE:
                out[graveyard + k_of[p] * cards + card[i]] += 1.0
                graves[p] += 1
            elif z == LASTING:
                out[lasting + k_of[p] * cards + card[i]] += 1.0
            elif z == FACE_DOWN:
                face_down[p] += 1
                if p == me:
                    out[prophecies + card[i]] += 1.0
        decks = self.decks.index
        for p in (0, 1):
            k = k_of[p]
            s = L["sizes"][0] + 4 * k
            out[s] = len(state.piles[p]) / 30
            out[s + 1] = len(state.hands[p]) / 10
            out[s + 2] = face_down[p] / 3
            out[s + 3] = graves[p] / 30
            deck = decks.get(state.decks[p], -1)
            if deck >= 0:
                out[L["deck"][0] + k * len(self.decks) + deck] = 1.0
        if me is not None:
            hand = L["hand"][0]
            for i in state.hands[me]:
                out[hand + card[i]] += 1.0
        if attacker >= 0:
            e = L["engagement"][0]
            out[e + state.kind] = 1.0
            lane = state.lane_of(attacker)
            if lane >= 0:
                out[e + len(ENGAGE_NAMES) + lane] = 1.0
            e += len(ENGAGE_NAMES) + len(LANES)
            w = state.window
            out[e] = state.current == me
            out[e + 1] = w is not None and not w.closed and w.order[w.position] == me
            out[e + 2] = state.step / 5
        return finish(out)

    def _cogum_segment(self, look: tuple) -> array:
        if len(self.cogum_cache) >= 20000:  # at most 3.8 MB
            self.cogum_cache.clear()
        c, det, hrt, sprt, ready, engaged, vows, engaging, defending = look
        out = self.cogum_cache[look] = array("f", bytes(4 * self.cogum_features))
        out[0] = 1.0
        out[1 + c] = 1.0
        at = 1 + len(self.cards)
        out[at] = det / STAT_TOP
        out[at + 1] = hrt / STAT_TOP
        out[at + 2] = sprt / STAT_TOP
        out[at + 3] = ready
        out[at + 4] = engaged
        out[at + 5] = vows / 3.0
        out[at + 6] = engaging
        out[at + 7] = defending
        return out

    def _stats_of(self, state) -> dict:
        """A Cogum's stats are a function of the cards' numbers, zones and owners, the turn's
        modifiers and the attachments (JolState.stats); three decisions in four change none
        of these, so the stats found for the last such state are kept (filled as read)."""
        last = self._last_stats
        if (last is not None and last[0] == state.zone and last[1] == state.owner and last[2] == state.card
                and last[3] == state.buff and last[4] == state.host):
            return last[5]
        known: dict = {}
        self._last_stats = (state.zone[:], state.owner[:], state.card[:], dict(state.buff), dict(state.host), known)
        return known

    def _cogum(self, out: np.ndarray, at: int, cogum: dict, engaging, defending) -> None:
        out[at] = 1.0
        one_hot(out, at + 1, self.cards.index[cogum["card"]])
        at += 1 + len(self.cards)
        out[at] = cogum["det"] / STAT_TOP
        out[at + 1] = cogum["hrt"] / STAT_TOP
        out[at + 2] = cogum["sprt"] / STAT_TOP
        out[at + 3] = cogum["ready"]
        out[at + 4] = cogum["engaged"]
        out[at + 5] = len(cogum["vows"]) / 3.0
        out[at + 6] = cogum["id"] == engaging
        out[at + 7] = cogum["id"] == defending

    def __call__(self, obs: dict) -> np.ndarray:
        out = np.zeros(self.layout.size, dtype=np.float32)
        L = self.layout.sections
        me = obs["player"]
        sides = rotate((0, 1), me)
        one_hot(out, L["phase"][0], PHASES.index(obs["phase"]))
        t = L["turn"][0]
        out[t] = me is not None and me in obs["to_move"]
        out[t + 1] = obs["current"] == me
        out[t + 2] = obs["summoned"]
        out[t + 3] = scaled(obs["turn"], 30)
        out[t + 4] = scaled(obs["drawn"], 60)
        out[t + 5] = 0.0 if obs["winner"] is None else (1.0 if obs["winner"] == me else -1.0)
        eng = obs["engagement"] or {}
        engaging, defending = eng.get("engaging"), eng.get("defender")
        width = self.cogum_features
        for lane, row in enumerate(obs["lanes"]):
            for k, p in enumerate(sides):
                out[L["inf"][0] + lane * 2 + k] = row["inf"][p] / self.win_inf
                base = L["lanes"][0] + ((lane * 2 + k) * self.lane_spaces) * width
                for slot, cogum in enumerate(row["cogum"][p][: self.lane_spaces]):
                    self._cogum(out, base + slot * width, cogum, engaging, defending)
        cards = len(self.cards)
        for k, p in enumerate(sides):
            side = obs["players"][p]
            base = L["manifest"][0] + k * self.manifest_size * width
            for slot, cogum in enumerate(side["manifest"][: self.manifest_size]):
                self._cogum(out, base + slot * width, cogum, engaging, defending)
            s = L["sizes"][0] + 4 * k
            out[s] = scaled(side["deck_size"], 30)
            out[s + 1] = scaled(side["hand_size"], 10)
            out[s + 2] = scaled(len(side["face_down"]), 3)
            out[s + 3] = scaled(len(side["graveyard"]), 30)
            one_hot(out, L["deck"][0] + k * len(self.decks), self.decks.index.get(side["deck"], -1))
            counts(out, L["graveyard"][0] + k * cards, self.cards, (c["card"] for c in side["graveyard"]))
            if p == me:
                counts(out, L["hand"][0], self.cards, (c["card"] for c in side["hand"]))
                counts(out, L["prophecies"][0], self.cards, (c["card"] for c in side["prophecies"]))
        for card in obs["lasting"]:
            k = sides.index(card["owner"])
            out[L["lasting"][0] + k * cards + self.cards.index[card["card"]]] += 1.0
        if eng:
            e = L["engagement"][0]
            one_hot(out, e, ENGAGE_NAMES.index(eng["kind"]))
            if eng["lane"] is not None:
                one_hot(out, e + len(ENGAGE_NAMES), LANES.index(eng["lane"]))
            e += len(ENGAGE_NAMES) + len(LANES)
            out[e] = obs["current"] == me
            out[e + 1] = eng["answering"] is not None and eng["answering"] == me
            out[e + 2] = scaled(eng["step"], 5)
        return out


def max_moves(game, options) -> int:
    """A bound on a game's length in decisions, for learners that need one (OpenSpiel).
    Each turn draws a card, so the decks bound the turns; a turn holds at most a summon,
    the cards in hand and an engagement per Cogum, each with its Prayer windows."""
    cards = len(game.deck_lists[options["deck1"]]) + len(game.deck_lists[options["deck2"]])
    return 40 * cards
