"""Endings the rulebooks do not have: people play without a turn limit; machine play
(self-play, tournaments, the agents' report) sets one, says so, and records it
(rulings Dirge R-8, Dogma D-10, Divine R-13)."""

import json

import pytest

from credo import games
from credo.arena import selfplay, tournament
from credo.interfaces.cli import main
from credo.kernel import replay

LIMITED = {"dirge": 200, "dogma": 150, "divine": 60}


@pytest.mark.parametrize("name", sorted(LIMITED))
def test_a_game_for_people_has_no_turn_limit(name):
    game = games.load(name)
    assert game.options().turn_limit == 0
    assert game.new(1).to_position()["turn_limit"] == 0
    assert game.machine_turn_limit == LIMITED[name]


def test_jol_needs_no_machine_limit_its_decks_run_out():
    game = games.load("jol")
    assert game.machine_turn_limit == 0 and game.machine_options({}) == {}


@pytest.mark.parametrize("name", sorted(LIMITED))
def test_a_position_far_beyond_the_machine_limit_plays_on_for_people(name):
    game = games.load(name)
    state = game.new(2)
    pos = state.to_position()
    pos["turn"] = 10 * LIMITED[name] * state.num_players + 1  # turns (Divine: a round every n turns)
    assert not game.from_position(pos).is_over


def test_self_play_records_carry_the_machine_limit_and_a_given_limit_wins(tmp_path):
    game = games.load("dirge")
    selfplay(game, ["random", "random"], 1, seed=3, options={"mode": "teams"}, records=tmp_path / "default")
    selfplay(game, ["random", "random"], 1, seed=3, options={"mode": "teams", "turn_limit": 6},
             records=tmp_path / "six")
    default, = (json.loads(p.read_text()) for p in (tmp_path / "default").glob("*.json"))
    six, = (json.loads(p.read_text()) for p in (tmp_path / "six").glob("*.json"))
    assert default["options"] == {"mode": "teams", "turn_limit": 200}
    assert six["options"] == {"mode": "teams", "turn_limit": 6}
    end = replay(six, game).state
    assert end.is_over and end.to_position()["turn"] <= 7


def test_a_tournament_of_random_dogma_agents_ends_and_records_its_limit(tmp_path):
    result = tournament("dogma", ["random", "greedy"], 2, seed=5, records=tmp_path)
    assert len(result.results) == 2 and len(list(tmp_path.glob("*.json"))) == 2
    for path in tmp_path.glob("*.json"):
        assert json.loads(path.read_text())["options"] == {"turn_limit": 150}


def test_self_play_says_which_turn_limit_it_played(capsys):
    assert main(["selfplay", "dirge", "--games", "1", "--agents", "random", "-o", "mode=teams",
                 "-o", "turn_limit=5"]) == 0
    assert "turn_limit=5: a game that reaches it is a draw" in capsys.readouterr().out
    assert main(["selfplay", "divine", "--games", "1", "--agents", "random"]) == 0
    assert "turn_limit=60: a game that reaches it is a draw" in capsys.readouterr().out
    assert main(["selfplay", "jol", "--games", "1", "--agents", "random"]) == 0
    assert "turn_limit" not in capsys.readouterr().out


def test_the_agents_report_states_the_turn_limit_its_games_played(tmp_path):
    out = tmp_path / "agents.md"
    assert main(["report-agents", "--games", "1", "--games-list", "dirge", "--agent-hard", "random",
                 "--search-pair", "random,random", "--only", "search", "--out", str(out)]) == 0
    text = out.read_text()
    assert "turn_limit=200" in text and "machine-play turn limit" in text
