"""Strict undo (kernel/undo.py): never back past a die, a draw or a revealed secret."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from rich.console import Console

from credo import games
from credo.interfaces import terminal
from credo.kernel import Match, Rng
from credo.kernel.undo import barrier, last_barrier

sys.path.insert(0, str(Path(__file__).parent.parent / "interfaces"))
from test_terminal import script  # noqa: E402


def moves_of(name: str, seed: int, count: int, options=None):
    game = games.load(name)
    match = Match(game, seed, options or {})
    rng = Rng(seed)
    for _ in range(count):
        if match.state.is_over:
            break
        p = match.state.to_move[0]
        match.play(rng.choice(match.state.legal_actions(p)), p)
    return game, match


@pytest.mark.parametrize("name", games.names())
def test_every_move_that_draws_on_chance_is_a_barrier_for_everyone(name):
    game, match = moves_of(name, 3, 60)
    replay = Match(game, 3)
    chance = barriers = 0
    for player, text in match.moves:
        before = replay.state.copy()
        replay.play(text, player)
        drew = replay.state.rng.to_position() != before.rng.to_position()
        for viewer in range(before.num_players):
            why = barrier(before, text, player, viewer)
            if drew:
                assert why == "chance"
            barriers += why is not None
        chance += drew
    assert barriers >= chance and barriers > 0


def test_a_dirge_attack_cannot_be_taken_back_but_a_move_can():
    attacked = moved = False
    for seed in range(20):
        game = games.load("dirge")
        s = game.new(seed)
        rng = Rng(seed)
        for _ in range(300):
            if s.is_over or (attacked and moved):
                break
            p = s.to_move[0]
            legal = s.legal_actions(p)
            for a in legal:
                if str(a).startswith("attack") and not attacked:
                    assert barrier(s, str(a), p, p) == "chance"
                    attacked = True
                if str(a).startswith("move") and not moved:
                    assert barrier(s, str(a), p, p) is None
                    moved = True
            s.apply(rng.choice(legal), p)
    assert attacked and moved


def test_the_dogma_reveal_stops_the_terminal_undo():
    """The review's case (Dogma, seed 1): the computer's secret choice stayed committed
    while the person took theirs back, having seen the computer's."""
    game = games.load("dogma")
    c = Console(file=io.StringIO(), width=120)
    match = terminal.play(game, ["human", "greedy"], seed=1, console=c, input_fn=script("1", "undo"))
    out = c.file.getvalue()
    assert "cannot take back past move 2 ('deploy 1'): it revealed what you could not see" in out
    assert len(match.moves) == 3  # nothing was taken back
    assert last_barrier(match, [0], 0).move == 1


def test_a_secret_choice_made_alone_can_be_taken_back_before_the_reveal():
    """Committing a secret choice reveals nothing until everyone has chosen."""
    game = games.load("dogma")
    s = game.new(1)
    assert len(s.to_move) == 2
    first = s.legal_actions(0)[0]
    assert barrier(s, str(first), 0, 0) is None
    after = s.copy()
    after.apply(first, 0)
    assert barrier(after, str(after.legal_actions(1)[0]), 1, 0) == "revealed"
