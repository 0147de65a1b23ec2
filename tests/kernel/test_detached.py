"""`detached` (every view's world) is a deep copy made by hand for speed: it must read and
play on exactly as the state it came from, and share no container with it."""

from __future__ import annotations

import pytest

from credo import games
from credo.kernel import Rng
from credo.kernel.view import detached

from .test_fair_play import IDS, VARIANTS, play_on, random_states, vandalise


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_a_detached_state_reads_and_plays_on_as_its_source(name, options):
    game = games.load(name)
    for n, state in enumerate(random_states(game, options, seeds=range(3), every=11)):
        for source in (state, state.determinize(state.to_move[0], Rng(n))):
            copy = detached(source)
            assert copy.to_position() == source.to_position()
            for p in [None, *range(source.num_players)]:
                assert copy.observation(p) == source.observation(p)
            assert play_on(copy, n) == play_on(source.copy(), n)


@pytest.mark.parametrize("name", games.names())
def test_a_detached_state_shares_no_container_with_its_source(name):
    game = games.load(name)
    for state in random_states(game, {}, seeds=range(2), every=17):
        before = state.to_position()
        vandalise(detached(state), set(), game)
        assert state.to_position() == before
