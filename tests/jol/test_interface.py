"""Play and figures: the terminal drawing, terminal play, self-play and records,
notation, help, the evaluation and the rollout policy."""

from __future__ import annotations

import io
import json

from rich.console import Console

from credo.games.jol.render import help_topic, notation_help, render, summary
from credo.interfaces import terminal
from credo.interfaces.cli import main
from credo.kernel import Match, Rng, replay

from .conftest import C, start


def drawn(renderable, width: int = 160) -> str:
    c = Console(file=io.StringIO(), width=width, color_system=None)
    c.print(renderable)
    return c.file.getvalue()


def test_the_drawing_shows_lanes_both_totals_cogum_manifests_and_hand(game):
    s = start(game, {"c1": C("choir", 0, "court"), "c2": C("lumen", 1, "court", ready=False),
                     "c3": C("mesa", 0, "manifest"), "c4": C("rally_cry", 0), "c5": C("study", 1),
                     "c6": C("reckoning", 1, "prophecy")}, inf=[[3, 7, 0], [0, 11, 2]])
    out = drawn(render(game, s.observation(0), s.events(0)))
    for word in ("BOOG", "COURT", "LIMIT", "INF  7", "INF 11", "Choir Terr", "Ready", "Exh.", "Manifest", "Mesa Terr",
                 "Your hand", "Rally Cry", "face-down Prophecies: c6"):
        assert word in out, word
    assert "Study" not in out and "Reckoning" not in out  # the opponent's hand and Prophecy stay hidden
    assert "Study" in drawn(render(game, s.observation(1)))


def test_help_notation_and_summary(game):
    assert "summon cN LANE" in drawn(notation_help(game))
    assert "Quickstep" in drawn(help_topic(game, "pip"))
    assert "Prayer" in drawn(help_topic(game, "Prayer of Doubt"))
    assert help_topic(game, "xyzzy") is None
    s = game.new(1)
    assert "INF" in summary(game, s.observation(0))


def test_notation_parses_and_describes(game):
    a = game.parse_action("Summon  c3  Court")
    assert str(a) == "summon c3 court"
    assert str(game.parse_action("deploy c3 l")) == "deploy c3 limit"
    for text in ("talent c4 c9", "pray c8", "vow c5 c1", "defend c7", "pass", "end", "prophecy c2", "manifest c3"):
        assert game.describe_action(game.parse_action(text))


def test_hotseat_terminal_play_takes_notation_and_numbers(game):
    c = Console(file=io.StringIO(), width=140)
    feed = iter(["", "help", "1", "end"])  # Enter at the hand-over first

    def input_fn(prompt=""):
        for line in feed:
            return line
        raise EOFError

    match = terminal.play(game, ["human", "human"], seed=3, console=c, input_fn=input_fn)
    out = c.file.getvalue()
    assert len(match.moves) == 2 and "COURT" in out


def test_against_the_computer_a_whole_game(game):
    c = Console(file=io.StringIO(), width=140)
    match = terminal.play(game, ["human", "greedy"], seed=2, console=c, input_fn=lambda prompt="": "1")
    assert match.state.is_over
    assert "Game over" in c.file.getvalue()


def test_selfplay_and_records_replay(game, tmp_path):
    assert main(["selfplay", "jol", "--games", "3", "--agents", "greedy,random", "--records", str(tmp_path)]) == 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 3
    for f in files:
        record = json.loads(f.read_text())
        assert replay(record, game).result() == record["result"]


def test_evaluate_is_in_range_and_favours_the_leader(game):
    s = start(game, {"c1": C("mesa", 0, "boog")}, inf=[[14, 12, 0], [0, 2, 0]])
    assert game.evaluate(s, 0) > 0.3 and game.evaluate(s, 1) < -0.3
    rng = Rng(0)
    m = Match(game, 4)
    while not m.state.is_over:
        for p in (0, 1):
            assert -1.0 <= game.evaluate(m.state, p) <= 1.0
        m.play(game.rollout_action(m.state, m.state.to_move[0], rng))
    assert game.evaluate(m.state, m.state.winners[0]) == 1.0


def test_rollout_games_usually_end_by_influence(game):
    wins = 0
    for seed in range(30):
        s = game.new(seed, **game.option_variants[seed % 3])
        rng = Rng(seed)
        while not s.is_over:
            s.apply(game.rollout_action(s, s.to_move[0], rng))
        wins += any(e.rule == "The rules / Winning" for e in s.events(None))
    assert wins > 20


def test_a_view_reads_the_same_stats_as_play(game):
    # the observation reads every Cogum's stats in one pass (JolState.field_stats); play reads
    # them one Cogum at a time (stats): over random games, with auras, Vows and lasting Talents
    # in play, both give the same numbers
    seen = {"aura": 0, "vow": 0, "talent": 0}
    t = game.tables
    for seed in range(12):
        s, rng = game.new(seed), Rng(seed)
        while not s.is_over and s.turn < 40:
            shown = [i for i in range(s.nxt) if 2 <= s.zone[i] <= 5]
            assert s.field_stats(shown) == {i: s.stats(i) for i in shown}
            seen["aura"] += any(s.card[i] in t.aura_cards for i in shown)
            seen["vow"] += any(h >= 0 for h in s.host.values())
            seen["talent"] += any(h < 0 for h in s.host.values())
            player = s.to_move[0]
            s.apply(rng.choice(s.legal_actions(player)), player)
    assert min(seen.values()) >= 20, seen
