"""Within a simultaneous group (ruling D-16) a Prophet whose damage has reached its Faith
falls only when every Order of the group has taken effect: a position saved in between is a
state of play, so it loads, and a bot's view of it (pickled to a worker) comes back."""

from __future__ import annotations

import pickle
import random

from credo import games
from credo.kernel import PlayerView


def test_a_position_between_a_groups_orders_with_a_prophet_at_its_faith_loads():
    game = games.load("dogma")
    state = game.new(seed=38, players=4, turn_limit=150)
    rng = random.Random(38)
    reached = 0
    for n in range(120):
        if state.is_over:
            break
        obs = state.observation(None)
        at_faith = [a for side in obs["players"] for a in side["arcana"]
                    if a.get("where") == "active" and a.get("damage", 0) >= a.get("faith", 1)]
        if obs["simultaneous"] and at_faith:
            reached += 1
        game.from_position(state.to_position())
        player = state.to_move[0]
        pickle.loads(pickle.dumps(PlayerView(state, player, seed=n)))
        state.apply(rng.choice(state.legal_actions(player)), player)
    assert reached > 0  # the game passed through such a moment (seed 38 does, at move 81)
