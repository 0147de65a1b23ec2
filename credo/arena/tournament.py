"""Round-robin tournaments: every pairing (or group, for games of more players)
plays N games with seats rotated; results per pairing with confidence intervals,
and openskill ratings. Each game's seed comes from its place in the schedule, and
results are gathered in schedule order, so the same seed gives the same results
whatever the number of parallel jobs, and whichever backend runs the games: local
processes (the default) or Ray tasks, on this machine or on a cluster
(`credo.arena.ray_backend`, with the `ray` extra installed)."""

from __future__ import annotations

import itertools
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from credo import games
from credo.agents import make_agent
from credo.kernel.rng import Rng

from credo.kernel.view import match_secret
from credo.kernel import quoted

from .selfplay import play_game
from .workers import play_in_processes


@dataclass(frozen=True)
class Fixture:
    index: int
    agents: tuple[str, ...]  # by seat
    seed: int


@dataclass
class GameResult:
    fixture: Fixture
    returns: list[float]
    moves: int
    record: dict | None = None
    seconds: float = 0.0  # the game's own play time, in the process that played it
    effort: list[dict | None] | None = None  # by seat: what each agent's search did (Effort.to_dict), if it searches

    def winning_seats(self) -> tuple[int, ...]:
        """The seats that won; none for a draw (no positive return, or every return equal)."""
        best = max(self.returns)
        if best <= 0 or min(self.returns) == best:
            return ()
        return tuple(seat for seat, v in enumerate(self.returns) if v == best)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """A proportion of `n` trials and its Wilson score interval (95% for z = 1.96)."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def groups(agents: list[str], players: int) -> list[tuple[str, ...]]:
    """Every group of `players` distinct agents (pairs for two-player games); with fewer
    agents than seats, the agents in turn around the table (the first seat's then the
    next's: `a, b, a` for two agents and three seats)."""
    if len(agents) < players:
        return [tuple(agents[i % len(agents)] for i in range(players))]
    return list(itertools.combinations(agents, players))


def seat_orders(agents: list[str], players: int) -> list[list[tuple[str, ...]]]:
    """For each table the schedule forms, its seat orders, in the order games cycle through
    them: every group's distinct rotations. With fewer agents than seats the agents sit in
    turn around the table, and where that seats one more often than another (two agents,
    three seats: `a, b, a`) the same table also seats them starting from each other agent
    (`b, a, b`), so that over its seat orders every agent holds as many seats as every other:
    two agents then each win half of a table's games when they play alike, at any number of
    seats, as in a duel (a team game's two teams, `a, b, a, b`, are each one agent's)."""
    if len(agents) >= players:
        return [_rotations(group) for group in groups(agents, players)]
    orders: list[tuple[str, ...]] = []
    for start in range(len(agents)):
        turn = agents[start:] + agents[:start]
        for order in _rotations(tuple(turn[i % len(turn)] for i in range(players))):
            if order not in orders:
                orders.append(order)
    return [orders]


def _rotations(group: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The group's distinct seat orders by rotation: every seat's agent moved on one seat at
    a time (`a, b, a, b` has two)."""
    out: list[tuple[str, ...]] = []
    for shift in range(len(group)):
        order = group[shift:] + group[:shift]
        if order not in out:
            out.append(order)
    return out


def schedule(agents: list[str], players: int, games_per_group: int, seed: int,
             duplicate: bool = False) -> list[Fixture]:
    """Each group of `players` distinct agents (pairs for two-player games) plays
    `games_per_group` games, seat order rotating from game to game (`seat_orders`). Each game
    has a seed of its own; `duplicate` deals each seed to every seat order in turn (as
    duplicate bridge deals a hand to both tables), so that what a seed decides (the options
    of a Dogma game, the cards dealt) falls to each agent as often as to the other."""
    root = Rng(seed)
    fixtures = []
    for orders in seat_orders(agents, players):
        for k in range(games_per_group):
            turn = k % len(orders)
            if not duplicate or turn == 0:
                game_seed = root.next64() >> 33
            fixtures.append(Fixture(len(fixtures), orders[turn], game_seed))
    return fixtures


def deal_size(agents: list[str], players: int) -> int:
    """How many games a duplicate schedule deals each seed to: a table's seat orders."""
    return len(seat_orders(agents, players)[0])


def play_fixture(args: tuple[str, Fixture, dict, bool, str | None, bytes | None]) -> GameResult:
    name, fixture, options, keep_record, content, secret = args
    game = games.load(name, content)
    agents = [make_agent(a, fixture.seed * 17 + seat) for seat, a in enumerate(fixture.agents)]
    began = time.perf_counter()
    match = play_game(game, agents, fixture.seed, options, secret=match_secret(secret, fixture.seed))
    return GameResult(fixture, match.state.returns(), len(match.moves),
                      match.record() if keep_record else None, time.perf_counter() - began,
                      [agent.effort.to_dict() if agent.effort else None for agent in agents])


@dataclass
class PairingStats:
    games: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0


@dataclass
class TournamentResult:
    game: str
    agents: list[str]
    results: list[GameResult]
    ratings: dict[str, tuple[float, float, float]]  # agent -> (ordinal, mu, sigma)

    def pairings(self) -> dict[tuple[str, ...], PairingStats]:
        table: dict[tuple[str, ...], PairingStats] = {}
        for r in self.results:
            key = tuple(sorted(set(r.fixture.agents)))
            stats = table.setdefault(key, PairingStats(wins={a: 0 for a in key}))
            stats.games += 1
            seats = r.winning_seats()
            if not seats:
                stats.draws += 1
                continue
            # every winner scores: one in a duel, both partners in a team game
            for a in {r.fixture.agents[seat] for seat in seats}:
                stats.wins[a] += 1
        return table

    def score(self, key: tuple[str, ...], agent: str) -> tuple[float, float, float]:
        """An agent's score in a pairing (win 1, draw 1/2) and its 95% Wilson interval."""
        stats = self.pairings()[key]
        return wilson(stats.wins[agent] + 0.5 * stats.draws, stats.games)


def rate(results: list[GameResult], agents: list[str]) -> dict[str, tuple[float, float, float]]:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {a: model.rating(name=a) for a in agents}
    for r in results:
        # an agent in several seats counts once, when all its seats fared alike (one team
        # of a team game); otherwise it played against itself, which says nothing
        outcome: dict[str, float] = {}
        for a, v in zip(r.fixture.agents, r.returns, strict=True):
            if outcome.setdefault(a, v) != v:
                break
        else:
            if len(outcome) < 2:
                continue
            names = list(outcome)
            teams = [[ratings[a]] for a in names]
            ranks = [-outcome[a] for a in names]
            for a, [new] in zip(names, model.rate(teams, ranks=ranks), strict=True):
                ratings[a] = new
    return {a: (r.ordinal(), r.mu, r.sigma) for a, r in ratings.items()}


BACKENDS = ("process", "ray")


def run_work(work: list, jobs: int = 1, backend: str = "process", address: str | None = None,
             progress: Callable[[int, int], None] | None = None, play: Callable = play_fixture,
             each: Callable[[object], None] | None = None) -> list:
    """`play` (by default `play_fixture`) on each item of `work`: here (one job), in `jobs`
    local processes, or as Ray tasks; the results in the order of `work`. `each(result)` is
    called as each result arrives (to save it at once), `progress(done, total)` after it."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {quoted(backend)}; the backends are: {', '.join(BACKENDS)}")

    def arrived(result, done: int) -> None:
        if each:
            each(result)
        if progress:
            progress(done, len(work))

    if backend == "ray":
        from .ray_backend import run_fixtures

        return run_fixtures(work, jobs, address, None, play=play, each=arrived)
    results: list = []
    if jobs <= 1:
        for item in work:
            results.append(play(item))
            arrived(results[-1], len(results))
    else:
        def gathered(result) -> None:
            results.append(result)
            arrived(result, len(results))

        play_in_processes(play, work, jobs, gathered)
    return results


def tournament(name: str, agents: list[str], games_per_group: int, seed: int = 0, jobs: int = 1,
               options: dict | None = None, records: Path | None = None, content: str | None = None,
               progress: Callable[[int, int], None] | None = None, backend: str = "process",
               address: str | None = None, secret: bytes | None = None,
               played: dict[int, GameResult] | None = None,
               each: Callable[[GameResult], None] | None = None, duplicate: bool = False) -> TournamentResult:
    """Play the schedule and rate the agents. `backend` "process" plays the games here,
    in `jobs` processes (one: in this process); "ray" plays each game as a Ray task, on
    a local Ray instance of `jobs` CPUs or on the running cluster at `address`. The worlds
    agents sample are seeded from `secret` (kernel/view.py; default: from each game's seed).
    `played` holds games of this schedule played before, by index (a resumed run): only the
    others are played, `each(result)` called as each ends (to save it at once). `duplicate`:
    each seed played in every seat order (`schedule`)."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {quoted(backend)}; the backends are: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise ValueError("an address is a Ray cluster's: it needs backend='ray'")
    game = games.load(name, content)
    options = dict(options or {})
    fixtures = schedule(agents, game.players(**options), games_per_group, seed, duplicate)
    played = {index: result for index, result in (played or {}).items() if index < len(fixtures)}
    for index, result in played.items():
        if result.fixture != fixtures[index]:
            expected = fixtures[index]
            raise ValueError(f"saved game {index} ({' vs '.join(result.fixture.agents)}, seed {result.fixture.seed}) "
                             f"is not this schedule's ({' vs '.join(expected.agents)}, seed {expected.seed})")
    work = [(name, f, options, records is not None, content, secret) for f in fixtures if f.index not in played]
    new = run_work(work, jobs, backend, address, progress, each=each)
    results = sorted([*played.values(), *new], key=lambda r: r.fixture.index)
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
        for r in results:
            if r.record is None:  # played in an earlier run
                continue
            path = records / f"{name}-{r.fixture.index:05d}-{'-'.join(r.fixture.agents)}.json"
            path.write_text(json.dumps(r.record, indent=1))
            r.record = None
    return TournamentResult(name, agents, results, rate(results, agents))
