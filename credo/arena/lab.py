"""The balance lab (`credo balance`): the same agent on every seat plays the matchups a
game's content offers (each game's `lab.py` names them: Jol's deck pairings, Dogma's
Predestination options and Free Will, Dirge's dealt creatures, every player count), and
a report says who wins: by seat, by deck / option / Prophet / creature / card, with 95%
Wilson intervals against the 45-55% band, game lengths, the most and least decisive
cards and the first-move advantage.

Games are played by the arena's loop (`tournament.run_work`: here, in processes or as
Ray tasks). Each finished game is appended at once to `results.jsonl` in the output
folder (one JSON line: matchup, seed, options, agents, outcome, what each seat held), so
a stopped run loses only the games in flight: `resume` plays only those missing, and
`merge` joins folders measured with the same settings. The run's settings and its
command lines are in `run.json` beside it, the report in `report.md` / `report.html`
with PNG plots (matplotlib, the `lab` extra, imported only to draw).

Cross-play (`--agents greedy,medium`): one agent on every seat can read a matchup wrong when
it plays one side below that side's strength (a search that wastes its turns with one deck
makes the other deck look strong). With several agents, each deal is played with every
assignment of them to the sides, and the report adds, for each pairing of sides, the score
of each side's agent against each of the other's and the value of that table as a zero-sum
game between the two sides' choices of agent (scipy's linear programming): what each side
scores when both play the best mix of the agents measured. The band is judged on that value.

Openers (`--openers knowledge`, or `all`): where a side's first decision shapes its game and is
made before it knows the other side (Dogma's Opening: ruling D-31), the agent may open poorly and
read the side low. Each deal is then played again with the named sides' first decision fixed to
each choice the game's lab names (the other side free), and the report scores each opener against
every other side, the field a player faces when choosing it. Those games are kept apart: every
other section counts only the games the agent played freely.
"""

from __future__ import annotations

import html
import importlib
import itertools
import json
import math
import platform
import time
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from types import SimpleNamespace

from credo import games
from credo.agents import level_meanings, make_agent, plays_book
from credo.kernel.view import match_secret
from credo.kernel import quoted

from .journal import Journal
from .report import Run, _commit, _duration, _version, machine
from .selfplay import play_game
from .saved import LabGame, book_of, read_document, read_saved_games
from .tournament import run_work, schedule, wilson

RESULTS = "results.jsonl"
SETTINGS = "run.json"
BAND = (0.45, 0.55)
# settings every part of one measurement shares: results of other settings are another measurement
# (merged parts may differ in seed: that is how several machines measure more games)
# (the content is compared by what it holds, not where it lies: see `_same`)
SHARED = ("game", "agents", "options")
MIN_SAMPLES = 10  # fewer games on a side of a comparison say nothing about a card
DECISIVE_SHOWN = 8


# --- what to play ----------------------------------------------------------------------

def game_lab(name: str):
    """The game's lab module (credo/games/GAME/lab.py), or a plain one: every seat at
    every player count, nothing held."""
    try:
        return importlib.import_module(f"credo.games.{name}.lab")
    except ModuleNotFoundError:
        return SimpleNamespace(
            matchups=lambda game: [(f"{n} players", {"players": n}) if game.min_players != game.max_players
                                   else ("default", {}) for n in range(game.min_players, game.max_players + 1)],
            tags=lambda game, match: [[] for _ in range(match.state.num_players)],
            first_player=lambda game, match: None)


def outcome_kinds(name: str) -> dict[str, str]:
    """Kinds of tag that say what happened to a side (the game lab's OUTCOMES: kind -> what
    it records), not what content it held: they show where games are decided, but are not
    content to keep within the band, so the report keeps them out of its verdicts."""
    return getattr(game_lab(name), "OUTCOMES", {})


@dataclass
class Settings:
    game: str
    agents: str  # one agent (or level) on every seat, or several, comma-separated: cross-play
    games: int  # per matchup
    seed: int = 0
    content: str | None = None
    options: dict = field(default_factory=dict)  # the person's game options, laid over each matchup's
    jobs: int = 1
    backend: str = "process"
    runs: list[Run] = field(default_factory=list)
    only: list[str] | None = None  # `--matchups`: the words that select matchups (None: every one)
    # the validated content's hash (the game's `content_hash`), filled when a run starts; None in
    # folders written before it was kept, and then in every folder resumed from them, because
    # their first games may have been played with other values
    content_hash: str | None = None
    openers: list[str] | None = None  # `--openers`: the sides whose first decision is fixed in turn


def matchups(settings: Settings) -> list[tuple[str, dict]]:
    """The matchups to play: labels and options (machine turn limit included), each once.
    The person's options select: a matchup that sets one of them to another value is left
    out (`-o deck1=mine` keeps the matchups of that deck), the others get them laid over
    (`-o turn_limit=300`); when none is left, the options alone are the one matchup."""
    game = games.load(settings.game, settings.content)
    lab = game_lab(settings.game)
    chosen = settings.options
    seen: dict[str, tuple[str, dict]] = {}
    for label, options in lab.matchups(game):
        if any(key in options and options[key] != value for key, value in chosen.items()):
            continue
        played = game.machine_options({**options, **chosen})
        seen.setdefault(json.dumps(played, sort_keys=True), (label, played))
    if not seen:
        played = game.machine_options(chosen)
        label = lab.label(played) if hasattr(lab, "label") else json.dumps(chosen, sort_keys=True)
        seen[""] = (label, played)
    return select(list(seen.values()), settings.only)


def select(found: list[tuple[str, dict]], words: list[str] | None) -> list[tuple[str, dict]]:
    """The matchups a designer asked for by name (`--matchups knowledge`): those whose label is
    one of `words` or has one of them as a side ("knowledge" selects "knowledge vs storm" and
    "storm vs knowledge"). A word that selects nothing is an error naming the labels."""
    if not words:
        return found

    def named(label: str, word: str) -> bool:
        return word == label or word in label.split(" vs ")

    for word in words:
        if not any(named(label, word) for label, _ in found):
            raise ValueError(f"--matchups: {quoted(word)} names no matchup; the matchups are: "
                             + ", ".join(label for label, _ in found))
    return [(label, options) for label, options in found if any(named(label, word) for word in words)]


def agent_list(agents: str) -> list[str]:
    """The agents of `--agents`: one, or several (comma-separated) for cross-play."""
    return list(dict.fromkeys(a.strip() for a in agents.split(",") if a.strip()))


def seatings(game, players: int, agents: list[str]) -> list[tuple[str, ...]]:
    """Every way to give each side (team, or player) one of `agents`, as agents by seat: one
    agent gives one seating, two agents in a duel four (each against itself and the other)."""
    teams = [game.team_of(p, players) for p in range(players)]
    sides = list(dict.fromkeys(teams))
    return [tuple(pick[sides.index(t)] for t in teams) for pick in itertools.product(agents, repeat=len(sides))]


def game_key(row: dict) -> tuple:
    """What names one game of a run: its matchup, its deal, who sat where and what first
    decision was fixed (`--openers`)."""
    return row["matchup"], row["index"], tuple(row["agents"]), fixed_of(row)


def fixed_of(row: dict) -> tuple[int, str] | None:
    """The seat whose first decision the game fixed and to what (`--openers`); None for a free game."""
    fixed = row.get("fixed")
    return None if fixed is None else (fixed[0], fixed[1])


def free_rows(rows: list[dict]) -> list[dict]:
    """The games the agents played as they chose: those of no fixed opener."""
    return [row for row in rows if row.get("fixed") is None]


def openers_of(settings: Settings, game, options: dict) -> list[tuple[int, str, str]]:
    """The fixed openings to play on each deal of a matchup: (seat, opener, action as written) for
    each seat whose side `--openers` names, each opener the game's lab offers it."""
    if not settings.openers:
        return []
    offered = getattr(game_lab(settings.game), "openers", lambda game, options: None)(game, options) or []
    return [(seat, opener, action) for seat, (side, choices) in enumerate(offered)
            if side in settings.openers or "all" in settings.openers for opener, action in choices]


def check_openers(settings: Settings) -> None:
    """`--openers` names sides the selected matchups offer openers for, with one agent: a ValueError
    naming what is wrong otherwise."""
    if not settings.openers:
        return
    game = games.load(settings.game, settings.content)
    hook = getattr(game_lab(settings.game), "openers", None)
    if hook is None:
        raise ValueError(f"--openers: {settings.game} names no openers to fix (its sides' first decisions "
                         "are not a choice of opening)")
    if len(agent_list(settings.agents)) > 1:
        raise ValueError("--openers measures one agent's openers: give one agent, not a cross-play")
    sides = {side for _, options in matchups(settings) for side, _ in hook(game, options) or []}
    if not sides:
        raise ValueError("--openers: none of the selected matchups has openers to fix (in "
                         f"{settings.game}: the two-player Predestination matchups)" if settings.game == "dogma"
                         else "--openers: none of the selected matchups has openers to fix")
    for word in settings.openers:
        if word != "all" and word not in sides:
            raise ValueError(f"--openers: {quoted(word)} is no side of the selected matchups; they are: "
                             + ", ".join(sorted(sides)) + " (or all)")


class FixedFirst:
    """An agent whose first decision is fixed (`--openers`); every later one is its own."""

    def __init__(self, inner, action: str) -> None:
        self.inner, self.action, self.done = inner, action, False
        self.name = inner.name

    def choose(self, view):
        if self.done:
            return self.inner.choose(view)
        self.done = True
        for action in view.legal_actions:
            if str(action) == self.action:
                return action
        raise ValueError(f"the fixed opener {quoted(self.action)} is not legal at the side's first decision "
                         f"(legal: {', '.join(map(str, view.legal_actions))})")


def plan(settings: Settings, done: Collection[tuple] = frozenset()) -> list[tuple]:
    """The work items of the games not yet in `done` (`game_key`s). Every matchup plays the
    same seeds (the arena's schedule), so matchups differ only in what they vary; in
    cross-play each deal is played once for every seating of the agents, and with `--openers`
    once free and once for each opener of each side named."""
    check_openers(settings)
    game = games.load(settings.game, settings.content)
    agents = agent_list(settings.agents)
    work = []
    for label, options in matchups(settings):
        players = game.players(**options)
        seated = seatings(game, players, agents)
        fixes = [None, *openers_of(settings, game, options)]
        for fixture in schedule(agents[:1], players, settings.games, settings.seed):
            for seats in seated:
                for fixed in fixes:
                    if (label, fixture.index, seats, None if fixed is None else fixed[:2]) not in done:
                        work.append((settings.game, label, replace(fixture, agents=seats), options, settings.content,
                                     fixed))
    # game k of every matchup before game k+1 of any: a run stopped early has measured them all alike
    return sorted(work, key=lambda item: item[2].index)


def play_lab_game(item: tuple) -> dict:
    """One game of the lab, in whichever process or Ray worker: its line of results.jsonl."""
    name, label, fixture, options, content, fixed = item
    game = games.load(name, content)
    lab = game_lab(name)
    agents = [make_agent(a, fixture.seed * 17 + seat) for seat, a in enumerate(fixture.agents)]
    if fixed is not None:
        agents[fixed[0]] = FixedFirst(agents[fixed[0]], fixed[2])
    began = time.perf_counter()
    match = play_game(game, agents, fixture.seed, options, secret=match_secret(None, fixture.seed))
    state = match.state
    return {"matchup": label, "index": fixture.index, "seed": fixture.seed, "options": match.options,
            "agents": list(fixture.agents), "winners": list(state.winners), "returns": state.returns(),
            "moves": len(match.moves), "turns": getattr(state, "turn", None),
            "first": lab.first_player(game, match), "held": [[list(t) for t in seat] for seat in lab.tags(game, match)],
            "search": game.search_revision, "seconds": round(time.perf_counter() - began, 3),
            **({"levels": meaning} if (meaning := level_meanings(game, fixture.agents)) else {}),
            **({"book": game.book_revision} if any(plays_book(a, game) for a in fixture.agents) else {}),
            **({"fixed": [fixed[0], fixed[1]]} if fixed is not None else {})}


# --- saving, resuming, merging -------------------------------------------------------------

def read_settings(folder: Path) -> Settings:
    path = folder / SETTINGS
    try:
        return read_document(json.loads(path.read_text()), Settings)
    except FileNotFoundError:
        raise ValueError(f"{folder}: no {SETTINGS}, so not a balance run's folder") from None
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ValueError(f"{path}: not a balance run's settings ({e})") from None


def write_settings(settings: Settings, folder: Path) -> None:
    data = asdict(settings)
    for run in data["runs"]:
        run["started"] = run["started"].isoformat()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / SETTINGS).write_text(json.dumps(data, indent=1) + "\n")


def read_results(folder: Path) -> list[dict]:
    """The saved games; a last line cut short by a stop is left out (it is played again)."""
    rows = read_saved_games(folder / RESULTS, LabGame)
    # one game saved twice (two runs writing one folder) counts once: a matchup, a seed and the
    # agents by seat make one game
    once: dict[tuple, dict] = {}
    for row in rows:
        once.setdefault(_same_game(row), row)
    return list(once.values())


def _same_game(row: dict) -> tuple:
    return row["matchup"], row["seed"], tuple(row["agents"]), fixed_of(row)


def fingerprint(settings: Settings) -> str:
    """The hash of the content the settings play: the same values give the same hash
    wherever their files lie (a copy of the shipped content is the shipped content)."""
    return games.load(settings.game, settings.content).content_hash


def _same(a: Settings, b: Settings, where: str) -> None:
    for name in SHARED:
        if getattr(a, name) != getattr(b, name):
            raise ValueError(f"{where}: the runs differ in {name}: {quoted(getattr(a, name))} and {quoted(getattr(b, name))}")
    if a.content_hash and b.content_hash:
        if a.content_hash != b.content_hash:
            raise ValueError(f"{where}: the runs played different content (content hash {a.content_hash} "
                             f"from {a.content or 'the shipped content'}, {b.content_hash} from "
                             f"{b.content or 'the shipped content'})")
    elif a.content != b.content:  # a folder without a hash: only its path can be compared
        raise ValueError(f"{where}: the runs differ in content: {quoted(a.content)} and {quoted(b.content)}")


def search_revisions(rows: list[dict]) -> set[int | None]:
    """The search revisions (`Game.search_revision`) the games were played with; None for games
    saved before the lab kept it."""
    return {row.get("search") for row in rows}


def levels_played(name: str, rows: list[dict]) -> dict[str, set[str | None]]:
    """For each level that played in `rows`, what it played as: the agent the games recorded,
    None for games saved before the lab kept it."""
    game = games.load(name)
    found: dict[str, set[str | None]] = {}
    for row in rows:
        recorded = row.get("levels") or {}
        for agent in dict.fromkeys(row["agents"]):
            if agent in game.levels or agent in recorded:
                found.setdefault(agent, set()).add(recorded.get(agent))
    return found


def books_played(name: str, rows: list[dict]) -> set[int]:
    """The book revisions (`Game.book_revision`) of the games an agent playing the book took part in.
    A game records the revision where one did; one saved before it was kept is read by its agents'
    names and recorded levels alone (a level recorded nowhere did not play the book then, whatever
    it plays today)."""
    game = games.load(name)
    found = (book_of(row, name, "book" in row or any(
        plays_book(a, game, {a: a, **(row.get("levels") or {})}) for a in row["agents"])) for row in rows)
    return {book for book in found if book is not None}


def _one_search(name: str, rows: list[dict], where: str, today: bool = False) -> None:
    """Refuse games of several searches in one measurement (and, with `today`, games of another
    search than today's, which a resumed run would add to): a change to the search changes what
    the agents find, so their games measure different players, as other content would. So do
    another book and a level that plays another agent."""
    found = search_revisions(rows)
    if today and rows:
        found.add(games.load(name).search_revision)
    if len(found) > 1:
        said = ", ".join("unrecorded (before the lab kept it)" if r is None else str(r)
                         for r in sorted(found, key=lambda r: -1 if r is None else r))
        raise ValueError(f"{where}: games of {name}'s search revisions {said} would be measured together; "
                         "measure today's search in a new folder")
    books = books_played(name, rows)
    if today and books:
        books.add(games.load(name).book_revision)
    if len(books) > 1:
        raise ValueError(f"{where}: games played with {name}'s book revisions "
                         f"{', '.join(map(str, sorted(books)))} would be measured together; measure today's book "
                         "in a new folder")
    today_levels = games.load(name).levels
    for level, meanings in sorted(levels_played(name, rows).items()):
        if today:
            meanings.add(today_levels.get(level))
        if len(meanings) > 1:
            said = " and ".join("unrecorded (before the lab kept it)" if m is None else f"`{m}`"
                                for m in sorted(meanings, key=lambda m: "" if m is None else m))
            raise ValueError(f"{where}: games of {name}'s `{level}` played as {said} would be measured together; "
                             f"measure today's `{level}` in a new folder")


def run(settings: Settings, out: Path, resume: bool = False, command: str = "", address: str | None = None,
        progress: Callable[[int, int], None] | None = None) -> list[dict]:
    """Play what is missing from `out` (everything, unless `resume`), saving each game as it
    ends; the folder's games afterwards."""
    out.mkdir(parents=True, exist_ok=True)
    settings.content_hash = settings.content_hash or fingerprint(settings)
    with _only_writer(out):
        saved = read_results(out) if resume else []
        if resume and (out / SETTINGS).exists():
            before = read_settings(out)
            _same(before, settings, str(out))
            if before.content_hash is None:
                settings.content_hash = None
            if before.seed != settings.seed:
                raise ValueError(f"{out} was measured with --seed {before.seed}: resume it with the same seed "
                                 "(a run of another seed goes in its own folder, merged later)")
            settings.runs = before.runs
        elif (out / RESULTS).exists() and not resume:
            raise ValueError(f"{out} already holds results: give --resume to play only the missing games, "
                             "or another --out")
        _one_search(settings.game, saved, str(out), today=True)
        done = {game_key(row) for row in saved}
        work = plan(settings, done)
        if resume and (out / SETTINGS).exists():
            # the folder holds what every run played: `--matchups chaos` added to a run of every
            # matchup leaves a folder of every matchup, as a merge of the two would
            settings.only = _union([before.only, settings.only])
            settings.openers = _joined([before.openers, settings.openers])
        record = Run(command, [settings.game], commit=_commit(), machine=machine(),
                     python=f"Python {platform.python_version()}, credo {_version()}")
        settings.runs.append(record)
        (out / RESULTS).write_text("".join(json.dumps(row) + "\n" for row in saved))  # drops a cut-short line
        write_settings(settings, out)
        start = time.perf_counter()
        with Journal(out / RESULTS) as file:
            def each(row: dict) -> None:
                file.write(row)
                record.seconds = time.perf_counter() - start
                write_settings(settings, out)  # the run's time so far, whenever it is stopped

            try:
                run_work(work, settings.jobs, settings.backend, address, progress, play=play_lab_game, each=each)
            finally:
                record.seconds = time.perf_counter() - start
                write_settings(settings, out)
    return read_results(out)


def _joined(sweeps: list[list[str] | None]) -> list[str] | None:
    """The `--openers` of merged parts: every side any part swept (None: none)."""
    return sorted({word for words in sweeps for word in words or []}) or None


def _union(selections: list[list[str] | None]) -> list[str] | None:
    """The selection of merged parts: every matchup when one part played every matchup."""
    if any(words is None for words in selections):
        return None
    return sorted({word for words in selections for word in words})


@contextmanager
def _only_writer(out: Path) -> Iterator[None]:
    """Hold the folder's lock while playing: a second run on the same folder stops at once
    instead of playing the same games again beside the first."""
    try:
        import fcntl
    except ImportError:  # not on POSIX: no lock
        yield
        return
    with (out / ".lock").open("w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise ValueError(f"another credo balance is playing into {out}: wait for it, or stop it") from None
        try:
            yield
        finally:
            (out / ".lock").unlink(missing_ok=True)


def merge(folders: list[Path], out: Path) -> tuple[Settings, list[dict], int]:
    """One measurement from several folders of the same settings: their games together (a
    game of the same matchup, seed and agents counted once) and their runs. Returns the settings,
    the games and how many repeated games were left out."""
    parts = [(read_settings(f), read_results(f)) for f in folders]
    first = parts[0][0]
    merged = Settings(first.game, first.agents, first.games, first.seed, first.content, first.options,
                      first.jobs, first.backend, [], _union([s.only for s, _ in parts]),
                      first.content_hash if all(s.content_hash for s, _ in parts) else None,
                      _joined([s.openers for s, _ in parts]))
    # every folder's games, before a repeated game is dropped: two searches (or two books) are refused
    # even where one folder only repeats the other's games
    _one_search(first.game, [row for _, part_rows in parts for row in part_rows], ", ".join(map(str, folders)))
    rows: dict[tuple, dict] = {}
    repeated = 0
    for folder, (settings, part_rows) in zip(folders, parts, strict=True):
        _same(first, settings, str(folder))
        merged.runs += settings.runs
        merged.games = max(merged.games, settings.games)
        for row in part_rows:
            key = _same_game(row)
            if key in rows:
                repeated += 1
            else:
                rows[key] = row
    out.mkdir(parents=True, exist_ok=True)
    write_settings(merged, out)
    (out / RESULTS).write_text("".join(json.dumps(row) + "\n" for row in rows.values()))
    return merged, list(rows.values()), repeated


# --- the numbers -------------------------------------------------------------------------

def score_of(row: dict, seats: set[int], sides: int = 2) -> float:
    """What a game gave the side at `seats`: a win 1, a draw (no winner) a fair share
    (1/2 between two sides), a loss 0."""
    if not row["winners"]:
        return 1 / sides
    return 1.0 if seats & set(row["winners"]) else 0.0


def players_of(row: dict) -> int:
    return len(row["returns"])


@dataclass
class Rate:
    """A score over games with its 95% Wilson interval."""

    score: float  # the sum of scores
    games: int
    fair: float = 0.5  # the score of an even game: 1/2 between two sides, 1/3 among three...

    @property
    def interval(self) -> tuple[float, float, float]:
        return wilson(self.score, self.games) if self.games else (0.0, 0.0, 0.0)

    @property
    def outside(self) -> bool:
        """Whether the 95% interval misses the band altogether: the fair share give or take 5
        points (45-55% between two sides)."""
        _, low, high = self.interval
        margin = (BAND[1] - BAND[0]) / 2
        return self.games > 0 and (high < self.fair - margin or low > self.fair + margin)

    def add(self, value: float, fair: float | None = None) -> None:
        """One game's score; with `fair`, that game's even share, kept as the mean over the games
        (games of different player counts together)."""
        if fair is not None:
            self.fair = (self.fair * self.games + fair) / (self.games + 1)
        self.score += value
        self.games += 1


def seat_rates(rows: list[dict], sides: dict[int, int] | None = None) -> dict[int, list[Rate]]:
    """Player count -> the score of each seat (team games: each seat of the winning team scores).
    `sides`: player count -> how many sides play (default: two), whose fair share is 1/sides."""
    out: dict[int, list[Rate]] = {}
    for row in rows:
        n = players_of(row)
        count = (sides or {}).get(n, 2)
        rates = out.setdefault(n, [Rate(0, 0, 1 / count) for _ in range(n)])
        for seat in range(n):
            rates[seat].add(score_of(row, {seat}, count))
    return dict(sorted(out.items()))


def matchup_rates(rows: list[dict], sides: dict[int, int] | None = None) -> dict[str, tuple[int, Rate, int]]:
    """Matchup -> (players, the first seat's score, draws), in the order first played."""
    out: dict[str, tuple[int, Rate, int]] = {}
    for row in rows:
        count = (sides or {}).get(players_of(row), 2)
        n, rate, draws = out.get(row["matchup"], (players_of(row), Rate(0, 0, 1 / count), 0))
        rate.add(score_of(row, {0}, count))
        out[row["matchup"]] = (n, rate, draws + (not row["winners"]))
    return out


def first_move(rows: list[dict], sides: dict[int, int] | None = None) -> Rate:
    """The score of the seat that took the first turn, over the games that name one (its
    fair share is the mean of 1/sides over those games)."""
    rate = Rate(0, 0)
    for row in rows:
        if row.get("first") is not None:
            count = (sides or {}).get(players_of(row), 2)
            rate.add(score_of(row, {row["first"]}, count), 1 / count)
    return rate


@dataclass
class Held:
    """One thing a seat held (a deck, a creature, a card played): its holders' score, and
    the score of the seats that could have held it but did not."""

    kind: str
    id: str
    held: Rate
    not_held: Rate

    @property
    def effect(self) -> float:
        return self.held.interval[0] - self.not_held.interval[0]


def held_rates(rows: list[dict], sides: dict[int, int] | None = None, side: str | None = None,
               split: Collection[str] = ()) -> dict[str, list[Held]]:
    """Kind -> every thing of that kind. Seats are compared within the same matchup and seat; a
    seat "could have held" a thing when, in the same matchup and seat, some game saw it held, and
    its own game records that kind at all (games saved before a kind was recorded say
    nothing of it). `sides`: player count -> how many sides play (default: two); a rate's fair
    share is the mean of 1/sides over its games, so that a card of a three-player game is judged
    against a third, not a half. The kinds in `split` are counted apart for each `side` (the
    seat's deck or option) in the games that name one: an outcome that always goes one way,
    such as a tiebreak, scores half when both sides are pooled."""
    def things(row: dict) -> list[set[tuple[str, str]]]:
        names = side_names(row, side) if split else None
        return [{(kind, f"{thing} ({side} {names[seat]})" if names and kind in split else thing)
                 for kind, thing in items} for seat, items in enumerate(row.get("held") or [])]

    seen: dict[tuple[str, int], set[tuple[str, str]]] = {}
    for row in rows:
        for seat, items in enumerate(things(row)):
            seen.setdefault((row["matchup"], seat), set()).update(items)
    table: dict[tuple[str, str], Held] = {}
    for row in rows:
        recorded = {kind for items in row.get("held") or [] for kind, _ in items}
        count = (sides or {}).get(players_of(row), 2)
        for seat, has in enumerate(things(row)):
            value = score_of(row, {seat}, count)
            for thing in seen[(row["matchup"], seat)]:
                if thing[0] not in recorded:
                    continue
                entry = table.setdefault(thing, Held(thing[0], thing[1], Rate(0, 0), Rate(0, 0)))
                (entry.held if thing in has else entry.not_held).add(value, 1 / count)
    out: dict[str, list[Held]] = {}
    for entry in sorted(table.values(), key=lambda h: (h.kind, -h.held.interval[0], h.id)):
        out.setdefault(entry.kind, []).append(entry)
    return out


def side_names(row: dict, kind: str | None) -> list[str] | None:
    """The `kind` each seat of a two-player game held (Dogma's option, Jol's deck), where each
    held exactly one; None otherwise."""
    held = row.get("held") or []
    if kind is None or len(held) != 2:
        return None
    sides = [[t[1] for t in seat if t[0] == kind] for seat in held]
    return [s[0] for s in sides] if all(len(s) == 1 for s in sides) else None


def side_pairings(rows: list[dict], kind: str) -> dict[tuple[str, str], Rate]:
    """(a, b) -> the score of the side holding `kind` a against the side holding b, both
    seat orders together (two-player games where each seat holds one of that kind)."""
    out: dict[tuple[str, str], Rate] = {}
    for row in rows:
        sides = side_names(row, kind)
        if sides is None:
            continue
        for seat in (0, 1):
            out.setdefault((sides[seat], sides[1 - seat]), Rate(0, 0)).add(score_of(row, {seat}))
    return out


def mirror_rows(settings: Settings, rows: list[dict]) -> list[dict]:
    """The games the first agent of `--agents` played on every seat: all of them, but in cross-play."""
    first = agent_list(settings.agents)[0]
    return [row for row in rows if all(agent == first for agent in row["agents"])]


@dataclass
class CrossPlay:
    """A pairing of two sides (`a` against `b`) played by every agent on each: `a`'s score for
    each (agent of a, agent of b), and the value of that table as a zero-sum game (what `a`
    scores when both sides play their best mix of the agents), with bounds from the cells'
    95% intervals (the value of the table of their lower ends, and of their upper ends: a
    game's value rises with every cell)."""
    a: str
    b: str
    cells: dict[tuple[str, str], Rate]
    value: float | None = None
    low: float | None = None
    high: float | None = None
    mix_a: dict[str, float] = field(default_factory=dict)
    mix_b: dict[str, float] = field(default_factory=dict)
    unvalued: str | None = None  # why the table has no value yet

    @property
    def outside(self) -> bool:
        return self.value is not None and (self.high < BAND[0] or self.low > BAND[1])


def game_value(matrix: list[list[float]]) -> tuple[float, list[float], list[float]]:
    """The value to the row player of the zero-sum game whose row player scores `matrix[i][j]`
    (the column player 1 minus it), and both players' best mixes (linear programming)."""
    from scipy.optimize import linprog

    n, m = len(matrix), len(matrix[0])
    # the rows: maximise v such that every column leaves the row mix at least v
    rows = linprog([0.0] * n + [-1.0], A_ub=[[-matrix[i][j] for i in range(n)] + [1.0] for j in range(m)],
                   b_ub=[0.0] * m, A_eq=[[1.0] * n + [0.0]], b_eq=[1.0], bounds=[(0, 1)] * n + [(None, None)],
                   method="highs")
    # the columns: minimise w such that no row scores more than w against the column mix
    columns = linprog([0.0] * m + [1.0], A_ub=[[matrix[i][j] for j in range(m)] + [-1.0] for i in range(n)],
                      b_ub=[0.0] * n, A_eq=[[1.0] * m + [0.0]], b_eq=[1.0], bounds=[(0, 1)] * m + [(None, None)],
                      method="highs")
    # the solver's value may stray past the table by its tolerance (a -0.0%): it lies within the cells
    value = min(max(float(rows.x[n]), min(map(min, matrix))), max(map(max, matrix)))
    return value, [float(x) for x in rows.x[:n]], [float(x) for x in columns.x[:m]]


def cross_play(rows: list[dict], side: str | None, agents: list[str], team_of=None) -> list[CrossPlay]:
    """Every pairing of two sides that the agents played in every seating: by the game's SIDE
    (Dogma's options, Jol's decks) where the games hold one each, else by seat of each
    two-player matchup, and in a game of two teams (`team_of`: the game's `Game.team_of`) by the
    seats of each team. Each pairing once, named from its first side in alphabetical order. A
    game of more than two sides (Divine at three or four players) has no such table: what one
    side scores there is not what another loses."""
    cells: dict[tuple[str, str], dict[tuple[str, str], Rate]] = {}
    for row in rows:
        players = len(row["agents"])
        if players == 2:
            names = side_names(row, side)
            if names is None or names[0] == names[1]:  # a mirror pairing is told apart by its seats
                names = [f"{row['matchup']}, seat {seat + 1}" for seat in (0, 1)]
            teams = [{0}, {1}]
        else:
            sides = [team_of(p, players) for p in range(players)] if team_of else list(range(players))
            if len(set(sides)) != 2:
                continue
            teams = [{p for p in range(players) if sides[p] == t} for t in dict.fromkeys(sides)]
            names = [f"{row['matchup']}, seats {' and '.join(str(p + 1) for p in sorted(team))}" for team in teams]
        for mine, theirs in ((0, 1), (1, 0)):
            agent, other = row["agents"][min(teams[mine])], row["agents"][min(teams[theirs])]
            cells.setdefault((names[mine], names[theirs]), {}).setdefault((agent, other), Rate(0, 0)).add(
                score_of(row, teams[mine]))
    out = []
    for (a, b), table in sorted(cells.items()):
        if a > b:
            continue
        pairing = CrossPlay(a, b, {k: table[k] for k in itertools.product(agents, repeat=2) if k in table})
        out.append(pairing)
        if len(pairing.cells) < len(agents) ** 2:
            pairing.unvalued = "not every seating played yet: no value"
            continue

        def matrix(pick, cells=pairing.cells):
            return [[pick(cells[x, y]) for y in agents] for x in agents]

        try:
            pairing.value, mix_a, mix_b = game_value(matrix(lambda r: r.interval[0]))
        except ImportError:  # the lab extra is missing: the games are saved, the table written
            pairing.unvalued = "no value: it needs scipy (pip install 'credo[lab]')"
            continue
        pairing.low = game_value(matrix(lambda r: r.interval[1]))[0]
        pairing.high = game_value(matrix(lambda r: r.interval[2]))[0]
        pairing.mix_a, pairing.mix_b = dict(zip(agents, mix_a)), dict(zip(agents, mix_b))
    return out


def _mix(mix: dict[str, float]) -> str:
    return ", ".join(f"`{agent}` {_pct(share)}" for agent, share in mix.items() if share > 0.0005)


def side_totals(rows: list[dict], kind: str) -> dict[str, Rate]:
    """Each side's score against the other sides (mirror games, which say nothing, left out)."""
    out: dict[str, Rate] = {}
    for (a, b), rate in sorted(side_pairings(rows, kind).items()):
        if a != b:
            total = out.setdefault(a, Rate(0, 0))
            total.score += rate.score
            total.games += rate.games
    return out


@dataclass
class Openers:
    """A side's openers measured by `--openers`: the score of each (the side's first decision fixed
    to it, the other side free) against each other side and against them all together, the field
    it is chosen against; beside them what the agent scores with its own openings (the free
    games), and how often it chose each."""

    side: str
    scores: dict[str, dict[str, Rate]]  # opener -> the other side -> the score
    own: dict[str, Rate]  # the other side -> the score of the agent's own openings
    chosen: dict[str, int]  # opener -> free games that opened with it

    def ranked(self) -> list[tuple[str, Rate]]:
        """The openers with their score against the field, the best first."""
        return sorted(((o, pooled(a)) for o, a in self.scores.items()), key=lambda e: (-e[1].interval[0], e[0]))


# standard errors of the difference a book entry needs: on the same deals, free and fixed games of one
# opener differed by up to 11 points over 60 games (Mecca's Shirin), the games' own noise
BOOK_MARGIN = 2.0


def margin(a: Rate, b: Rate) -> float:
    """How many standard errors of the difference `a`'s score lies above `b`'s (games apart)."""
    pa, pb = a.score / a.games, b.score / b.games
    spread = math.sqrt(pa * (1 - pa) / a.games + pb * (1 - pb) / b.games)
    return (pa - pb) / spread if spread else math.copysign(math.inf, pa - pb) if pa != pb else 0.0


def book_choice(entry: Openers) -> tuple[str | None, str]:
    """Whether a side's measured openers earn it a book entry (`Game.book_action`), and why: its best
    opener against the field must beat, by BOOK_MARGIN standard errors, the agent's own openings or an
    opener the agent chose itself (a choice the games show clearly worse, as Storm's Chimera was).
    Returns the opener (None: the agent decides) and the reason in words."""
    best, rate = entry.ranked()[0]
    rivals = [("the agent's own openings", pooled(entry.own))]
    rivals += [(f"{o}, which the agent chose {entry.chosen[o]} times", pooled(entry.scores[o]))
               for o in sorted(entry.chosen) if o != best and o in entry.scores]
    found = max(((margin(rate, other), name) for name, other in rivals if other.games), default=None)
    if found is None:
        return None, f"{best}: no game of the agent's own to compare with"
    by, name = found
    said = f"{best} above {name} by {by:.1f} standard errors ({BOOK_MARGIN:.0f} needed)"
    return (best if by >= BOOK_MARGIN else None), said


def pooled(against: dict[str, Rate]) -> Rate:
    """The score against every side together: the field (each side played on the same deals)."""
    return Rate(sum(r.score for r in against.values()), sum(r.games for r in against.values()))


def opener_table(game_name: str, rows: list[dict]) -> list[Openers]:
    """Each side swept by `--openers`, from the saved games: its fixed games, and its free games
    against the same sides."""
    lab = game_lab(game_name)
    side, opening = getattr(lab, "SIDE", None), getattr(lab, "OPENING", None)

    def names(row: dict) -> list[str]:
        return side_names(row, side) or [f"{row['matchup']}, seat {seat + 1}" for seat in (0, 1)]

    table: dict[str, Openers] = {}
    for row in rows:
        fixed = fixed_of(row)
        if fixed is None or players_of(row) != 2:
            continue
        seat, opener = fixed
        me, other = names(row)[seat], names(row)[1 - seat]
        entry = table.setdefault(me, Openers(me, {}, {}, {}))
        entry.scores.setdefault(opener, {}).setdefault(other, Rate(0, 0)).add(score_of(row, {seat}))
    for row in free_rows(rows):
        if players_of(row) != 2:
            continue
        sides = names(row)
        for seat in (0, 1):
            entry = table.get(sides[seat])
            if entry is None or not any(sides[1 - seat] in a for a in entry.scores.values()):
                continue
            entry.own.setdefault(sides[1 - seat], Rate(0, 0)).add(score_of(row, {seat}))
            held = (row.get("held") or [[], []])[seat]
            for kind, thing in held:
                if kind == opening:
                    entry.chosen[thing] = entry.chosen.get(thing, 0) + 1
    return [table[name] for name in sorted(table)]


def _against(against: dict[str, Rate]) -> str:
    return ", ".join(f"{other} {_pct(rate.interval[0])} ({rate.games})" for other, rate in sorted(against.items()))


def _openers_section(measured: list[Openers]) -> Section:
    o = Section("Openers against the field", [
        "Each deal played again with the side's first decision fixed to each opener (the other side free, "
        "playing as it chooses): the opener's score against each other side, and against them all together, "
        "the field a side chooses its opener against when it cannot know whom it faces. Beside them, the "
        "agent's own openings (the free games, which every other section counts) and how often it chose "
        "each opener there. The free games and the games fixed to the opener the agent would choose differ by "
        "the games' own noise (with its first decision fixed, the agent's later searches draw otherwise): "
        "compare openers with each other. Openers are a reading of the agent, not content: they are not held "
        "to the band."],
        ["side", "opens with", "chosen by the agent (free games)", "games", "against the field (95% CI)",
         "against each side (games)"], plots=["openers.png"])
    for entry in measured:
        free = sum(r.games for r in entry.own.values())
        own = pooled(entry.own)
        o.rows.append([entry.side, "its own choice", f"{free} games", *_rate_cells(own, band=False), _against(entry.own)])
        for opener, rate in entry.ranked():
            o.rows.append([entry.side, opener, f"{entry.chosen.get(opener, 0)} of {free}", *_rate_cells(rate, band=False),
                           _against(entry.scores[opener])])
    return o


def _swept(openers: list[str] | None) -> str:
    return "every side" if not openers or "all" in openers else ", ".join(openers)


def _openers_note(measured: list[Openers]) -> str:
    """One sentence per side: its best opener against the field, and what the agent's own openings score."""
    parts = []
    for entry in measured:
        best, rate = entry.ranked()[0]
        own = pooled(entry.own)
        mine = max(entry.chosen, key=entry.chosen.get) if entry.chosen else None
        said = f"{entry.side}: {best} {_pct(rate.interval[0])} against the field"
        if own.games:
            said += (f", the agent's own openings {_pct(own.interval[0])}"
                     + (f" (mostly {mine})" if mine and mine != best else " (the same opener)" if mine == best else ""))
            chosen, why = book_choice(entry)
            said += f"; {'a book entry' if chosen else 'no book entry'}: {why}"
        parts.append(said)
    return "Best opener by side: " + "; ".join(parts) + "."


# --- the report ---------------------------------------------------------------------------

def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _rate_cells(rate: Rate, band: bool = True) -> list[str]:
    """Games, and the rate with its interval; marked outside the band only where `band` holds.
    No games, no rate: a card every seat held has no seats without it to score."""
    if not rate.games:
        return ["0", "-"]
    p, low, high = rate.interval
    mark = " **outside**" if band and rate.outside else ""
    return [str(rate.games), f"{_pct(p)} [{_pct(low)}, {_pct(high)}]{mark}"]


@dataclass
class Section:
    title: str
    text: list[str] = field(default_factory=list)
    headers: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    plots: list[str] = field(default_factory=list)


def _limit_note(settings: Settings) -> str:
    game = games.load(settings.game, settings.content)
    limit = game.machine_options(settings.options).get("turn_limit")
    if limit is None:
        return "The game needs no turn limit for machine play: every game was played to its end."
    if not limit:
        return "No turn limit (turn_limit=0): every game was played to its end."
    return (f"Machine play stops a game at turn_limit={limit} (Credo's limit for machines; the rulebook has "
            "none): a game that reaches it is a draw, scored 1/N for each of N sides.")


def sections(settings: Settings, rows: list[dict]) -> list[Section]:
    """The report's content, written as markdown and as HTML from the same sections."""
    game = games.load(settings.game, settings.content)
    agents = agent_list(settings.agents)
    everything = rows
    played = free_rows(rows)  # the games the agents chose in; the sections but cross-play's count the first agent's own
    rows = mirror_rows(settings, played)
    measured = opener_table(settings.game, everything)

    meanings = levels_played(settings.game, everything)

    def level(agent: str) -> str:
        if agent not in game.levels:
            return f"`{agent}`"
        then = {m for m in meanings.get(agent, set()) if m is not None}  # one at most: the lab measures no mix
        if not then:
            return f"`{agent}` (in {settings.game} today: `{game.levels[agent]}`)"
        played = next(iter(then))
        today = "" if played == game.levels[agent] else f"; today `{game.levels[agent]}`"
        return f"`{agent}` (in {settings.game}: `{played}`{today})"

    who = (f"Agent on every seat: {level(agents[0])}" if len(agents) == 1 else
           f"Cross-play of {', '.join(map(level, agents))}: each deal played with every seating of them by side; "
           f"the sections but \"Cross-play\" count the {len(rows)} games {level(agents[0])} played on every seat")
    runs = settings.runs
    seconds = sum(r.seconds for r in runs)
    head = Section(f"Balance of {game.title}", [
        "Generated by `credo balance`. Every number below is what the saved games say; nothing is filled in by hand.",
        "",
        f"- {who}; seed {', '.join(dict.fromkeys(_seed_of(r) for r in runs)) or settings.seed};"
        f" up to {settings.games} games per matchup{' and seating' if len(agents) > 1 else ''}"
        f" ({len(everything)} games in all, {_duration(seconds)} of running;"
        f" {_duration(sum(row.get('seconds', 0) for row in everything))} of a core's play)",
        *([f"- Openers: the first decision of {_swept(settings.openers)} fixed in turn to each"
           f" opener in {len(everything) - len(played)} games (\"Openers against the field\"); every other"
           f" section counts the {len(played)} games played freely"] if len(everything) > len(played) else []),
        f"- Search: {_revision_note(game, rows)}",
        f"- Content: {settings.content or 'the shipped content'}"
        f"{f' (content hash {settings.content_hash})' if settings.content_hash else ''}; game options: "
        f"`{json.dumps(settings.options) if settings.options else 'each matchup its own'}`",
        *([f"- Matchups: only those named by `--matchups {','.join(settings.only)}`"] if settings.only else []),
        f"- {_limit_note(settings)}",
        *[f"- Run: `{r.command}` ({r.started:%Y-%m-%d %H:%M} UTC, {_duration(r.seconds)}; {r.machine};"
          f" {r.python}{f', commit {r.commit}' if r.commit else ''})" for r in runs],
        "",
        ("A score counts a win 1, a draw 1/2, a loss 0 (among N sides a draw gives each 1/N); a rate is the "
         "score over games, with its 95% Wilson interval. The target band is the fair share give or take 5 "
         f"points, {_pct(BAND[0])}-{_pct(BAND[1])} between two sides: **outside** marks an interval that "
         "misses it altogether."),
    ])
    out = [head]
    sides = sides_of(game, rows)
    seats = seat_rates(rows, sides)
    s = Section("Win rate by seat", ["Every seat at every player count, all matchups together. Among N sides "
                                     "(players, or teams) an even seat scores 1/N, a draw gives each 1/N, and "
                                     "the band is 1/N give or take 5 points."],
                ["players", "seat", "games", "score (95% CI)"], plots=["seats.png"])
    for n, rates in seats.items():
        for seat, rate in enumerate(rates):
            s.rows.append([str(n), str(seat + 1), *_rate_cells(rate)])
    out.append(s)
    m = Section("Matchups", ["The first seat's score in each matchup (the same seeds in every matchup)."],
                ["matchup", "players", "draws", "games", "first seat's score (95% CI)"], plots=["matchups.png"])
    for label, (n, rate, draws) in matchup_rates(rows, sides).items():
        m.rows.append([label, str(n), str(draws), *_rate_cells(rate)])
    out.append(m)
    side = getattr(game_lab(settings.game), "SIDE", None)
    pairs = side_pairings(rows, side) if side else {}
    if any(a != b for a, b in pairs):
        p = Section(f"{side.capitalize()} against {side}",
                    [f"The score of the row's {side} against the column's, both seat orders together."],
                    [f"{side}", "against", "games", "score (95% CI)"])
        for (a, b), rate in sorted(pairs.items()):
            if a != b:
                p.rows.append([a, b, *_rate_cells(rate)])
        out.append(p)
    first = first_move(rows, sides)
    f = Section("First-move advantage")
    if first.games:
        f.headers = ["games", "score of the seat that took the first turn (95% CI)"]
        f.rows = [_rate_cells(first)]
    else:
        f.text = ["No seat moves first in this game's games (or the game does not say who did)."]
    out.append(f)
    outcomes = outcome_kinds(settings.game)
    held = held_rates(rows, sides, side, outcomes)
    for kind, entries in held.items():
        if kind == side:
            h = Section(f"By {kind}", [f"Each {kind}'s score against the other {kind}s, both seats (mirror games "
                                       "left out)."], [kind, "games", "score (95% CI)"], plots=[plot_file(kind)])
            h.rows = [[name, *_rate_cells(rate)] for name, rate in side_totals(rows, side).items()]
        elif kind in outcomes:
            h = _held_section(kind, entries, f"{outcomes[kind]}: the score of the seats to which each happened, and "
                              "of the seats to which it did not (same matchup and seat)"
                              + (f"; in the games of two {side}s, for each {side} apart" if side else "")
                              + ". These are outcomes of play, not content, so they are left out of the decisive "
                              "list and the summary.",
                              ["games it happened", "score (95% CI)"], band=False)
        else:
            h = _held_section(kind, entries, f"The score of the seats that held each {kind} "
                              f"({'played it' if kind == 'card' else 'had it'}), and of the seats that could have "
                              "but did not (same matchup and seat); the difference is the effect.",
                              ["games held", "score held (95% CI)"])
        out.append(h)
    content = {kind: entries for kind, entries in held.items() if kind not in outcomes}
    decisive = [e for entries in content.values() for e in entries
                if e.held.games >= MIN_SAMPLES and e.not_held.games >= MIN_SAMPLES]
    if decisive:
        decisive.sort(key=lambda e: -e.effect)
        shown = decisive if len(decisive) <= 2 * DECISIVE_SHOWN else decisive[:DECISIVE_SHOWN] + decisive[-DECISIVE_SHOWN:]
        d = Section("Most and least decisive", [
            f"Held or played against not, by effect (at least {MIN_SAMPLES} games each way). A card a side plays "
            "more when it is winning shows an effect it may not cause: read these as leads to look at, not verdicts."],
            ["kind", "id", "effect", "score held", "score not"], plots=["decisive.png"])
        for e in shown:
            d.rows.append([e.kind, e.id, f"{100 * e.effect:+.1f} pts", _pct(e.held.interval[0]),
                           _pct(e.not_held.interval[0])])
        out.append(d)
    lengths = Section("Game length", ["Actions and turns per game, by matchup."],
                      ["matchup", "games", "actions: min / median / max", "turns: min / median / max"],
                      plots=["lengths.png"])
    for label, group in _by_matchup(rows).items():
        moves = sorted(r["moves"] for r in group)
        turns = sorted(r["turns"] for r in group if r.get("turns") is not None)
        lengths.rows.append([label, str(len(group)), _spread(moves), _spread(turns) if turns else "-"])
    out.append(lengths)
    crossed = cross_play(played, side, agents, game.team_of) if len(agents) > 1 else []
    if crossed:
        out.append(_cross_section(crossed, side))
    if measured:
        out.append(_openers_section(measured))
    outside = [f"{label} ({_pct(rate.interval[0])})" for label, (_, rate, _) in matchup_rates(rows, sides).items() if rate.outside]
    outside += [f"seat {seat + 1} of {n} ({_pct(rate.interval[0])})" for n, rates in seats.items()
                for seat, rate in enumerate(rates) if rate.outside]
    outside += [f"{e.kind} {e.id} ({_pct(e.held.interval[0])})" for entries in content.values() for e in entries
                if e.held.outside and e.kind not in ("card", side)]
    if side:
        outside += [f"{side} {name} against the others ({_pct(rate.interval[0])})"
                    for name, rate in side_totals(rows, side).items() if rate.outside]
        # each pairing once, named from the side that scores more in it
        outside += [f"{side} {a} against {b} ({_pct(rate.interval[0])})"
                    for (a, b), rate in sorted(pairs.items()) if a != b and rate.outside and rate.interval[0] > 0.5]
    if first.outside:
        outside.append(f"the seat that took the first turn ({_pct(first.interval[0])})")
    checked = f"seat, side and pairing of {side}s" if side else "seat and side"
    if first.games:
        checked += ", and the seat that took the first turn,"
    verdict = (("Outside the band: " + "; ".join(outside) + ".") if outside
               else f"Every matchup, {checked} is within the band (or its interval overlaps it).")
    if not crossed:
        out.append(Section("Summary", [verdict, *([_openers_note(measured)] if measured else [])]))
        return out
    # each pairing named from the side its value favours, as the pairings above are
    beyond = [f"{c.a} against {c.b} ({_pct(c.value)})" if c.value > 0.5 else f"{c.b} against {c.a} ({_pct(1 - c.value)})"
              for c in crossed if c.outside]
    unvalued = [f"{c.a} against {c.b} ({c.unvalued})" for c in crossed if c.value is None]
    out.append(Section("Summary", [
        "With each side's best mix of the agents: "
        + (f"outside the band: {'; '.join(beyond)}." if beyond
           else "every pairing within the band (or its interval overlaps it).")
        + (f" Without a value: {'; '.join(unvalued)}." if unvalued else ""),
        f"In the games {level(agents[0])} played on every seat: {verdict[0].lower()}{verdict[1:]}"]))
    return out


def _cross_section(crossed: list[CrossPlay], side: str | None) -> Section:
    teams = " (in a game of two teams, of the teams' seats)" if any(", seats " in p.a for p in crossed) else ""
    c = Section("Cross-play", [
        f"Each pairing of {f'{side}s' if side else 'seats'}{teams} with every agent on each side, both seat orders "
        "together: the first side's score for each agent of its own against each of the other's. The last "
        "line of a pairing is the value of that table as a zero-sum game between the two sides' choices of "
        "agent: what the first side scores when each side plays the best mix of the agents (the mixes named), "
        "between the values of the tables of the cells' lower and upper interval ends. A side that one agent "
        "plays below its strength shows here: the band is judged on the value."],
        ["pairing", "first side played by", "second side played by", "games", "first side's score (95% CI)"])
    for pairing in crossed:
        name = f"{pairing.a} against {pairing.b}"
        for (x, y), rate in pairing.cells.items():
            c.rows.append([name, f"`{x}`", f"`{y}`", *_rate_cells(rate, band=False)])
        if pairing.value is None:
            c.rows.append([name, "-", "-", "-", pairing.unvalued])
            continue
        mark = " **outside**" if pairing.outside else ""
        c.rows.append([f"**{name}: value**", _mix(pairing.mix_a), _mix(pairing.mix_b),
                       str(sum(r.games for r in pairing.cells.values())),
                       f"{_pct(pairing.value)} [{_pct(pairing.low)}, {_pct(pairing.high)}]{mark}"])
    return c


def _revision_note(game, rows: list[dict]) -> str:
    found = search_revisions(rows)
    revision = next(iter(found)) if len(found) == 1 else None
    if revision is None:
        return "the games recorded no search revision (played before the lab kept it; see run.json's commits)"
    now = "today's" if revision == game.search_revision else f"not today's ({game.search_revision})"
    note = f"revision {revision} of {game.name}'s search (`Game.search_revision`, {now})"
    books = books_played(game.name, rows)
    if books == {0}:
        note += f"; `-book` played as the plain search ({game.name} has no book)"
    elif len(books) == 1:  # one revision: the lab refuses to measure several together
        book = next(iter(books))
        now = "today's" if book == game.book_revision else f"not today's ({game.book_revision})"
        note += f"; its book (`-book`) at revision {book} (`Game.book_revision`, {now})"
    return note


def plot_file(kind: str) -> str:
    """The file of the plot of a kind of tag: its words joined by hyphens, so a report's link to
    it needs no escaping."""
    return "-".join(kind.split()) + ".png"


def _held_section(kind: str, entries: list[Held], text: str, held_headers: list[str], band: bool = True) -> Section:
    """A table of things held (or outcomes that happened, `band` False: not held to the band)
    against not, with the effect."""
    h = Section(f"By {kind}", [text], [kind, *held_headers, "games not", "score not (95% CI)", "effect"],
                plots=[plot_file(kind)])
    for e in entries:
        effect = f"{100 * e.effect:+.1f} pts" if e.not_held.games else "-"
        h.rows.append([e.id, *_rate_cells(e.held, band), *_rate_cells(e.not_held, band), effect])
    return h


def _seed_of(run: Run) -> str:
    words = run.command.split()
    return words[words.index("--seed") + 1] if "--seed" in words[:-1] else "?"


def _by_matchup(rows: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for row in rows:
        out.setdefault(row["matchup"], []).append(row)
    return out


def _spread(values: list[int]) -> str:
    return f"{values[0]} / {values[len(values) // 2]} / {values[-1]}"


def render_markdown(parts: list[Section]) -> str:
    out = [f"# {parts[0].title}", "", *parts[0].text]
    for s in parts[1:]:
        out += ["", f"## {s.title}", ""]
        if s.text:
            out += [*s.text, ""]
        if s.headers:
            out += ["| " + " | ".join(s.headers) + " |", "|" + " --- |" * len(s.headers)]
            out += ["| " + " | ".join(row) + " |" for row in s.rows]
            out.append("")
        out += [f"![{s.title}]({plot})" for plot in s.plots]
    return "\n".join(out).rstrip() + "\n"


def _html_text(text: str) -> str:
    """Markdown's few marks used in the text (`code`, **bold**) as HTML."""
    import re

    text = html.escape(text)
    text = re.sub(r"`([^`]*)`", r"<code>\1</code>", text)
    return re.sub(r"\*\*([^*]*)\*\*", r"<strong>\1</strong>", text)


def render_html(parts: list[Section]) -> str:
    out = ["<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{html.escape(parts[0].title)}</title>",
           "<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}"
           "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}"
           "img{max-width:100%}</style></head><body>", f"<h1>{html.escape(parts[0].title)}</h1>"]

    def paragraphs(lines: list[str]) -> None:
        items = [line[2:] for line in lines if line.startswith("- ")]
        if items:
            out.append("<ul>" + "".join(f"<li>{_html_text(i)}</li>" for i in items) + "</ul>")
        out.extend(f"<p>{_html_text(line)}</p>" for line in lines if line and not line.startswith("- "))

    paragraphs(parts[0].text)
    for s in parts[1:]:
        out.append(f"<h2>{html.escape(s.title)}</h2>")
        paragraphs(s.text)
        if s.headers:
            out.append("<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in s.headers) + "</tr>")
            out += ["<tr>" + "".join(f"<td>{_html_text(c)}</td>" for c in row) + "</tr>" for row in s.rows]
            out.append("</table>")
        out += [f'<p><img src="{html.escape(p)}" alt="{html.escape(s.title)}"></p>' for p in s.plots]
    out.append("</body></html>")
    return "\n".join(out) + "\n"


PLOT_HINT = "the balance report draws its plots with matplotlib, which is not installed: pip install 'credo[lab]'"


def _pyplot():
    try:
        import matplotlib
    except ImportError as exc:
        raise ImportError(PLOT_HINT) from exc
    matplotlib.use("Agg")  # files only: no window, no display needed
    import matplotlib.pyplot as plt

    return plt


def _interval_plot(plt, path: Path, labels: list[str], rates: list[Rate], title: str, xlabel: str,
                   band: bool = True) -> None:
    """Each rate with its interval; with `band`, each rate's band (its fair share give or take
    5 points: 45-55% between two sides, about 28-38% among three) and the rates outside it in
    red; without, only each rate's fair share (outcomes, which the band does not hold)."""
    height = max(2.5, 0.3 * len(labels) + 1.2)
    fig, ax = plt.subplots(figsize=(7.5, height))
    ys = range(len(labels))
    points = [r.interval for r in rates]
    if band:
        margin = (BAND[1] - BAND[0]) / 2
        for y, rate in zip(ys, rates, strict=True):
            first = y == 0
            ax.fill_betweenx([y - 0.4, y + 0.4], rate.fair - margin, rate.fair + margin, color="#cce8cc",
                             label="fair share ± 5 points" if first else None)
            ax.vlines(rate.fair, y - 0.4, y + 0.4, color="#888", linewidth=0.8, label="fair share" if first else None)
    else:  # an outcome is not held to the band, but an even game's share still reads it
        for y, rate in zip(ys, rates, strict=True):
            ax.vlines(rate.fair, y - 0.4, y + 0.4, color="#888", linewidth=0.8, label="fair share" if y == 0 else None)
    ax.errorbar([p for p, _, _ in points], list(ys), xerr=[[p - lo for p, lo, _ in points], [hi - p for p, _, hi in points]],
                fmt="o", color="#333", ecolor="#555", capsize=3)
    for y, rate in zip(ys, rates, strict=True):
        if band and rate.outside:
            ax.plot(rate.interval[0], y, "o", color="#c0392b")
    ax.set_yticks(list(ys), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    ax.legend(loc="lower right", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def sides_of(game, rows: list[dict]) -> dict[int, int]:
    """Player count -> the number of sides (teams, or players) in the game's rows."""
    counts = {players_of(row) for row in rows}
    return {n: len({game.team_of(p, n) for p in range(n)}) for n in counts}


def draw_plots(parts: list[Section], rows: list[dict], out: Path, game=None) -> None:
    plt = _pyplot()
    sides = sides_of(game, rows) if game is not None else None
    seats = seat_rates(rows, sides)
    labels = [f"{n} players, seat {s + 1}" for n, rates in seats.items() for s in range(len(rates))]
    _interval_plot(plt, out / "seats.png", labels, [r for rates in seats.values() for r in rates],
                   "Score by seat (95% Wilson intervals)", "score")
    outcomes = outcome_kinds(game.name) if game is not None else {}
    matches = matchup_rates(rows, sides)
    _interval_plot(plt, out / "matchups.png", list(matches), [rate for _, rate, _ in matches.values()],
                   "First seat's score by matchup", "score of the first seat")
    side = getattr(game_lab(game.name), "SIDE", None) if game is not None else None
    for kind, entries in held_rates(rows, sides, side, outcomes).items():
        if any(plot_file(kind) in s.plots and s.title == f"By {kind}" and s.headers[1] == "games" for s in parts):
            totals = side_totals(rows, kind)
            _interval_plot(plt, out / plot_file(kind), list(totals), list(totals.values()),
                           f"Score of each {kind} against the others", "score")
            continue
        what = "to which each happened" if kind in outcomes else f"that held each {kind}"
        _interval_plot(plt, out / plot_file(kind), [e.id for e in entries], [e.held for e in entries],
                       f"Score of the sides {what}", "score", band=kind not in outcomes)
    wanted = {plot for s in parts for plot in s.plots}
    if "decisive.png" in wanted:
        decisive = next(s for s in parts if "decisive.png" in s.plots)
        names = [f"{row[0]} {row[1]}" for row in decisive.rows]
        effects = [float(row[2].split()[0]) for row in decisive.rows]
        fig, ax = plt.subplots(figsize=(7.5, max(2.5, 0.3 * len(names) + 1.2)))
        ax.barh(range(len(names)), effects, color=["#2e86c1" if e >= 0 else "#c0392b" for e in effects])
        ax.set_yticks(range(len(names)), names)
        ax.invert_yaxis()
        ax.axvline(0, color="#333", linewidth=0.8)
        ax.set_xlabel("score held minus score not (points)")
        ax.set_title("Most and least decisive")
        fig.tight_layout()
        fig.savefig(out / "decisive.png", dpi=90)
        plt.close(fig)
    groups = _by_matchup(rows)
    fig, ax = plt.subplots(figsize=(7.5, max(2.5, 0.3 * len(groups) + 1.2)))
    ax.boxplot([[r["moves"] for r in g] for g in groups.values()], orientation="horizontal")
    ax.set_yticks(range(1, len(groups) + 1), list(groups))
    ax.invert_yaxis()
    ax.set_xlabel("actions per game")
    ax.set_title("Game length by matchup")
    fig.tight_layout()
    fig.savefig(out / "lengths.png", dpi=90)
    plt.close(fig)


def write_report(settings: Settings, rows: list[dict], out: Path, plots: bool = True) -> list[Section]:
    """report.md and report.html in `out`, with the plots beside them (unless `plots` is False)."""
    parts = sections(settings, rows)
    if plots:
        draw_plots(parts, mirror_rows(settings, free_rows(rows)), out, games.load(settings.game, settings.content))
        measured = opener_table(settings.game, rows)
        if measured:
            labels, rates = [], []
            for entry in measured:
                labels.append(f"{entry.side}: its own choice")
                rates.append(pooled(entry.own))
                for opener, rate in entry.ranked():
                    labels.append(f"{entry.side}: {opener}")
                    rates.append(rate)
            _interval_plot(_pyplot(), out / "openers.png", labels, rates, "Score of each opener against the field",
                           "score", band=False)
    else:
        for s in parts:
            s.plots = []
    (out / "report.md").write_text(render_markdown(parts))
    (out / "report.html").write_text(render_html(parts))
    return parts
