"""The `credo` command: play, self-play, arena, the agents' strength report, the balance lab,
content checks, replay."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table

from credo import games
from credo.agents import agent_names
from credo.agents.base import agent_problem, agents_problem
from credo.kernel import CredoError, one_line, quoted, replay
from credo.kernel.numbers import small_int
from credo.kernel.records import parse_record


def _option_value(text: str):
    """A value as a person types it: a number, a word, a comma-separated list
    (decks=mecca,storm), or JSON for nested values (arcana=[[...]])."""
    text = text.strip()
    if text[:1] and text[0] in "[{":
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise SystemExit(f"option value {quoted(text)} is not valid JSON: {exc.msg}") from None
        except ValueError:  # a number of thousands of digits, which Python will not convert
            raise SystemExit(f"option value {quoted(text)} holds a number too long") from None
        except RecursionError:
            raise SystemExit(f"option value {quoted(text)} is nested too deeply") from None
    if "," in text:
        return [_option_value(part) for part in text.split(",")]
    number = small_int(text, signed=True)
    return number if number is not None else text


def _parse_options(pairs: list[str]) -> dict:
    options: dict = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise SystemExit(f"option {quoted(pair)} is not KEY=VALUE")
        key, value = pair.split("=", 1)
        options[key.strip()] = _option_value(value)
    return options


def _game_options(game, pairs: list[str]) -> dict:
    """Options from KEY=VALUE pairs, checked against the game's option schema and by
    setting up a game with them (a deck or a card the content does not have)."""
    options = _parse_options(pairs)
    try:
        game.options(**options)
        game.new(0, **options)
    except CredoError as exc:
        raise SystemExit(f"{exc} ('credo games {game.name}' lists the options)") from None
    return options


def choose_game(console: Console, input_fn=input) -> str | None:
    """Ask for a game until the answer names one: its number, its name in any case, or
    the start of one name; None when input ends (Ctrl-D)."""
    choices = games.names()
    console.print("[bold]Credo[/bold] - choose a game:")
    for i, g in enumerate(choices, start=1):
        console.print(f"  {i}. {g} - {games.load(g).title}")
    while True:
        try:
            answer = input_fn("game> ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            console.print()
            return None
        number = small_int(answer)
        if number is not None and 0 < number <= len(choices):
            return choices[number - 1]
        found = [g for g in choices if g.startswith(answer)] if answer else []
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            console.print(f"'{answer}' could be {' or '.join(found)}: type more of the name")
        else:
            console.print(f"type a number from 1 to {len(choices)} or a game's name ({', '.join(choices)})")


def _folder(flag: str, path: str | None, must_exist: bool = False) -> Path | None:
    """A folder named on the command line (`flag`), or one line saying why it cannot be one,
    before anything is played or written."""
    if path is None:
        return None
    folder = Path(path)
    if folder.exists():
        if not folder.is_dir():
            raise SystemExit(f"{flag} {path}: a file, not a folder")
        return folder
    if must_exist:
        raise SystemExit(f"{flag} {path}: no such folder")
    _creatable(flag, path, folder)
    return folder


def _file(flag: str, path: str | None) -> Path | None:
    """A file to write named on the command line (`flag`), or one line saying why it cannot be one."""
    if path is None:
        return None
    file = Path(path)
    if file.is_dir():
        raise SystemExit(f"{flag} {path}: a folder, not a file")
    if not file.exists():
        _creatable(flag, path, file)
    return file


def _creatable(flag: str, path: str, target: Path) -> None:
    # the nearest existing folder above must be a folder: a file there is a mistake mkdir would raise on
    for above in target.absolute().parents:
        if above.exists():
            if not above.is_dir():
                raise SystemExit(f"{flag} {path}: {above} is a file, not a folder")
            return


def _load_game(name: str, content: str | None):
    _folder("--content", content, must_exist=True)
    try:
        return games.load(name, content)
    except KeyError as exc:
        raise SystemExit(str(exc).strip("'\"")) from None
    except CredoError as exc:
        raise SystemExit(f"content rejected: {exc}") from None


def cmd_play(args, console: Console) -> int:
    from credo.interfaces import terminal

    name = args.game
    if name is None:
        name = choose_game(console)
        if name is None:
            console.print("No game chosen.")
            return 0
    game = _load_game(name, args.content)
    options = _game_options(game, args.option)
    count = game.players(**options)
    if args.hotseat:
        seats = ["human"] * count
    else:
        if not 1 <= args.seat <= count:
            raise SystemExit(f"--seat must be between 1 and {count}")
        seats = [args.vs] * count
        seats[args.seat - 1] = "human"
    terminal.play(game, seats, seed=args.seed, options=options, console=console)
    return 0


def cmd_selfplay(args, console: Console) -> int:
    from credo.arena import selfplay

    game = _load_game(args.game, args.content)
    options = _game_options(game, args.option)
    names = [a.strip() for a in args.agents.split(",")]
    _known_agents(names, game)
    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    count = game.players(**options)
    if len(names) == 1:
        names = names * count
    if len(names) != count:
        raise SystemExit(f"{len(names)} agents for {count} players: name one agent for every seat, "
                         "or one for all of them")
    records = _folder("--records", args.records)
    with _progress(console) as progress:
        task = progress.add_task(f"{game.name} self-play", total=args.games)
        stats = selfplay(game, names, args.games, args.seed, options, records,
                         progress=lambda done: progress.update(task, completed=done),
                         secret=_secret(args, console))
    table = Table(title=f"{game.title}: {stats.games} games, seed {args.seed}")
    table.add_column("seat")
    table.add_column("agent")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    for seat, (agent, wins) in enumerate(zip(names, stats.wins), start=1):
        table.add_row(str(seat), agent, str(wins), f"{wins / stats.games:.1%}")
    table.add_row("-", "draws", str(stats.draws), f"{stats.draws / stats.games:.1%}")
    console.print(table)
    _print_turn_limit(console, game, options)
    console.print(f"average length {stats.average_length:.1f} actions; "
                  f"{stats.games_per_second:.2f} games/s ({stats.seconds:.2f} s)")
    if records:
        console.print(f"records written to {records}/")
    return 0


def _print_turn_limit(console: Console, game, options: dict) -> None:
    """What a machine-play run's games stopped at, said with its results (nothing: the game needs no limit)."""
    limit = game.machine_options(options).get("turn_limit")
    if limit is None:
        return
    if not limit:
        note = "no turn limit (turn_limit=0): every game played to its end"
    else:
        note = (f"turn_limit={limit}: a game that reaches it is a draw (Credo's limit for machine play; the "
                "rulebook has none; -o turn_limit=N sets another, 0 none)")
    console.print(note, soft_wrap=True)


MAX_GAMES = 100_000  # a pairing's or a matchup's: a run is planned whole before its first game


def _limits(args, backend: str) -> None:
    """Counts no run could play, refused in one line before anything is planned: a plan of a
    hundred million games fills the memory before the first is played, and every job of the
    process backend is a process of its own (Ray's jobs are a cluster's CPUs, its own to count)."""
    for flag, value in (("--games", args.games), ("--search-games", getattr(args, "search_games", None))):
        if value is not None and value > MAX_GAMES:
            raise SystemExit(f"{flag} {value}: at most {MAX_GAMES:,} games a pairing (a run is planned whole "
                             "before it starts; resume it with a larger --games to go on)")
    cores = os.cpu_count() or 1
    if backend == "process" and args.jobs > 4 * cores:
        raise SystemExit(f"--jobs {args.jobs}: at most {4 * cores} processes on this machine ({cores} cores)")


def _backend(args) -> str:
    """The backend the --backend and --address flags ask for, Ray checked to be installed."""
    backend = args.backend or ("ray" if args.address else "process")
    if args.address and backend != "ray":
        raise SystemExit("--address is a Ray cluster's address: it goes with --backend ray")
    if backend == "ray":
        from credo.arena.ray_backend import check_address, require_ray

        try:
            require_ray()
            if args.address:
                check_address(args.address)
        except (ImportError, ValueError) as exc:
            raise SystemExit(str(exc)) from None
    return backend


def _secret(args, console: Console) -> bytes | None:
    """The run's sampling secret (--secret): none, derived from the seed, by default."""
    if args.secret is None:
        return None
    from credo.kernel.view import parse_secret

    if args.secret == "random":
        import secrets

        args.secret = secrets.token_hex(16)
        console.print(f"sampling secret {args.secret} (give --secret {args.secret} to play this run again)")
    return parse_secret(args.secret)


SECRET_HELP = ("the secret the worlds agents sample are seeded from (any text; 'random' draws one and prints it). "
               "By default it derives from the seed, so a run reproduces; an agent that searched the seeds "
               "could then rebuild the games' cards, so a run between agents you do not trust takes a random one")
DUPLICATE_HELP = ("play each seed in every seat order (as duplicate bridge deals a hand to both tables): what a "
                  "seed decides, the options of a Dogma game or the cards dealt, then falls to each agent alike")


def _known_agents(names: list[str], game=None) -> None:
    """Every agent named exists (and can play `game`), or one line says which does not."""
    problem = agents_problem(names, game)
    if problem:
        raise SystemExit(problem)


def _progress(console: Console):
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                               TimeRemainingColumn)

    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    TextColumn("left"), TimeRemainingColumn(), console=console, transient=True)


def cmd_arena(args, console: Console) -> int:
    from credo.arena import tournament

    game = _load_game(args.game, args.content)
    options = _game_options(game, args.option)
    agents = [a.strip() for a in args.agents.split(",")]
    _known_agents(agents, game)
    if args.games < 1 or args.jobs < 1:
        raise SystemExit("--games and --jobs must be at least 1")
    backend = _backend(args)
    _limits(args, backend)
    records = _folder("--records", args.records)
    with _progress(console) as progress:
        task = progress.add_task(f"{game.name} arena", total=None)
        result = tournament(game.name, agents, args.games, args.seed, args.jobs, options, records, args.content,
                            progress=lambda done, total: progress.update(task, completed=done, total=total),
                            backend=backend, address=args.address, secret=_secret(args, console),
                            duplicate=args.duplicate)
    table = Table(title=f"{game.title}: round robin, {args.games} games per pairing, seed {args.seed}"
                        + (", each seed in every seat order" if args.duplicate else ""))
    for col in ("pairing", "games", "wins", "draws", "score of the first (95% CI)"):
        table.add_column(col)
    for key, stats in result.pairings().items():
        first = key[0]
        p, low, high = result.score(key, first)
        wins = " / ".join(f"{a} {stats.wins[a]}" for a in key)
        table.add_row(" vs ".join(key), str(stats.games), wins, str(stats.draws), f"{p:.1%} [{low:.0%}, {high:.0%}]")
    console.print(table)
    ratings = Table(title="openskill ratings (Plackett-Luce)")
    for col in ("agent", "ordinal", "mu", "sigma"):
        ratings.add_column(col)
    for agent, (ordinal, mu, sigma) in sorted(result.ratings.items(), key=lambda kv: -kv[1][0]):
        ratings.add_row(agent, f"{ordinal:.2f}", f"{mu:.2f}", f"{sigma:.2f}")
    console.print(ratings)
    _print_turn_limit(console, game, options)
    return 0


def _names(text: str | None) -> list[str] | None:
    return [n.strip() for n in text.split(",") if n.strip()] if text else None


def _agent(name: str) -> str:
    problem = agent_problem(name)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return name


def cmd_report_agents(args, console: Console) -> int:
    from credo.arena import report

    out = _file("--out", args.out)
    _file("--save-results", args.save_results)
    if args.merge:
        try:
            result = report.merge([report.load(Path(path)) for path in _names(args.merge)])
        except ValueError as e:
            raise SystemExit(f"--merge: {e}") from None
        if out.exists() and not args.force:
            raise SystemExit(f"{out} exists: give --force to replace it, or --out another file")
        return _write_report(result, out, console)
    if args.only not in report.PAIRINGS:
        raise SystemExit(f"--only {args.only}: one of {', '.join(report.PAIRINGS)}")
    games_list = _names(args.games_list)
    for name in games_list or []:
        _load_game(name, None)
    problem = report.unplayable(games_list or games.names(), args.players)
    if problem:
        raise SystemExit(f"--players {args.players}: {problem} (name the games with --games-list)")
    search = _names(args.search_pair)
    if search is not None and len(search) != 2:
        raise SystemExit("--search-pair takes two agents, WEAK,STRONG")
    wanted = [args.agent_hard, *(search or [])]
    for name in games_list or games.names():
        _known_agents(wanted, games.load(name))
    if args.games < 1 or args.jobs < 1 or (args.search_games is not None and args.search_games < 1):
        raise SystemExit("--games, --search-games and --jobs must be at least 1")
    backend = _backend(args)
    _limits(args, backend)
    command = report.command_line(args.games, args.jobs, args.seed, out, games_list, args.agent_hard,
                                  tuple(search) if search else None, backend, args.address, args.search_games,
                                  args.save_results, args.only, args.resume, args.duplicate, args.players)
    if out.exists() and not (args.force or args.resume):
        raise SystemExit(f"{out} exists: give --force to replace it, or --out another file")
    results = Path(args.save_results) if args.save_results else None
    if args.resume and results is None:
        raise SystemExit("--resume needs --save-results: the file whose games the run goes on from")
    earlier_runs = []
    if args.resume and results.exists():
        try:
            before = report.load(results)
        except ValueError as e:
            raise SystemExit(str(e)) from None
        for name, now in (("seed", args.seed), ("agent_hard", args.agent_hard), ("search_games", args.search_games),
                          ("duplicate", args.duplicate), ("players", args.players)):
            if getattr(before, name) != now:
                raise SystemExit(f"{results} was measured with {name} {quoted(getattr(before, name))}, not {quoted(now)}: "
                                 "resume it with the same settings")
        earlier_runs = before.runs
    if results is not None and not args.resume and report.read_games(report.games_path(results)):
        if not args.force:
            raise SystemExit(f"{report.games_path(results)} holds the games of an earlier run: give --resume to "
                             "play only the missing ones, or --force to measure afresh")
        report.games_path(results).unlink()
    with _progress(console) as progress:
        task = progress.add_task("strength report", total=None)
        try:
            result = report.measure(games_list, args.games, args.jobs, args.seed, args.agent_hard,
                                    tuple(search) if search else None, backend, args.address,
                                    search_games=args.search_games,
                                    progress=lambda label, done, total: progress.update(
                                        task, description=label, completed=done, total=total), command=command,
                                    measured=(lambda so_far: report.save(so_far, results)) if results else None,
                                    only=args.only, games_file=report.games_path(results) if results else None,
                                    resume=args.resume, earlier_runs=earlier_runs, duplicate=args.duplicate,
                                    players=args.players)
        except ValueError as e:
            raise SystemExit(str(e)) from None
    return _write_report(result, out, console)


def cmd_ladder(args, console: Console) -> int:
    import shlex

    from credo.arena import ladder

    game = _load_game(args.game, None)
    options = _game_options(game, args.option)
    agents = _names(args.agents) or ladder.default_agents(game.name)
    _known_agents(agents, game)
    if len(set(agents)) < 2:
        raise SystemExit("a ladder needs at least two different agents")
    if args.games < 1 or args.jobs < 1:
        raise SystemExit("--games and --jobs must be at least 1")
    _limits(args, "process")
    out = _folder("--out", args.out)
    argv = ["credo", "ladder", game.name, "--games", str(args.games), "--jobs", str(args.jobs),
            "--seed", str(args.seed), "--out", str(out)]
    if args.agents:
        argv += ["--agents", ",".join(agents)]
    for pair in args.option or []:
        argv += ["-o", pair]
    command = shlex.join(argv)
    with _progress(console) as progress:
        task = progress.add_task(f"{game.name} ladder", total=None)
        try:
            result = ladder.run(game.name, agents, args.games, args.seed, out, args.jobs, options,
                                progress=lambda done, total: progress.update(task, completed=done, total=total))
        except ValueError as e:
            raise SystemExit(str(e)) from None
    table = out / f"{game.name}.md"
    table.write_text(ladder.markdown(result, command))
    plotted = ladder.plot(result, out / f"{game.name}.png")
    console.print(ladder.markdown(result, command), markup=False, highlight=False, soft_wrap=True)
    console.print(f"table written to {table}" + (f"; plot to {out / f'{game.name}.png'}" if plotted else
                  "; no plot: matplotlib is not installed (pip install 'credo[lab]')"), markup=False, soft_wrap=True)
    return 0


def _write_report(result, out: Path, console: Console) -> int:
    from credo.arena import report

    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(report.render(result, out.parent / "ladder"))
    said = [f"{len(result.lines)} pairings"]
    if any(not line.doubling for line in result.lines):
        said.append("targets met {} of {}".format(*report.targets_met(result)[:2]))
    if any(line.doubling for line in result.lines):
        said.append("doublings met {} of {}".format(*report.scaling_met(result)[:2]))
    console.print("; ".join([*said, f"report written to {out}"]))
    return 0


def cmd_balance(args, console: Console) -> int:
    import shlex

    from credo.arena import lab

    out = _folder("--out", args.out)
    if args.game == "merge":
        if not args.folders:
            raise SystemExit("credo balance merge DIR... --out DIR: name the folders to merge")
        if out.exists() and any(out.iterdir()):
            raise SystemExit(f"{out} is not empty: merge into a new folder")
        try:
            settings, rows, repeated = lab.merge([Path(f) for f in args.folders], out)
        except ValueError as exc:
            raise SystemExit(f"merge: {exc}") from None
        if repeated:
            console.print(f"{repeated} games appear in more than one folder (same matchup, seed and agents): counted once")
        return _balance_report(settings, rows, out, console)
    if args.folders:
        raise SystemExit(f"unexpected {' '.join(args.folders)}: 'credo balance GAME' takes no folders "
                         "('credo balance merge DIR... --out DIR' merges)")
    if args.game not in games.names():
        raise SystemExit(f"unknown game {quoted(args.game)}; the games are: {', '.join(games.names())} (or merge)")
    game = _load_game(args.game, args.content)
    options = _parse_options(args.option)
    _known_agents(lab.agent_list(args.agents) or [args.agents], game)
    args.agents = ",".join(lab.agent_list(args.agents))  # one spelling, so that runs of the same agents join
    if args.games < 1 or args.jobs < 1:
        raise SystemExit("--games and --jobs must be at least 1")
    backend = _backend(args)
    _limits(args, backend)
    only = [word.strip() for word in args.matchups.split(",") if word.strip()] if args.matchups else None
    openers = [word.strip() for word in args.openers.split(",") if word.strip()] if args.openers else None
    settings = lab.Settings(game.name, args.agents, args.games, args.seed, args.content, options, args.jobs, backend,
                            only=only, openers=openers)
    try:
        for _label, played in lab.matchups(settings):
            game.options(**played)
            game.new(0, **played)
        lab.check_openers(settings)
    except CredoError as exc:
        raise SystemExit(f"{exc} ('credo games {game.name}' lists the options)") from None
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    argv = ["credo", "balance", game.name, "--agents", args.agents, "--games", str(args.games),
            "--seed", str(args.seed), "--jobs", str(args.jobs), "--out", str(out)]
    for pair in args.option or []:
        argv += ["-o", pair]
    if only:
        argv += ["--matchups", ",".join(only)]
    if openers:
        argv += ["--openers", ",".join(openers)]
    if args.content:
        argv += ["--content", args.content]
    if backend == "ray":
        argv += ["--backend", "ray"] + (["--address", args.address] if args.address else [])
    import signal

    def stopped(signum, frame):  # a `kill` stops a run as Ctrl-C does: what was played is kept
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, stopped)
    try:
        with _progress(console) as progress:
            task = progress.add_task(f"{game.name} balance", total=None)
            rows = lab.run(settings, out, args.resume, shlex.join(argv), args.address,
                           progress=lambda done, total: progress.update(task, completed=done, total=total))
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    except KeyboardInterrupt:
        console.print(f"\ninterrupted: the games played so far are saved in {out}/{lab.RESULTS}; "
                      "the same command with --resume plays the rest")
        return 130
    finally:
        signal.signal(signal.SIGTERM, before)
    return _balance_report(settings, rows, out, console)


def _balance_report(settings, rows: list[dict], out: Path, console: Console) -> int:
    from credo.arena import lab

    try:
        parts = lab.write_report(settings, rows, out)
    except ImportError as exc:
        parts = lab.write_report(settings, rows, out, plots=False)
        console.print(f"{exc}; the report is written without its plots", markup=False, soft_wrap=True)
    console.print(f"{len(rows)} games; report written to {out}/report.md and {out}/report.html", markup=False,
                  soft_wrap=True)
    for line in parts[-1].text:  # the summary
        console.print(line, markup=False, soft_wrap=True)
    return 0


def cmd_content_check(args, console: Console) -> int:
    from credo.kernel.content import content_changes

    folder = Path(args.folder)
    if not folder.is_dir():
        raise SystemExit(f"{folder}: {'a file, not a folder' if folder.exists() else 'no such folder'}")
    try:
        games.load(args.game, folder)
    except CredoError as exc:
        raise SystemExit(f"content rejected: {exc}") from None
    import importlib

    shipped = importlib.import_module(f"credo.games.{args.game}.content").DATA
    changes = content_changes(shipped, folder)
    console.print(f"{folder}: valid {args.game} content", markup=False)
    if not changes:
        console.print("no changes against the shipped content", markup=False)
    for line in changes:
        console.print(line, markup=False, highlight=False, soft_wrap=True)
    return 0


# a record of the longest game is a few megabytes; a file far larger is not a record
RECORD_MAX_BYTES = 64 << 20
# records nest a few levels (a position a few more): deeper nesting is not a record,
# and Python's own parser would give up on it with a RecursionError
RECORD_MAX_DEPTH = 64
_MAX_INT_DIGITS = 40


class _NotARecord(Exception):
    """Why the bytes of a file are not a JSON record (said in one line)."""


def _json_number(text: str) -> object:
    raise _NotARecord(f"{text} is not a JSON number (NaN and infinities are not JSON)")


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_INT_DIGITS:
        raise _NotARecord(f"a number of {len(text)} digits is too long")
    return int(text)


def _json_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _NotARecord(f"{text[:40]} is too large a number")
    return value


def _depth_ok(value: object) -> bool:
    """True if `value` nests at most RECORD_MAX_DEPTH levels (walked without recursion)."""
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > RECORD_MAX_DEPTH:
            return False
        if isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)
    return True


def read_record(path: Path) -> object:
    """The JSON document in `path`, read as bytes, UTF-8 and JSON with bounded size and
    depth; raises _NotARecord (or OSError) saying what is wrong."""
    if path.stat().st_size > RECORD_MAX_BYTES:
        raise _NotARecord(f"larger than {RECORD_MAX_BYTES >> 20} MB: not a record")
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _NotARecord(f"not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})") from None
    try:
        document = json.loads(text, parse_constant=_json_number, parse_int=_json_int, parse_float=_json_float)
    except json.JSONDecodeError as exc:
        raise _NotARecord(f"not JSON: {exc}") from None
    except RecursionError:
        raise _NotARecord(f"nested more than {RECORD_MAX_DEPTH} levels deep: not a record") from None
    if not _depth_ok(document):
        raise _NotARecord(f"nested more than {RECORD_MAX_DEPTH} levels deep: not a record")
    return document


def _replay_file(file: str, content: str | None):
    """The replayed match of one record file; raises _NotARecord or a CredoError."""
    try:
        document = read_record(Path(file))
    except OSError as exc:
        raise _NotARecord(f"cannot be read: {exc.strerror or exc}") from None
    name = document.get("game") if isinstance(document, dict) else None
    if not isinstance(name, str):
        parse_record(document)  # raises, naming what is wrong with the record
        raise _NotARecord("field game: not a game name")
    try:
        game = games.load(name, content)
    except KeyError as exc:
        raise _NotARecord(str(exc).strip("'\"")) from None
    except CredoError as exc:
        raise _NotARecord(f"content rejected: {exc}") from None
    return replay(document, game)


def _result_words(match) -> str:
    """A result as the games say it: players counted from 1."""
    result = match.result()
    if not result["over"]:
        return "not finished"
    winners = result["winners"]
    if not winners:
        return "a draw"
    return " and ".join(f"player {w + 1}" for w in winners) + (" win" if len(winners) > 1 else " wins")


def cmd_replay(args, console: Console) -> int:
    _folder("--content", args.content, must_exist=True)
    failures = 0
    for file in args.files:
        try:
            match = _replay_file(file, args.content)
        except _NotARecord as exc:
            problem = str(exc)
        except CredoError as exc:
            problem = f"does not replay: {exc}"
        except Exception as exc:  # noqa: BLE001 - one file's fault must not stop the others
            problem = f"cannot be replayed (internal error, please report: {type(exc).__name__}: {exc})"
        else:
            if args.check:
                console.print(f"{file}: ok ({len(match.moves)} moves, {_result_words(match)})",
                              markup=False, soft_wrap=True)
            else:
                for event in match.state.events(None):
                    console.print(f"{event.text} [dim]({event.rule})[/dim]")
            continue
        failures += 1
        console.print(one_line(f"{file}: {problem}"), style="red", markup=False, highlight=False, soft_wrap=True)
    return 1 if failures else 0


LEVELS = ("easy", "medium", "hard")


def cmd_serve(args, console: Console) -> int:
    if not 0 < args.port < 65536:
        raise SystemExit(f"--port {args.port}: a port is a number from 1 to 65535")
    try:
        import uvicorn

        from credo.interfaces.server import create_app
        from credo.interfaces.server.settings import Settings
        from credo.interfaces.server.storage import database_problem
    except ImportError as exc:
        raise SystemExit(f"the server needs its extra: pip install 'credo[server]' ({exc.name} is missing)") from None
    settings = Settings(database_url=args.database, **({"data_dir": Path(args.data_dir)} if args.data_dir else {}))
    try:
        url = settings.url()
    except OSError as exc:
        raise SystemExit(f"--data-dir: {exc}") from None
    where = url if "@" not in url else url.split("@", 1)[1]
    problem = database_problem(url)
    if problem:
        raise SystemExit(f"{'--database' if args.database else 'storage'} {where}: {problem}")
    console.print(f"Credo is at http://{args.host}:{args.port} : open it in a browser to play "
                  f"(the API at /docs; storage: {where}; Ctrl+C stops it)")
    uvicorn.run(create_app(settings), host=args.host, port=args.port, ws_max_size=64 * 1024,
                log_level="warning", timeout_graceful_shutdown=5)
    return 0


class _ShowDefaults(argparse.ArgumentDefaultsHelpFormatter):
    """Help that shows a flag's default where it has one worth reading."""

    def _get_help_string(self, action):
        if action.default in (None, False) or action.help is None:
            return action.help
        return super()._get_help_string(action)


def cmd_games(args, console: Console) -> int:
    if args.game is None:
        for name in games.names():
            game = games.load(name)
            count = (str(game.min_players) if game.min_players == game.max_players
                     else f"{game.min_players} to {game.max_players}")
            console.print(f"{name}: {game.title} ({count} players)")
        console.print("'credo games GAME' lists a game's options; give them as -o KEY=VALUE")
        return 0
    game = games.load(args.game)
    table = Table(title=f"{game.title}: options (-o KEY=VALUE; a list as a,b,c)")
    for col in ("option", "values", "default", "meaning"):
        table.add_column(col, overflow="fold")
    schema = game.Options.model_json_schema()
    for key, field in game.Options.model_fields.items():
        prop = schema.get("properties", {}).get(key, {})
        table.add_row(key, _values(prop), "" if field.default is None else str(field.default), field.description or "")
    console.print(table)
    return 0


def _values(prop: dict) -> str:
    """The values an option takes, from its JSON schema."""
    for alt in prop.get("anyOf", [prop]):
        if "enum" in alt:
            return ", ".join(str(v) for v in alt["enum"])
        if "const" in alt:
            return str(alt["const"])
    kinds = [alt.get("type", "") for alt in prop.get("anyOf", [prop]) if alt.get("type") != "null"]
    if "minimum" in prop or "maximum" in prop:
        return f"{prop.get('type', 'number')} {prop.get('minimum', '')}..{prop.get('maximum', '')}"
    return " or ".join(k for k in kinds if k) or "any"


def build_parser() -> argparse.ArgumentParser:
    from importlib.metadata import PackageNotFoundError, version

    try:
        credo_version = version("credo")
    except PackageNotFoundError:
        credo_version = "unknown"
    parser = argparse.ArgumentParser(prog="credo", description="Four tabletop games of faith.")
    parser.add_argument("--version", action="version", version=f"credo {credo_version}")
    sub = parser.add_subparsers(dest="command", required=True)
    formatter = _ShowDefaults

    p = sub.add_parser("play", formatter_class=formatter, help="play a game in the terminal")
    p.add_argument("game", nargs="?", choices=games.names(), help="the game (asked if omitted)")
    p.add_argument("--vs", default="greedy", type=_agent, help="the computer's agent: a level (easy, medium, "
                   "hard) or " + ", ".join(a for a in agent_names() if a not in LEVELS) + ", mcts-N")
    p.add_argument("--seat", type=int, default=1, help="your seat against the computer (1 = first)")
    p.add_argument("--hotseat", action="store_true", help="two humans at one keyboard")
    p.add_argument("--seed", type=int, default=None, help="seed of the game (random if omitted)")
    p.add_argument("-o", "--option", action="append", help="game option KEY=VALUE (e.g. mode=pick)")
    p.add_argument("--content", help="a folder with your own content files")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("selfplay", formatter_class=formatter, help="agents play each other; wins, length, speed")
    p.add_argument("game", choices=games.names())
    p.add_argument("--games", type=int, default=100, help="how many games (seeds seed, seed+1, ...)")
    p.add_argument("--seed", type=int, default=0, help="the first game's seed")
    p.add_argument("--agents", default="random", help="agents by seat, comma-separated; one name plays every seat")
    p.add_argument("--secret", help=SECRET_HELP)
    p.add_argument("--records", help="write one JSON record per game in this folder")
    p.add_argument("-o", "--option", action="append", help="game option KEY=VALUE")
    p.add_argument("--content", help="a folder with your own content files")
    p.set_defaults(func=cmd_selfplay)

    p = sub.add_parser("arena", formatter_class=formatter, help="round-robin tournament with ratings")
    p.add_argument("game", choices=games.names())
    p.add_argument("--agents", required=True, help="agents, comma-separated (e.g. greedy,random,mcts)")
    p.add_argument("--secret", help=SECRET_HELP)
    p.add_argument("--games", type=int, default=20, help="games per pairing")
    p.add_argument("--jobs", type=int, default=1,
                   help="parallel processes (with --backend ray: the CPUs of the local Ray instance)")
    p.add_argument("--backend", choices=("process", "ray"), default=None,
                   help="where the games run: local processes (the default) or Ray tasks "
                        "(needs pip install 'credo[ray]'); same seed, same results")
    p.add_argument("--address", help="address of a running Ray cluster (auto, HOST:PORT or "
                                     "ray://HOST:10001) to play on; implies --backend ray")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--records", help="write one JSON record per game in this folder")
    p.add_argument("--duplicate", action="store_true", help=DUPLICATE_HELP)
    p.add_argument("-o", "--option", action="append", help="game option KEY=VALUE")
    p.add_argument("--content", help="a folder with your own content files")
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("report-agents", formatter_class=formatter, help="measure the agents in every game; write a markdown report")
    p.add_argument("--games", type=int, default=200, help="games per pairing (the targets need 200)")
    p.add_argument("--jobs", type=int, default=1, help="parallel processes")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default="docs/agents.md", help="the markdown file to write")
    p.add_argument("--games-list", help="the games, comma-separated (default: every game)")
    p.add_argument("--agent-hard", default="hard", help="the agent that plays the part of hard "
                                                        "(a quicker one can be measured, and is named so)")
    p.add_argument("--search-pair", help="WEAK,STRONG: the search pairing in every game "
                                         "(default mcts-200,mcts in dirge, ismcts-200,ismcts elsewhere)")
    p.add_argument("--search-games", type=int, help="games for the search pairing, which has no target "
                                                     "(default: as --games)")
    p.add_argument("--backend", choices=("process", "ray"), default=None,
                   help="where the games run: local processes (the default) or Ray tasks")
    p.add_argument("--address", help="address of a running Ray cluster; implies --backend ray")
    p.add_argument("--only", default="all",
                   help="play every pairing (the default), only hard's, one of hard's (hard:mcts), or only the "
                        "search pairing")
    p.add_argument("--duplicate", action="store_true", help=DUPLICATE_HELP)
    p.add_argument("--players", type=int, help="the number of players of every game measured (default: each game's "
                                               "own); the two agents of a pairing sit in turn around the table")
    p.add_argument("--save-results", metavar="JSON", help="also save the measured results, to merge later: the "
                                                           "report in JSON, each game as it ends in JSON.games.jsonl")
    p.add_argument("--resume", action="store_true", help="go on from the games --save-results holds: play only "
                                                         "the missing ones (a run of hours, stopped and resumed)")
    p.add_argument("--merge", metavar="JSON,JSON...", help="measure nothing: write one report from runs saved "
                                                            "with --save-results (each its own games, same settings)")
    p.add_argument("--force", action="store_true", help="replace the --out file if it exists")
    p.set_defaults(func=cmd_report_agents)

    p = sub.add_parser("balance", formatter_class=formatter,
                       help="the balance lab: every matchup of a game's content, one agent on every seat; "
                            "a report with plots (or: balance merge DIR... --out DIR)")
    p.add_argument("game", help="the game (" + ", ".join(games.names()) + "), or merge")
    p.add_argument("folders", nargs="*", help="merge only: the folders of the runs to merge")
    p.add_argument("--agents", default="greedy", help="the agent or level on every seat (easy, medium, hard, "
                                                      "greedy, mcts-N...); several, comma-separated, for "
                                                      "cross-play: each deal with every seating of them by side")
    p.add_argument("--games", type=int, default=50, help="games per matchup")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1,
                   help="parallel processes (with --backend ray: the CPUs of the local Ray instance)")
    p.add_argument("--backend", choices=("process", "ray"), default=None,
                   help="where the games run: local processes (the default) or Ray tasks")
    p.add_argument("--address", help="address of a running Ray cluster; implies --backend ray")
    p.add_argument("--out", required=True, help="the folder: saved games (results.jsonl), run.json, the report")
    p.add_argument("--resume", action="store_true", help="play only the games --out does not hold yet")
    p.add_argument("--matchups", help="only these matchups, comma-separated: a label, or a side of one "
                                      "(knowledge: every matchup of that deck or option)")
    p.add_argument("--openers", help="these sides' first decision fixed in turn to each opener, comma-separated, "
                                     "or all: each opener scored against the field (in dogma: the Prophets an "
                                     "option may open with)")
    p.add_argument("-o", "--option", action="append", help="game option KEY=VALUE, laid over every matchup's")
    p.add_argument("--content", help="a folder with your own content files")
    p.set_defaults(func=cmd_balance)

    p = sub.add_parser("content", help="check a content folder: credo content check GAME DIR")
    content_sub = p.add_subparsers(dest="content_command", required=True)
    c = content_sub.add_parser("check", help="validate a content folder and list what it changes")
    c.add_argument("game", choices=games.names())
    c.add_argument("folder", help="the folder of content files")
    c.set_defaults(func=cmd_content_check)

    p = sub.add_parser("ladder", formatter_class=formatter,
                       help="rate every kind of agent in a game against its thinking time (a round robin)")
    p.add_argument("game", choices=games.names())
    p.add_argument("--games", type=int, default=20, help="games per pairing")
    p.add_argument("--jobs", type=int, default=1, help="parallel processes")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", required=True, help="the folder for GAME.jsonl (every game, as it ends: the same "
                                                "command resumes a stopped run, a larger --games adds rounds), "
                                                "GAME.md and GAME.png")
    p.add_argument("--agents", help="the rungs, comma-separated (default: random, greedy, planner, mcts at four "
                                    "budgets, OpenSpiel's searches and the three levels)")
    p.add_argument("-o", "--option", action="append", help="game option KEY=VALUE")
    p.set_defaults(func=cmd_ladder)

    p = sub.add_parser("replay", help="replay records; --check verifies them")
    p.add_argument("files", nargs="+")
    p.add_argument("--check", action="store_true", help="only verify, name the first failing move")
    p.add_argument("--content", help="the content folder the records were played with")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("serve", formatter_class=formatter, help="the online tables: lobby and sockets (docs/web.md)")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    p.add_argument("--port", type=int, default=8000, help="the port to listen on")
    p.add_argument("--database", help="a database URL, e.g. postgresql+psycopg://user:pass@host/credo "
                                      "(default: $CREDO_DATABASE_URL, else a SQLite file in the data directory)")
    p.add_argument("--data-dir", help="where the SQLite file lives (default: $CREDO_DATA_DIR or ~/.local/share/credo)")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("games", help="list the games, or one game's options")
    p.add_argument("game", nargs="?", choices=games.names(), help="a game: list its options and their values")
    p.set_defaults(func=cmd_games)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "seed", 0) is None:
        import random

        args.seed = random.SystemRandom().randrange(1 << 31)
    console = Console()
    try:
        return args.func(args, console) or 0
    except SystemExit as exc:
        if isinstance(exc.code, str):  # a refusal: one line, whatever it quotes
            raise SystemExit(one_line(exc.code)) from None
        raise
    except KeyboardInterrupt:
        console.print("\ninterrupted")
        return 130
    except BrokenPipeError:
        # the reader went away (`credo ... | head`): nothing more to say, and nothing to flush at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as exc:
        # what the machine refused (a full disk, a file without permission, a port in use): the checks
        # above name a mistaken argument first; this is one line for what only the attempt finds
        where = f"{exc.filename}: " if exc.filename else ""
        raise SystemExit(one_line(f"{where}{exc.strerror or exc}")) from None


if __name__ == "__main__":
    sys.exit(main())
