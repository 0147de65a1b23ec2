"""`State.apply` at the boundary: whatever it is given, it applies a legal action of its
own game for a real player, or refuses with IllegalAction and changes nothing."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from credo import games
from credo.kernel import CredoError, IllegalAction, Rng

NAMES = games.names()


def reached(name: str, seed: int, moves: int):
    game = games.load(name)
    s = game.new(seed)
    rng = Rng(seed)
    for _ in range(moves):
        if s.is_over:
            break
        p = s.to_move[0]
        s.apply(rng.choice(s.legal_actions(p)), p)
    return game, s


junk_actions = st.one_of(
    st.none(), st.integers(), st.floats(allow_nan=True), st.binary(max_size=8), st.booleans(),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.text(max_size=20),
)
junk_players = st.one_of(
    st.none(), st.booleans(), st.floats(allow_nan=True), st.integers(min_value=-10**30, max_value=10**30),
    st.text(max_size=3), st.just(1.0), st.just(0.0), st.just(True),
)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 5), moves=st.integers(0, 40), action=junk_actions, player=junk_players,
       legal_pick=st.integers(0, 10**6), use_legal=st.booleans())
def test_apply_refuses_what_is_not_an_action_of_a_player_and_changes_nothing(name, seed, moves, action, player,
                                                                               legal_pick, use_legal):
    game, s = reached(name, seed, moves)
    if s.is_over:
        return
    if use_legal:  # a legal action, given for a player that is not a plain seat number
        movers = s.to_move
        legal = s.legal_actions(movers[0])
        action = legal[legal_pick % len(legal)]
        if player is None or (player.__class__ is int and 0 <= player < s.num_players):
            return  # a real seat, or None for the only player to move: may be legal
    before = s.to_position()
    with pytest.raises(IllegalAction):
        s.apply(action, player)
    assert s.to_position() == before


@pytest.mark.parametrize("name", NAMES)
def test_a_player_given_as_true_or_one_point_zero_is_refused(name):
    """The review's case: with 1.0 the state was left half-changed."""
    game, s = reached(name, 2, 8)
    p = s.to_move[0]
    action = s.legal_actions(p)[0]
    for fake in (float(p), p == 1, str(p)):
        before = s.to_position()
        with pytest.raises(IllegalAction, match="is not a player"):
            s.apply(action, fake)
        assert s.to_position() == before
    s.apply(action, p)  # the real seat still plays it


@pytest.mark.parametrize("name", NAMES)
def test_an_action_of_another_game_is_refused_by_name(name):
    game, s = reached(name, 1, 5)
    other = games.load(next(n for n in NAMES if n != name))
    before = s.to_position()
    foreign = other.actions[0]
    with pytest.raises(IllegalAction, match="another game"):
        s.apply(foreign, s.to_move[0])
    assert s.to_position() == before
    with pytest.raises(CredoError, match="not an action"):
        s.apply(None)
