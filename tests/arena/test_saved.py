"""The files of saved games (a balance run's results.jsonl, a strength report's X.games.jsonl, a
ladder's GAME.jsonl) are read through one schema each: a line that is no game is refused in one
line naming the file, the line and the field; a last line cut short by a stop is left out; and
whatever a schema lets through, the report that reads it can report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from credo.arena import lab
from credo.arena.saved import LabGame, LadderGame, StrengthGame, game_problem, read_saved_games
from credo.interfaces.cli import main

LAB_ROW = {"matchup": "2 players", "index": 0, "seed": 7, "options": {"players": 2}, "agents": ["random", "random"],
           "winners": [1], "returns": [-1.0, 1.0], "moves": 300, "turns": 12, "first": 0,
           "held": [[["card", "miracle"]], []], "search": 2, "seconds": 0.5}
STRENGTH_ROW = {"game": "jol", "first": "hard", "second": "random", "role": "hard", "levels": {"hard": "mcts-4000"},
                "index": 0, "seed": 3, "agents": ["hard", "random"], "returns": [1.0, -1.0], "moves": 90,
                "seconds": 12.5, "effort": [{"unit": "iterations"}, None]}
LADDER_ROW = {"index": 0, "agents": ["easy", "random"], "seed": 5, "returns": [1.0, -1.0], "moves": 40,
              "seconds": [0.1, 0.0], "decisions": [20, 20]}


@pytest.mark.parametrize(("schema", "row"), [(LabGame, LAB_ROW), (StrengthGame, STRENGTH_ROW), (LadderGame, LADDER_ROW)])
def test_a_game_as_the_arena_writes_it_is_a_saved_game(schema, row):
    assert game_problem(row, schema) is None
    assert game_problem({**row, "added_by_a_newer_run": [1, 2]}, schema) is None  # kept, not refused


@pytest.mark.parametrize(("schema", "row", "change", "says"), [
    (LabGame, LAB_ROW, {"index": "3"}, "index: Input should be a valid integer"),
    (LabGame, LAB_ROW, {"winners": [2]}, "winners: seat 2 is not one of the 2 seats"),
    (LabGame, LAB_ROW, {"first": 9}, "first: Input should be less than or equal to 7"),
    (LabGame, LAB_ROW, {"first": 3}, "first: seat 3 is not one of the 2 seats"),
    (LabGame, LAB_ROW, {"returns": [1.0]}, "returns: 1 seats, where the agents are 2"),
    (LabGame, LAB_ROW, {"held": [[["card"]], []]}, "held[0][0]"),
    (LabGame, LAB_ROW, {"returns": [float("nan"), 1.0]}, "returns[0]"),
    (LabGame, LAB_ROW, {"agents": []}, "agents: List should have at least 1 item"),
    (StrengthGame, STRENGTH_ROW, {"levels": ["hard"]}, "levels: Input should be a valid dictionary"),
    (StrengthGame, STRENGTH_ROW, {"effort": [None]}, "effort: 1 seats, where the agents are 2"),
    (StrengthGame, STRENGTH_ROW, {"seconds": -1}, "seconds: Input should be greater than or equal to 0"),
    (LadderGame, LADDER_ROW, {"decisions": [1, 2, 3]}, "decisions: 3 seats, where the agents are 2"),
    (LadderGame, LADDER_ROW, {"moves": None}, "moves: Input should be a valid integer"),
])
def test_a_line_that_is_no_game_names_its_field(schema, row, change, says):
    assert says in game_problem({**row, **change}, schema)
    missing = dict(row)
    del missing["seed"]
    assert game_problem(missing, schema) == "seed: Field required"
    assert game_problem([row], schema) == "a saved game is a JSON object"


def test_only_a_last_line_cut_short_is_left_out(tmp_path):
    path = tmp_path / "results.jsonl"
    whole = json.dumps(LAB_ROW) + "\n"
    path.write_text(whole + whole[:40])
    assert read_saved_games(path, LabGame) == [LAB_ROW]
    path.write_text(whole[:40] + "\n" + whole)
    with pytest.raises(ValueError, match=r"results.jsonl, line 1: not a saved game \(not JSON\)"):
        read_saved_games(path, LabGame)
    path.write_text(whole + json.dumps({**LAB_ROW, "moves": -1}) + "\n")
    with pytest.raises(ValueError, match=r"line 2: not a saved game \(moves: Input should be greater than or equal to 0\)"):
        read_saved_games(path, LabGame)
    assert read_saved_games(tmp_path / "none.jsonl", LabGame) == []


def test_every_saved_game_the_project_keeps_is_one():
    docs = Path(__file__).resolve().parents[2] / "docs"
    counted = 0
    for pattern, schema, skip in [("balance/**/results.jsonl", LabGame, 0), ("agents/*.games.jsonl", StrengthGame, 0),
                                  ("ladder/*.jsonl", LadderGame, 1)]:
        for path in docs.glob(pattern):
            counted += len(read_saved_games(path, schema, skip))
    assert counted > 10_000


def test_a_balance_run_and_a_ladder_refuse_a_line_that_is_no_game_and_write_nothing(tmp_path):
    out = tmp_path / "lab"
    assert main(["balance", "jol", "--agents", "random", "--games", "1", "--out", str(out),
                 "--matchups", "jovinet vs terrisol"]) == 0
    results = out / "results.jsonl"
    results.write_text(results.read_text().replace('"moves": ', '"moves": -', 1))
    before = results.read_text()
    with pytest.raises(SystemExit) as stop:
        main(["balance", "jol", "--agents", "random", "--games", "2", "--out", str(out),
              "--matchups", "jovinet vs terrisol", "--resume"])
    assert str(stop.value.code).endswith("results.jsonl, line 1: not a saved game "
                                         "(moves: Input should be greater than or equal to 0)")
    assert results.read_text() == before
    ladder = tmp_path / "ladder"
    assert main(["ladder", "jol", "--agents", "easy,random", "--games", "1", "--out", str(ladder)]) == 0
    saved = ladder / "jol.jsonl"
    saved.write_text(saved.read_text() + '{"index": "a"}\n')
    before = saved.read_text()
    with pytest.raises(SystemExit) as stop:
        main(["ladder", "jol", "--agents", "easy,random", "--games", "2", "--out", str(ladder)])
    assert str(stop.value.code) == f"{saved}, line 3: not a saved game (index: Input should be a valid integer)"
    assert saved.read_text() == before


def test_a_ladder_resumed_after_a_stop_drops_the_line_cut_short(tmp_path):
    assert main(["ladder", "jol", "--agents", "easy,random", "--games", "1", "--out", str(tmp_path)]) == 0
    saved = tmp_path / "jol.jsonl"
    saved.write_text(saved.read_text() + '{"index": 1, "agen')
    assert main(["ladder", "jol", "--agents", "easy,random", "--games", "2", "--out", str(tmp_path)]) == 0
    lines = saved.read_text().splitlines()
    assert len(lines) == 3 and all(json.loads(line) for line in lines)  # settings and two whole games


AGENTS = st.sampled_from(["random", "greedy"])


@st.composite
def lab_rows(draw):
    """Lines a balance run's file may hold by its schema: any seats, outcomes, tags and matchups."""
    rows = []
    for index in range(draw(st.integers(1, 12))):
        seats = draw(st.integers(2, 4))
        label = draw(st.sampled_from([f"{seats} players", "x vs y", "2 vs 2", ""]))
        rows.append({
            "matchup": label, "index": index, "seed": draw(st.integers(-(2 ** 63), 2 ** 64 - 1)),
            "options": {"players": seats}, "agents": draw(st.lists(AGENTS, min_size=seats, max_size=seats)),
            "winners": draw(st.lists(st.integers(0, seats - 1), max_size=seats, unique=True)),
            "returns": draw(st.lists(st.floats(-1e6, 1e6), min_size=seats, max_size=seats)),
            "moves": draw(st.integers(0, 10 ** 6)), "turns": draw(st.none() | st.integers(0, 500)),
            "first": draw(st.none() | st.integers(0, seats - 1)),
            "held": draw(st.none() | st.lists(st.lists(st.tuples(st.sampled_from(["card", "deck", "setup"]),
                                                                   st.sampled_from(["a", "b", "c"])), max_size=3),
                                              min_size=seats, max_size=seats)),
            "search": draw(st.none() | st.integers(0, 3)), "seconds": draw(st.floats(0, 1e4))})
    return rows


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=lab_rows(), agents=st.sampled_from(["random", "random,greedy"]))
def test_whatever_the_lab_schema_lets_through_the_report_can_report(rows, agents):
    for row in rows:
        assert game_problem(row, LabGame) is None
    rows = [json.loads(json.dumps(row)) for row in rows]  # as read back: tuples are lists
    parts = lab.sections(lab.Settings("divine", agents, 1), rows)
    assert lab.render_markdown(parts).startswith("#")
    lab.render_html(parts)


def test_a_balance_runs_settings_are_checked_field_by_field(tmp_path):
    lab.run(lab.Settings("jol", "random", 1, only=["jovinet vs terrisol"]), tmp_path)
    good = json.loads((tmp_path / "run.json").read_text())
    assert lab.read_settings(tmp_path).game == "jol"
    for document, says in [({**good, "game": 5}, "(game: Input should be a valid string)"),
                           ({**good, "games": "many"}, "(games: Input should be a valid integer"),
                           ({**good, "runs": [{"command": "x"}]}, "(runs[0].games: Field required)"),
                           ({**good, "only": "chaos"}, "(only: Input should be a valid list"),
                           ([good], "(not a JSON object)")]:
        (tmp_path / "run.json").write_text(json.dumps(document))
        with pytest.raises(ValueError) as refused:
            lab.read_settings(tmp_path)
        assert str(refused.value).startswith(f"{tmp_path / 'run.json'}: not a balance run's settings {says}")
