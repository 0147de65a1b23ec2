"""The neighbour masks (`DivineState.near`) that legal-action generation reads instead of
looking at each neighbouring square: after every action, in copies and in positions,
they must say exactly which neighbours of each square hold a Unit."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from credo.games import load
from credo.games.divine import board as B

from .conftest import U, make, unit_at

PROPS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def masks_from_board(board: list[int]) -> list[int]:
    """The masks computed the slow way, square by square."""
    return [sum(1 << i for i, n in enumerate(B.NEIGHBOURS[sq]) if board[n] >= 0) for sq in range(B.SQUARES)]


@PROPS
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), steps=st.integers(50, 400))
def test_the_masks_follow_the_board_through_random_games(players, seed, steps):
    game = load("divine")
    s = game.new(seed, players=players)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        assert list(s.near) == masks_from_board(s.board)
        p = s.to_move[0]
        s.apply(rng.choice(s.legal_actions(p)), p)
    assert list(s.near) == masks_from_board(s.board)
    assert s.copy().near == s.near
    assert game.from_position(s.to_position()).near == s.near


def test_a_convert_keeps_the_square_occupied(game):
    s = make(game, U(0, "prophet", "c3"), U(1, "zealot", "c4"), U(1, "priest", "d3"), U(1, "priest", "r18"))
    s.apply("convert c3 c4")
    assert unit_at(s, "c4")["owner"] == 0
    assert list(s.near) == masks_from_board(s.board)
