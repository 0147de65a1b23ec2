"""Thousands of random games per game, to catch crashes and broken invariants;
a sample of them recorded and replayed to the identical final state."""

import json

import pytest

from credo import games
from credo.arena import selfplay
from credo.kernel import Match, Rng, replay

GAMES_PER_CHUNK = 250
CHUNKS = 6  # x 2 policies = 3000 games per game


def run_games(name, first_seed, count, policy):
    game = games.load(name)
    endings = {"won": 0, "drawn": 0}
    for seed in range(first_seed, first_seed + count):
        variants = game.option_variants
        state = game.new(seed, **game.machine_options(variants[seed % len(variants)]))
        rng = Rng(seed)
        steps = 0
        while not state.is_over:
            player = state.to_move[0]
            actions = state.legal_actions(player)
            assert actions, f"seed {seed}: player {player} to move with no legal action"
            # the game's rollout policy seeks combat, so that games reach the rules' own end
            action = rng.choice(actions) if policy == "uniform" else game.rollout_action(state, player, rng)
            state.apply(action, player)
            steps += 1
            assert steps < 50_000
        endings["won" if state.winners else "drawn"] += 1
    return endings


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("policy", ["uniform", "rollout"])
def test_random_games_never_crash(name, chunk, policy):
    endings = run_games(name, chunk * GAMES_PER_CHUNK, GAMES_PER_CHUNK, policy)
    assert sum(endings.values()) == GAMES_PER_CHUNK
    if policy == "rollout":
        assert endings["won"] > GAMES_PER_CHUNK // 2


@pytest.mark.parametrize("name", games.names())
def test_selfplay_records_replay_identically(name, tmp_path):
    game = games.load(name)
    options = game.option_variants[-1]
    agents = ["greedy"] + ["random"] * (game.players(**options) - 1)
    stats = selfplay(game, agents, 6, seed=100, options=options, records=tmp_path)
    assert stats.games == 6 and stats.decided + stats.draws == 6
    assert sum(stats.wins) >= stats.decided
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 6
    for file in files:
        record = json.loads(file.read_text())
        match = replay(record, game)
        assert match.result() == record["result"]
        again = Match(game, record["seed"], record["options"])
        for move in record["moves"]:
            again.play(move["action"], move["player"])
        assert again.state.to_position() == match.state.to_position()
