"""Dirge's observation as a fixed float32 vector (credo.envs), the viewer's side first.

Board planes (8x8 squares): for each side, where its creatures stand and which way each
faces; then per creature (in content order) its side, square, facing, damage against its
wounds, markers, and whether it is destroyed, used, blocked or has spent its once-only
ability; the active creature, its plan given and left, the drawn creature in setup, the
unchosen creatures, the counters of the turn.
"""

from __future__ import annotations

import numpy as np

from credo.kernel.tensor import Layout, Vocabulary, one_hot, scaled

from .board import FACINGS
from .state import PHASES

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
