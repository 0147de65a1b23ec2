"""A search must meet the others' secret simultaneous choices the same way whichever seat
chooses first (State.reopen_secret_choices). A sampled world draws an unseen Order at random,
like a hidden card; searching from there, the player who chooses second replied to a random
Order while the first searched against a thinking opponent, and the first seat won 69.6% of
130 Dogma duels between two `medium` searches (docs/balance/README.md)."""

from credo.agents.mcts import MctsAgent
from credo.games import load
from credo.kernel import PlayerView, Rng


def second_to_choose(options=None, seed=2):
    """A Dogma state in which player 1 has committed an Order and player 2 has not."""
    game = load("dogma")
    state = game.new(seed, **(options or {}))
    rng = Rng(seed)
    for _ in range(400):
        movers = state.to_move
        if state.commit is not None and state.phase != 0 and len(state.commit.players) == 2 \
                and 0 in state.commit.choices and movers == (1,):
            return game, state
        state.apply(rng.choice(state.legal_actions(movers[0])), movers[0])
    raise AssertionError("no second Order met")


def test_a_reopened_world_has_the_unseen_order_still_to_choose():
    game, state = second_to_choose()
    world = PlayerView(state, 1, seed=3).sample_world(Rng(4))
    assert world.to_move == (1,)  # as sampled: the first Order made, at random
    world.reopen_secret_choices(1)
    assert set(world.to_move) == {0, 1}
    assert 0 not in world.commit.choices


def test_a_player_keeps_its_own_choice_and_games_without_secret_choices_are_untouched():
    game, state = second_to_choose()
    world = state.copy()
    world.reopen_secret_choices(0)  # player 1 made this choice: it knows it
    assert world.commit.choices == state.commit.choices
    assert world.to_move == (1,)
    for name in ("dirge", "divine", "jol"):
        other = load(name).new(1)
        position = other.to_position()
        for player in range(other.num_players):
            other.reopen_secret_choices(player)
        assert other.to_position() == position


def test_the_second_chooser_searches_the_simultaneous_choice():
    # its tree holds the first chooser's Orders as choices still to come, as the first
    # chooser's held its own (decoupled UCT), not one random Order per world
    game, state = second_to_choose()
    agent = MctsAgent(5, iterations=200)
    agent.choose(PlayerView(state, 1, seed=6))
    movers = {player for player, _action in agent.last_root.edges}
    assert movers == {0, 1}
