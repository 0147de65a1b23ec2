"""The ladder: a round robin rated with openskill, saved game by game so a run resumes,
written as a table and a plot of strength against thinking time."""

import json

import pytest

from credo import games
from credo.arena import ladder
from credo.interfaces.cli import main


def test_a_tiny_ladder_rates_every_rung_and_writes_its_table(tmp_path, capsys):
    assert main(["ladder", "divine", "--agents", "random,greedy", "--games", "4", "--out", str(tmp_path)]) == 0
    rows = (tmp_path / "divine.jsonl").read_text().splitlines()
    assert json.loads(rows[0])["settings"]["agents"] == ["random", "greedy"]
    assert len(rows) == 1 + 4
    table = (tmp_path / "divine.md").read_text()
    assert "| greedy |" in table and "| random |" in table and "4 of 4 games played" in table
    # greedy beats random at Divine: it is rated above, with its thinking measured
    ranked = [line.split("|")[1].strip() for line in table.splitlines() if line.startswith("| ") and "ms" in line]
    assert ranked == ["greedy", "random"]
    greedy_time = [line for line in table.splitlines() if line.startswith("| greedy")][0].split("|")[7]
    assert "ms" in greedy_time and not greedy_time.strip().startswith("0.0")
    assert "table written to" in capsys.readouterr().out


def test_a_stopped_ladder_resumes_with_the_games_it_has(tmp_path, monkeypatch):
    agents = ["random", "greedy"]
    full = ladder.run("dirge", agents, 2, 5, tmp_path / "full", options={"turn_limit": 10})
    part = tmp_path / "part"
    ladder.run("dirge", agents, 2, 5, part, options={"turn_limit": 10})
    lines = (part / "dirge.jsonl").read_text().splitlines()
    (part / "dirge.jsonl").write_text("\n".join(lines[:2]) + "\n" + lines[2][:10])  # stopped mid-write
    played = []
    real = ladder.play_timed
    monkeypatch.setattr(ladder, "play_timed", lambda item: played.append(item[1].index) or real(item))
    resumed = ladder.run("dirge", agents, 2, 5, part, options={"turn_limit": 10})
    assert played == [1]  # only the game not saved whole is played again
    assert sorted(ladder._saved(part / "dirge.jsonl", resumed.settings)) == [0, 1]
    assert [(r.agent, r.mu) for r in resumed.rungs] == [(r.agent, r.mu) for r in full.rungs]
    with pytest.raises(ValueError, match="another ladder"):
        ladder.run("dirge", agents, 2, 6, part, options={"turn_limit": 10})  # another seed


def test_a_ladder_keeps_what_it_rated_and_one_played_with_other_content_says_so(tmp_path):
    from credo.arena.report import ladder_section

    assert main(["ladder", "dirge", "--agents", "random,easy", "--games", "1", "-o", "turn_limit=10",
                 "--out", str(tmp_path)]) == 0
    path = tmp_path / "dirge.jsonl"
    first, *games = path.read_text().splitlines()
    settings = json.loads(first)["settings"]
    assert settings["levels"] == {"easy": "greedy"} and len(settings["content"]) == 16
    assert ladder.not_today(settings) == []
    assert not any("today's" in line for line in ladder_section(tmp_path))
    # the same ladder as if played on other content, and when `easy` was another agent
    path.write_text("\n".join([json.dumps({"settings": {**settings, "content": "0" * 16,
                                                          "levels": {"easy": "random"}}}), *games]) + "\n")
    assert ladder.not_today(json.loads(path.read_text().splitlines()[0])["settings"]) == ["`easy`", "content"]
    said = [line for line in ladder_section(tmp_path) if "today's" in line]
    assert len(said) == 1 and said[0].startswith("**Not known to be today's agents and content** (`easy`, content)")
    with pytest.raises(ValueError, match="another ladder"):  # no game of today's is added to them
        ladder.run("dirge", ["random", "easy"], 2, 0, tmp_path, options={"turn_limit": 10})
    # a file from before ladders recorded their content and levels
    old = {key: value for key, value in settings.items() if key not in ("content", "levels")}
    assert ladder.not_today(old) == ["content (not recorded)", "levels (not recorded)"]


def test_a_ladder_with_an_agent_playing_the_book_is_not_today_s_once_the_book_changes(monkeypatch):
    dogma = type(games.load("dogma"))
    monkeypatch.setattr(dogma, "levels", {**dogma.levels, "hard": "mcts-4000-book"})
    with_book = ladder._settings("dogma", ["random", "hard"], 0, {})
    plain = ladder._settings("dogma", ["random", "mcts-400"], 0, {})
    assert with_book["book"] == dogma.book_revision >= 1 and "book" not in plain
    assert ladder.not_today(with_book) == ladder.not_today(plain) == []
    monkeypatch.setattr(dogma, "book_revision", dogma.book_revision + 1)
    assert ladder.not_today(with_book) == ["book"] and ladder.not_today(plain) == []


def test_a_ladder_file_of_other_settings_is_refused_naming_what_differs(tmp_path):
    path = tmp_path / "jol.jsonl"
    settings = ladder._settings("jol", ["random", "greedy"], 0, {})
    path.write_text(json.dumps({"settings": {**settings, "seed": 1, "book": 1}}) + "\n")
    with pytest.raises(ValueError, match="another ladder \\(its book, seed differ from this run's"):
        ladder._saved(path, settings)
    path.write_text(json.dumps({"index": 0}) + "\n")
    with pytest.raises(ValueError, match="another ladder \\(it is no ladder's file"):
        ladder._saved(path, settings)


def test_more_games_extend_a_ladder_with_new_rounds_and_fewer_rate_its_first_rounds(tmp_path, monkeypatch):
    agents, options = ["random", "greedy", "planner"], {"turn_limit": 4}
    fresh = ladder.run("dirge", agents, 3, 2, tmp_path / "fresh", options=options)
    grown = tmp_path / "grown"
    ladder.run("dirge", agents, 1, 2, grown, options=options)
    played = []
    real = ladder.play_timed
    monkeypatch.setattr(ladder, "play_timed", lambda item: played.append(item[1].index) or real(item))
    extended = ladder.run("dirge", agents, 3, 2, grown, options=options)
    assert played == [3, 4, 5, 6, 7, 8]  # rounds 2 and 3 only: round 1's three pairings were saved
    assert (extended.played, extended.scheduled) == (9, 9)
    assert [(r.agent, r.mu, r.games) for r in extended.rungs] == [(r.agent, r.mu, r.games) for r in fresh.rungs]
    played.clear()
    first_round = ladder.run("dirge", agents, 1, 2, grown, options=options)
    assert played == [] and (first_round.played, first_round.games_per_pairing) == (3, 1)
    assert all(r.games == 2 for r in first_round.rungs)  # each agent's two pairings, one game each


def test_every_round_plays_every_pairing_with_the_seats_turned():
    fixtures = ladder.rounds(["a", "b", "c"], 2, 2, 0)
    assert [f.agents for f in fixtures] == [("a", "b"), ("a", "c"), ("b", "c"), ("b", "a"), ("c", "a"), ("c", "b")]
    assert ladder.rounds(["a", "b", "c"], 2, 1, 0) == fixtures[:3]  # a game's seed depends on its place only


def test_the_default_rungs_cover_every_kind_of_agent():
    dirge, jol = ladder.default_agents("dirge"), ladder.default_agents("jol")
    for rungs in (dirge, jol):
        assert {"random", "greedy", "planner", "easy", "medium", "hard"} <= set(rungs)
        assert [a for a in rungs if a.startswith("mcts-")] == ["mcts-100", "mcts-200", "mcts-400", "mcts-800"]
        assert any(a.startswith("openspiel-ismcts-") for a in rungs)
    assert any(a.startswith("openspiel-mcts-") for a in dirge)
    assert not any(a.startswith("openspiel-mcts-") for a in jol)  # Jol hides hands: ISMCTS only


def test_the_ladder_refuses_agents_that_cannot_play_the_game(capsys):
    with pytest.raises(SystemExit, match="jol has hidden information"):
        main(["ladder", "jol", "--agents", "random,openspiel-mcts-10", "--out", "unused"])


def test_the_plot_draws_strength_against_thinking_time(tmp_path):
    pytest.importorskip("matplotlib")
    result = ladder.run("divine", ["random", "greedy"], 2, 0, tmp_path)
    assert ladder.plot(result, tmp_path / "divine.png")
    assert (tmp_path / "divine.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_ratings_take_the_results_in_schedule_order_whatever_the_order_they_came():
    fixtures = ladder.rounds(["random", "greedy"], 2, 3, 0)
    rows = {f.index: {"index": f.index, "agents": list(f.agents), "seed": f.seed, "returns": [1.0, -1.0]
                      if f.index % 2 else [-1.0, 1.0], "moves": 1, "seconds": [0.1, 0.2], "decisions": [1, 1]}
            for f in fixtures}
    shuffled = {i: rows[i] for i in reversed(sorted(rows))}
    assert ladder.rungs(rows, ["random", "greedy"]) == ladder.rungs(shuffled, ["random", "greedy"])


def test_the_strength_report_shows_the_ladder_command_and_what_it_measured(tmp_path):
    from credo.arena.report import ladder_section

    assert "Not measured yet." in ladder_section(tmp_path / "none")
    main(["ladder", "divine", "--agents", "random,greedy", "--games", "2", "--out", str(tmp_path / "ladder")])
    text = "\n".join(ladder_section(tmp_path / "ladder"))
    assert "credo ladder GAME" in text and "### Divine" in text and "| greedy |" in text
    assert "Not measured yet." not in text


def test_the_levels_own_ladder_is_shown_after_the_whole_one(tmp_path):
    from credo.arena.report import ladder_section

    main(["ladder", "jol", "--agents", "random,greedy", "--games", "1", "--out", str(tmp_path / "ladder")])
    main(["ladder", "jol", "--agents", "easy,random", "--games", "3", "--out", str(tmp_path / "ladder" / "levels")])
    text = "\n".join(ladder_section(tmp_path / "ladder"))
    whole, _, levels = text.partition("### The levels, head to head")
    assert "### Jol" in whole and "| greedy |" in whole and "| easy |" not in whole
    assert "--agents easy,medium,hard" in levels and "#### Jol" in levels and "| easy |" in levels
    assert "(ladder/levels/jol.png)" in levels and "(ladder/jol.png)" in whole


def test_the_table_says_whether_medium_stands_between_easy_and_hard(tmp_path):
    rows = []
    for index, (first, second, winner) in enumerate([("easy", "medium", 1), ("medium", "hard", 1), ("hard", "easy", 0),
                                                     ("medium", "easy", 0), ("hard", "medium", 0), ("easy", "hard", 1)]):
        returns = [1.0, -1.0] if winner == 0 else [-1.0, 1.0]
        rows.append({"index": index, "agents": [first, second], "seed": index, "returns": returns, "moves": 9,
                     "seconds": [0.1, 0.1], "decisions": [3, 3]})
    done = {row["index"]: row for row in rows}
    agents = ["easy", "medium", "hard"]
    result = ladder.Ladder("jol", {"game": "jol", "agents": agents, "seed": 0, "options": {}}, 2,
                           ladder.rungs(done, agents), 6, 6, 1.0, rows)
    assert result.head_to_head("hard", "medium") == (2.0, 2)
    assert result.head_to_head("medium", "hard") == (0.0, 2)
    text = ladder.markdown(result, "credo ladder jol")
    assert "medium is rated between easy and hard" in text
    assert "- medium against easy: 2 of 2 games" in text and "- hard against medium: 2 of 2 games" in text
    upside_down = [dict(row, returns=row["returns"][::-1]) for row in rows]
    done = {row["index"]: row for row in upside_down}
    flipped = ladder.Ladder("jol", result.settings, 2, ladder.rungs(done, agents), 6, 6, 1.0, upside_down)
    assert "**not** between easy and hard" in ladder.markdown(flipped, "credo ladder jol")
