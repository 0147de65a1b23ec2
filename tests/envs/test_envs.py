"""Every game and variant as a PettingZoo, Gymnasium and OpenSpiel environment, checked by
each library's own conformance tests; observation tensors that are a function of what the
player sees, and that tell different observations apart."""

from __future__ import annotations

import json
import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import credo.envs.gym  # noqa: E402,F401  (registers credo/<Game>-v0)
import credo.envs.openspiel  # noqa: E402,F401  (registers python_credo_<game>)
from credo.envs import EnvGame  # noqa: E402
from credo.envs.pettingzoo import env as aec_env  # noqa: E402
from credo.kernel import PlayerView, Rng  # noqa: E402

# every mode and player count; short turn limits keep the conformance runs quick
VARIANTS = [
    ("dirge", {"mode": "draw", "turn_limit": 12}),
    ("dirge", {"mode": "pick", "turn_limit": 12}),
    ("divine", {"players": 2, "turn_limit": 4}),
    ("divine", {"players": 3, "turn_limit": 3}),
    ("divine", {"players": 4, "turn_limit": 2}),
    ("dogma", {"mode": "predestination"}),
    ("dogma", {"mode": "free_will"}),
    ("dogma", {"mode": "chaos"}),
    ("dogma", {"players": 4}),
    ("jol", {}),
    ("jol", {"deck1": "mixed", "deck2": "jovinet"}),
]
IDS = [f"{g}-{','.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for g, o in VARIANTS]


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
def test_pettingzoo_api_and_seed_tests_pass(game, options):
    api_test(aec_env(game, **options), num_cycles=1000, verbose_progress=False)
    seed_test(lambda: aec_env(game, **options), num_cycles=200)


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
def test_gymnasium_env_checker_passes_and_episodes_end(game, options):
    env = gymnasium.make(f"credo/{game.title()}-v0", opponent="random", seat="random", **options)
    check_env(env.unwrapped, skip_render_check=False)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=5)
    assert obs.shape == env.observation_space.shape and obs.dtype == np.float32
    done, steps = False, 0
    while not done:
        assert env.observation_space.contains(obs)
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        obs, reward, done, truncated, info = env.step(action)
        steps += 1
    assert reward in (-1.0, 0.0, 1.0) and steps > 0


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
def test_openspiel_random_simulation_passes(game, options):
    spiel = pyspiel.load_game(f"python_credo_{game}", options)
    # serialising replays the history at every step: once per game is enough for Jol's long games
    serialize = not (game == "jol" and options)
    pyspiel.random_sim_test(spiel, num_sims=1, serialize=serialize, verbose=False)


def test_openspiel_game_types_say_what_each_game_is():
    dogma = pyspiel.load_game("python_credo_dogma")
    assert dogma.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    jol = pyspiel.load_game("python_credo_jol")
    assert jol.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert jol.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    divine3 = pyspiel.load_game("python_credo_divine", {"players": 3})
    assert divine3.num_players() == 3
    assert divine3.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    state = jol.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 4096
    # a waiting player at Dogma's simultaneous nodes has exactly the no-op
    state = dogma.new_initial_state()
    state.apply_action(7)
    assert state.is_simultaneous_node()
    legal = [state.legal_actions(p) for p in range(2)]
    noop = dogma.num_distinct_actions() - 1
    assert all(actions == [noop] or noop not in actions for actions in legal)


@pytest.mark.parametrize("game", ["dirge", "divine", "dogma", "jol"])
def test_openspiels_mcts_and_ismcts_bots_play_every_game(game):
    from open_spiel.python.algorithms import ismcts, mcts

    params = {"turn_based": True} if game == "dogma" else {}
    spiel = pyspiel.load_game(f"python_credo_{game}", params)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [mcts.MCTSBot(spiel, uct_c=2, max_simulations=4, evaluator=evaluator, random_state=np.random.RandomState(1)),
            ismcts.ISMCTSBot(spiel, evaluator, 2.0, 6, random_state=np.random.RandomState(2))]
    state = spiel.new_initial_state()
    state.apply_action(11)
    for turn in range(4):
        action = bots[turn % 2].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_a_resampled_information_state_keeps_what_the_player_knows_and_redraws_the_rest():
    spiel = pyspiel.load_game("python_credo_jol")
    state = spiel.new_initial_state()
    state.apply_action(5)
    rng = random.Random(0)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    other = 1 - player
    hands = set()
    for k in range(8):
        world = state.resample_from_infostate(player, lambda k=k: (k + 0.5) / 8)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        hands.add(json.dumps(world.credo.observation(other)["players"][other].get("hand")))
    assert len(hands) > 1  # the opponent's hand is drawn again, not copied


def _states(game: str, options: dict, seed: int, moves: int):
    env_game = EnvGame(game, **options)
    state = env_game.new(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        player = rng.choice(state.to_move)
        state.apply(rng.choice(state.legal_actions(player)), player)
        yield env_game, state, player


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
def test_tensor_is_a_function_of_what_the_player_sees(game, options):
    """Resampling everything the player cannot see (their own view's sampled worlds) leaves
    the tensor unchanged; and the tensor tells different observations apart."""
    seen: dict[bytes, str] = {}
    collisions = distinct = 0
    for env_game, state, player in _states(game, options, seed=3, moves=160):
        viewer = state.to_move[0] if state.to_move else player
        tensor = env_game.tensor(state, viewer)
        for k in range(3):
            world = PlayerView(state, viewer, seed=k).sample_world(Rng(k))
            assert np.array_equal(env_game.tensor(world, viewer), tensor), "a hidden card changed the tensor"
        text = json.dumps(state.observation(viewer), sort_keys=True)
        key = tensor.tobytes()
        if key in seen and seen[key] != text:
            collisions += 1
        elif key not in seen:
            distinct += 1
        seen.setdefault(key, text)
    assert collisions <= max(2, distinct // 20), f"{collisions} different observations share a tensor"


# every variant above, and each game's own representative options where they add a mode
ENCODED = VARIANTS + [("dirge", {"mode": "teams"})]


@pytest.mark.parametrize(("game", "options"), ENCODED, ids=[f"{g}-{sorted(o.items())}" for g, o in ENCODED])
def test_the_fast_encoding_from_the_state_equals_the_encoding_of_the_observation(game, options):
    """Environments encode straight from the state (`Encoder.from_state`) for speed; it must
    give exactly the encoding of `observation(viewer)`, for every seat and a spectator, or it
    could show a learner more than the game shows that player. And like the observation it
    must not change when everything the viewer cannot see is drawn again (their sampled
    worlds)."""
    env_game = EnvGame(game, **options)
    encoder = env_game.encoder
    viewers = (*range(env_game.num_players), None)
    checked = resampled = 0
    for seed in (11, 12, 13, 14, 15):
        for _, state, _player in _states(game, options, seed=seed, moves=250):
            for viewer in viewers:
                fast = encoder.from_state(state, viewer)
                assert fast.dtype == np.float32 and fast.shape == env_game.shape
                expected = encoder(state.observation(viewer))
                assert np.array_equal(fast, expected), f"seed {seed}, viewer {viewer}, move {len(state.log)}"
                checked += 1
            if len(state.log) % 7 == 0:
                for viewer in range(env_game.num_players):
                    world = PlayerView(state, viewer, seed=len(state.log)).sample_world(Rng(seed))
                    assert np.array_equal(encoder.from_state(world, viewer), encoder.from_state(state, viewer)), \
                        f"a resampled world changed what viewer {viewer} is shown, move {len(state.log)}"
                    resampled += 1
    assert checked > 100 and resampled > 10


@pytest.mark.parametrize("game", ["dirge", "divine", "dogma", "jol"])
def test_an_illegal_action_ends_the_episode_as_documented(game):
    env = gymnasium.make(f"credo/{game.title()}-v0", opponent="random").unwrapped
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = json.dumps(env.state_.observation(None), sort_keys=True)
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated) == (-1.0, True) and "not legal" in info["illegal"]
    assert json.dumps(env.state_.observation(None), sort_keys=True) == before  # the game is unchanged
    aec = aec_env(game)
    aec.reset(seed=1)
    agent = aec.agent_selection
    mask = aec.observe(agent)["action_mask"]
    aec.step(int(np.flatnonzero(mask == 0)[0]))
    assert aec.rewards[agent] == -1.0 and all(aec.terminations.values())
    assert "not legal" in aec.infos[agent]["illegal"]


def test_simultaneous_orders_are_successive_agents_who_do_not_see_each_other():
    """When two players choose Orders at once, the first one's choice changes nothing the
    second observes except that the first has committed."""
    env = aec_env("dogma")
    layout = env.env_game.encoder.layout
    committed = layout.start("committed"), layout.start("committed") + 4
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    checked = 0
    for _ in range(600):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        movers = env.state_.to_move
        mask = env.observe(agent)["action_mask"]
        if len(movers) > 1:
            other = next(f"player_{p}" for p in movers if f"player_{p}" != agent)
            before = env.observe(other)["observation"].copy()
            env.step(int(rng.choice(np.flatnonzero(mask))))
            assert env.agent_selection == other  # the other still has to choose
            after = env.observe(other)["observation"]
            changed = np.flatnonzero(before != after)
            assert all(committed[0] <= i < committed[1] for i in changed), "the other saw more than a commitment"
            checked += 1
        else:
            env.step(int(rng.choice(np.flatnonzero(mask))))
    assert checked >= 3
