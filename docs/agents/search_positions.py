"""The positions the search experiments of search.md (sections 17 and 19) look at: every 7th
decision with more than one action, in games between two mcts-400 from seed 0 on."""
from credo.agents.mcts import MctsAgent
from credo.kernel import PlayerView


def positions(game, count: int) -> list[tuple[int, int, object, int]]:
    """(game seed, decision number, a copy of the state, the player to move), `count` of them."""
    found, seed = [], 0
    while len(found) < count:
        state = game.new(seed)
        players = [MctsAgent(seed=seed * 10 + p, iterations=400) for p in range(state.num_players)]
        k = 0
        while not state.is_over and len(found) < count:
            p = state.to_move[0]
            view = PlayerView(state, p, seed=seed * 100003 + k)
            if len(view.legal_actions) > 1:
                k += 1
                if k % 7 == 0:
                    found.append((seed, k, state.copy(), p))
            action = players[p].choose(view) if len(view.legal_actions) > 1 else view.legal_actions[0]
            state.apply(action, p)
        seed += 1
    return found
