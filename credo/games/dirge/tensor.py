"""Dirge's observation as a fixed float32 vector (credo.envs), the viewer's side first.

Board planes (8x8 squares): for each side, where its creatures stand and which way each
faces; then per creature (in content order) its side, square, facing, damage against its
wounds, markers, and whether it is destroyed, used, blocked or has spent its once-only
ability; the active creature, its plan given and left, the drawn creature in setup, the
unchosen creatures, the counters of the turn.
"""

from __future__ import annotations

import numpy as np

from credo.kernel.tensor import Layout, Vocabulary, finish, one_hot, scaled

from .board import FACINGS
from .codes import PHASES

MODES = ("draw", "pick", "teams")


class Encoder:
    def __init__(self, game, options=None) -> None:
        board = game.board
        self.squares = Vocabulary(board.names)
        self.width, self.height = board.width, board.height
        self.creatures = Vocabulary(game.tables.ids)
        self.wounds = dict(zip(game.tables.ids, game.tables.wounds))  # printed, not in the observation
        self.plans = Vocabulary(["move", "attack", *game.tables.ability_index])
        self.creature_features = 3 + len(self.squares) + len(FACINGS) + 7
        layout = self.layout = Layout()
        layout.add("planes", 2 + 2 * len(FACINGS), self.height, self.width)
        layout.add("creatures", len(self.creatures), self.creature_features)
        layout.add("phase", len(PHASES))
        layout.add("mode", len(MODES))
        layout.add("turn", 6)  # my decision, my turn, actions left, turn, pile size, result
        layout.add("active", len(self.creatures))
        layout.add("plan_given", len(self.plans))
        layout.add("plan_left", len(self.plans))
        layout.add("drawn", len(self.creatures))
        layout.add("unchosen", len(self.creatures))
        self.shape = (layout.size,)
        self.tables = game.tables
        self.square_of = [self.squares.index[name] for name in board.names]  # board square -> feature
        self.plan_words: dict[tuple[int, int], tuple[int, ...]] = {}  # (creature, plan) -> word features

    def _plan(self, creature: int, mask: int) -> tuple[int, ...]:
        key = (creature, mask)
        words = self.plan_words.get(key)
        if words is None:
            text = self.tables.plan_text(creature, mask) if creature >= 0 and mask else ""
            words = self.plan_words[key] = tuple(self.plans.index[w] for w in text.split("+") if w)
        return words

    def from_state(self, state, me: int | None) -> np.ndarray:
        """The same vector as `self(state.observation(me))`, read straight from the state for
        speed (tests/envs checks the two agree). Dirge hides only the order of the pile, which
        this reads nothing of but its size."""
        out = self.layout.blank()
        L = self.layout.sections
        plane = self.width * self.height
        planes = L["planes"][0]
        width = self.creature_features
        squares = len(self.squares)
        facings = len(FACINGS)
        mine = 0 if me is None else me
        owner, pos, facing, damage, markers, spent = (state.owner, state.pos, state.facing, state.damage,
                                                      state.markers, state.spent)
        used, blocked = state.used, state.blocked
        placed = state.phase != 0
        square_of, wounds = self.square_of, self.tables.wounds
        at = L["creatures"][0]
        unchosen = L["unchosen"][0]
        for c in range(len(owner)):
            o = owner[c]
            if o < 0:
                out[at + 2] = 1.0
                out[unchosen + c] = 1.0
                side = -1
            else:
                side = 0 if o == mine else 1
                out[at + side] = 1.0
            p = pos[c]
            if p >= 0:
                square = square_of[p]
                f = facing[c]
                out[at + 3 + square] = 1.0
                out[at + 3 + squares + f] = 1.0
                if side >= 0:
                    out[planes + side * plane + square] = 1.0
                    out[planes + (2 + side * facings + f) * plane + square] = 1.0
            elif o >= 0 and placed:
                out[at + 6 + squares + facings] = 1.0  # destroyed
            f = at + 3 + squares + facings
            d = damage[c]
            if d:
                out[f] = d / 8
            out[f + 1] = (wounds[c] - d) / 8
            if markers[c]:
                out[f + 2] = markers[c] / 4
            if used >> c & 1:
                out[f + 4] = 1.0
            if blocked >> c & 1:
                out[f + 5] = 1.0
            if spent[c]:
                out[f + 6] = 1.0
            at += width
        out[L["phase"][0] + state.phase] = 1.0
        if state.mode in MODES:
            out[L["mode"][0] + MODES.index(state.mode)] = 1.0
        t = L["turn"][0]
        out[t] = me is not None and state.phase != 2 and state.current == me
        out[t + 1] = state.current == me
        out[t + 2] = state.pool / 4
        out[t + 3] = state.turn / 100
        out[t + 4] = len(state.pile) / len(self.creatures)
        if state.winner in (0, 1):
            out[t + 5] = 1.0 if state.winner == me else -1.0
        active = state.active
        if active >= 0:
            out[L["active"][0] + active] = 1.0
        for word in self._plan(active, state.given):
            out[L["plan_given"][0] + word] = 1.0
        for word in self._plan(active, state.plan):
            out[L["plan_left"][0] + word] = 1.0
        if state.drawn >= 0:
            out[L["drawn"][0] + state.drawn] = 1.0
        return finish(out)

    def __call__(self, obs: dict) -> np.ndarray:
        out = np.zeros(self.layout.size, dtype=np.float32)
        L = self.layout.sections
        me = obs["player"]
        plane = self.width * self.height
        planes = L["planes"][0]
        creatures = L["creatures"][0]
        width = self.creature_features
        for c in obs["creatures"]:
            at = creatures + self.creatures.index[c["id"]] * width
            owner = c["owner"]
            side = None if owner is None else (0 if me is None and owner == 0 or owner == me else 1)
            if side is not None:
                out[at + side] = 1.0
            else:
                out[at + 2] = 1.0  # not yet chosen by either side
            at += 3
            if c["square"] is not None:
                square = self.squares.index[c["square"]]
                facing = FACINGS.index(c["facing"])
                out[at + square] = 1.0
                out[at + len(self.squares) + facing] = 1.0
                if side is not None:
                    out[planes + side * plane + square] = 1.0
                    out[planes + (2 + side * len(FACINGS) + facing) * plane + square] = 1.0
            at += len(self.squares) + len(FACINGS)
            out[at] = scaled(c["damage"], 8)
            out[at + 1] = scaled(self.wounds[c["id"]] - c["damage"], 8)
            out[at + 2] = scaled(c["markers"], 4)
            out[at + 3] = c["destroyed"]
            out[at + 4] = c["used"]
            out[at + 5] = c["blocked"]
            out[at + 6] = c["once_spent"]
        one_hot(out, L["phase"][0], PHASES.index(obs["phase"]))
        one_hot(out, L["mode"][0], MODES.index(obs["mode"]) if obs["mode"] in MODES else -1)
        t = L["turn"][0]
        out[t] = me is not None and me in obs["to_move"]
        out[t + 1] = obs["current"] == me
        out[t + 2] = scaled(obs["actions_left"], 4)
        out[t + 3] = scaled(obs["turn"], 100)
        out[t + 4] = scaled(obs["pile_size"], len(self.creatures))
        out[t + 5] = 0.0 if obs["winner"] is None else (1.0 if obs["winner"] == me else -1.0)
        index = self.creatures.index
        if obs["active"] is not None:
            out[L["active"][0] + index[obs["active"]]] = 1.0
        for word in obs["plan_given"]:
            out[L["plan_given"][0] + self.plans.index[word]] = 1.0
        for word in obs["plan_left"]:
            out[L["plan_left"][0] + self.plans.index[word]] = 1.0
        if obs["drawn"] is not None:
            out[L["drawn"][0] + index[obs["drawn"]]] = 1.0
        for cid in obs["unchosen"]:
            out[L["unchosen"][0] + index[cid]] = 1.0
        return out


def max_moves(game, options) -> int:
    """A bound on a game's length in decisions: setup (a pick and a placement per creature),
    then per turn at most a plan and its actions per creature (a turn limit is required)."""
    limit = options.get("turn_limit") or 200
    return 4 * len(game.tables.ids) + limit * (2 + 4 * len(game.tables.ids))
