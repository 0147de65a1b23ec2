"""Play and records: the terminal drawing, `credo play divine` and `credo selfplay`,
for 2, 3 and 4 players."""

import io
import json

from rich.console import Console

from credo.arena import selfplay
from credo.games.divine.render import help_topic, notation_help, render, summary
from credo.interfaces import terminal
from credo.interfaces.cli import main
from credo.kernel import Match, Rng, replay


def draw(game, obs, width=150) -> str:
    c = Console(file=io.StringIO(), width=width)
    c.print(render(game, obs))
    return c.file.getvalue()


def test_the_city_is_drawn_with_tiles_places_and_units(game):
    s = game.new(2, players=3)
    rng = Rng(2)
    for _ in range(40):
        p = s.to_move[0]
        s.apply(game.rollout_action(s, p, rng), p)
    out = draw(game, s.observation(0))
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["a", "b", "c"] and "r" in lines[0]
    assert "│" in out and "─" in out  # tile borders
    assert " T " in out and " M " in out and " L " in out and " C " in out and "⌂" in out
    assert "P1" in out and "Z2" in out or "P2" in out
    assert "Your hand:" in out and "Foll" in out
    narrow = draw(game, s.observation(None), width=70)
    assert "Your hand" not in narrow


def test_help_and_summary(game):
    assert "move FROM TO" in notation_help(game).plain
    assert "Arrival of the Prophet" in help_topic(game, "arrival").plain
    assert help_topic(game, "nothing") is None
    assert "Follower Tokens" in summary(game, game.new(0).observation(None))


def test_a_whole_game_in_the_terminal_against_the_computer(game):
    c = Console(file=io.StringIO(), width=150)
    feed = iter([])

    def always_first(prompt=""):
        for line in feed:
            return line
        return "1"

    match = terminal.play(game, ["human", "random", "random"], seed=4, options={"players": 3, "turn_limit": 8},
                          console=c, input_fn=always_first)
    assert match.state.is_over
    out = c.file.getvalue()
    assert "Game over" in out and "Computer (random) plays" in out


def test_hotseat_notation_is_accepted(game):
    c = Console(file=io.StringIO(), width=150)
    s = game.new(9)
    first = str(s.legal_actions()[0])
    lines = iter(["", first])  # Enter at the hand-over first

    def input_fn(prompt=""):
        for line in lines:
            return line
        raise EOFError

    match = terminal.play(game, ["human", "human"], seed=9, console=c, input_fn=input_fn)
    assert match.moves[0][1] == first


def test_cli_selfplay_with_three_players(tmp_path, capsys):
    code = main(["selfplay", "divine", "-o", "players=3", "--agents", "greedy,random,random", "--games", "2",
                 "--records", str(tmp_path)])
    assert code in (0, None)
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    record = json.loads(files[0].read_text())
    assert record["options"] == {"players": 3, "turn_limit": 60}  # self-play states its limit
    from credo.games import load

    assert replay(record, load("divine")).result() == record["result"]


def test_records_replay_for_four_players(game, tmp_path):
    stats = selfplay(game, ["greedy", "random", "random", "random"], 2, seed=7, options={"players": 4},
                     records=tmp_path)
    assert stats.games == 2
    for file in tmp_path.glob("*.json"):
        record = json.loads(file.read_text())
        match = replay(record, game)
        again = Match(game, record["seed"], record["options"])
        for move in record["moves"]:
            again.play(move["action"], move["player"])
        assert again.state.to_position() == match.state.to_position()
