"""The strength report: how the agents fare against each other in every game, measured
with the arena and written as markdown (`credo report-agents`, `make strength`, which
regenerates docs/agents.md).

For each game four pairings play `games` games each, seats alternating (at more than two
players, the two agents in turn around the table: `tournament.seat_orders`):
- `hard` against `random`, `greedy` and `mcts` (1,000 iterations), with targets: a win
  rate of at least 95%, 90% and 60%, over at least 200 games each (TARGETS);
- a small search budget against a larger one, to show what the budget buys:
  `mcts-200` against `mcts` in Dirge, whose only hidden information is the order of a
  face-down pile, and `ismcts-200` against `ismcts` in the games of hidden hands.

Each pairing is `credo arena GAME --agents FIRST,SECOND --games N --seed S`, so any
line can be replayed alone. The report states what the run measured, with the date,
the command, the machine and the agents' budgets; another agent can stand in for
`hard` (`--agent-hard`) to measure a quicker configuration, and is named as such.
"""

from __future__ import annotations

import json
import os
import platform
import shlex
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path

from credo import games
from credo.agents import Effort, LevelAgent, PlannerAgent, level_meanings, make_agent, plays_book, search_budget
from credo.agents.mcts import REST_PLAYOUT_CAP, MctsAgent
from credo.kernel import Game, quoted

from .journal import Journal
from .ladder import OPENSPIEL_ISMCTS, not_today
from .saved import StrengthGame, book_of, read_document, read_saved_games
from .tournament import Fixture, GameResult, deal_size, tournament, wilson

MIN_GAMES = 200
SCALING_TARGET = 0.55  # the least score (draws half) of mcts-2N against mcts-N, its interval above 50%
SCALING_BUDGETS = (100, 200, 400)  # the N of every doubling each game must win
# the least win rate of `hard` against each (issue #19: 90% against greedy, 60% against plain
# MCTS at 1,000 iterations and against OpenSpiel's ISMCTS thinking as long as hard may)
TARGETS = {"random": 0.95, "greedy": 0.90, "mcts": 0.60, OPENSPIEL_ISMCTS: 0.60}
# what a run plays: every pairing, hard's, one of hard's (hard:mcts: hours of games that deserve a run
# of their own), or the search pairing
PAIRINGS = ("all", "hard", *(f"hard:{second}" for second in TARGETS), "search")


@dataclass
class Line:
    """One pairing in one game, from the first agent's side."""

    game: str
    first: str
    second: str
    games: int
    wins: int
    draws: int
    losses: int
    target: float | None = None  # the least win rate, for the pairings that have one
    role: str | None = None  # "hard" when the first agent plays that part
    seconds: float = 0.0  # wall time; across resumes an estimate (earlier games over this run's --jobs)
    levels: dict[str, str] | None = None  # what the levels among the two were when measured ("hard": "mcts")
    effort: dict[str, dict] | None = None  # by agent: what its search did over the pairing (Effort.to_dict)
    # the games' own play time summed: one core's time, the same whatever --jobs each run had
    play_seconds: float | None = None
    duplicate: bool = False  # each seed played in both seat orders (tournament.schedule)
    # the game's search_revision when measured; None in lines saved before it was kept, all of
    # them measured with a game's first search
    search: int | None = None
    # the game's content hash when measured (Game.content_hash); None in lines saved before it was
    # kept: docs/agents/backfill_content.py reads it from the content at the commit each run played
    content: str | None = None
    # how many played each game; None in lines saved before it was kept, all of them at the
    # game's default count (two players in every game)
    players: int | None = None
    # the game's book_revision when one of the two played the book; None where neither did
    book: int | None = None

    @property
    def table(self) -> tuple[str, int]:
        """The game and its number of players: each is measured, and reported, on its own."""
        return self.game, self.players or games.load(self.game).players()

    @property
    def win_rate(self) -> tuple[float, float, float]:
        """Wins over games (a draw is not a win) and its 95% Wilson interval."""
        return wilson(self.wins, self.games)

    @property
    def score(self) -> tuple[float, float, float]:
        """Wins and half the draws over games, and its 95% Wilson interval."""
        return wilson(self.wins + self.draws / 2, self.games)

    @property
    def doubling(self) -> bool:
        """A search against itself with half the budget (mcts-2N against mcts-N)."""
        strong, weak = search_budget(self.first), search_budget(self.second)
        return strong is not None and weak is not None and strong[1] == 2 * weak[1] \
            and (strong[0], strong[2]) == (weak[0], weak[2])

    @property
    def met(self) -> bool | None:
        if self.doubling:
            score, low, _high = self.score
            return self.games >= MIN_GAMES and score >= SCALING_TARGET and low > 0.5
        if self.target is None:
            return None
        return self.games >= MIN_GAMES and self.win_rate[0] >= self.target


def _targets_sentence() -> str:
    said = {"mcts": " (1,000 iterations)",
            OPENSPIEL_ISMCTS: " (OpenSpiel's information-set MCTS with the levels' time cap: equal thinking time)"}
    parts = [f"{_pct(rate)} against `{name}`" + said.get(name, "") for name, rate in TARGETS.items()]
    parts[0] = parts[0].replace(" against", " of its games against", 1)
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


@dataclass
class Run:
    """One `credo report-agents` invocation: a report is measured in one run, or merged
    from several (one per game list, say) run on the same settings."""

    command: str
    games: list[str]
    started: datetime = field(default_factory=lambda: datetime.now(UTC))
    seconds: float = 0.0
    commit: str | None = None
    machine: str = ""
    python: str = ""


@dataclass
class StrengthReport:
    games_per_pairing: int
    jobs: int
    seed: int
    agent_hard: str
    search_pairs: dict[str, tuple[str, str]]
    backend: str = "process"
    search_games: int | None = None
    lines: list[Line] = field(default_factory=list)
    runs: list[Run] = field(default_factory=list)
    duplicate: bool = False  # each seed played in both seat orders (tournament.schedule)
    players: int | None = None  # the run's number of players (--players); None: each game's default

    @property
    def started(self) -> datetime:
        return min(run.started for run in self.runs)

    @property
    def seconds(self) -> float:
        return sum(run.seconds for run in self.runs)

    def agents(self) -> list[str]:
        seen: dict[str, None] = {}
        for line in self.lines:
            seen.setdefault(line.first)
            seen.setdefault(line.second)
        return list(seen)


def search_pair(game: str) -> tuple[str, str]:
    """The small budget and the large one for a game's search pairing."""
    # mcts where nothing is hidden from one player that another knows; ismcts elsewhere
    return ("ismcts-200", "ismcts") if games.load(game).hidden_information else ("mcts-200", "mcts")


def first_seats(result: GameResult, first: str, second: str, players: int) -> set[int]:
    """The seats of the agent entered first. In a mirror match (both the same agent) that
    is the entry the schedule rotates: group place 0 (and every other place in games of
    more players), which sits at seat (place - game index) mod players."""
    if first != second:
        return {seat for seat, agent in enumerate(result.fixture.agents) if agent == first}
    shift = result.fixture.index % players
    return {seat for seat in range(players) if (seat + shift) % players % 2 == 0}


def count(results: list[GameResult], first: str, second: str, players: int) -> tuple[int, int, int]:
    """Wins, draws and losses of the first agent."""
    wins = draws = 0
    for r in results:
        winners = set(r.winning_seats())
        if not winners:
            draws += 1
        elif winners & first_seats(r, first, second, players):
            wins += 1
    return wins, draws, len(results) - wins - draws


@dataclass
class _Pairing:
    """One pairing of a strength run: its game and table, and the games earlier runs saved of it."""
    name: str
    first: str
    second: str
    target: float | None
    role: str | None
    games: int
    game: Game
    seats: int
    options: dict
    meaning: dict
    book: int | None  # the game's book revision where one of the two plays the book (Line.book)
    before: dict[int, GameResult]
    label: str

    def earlier(self, jobs: int) -> float:
        """The wall time the saved games took, spread over this run's processes."""
        return sum(r.seconds for r in self.before.values()) / max(1, jobs)

    @classmethod
    def prepare(cls, name: str, first: str, second: str, target: float | None, role: str | None, games_wanted: int,
                players: int | None, duplicate: bool, saved: list[dict], games_file: Path | None) -> "_Pairing":
        """The pairing as it will be played, with its saved games checked against today's game."""
        game = games.load(name)
        seats = players or game.players()
        options = {"players": seats} if seats != game.players() else {}  # the default game as it always was
        if duplicate:  # whole deals: every seed in every seat order
            deal = deal_size([first, second], seats)
            games_wanted = -(-games_wanted // deal) * deal
        label = f"{table_name((name, seats))}: {first} vs {second}"
        meaning = level_meanings(game, (first, second))
        book = game.book_revision if any(plays_book(a, game) for a in (first, second)) else None
        before: dict[int, GameResult] = {}
        for row in saved:
            if (row["game"], row.get("players", game.players()), row["first"], row["second"], row["role"]) \
                    == (name, seats, first, second, role):
                if row["levels"] != meaning:
                    raise ValueError(f"{games_file}: {label} was played when the levels were {row['levels']} "
                                     f"and they are {meaning} now: save this run's results elsewhere")
                if row.get("search", 1) != game.search_revision:
                    raise ValueError(f"{games_file}: {label} was played with {name}'s search revision "
                                     f"{row.get('search', 1)} and it is {game.search_revision} now: save this run's "
                                     "results elsewhere")
                if row.get("content", game.content_hash) != game.content_hash:
                    raise ValueError(f"{games_file}: {label} was played on other content (content hash "
                                     f"{row['content']}, today's {game.content_hash}): save this run's results "
                                     "elsewhere")
                then = book_of(row, name, book is not None)  # the levels are today's: so is who plays the book
                if then != book:
                    raise ValueError(f"{games_file}: {label} was played with {name}'s book revision "
                                     f"{then} and it is {book} now: save this run's results elsewhere")
                before[row["index"]] = GameResult(Fixture(row["index"], tuple(row["agents"]), row["seed"]),
                                                  row["returns"], row["moves"], seconds=row["seconds"],
                                                  effort=row.get("effort"))
        before = {index: result for index, result in before.items() if index < games_wanted}
        return cls(name, first, second, target, role, games_wanted, game, seats, options, meaning, book, before,
                   label)


def measure(games_list: list[str] | None = None, games_per_pairing: int = MIN_GAMES, jobs: int = 1,
            seed: int = 0, agent_hard: str = "hard", search: tuple[str, str] | None = None,
            backend: str = "process", address: str | None = None, search_games: int | None = None,
            progress: Callable[[str, int, int], None] | None = None, command: str = "",
            measured: Callable[[StrengthReport], None] | None = None, only: str = "all",
            games_file: Path | None = None, resume: bool = False,
            earlier_runs: list[Run] | None = None, duplicate: bool = False,
            players: int | None = None) -> StrengthReport:
    """Play every pairing of every game (default: all of them) and count the results.
    `search` replaces the per-game search pairing; `only` is "hard" or "search" to play
    just those pairings; `progress(label, done, total)`;
    `command` is the command line that repeats the run, kept in the report;
    `measured(report)` is called after each pairing with the lines so far (to save them).
    `games_file` (JSON lines) gets each game as it ends; with `resume` the games it holds
    are not played again, so a run of hours can be stopped and resumed (`earlier_runs`: the
    runs that played them, kept in the report). `duplicate`: each seed played in every seat
    order (tournament.schedule), a pairing's games rounded up to whole deals. `players`: the
    number of players of every game (default: each game's own), two agents taking turns around
    the table (tournament.seat_orders)."""
    names = list(games_list or games.names())
    problem = unplayable(names, players)
    if problem:
        raise ValueError(problem)
    report = StrengthReport(games_per_pairing, jobs, seed, agent_hard,
                            {g: search or search_pair(g) for g in names}, backend, search_games,
                            duplicate=duplicate, players=players)
    run_record = Run(command, names, commit=_commit(), machine=machine(),
                     python=f"Python {platform.python_version()}, credo {_version()}")
    report.runs += [*(earlier_runs or []), run_record]
    saved = read_games(games_file) if games_file is not None and resume else []
    if games_file is not None and not resume and read_games(games_file):
        raise ValueError(f"{games_file} holds games of an earlier run: give --resume to play only the missing "
                         "games, or save the results elsewhere")
    if games_file is not None and resume:  # drops a line cut short by a stop
        games_file.write_text("".join(json.dumps(row) + "\n" for row in saved))
    plan = []
    if only not in PAIRINGS:
        raise ValueError(f"only: one of {', '.join(PAIRINGS)}, not {quoted(only)}")
    for name in names:
        if only in ("all", "hard") or only.startswith("hard:"):
            for second, target in TARGETS.items():
                if only.startswith("hard:") and only != f"hard:{second}":
                    continue
                plan.append((name, agent_hard, second, target, "hard", games_per_pairing))
        if only in ("all", "search"):
            plan.append((name, *report.search_pairs[name], None, None, search_games or games_per_pairing))
    # every pairing's saved games are checked and counted before the first game is played: a
    # resumed run refuses a mismatch at once, and its report holds what was measured from the start
    tables = [_Pairing.prepare(*entry, players, duplicate, saved, games_file) for entry in plan]
    slots: list[Line | None] = [None] * len(plan)

    def record(at: int, results: list[GameResult], seconds: float) -> None:
        """A pairing's line over the games played so far: while it is played, a run stopped
        in its middle keeps what it measured (the verdict says how many games are missing)."""
        table = tables[at]
        wins, draws, losses = count(results, table.first, table.second, table.seats)
        slots[at] = Line(table.name, table.first, table.second, len(results), wins, draws, losses, table.target,
                         table.role, seconds, table.meaning, effort_by_agent(results),
                         round(sum(r.seconds for r in results), 3), duplicate, table.game.search_revision,
                         table.game.content_hash, table.seats, table.book)
        report.lines[:] = [line for line in slots if line is not None]

    for at, table in enumerate(tables):
        if table.before:
            record(at, list(table.before.values()), table.earlier(jobs))
    start = time.perf_counter()
    if measured:  # the run is on record from its start, before a pairing ends
        measured(report)

    def run() -> None:
        file = Journal(games_file) if games_file is not None else None
        try:
            for at in range(len(tables)):
                pairing(at, file)
        finally:
            if file is not None:
                file.close()

    def pairing(at: int, file) -> None:
        table = tables[at]
        finished = list(table.before.values())
        earlier = table.earlier(jobs)

        def save_game(result: GameResult) -> None:
            if file is not None:
                file.write({"game": table.name, "players": table.seats, "first": table.first,
                            "second": table.second, "role": table.role, "levels": table.meaning,
                            "search": table.game.search_revision, "content": table.game.content_hash,
                            **({"book": table.book} if table.book is not None else {}),
                            "index": result.fixture.index, "seed": result.fixture.seed,
                            "agents": list(result.fixture.agents), "returns": result.returns,
                            "moves": result.moves, "seconds": round(result.seconds, 3),
                            "effort": result.effort})
            finished.append(result)
            record(at, finished, time.perf_counter() - began + earlier)
            run_record.seconds = time.perf_counter() - start
            if measured:  # the run's time and results so far, whenever it is stopped
                measured(report)

        began = time.perf_counter()
        label = table.label
        result = tournament(table.name, [table.first, table.second], table.games, seed, jobs, options=table.options,
                            progress=(lambda done, total, label=label: progress(label, done, total))
                            if progress else None, backend=backend, address=address, played=table.before,
                            each=save_game, duplicate=duplicate)
        record(at, result.results, time.perf_counter() - began + earlier)
        run_record.seconds = time.perf_counter() - start
        if measured:
            measured(report)

    if backend == "ray":  # one Ray instance for every pairing
        from .ray_backend import ray_session

        with ray_session(jobs, address):
            run()
    else:
        run()
    run_record.seconds = time.perf_counter() - start
    return report


def unplayable(names: list[str], players: int | None) -> str | None:
    """Why one of the games `names` cannot be measured at `players` (None: each at its own)."""
    for name in names if players is not None else []:
        counts = games.load(name).player_counts()
        if players not in counts:
            return f"{name} is played by {' or '.join(map(str, counts))} players, not {players}"
    return None


def effort_by_agent(results: list[GameResult]) -> dict[str, dict] | None:
    """What each searching agent's search did over these games (its seats' efforts combined)."""
    parts: dict[str, list[dict]] = {}
    for result in results:
        for seat, effort in enumerate(result.effort or []):
            if effort:
                parts.setdefault(result.fixture.agents[seat], []).append(effort)
    return {name: Effort.combine(efforts).to_dict() for name, efforts in parts.items()} or None


def effort_sentence(name: str, effort: dict) -> str:
    """`hard`: 2,310 iterations a decision on average (the least 180; budget 4,000); of its 5,120
    decisions, its time cap ended 62% first and 30% ended early, their answer settled."""
    whole = Effort(**effort)
    budget = f"budget {whole.budget:,}" if whole.budget is not None else "no budget but the clock"
    ends = []
    if whole.cut:
        ends.append(f"its time cap ended {_pct(whole.cut / whole.decisions)} first")
    if whole.settled:
        ends.append(f"{_pct(whole.settled / whole.decisions)} ended early, their answer settled")
    cut = (f"of its {whole.decisions:,} decisions, " + " and ".join(ends) if ends
           else f"it searched its whole budget in all {whole.decisions:,} decisions")
    mean = f"{whole.mean:,.1f}" if whole.mean < 100 else f"{whole.mean:,.0f}"
    return (f"`{name}`: {mean} {whole.unit} a decision on average (the least {whole.least:,};"
            f" {budget}); {cut}")


def games_path(results: Path) -> Path:
    """Where `--save-results X.json` keeps its games, one JSON line each: X.games.jsonl."""
    return results.with_name(results.stem + ".games.jsonl")


def read_games(path: Path) -> list[dict]:
    """The games a run saved; a last line cut short by a stop is left out (played again)."""
    return read_saved_games(path, StrengthGame)


def save(report: StrengthReport, path: Path) -> None:
    """The measured results as JSON, to merge with other runs' later (`merge`)."""
    data = asdict(report)
    for run in data["runs"]:
        run["started"] = run["started"].isoformat()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n")


def load(path: Path) -> StrengthReport:
    try:
        saved = read_document(json.loads(path.read_text()), StrengthReport)
    except (OSError, ValueError) as e:
        raise ValueError(f"{path}: not a saved strength report ({e})") from e
    # a target is the standard, not part of the measurement: saved lines are judged by today's
    saved.lines = [replace(line, target=TARGETS.get(line.second, line.target)) if line.role == "hard" else line
                   for line in saved.lines]
    return saved


SHARED = ("games_per_pairing", "seed", "agent_hard")  # what merged runs must agree on (and search_games, below)


def merge(parts: list[StrengthReport]) -> StrengthReport:
    """One report from runs that measured different games with the same settings. A pairing
    measured again after a level changed (hard was the planner, now it searches) replaces the
    measurement of the level it was, which says nothing of today's; where the level has changed
    again since both (neither is today's), the later measurement stays, marked as not today's.
    Of two measurements of today's, one with each deal in both seat orders (duplicate) replaces
    one with a game a deal; two of the same kind are refused (the same seeds: not to be pooled)."""
    first = parts[0]
    for part in parts[1:]:
        for name in SHARED:
            if getattr(part, name) != getattr(first, name):
                raise ValueError(f"the runs differ in {name}: {quoted(getattr(first, name))} and {quoted(getattr(part, name))}")
    # the search pairing's game count matters only to runs that played a search pairing
    searched = [part for part in parts if any(line.role is None for line in part.lines)] or parts[:1]
    for part in searched[1:]:
        if part.search_games != searched[0].search_games:
            raise ValueError(f"the runs differ in search_games: {quoted(searched[0].search_games)} and {quoted(part.search_games)}")
    by_pairing: dict[tuple[str, int, str, str, str], list[Line]] = {}
    measured_at: dict[int, datetime] = {}
    for part in parts:
        started = max((run.started for run in part.runs), default=datetime.min.replace(tzinfo=UTC))
        for line in part.lines:
            by_pairing.setdefault((*line.table, line.first, line.second, line.role or ""), []).append(line)
            measured_at[id(line)] = started
    again = []
    for key, lines in by_pairing.items():
        if len(lines) == 1:
            continue
        current = [line for line in lines if not _measured_another(line)]
        if len(current) > 1 and sum(line.duplicate for line in current) == 1:
            # each deal in both seat orders takes the deal's luck out of the difference: that
            # measurement replaces one game a deal of the same pairing (search.md section 37)
            current = [line for line in current if line.duplicate]
        if len(current) == 1:
            by_pairing[key] = current
        elif not current:
            by_pairing[key] = [max(lines, key=lambda line: measured_at[id(line)])]
        else:
            again.append(key)
    if again:
        raise ValueError("measured in more than one run: "
                         + ", ".join(f"{table_name((game, seats))} {first} vs {second}"
                                     for game, seats, first, second, _ in sorted(again)))
    kept = {id(lines[0]) for lines in by_pairing.values()}
    merged = StrengthReport(first.games_per_pairing, first.jobs, first.seed, first.agent_hard, {},
                            first.backend, searched[0].search_games,
                            duplicate=all(part.duplicate for part in parts))
    for part in parts:  # every run merged is listed, those whose measurements were replaced too
        merged.search_pairs.update(part.search_pairs)
        merged.lines += [line for line in part.lines if id(line) in kept]
        merged.runs += part.runs
    # a game's lines together, by number of players, hard's first, in the order the games were first measured
    order = list(dict.fromkeys(line.game for line in merged.lines))
    merged.lines.sort(key=lambda line: (order.index(line.game), line.table[1], line.role != "hard"))
    return merged


def tables_needed(report: StrengthReport) -> list[tuple[str, int]]:
    """Every game of the report at every number of players it is played with (issue #19: the
    targets hold "in every game and player count")."""
    return [(name, seats) for name in dict.fromkeys(line.game for line in report.lines)
            for seats in games.load(name).player_counts()]


def table_name(table: tuple[str, int]) -> str:
    """`divine`, or `divine (3 players)` where the count is not the game's default."""
    name, seats = table
    return name if seats == games.load(name).players() else f"{name} ({seats} players)"


def targets_met(report: StrengthReport) -> tuple[int, int, list[str]]:
    """Hard's targets met, hard's targets in all (every game's at every number of players,
    measured or not), and the pairings not measured. A pairing measured when hard was another
    agent says nothing of today's hard: it counts as not measured."""
    current = [line for line in report.lines if not _measured_another(line)]
    met = [line.met for line in current if line.met is not None and not line.doubling]
    measured = {(line.table, line.second) for line in current if line.target is not None}
    missing = [f"{table_name(table)} {report.agent_hard} vs {second}" for table in tables_needed(report)
               for second in TARGETS if (table, second) not in measured]
    return sum(met), len(met) + len(missing), missing


def scaling_met(report: StrengthReport) -> tuple[int, int, list[str]]:
    """The doublings met, the doublings needed (the plain search's at every N of
    SCALING_BUDGETS in every game of the report, at every number of players) and those not
    measured on today's search and content. A variant's doubling (`mcts-400-turn` against
    `mcts-200-turn`) is reported in its game's table but stands in for no plain one."""
    current = [line for line in report.lines if line.doubling and not _measured_another(line)
               and not search_budget(line.second)[2]]
    tables = tables_needed(report)
    met, missing = 0, []
    for table in tables:
        for n in SCALING_BUDGETS:
            at_n = [line for line in current if line.table == table and search_budget(line.second)[1] == n]
            if not at_n:
                missing.append(f"{table_name(table)} at {n}")
            met += any(line.met for line in at_n)
    return met, len(tables) * len(SCALING_BUDGETS), missing


def _measured_another(line: Line) -> list[str]:
    """What a saved line measured that is not today's (Game.changed_since): the levels (`hard`,
    say) that were other agents then, "search" when the game's search has been revised since,
    "content" when the game's content has changed since (its hash differs), and "book" when an
    agent of the line played a book that has changed since."""
    game = games.load(line.game)
    played = any(plays_book(agent, game, line.levels) for agent in (line.first, line.second))
    return game.changed_since(line.levels, line.search, line.content,
                              book_of({"book": line.book}, line.game, played))


def _as_played(name: str, line: Line, game) -> str:
    """A level's name, with what it was when a saved line was measured if that is not what it
    is now: `hard (then mcts)`."""
    then = (line.levels or {}).get(name)
    return f"{name} (then `{then}`)" if then is not None and then != game.levels.get(name) else name


def describe_agent(name: str, game: str | None = None) -> str:
    """An agent's kind and budget, read from the agent the registry makes; its playouts in
    `game` alone when one is named, else in every game."""
    agent = make_agent(name)
    kind = type(agent).__name__
    if isinstance(agent, LevelAgent):
        return (f"The level `{agent.level}`, played by the agent each game names ({kind}) with its budget, and a "
                f"time cap of {agent.seconds:g} s a decision (plus at most one iteration or plan), whichever comes "
                "first: " + ", ".join(f"{g} `{games.load(g).levels[agent.level]}` "
                                      f"({level_budget(games.load(g).levels[agent.level])})" for g in games.names()))
    if hasattr(agent, "describe"):
        return agent.describe()
    if isinstance(agent, PlannerAgent):
        reply = (f" and through the reply (at most {agent.reply_depth})" if agent.reply_depth
                 else " (not through the reply)")
        return (f"{kind}: the {agent.candidates} best actions by one-step evaluation, each played on greedily to the "
                f"end of its turn (at most {agent.own_depth} actions){reply}, over {agent.samples} sampled worlds; "
                f"at most {agent.seconds:g} s")
    if isinstance(agent, MctsAgent):
        if agent.iterations is None:
            budget = f"{agent.seconds:g} s a move (time-bound: depends on the machine and its load)"
        else:
            budget = f"{agent.iterations} iterations a move"
            if agent.seconds:
                budget += f", at most {agent.seconds:g} s"
            if agent.stop_when_settled and agent.root == "ucb":  # the other roots spend their budget
                budget += " (fewer once no remaining iteration could change the answer)"
        book = "; the game's book moves where it has them (Dogma's Opening)" if agent.book else ""
        return f"{kind}: {budget}; {playouts(agent, game)}{_root(agent)}{book}"
    doc = (sys.modules[type(agent).__module__].__doc__ or type(agent).__doc__ or "").strip()
    return f"{' '.join(doc.split('.')[0].split())} ({kind})" if doc else kind


def _root(agent: MctsAgent) -> str:
    """How the search chooses among its first moves, where that is not UCB's most visited."""
    if agent.root == "halving":
        return "; its first moves compared by sequential halving on common random numbers"
    if agent.root == "leaders":
        how = "playouts straight after them" if agent.compare_by == "playout" else "iterations down the tree"
        return (f"; UCB's two leading first moves then compared on common random numbers by {how}, "
                "with the budget's second half")
    return ""


def _to_rest(rounds: int) -> str:
    if rounds == 0:
        return f"to the next point of rest (at most {REST_PLAYOUT_CAP} actions)"
    ends = "the end of the round" + ("" if rounds == 1 else " and one more" if rounds == 2 else f" and {rounds - 1} more")
    return f"to {ends}, at a point of rest (at most {REST_PLAYOUT_CAP} actions a round)"


def playouts(agent: MctsAgent, only: str | None = None) -> str:
    """Where the agent's playouts end and how it compares values, per game unless set (in the
    game `only` alone when one is named)."""
    by_game = []
    for name in [only] if only else games.names():
        game = games.load(name)
        end = agent.playout_end or game.playout_end
        rescaled = game.normalize_values if agent.normalize_values is None else agent.normalize_values
        where = ("to the start of the searcher's next turn" if end == "turn"
                 else "to the end of the next player's turn" if end == "reply"
                 else _to_rest(game.rest_playout_rounds if agent.rest_rounds is None else agent.rest_rounds)
                 if end == "rest"
                 else f"cut at {agent.rollout_depth or game.rollout_depth} actions")
        widened = game.progressive_widening if agent.widening is None else agent.widening
        by_game.append(("" if only else f"{name} ") + where + (", values rescaled to each node's range" if rescaled else "")
                       + (", widening progressively" if widened else ""))
    return "playouts " + "; ".join(by_game)


def level_budget(name: str) -> str:
    """What an agent a level names does in a decision, before the level's time cap."""
    agent = make_agent(name)
    if isinstance(agent, MctsAgent):
        variant = search_budget(name)[2]
        return (f"{agent.iterations} iterations" + (", playouts to the start of its next turn, values rescaled"
                                                   if variant == "turn" else "")
                + (", the game's book moves" if agent.book else ""))
    if isinstance(agent, PlannerAgent):
        return f"{agent.candidates} plans over {agent.samples} worlds"
    return "one step ahead, no search: no cap needed"


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for row in Path("/proc/cpuinfo").read_text().splitlines():
            if row.startswith("model name"):
                cpu = row.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({cpu}), {platform.system()} {platform.release()}"


def _commit() -> str | None:
    """The source's git revision, marked -dirty when the work tree has changes."""
    try:
        out = subprocess.run(["git", "describe", "--always", "--dirty"], capture_output=True, text=True,
                             timeout=5, cwd=Path(__file__).parent, check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def _play_time(line: Line) -> str:
    """One core's time over the pairing's games; a line saved before that was kept shows its wall time."""
    if line.play_seconds is not None:
        return _duration(line.play_seconds)
    return f"{_duration(line.seconds)} (wall)"


def _duration(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min {secs:02d} s"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _search_pairings(lines: list[Line]) -> str:
    pairs = [f"{line.first} vs {line.second}" for line in lines if line.role is None]
    if not pairs:
        return ""
    return f"; search pairing{'s' if len(pairs) > 1 else ''}: {', '.join(pairs)}"


def _run_header(report: StrengthReport) -> list[str]:
    if len(report.runs) == 1:
        [run] = report.runs
        return [
            f"- Date: {run.started:%Y-%m-%d %H:%M} UTC; the run took {_duration(run.seconds)}",
            f"- Command: `{run.command}`",
            (f"- Machine: {run.machine}; {report.jobs} parallel job{'s' if report.jobs != 1 else ''}"
             f" ({report.backend} backend)"),
            f"- {run.python}{f' (commit {run.commit})' if run.commit else ''}",
        ]
    out = [(f"- Measured in {len(report.runs)} runs (`credo report-agents --merge` joined their saved results),"
            f" {_duration(report.seconds)} in all:")]
    for run in report.runs:
        out.append(f"  - {', '.join(run.games)}: `{run.command}`, {run.started:%Y-%m-%d %H:%M} UTC,"
                   f" {_duration(run.seconds)}; {run.python}{f' (commit {run.commit})' if run.commit else ''};"
                   f" {run.machine}")
    return out


LADDER_COMMAND = "credo ladder GAME --games N --jobs J --seed S --out docs/ladder"
LEVELS_FOLDER = "levels"  # beside the ladder's tables: the levels' own ladder, played longer
LEVELS_COMMAND = "credo ladder GAME --agents easy,medium,hard --games N --jobs J --seed S --out docs/ladder/levels"


def ladder_section(folder: Path | None) -> list[str]:
    """The ladder's command and what it measured: the tables `credo ladder` wrote in `folder`
    (with their plots), as they stand."""
    out = ["", "## Ladder", "",
           f"`{LADDER_COMMAND}` plays one round robin of random, greedy, the planner, MCTS at four budgets",
           "(100, 200, 400 and 800 iterations), OpenSpiel's ISMCTS (and its MCTS in Dirge, which hides nothing",
           "from one player that the other knows) at the levels' time cap, and the three levels. It rates them with",
           "openskill and writes each game's table (GAME.md) and plot of strength against thinking time (GAME.png),",
           "saving every game in GAME.jsonl as it ends. It plays in rounds (every pairing's first game, then",
           "every pairing's second...): the same command resumes a stopped run, and a larger `--games` adds rounds."]
    tables = sorted(folder.glob("*.md")) if folder is not None and folder.is_dir() else []
    if not tables:
        return out + ["", "Not measured yet."]
    out += _ladder_tables(tables, folder.name)
    levels = sorted((folder / LEVELS_FOLDER).glob("*.md"))
    if levels:
        out += ["", "### The levels, head to head", "",
                f"`{LEVELS_COMMAND}`: the three levels alone, more games a pairing than the whole ladder can afford,",
                "to say whether each level beats the one below it (its score against it, with its 95% interval)."]
        out += _ladder_tables(levels, f"{folder.name}/{LEVELS_FOLDER}", depth="####")
    return out


def _ladder_tables(tables: list[Path], link: str, depth: str = "###") -> list[str]:
    """Each ladder table as it stands, under its game's heading, with its plot."""
    out = []
    for table in tables:
        heading, _, text = table.read_text().rstrip("\n").replace("## Ladder: ", f"{depth} ", 1).partition("\n")
        out += ["", heading]
        outdated = _ladder_not_today(table.with_suffix(".jsonl"))
        if outdated:
            out += ["", f"**Not known to be today's agents and content** ({', '.join(outdated)}): this ladder rates the agents as they"
                        " were when it was played; the same command with a new `--out` rates today's."]
        out.append(text)
        plot = table.with_suffix(".png")
        if plot.exists():
            out += ["", f"![{table.stem}: strength against thinking time]({link}/{plot.name})"]
    return out


def _ladder_not_today(saved: Path) -> list[str]:
    """What a ladder's saved games (GAME.jsonl) were played with that is not known to be today's."""
    try:
        return not_today(json.loads(saved.read_text().splitlines()[0])["settings"])
    except (OSError, IndexError, ValueError, KeyError, TypeError):
        return ["its saved games (GAME.jsonl missing or unreadable)"]


def render(report: StrengthReport, ladders: Path | None = None) -> str:
    hard = report.agent_hard
    stand_in = hard != "hard"
    out = [
        "# Agent strength",
        "",
        "Generated by `credo report-agents` (`make strength` regenerates this file). Every number",
        f"below is what {'this run' if len(report.runs) == 1 else 'these runs'} measured; nothing is filled in by hand.",
        "",
        *_run_header(report),
        (f"- Seed {report.seed}; {report.games_per_pairing} games per pairing"
         + (f" ({report.search_games} for the search pairing)" if report.search_games else "")
         + (", each seed played in every seat order" if report.duplicate
            else ", seats alternating" + (" (each seed played in every seat order, where a pairing says"
                                           " duplicate)" if any(line.duplicate for line in report.lines) else ""))
         + "; each game with its default options and its machine-play turn limit"
           " (the rulebooks have none; a game that reaches it is a draw)"
         + ("; a section of more players names their number" if any(line.table[1] > 2 for line in report.lines)
            else "")),
        "",
        "## Agents and budgets",
        "",
        "As the code stands now; each run above names the commit it played at, and docs/agents/search.md",
        "dates every change to the search (Dogma's playouts went on to the next point of rest in section 12,",
        "and through one more round in section 13; Divine's reached the rival's reply in section 18, commit",
        "5f9a3e5). Each such change raises the game's search revision (`Game.search_revision`: "
        + ", ".join(f"{name} {games.load(name).search_revision}" for name in games.names()) + "):",
        "a line measured with an earlier one is marked \"not today's search\" and counts for no target;",
        "so is a line measured on other content than today's (\"not today's content\": its content hash,",
        "`Game.content_hash`, differs; a rebalanced card changes the game both sides play), and a line",
        "where an agent played a book (`-book`: `Game.book_action`) whose entries have changed since",
        "(\"not today's book\": `Game.book_revision`, "
        + (", ".join(f"{name} {games.load(name).book_revision}" for name in games.names()
                     if games.load(name).book_revision) or "no game has a book") + ").",
        "",
        "| agent | budget |",
        "| --- | --- |",
    ]
    # every level is listed, measured here or not: a level's budget and time cap are part of its definition
    for name in dict.fromkeys([*report.agents(), "easy", "medium", "hard"]):
        out.append(f"| {name} | {describe_agent(name)} |")
    out += [
        "",
        "## Targets",
        "",
        (f"`hard` wins at least {_targets_sentence()}, over at least {MIN_GAMES} games each. The"),
        "win rate is wins over games (a draw is not a win); a target is met when the measured",
        "rate reaches it and enough games were played. The interval is the 95% Wilson interval.",
        "",
        (f"Search that scales: `mcts-2N` against `mcts-N` scores at least {_pct(SCALING_TARGET)} (a draw counts"
         f" half), its interval above 50%, over at least {MIN_GAMES} games."),
        "",
        "Both hold in every game at every number of players it is played with. At more than two players",
        "the two agents sit in turn around the table, each deal in every seat order (three players: `a, b, a`,",
        "its rotations, and `b, a, b`, its rotations), so that each holds as many seats as the other; an",
        "agent wins a game when one of its seats wins, and of two agents that play alike each wins half.",
    ]
    if stand_in:
        out += ["", f"In this run `{hard}` played the part of `hard` (`--agent-hard {hard}`): the targets",
                f"are the hard level's, and the lines marked \"as hard\" measure `{hard}`, not `hard`."]
    for table in dict.fromkeys(line.table for line in report.lines):
        name, seats = table
        game = games.load(name)
        options = game.machine_options({"players": seats} if seats != game.players() else {})
        heading = name if seats == game.players() else f"{name}, {seats} players"
        out += ["", f"## {heading}: {game.title}", "",
                f"Options: `{game.options(**options)}`" + _search_pairings([x for x in report.lines if x.table == table])
                + (f"; `hard` plays `{game.levels['hard']}` ({describe_agent(game.levels['hard'], name)})."
                   if not stand_in else "."),
                "",
                "| pairing | games | wins | draws | losses | win rate of the first (95% CI) | score, draws half (95% CI) |"
                " target | met | play time, one core |",
                "| --- | --- | ---: | ---: | ---: | --- | --- | --- | --- | ---: |"]
        lines = [x for x in report.lines if x.table == table]
        for line in lines:
            p, low, high = line.win_rate
            first = f"{line.first} (as hard)" if stand_in and line.role == "hard" else line.first
            first, second = (_as_played(first, line, game), _as_played(line.second, line, game))
            target = f"≥ {_pct(line.target)}" if line.target is not None else "-"
            if line.doubling:
                target = f"score ≥ {_pct(SCALING_TARGET)}, interval > 50%"
            q, q_low, q_high = line.score
            if _measured_another(line):
                verdict = "not today's " + " and ".join(_measured_another(line))
            elif line.met is None:
                verdict = "-"
            elif line.met:
                verdict = "yes"
            elif line.games < MIN_GAMES:
                verdict = f"no ({line.games} games < {MIN_GAMES})"
            else:
                verdict = "no"
            second = f"{second} (mirror)" if line.first == line.second else second
            second = f"{second} (duplicate)" if line.duplicate and not report.duplicate else second
            out.append(f"| {first} vs {second} | {line.games} | {line.wins} | {line.draws} |"
                       f" {line.losses} | {_pct(p)} [{_pct(low)}, {_pct(high)}] | {_pct(q)} [{_pct(q_low)}, {_pct(q_high)}] |"
                       f" {target} | {verdict} |"
                       f" {_play_time(line)} |")
        searched = [x for x in lines if x.effort]
        if searched:
            out += ["", "What the searches did, over the decisions that had a choice (a level stops at its budget"
                        " or its time cap, whichever comes first):", ""]
            out += [f"- {x.first} vs {x.second}: " + "; ".join(effort_sentence(agent, effort)
                                                             for agent, effort in x.effort.items()) + "."
                    for x in searched]
        if any(x.first == x.second for x in lines):
            out += ["", ("In a mirror match the first is the entry in the first seat in the pairing's"
                         " 1st, 3rd, 5th... games, and in the second seat in the others.")]
    out += ["", "## Summary"]
    if any(not line.doubling for line in report.lines):
        met_count, target_count, missing = targets_met(report)
        out += ["", f"Targets met: {met_count} of {target_count}" + (f" (with `{hard}` as hard)" if stand_in else "")
                + (f"; not measured: {', '.join(missing)}." if missing else ".")]
    if any(line.doubling for line in report.lines):
        met_count, needed, missing = scaling_met(report)
        out += ["", f"Search that scales: {met_count} of {needed} doublings met (the plain search's, at N = "
                    f"{', '.join(map(str, SCALING_BUDGETS))} in each game at each number of players)"
                    + (f"; not measured on today's search and content: {', '.join(missing)}." if missing else ".")]
    if any(not line.doubling for line in report.lines):  # the ladder rates the levels, which a report of doublings does not
        out += ladder_section(ladders)
    return "\n".join(out) + "\n"


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("credo")
    except PackageNotFoundError:
        return "(not installed)"


def command_line(games_per_pairing: int, jobs: int, seed: int, out: Path, games_list: list[str] | None,
                 agent_hard: str, search: tuple[str, str] | None, backend: str = "process",
                 address: str | None = None, search_games: int | None = None,
                 save_results: str | None = None, only: str = "all", resume: bool = False,
                 duplicate: bool = False, players: int | None = None) -> str:
    """The `credo report-agents` command that repeats a run, every setting spelled out."""
    argv = ["credo", "report-agents", "--games", str(games_per_pairing), "--jobs", str(jobs),
            "--seed", str(seed), "--out", str(out)]
    if games_list:
        argv += ["--games-list", ",".join(games_list)]
    if agent_hard != "hard":
        argv += ["--agent-hard", agent_hard]
    if search:
        argv += ["--search-pair", ",".join(search)]
    if search_games is not None:
        argv += ["--search-games", str(search_games)]
    if address:
        argv += ["--address", address]
    elif backend != "process":
        argv += ["--backend", backend]
    if only != "all":
        argv += ["--only", only]
    if players is not None:
        argv += ["--players", str(players)]
    if duplicate:
        argv += ["--duplicate"]
    if save_results:
        argv += ["--save-results", save_results]
    if resume:
        argv += ["--resume"]
    return shlex.join(argv)
