"""The ladder: one round robin of every kind of agent in one game (random, greedy, the
planner, MCTS at four budgets, OpenSpiel's searches and the three levels), rated with
openskill, written as a markdown table and plotted as strength against thinking time per
decision (`credo ladder GAME --out DIR`).

Every game played is appended to DIR/GAME.jsonl as it ends, after a first line stating the
run's settings; the same command run again plays only the games not yet there, so a
stopped run resumes where it was, and a larger `--games` adds rounds to a finished one.
The games are played in rounds (every pairing's first game, then every pairing's second...),
so a run stopped anywhere has measured every pairing, and a game's seed depends only on its
place in that order: the first N rounds of a longer ladder are the ladder of N games a
pairing. The ratings take the results in that order (`rate`), whatever the number of jobs.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from credo import games
from credo.agents import Agent, level_meanings, make_agent, plays_book
from credo.kernel import Action, PlayerView
from credo.kernel.rng import Rng
from credo.kernel.view import match_secret

from .journal import Journal
from .saved import LadderGame, read_saved_games
from .selfplay import play_game
from .tournament import Fixture, GameResult, rate, seat_orders, wilson
from .workers import play_in_processes

MCTS_BUDGETS = (100, 200, 400, 800)
LEVELS = ("easy", "medium", "hard")
OPENSPIEL_BUDGET = "1000-1.5s"  # the levels' time cap, so that the reference thinks as long as they may
OPENSPIEL_ISMCTS = f"openspiel-ismcts-{OPENSPIEL_BUDGET}"  # the outside reference (issue #19)
SMALL_RUN = 20  # games a pairing below which a ladder says it is a small run


def default_agents(name: str) -> list[str]:
    """The ladder's rungs for a game: OpenSpiel's MCTS only where nothing is hidden."""
    agents = ["random", "greedy", "planner", *(f"mcts-{n}" for n in MCTS_BUDGETS),
              OPENSPIEL_ISMCTS]
    if not games.load(name).hidden_information:
        agents.append(f"openspiel-mcts-{OPENSPIEL_BUDGET}")
    return [*agents, *LEVELS]


class _Timed(Agent):
    """An agent whose thinking is timed, on the decisions where it had a choice."""

    def __init__(self, inner: Agent) -> None:
        super().__init__(inner.seed)
        self.inner, self.name = inner, inner.name
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, view: PlayerView) -> Action:
        if len(view.legal_actions) < 2:
            return self.inner.choose(view)
        start = time.perf_counter()
        action = self.inner.choose(view)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def play_timed(args: tuple[str, Fixture, dict]) -> dict:
    """One game of the ladder's rounds, with each seat's thinking time."""
    name, fixture, options = args
    game = games.load(name)
    agents = [_Timed(make_agent(a, fixture.seed * 17 + seat)) for seat, a in enumerate(fixture.agents)]
    match = play_game(game, agents, fixture.seed, options, secret=match_secret(None, fixture.seed))
    return {"index": fixture.index, "agents": list(fixture.agents), "seed": fixture.seed,
            "returns": list(match.state.returns()), "moves": len(match.moves),
            "seconds": [a.seconds for a in agents], "decisions": [a.decisions for a in agents]}


def rounds(agents: list[str], players: int, rounds_played: int, seed: int) -> list[Fixture]:
    """The ladder's games: round k holds every group's k-th game (groups and their seat orders
    as the arena forms them, seat order rotating from round to round). A game's index and seed
    depend only on its round and group, so more rounds extend a ladder without changing the
    games it has."""
    tables = seat_orders(agents, players)
    root = Rng(seed)
    fixtures = []
    for k in range(rounds_played):
        for orders in tables:
            fixtures.append(Fixture(len(fixtures), orders[k % len(orders)], root.next64() >> 33))
    return fixtures


@dataclass
class Rung:
    agent: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    score: float  # wins 1, draws 1/2, over games
    seconds_per_decision: float

    @property
    def interval(self) -> tuple[float, float]:
        """mu ± 2 sigma: about 95% of the rating's belief."""
        return self.mu - 2 * self.sigma, self.mu + 2 * self.sigma


@dataclass
class Ladder:
    game: str
    settings: dict
    games_per_pairing: int
    rungs: list[Rung]
    played: int
    scheduled: int
    seconds: float
    rows: list[dict] = field(default_factory=list)  # the rated games, in the order of the rounds

    def head_to_head(self, first: str, second: str) -> tuple[float, int]:
        """`first`'s score (a win 1, a draw 1/2) in the games it played with `second`, and their number."""
        score, count = 0.0, 0
        for row in self.rows:
            if first not in row["agents"] or second not in row["agents"]:
                continue
            winners = set(_result(row).winning_seats())
            count += 1
            if not winners:
                score += 0.5
            elif any(row["agents"][seat] == first for seat in winners):
                score += 1.0
        return score, count


def _settings(name: str, agents: list[str], seed: int, options: dict) -> dict:
    """What a ladder's saved games belong to: the game's search revision, its content (hash),
    what each level was and, where an agent plays the book, the book's revision are part of it,
    so that a run never adds games of today's agents to games of other ones; the number of
    rounds is not (more extend it)."""
    game = games.load(name)
    book = {"book": game.book_revision} if any(plays_book(agent, game) for agent in agents) else {}
    return {"game": name, "agents": agents, "seed": seed, "options": options,
            "search": game.search_revision, "content": game.content_hash,
            "levels": level_meanings(game, agents), **book}


def not_today(settings: dict) -> list[str]:
    """What a saved ladder was played with that is not known to be today's (Game.changed_since),
    and what a file written before ladders kept it does not record: "content (not recorded)",
    "levels (not recorded)"."""
    game = games.load(settings["game"])
    unrecorded = [] if settings.get("content") else ["content (not recorded)"]
    if "levels" not in settings and any(agent in game.levels for agent in settings["agents"]):
        unrecorded.append("levels (not recorded)")
    return game.changed_since(settings.get("levels"), settings.get("search"), settings.get("content"),
                              settings.get("book")) + unrecorded


def _saved(path: Path, settings: dict) -> dict[int, dict]:
    """The games a run with these settings already played, by their index in the rounds."""
    if not path.exists():
        return {}
    lines = path.read_text().splitlines()
    try:
        first = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        first = None
    if first != {"settings": settings}:
        then = first.get("settings") if isinstance(first, dict) and isinstance(first.get("settings"), dict) else None
        differ = sorted(key for key in {*(then or {}), *settings} if (then or {}).get(key) != settings.get(key))
        said = f"its {', '.join(differ)} differ from this run's" if then is not None else "it is no ladder's file"
        raise ValueError(f"{path} holds another ladder ({said}: other agents, seed or options, another search, "
                         "content, level or book, or an older file): give another --out, or remove it")
    return {row["index"]: row for row in read_saved_games(path, LadderGame, skip=1)}


def run(name: str, agents: list[str], games_per_pairing: int, seed: int, out: Path, jobs: int = 1,
        options: dict | None = None, progress: Callable[[int, int], None] | None = None) -> Ladder:
    """Play the rounds' games not yet in `out`/GAME.jsonl, then rate the games of those rounds."""
    options = dict(options or {})
    game = games.load(name)
    settings = _settings(name, agents, seed, options)
    fixtures = rounds(agents, game.players(**options), games_per_pairing, seed)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.jsonl"
    done = _saved(path, settings)
    # written again whole: a line cut short by a stop is dropped here, not left amid the games
    path.write_text("".join(json.dumps(row) + "\n" for row in [{"settings": settings}, *done.values()]))
    for f in fixtures:
        row = done.get(f.index)
        if row is not None and (tuple(row["agents"]), row["seed"]) != (f.agents, f.seed):
            raise ValueError(f"{path}: game {f.index} is not the ladder's game {f.index} (another schedule): "
                             "give another --out, or remove it")
    todo = [(name, f, options) for f in fixtures if f.index not in done]

    def in_rounds() -> int:
        return sum(1 for f in fixtures if f.index in done)

    start = time.perf_counter()
    with Journal(path) as saved:
        def keep(row: dict) -> None:
            done[row["index"]] = row
            saved.write(row)
            if progress:
                progress(in_rounds(), len(fixtures))

        if progress:
            progress(in_rounds(), len(fixtures))
        if jobs <= 1:
            for item in todo:
                keep(play_timed(item))
        else:
            play_in_processes(play_timed, todo, jobs, keep, ordered=False)
    # the first N rounds of a longer ladder are the ladder of N games a pairing
    rated = {index: row for index, row in done.items() if index < len(fixtures)}
    return Ladder(name, settings, games_per_pairing, rungs(rated, agents), len(rated), len(fixtures),
                  time.perf_counter() - start, [rated[i] for i in sorted(rated)])


def _result(row: dict) -> GameResult:
    """A saved game as the arena's result."""
    return GameResult(Fixture(row["index"], tuple(row["agents"]), row["seed"]), row["returns"], row["moves"])


def rungs(done: dict[int, dict], agents: list[str]) -> list[Rung]:
    """Ratings in the order of the rounds (openskill depends on the order), scores and thinking time."""
    rows = [done[i] for i in sorted(done)]
    results = [_result(r) for r in rows]
    ratings = rate(results, agents)
    played = dict.fromkeys(agents, 0)
    points = dict.fromkeys(agents, 0.0)
    seconds = dict.fromkeys(agents, 0.0)
    decisions = dict.fromkeys(agents, 0)
    for row, result in zip(rows, results, strict=True):
        winners = set(result.winning_seats())
        for seat, agent in enumerate(row["agents"]):
            seconds[agent] += row["seconds"][seat]
            decisions[agent] += row["decisions"][seat]
        for agent in set(row["agents"]):
            seats = {s for s, a in enumerate(row["agents"]) if a == agent}
            played[agent] += 1
            points[agent] += 0.5 if not winners else float(bool(winners & seats))
    out = [Rung(a, ratings[a][1], ratings[a][2], ratings[a][0], played[a], points[a] / played[a] if played[a] else 0.0,
                seconds[a] / decisions[a] if decisions[a] else 0.0) for a in agents]
    return sorted(out, key=lambda r: -r.ordinal)


def markdown(ladder: Ladder, command: str) -> str:
    game = games.load(ladder.game)
    s = ladder.settings
    lines = [f"## Ladder: {game.title}", "",
             f"`{command}`: {ladder.played} of {ladder.scheduled} games played, {ladder.games_per_pairing} per pairing, seed "
             f"{s['seed']}, options `{game.options(**game.machine_options(s['options']))}`.", "",
             *([f"A small run ({ladder.games_per_pairing} games a pairing, fewer than {SMALL_RUN}): the intervals are "
                "wide and the order within them is not established.", ""] if ladder.games_per_pairing < SMALL_RUN
               else []),
             "Openskill (Plackett-Luce) ratings over every game played; the interval is mu ± 2 sigma. Thinking time "
             "is the mean over the decisions where the agent had a choice.", "",
             "| agent | rating (mu) | interval | ordinal | games | score | thinking time a decision |",
             "| --- | ---: | --- | ---: | ---: | ---: | ---: |"]
    for r in ladder.rungs:
        low, high = r.interval
        lines.append(f"| {r.agent} | {r.mu:.1f} | [{low:.1f}, {high:.1f}] | {r.ordinal:.1f} | {r.games} |"
                     f" {100 * r.score:.0f}% | {_ms(r.seconds_per_decision)} |")
    lines += _levels(ladder)
    return "\n".join(lines) + "\n"


def _levels(ladder: Ladder) -> list[str]:
    """Whether the three levels stand in order: their ratings, and each level's score against
    the one below in the games the two played together (with its 95% Wilson interval)."""
    by_agent = {r.agent: r for r in ladder.rungs}
    if not all(level in by_agent for level in LEVELS):
        return []
    easy, medium, hard = (by_agent[level] for level in LEVELS)
    ordered = easy.mu < medium.mu < hard.mu
    out = ["", f"The levels: easy {easy.mu:.1f}, medium {medium.mu:.1f}, hard {hard.mu:.1f} (mu); medium is rated "
               + ("between easy and hard." if ordered else "**not** between easy and hard."), ""]
    for upper, lower in (("medium", "easy"), ("hard", "medium"), ("hard", "easy")):
        score, count = ladder.head_to_head(upper, lower)
        if count:
            rate, low, high = wilson(score, count)
            out.append(f"- {upper} against {lower}: {score:g} of {count} games ({100 * rate:.0f}% "
                       f"[{100 * low:.0f}%, {100 * high:.0f}%], a draw counts half)")
    return out


def _ms(seconds: float) -> str:
    return f"{1000 * seconds:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def plot(ladder: Ladder, path: Path) -> bool:
    """Strength against thinking time a decision, as a PNG; False when matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    fig, ax = plt.subplots(figsize=(7, 4.5))
    floor = min((r.seconds_per_decision for r in ladder.rungs if r.seconds_per_decision > 0), default=1e-4) / 2
    for r in ladder.rungs:
        x = max(r.seconds_per_decision, floor)
        ax.errorbar(x, r.mu, yerr=2 * r.sigma, fmt="o", capsize=3)
        ax.annotate(r.agent, (x, r.mu), textcoords="offset points", xytext=(5, 4), fontsize=8)
    ax.set_xscale("log")
    ax.set_xlabel("thinking time a decision (s, mean over decisions with a choice)")
    ax.set_ylabel("openskill rating (mu ± 2 sigma)")
    ax.set_title(f"{games.load(ladder.game).title}: strength against thinking time")
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True
