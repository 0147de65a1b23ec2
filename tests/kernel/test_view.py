"""A view built from an earlier view of the same player reads only the events narrated
since, and tells exactly what a view built from scratch tells."""

from __future__ import annotations

import pytest

from credo import games
from credo.kernel import PlayerView, Rng

VARIANTS = [(name, options) for name in games.names() for options in games.load(name).option_variants]


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_a_view_built_on_an_earlier_one_tells_what_a_fresh_view_tells(name, options):
    game = games.load(name)
    state = game.new(3, **options)
    rng = Rng(4)
    earlier: dict[int, PlayerView] = {}
    checked = 0
    while not state.is_over and checked < 120:
        p = state.to_move[0]
        view = PlayerView(state, p, seed=checked, earlier=earlier.get(p))
        fresh = PlayerView(state, p, seed=checked)
        assert [(e.text, e.rule) for e in view.events] == [(e.text, e.rule) for e in fresh.events]
        assert view.observation == fresh.observation and view.legal_actions == fresh.legal_actions
        if p in earlier:
            earlier[p].events.append("junk")  # what an agent does to its old view stays there
        earlier[p] = view
        state.apply(rng.choice(state.legal_actions(p)), p)
        checked += 1
    assert checked > 20


def test_a_view_of_another_player_lends_nothing():
    game = games.load("jol")
    state = game.new(1)
    other = PlayerView(state, 1 - state.to_move[0])
    p = state.to_move[0]
    assert [e.text for e in PlayerView(state, p, earlier=other).events] == [e.text for e in PlayerView(state, p).events]
