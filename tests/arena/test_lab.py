"""The balance lab (credo/arena/lab.py, `credo balance`): saved games, resume, merge, and
a report whose numbers are the saved games' (counted again here, independently)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from credo import games
from credo.arena import lab
from credo.arena import saved as saved_files
from credo.interfaces.cli import main
from credo.kernel import Match

GAMES = 1  # per matchup: Jol has nine matchups, a random game takes a fraction of a second


def settings(seed: int = 0, games: int = GAMES) -> lab.Settings:
    return lab.Settings("jol", "random", games, seed)


def counting(monkeypatch) -> list[tuple[str, int]]:
    """The games actually played from now on (jobs=1 plays them in this process)."""
    played: list[tuple[str, int]] = []
    real = lab.play_lab_game

    def play(item):
        played.append((item[1], item[2].index))
        return real(item)

    monkeypatch.setattr(lab, "play_lab_game", play)
    return played


def test_each_game_is_saved_with_what_replays_it(tmp_path):
    rows = lab.run(settings(), tmp_path)
    assert len(rows) == 9
    assert {r["matchup"] for r in rows} == {f"{a} vs {b}" for a in ("jovinet", "terrisol", "mixed")
                                            for b in ("jovinet", "terrisol", "mixed")}
    row = rows[0]
    assert row["agents"] == ["random", "random"]
    assert row["options"]["deck1"] in ("jovinet", "terrisol", "mixed")
    assert [t[0] for t in row["held"][0]][0] == "deck"
    assert row["first"] in (0, 1)
    saved = [json.loads(line) for line in (tmp_path / lab.RESULTS).read_text().splitlines()]
    assert saved == rows


def test_resume_plays_only_the_missing_games(tmp_path, monkeypatch):
    lab.run(settings(games=1), tmp_path)
    with (tmp_path / lab.RESULTS).open("a") as file:
        file.write('{"matchup": "jovinet vs jov')  # a line cut short by a stop
    played = counting(monkeypatch)
    rows = lab.run(settings(games=2), tmp_path, resume=True)
    assert sorted(played) == sorted((label, 1) for label, _ in lab.matchups(settings()))
    assert len(rows) == 18
    assert len({(r["matchup"], r["index"]) for r in rows}) == 18
    played.clear()
    lab.run(settings(games=2), tmp_path, resume=True)
    assert played == []


def test_a_folder_of_results_is_not_overwritten_nor_resumed_on_other_settings(tmp_path):
    lab.run(settings(), tmp_path)
    with pytest.raises(ValueError, match="--resume"):
        lab.run(settings(), tmp_path)
    with pytest.raises(ValueError, match="agents"):
        lab.run(lab.Settings("jol", "greedy", GAMES), tmp_path, resume=True)
    with pytest.raises(ValueError, match="seed"):
        lab.run(settings(seed=5), tmp_path, resume=True)


def test_merge_adds_the_games_of_each_folder(tmp_path):
    a = lab.run(settings(seed=0), tmp_path / "a")
    b = lab.run(settings(seed=1), tmp_path / "b")
    merged, rows, repeated = lab.merge([tmp_path / "a", tmp_path / "b"], tmp_path / "m")
    assert repeated == 0
    assert len(rows) == len(a) + len(b) == 18
    assert len(merged.runs) == 2
    assert lab.read_results(tmp_path / "m") == rows
    _, again, repeated = lab.merge([tmp_path / "a", tmp_path / "a"], tmp_path / "twice")
    assert (len(again), repeated) == (9, 9)


def test_merge_refuses_other_settings(tmp_path):
    lab.run(settings(), tmp_path / "a")
    lab.run(lab.Settings("jol", "random", GAMES, 0, options={"deck1": "mixed"}), tmp_path / "b")
    with pytest.raises(ValueError, match="options"):
        lab.merge([tmp_path / "a", tmp_path / "b"], tmp_path / "m")


def _played_with_search(folder: Path, revision) -> None:
    """Rewrite a folder's saved games as if another search had played them (None: before the
    lab recorded it)."""
    rows = lab.read_results(folder)
    for row in rows:
        row.pop("search")
        if revision is not None:
            row["search"] = revision
    (folder / lab.RESULTS).write_text("".join(json.dumps(row) + "\n" for row in rows))


def test_games_of_an_agent_playing_the_book_record_its_revision_and_a_run_never_mixes_two(tmp_path, monkeypatch):
    # a book's new entry changes how `-book` plays, not the plain search: only its games carry the revision
    jol = type(games.load("jol"))
    monkeypatch.setattr(jol, "book_revision", 1)
    rows = lab.run(lab.Settings("jol", "mcts-2-book", 1, 0, only=["jovinet vs terrisol"]), tmp_path / "book")
    assert rows and {row["book"] for row in rows} == {1}
    lab.write_report(lab.read_settings(tmp_path / "book"), rows, tmp_path / "book", plots=False)
    assert "its book (`-book`) at revision 1 (`Game.book_revision`, today's)" in \
        (tmp_path / "book" / "report.md").read_text()
    assert all("book" not in row for row in lab.run(settings(), tmp_path / "plain"))
    monkeypatch.setattr(jol, "book_revision", 2)
    before = (tmp_path / "book" / lab.RESULTS).read_text()
    played = counting(monkeypatch)
    with pytest.raises(ValueError, match="book revisions 1, 2 would be measured together"):
        lab.run(lab.Settings("jol", "mcts-2-book", 2, 0, only=["jovinet vs terrisol"]), tmp_path / "book", resume=True)
    assert played == [] and (tmp_path / "book" / lab.RESULTS).read_text() == before
    lab.run(settings(games=2), tmp_path / "plain", resume=True)  # the plain games are today's still
    assert len(played) == 9
    # a folder that only repeats another's games, with another book, is refused all the same
    shutil.copytree(tmp_path / "book", tmp_path / "again")
    rows = lab.read_results(tmp_path / "again")
    (tmp_path / "again" / lab.RESULTS).write_text("".join(json.dumps({**row, "book": 2}) + "\n" for row in rows))
    with pytest.raises(ValueError, match="book revisions 1, 2 would be measured together"):
        lab.merge([tmp_path / "book", tmp_path / "again"], tmp_path / "m")
    # games saved before the revision was kept are the first book's (only Dogma had one, at 1)
    monkeypatch.setitem(saved_files.BOOK_BEFORE_RECORDED, "jol", 1)
    (tmp_path / "again" / lab.RESULTS).write_text("".join(
        json.dumps({k: v for k, v in row.items() if k != "book"}) + "\n" for row in rows))
    with pytest.raises(ValueError, match="book revisions 1, 2 would be measured together"):
        lab.run(lab.Settings("jol", "mcts-2-book", 2, 0, only=["jovinet vs terrisol"]), tmp_path / "again", resume=True)
    # a level that plays the book today did not before the revision was kept: its old games are no book's
    monkeypatch.setattr(jol, "levels", {**jol.levels, "hard": "mcts-2-book"})
    unrecorded = {k: v for k, v in rows[0].items() if k != "book"}
    assert lab.books_played("jol", [{**unrecorded, "agents": ["hard", "hard"]}]) == set()
    assert lab.books_played("jol", [{**unrecorded, "agents": ["mcts-2-book", "hard"]}]) == {1}
    assert lab.books_played("jol", [{**unrecorded, "agents": ["hard", "hard"], "book": 2}]) == {2}
    monkeypatch.setattr(jol, "book_revision", 0)  # a game without a book: -book is the plain search
    monkeypatch.setitem(saved_files.BOOK_BEFORE_RECORDED, "jol", 0)
    lab.write_report(lab.read_settings(tmp_path / "again"), lab.read_results(tmp_path / "again"),
                     tmp_path / "again", plots=False)
    assert "`-book` played as the plain search (jol has no book)" in (tmp_path / "again" / "report.md").read_text()


def test_each_game_records_what_its_levels_played_as_and_a_run_never_mixes_two(tmp_path, monkeypatch):
    # a level's name stays while the agent behind it changes: games of two meanings are two players
    jol = type(games.load("jol"))
    monkeypatch.setattr(jol, "levels", {**jol.levels, "hard": "mcts-2"})
    one = lab.Settings("jol", "hard", 1, 0, only=["jovinet vs terrisol"])
    rows = lab.run(one, tmp_path / "a")
    assert rows and all(row["levels"] == {"hard": "mcts-2"} for row in rows)
    assert all("levels" not in row for row in lab.run(settings(), tmp_path / "plain"))
    lab.write_report(lab.read_settings(tmp_path / "a"), rows, tmp_path / "a", plots=False)
    assert "`hard` (in jol: `mcts-2`)" in (tmp_path / "a" / "report.md").read_text()
    monkeypatch.setattr(jol, "levels", {**jol.levels, "hard": "mcts-3"})
    lab.write_report(lab.read_settings(tmp_path / "a"), rows, tmp_path / "a", plots=False)
    assert "`hard` (in jol: `mcts-2`; today `mcts-3`)" in (tmp_path / "a" / "report.md").read_text()
    before = (tmp_path / "a" / lab.RESULTS).read_text()
    played = counting(monkeypatch)
    with pytest.raises(ValueError, match="jol's `hard` played as `mcts-2` and `mcts-3` would be measured together"):
        lab.run(lab.Settings("jol", "hard", 2, 0, only=["jovinet vs terrisol"]), tmp_path / "a", resume=True)
    assert played == [] and (tmp_path / "a" / lab.RESULTS).read_text() == before
    lab.run(settings(games=2), tmp_path / "plain", resume=True)  # random is no level: its games are today's still
    assert len(played) == 9
    # a merge is refused alike, and a game saved before the lab kept the levels is no known meaning
    lab.run(lab.Settings("jol", "hard", 1, 1, only=["jovinet vs terrisol"]), tmp_path / "b")
    with pytest.raises(ValueError, match="`mcts-2` and `mcts-3`"):
        lab.merge([tmp_path / "a", tmp_path / "b"], tmp_path / "m")
    assert not (tmp_path / "m").exists()
    unrecorded = [{k: v for k, v in row.items() if k != "levels"} for row in lab.read_results(tmp_path / "b")]
    (tmp_path / "b" / lab.RESULTS).write_text("".join(json.dumps(row) + "\n" for row in unrecorded))
    with pytest.raises(ValueError, match="unrecorded \\(before the lab kept it\\) and `mcts-3`"):
        lab.run(lab.Settings("jol", "hard", 2, 1, only=["jovinet vs terrisol"]), tmp_path / "b", resume=True)
    lab.write_report(lab.read_settings(tmp_path / "b"), unrecorded, tmp_path / "b", plots=False)
    assert "`hard` (in jol today: `mcts-3`)" in (tmp_path / "b" / "report.md").read_text()
    # a level recorded as playing the book is a book's, though its game predates the book's field
    monkeypatch.setattr(jol, "book_revision", 1)
    monkeypatch.setitem(saved_files.BOOK_BEFORE_RECORDED, "jol", 1)
    assert lab.books_played("jol", [{**unrecorded[0], "agents": ["hard", "hard"],
                                     "levels": {"hard": "mcts-2-book"}}]) == {1}
    assert lab.books_played("jol", [{**unrecorded[0], "agents": ["hard", "hard"]}]) == set()


def test_each_game_records_its_search_and_a_run_never_mixes_two(tmp_path, monkeypatch):
    # a change to the search changes the players: games of two searches are not one measurement
    today = games.load("jol").search_revision
    rows = lab.run(settings(), tmp_path / "a")
    assert {row["search"] for row in rows} == {today}
    lab.write_report(lab.read_settings(tmp_path / "a"), rows, tmp_path / "a", plots=False)
    assert f"revision {today} of jol's search (`Game.search_revision`, today's)" in (tmp_path / "a" / "report.md").read_text()
    lab.run(settings(seed=1), tmp_path / "b")
    for revision, said in ((today - 1, str(today - 1)), (None, "unrecorded")):
        _played_with_search(tmp_path / "b", revision)
        before = (tmp_path / "b" / lab.RESULTS).read_text()
        played = counting(monkeypatch)
        with pytest.raises(ValueError, match=f"search revisions .*{said}.*new folder"):
            lab.run(settings(seed=1, games=2), tmp_path / "b", resume=True)
        assert played == [] and (tmp_path / "b" / lab.RESULTS).read_text() == before
        with pytest.raises(ValueError, match=f"search revisions .*{said}"):
            lab.merge([tmp_path / "a", tmp_path / "b"], tmp_path / "m")
        assert not (tmp_path / "m").exists()


def _table(markdown: str, title: str) -> list[list[str]]:
    section = markdown.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]


def _percent(cell: str) -> float:
    return float(re.match(r"([\d.]+)%", cell).group(1))


def test_the_report_says_what_the_saved_games_say(tmp_path):
    lab.run(settings(games=3), tmp_path)
    lab.write_report(lab.read_settings(tmp_path), lab.read_results(tmp_path), tmp_path, plots=False)
    report = (tmp_path / "report.md").read_text()
    rows = [json.loads(line) for line in (tmp_path / lab.RESULTS).read_text().splitlines()]
    # the header gives the run's wall time and, apart, the games' own time on a core
    play = round(sum(row["seconds"] for row in rows))
    assert f"({len(rows)} games in all, " in report and f"{play // 60} min {play % 60:02d} s of a core's play)" in report
    # counted here from the raw lines: a win 1, a draw 1/2
    by_matchup: dict[str, list[float]] = {}
    seat_two: list[float] = []
    first: list[float] = []
    for row in rows:
        winners = row["winners"]
        by_matchup.setdefault(row["matchup"], []).append(0.5 if not winners else float(0 in winners))
        seat_two.append(0.5 if not winners else float(1 in winners))
        first.append(0.5 if not winners else float(row["first"] in winners))
    table = _table(report, "Matchups")
    assert [r[0] for r in table] == list(by_matchup)
    for label, _players, _draws, played, score in table:
        assert int(played) == len(by_matchup[label])
        assert _percent(score) == pytest.approx(100 * sum(by_matchup[label]) / len(by_matchup[label]), abs=0.05)
    seats = _table(report, "Win rate by seat")
    assert seats[1][:3] == ["2", "2", str(len(rows))]
    assert _percent(seats[1][3]) == pytest.approx(100 * sum(seat_two) / len(rows), abs=0.05)
    [[games, score]] = _table(report, "First-move advantage")
    assert int(games) == len(rows)
    assert _percent(score) == pytest.approx(100 * sum(first) / len(rows), abs=0.05)
    # a card: its holders' score, from the seats that played it
    cards = {r[0]: r for r in _table(report, "By card")}
    card, held = next(iter(cards.items()))
    scores = [(0.5 if not row["winners"] else float(seat in row["winners"]))
              for row in rows for seat, items in enumerate(row["held"]) if ["card", card] in items]
    assert int(held[1]) == len(scores)
    assert _percent(held[2]) == pytest.approx(100 * sum(scores) / len(scores), abs=0.05)
    assert (tmp_path / "report.html").read_text().count("<table>") == report.count("\n| --- |")


def test_a_band_miss_is_marked_outside():
    assert lab.Rate(90, 100).outside and lab.Rate(10, 100).outside
    assert not lab.Rate(58, 100).outside  # its interval overlaps 45-55%
    assert not lab.Rate(0, 0).outside


def test_the_report_draws_its_plots(tmp_path):
    pytest.importorskip("matplotlib", reason="the lab extra (make test installs it) draws the plots")
    lab.run(settings(), tmp_path)
    parts = lab.write_report(lab.read_settings(tmp_path), lab.read_results(tmp_path), tmp_path)
    plots = {plot for part in parts for plot in part.plots}
    assert {"seats.png", "matchups.png", "lengths.png", "deck.png", "card.png"} <= plots
    for plot in plots:
        assert (tmp_path / plot).read_bytes()[:4] == b"\x89PNG"
        assert f"]({plot})" in (tmp_path / "report.md").read_text()


def without_module(monkeypatch, module: str) -> None:
    """Make importing `module` (and its submodules) fail, as on a machine without that extra."""
    import builtins

    real_import = builtins.__import__

    def blocked(name, *args, **kwargs):
        if name == module or name.startswith(module + "."):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", blocked)


def test_without_matplotlib_the_report_is_written_and_says_why_no_plots(tmp_path, monkeypatch, capsys):
    without_module(monkeypatch, "matplotlib")
    assert main(["balance", "jol", "--agents", "random", "--games", "1", "--out", str(tmp_path / "b")]) == 0
    out = capsys.readouterr().out
    assert "pip install 'credo[lab]'" in out
    assert "Traceback" not in out
    assert "![" not in (tmp_path / "b" / "report.md").read_text()


def test_cli_balance_resume_and_merge(tmp_path, capsys):
    base = ["balance", "jol", "--agents", "random", "--games", "1"]
    assert main([*base, "--out", str(tmp_path / "a")]) == 0
    with pytest.raises(SystemExit, match="--resume"):
        main([*base, "--out", str(tmp_path / "a")])
    assert main([*base, "--seed", "3", "--out", str(tmp_path / "b")]) == 0
    assert main(["balance", "merge", str(tmp_path / "a"), str(tmp_path / "b"), "--out", str(tmp_path / "m")]) == 0
    assert "18 games" in capsys.readouterr().out
    settings_saved = lab.read_settings(tmp_path / "m")
    assert [run.command.split("--seed ")[1].split()[0] for run in settings_saved.runs] == ["0", "3"]
    with pytest.raises(SystemExit, match="no run.json"):
        main(["balance", "merge", str(tmp_path), "--out", str(tmp_path / "n")])
    with pytest.raises(SystemExit, match="unknown agent"):
        main(["balance", "jol", "--agents", "nobody", "--out", str(tmp_path / "x")])
    with pytest.raises(SystemExit, match="deck"):
        main(["balance", "jol", "-o", "deck1=nothing", "--out", str(tmp_path / "y")])


def test_a_stopped_run_has_measured_every_matchup_alike():
    work = lab.plan(settings(games=3))
    assert [item[2].index for item in work] == [0] * 9 + [1] * 9 + [2] * 9


def test_two_runs_never_play_into_one_folder_and_a_game_saved_twice_counts_once(tmp_path):
    rows = lab.run(settings(), tmp_path)
    with lab._only_writer(tmp_path), pytest.raises(ValueError, match="another credo balance"):
        lab.run(settings(games=2), tmp_path, resume=True)
    with (tmp_path / lab.RESULTS).open("a") as file:
        file.write(json.dumps(rows[0]) + "\n")
    assert lab.read_results(tmp_path) == rows


def test_among_more_sides_the_fair_share_is_one_over_the_sides():
    draw = {"winners": [], "returns": [0, 0, 0]}
    assert lab.score_of(draw, {0}, 3) == pytest.approx(1 / 3)
    rows = [{"winners": [k % 3], "returns": [0, 0, 0]} for k in range(300)]
    seats = lab.seat_rates(rows, {3: 3})[3]
    assert [r.interval[0] for r in seats] == [pytest.approx(1 / 3)] * 3
    assert not any(r.outside for r in seats)
    assert lab.seat_rates(rows)[3][0].outside  # judged as two sides, a third is far below 45%


def test_a_card_of_a_three_player_game_is_judged_against_a_third():
    # every seat holds the card in turn; the holder wins a third of its games, as an even seat does
    rows = [{"matchup": "3 players", "winners": [k % 3], "returns": [0, 0, 0],
             "held": [[["card", "plague"]] if seat == (k // 3) % 3 else [] for seat in range(3)]}
            for k in range(900)]
    [plague] = lab.held_rates(rows, {3: 3})["card"]
    assert plague.held.interval[0] == pytest.approx(1 / 3)
    assert plague.held.fair == pytest.approx(1 / 3) and not plague.held.outside
    assert not plague.not_held.outside
    [as_two] = lab.held_rates(rows)["card"]
    assert as_two.held.outside  # judged as two sides, a third is far below 45%
    # a draw among three gives each a third, not a half
    drawn = [{**row, "winners": []} for row in rows[:9]]
    assert lab.held_rates(drawn, {3: 3})["card"][0].held.interval[0] == pytest.approx(1 / 3)


def test_matchups_named_by_a_side_or_a_label_are_the_only_ones_played(tmp_path, capsys):
    rows = lab.run(lab.Settings("jol", "random", 1, only=["terrisol"]), tmp_path / "side")
    assert sorted(r["matchup"] for r in rows) == sorted(
        ["jovinet vs terrisol", "terrisol vs jovinet", "terrisol vs mixed", "mixed vs terrisol",
         "terrisol vs terrisol"])
    rows = lab.run(lab.Settings("jol", "random", 1, only=["mixed vs jovinet"]), tmp_path / "label")
    assert [r["matchup"] for r in rows] == ["mixed vs jovinet"]
    assert main(["balance", "jol", "--agents", "random", "--games", "1", "--matchups", "jovinet vs mixed",
                 "--out", str(tmp_path / "cli")]) == 0
    saved = lab.read_settings(tmp_path / "cli")
    assert saved.only == ["jovinet vs mixed"]
    assert "--matchups 'jovinet vs mixed'" in saved.runs[0].command
    assert "Matchups: only those named by `--matchups jovinet vs mixed`" in (tmp_path / "cli" / "report.md").read_text()
    assert [r["matchup"] for r in lab.read_results(tmp_path / "cli")] == ["jovinet vs mixed"]
    # a run adding a matchup to the folder leaves it holding both, and the report says so
    assert main(["balance", "jol", "--agents", "random", "--games", "1", "--matchups", "terrisol vs mixed",
                 "--out", str(tmp_path / "cli"), "--resume"]) == 0
    assert lab.read_settings(tmp_path / "cli").only == ["jovinet vs mixed", "terrisol vs mixed"]
    assert "`--matchups jovinet vs mixed,terrisol vs mixed`" in (tmp_path / "cli" / "report.md").read_text()
    assert main(["balance", "jol", "--agents", "random", "--games", "1", "--out", str(tmp_path / "cli"),
                 "--resume"]) == 0
    assert lab.read_settings(tmp_path / "cli").only is None
    assert "Matchups: only" not in (tmp_path / "cli" / "report.md").read_text()
    with pytest.raises(SystemExit, match="'court' names no matchup; the matchups are: jovinet vs jovinet"):
        main(["balance", "jol", "--matchups", "court", "--out", str(tmp_path / "bad")])
    assert not (tmp_path / "bad").exists()


def test_merge_compares_content_by_what_it_holds_not_where_it_lies(tmp_path):
    """A copy of the shipped content is the shipped content: its runs merge with the shipped
    runs. A copy with one value changed is other content: the merge refuses it."""
    shipped = Path(lab.__file__).parents[1] / "games" / "jol" / "data"
    copy = tmp_path / "copy"
    shutil.copytree(shipped, copy)
    lab.run(settings(seed=0), tmp_path / "a")
    lab.run(lab.Settings("jol", "random", GAMES, 1, content=str(copy)), tmp_path / "b")
    merged, rows, _ = lab.merge([tmp_path / "a", tmp_path / "b"], tmp_path / "m")
    assert merged.content_hash == games.load("jol").content_hash
    assert len(rows) == 18

    changed = tmp_path / "changed"
    shutil.copytree(shipped, changed)
    cogum = changed / "cogum.toml"
    cogum.write_text(cogum.read_text().replace('name = "Pip of the Boog"', 'name = "Pip of the Bog"'))
    lab.run(lab.Settings("jol", "random", GAMES, 2, content=str(changed)), tmp_path / "c")
    with pytest.raises(ValueError, match="different content"):
        lab.merge([tmp_path / "a", tmp_path / "c"], tmp_path / "n")
    # resuming a folder with the copy is resuming it with the same content
    lab.run(lab.Settings("jol", "random", GAMES, 0, content=str(copy)), tmp_path / "a", resume=True)
    with pytest.raises(ValueError, match="different content"):
        lab.run(lab.Settings("jol", "random", GAMES, 0, content=str(changed)), tmp_path / "a", resume=True)


def test_dogma_is_measured_in_every_mode_and_chaos_by_what_each_side_drafted(tmp_path):
    modes = {label: options.get("mode", "predestination") for label, options in
             lab.matchups(lab.Settings("dogma", "random", 1))}
    assert {"predestination", "free_will", "chaos"} <= set(modes.values()) and "2 vs 2" in modes
    assert modes["2 vs 2 chaos"] == "chaos"  # the main mode at four players too
    [row] = lab.run(lab.Settings("dogma", "random", 1, seed=5, only=["chaos"]), tmp_path)
    assert row["matchup"] == "chaos" and row["options"]["mode"] == "chaos"
    for held in row["held"]:  # each side's drafted Prophets are named, and no Predestination option
        kinds = {kind for kind, _ in held}
        assert "prophet" in kinds and "option" not in kinds


def test_chaos_reports_how_each_draft_ended_apart_from_the_content(tmp_path):
    rows = lab.run(lab.Settings("dogma", "random", 3, seed=5, only=["chaos"]), tmp_path)
    for row in rows:
        drafts = [{thing for kind, thing in held if kind == "draft"} for held in row["held"]]
        # the race to conclude: one side concluded first, the other second
        assert sorted("concluded first" in d for d in drafts) == [False, True]
        assert sorted("concluded second" in d for d in drafts) == [False, True]
        for d in drafts:  # only the side left building after the other concluded pays for packets
            assert "paid for packets" not in d or "concluded second" in d
    lab.write_report(lab.read_settings(tmp_path), lab.read_results(tmp_path), tmp_path, plots=False)
    report = (tmp_path / "report.md").read_text()
    firsts = {r[0]: r for r in _table(report, "By draft")}["concluded first"]
    scores = [(0.5 if not row["winners"] else float(seat in row["winners"]))
              for row in rows for seat, held in enumerate(row["held"]) if ["draft", "concluded first"] in held]
    assert int(firsts[1]) == len(scores) == len(rows)
    assert _percent(firsts[2]) == pytest.approx(100 * sum(scores) / len(scores), abs=0.05)
    # an outcome of play is not content: never in the decisive list nor the summary's misses,
    # even with games enough to list it and a side that always wins
    many = [{**row, "index": k, "winners": [next(seat for seat, held in enumerate(row["held"])
                                                  if ["draft", "concluded first"] in held)]}
            for k, row in enumerate(rows * (lab.MIN_SAMPLES // len(rows) + 1))]
    # games saved before the draft was recorded say nothing of it: not counted as "not"
    older = [{**row, "index": len(many) + k, "held": [[t for t in held if t[0] != "draft"] for held in row["held"]]}
             for k, row in enumerate(rows)]
    alone = {part.title: part for part in lab.sections(lab.read_settings(tmp_path), many)}
    parts = {part.title: part for part in lab.sections(lab.read_settings(tmp_path), many + older)}
    assert parts["By draft"].rows == alone["By draft"].rows
    assert not any("outside" in cell for row in parts["By draft"].rows for cell in row)  # not held to the band
    firsts = {r[0]: r for r in parts["By draft"].rows}["concluded first"]
    assert firsts[2].startswith("100.0%") and int(firsts[1]) == len(many)
    assert "Option against option" not in parts  # Chaos has no Predestination options to set against each other
    assert "Most and least decisive" not in parts or all(r[0] != "draft" for r in parts["Most and least decisive"].rows)
    assert "draft" not in " ".join(parts["Summary"].text)


def _bands_drawn(monkeypatch, folder) -> dict[str, list[tuple[float, float]]]:
    """Each plot of the report written from `folder`: the bands it shades, one a row."""
    bands = {}
    plot = lab._interval_plot

    def spy(plt, path, *args, **kwargs):
        drawn = []
        shade = plt.Axes.fill_betweenx
        monkeypatch.setattr(plt.Axes, "fill_betweenx", lambda ax, y, x1, x2, **k: drawn.append((x1, x2))
                            or shade(ax, y, x1, x2, **k))
        plot(plt, path, *args, **kwargs)
        monkeypatch.setattr(plt.Axes, "fill_betweenx", shade)
        bands[path.name] = drawn

    monkeypatch.setattr(lab, "_interval_plot", spy)
    lab.write_report(lab.read_settings(folder), lab.read_results(folder), folder)
    return bands


def test_outcome_plots_leave_out_the_band_that_only_content_is_held_to(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib", reason="the lab extra (make test installs it) draws the plots")
    lab.run(lab.Settings("dogma", "random", 2, seed=5, only=["chaos"]), tmp_path)
    bands = _bands_drawn(monkeypatch, tmp_path)
    assert bands["draft.png"] == []
    assert bands["seats.png"] and bands["prophet.png"]
    for x1, x2 in bands["seats.png"] + bands["prophet.png"]:
        assert (x1, x2) == (pytest.approx(lab.BAND[0]), pytest.approx(lab.BAND[1]))


def test_plots_of_three_players_shade_the_band_of_a_third(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib", reason="the lab extra (make test installs it) draws the plots")
    lab.run(lab.Settings("divine", "random", 6, seed=3, only=["3 players"]), tmp_path)
    bands = _bands_drawn(monkeypatch, tmp_path)
    assert len(bands["seats.png"]) == 3 and bands["card.png"]
    for x1, x2 in bands["seats.png"] + bands["card.png"]:
        assert (x1, x2) == (pytest.approx(1 / 3 - 0.05), pytest.approx(1 / 3 + 0.05))


def test_outcome_plots_of_three_players_mark_a_third_as_the_even_share(tmp_path, monkeypatch):
    # an outcome among three players is read against a third, not against a half
    pytest.importorskip("matplotlib", reason="the lab extra (make test installs it) draws the plots")
    from credo.games.divine.lab import HELD

    lab.run(lab.Settings("divine", "random", 4, seed=3, only=["3 players"]), tmp_path)
    lines: dict[str, list[float]] = {}
    plot = lab._interval_plot

    def spy(plt, path, *args, **kwargs):
        drawn = []
        mark, whole = plt.Axes.vlines, plt.Axes.axvline
        monkeypatch.setattr(plt.Axes, "vlines", lambda ax, x, *a, **k: drawn.append(x) or mark(ax, x, *a, **k))
        monkeypatch.setattr(plt.Axes, "axvline", lambda ax, x=0, *a, **k: drawn.append(x) or whole(ax, x, *a, **k))
        plot(plt, path, *args, **kwargs)
        monkeypatch.setattr(plt.Axes, "vlines", mark)
        monkeypatch.setattr(plt.Axes, "axvline", whole)
        lines[path.name] = drawn

    monkeypatch.setattr(lab, "_interval_plot", spy)
    lab.write_report(lab.read_settings(tmp_path), lab.read_results(tmp_path), tmp_path)
    held = lines[lab.plot_file(HELD)]
    assert held and all(x == pytest.approx(1 / 3) for x in held)


def test_the_draft_outcomes_are_read_from_the_moves():
    from credo.games.dogma.lab import draft_outcomes

    moves = [(0, f"take x {k % 4}") for k in range(20)] + [(1, "take y 1")] * 18
    moves += [(0, "conclude"), (1, "done"), (1, "continue"), (1, "take z 2"), (1, "conclude")]
    assert draft_outcomes(moves) == [["concluded first"], ["concluded second", "paid for packets", "fewer than 20 cards"]]


def test_dogma_tags_how_each_game_ended_and_who_appealed_as_the_narration_tells_it():
    """The tags a results line keeps (read in the lab, without playing the game again) agree
    with what the game narrated: an outright win, both last Prophets falling at once, the turn
    limit, and whether each side chose the Appeal to Rationality: one tag of each on every side."""
    from credo.games.dogma import lab as dogma_lab
    from credo.kernel.rng import Rng

    game = games.load("dogma")
    seen = set()
    for seed in range(40):
        options = {"mode": "predestination", "decks": ["mecca", "knowledge"], "turn_limit": 30 if seed % 3 else 150}
        match = Match(game, seed, options)
        rng = Rng(seed)
        while not match.state.is_over:
            player = match.state.to_move[0]
            match.play(rng.choice(match.state.legal_actions(player)), player)
        told = " ".join(e.text for e in match.state.events(None))
        ending = {tag for side in dogma_lab.tags(game, match) for kind, tag in side if kind == "ending"}
        expected = ({dogma_lab.FELL_TOGETHER} if "fall at the same time" in told else
                    {dogma_lab.TURN_LIMIT} if "turn limit" in told else {dogma_lab.OUTRIGHT})
        assert ending == expected, (seed, told[-300:])
        appeals = [[tag for kind, tag in side if kind == "appeal"] for side in dogma_lab.tags(game, match)]
        assert appeals == [[dogma_lab.APPEALED] if any(q == p and a == "appeal" for q, a in match.moves)
                           else [dogma_lab.NEVER_APPEALED] for p in range(2)]
        seen |= expected | {f"{tags[0]} {p}" for p, tags in enumerate(appeals)}
    assert seen == {dogma_lab.OUTRIGHT, dogma_lab.FELL_TOGETHER, dogma_lab.TURN_LIMIT, "appealed 0", "appealed 1",
                    "never appealed 0", "never appealed 1"}


def test_dogma_tags_the_prophet_each_side_opened_with_as_the_narration_names_it_in_every_mode():
    from credo.games.dogma import lab as dogma_lab
    from credo.kernel.rng import Rng

    game = games.load("dogma")
    names = dict(zip(game.tables.prophet_names, game.tables.prophet_ids, strict=True))
    opened = set()
    for seed in range(12):
        options = [{"mode": "predestination", "decks": ["mecca", "knowledge"]}, {"mode": "free_will"},
                   {"mode": "chaos"}][seed % 3]
        match = Match(game, seed, options)
        rng = Rng(seed)
        while not match.state.is_over:
            player = match.state.to_move[0]
            match.play(rng.choice(match.state.legal_actions(player)), player)
        first: dict[int, str] = {}
        for e in match.state.events(None):
            found = re.match(r"Player (\d) deploys (.+?) \(Faith", e.text)
            if found:
                first.setdefault(int(found[1]) - 1, names[found[2]])
        tags = [[tag for kind, tag in side if kind == "opening"] for side in dogma_lab.tags(game, match)]
        assert tags == [[first[p]] if p in first else [] for p in range(2)], (seed, options)
        opened |= {tag for side in tags for tag in side}
    assert len(opened) > 6  # not one Prophet named every time


def test_an_outcome_is_scored_for_each_option_apart_since_pooled_a_tiebreak_scores_half(tmp_path):
    """Both seats of a game that ended in the tiebreak hold the same outcome, so the pooled
    score is half whoever wins it; the report gives each option's own."""
    from credo.games.dogma import lab as dogma_lab

    rows = lab.run(lab.Settings("dogma", "random", 1, seed=5, only=["knowledge vs mecca", "mecca vs knowledge"]),
                   tmp_path)
    many = []
    for k in range(20):  # Mecca wins every tiebreak, Knowledge every outright game; only Mecca appeals
        for row in rows:
            options = [next(t for kind, t in held if kind == "option") for held in row["held"]]
            ending = dogma_lab.FELL_TOGETHER if k % 2 else dogma_lab.OUTRIGHT
            winner = options.index("mecca" if k % 2 else "knowledge")
            held = [[t for t in seat if t[0] not in ("ending", "appeal")]
                    + [["ending", ending], ["appeal", "appealed" if options[p] == "mecca" else "never appealed"]]
                    for p, seat in enumerate(row["held"])]
            many.append({**row, "index": len(many), "held": held, "winners": [winner],
                         "returns": [1.0 if seat == winner else -1.0 for seat in range(2)]})
    parts = {part.title: part for part in lab.sections(lab.read_settings(tmp_path), many)}
    ending = {row[0]: row for row in parts["By ending"].rows}
    assert set(ending) == {f"{e} (option {o})" for e in (dogma_lab.FELL_TOGETHER, dogma_lab.OUTRIGHT)
                           for o in ("mecca", "knowledge")}
    tiebreak = ending["last Prophets fell together (option mecca)"]
    assert tiebreak[1:3] == ["20", "100.0% [83.9%, 100.0%]"]
    assert tiebreak[3:5] == ["20", "0.0% [0.0%, 16.1%]"]  # Mecca's games that ended otherwise
    assert ending["won outright (option knowledge)"][1:3] == ["20", "100.0% [83.9%, 100.0%]"]
    appeal = {row[0]: row[1:3] for row in parts["By appeal"].rows}
    assert appeal["appealed (option mecca)"] == ["40", "50.0% [35.2%, 64.8%]"]
    assert appeal["never appealed (option knowledge)"] == ["40", "50.0% [35.2%, 64.8%]"]


def test_dirge_is_measured_in_each_way_of_choosing_creatures_and_records_who_chose_first(tmp_path):
    rows = lab.run(lab.Settings("dirge", "random", 1, seed=5), tmp_path)
    assert {row["options"]["mode"] for row in rows} == {"draw", "pick", "teams"}
    game = games.load("dirge")
    for row in rows:
        firsts = [seat for seat, held in enumerate(row["held"]) if ["setup", "first creature"] in held]
        assert len(firsts) == 1
        # the game set up again from its seed: the seat to place the first creature
        assert Match(game, row["seed"], row["options"]).state.to_move == (firsts[0],)
        # the first-game teams put each creature on the same seat every game: the seat's score,
        # not the creature's, so they are left out of the creature table
        creatures = [{thing for kind, thing in held if kind == "creature"} for held in row["held"]]
        assert (creatures == [set(), set()]) is (row["options"]["mode"] == "teams")


def test_the_summary_names_a_pairing_of_options_outside_the_band_once_from_its_stronger_side(tmp_path):
    rows = lab.run(lab.Settings("dogma", "random", 1, seed=5, only=["knowledge vs mecca", "mecca vs knowledge",
                                                                      "storm vs unshakeable"]), tmp_path)

    def seat_of(row, option):
        return next(seat for seat, held in enumerate(row["held"]) if ["option", option] in held)
    many = []
    for k in range(30):  # Knowledge beats Mecca in both seat orders; Storm and Unshakeable share their games
        for row in rows:
            winner = (seat_of(row, "knowledge") if row["matchup"] != "storm vs unshakeable"
                      else seat_of(row, ("storm", "unshakeable")[k % 2]))
            many.append({**row, "index": len(many), "winners": [winner],
                         "returns": [1.0 if seat == winner else -1.0 for seat in range(2)]})
    parts = {part.title: part for part in lab.sections(lab.read_settings(tmp_path), many)}
    summary = " ".join(parts["Summary"].text)
    assert "option knowledge against mecca (100.0%)" in summary
    assert "mecca against knowledge" not in summary  # the same pairing, named once
    assert "storm against" not in summary and "unshakeable against" not in summary  # even: inside the band


def test_the_summary_names_the_seat_that_took_the_first_turn_when_it_scores_outside_the_band(tmp_path):
    # Divine rolls for turn order, so its seats can be even while the first turn is not: the
    # summary looks at the first-move table too, not only at the seats
    rows = lab.run(lab.Settings("divine", "random", 4, seed=3, only=["2 players"]), tmp_path)
    assert all(row["first"] is not None for row in rows)
    many = []
    for k in range(40):
        for row in rows:
            winner = row["first"] if k % 4 else 1 - row["first"]  # the first turn wins three games in four
            many.append({**row, "index": len(many), "winners": [winner],
                         "returns": [1.0 if seat == winner else -1.0 for seat in range(2)]})
    parts = {part.title: part for part in lab.sections(lab.read_settings(tmp_path), many)}
    summary = " ".join(parts["Summary"].text)
    assert summary.startswith("Outside the band: ") and "the seat that took the first turn (75.0%)" in summary
    even = [{**row, "winners": [row["first"] if k % 2 else 1 - row["first"]]} for k, row in enumerate(many)]
    parts = {part.title: part for part in lab.sections(lab.read_settings(tmp_path), even)}
    assert "the seat that took the first turn, is within the band" in " ".join(parts["Summary"].text)


def test_divine_records_the_cards_each_seat_played_and_its_standing_as_the_narration_says(tmp_path):
    # read back from the narration, not the moves the lab reads: each "Player N plays|responds with
    # CARD" in order, and the Follower Tokens of every player just before the move that played it
    from credo.games.divine.lab import AHEAD, BEHIND, HELD

    game = games.load("divine")
    rows = lab.run(lab.Settings("divine", "random", 2, seed=3, only=["3 players", "4 players"]), tmp_path)
    ids = dict(zip(game.cards.names, game.cards.ids))
    plays, standings = 0, {BEHIND: 0, AHEAD: 0}
    for row in rows:
        agents = [lab.make_agent(a, row["seed"] * 17 + seat) for seat, a in enumerate(row["agents"])]
        match = lab.play_game(game, agents, row["seed"], row["options"], secret=lab.match_secret(None, row["seed"]))
        expected = {kind: [{} for _ in row["held"]] for kind in ("card", BEHIND, AHEAD, HELD)}
        again = Match(game, row["seed"], row["options"])

        def note_hands():  # from the position's hands, by card id
            for player, hand in enumerate(again.state.to_position()["hands"]):
                for card in sorted(set(hand), key=game.cards.ids.index):
                    expected[HELD][player].setdefault(card)

        for seat, move in match.moves:
            note_hands()
            before, seen = list(again.state.followers), len(again.state.log)
            again.play(move, seat)
            for event in again.state.events(None, seen):
                if event.template.startswith("Player {} {} {} ({} Divinity)"):
                    player = event.args[0] - 1
                    card = ids[event.args[2]]
                    lead = max(n for other, n in enumerate(before) if other != player)
                    expected["card"][player].setdefault(card)
                    expected[BEHIND if before[player] < lead else AHEAD][player].setdefault(card)
                    plays += 1
        note_hands()
        assert again.state.to_position() == match.state.to_position()
        assert row["held"] == [[[kind, card] for kind in expected for card in expected[kind][seat]]
                               for seat in range(len(row["held"]))]
        for kind in standings:
            standings[kind] += sum(1 for seat in row["held"] for k, _ in seat if k == kind)
    assert plays > 20 and all(standings.values())  # not a comparison of empty lists
    # a card held is one played or one kept: more seat-cards held than played
    held = sum(1 for row in rows for seat in row["held"] for k, _ in seat if k == HELD)
    assert held > sum(1 for row in rows for seat in row["held"] for k, _ in seat if k == "card")
    parts = {part.title: part for part in lab.sections(lab.read_settings(tmp_path), rows)}
    assert "By card" in parts and f"By {BEHIND}" in parts and f"By {AHEAD}" in parts and f"By {HELD}" in parts
    # standings are outcomes of play, kept out of the verdicts; their plots' names need no escaping
    assert set(lab.outcome_kinds("divine")) == {BEHIND, AHEAD, HELD}
    pytest.importorskip("matplotlib", reason="the lab extra (make test installs it) draws the plots")
    lab.write_report(lab.read_settings(tmp_path), rows, tmp_path)
    assert (tmp_path / "card-when-behind.png").exists() and "(card-when-behind.png)" in (tmp_path / "report.md").read_text()


def test_the_value_of_a_table_is_what_each_side_secures_with_its_best_mix():
    value, rows, columns = lab.game_value([[1.0, 0.0], [0.0, 1.0]])  # matching pennies: a coin on each side
    assert value == pytest.approx(0.5) and rows == pytest.approx([0.5, 0.5]) and columns == pytest.approx([0.5, 0.5])
    # a saddle: the row's second agent is better against either column, the column's second holds the row to 0.7
    value, rows, columns = lab.game_value([[0.8, 0.6], [0.9, 0.7]])
    assert value == pytest.approx(0.7) and rows == pytest.approx([0.0, 1.0]) and columns == pytest.approx([0.0, 1.0])
    value, rows, _ = lab.game_value([[0.3, 0.9], [0.8, 0.4]])  # mixed: p*0.3 + (1-p)*0.8 = p*0.9 + (1-p)*0.4
    assert rows[0] == pytest.approx(0.4) and value == pytest.approx(0.6)


def test_cross_play_plays_each_deal_in_every_seating_and_judges_a_pairing_on_its_value(tmp_path, monkeypatch):
    played = counting(monkeypatch)
    chosen = lab.Settings("dogma", "greedy,random", 2, seed=5, only=["storm vs knowledge", "knowledge vs storm"])
    rows = lab.run(chosen, tmp_path)
    # two deals a matchup, each with the four seatings of two agents on two sides
    assert len(rows) == len(played) == 2 * 2 * 4
    assert {tuple(r["agents"]) for r in rows} == {("greedy", "greedy"), ("greedy", "random"),
                                                  ("random", "greedy"), ("random", "random")}
    for label in ("storm vs knowledge", "knowledge vs storm"):
        for index in (0, 1):
            deal = [r for r in rows if r["matchup"] == label and r["index"] == index]
            assert len(deal) == 4 and len({r["seed"] for r in deal}) == 1  # one deal, every seating
    played.clear()
    assert len(lab.run(chosen, tmp_path, resume=True)) == 16 and played == []  # nothing missing: nothing played
    # the pairing's table counted again from the saved games, Knowledge's score for each agent of its own
    # against each of Storm's, and the report's other sections only greedy's games on every seat
    wins = {}
    for r in rows:
        k = next(seat for seat, held in enumerate(r["held"]) if ["option", "knowledge"] in held)
        cell = wins.setdefault((r["agents"][k], r["agents"][1 - k]), [0.0, 0])
        cell[0] += lab.score_of(r, {k})
        cell[1] += 1
    [pairing] = lab.cross_play(rows, "option", ["greedy", "random"])
    assert (pairing.a, pairing.b) == ("knowledge", "storm")
    assert {key: (rate.score, rate.games) for key, rate in pairing.cells.items()} == {
        key: tuple(cell) for key, cell in wins.items()}
    value = lab.game_value([[wins[x, y][0] / 4 for y in ("greedy", "random")] for x in ("greedy", "random")])[0]
    assert pairing.value == pytest.approx(value) and pairing.low <= pairing.value <= pairing.high
    parts = {part.title: part for part in lab.sections(lab.read_settings(tmp_path), rows)}
    assert "Cross-play" in parts
    assert "the 4 games `greedy` played on every seat" in parts[f"Balance of {games.load('dogma').title}"].text[2]
    assert sum(int(row[2]) for row in parts["Option against option"].rows) == 4 * 2  # each game from both sides


def test_cross_play_of_two_teams_gives_each_team_one_agent_and_judges_them_on_the_value(tmp_path):
    game = games.load("dogma")
    rows = lab.run(lab.Settings("dogma", "greedy,random", 2, seed=5, only=["2 vs 2"]), tmp_path)
    # a team is a side: four seatings a deal, partners always played by the same agent
    assert len(rows) == 2 * 4
    assert {tuple(r["agents"]) for r in rows} == {(x, y, x, y) for x in ("greedy", "random") for y in ("greedy", "random")}
    [pairing] = lab.cross_play(rows, "option", ["greedy", "random"], game.team_of)
    assert (pairing.a, pairing.b) == ("2 vs 2, seats 1 and 3", "2 vs 2, seats 2 and 4")
    # the first team's score for each agent of its own against each of the other's, counted again by hand
    wins = {}
    for r in rows:
        cell = wins.setdefault((r["agents"][0], r["agents"][1]), [0.0, 0])
        cell[0] += 1.0 if {0, 2} & set(r["winners"]) else 0.0 if r["winners"] else 0.5
        cell[1] += 1
    assert {key: (rate.score, rate.games) for key, rate in pairing.cells.items()} == {
        key: tuple(cell) for key, cell in wins.items()}
    assert pairing.value is not None and pairing.low <= pairing.value <= pairing.high
    parts = {part.title: part for part in lab.sections(lab.read_settings(tmp_path), rows)}
    assert any("2 vs 2, seats 1 and 3 against 2 vs 2, seats 2 and 4: value" in row[0] for row in parts["Cross-play"].rows)
    # without the game's teams, or with more than two sides, there is no two-sided table to value
    assert lab.cross_play(rows, "option", ["greedy", "random"]) == []
    assert lab.cross_play(rows, "option", ["greedy", "random"], lambda player, players: player) == []


def test_a_pairing_whose_best_mixes_leave_the_band_is_named_outside(tmp_path):
    rows = lab.run(lab.Settings("dogma", "greedy,random", 1, seed=5, only=["knowledge vs storm"]), tmp_path)
    many = []
    for k in range(40):  # Storm wins whenever greedy plays it, and loses whenever random does
        for row in rows:
            storm = next(seat for seat, held in enumerate(row["held"]) if ["option", "storm"] in held)
            winner = storm if row["agents"][storm] == "greedy" else 1 - storm
            many.append({**row, "index": len(many), "winners": [winner],
                         "returns": [1.0 if seat == winner else -1.0 for seat in range(2)]})
    [pairing] = lab.cross_play(many, "option", ["greedy", "random"])
    # Knowledge can do nothing against greedy's Storm: the value is Storm's, whatever Knowledge plays
    assert pairing.value == pytest.approx(0.0, abs=1e-9) and pairing.mix_b["greedy"] == pytest.approx(1.0)
    verdict, mirror = lab.sections(lab.read_settings(tmp_path), many)[-1].text
    # the cross-play verdict first, the pairing named from its stronger side; then greedy's own games
    assert verdict == "With each side's best mix of the agents: outside the band: storm against knowledge (100.0%)."
    assert mirror.startswith("In the games `greedy` played on every seat: outside the band: ")


def test_without_scipy_a_cross_play_report_is_written_and_says_why_no_value(tmp_path, monkeypatch, capsys):
    without_module(monkeypatch, "scipy")
    assert main(["balance", "dogma", "--agents", "random,greedy", "--games", "1", "--matchups", "knowledge vs storm",
                 "--out", str(tmp_path / "c")]) == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out and "needs scipy (pip install 'credo[lab]')" in out
    assert "needs scipy" in (tmp_path / "c" / "report.md").read_text()


def test_cli_balance_names_an_unknown_agent_of_a_cross_play(tmp_path):
    with pytest.raises(SystemExit, match="unknown agent 'nobody'"):
        main(["balance", "jol", "--agents", "greedy,nobody", "--out", str(tmp_path / "x")])


def test_a_thing_every_seat_held_has_no_score_for_the_seats_without_it():
    # with Divine's cards held, a card every seat drew at some time leaves no seat without it:
    # "0.0% [0.0%, 0.0%]" there would read as a measured zero
    section = lab._held_section("card held", [lab.Held("card held", "chains", lab.Rate(30.0, 90, 1 / 3),
                                                        lab.Rate(0.0, 0, 1 / 3))], "text", ["games", "score"])
    [row] = section.rows
    assert row == ["chains", "90", "33.3% [24.5%, 43.6%]", "0", "-", "-"]


def _opened(row: dict, seat: int) -> list[str]:
    return [thing for kind, thing in row["held"][seat] if kind == "opening"]


def test_openers_fix_a_sides_first_decision_to_each_and_the_other_side_plays_as_it_chose(tmp_path):
    game = games.load("dogma")
    knowledge = [a.prophet for a in {o.id: o for o in game.content.options}["knowledge"].arcana]
    settings = lab.Settings("dogma", "random", 2, only=["knowledge vs mecca", "mecca vs knowledge"],
                            openers=["knowledge"])
    rows = lab.run(settings, tmp_path)
    assert len(rows) == 2 * 2 * (1 + len(knowledge))  # two matchups, two deals: free, and once per opener
    free = {(r["matchup"], r["index"]): r for r in rows if "fixed" not in r}
    assert len(free) == 4
    for row in rows:
        if "fixed" not in row:
            continue
        seat, opener = row["fixed"]
        assert row["options"]["decks"][seat] == "knowledge"
        assert _opened(row, seat) == [opener]  # the tag the narration checks names the fixed Prophet
        # the other side chose before seeing anything of it, with the same seed: the same opener
        assert _opened(row, 1 - seat) == _opened(free[(row["matchup"], row["index"])], 1 - seat)
    assert sorted(r["fixed"][1] for r in rows if "fixed" in r) == sorted(knowledge * 4)
    assert len({lab.game_key(r) for r in rows}) == len(rows)
    assert lab.run(settings, tmp_path, resume=True) == rows  # nothing missing, nothing played again

    parts = {s.title: s for s in lab.write_report(lab.read_settings(tmp_path), rows, tmp_path)}
    # every other section counts the free games only
    [option_row] = [r for r in parts["By option"].rows if r[0] == "knowledge"]
    assert option_row[1] == "4"
    # the openers, counted again here from the saved games
    table = parts["Openers against the field"].rows
    own = sum((r["returns"][r["options"]["decks"].index("knowledge")] + 1) / 2 for r in free.values())
    assert table[0][:4] == ["knowledge", "its own choice", "4 games", "4"]
    assert table[0][4].startswith(f"{100 * own / 4:.1f}%")
    for opener in knowledge:
        games_of = [r for r in rows if r.get("fixed", [None, None])[1] == opener]
        score = sum(lab.score_of(r, {r["fixed"][0]}) for r in games_of)
        chosen = sum(_opened(r, r["options"]["decks"].index("knowledge")) == [opener] for r in free.values())
        [line] = [r for r in table if r[1] == opener]
        assert line[2:4] == [f"{chosen} of 4", "4"]
        assert line[4].startswith(f"{100 * score / 4:.1f}%")
        assert line[5] == f"mecca {100 * score / 4:.1f}% (4)"
    assert (tmp_path / "openers.png").stat().st_size > 0
    assert parts["Summary"].text[1].startswith("Best opener by side: knowledge: ")
    assert ("- Openers: the first decision of knowledge fixed in turn to each opener in 16 games"
            in (tmp_path / "report.md").read_text())


def test_a_book_entry_needs_its_opener_two_standard_errors_above_the_agents_own_choice():
    def side(own: tuple[float, int], chosen: dict[str, int], **scores: tuple[float, int]) -> lab.Openers:
        return lab.Openers("s", {o: {"x": lab.Rate(*r)} for o, r in scores.items()}, {"x": lab.Rate(*own)}, chosen)

    # 70% against 50% over 60 games each: 3.2 standard errors
    assert lab.book_choice(side((30, 60), {"b": 60}, a=(42, 60), b=(30, 60)))[0] == "a"
    # 60% against 50%: 1.1, within the games' noise; the agent decides
    chosen, why = lab.book_choice(side((30, 60), {"b": 60}, a=(36, 60), b=(30, 60)))
    assert chosen is None and why == "a above the agent's own openings by 1.1 standard errors (2 needed)"
    # the own games close to the best, but one of the agent's choices clearly worse (Storm's Chimera)
    chosen, why = lab.book_choice(side((34, 60), {"a": 50, "c": 10}, a=(42, 60), c=(15, 60)))
    assert chosen == "a" and why.startswith("a above c, which the agent chose 10 times by ")
    # the agent's own choice is the best: nothing to gain
    assert lab.book_choice(side((42, 60), {"a": 60}, a=(42, 60), b=(20, 60)))[0] is None
    assert lab.margin(lab.Rate(10, 10), lab.Rate(0, 10)) == float("inf")
    assert lab.margin(lab.Rate(5, 10), lab.Rate(5, 10)) == 0.0


def test_openers_are_refused_where_no_side_offers_them_in_one_line(tmp_path):
    out = ["--out", str(tmp_path / "x")]
    for argv, said in (
            (["jol", "--openers", "jovinet"], "--openers: jol names no openers to fix"),
            (["dogma", "--matchups", "knowledge vs mecca", "--openers", "storm"],
             "--openers: 'storm' is no side of the selected matchups; they are: knowledge, mecca (or all)"),
            (["dogma", "--matchups", "free will", "--openers", "all"],
             "--openers: none of the selected matchups has openers to fix"),
            (["dogma", "--agents", "random,greedy", "--openers", "all"], "--openers measures one agent's openers")):
        with pytest.raises(SystemExit, match=re.escape(said)):
            main(["balance", *argv, *out])
        assert not (tmp_path / "x").exists()


def test_a_saved_game_fixing_a_seat_it_has_not_is_refused(tmp_path):
    rows = lab.run(lab.Settings("dogma", "random", 1, only=["knowledge vs mecca"], openers=["knowledge"]), tmp_path)
    row = next(r for r in rows if "fixed" in r)
    (tmp_path / lab.RESULTS).write_text(json.dumps({**row, "fixed": [2, "agostino"]}) + "\n")
    with pytest.raises(ValueError, match="fixed: seat 2 is not one of the 2 seats"):
        lab.read_results(tmp_path)
