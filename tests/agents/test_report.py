"""The strength report states what its run measured: a tiny run with cheap agents."""

import json

import pytest

from credo import games
from credo.arena import tournament
from credo.arena.report import MIN_GAMES, TARGETS, Line, count, describe_agent, search_pair
from credo.interfaces.cli import main


def outcome(result, seat):
    winners = result.winning_seats()
    return (0, 1, 0) if not winners else (1, 0, 0) if seat in winners else (0, 0, 1)


@pytest.fixture(autouse=True)
def quick_targets(monkeypatch):
    """The report's own pairings without hard against MCTS at 1,000 iterations, whose games
    take minutes: what is tested here is the report, which reads its targets from TARGETS."""
    from credo.arena import report

    monkeypatch.setattr(report, "TARGETS", {"random": 0.95, "greedy": 0.90})


def test_the_targets_are_the_issues_and_hard_plays_mcts_at_a_thousand_iterations(monkeypatch):
    from credo.agents import make_agent
    from credo.agents.mcts import MctsAgent
    from credo.arena import report

    monkeypatch.setattr(report, "TARGETS", TARGETS)  # the shipped ones, not the quick fixture's
    assert TARGETS == {"random": 0.95, "greedy": 0.90, "mcts": 0.60, "openspiel-ismcts-1000-1.5s": 0.60}
    assert make_agent("mcts").iterations == 1000 and isinstance(make_agent("mcts"), MctsAgent)
    # the outside reference thinks as long as hard may: hard's time cap is its
    reference = make_agent("openspiel-ismcts-1000-1.5s")
    assert reference.seconds == make_agent("hard").seconds == 1.5
    sentence = report._targets_sentence()
    assert "95.0% of its games against `random`, 90.0% against `greedy`, 60.0% against `mcts`" in sentence
    assert "and 60.0% against `openspiel-ismcts-1000-1.5s` (OpenSpiel's information-set MCTS" in sentence


def test_report_agents_writes_the_measured_table(tmp_path, capsys):
    out = tmp_path / "docs" / "agents.md"
    assert main(["report-agents", "--games", "1", "--games-list", "jol", "--agent-hard", "greedy",
                 "--search-pair", "random,greedy", "--seed", "3", "--out", str(out)]) == 0
    assert "report written" in capsys.readouterr().out
    text = out.read_text()
    # with one game a pairing the first agent sits first; the arena says how that game ended
    for label, first, second in [("greedy (as hard) vs random", "greedy", "random"),
                                 ("greedy (as hard) vs greedy (mirror)", "greedy", "greedy"),
                                 ("random vs greedy", "random", "greedy")]:
        [game] = tournament("jol", [first, second], 1, seed=3).results
        wins, draws, losses = outcome(game, 0)
        assert f"| {label} | 1 | {wins} | {draws} | {losses} | {100.0 * wins:.1f}% [" in text
    assert f"no (1 games < {MIN_GAMES})" in text
    assert "Targets met: 0 of 2 (with `greedy` as hard)." in text
    assert "credo report-agents --games 1 --jobs 1 --seed 3" in text and "--agent-hard greedy" in text
    assert "cores" in text and "UTC" in text and "## jol:" in text
    assert "RandomAgent" in text and "GreedyAgent" in text


def test_a_mirror_match_counts_the_first_entry_as_its_seat_alternates():
    result = tournament("jol", ["greedy", "greedy"], 2, seed=1)
    first, second = result.results
    expected = [a + b for a, b in zip(outcome(first, 0), outcome(second, 1), strict=True)]
    assert list(count(result.results, "greedy", "greedy", 2)) == expected


def test_the_search_pairing_can_play_fewer_games(tmp_path):
    out = tmp_path / "agents.md"
    assert main(["report-agents", "--games", "2", "--search-games", "1", "--games-list", "jol",
                 "--agent-hard", "random", "--search-pair", "random,random", "--out", str(out)]) == 0
    text = out.read_text()
    assert "| random (as hard) vs greedy | 2 |" in text and "| random vs random (mirror) | 1 |" in text
    assert "2 games per pairing (1 for the search pairing)" in text and "--search-games 1" in text


def test_targets_need_the_rate_and_the_games():
    assert Line("jol", "hard", "random", 200, 191, 0, 9, target=0.95).met
    assert not Line("jol", "hard", "random", 200, 189, 2, 9, target=0.95).met
    assert not Line("jol", "hard", "random", 199, 199, 0, 0, target=0.95).met
    assert Line("jol", "mcts-200", "mcts", 200, 50, 0, 150).met is None
    p, low, high = Line("jol", "hard", "greedy", 200, 160, 10, 30, target=0.75).win_rate
    assert p == 0.8 and low < 0.8 < high


def test_a_doubled_search_budget_must_score_55_percent_with_draws_half():
    # 110 wins of 200 is 55% but its interval reaches below 50%; 120 of 200 clears both
    assert not Line("jol", "mcts-200", "mcts-100", 200, 110, 0, 90).met
    assert Line("jol", "mcts-200", "mcts-100", 200, 120, 0, 80).met
    # draws count half: 100 wins and 40 draws score 60%
    assert Line("dirge", "mcts-800", "mcts-400", 200, 100, 40, 60).score[0] == 0.6
    assert Line("dirge", "mcts-800", "mcts-400", 200, 100, 40, 60).met
    assert not Line("dirge", "mcts-800", "mcts-400", 150, 100, 40, 10).met  # too few games
    # only a budget against its half is a doubling: not another agent, not another ratio
    assert not Line("jol", "mcts-300", "mcts-100", 200, 150, 0, 50).doubling
    assert not Line("jol", "ismcts-200", "mcts-100", 200, 150, 0, 50).doubling
    assert Line("jol", "ismcts-200", "ismcts-100", 200, 150, 0, 50).doubling
    assert Line("jol", "mcts-200-turn", "mcts-100-turn", 200, 150, 0, 50).doubling
    assert not Line("jol", "mcts-200-turn", "mcts-100", 200, 150, 0, 50).doubling  # two searches, not one
    assert Line("jol", "mcts-200", "medium", 200, 150, 0, 50).met is None


def test_the_summary_counts_the_plain_doublings_each_game_needs_and_no_target_a_report_does_not_measure():
    from credo.arena import report
    from credo.arena.report import SCALING_BUDGETS, StrengthReport, render, scaling_met

    today = games.load("jol").content_hash
    lines = [Line("jol", "mcts-200", "mcts-100", 200, 120, 0, 80, content=today),  # met
             Line("jol", "mcts-400", "mcts-200", 200, 105, 0, 95, content=today),  # measured, not met
             Line("jol", "mcts-800-turn", "mcts-400-turn", 200, 150, 0, 50, content=today),  # a variant: not plain
             Line("jol", "mcts-800", "mcts-400", 200, 150, 0, 50, content="0" * 16)]  # other content
    doublings = StrengthReport(200, 1, 0, "hard", {}, lines=lines)
    assert scaling_met(doublings) == (1, len(SCALING_BUDGETS), ["jol at 400"])
    text = render(doublings)
    assert "Targets met" not in text and "## Ladder" not in text  # a report of doublings measures no level
    assert ("Search that scales: 1 of 3 doublings met (the plain search's, at N = 100, 200, 400 in each game at each"
            " number of players); not measured on today's search and content: jol at 400.") in text
    with_hard = StrengthReport(200, 1, 0, "hard", {}, lines=[*lines, Line("jol", "hard", "random", 200, 200, 0, 0,
                                                                      target=0.95, content=today)])
    text = render(with_hard)
    assert f"Targets met: 1 of {len(report.TARGETS)};" in text and "## Ladder" in text


def test_budgets_are_read_from_the_agents_and_the_search_pairing_follows_hidden_information():
    hard = describe_agent("hard")
    assert "a time cap of 1.5 s a decision" in hard
    assert all(f"{name} `{games.load(name).levels['hard']}` (" in hard for name in games.names())
    assert "dogma `mcts-4000-book` (4000 iterations, the game's book moves)" in hard
    assert "jol `mcts-4000-turn` (4000 iterations, playouts to the start of its next turn, values rescaled)" in hard
    assert "dirge `planner-turn` (6 plans over 3 worlds)" in describe_agent("medium")
    assert "3 sampled worlds" in describe_agent("planner") and "not through the reply" in describe_agent("planner-turn")
    assert "200 iterations a move" in describe_agent("ismcts-200") and "IsmctsAgent" in describe_agent("ismcts")
    # a root other than UCB's is said, and that it spends its budget
    halving, paired = describe_agent("mcts-800-halving", "jol"), describe_agent("mcts-100-paired", "jol")
    assert "sequential halving" in halving and "fewer once" not in halving
    assert "playouts straight after them" in paired and "fewer once" not in paired
    assert "compared" not in describe_agent("mcts-800", "jol") and "fewer once" in describe_agent("mcts-800", "jol")
    # a game's own section names its playouts only, not the other games'
    in_jol = describe_agent("mcts-4000-turn", "jol")
    assert in_jol.endswith("playouts to the start of the searcher's next turn, values rescaled to each node's range")
    assert not any(name in in_jol for name in games.names())
    assert "cut at 8 actions" in describe_agent("mcts", "jol") and "dogma" in describe_agent("mcts")
    assert search_pair("dirge") == ("mcts-200", "mcts")
    assert search_pair("jol") == search_pair("divine") == ("ismcts-200", "ismcts")


def test_runs_saved_per_game_merge_into_one_report(tmp_path):
    settings = ["--games", "1", "--agent-hard", "random", "--search-pair", "random,random", "--seed", "5"]
    for name in ("jol", "divine"):
        assert main(["report-agents", *settings, "--games-list", name, "--out", str(tmp_path / f"{name}.md"),
                     "--save-results", str(tmp_path / f"{name}.json")]) == 0
    out = tmp_path / "agents.md"
    assert main(["report-agents", "--merge", f"{tmp_path / 'jol.json'},{tmp_path / 'divine.json'}",
                 "--out", str(out)]) == 0
    text = out.read_text()
    assert "Measured in 2 runs" in text and "## jol:" in text and "## divine:" in text
    for name in ("jol", "divine"):
        alone = (tmp_path / f"{name}.md").read_text()
        # the merged report carries each run's command and table exactly as that run wrote them
        assert f"--games-list {name}" in text and f"--save-results {tmp_path / f'{name}.json'}" in text
        table = alone[alone.index(f"## {name}:"):alone.index("## Summary")]
        assert table in text
    # Divine is played by 2, 3 and 4: its targets hold at each count, measured or not
    assert "Targets met: 0 of 8 (with `random` as hard)" in text
    assert "divine (3 players) random vs random, divine (3 players) random vs greedy" in text


def test_a_merge_refuses_runs_that_do_not_fit_together(tmp_path):
    def run(name, seed, path):
        assert main(["report-agents", "--games", "1", "--agent-hard", "random", "--search-pair", "random,random",
                     "--seed", str(seed), "--games-list", name, "--out", str(tmp_path / "x.md"), "--force",
                     "--save-results", str(tmp_path / path)]) == 0

    run("jol", 1, "a.json")
    run("jol", 1, "b.json")
    run("divine", 2, "c.json")
    (tmp_path / "bad.json").write_text("{}")
    before = (tmp_path / "x.md").read_text()
    for files, message in [("a.json,b.json", "measured in more than one run: jol random vs greedy"),
                           ("a.json,c.json", "the runs differ in seed"),
                           ("a.json,bad.json", "bad.json: not a saved strength report")]:
        with pytest.raises(SystemExit, match=message):
            main(["report-agents", "--merge", ",".join(str(tmp_path / f) for f in files.split(",")),
                  "--out", str(tmp_path / "x.md"), "--force"])
    assert (tmp_path / "x.md").read_text() == before


def test_a_file_that_is_no_saved_report_is_named_with_what_it_lacks(tmp_path):
    from credo.arena import report

    path = tmp_path / "r.json"
    assert main(["report-agents", "--games", "1", "--agent-hard", "random", "--search-pair", "random,random",
                 "--games-list", "jol", "--out", str(tmp_path / "x.md"), "--force", "--save-results", str(path)]) == 0
    good = json.loads(path.read_text())
    report.load(path)
    for document, says in [({}, "(games_per_pairing: Field required)"), ([1], "(not a JSON object)"),
                           ("{", "(Expecting property name"),
                           ({**good, "seed": "zero"}, "(seed: Input should be a valid integer"),
                           ({**good, "lines": 3}, "(lines: Input should be a valid list"),
                           ({**good, "lines": [{**good["lines"][0], "wins": None}]}, "(lines[0].wins: "),
                           ({**good, "runs": [{**good["runs"][0], "started": "yesterday"}]}, "(runs[0].started: "),
                           ({**good, "search_pairs": {"jol": ["random"]}}, "(search_pairs.jol[1]: Field required)")]:
        path.write_text(document if isinstance(document, str) else json.dumps(document))
        with pytest.raises(ValueError) as refused:
            report.load(path)
        assert str(refused.value).startswith(f"{path}: not a saved strength report") and says in str(refused.value)


def test_saved_results_grow_pairing_by_pairing(monkeypatch, tmp_path):
    from credo.arena import report

    saved = []
    monkeypatch.setattr(report, "save", lambda so_far, path: saved.append((len(so_far.lines), path)))
    path = tmp_path / "jol.json"
    assert main(["report-agents", "--games", "1", "--agent-hard", "random", "--search-pair", "random,random",
                 "--games-list", "jol", "--out", str(tmp_path / "x.md"), "--force", "--save-results", str(path)]) == 0
    # saved from the start, after every game (a stopped run keeps its time) and after each pairing
    assert {p for _, p in saved} == {path}
    assert list(dict.fromkeys(n for n, _ in saved)) == [0, 1, 2, 3]
    assert len(saved) == 1 + 3 + 3


def test_a_stopped_run_resumes_from_its_saved_games(tmp_path, monkeypatch):
    import importlib
    import json

    from credo.arena import report

    tournament = importlib.import_module("credo.arena.tournament")  # the module, not the function of that name
    played = []
    real = tournament.run_work

    def counting(work, *args, **kwargs):
        played.append(len(work))
        return real(work, *args, **kwargs)

    monkeypatch.setattr(tournament, "run_work", counting)
    settings = ["--agent-hard", "random", "--search-pair", "random,greedy", "--seed", "4", "--games-list", "jol"]

    def run(path, games, *more):
        return main(["report-agents", *settings, "--games", str(games), "--out", str(tmp_path / "x.md"), "--force",
                     "--save-results", str(path), *more])

    assert run(tmp_path / "whole.json", 3) == 0
    whole = report.load(tmp_path / "whole.json")
    assert run(tmp_path / "part.json", 2) == 0
    games_file = report.games_path(tmp_path / "part.json")
    assert games_file.name == "part.games.jsonl" and len(games_file.read_text().splitlines()) == 6
    lines = games_file.read_text().splitlines()
    games_file.write_text("\n".join(lines[:3]) + '\n{"game": "jol", "fir')  # stopped in the middle of a game
    played.clear()
    assert run(tmp_path / "part.json", 3, "--resume") == 0
    assert played == [1, 2, 3]  # each pairing only its missing games: 2 + 1 + 0 saved of 3
    resumed = report.load(tmp_path / "part.json")
    assert [(x.first, x.second, x.wins, x.draws, x.losses) for x in resumed.lines] == \
        [(x.first, x.second, x.wins, x.draws, x.losses) for x in whole.lines]
    assert len(resumed.runs) == 2 and resumed.runs[1].command.endswith("--resume")
    assert all(json.loads(line) for line in games_file.read_text().splitlines())  # the cut line is gone
    assert len(games_file.read_text().splitlines()) == 9
    with pytest.raises(SystemExit, match="holds the games of an earlier run: give --resume"):
        main(["report-agents", *settings, "--games", "3", "--out", str(tmp_path / "y.md"),
              "--save-results", str(tmp_path / "part.json")])
    with pytest.raises(SystemExit, match="measured with seed 4, not 5"):
        main(["report-agents", *settings[:-4], "--seed", "5", "--games-list", "jol", "--games", "3",
              "--out", str(tmp_path / "x.md"), "--save-results", str(tmp_path / "part.json"), "--resume"])
    with pytest.raises(SystemExit, match="--resume needs --save-results"):
        main(["report-agents", *settings, "--out", str(tmp_path / "z.md"), "--resume"])


def test_a_resumed_run_reports_its_saved_games_before_it_plays_and_checks_them_all_first(tmp_path, monkeypatch):
    """A resume stopped before its first new game ends keeps every pairing's line (the summary
    is written from the saved games at the start), and a saved game that no longer fits today's
    game is refused before any game is played, whichever pairing it belongs to."""
    import importlib
    import json

    from credo.arena import report

    tournament = importlib.import_module("credo.arena.tournament")
    settings = ["report-agents", "--agent-hard", "random", "--search-pair", "random,greedy", "--seed", "4",
                "--games-list", "jol", "--out", str(tmp_path / "x.md"), "--force",
                "--save-results", str(tmp_path / "part.json")]
    assert main([*settings, "--games", "2"]) == 0
    before = report.load(tmp_path / "part.json")
    assert len(before.lines) == 3

    first_saves = []
    real_save = report.save

    def save(so_far, path):
        if not first_saves:
            first_saves.append([(x.first, x.second, x.games, x.wins, x.draws, x.losses) for x in so_far.lines])
        return real_save(so_far, path)

    def stop(*args, **kwargs):
        raise KeyboardInterrupt  # the run is stopped before its first new game ends

    monkeypatch.setattr(report, "save", save)
    monkeypatch.setattr(tournament, "run_work", stop)
    assert main([*settings, "--games", "3", "--resume"]) == 130  # "interrupted"
    kept = [(x.first, x.second, x.games, x.wins, x.draws, x.losses) for x in before.lines]
    assert first_saves == [kept]
    assert [(x.first, x.second, x.games, x.wins, x.draws, x.losses)
            for x in report.load(tmp_path / "part.json").lines] == kept

    games_file = report.games_path(tmp_path / "part.json")
    rows = [json.loads(line) for line in games_file.read_text().splitlines()]
    assert rows[-1]["role"] is None  # the search pairing, played last
    rows[-1]["content"] = "rebalanced"
    games_file.write_text("".join(json.dumps(row) + "\n" for row in rows))
    with pytest.raises(SystemExit, match="played on other content"):
        main([*settings, "--games", "3", "--resume"])  # run_work raises if any game is played


def test_a_search_only_run_adds_its_pairing_to_a_game_measured_before(tmp_path):
    settings = ["--games", "1", "--agent-hard", "random", "--seed", "2", "--games-list", "jol",
                "--out", str(tmp_path / "x.md"), "--force"]
    assert main(["report-agents", *settings, "--search-pair", "random,random",
                 "--save-results", str(tmp_path / "all.json")]) == 0
    assert main(["report-agents", *settings, "--search-pair", "random,greedy", "--only", "search",
                 "--save-results", str(tmp_path / "search.json")]) == 0
    alone = (tmp_path / "x.md").read_text()
    assert "| random vs greedy | 1 |" in alone and "(as hard)" not in alone and "--only search" in alone
    # a report without hard's pairings says they were not measured instead of counting them met
    assert ("Targets met: 0 of 2 (with `random` as hard); not measured: jol random vs random, jol random vs greedy."
            in alone)
    out = tmp_path / "agents.md"
    assert main(["report-agents", "--merge", f"{tmp_path / 'all.json'},{tmp_path / 'search.json'}",
                 "--out", str(out)]) == 0
    text = out.read_text()
    rows = [row.split(" |")[0] for row in text.splitlines() if row.startswith("| random") and " vs " in row]
    assert rows == ["| random (as hard) vs random (mirror)", "| random (as hard) vs greedy", "| random vs random (mirror)",
                    "| random vs greedy"]
    assert "search pairings: random vs random, random vs greedy" in text


def test_saved_results_are_judged_by_todays_targets(tmp_path, monkeypatch):
    """A target is the standard, not part of the measurement: a win rate saved when the
    target against greedy was 75% is judged against 90% when the report is written again."""
    import json

    from credo.arena import report

    path = tmp_path / "old.json"
    assert main(["report-agents", "--games", "1", "--agent-hard", "greedy", "--only", "hard", "--games-list", "jol",
                 "--seed", "5", "--out", str(tmp_path / "old.md"), "--save-results", str(path)]) == 0
    data = json.loads(path.read_text())
    for line in data["lines"]:
        wins = int(MIN_GAMES * 0.8)  # over the old target, under today's
        line["games"], line["wins"], line["draws"], line["losses"] = MIN_GAMES, wins, 0, MIN_GAMES - wins
        line["target"] = 0.75
    path.write_text(json.dumps(data))
    judged = {line.second: line for line in report.load(path).lines}
    assert judged["greedy"].target == 0.90 and not judged["greedy"].met
    assert judged["random"].target == 0.95


def test_a_duplicate_run_is_recorded_resumed_only_as_one_and_marked_in_a_merge(tmp_path):
    from credo.arena import report

    settings = ["--games", "2", "--agent-hard", "random", "--games-list", "jol", "--only", "hard:greedy"]
    dup = tmp_path / "dup.json"
    assert main(["report-agents", *settings, "--duplicate", "--out", str(tmp_path / "d.md"),
                 "--save-results", str(dup)]) == 0
    saved = report.load(dup)
    games_played = report.read_games(report.games_path(dup))
    assert saved.duplicate and saved.lines[0].duplicate and "--duplicate" in saved.runs[0].command
    assert games_played[0]["seed"] == games_played[1]["seed"]
    assert games_played[0]["agents"] == games_played[1]["agents"][::-1]
    assert "each seed played in every seat order" in (tmp_path / "d.md").read_text()
    with pytest.raises(SystemExit, match="measured with duplicate True, not False"):
        main(["report-agents", *settings, "--out", str(tmp_path / "d.md"), "--save-results", str(dup), "--resume"])
    plain = tmp_path / "plain.json"
    assert main(["report-agents", "--games", "2", "--agent-hard", "random", "--games-list", "divine", "--only",
                 "hard:greedy", "--out", str(tmp_path / "p.md"), "--save-results", str(plain)]) == 0
    assert not report.load(plain).duplicate
    out = tmp_path / "merged.md"
    assert main(["report-agents", "--merge", f"{plain},{dup}", "--out", str(out)]) == 0
    text = out.read_text()
    assert "seats alternating (each seed played in every seat order, where a pairing says duplicate)" in text
    assert "vs greedy (duplicate) |" in text and "vs greedy |" in text


def test_a_duplicate_measurement_replaces_one_game_a_deal_of_the_same_pairing_in_a_merge(tmp_path):
    """Jol's mcts-200 against mcts-100 scored 59.5% one game a deal and 52.0% with each deal in
    both seat orders: the second is the measurement, and a merge keeps it without a hand's help."""
    from credo.arena import report

    settings = ["--games", "2", "--agent-hard", "random", "--games-list", "jol", "--only", "hard:greedy"]
    paths = {}
    for name, extra in [("plain", []), ("dup", ["--duplicate"]), ("dup2", ["--duplicate"])]:
        paths[name] = tmp_path / f"{name}.json"
        assert main(["report-agents", *settings, *extra, "--out", str(tmp_path / f"{name}.md"),
                     "--save-results", str(paths[name])]) == 0
    for order in ([paths["plain"], paths["dup"]], [paths["dup"], paths["plain"]]):
        merged = report.merge([report.load(path) for path in order])
        [line] = merged.lines
        assert line.duplicate and line == report.load(paths["dup"]).lines[0]
        assert len(merged.runs) == 2  # both runs are listed, as every run merged is
    with pytest.raises(ValueError, match="measured in more than one run: jol random vs greedy"):
        report.merge([report.load(paths["dup"]), report.load(paths["dup2"])])
    # a run that measured other pairings too keeps those
    other = tmp_path / "both.json"
    assert main(["report-agents", "--games", "2", "--agent-hard", "random", "--games-list", "jol", "--only", "hard",
                 "--out", str(tmp_path / "both.md"), "--save-results", str(other)]) == 0
    merged = report.merge([report.load(other), report.load(paths["dup"])])
    assert [(line.second, line.duplicate) for line in merged.lines] == [("random", False), ("greedy", True)]


def test_one_of_hards_pairings_can_be_measured_alone(tmp_path):
    """Hard against mcts-1000 takes hours a game: a run of its own, merged with the others."""
    from credo.arena import report

    path = tmp_path / "greedy.json"
    assert main(["report-agents", "--games", "1", "--agent-hard", "random", "--games-list", "jol", "--only",
                 "hard:greedy", "--out", str(tmp_path / "x.md"), "--save-results", str(path)]) == 0
    assert [(x.first, x.second, x.role) for x in report.load(path).lines] == [("random", "greedy", "hard")]
    assert "--only hard:greedy" in report.load(path).runs[0].command
    with pytest.raises(SystemExit, match="--only hard:nobody: one of all, hard, hard:random, hard:greedy, "):
        main(["report-agents", "--only", "hard:nobody", "--out", str(tmp_path / "y.md")])


def test_a_pairing_measured_when_hard_was_another_agent_is_not_counted_for_todays(tmp_path):
    """Results saved before a level changed say what it was then and certify nothing now."""
    import json

    from credo.arena import report

    path = tmp_path / "old.json"
    assert main(["report-agents", "--games", "1", "--only", "hard:random", "--games-list", "jol",
                 "--out", str(tmp_path / "now.md"), "--save-results", str(path)]) == 0
    data = json.loads(path.read_text())
    assert data["lines"][0]["levels"] == {"hard": games.load("jol").levels["hard"]}
    assert "| hard vs random | 1 |" in (tmp_path / "now.md").read_text()
    data["lines"][0]["levels"] = {"hard": "greedy"}  # as if hard had been greedy when it was measured
    path.write_text(json.dumps(data))
    assert main(["report-agents", "--merge", str(path), "--out", str(tmp_path / "then.md")]) == 0
    text = (tmp_path / "then.md").read_text()
    assert "| hard (then `greedy`) vs random | 1 |" in text and "not today's `hard` |" in text
    assert report.targets_met(report.load(path))[2] == ["jol hard vs random", "jol hard vs greedy"]


def test_a_search_records_how_much_it_searched_and_how_often_its_clock_stopped_it():
    """A level is a budget and a time cap: the effort says which of the two ended each decision."""
    from credo.agents import Effort, LevelAgent
    from credo.agents.mcts import MctsAgent
    from credo.arena.selfplay import play_game

    game = games.load("divine")
    budgeted, clocked = MctsAgent(1, iterations=12), MctsAgent(2, iterations=10**9, seconds=0.005,
                                                                   stop_when_settled=False)
    match = play_game(game, [budgeted, clocked], 3, {"turn_limit": 3})
    assert budgeted.effort.decisions > 0 and budgeted.effort.cut == 0
    assert budgeted.effort.total == 12 * budgeted.effort.decisions and budgeted.effort.least == 12
    assert clocked.effort.cut == clocked.effort.decisions > 0  # a billion iterations never fit in 5 ms
    # the root's first evaluation is inside the clock, so a tight cap may leave no iteration at all
    assert 0 <= clocked.effort.least <= clocked.effort.mean < 10**9
    # decisions with one legal action are not searched and not counted
    choices = sum(1 for seat, _ in match.moves if seat == 0)
    assert budgeted.effort.decisions <= choices
    level = LevelAgent(4, "hard", seconds=0.01)
    assert level.effort is None  # nothing chosen yet
    play_game(game, [level, MctsAgent(5, iterations=5)], 6, {"turn_limit": 2})
    assert level.effort is level.inner.effort and level.effort.decisions > 0
    whole = Effort.combine([budgeted.effort.to_dict(), clocked.effort.to_dict()])
    assert whole.decisions == budgeted.effort.decisions + clocked.effort.decisions
    assert whole.least == min(budgeted.effort.least, clocked.effort.least)
    assert Effort.combine([]) is None


def test_the_report_states_what_each_search_did_and_keeps_it_through_a_resume(tmp_path):
    import json

    from credo.arena import report

    path = tmp_path / "part.json"
    settings = ["report-agents", "--games", "2", "--agent-hard", "mcts-8", "--games-list", "divine", "--only",
                "hard:greedy", "--out", str(tmp_path / "x.md"), "--save-results", str(path)]
    assert main(settings) == 0
    line = report.load(path).lines[0]
    assert set(line.effort) == {"mcts-8"}  # greedy does not search
    assert line.effort["mcts-8"]["budget"] == 8 and line.effort["mcts-8"]["cut"] == 0
    saved = [json.loads(x) for x in report.games_path(path).read_text().splitlines()]
    by_seat = [game["effort"][game["agents"].index("mcts-8")] for game in saved]
    assert sum(e["decisions"] for e in by_seat) == line.effort["mcts-8"]["decisions"] > 0
    assert [game["effort"][game["agents"].index("greedy")] for game in saved] == [None, None]
    report.games_path(path).write_text(json.dumps(saved[0]) + "\n")  # stopped after one game
    assert main(settings + ["--resume"]) == 0
    assert report.load(path).lines[0].effort == line.effort  # the saved game's effort is counted again
    # the play time is the games' own, summed: what a core spent, whichever run and --jobs played each
    assert main(settings[:-2] + ["--jobs", "2", "--save-results", str(path), "--resume"]) == 0
    games_played = [json.loads(x) for x in report.games_path(path).read_text().splitlines()]
    resumed = report.load(path).lines[0]
    assert resumed.play_seconds == pytest.approx(sum(g["seconds"] for g in games_played), abs=0.01)
    assert resumed.play_seconds > 0 and "(wall)" not in (tmp_path / "x.md").read_text()
    text = (tmp_path / "x.md").read_text()
    assert (f"- mcts-8 vs greedy: `mcts-8`: 8.0 iterations a decision on average (the least 8; budget 8); it searched"
            f" its whole budget in all {line.effort['mcts-8']['decisions']:,} decisions.") in text


def test_a_pairing_measured_again_after_its_level_changed_replaces_the_old_measurement(tmp_path):
    import json

    from credo.arena import report

    def run(path):
        assert main(["report-agents", "--games", "1", "--agent-hard", "easy", "--games-list", "jol", "--only",
                     "hard:random", "--out", str(tmp_path / "x.md"), "--force", "--save-results",
                     str(tmp_path / path)]) == 0

    run("old.json")
    run("new.json")
    run("again.json")
    old = json.loads((tmp_path / "old.json").read_text())
    old["lines"][0]["levels"] = {"easy": "random"}  # measured when easy was another agent
    old["lines"][0]["wins"] = 0
    (tmp_path / "old.json").write_text(json.dumps(old))
    new = report.load(tmp_path / "new.json").lines[0]
    merged = report.merge([report.load(tmp_path / "old.json"), report.load(tmp_path / "new.json")])
    assert merged.lines == [new] and len(merged.runs) == 2
    with pytest.raises(ValueError, match="measured in more than one run: jol easy vs random"):
        report.merge([report.load(tmp_path / "new.json"), report.load(tmp_path / "again.json")])
    # the level changes again: neither measurement is today's, and the later one stays, marked
    newer = json.loads((tmp_path / "again.json").read_text())
    newer["lines"][0]["levels"] = {"easy": "planner"}
    newer["lines"][0]["wins"] = 1
    newer["runs"][0]["started"] = "2030-01-01T00:00:00+00:00"
    (tmp_path / "again.json").write_text(json.dumps(newer))
    for order in ([old, newer], [newer, old]):
        paths = []
        for i, data in enumerate(order):
            paths.append(tmp_path / f"part{i}.json")
            paths[-1].write_text(json.dumps(data))
        merged = report.merge([report.load(path) for path in paths])
        assert [(line.levels, line.wins) for line in merged.lines] == [({"easy": "planner"}, 1)]
        assert report._measured_another(merged.lines[0]) == ["`easy`"]  # kept, and still not today's


def test_a_pairing_measured_with_an_older_search_is_not_counted_and_is_replaced_by_a_new_one(tmp_path, monkeypatch):
    """A game whose search was revised since a line was measured (Divine's playouts in 5f9a3e5)
    keeps the line, marked, but counts it for none of today's targets; a run at today's search
    replaces it in a merge, and a resume refuses to mix games of both."""
    import json

    from credo.arena import report

    def run(path, *more):
        return main(["report-agents", "--games", "1", "--agent-hard", "easy", "--games-list", "jol", "--only",
                     "hard:random", "--out", str(tmp_path / "x.md"), "--force", "--save-results",
                     str(tmp_path / path), *more])

    jol = type(games.load("jol"))
    assert run("old.json") == 0
    saved = json.loads((tmp_path / "old.json").read_text())
    assert saved["lines"][0]["search"] == jol.search_revision == 1
    assert json.loads(report.games_path(tmp_path / "old.json").read_text())["search"] == 1
    assert report.targets_met(report.load(tmp_path / "old.json"))[2] == ["jol easy vs greedy"]

    monkeypatch.setattr(jol, "search_revision", 2)
    assert main(["report-agents", "--merge", str(tmp_path / "old.json"), "--out", str(tmp_path / "then.md")]) == 0
    marked = [row for row in (tmp_path / "then.md").read_text().splitlines() if " vs random | 1 |" in row]
    assert len(marked) == 1 and "| not today's search |" in marked[0]
    assert report.targets_met(report.load(tmp_path / "old.json"))[2] == ["jol easy vs random", "jol easy vs greedy"]
    del saved["lines"][0]["search"]  # saved before revisions were kept: a game's first search
    (tmp_path / "old.json").write_text(json.dumps(saved))
    assert report.targets_met(report.load(tmp_path / "old.json"))[2] == ["jol easy vs random", "jol easy vs greedy"]
    with pytest.raises(SystemExit, match="search revision 1 and it is 2 now"):
        run("old.json", "--resume")

    assert run("new.json") == 0
    new = report.load(tmp_path / "new.json").lines[0]
    assert new.search == 2
    merged = report.merge([report.load(tmp_path / "old.json"), report.load(tmp_path / "new.json")])
    assert merged.lines == [new] and report.targets_met(merged)[2] == ["jol easy vs greedy"]


def test_a_line_where_an_agent_played_the_book_is_not_today_s_once_the_book_changes(tmp_path, monkeypatch):
    """A book's entries change how an agent that plays it (`-book`) plays, not the plain search:
    a line records the game's book revision only where one of its two plays the book, is marked
    once the book has changed, and a resume refuses to add games of the new book to the old."""
    import json

    from credo.arena import report

    def run(path, hard, *more):
        return main(["report-agents", "--games", "1", "--agent-hard", hard, "--games-list", "jol", "--only",
                     "hard:random", "--out", str(tmp_path / "x.md"), "--force", "--save-results",
                     str(tmp_path / path), *more])

    jol = type(games.load("jol"))
    monkeypatch.setattr(jol, "book_revision", 1)
    assert run("book.json", "mcts-2-book") == 0 and run("plain.json", "mcts-2") == 0
    assert json.loads((tmp_path / "book.json").read_text())["lines"][0]["book"] == 1
    assert json.loads(report.games_path(tmp_path / "book.json").read_text())["book"] == 1
    assert json.loads((tmp_path / "plain.json").read_text())["lines"][0]["book"] is None
    assert "book" not in json.loads(report.games_path(tmp_path / "plain.json").read_text())
    book, plain = report.load(tmp_path / "book.json").lines[0], report.load(tmp_path / "plain.json").lines[0]
    assert report._measured_another(book) == report._measured_another(plain) == []

    monkeypatch.setattr(jol, "book_revision", 2)
    assert report._measured_another(book) == ["book"] and report._measured_another(plain) == []
    assert main(["report-agents", "--merge", str(tmp_path / "book.json"), "--out", str(tmp_path / "then.md")]) == 0
    marked = [row for row in (tmp_path / "then.md").read_text().splitlines() if " vs random | 1 |" in row]
    assert len(marked) == 1 and "| not today's book |" in marked[0]
    with pytest.raises(SystemExit, match="book revision 1 and it is 2 now"):
        run("book.json", "mcts-2-book", "--resume", "--games", "2")
    assert run("plain.json", "mcts-2", "--resume", "--games", "2") == 0  # the plain search's games stand


def test_games_saved_before_the_book_revision_was_kept_count_as_the_first_book(tmp_path, monkeypatch):
    """Only Dogma had a book before its revision was saved, at revision 1: a line or game of an
    agent playing the book that records none is read as that book, not as today's whatever it is."""
    import json

    from credo.arena import report
    from credo.arena import saved as saved_files

    def run(*more):
        return main(["report-agents", "--games", "1", "--agent-hard", "mcts-2-book", "--games-list", "jol",
                     "--only", "hard:random", "--out", str(tmp_path / "x.md"), "--force", "--save-results",
                     str(tmp_path / "old.json"), *more])

    def unrecorded():  # as saved before 0f98621
        data = json.loads((tmp_path / "old.json").read_text())
        for line in data["lines"]:
            line.pop("book")
        (tmp_path / "old.json").write_text(json.dumps(data))
        rows = [json.loads(row) for row in report.games_path(tmp_path / "old.json").read_text().splitlines()]
        report.games_path(tmp_path / "old.json").write_text(
            "".join(json.dumps({k: v for k, v in row.items() if k != "book"}) + "\n" for row in rows))

    jol = type(games.load("jol"))
    monkeypatch.setattr(jol, "book_revision", 1)
    monkeypatch.setitem(saved_files.BOOK_BEFORE_RECORDED, "jol", 1)  # as Dogma's were
    assert run() == 0
    unrecorded()
    line = report.load(tmp_path / "old.json").lines[0]
    assert line.book is None and report._measured_another(line) == []
    assert run("--resume", "--games", "2") == 0  # the old game is the first book's: resumed
    unrecorded()
    monkeypatch.setattr(jol, "book_revision", 2)
    assert report._measured_another(report.load(tmp_path / "old.json").lines[0]) == ["book"]
    with pytest.raises(SystemExit, match="book revision 1 and it is 2 now"):
        run("--resume", "--games", "3")


def test_a_line_measured_on_other_content_counts_for_no_target(tmp_path, monkeypatch):
    """A rebalanced card changes the game both sides play (Dogma's content changed after its
    hard was measured against greedy): a line keeps the content hash it was measured on, is
    marked when today's differs, and a resume refuses to mix games of both."""
    import json

    from credo.arena import report

    def run(path, *more):
        return main(["report-agents", "--games", "1", "--agent-hard", "easy", "--games-list", "jol", "--only",
                     "hard:random", "--out", str(tmp_path / "x.md"), "--force", "--save-results",
                     str(tmp_path / path), *more])

    jol = games.load("jol")
    assert run("old.json") == 0
    saved = json.loads((tmp_path / "old.json").read_text())
    assert saved["lines"][0]["content"] == jol.content_hash
    assert json.loads(report.games_path(tmp_path / "old.json").read_text())["content"] == jol.content_hash
    assert report.targets_met(report.load(tmp_path / "old.json"))[2] == ["jol easy vs greedy"]

    monkeypatch.setattr(jol, "content_hash", "rebalanced")
    assert main(["report-agents", "--merge", str(tmp_path / "old.json"), "--out", str(tmp_path / "then.md")]) == 0
    marked = [row for row in (tmp_path / "then.md").read_text().splitlines() if " vs random | 1 |" in row]
    assert len(marked) == 1 and "| not today's content |" in marked[0]
    assert report.targets_met(report.load(tmp_path / "old.json"))[2] == ["jol easy vs random", "jol easy vs greedy"]
    with pytest.raises(SystemExit, match="played on other content"):
        run("old.json", "--resume")
    del saved["lines"][0]["content"]  # saved before hashes were kept: taken as it is
    (tmp_path / "old.json").write_text(json.dumps(saved))
    assert report.targets_met(report.load(tmp_path / "old.json"))[2] == ["jol easy vs greedy"]

    assert run("new.json") == 0
    new = report.load(tmp_path / "new.json").lines[0]
    assert new.content == "rebalanced"
    saved["lines"][0]["content"] = "before"
    (tmp_path / "old.json").write_text(json.dumps(saved))
    merged = report.merge([report.load(tmp_path / "old.json"), report.load(tmp_path / "new.json")])
    assert merged.lines == [new] and report.targets_met(merged)[2] == ["jol easy vs greedy"]


def test_a_run_stopped_in_the_middle_of_a_pairing_keeps_what_it_measured(tmp_path, monkeypatch):
    """Hard against mcts-1000 is hours of games: a stop keeps the pairing's line so far, marked short."""
    import importlib

    from credo.arena import report

    tournament_module = importlib.import_module("credo.arena.tournament")
    real = tournament_module.run_work

    def stopped_after_two(work, *args, each=None, **kwargs):
        def count_then_stop(result, seen=[]):
            each(result)
            seen.append(result)
            if len(seen) == 2:
                raise KeyboardInterrupt

        return real(work, *args, each=count_then_stop, **kwargs)

    monkeypatch.setattr(tournament_module, "run_work", stopped_after_two)
    saved = []
    with pytest.raises(KeyboardInterrupt):
        report.measure(["jol"], games_per_pairing=5, agent_hard="random", only="hard:greedy",
                       games_file=tmp_path / "x.games.jsonl", measured=lambda r: saved.append(report.render(r)))
    line = "| random (as hard) vs greedy | 2 |"
    assert line in saved[-1] and "no (2 games < 200)" in saved[-1]
    assert line not in saved[0]  # before the first game ended there was nothing to report


def test_a_run_of_hards_pairings_alone_merges_whatever_its_search_games(tmp_path):
    from credo.arena import report

    common = ["report-agents", "--games", "1", "--agent-hard", "random", "--games-list", "jol", "--out",
              str(tmp_path / "x.md"), "--force"]
    assert main([*common, "--search-pair", "random,random", "--search-games", "2", "--only", "search",
                 "--save-results", str(tmp_path / "search.json")]) == 0
    assert main([*common, "--only", "hard:greedy", "--save-results", str(tmp_path / "hard.json")]) == 0
    assert main([*common, "--search-pair", "random,greedy", "--search-games", "1", "--only", "search",
                 "--save-results", str(tmp_path / "other.json")]) == 0
    merged = report.merge([report.load(tmp_path / "hard.json"), report.load(tmp_path / "search.json")])
    assert merged.search_games == 2 and len(merged.lines) == 2
    with pytest.raises(ValueError, match="the runs differ in search_games: 2 and 1"):
        report.merge([report.load(tmp_path / "search.json"), report.load(tmp_path / "other.json")])


def test_every_number_of_players_a_game_is_played_with_counts_for_the_targets_and_the_doublings():
    from credo.arena.report import SCALING_BUDGETS, StrengthReport, scaling_met, targets_met

    assert [games.load(name).player_counts() for name in ("dirge", "divine", "dogma", "jol")] == \
        [(2,), (2, 3, 4), (2, 4), (2,)]
    divine = games.load("divine")
    today = {"content": divine.content_hash, "search": divine.search_revision, "levels": {"hard": divine.levels["hard"]}}
    lines = [Line("divine", "mcts-200", "mcts-100", 200, 120, 0, 80, **today),  # two players (saved before)
             Line("divine", "mcts-400", "mcts-200", 204, 125, 0, 79, **today, players=3),
             Line("divine", "hard", "random", 204, 204, 0, 0, target=0.95, role="hard", **today, players=4)]
    report = StrengthReport(200, 1, 0, "hard", {}, lines=lines)
    assert [line.table for line in lines] == [("divine", 2), ("divine", 3), ("divine", 4)]
    met, needed, missing = scaling_met(report)
    assert (met, needed) == (2, 3 * len(SCALING_BUDGETS))
    assert "divine at 200" in missing and "divine (3 players) at 100" in missing and "divine (3 players) at 200" \
        not in missing and "divine (4 players) at 400" in missing
    met, needed, missing = targets_met(report)
    assert (met, needed) == (1, 3 * 2)  # the quick fixture's two targets, at three player counts
    assert "divine (4 players) hard vs random" not in missing and "divine (3 players) hard vs random" in missing


def test_two_agents_at_a_table_of_more_players_hold_as_many_seats_as_each_other(tmp_path):
    """A pairing at three players: each deal in the six seat orders of `a, b, a` and `b, a, b`; its
    line counts the games a seat of the first agent won, in a section of its own."""
    from credo.arena import report
    from credo.arena.tournament import schedule

    three = schedule(["a", "b"], 3, 12, seed=4, duplicate=True)
    assert len({f.seed for f in three[:6]}) == 1 and three[6].seed != three[0].seed
    assert sorted(f.agents for f in three[:6]) == sorted({("a", "b", "a"), ("b", "a", "a"), ("a", "a", "b"),
                                                          ("b", "a", "b"), ("a", "b", "b"), ("b", "b", "a")})
    assert sum(f.agents.count("a") for f in three[:6]) == sum(f.agents.count("b") for f in three[:6]) == 9
    # at four seats (Dogma's 2 vs 2: seats 1 and 3 against 2 and 4) each agent is a team
    assert [f.agents for f in schedule(["a", "b"], 4, 2, seed=4, duplicate=True)] == \
        [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    path = tmp_path / "three.json"
    assert main(["report-agents", "--games", "1", "--agent-hard", "random", "--games-list", "divine", "--players",
                 "3", "--only", "hard:greedy", "--duplicate", "--out", str(tmp_path / "3.md"),
                 "--save-results", str(path)]) == 0
    [line] = report.load(path).lines
    played = report.read_games(report.games_path(path))
    assert line.players == 3 and line.games == len(played) == 6  # rounded up to a whole deal
    assert all(row["players"] == 3 and len(row["agents"]) == 3 for row in played)
    won = sum(1 for row in played if max(row["returns"]) > 0
              and any(agent == "random" and row["returns"][seat] == max(row["returns"])
                      for seat, agent in enumerate(row["agents"])))
    assert line.wins == won
    text = (tmp_path / "3.md").read_text()
    assert "## divine, 3 players: Divine" in text and "players=3" in text and "--players 3" in text
    with pytest.raises(SystemExit, match="measured with players 3, not None"):
        main(["report-agents", "--games", "1", "--agent-hard", "random", "--games-list", "divine", "--only",
              "hard:greedy", "--duplicate", "--out", str(tmp_path / "3.md"), "--save-results", str(path), "--resume"])
    with pytest.raises(SystemExit, match="--players 3: jol is played by 2 players"):
        main(["report-agents", "--games-list", "jol", "--players", "3", "--out", str(tmp_path / "j.md")])
