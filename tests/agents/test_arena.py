"""Tournaments: seats rotate, results do not depend on the number of jobs, ratings order the agents."""

from credo.arena import schedule, tournament
from credo.interfaces.cli import main

FAST = {"mode": "teams", "turn_limit": 12}


def test_schedule_rotates_seats_and_covers_every_pairing():
    fixtures = schedule(["a", "b", "c"], 2, 4, seed=1)
    assert len(fixtures) == 12
    pairs = {tuple(sorted(f.agents)) for f in fixtures}
    assert pairs == {("a", "b"), ("a", "c"), ("b", "c")}
    ab = [f.agents for f in fixtures if set(f.agents) == {"a", "b"}]
    assert ab.count(("a", "b")) == ab.count(("b", "a")) == 2
    assert len({f.seed for f in fixtures}) == 12


def test_a_duplicate_schedule_deals_each_seed_to_every_seat_order():
    fixtures = schedule(["a", "b", "c"], 2, 4, seed=1, duplicate=True)
    assert [f.agents for f in fixtures] == [f.agents for f in schedule(["a", "b", "c"], 2, 4, seed=1)]
    for first, second in zip(fixtures[::2], fixtures[1::2]):
        assert first.seed == second.seed and first.agents == second.agents[::-1]
    assert len({f.seed for f in fixtures}) == 6
    # three seats: each seed in the three rotations
    three = schedule(["a", "b", "c"], 3, 6, seed=2, duplicate=True)
    assert [len({f.seed for f in three[k:k + 3]}) for k in (0, 3)] == [1, 1]
    assert {f.agents for f in three[:3]} == {("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")}


def test_a_duplicate_run_plays_each_seed_both_ways_and_says_so(capsys):
    result = tournament("jol", ["random", "greedy"], 4, seed=3, duplicate=True)
    by_seed = {}
    for r in result.results:
        by_seed.setdefault(r.fixture.seed, []).append(r.fixture.agents)
    assert sorted(map(len, by_seed.values())) == [2, 2]
    assert all(a == b[::-1] for a, b in by_seed.values())
    assert main(["arena", "jol", "--agents", "random,greedy", "--games", "2", "--duplicate"]) == 0
    assert "each seed in every seat order" in " ".join(capsys.readouterr().out.split())


def test_same_seed_same_results_whatever_the_jobs():
    one = tournament("dirge", ["random", "greedy"], 4, seed=7, jobs=1, options=FAST)
    two = tournament("dirge", ["random", "greedy"], 4, seed=7, jobs=2, options=FAST)
    assert [(r.fixture, r.returns, r.moves) for r in one.results] == \
           [(r.fixture, r.returns, r.moves) for r in two.results]
    assert one.ratings == two.ratings


def test_scores_and_ratings():
    result = tournament("dirge", ["random", "greedy"], 6, seed=3, options={"mode": "teams"})
    key = ("greedy", "random")
    p, low, high = result.score(key, "greedy")
    assert 0 <= low <= p <= high <= 1
    assert p >= 0.8
    assert result.ratings["greedy"][0] > result.ratings["random"][0]


def test_arena_command_prints_the_table_and_keeps_records(tmp_path, capsys):
    assert main(["arena", "dirge", "--agents", "random,greedy", "--games", "2",
                 "-o", "mode=teams", "-o", "turn_limit=8", "--records", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "greedy vs random" in out and "openskill" in out
    assert len(list(tmp_path.glob("*.json"))) == 2


def test_team_games_rate_each_agent_once_per_game():
    from credo.arena.tournament import Fixture, GameResult, rate

    # Dogma 2 vs 2: seats 1 and 3 against 2 and 4, each team played by one agent
    won = [GameResult(Fixture(i, ("a", "b", "a", "b"), i), [1.0, -1.0, 1.0, -1.0], 10) for i in range(6)]
    ratings = rate(won, ["a", "b"])
    assert ratings["a"][1] > ratings["b"][1]
    # Divine for four with two agents is not a team game: its seats fare differently, so no rating
    mixed = [GameResult(Fixture(0, ("a", "b", "a", "b"), 0), [1.0, -1.0, -1.0, -1.0], 10)]
    assert rate(mixed, ["a", "b"])["a"][1] == rate([], ["a", "b"])["a"][1]
