"""Divine's observation as a fixed float32 vector (credo.envs), seats in the viewer's order
(the viewer first), always four seat slots whatever the number of players.

Planes over the 18x18 city: the kind of each square and its population (from the tiles and
their turns, which the observation names), temples by owner, units by owner and kind, and
the units' states (Vigilance, acted, fresh, pinned, bonus dice). Then each seat's
followers, Divinity, hand size, temples, markers, Commandments and place in the turn
order; the viewer's hand and the discard pile as card counts; the phase, step and the
stack of cards and abilities waiting to resolve, with who may still answer.
"""

from __future__ import annotations

import numpy as np

from array import array

from credo.kernel.tensor import Layout, Vocabulary, finish, one_hot, rotate, scaled

from . import board as B
from .codes import ABILITY_WORDS, ACTED, CARD, DICE_SHIFT, FRESH, PHASES, PINNED, STEPS, UNIT_WORDS, VIGIL

SEATS = 4
UNIT_FLAGS = ("vigilance", "acted", "fresh", "pinned", "bonus_dice")


class Encoder:
    def __init__(self, game, options=None) -> None:
        self.game = game
        self.cards = Vocabulary(game.cards.ids)
        self.tiles = {t.id: i for i, t in enumerate(game.content.tiles)}
        self.cities: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
        self.stack_limit = game.stack_limit
        n = B.SQUARES
        self.planes = {"kind": 0, "population": len(B.KIND_NAMES), "temples": len(B.KIND_NAMES) + 1}
        self.planes["units"] = self.planes["temples"] + SEATS + 1
        self.planes["flags"] = self.planes["units"] + SEATS * len(UNIT_WORDS)
        self.planes["targets"] = self.planes["flags"] + len(UNIT_FLAGS)
        self.stack_features = len(self.cards) + len(ABILITY_WORDS) + SEATS + 1
        layout = self.layout = Layout()
        layout.add("planes", self.planes["targets"] + 1, B.N, B.N)
        layout.add("seats", SEATS, 6 + SEATS)  # present, followers, Divinity, hand, temples, markers, place in order
        layout.add("commandments", SEATS, len(self.cards))
        layout.add("hand", len(self.cards))
        layout.add("discard", len(self.cards))
        layout.add("phase", len(PHASES))
        layout.add("step", len(STEPS))
        layout.add("turn", 7)  # my decision, my turn, allowance, turn, round, deck size, result
        layout.add("stack", self.stack_limit, self.stack_features)
        layout.add("responders", SEATS)
        self.shape = (layout.size,)
        self._square_count = n
        cards = game.cards
        self.card_feature = [self.cards.index[c] for c in cards.ids]  # card number -> feature
        self.commandment_cards = tuple(cards.commandments)
        self.card_target = tuple(cards.target)
        self.square_feature = [B.INDEX[name] for name in B.NAMES]
        self.city_planes: dict[tuple, array] = {}  # placement -> kind and population planes

    def _city_planes(self, layout) -> array:
        planes = self.city_planes.get(layout.placement)
        if planes is None:
            kind = np.zeros((len(B.KIND_NAMES) + 1, B.SQUARES), np.float32)
            kind[list(layout.kind), np.arange(B.SQUARES)] = 1.0
            kind[len(B.KIND_NAMES)] = np.asarray(layout.pop, np.float32) / 3.0
            planes = self.city_planes[layout.placement] = array("f", kind.tobytes())
        return planes

    def _stack_target(self, state, kind: int, what: int, a: int, b: int) -> int:
        """The square feature of a stack item's target, as the observation names it (-1: none)."""
        pos = state.pos
        if kind == CARD:
            t = self.card_target[what]
            if t in (5, 6, 7):
                return pos[a]
            if t in (2, 3, 4):
                return a
            if t == 8:  # a player, named p1..p4, which reads as a square of column p
                return B.INDEX.get(f"p{a + 1}", -1)
            return -1
        if what == 7:  # train: the square trained on
            return b
        if what in (4, 5, 6):
            return pos[b]
        return -1

    def from_state(self, state, me: int | None) -> np.ndarray:
        """The same vector as `self(state.observation(me))`, read straight from the state for
        speed (tests/envs checks the two agree). It reads the viewer's own hand only; of the
        others' hands and the deck, their sizes."""
        out = self.layout.blank()
        L = self.layout.sections
        n = state.n
        shift = 0 if me is None else me
        plane = B.SQUARES
        base = L["planes"][0]
        city = self._city_planes(state.layout)
        out[base:base + len(city)] = city
        temples = base + self.planes["temples"] * plane
        ctrl = state.ctrl
        for i, sq in enumerate(state.layout.temples):
            owner = ctrl[i]
            channel = SEATS if owner < 0 else (owner - shift) % n
            out[temples + channel * plane + sq] = 1.0
        units = base + self.planes["units"] * plane
        flags = base + self.planes["flags"] * plane
        words = len(UNIT_WORDS)
        per_player = state.game.per_player
        pos, kind, flag = state.pos, state.kind, state.flags
        for u in range(len(pos)):
            sq = pos[u]
            if sq < 0:
                continue
            out[units + (((u // per_player) - shift) % n * words + kind[u]) * plane + sq] += 1.0
            f = flag[u]
            if f:
                if f & VIGIL:
                    out[flags + sq] += 1.0
                if f & ACTED:
                    out[flags + plane + sq] += 1.0
                if f & FRESH:
                    out[flags + 2 * plane + sq] += 1.0
                if f & PINNED:
                    out[flags + 3 * plane + sq] += 1.0
                if f >> DICE_SHIFT:
                    out[flags + 4 * plane + sq] += f >> DICE_SHIFT
        cards = len(self.cards)
        card = self.card_feature
        nc = len(card)
        markers = state.game.markers
        order = state.order
        seat_width = 6 + SEATS
        commandments = L["commandments"][0]
        cmds, followers, divinity, hsize = state.cmds, state.followers, state.divinity, state.hsize
        seats = L["seats"][0]
        for p in range(n):
            k = (p - shift) % n
            s = seats + k * seat_width
            held = ctrl.count(p)
            out[s] = 1.0
            out[s + 1] = followers[p] / 30
            out[s + 2] = divinity[p] / 10
            out[s + 3] = hsize[p] / 10
            out[s + 4] = held / 15
            out[s + 5] = (markers - held) / 4
            if p in order:
                out[s + 6 + order.index(p)] = 1.0
            if any(cmds[p * nc:(p + 1) * nc]):
                row = commandments + k * cards
                for c in self.commandment_cards:
                    count = cmds[p * nc + c]
                    if count:
                        out[row + card[c]] += count
        if me is not None:
            h = L["hand"][0]
            for c, count in enumerate(state.hand[me * nc:(me + 1) * nc]):
                if count:
                    out[h + card[c]] += count
        d = L["discard"][0]
        for c in state.discard:
            out[d + card[c]] += 1.0
        out[L["phase"][0] + state.phase] = 1.0
        out[L["step"][0] + state.step] = 1.0
        t = L["turn"][0]
        movers = state.to_move
        out[t] = me is not None and me in movers
        out[t + 1] = state.current == me
        out[t + 2] = state.allowance / 3
        out[t + 3] = state.turn / 100
        out[t + 4] = state.round() / 50
        out[t + 5] = len(state.deck) / 40
        if state.winner >= 0:
            out[t + 6] = 1.0 if state.winner == me else -1.0
        targets = base + self.planes["targets"] * plane
        abilities = len(ABILITY_WORDS)
        width = self.stack_features
        at = L["stack"][0]
        for kind_, p, what, a, b, cancelled in state.stack[: self.stack_limit]:
            if kind_ == CARD:
                out[at + card[what]] = 1.0
            else:
                out[at + cards + what] = 1.0
            out[at + cards + abilities + (p - shift) % n] = 1.0
            out[at + cards + abilities + SEATS] = cancelled
            target = self._stack_target(state, kind_, what, a, b)
            if target >= 0:
                out[targets + target] += 1.0
            at += width
        w = state.window
        if w is not None:
            r = L["responders"][0]
            for p in w.order[w.position:]:
                out[r + (p - shift) % n] = 1.0
        return finish(out)

    def _city(self, city) -> tuple[np.ndarray, np.ndarray]:
        key = tuple((t, q) for t, q in city)
        if key not in self.cities:
            layout = B.Layout(self.game.content.tiles, [(self.tiles[t], q) for t, q in city])
            kind = np.zeros((len(B.KIND_NAMES), B.SQUARES), np.float32)
            kind[list(layout.kind), np.arange(B.SQUARES)] = 1.0
            pop = np.asarray(layout.pop, np.float32) / 3.0
            self.cities[key] = (kind.reshape(-1), pop)
        return self.cities[key]

    def __call__(self, obs: dict) -> np.ndarray:
        out = np.zeros(self.layout.size, dtype=np.float32)
        L = self.layout.sections
        me = obs["player"]
        n = obs["players"]
        seats = rotate(list(range(n)), me)
        where = {p: k for k, p in enumerate(seats)}  # seat -> its slot in the viewer's order
        plane = B.SQUARES
        base = L["planes"][0]
        kind, pop = self._city(obs["city"])
        out[base:base + kind.size] = kind
        p0 = base + self.planes["population"] * plane
        out[p0:p0 + plane] = pop
        index = B.INDEX
        temples = base + self.planes["temples"] * plane
        for square, owner in obs["temples"].items():
            channel = SEATS if owner is None else where[owner]
            out[temples + channel * plane + index[square]] = 1.0
        units = base + self.planes["units"] * plane
        flags = base + self.planes["flags"] * plane
        for u in obs["units"]:
            sq = index[u["square"]]
            out[units + (where[u["owner"]] * len(UNIT_WORDS) + UNIT_WORDS.index(u["kind"])) * plane + sq] += 1.0
            for f, flag in enumerate(UNIT_FLAGS):
                if u[flag]:
                    out[flags + f * plane + sq] += float(u[flag])
        cards = len(self.cards)
        card = self.cards.index
        for p, state in enumerate(obs["players_state"]):
            k = where[p]
            s = L["seats"][0] + k * (6 + SEATS)
            out[s] = 1.0
            out[s + 1] = scaled(state["followers"], 30)
            out[s + 2] = scaled(state["divinity"], 10)
            out[s + 3] = scaled(state["hand_size"], 10)
            out[s + 4] = scaled(state["temples"], 15)
            out[s + 5] = scaled(state["markers_left"], 4)
            if p in obs["order"]:
                out[s + 6 + obs["order"].index(p)] = 1.0
            for c in state["commandments"]:
                out[L["commandments"][0] + k * cards + card[c]] += 1.0
        for c in obs["hand"] or ():
            out[L["hand"][0] + card[c]] += 1.0
        for c in obs["discard"]:
            out[L["discard"][0] + card[c]] += 1.0
        one_hot(out, L["phase"][0], PHASES.index(obs["phase"]))
        one_hot(out, L["step"][0], STEPS.index(obs["step"]))
        t = L["turn"][0]
        out[t] = me is not None and me in obs["to_move"]
        out[t + 1] = obs["current"] == me
        out[t + 2] = scaled(obs["allowance"], 3)
        out[t + 3] = scaled(obs["turn"], 100)
        out[t + 4] = scaled(obs["round"], 50)
        out[t + 5] = scaled(obs["deck_size"], 40)
        out[t + 6] = 0.0 if obs["winner"] is None else (1.0 if obs["winner"] == me else -1.0)
        targets = base + self.planes["targets"] * plane
        for i, item in enumerate(obs["stack"][: self.stack_limit]):
            s = L["stack"][0] + i * self.stack_features
            if "card" in item:
                out[s + card[item["card"]]] = 1.0
            else:
                out[s + cards + ABILITY_WORDS.index(item["ability"])] = 1.0
            out[s + cards + len(ABILITY_WORDS) + where[item["player"]]] = 1.0
            out[s + cards + len(ABILITY_WORDS) + SEATS] = item["cancelled"]
            target = item.get("target")
            if isinstance(target, str) and target in index:
                out[targets + index[target]] += 1.0
        for p in obs["responders"]:
            out[L["responders"][0] + where[p]] = 1.0
        return out


def max_moves(game, options) -> int:
    """A bound on a game's length in decisions, for a game with a round limit: per round
    and player, the steps, the moves of a unit budget, cards and abilities each with their
    Intervention windows."""
    rounds = options.get("turn_limit") or 60
    players = options.get("players", 2)
    return 20 + rounds * players * 120
