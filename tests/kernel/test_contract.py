"""Property tests of the Game/State contract, for every game: copies are
independent, every legal action applies, every illegal one is refused with the
state unchanged, observations are JSON, positions round-trip, and what a player
sees does not depend on hidden information."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from credo import games
from credo.kernel import IllegalAction, PlayerView, Rng

CASES = [(name, opts) for name in games.names() for opts in games.load(name).option_variants]

PROPS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reach(name, options, seed, steps):
    """A random reachable state: `steps` random legal actions from a seeded start."""
    game = games.load(name)
    state = game.new(seed, **options)
    rng = Rng(seed ^ 0xABCDEF)
    for _ in range(steps):
        if state.is_over:
            break
        player = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(player)), player)
    return state


def fingerprint(state):
    return json.dumps(state.to_position(), sort_keys=True), len(state.log)


states = st.builds(
    lambda case, seed, steps: reach(case[0], case[1], seed, steps),
    st.sampled_from(CASES), st.integers(0, 10**6), st.integers(0, 600),
)


@PROPS
@given(states)
def test_copy_is_independent(state):
    before = fingerprint(state)
    clone = state.copy()
    twin = state.copy()  # and play on the original: copies share what neither has changed yet
    assert fingerprint(clone)[0] == before[0]
    while not clone.is_over and len(clone.log) < before[1] + 30:
        p = clone.to_move[0]
        clone.apply(clone.legal_actions(p)[-1], p)
    assert fingerprint(state) == before
    while not state.is_over and len(state.log) < before[1] + 30:
        p = state.to_move[0]
        state.apply(state.legal_actions(p)[0], p)
    assert fingerprint(twin) == before


@PROPS
@given(states)
def test_every_legal_action_applies(state):
    for player in state.to_move:
        for action in state.legal_actions(player):
            state.copy().apply(action, player)


@PROPS
@given(states, st.integers(0, 10**6))
def test_illegal_actions_are_refused_and_change_nothing(state, pick):
    if state.is_over:
        with pytest.raises(IllegalAction):
            state.apply(state.game.actions[0])
        return
    player = state.to_move[0]
    legal = set(state.legal_actions(player))
    illegal = [a for a in state.game.actions if a not in legal]
    before = fingerprint(state)
    rng = Rng(pick)
    for _ in range(25):
        action = rng.choice(illegal)
        with pytest.raises(IllegalAction) as err:
            state.apply(action, player)
        assert err.value.rule and err.value.message
        assert fingerprint(state) == before
    other = [p for p in range(state.num_players) if p not in state.to_move]
    for p in other:
        with pytest.raises(IllegalAction):
            state.apply(state.legal_actions(player)[0], p)
        assert fingerprint(state) == before


@PROPS
@given(states)
def test_observations_are_json_and_positions_round_trip(state):
    for player in [None, *range(state.num_players)]:
        json.dumps(state.observation(player))
        json.dumps([e.to_json() for e in state.events(player)])
    position = json.loads(json.dumps(state.to_position()))
    rebuilt = state.game.from_position(position)
    assert rebuilt.to_position() == state.to_position()
    for player in state.to_move:
        assert rebuilt.legal_actions(player) == state.legal_actions(player)
        assert rebuilt.observation(player) == state.observation(player)


@PROPS
@given(states, st.integers(0, 10**6))
def test_what_a_player_sees_does_not_depend_on_hidden_information(state, seed):
    for player in range(state.num_players):
        world = state.determinize(player, Rng(seed))
        assert world.observation(player) == state.observation(player)
        assert world.legal_actions(player) == state.legal_actions(player) if player in state.to_move else True
        assert len(world.events(player)) == 0  # a sampled world carries no true history
        view = PlayerView(state, player, seed=seed)
        assert view.observation == state.observation(player)
        sampled = view.sample_world(Rng(seed + 1))
        assert sampled.observation(player) == state.observation(player)
        # chance to come is hidden too: a sampled world does not carry the true dice
        assert sampled.rng.to_position() != state.rng.to_position()


@PROPS
@given(st.sampled_from(CASES), st.integers(0, 10**6), st.integers(0, 300))
def test_same_seed_same_actions_same_game(case, seed, steps):
    a = reach(case[0], case[1], seed, steps)
    b = reach(case[0], case[1], seed, steps)
    assert fingerprint(a) == fingerprint(b)
    assert [e.text for e in a.events(None)] == [e.text for e in b.events(None)]


@PROPS
@given(states)
def test_evaluations_are_in_range_and_two_sided_ones_are_what_they_claim(state):
    game = state.game
    each = [game.evaluate(state, p) for p in range(state.num_players)]
    assert all(-1.0 <= v <= 1.0 for v in each)
    if game.two_sided(state):
        for p, v in enumerate(each):
            assert v == pytest.approx(each[0] if p % 2 == 0 else -each[0], abs=1e-12)
    assert game.evaluate_all(state) == pytest.approx(each, abs=1e-12)
    low, high = game.utility_range  # the declared bounds learners rely on
    assert all(low <= r <= high for r in state.returns())


@pytest.mark.parametrize("name", ["divine", "dogma"])
def test_copies_that_share_lists_stay_apart_through_whole_games(name):
    # Divine's board and some of Dogma's lists are shared by a state and its copies until one
    # changes them (copy()): along whole random games of every variant, a copy taken every few
    # moves and the state it came from each play on, and neither sees the other's moves
    game = games.load(name)
    for options in game.option_variants:
        state, rng = game.new(3, **game.machine_options(options)), Rng(3)
        step = 0
        while not state.is_over and step < 400:
            if step % 7 == 0:
                clone, twin = state.copy(), state.copy()
                before = fingerprint(state)
                for world in (clone, state):
                    for _ in range(12):
                        if world.is_over:
                            break
                        p = world.to_move[rng.below(len(world.to_move))]
                        world.apply(rng.choice(world.legal_actions(p)), p)
                    assert fingerprint(twin) == before
                state = clone if step % 14 == 0 else state
            if state.is_over:
                break
            p = state.to_move[rng.below(len(state.to_move))]
            state.apply(rng.choice(state.legal_actions(p)), p)
            step += 1
