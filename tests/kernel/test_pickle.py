"""Games, states and views pickle (a bot in another process receives a PlayerView); a deep
copy of a state is an independent state sharing the read-only Game."""

from __future__ import annotations

import copy
import pickle

import pytest

from credo import games
from credo.kernel import PlayerView, Rng

VARIANTS = [(name, options) for name in games.names() for options in games.load(name).option_variants]


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_a_state_and_a_view_come_back_the_same_from_a_pickle(name, options):
    game = games.load(name)
    s = game.new(2, **options)
    rng = Rng(3)
    for _ in range(30):
        if s.is_over:
            break
        p = s.to_move[0]
        s.apply(rng.choice(s.legal_actions(p)), p)
    again = pickle.loads(pickle.dumps(s))
    assert again.game is game  # the same loaded game, not a copy of its tables
    assert again.to_position() == s.to_position()
    assert [e.text for e in again.events(None)] == [e.text for e in s.events(None)]
    p = s.to_move[0]
    assert [str(a) for a in again.legal_actions(p)] == [str(a) for a in s.legal_actions(p)]
    view = PlayerView(s, p, seed=5)
    back = pickle.loads(pickle.dumps(view))
    assert back.observation == view.observation and back.legal_actions == view.legal_actions
    assert back.sample_world(Rng(1)).to_position() == view.sample_world(Rng(1)).to_position()


def test_a_game_not_loaded_through_the_registry_says_why_it_cannot_be_pickled():
    from credo.games.dirge import DirgeGame, load_content

    with pytest.raises(TypeError, match="credo.games.load"):
        pickle.dumps(DirgeGame(load_content(None)))


def _played(game, options, moves: int, seed: int = 2):
    s = game.new(seed, **options)
    rng = Rng(seed + 1)
    for _ in range(moves):
        if s.is_over:
            break
        p = s.to_move[0]
        s.apply(rng.choice(s.legal_actions(p)), p)
    return s


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_a_deep_copy_is_an_independent_state_sharing_the_game(name, options):
    """Learning libraries deep-copy environments: a copied state must not copy the Game's
    tables (it did, in about 300 ms), and playing on either must leave the other as it was."""
    game = games.load(name)
    s = _played(game, options, 30)
    before = s.to_position()
    c = copy.deepcopy(s)
    assert c is not s and c.game is game
    assert c.to_position() == before
    assert [e.text for e in c.events(None)] == [e.text for e in s.events(None)]
    p = c.to_move[0]
    c.apply(Rng(9).choice(c.legal_actions(p)), p)
    assert s.to_position() == before and len(s.log) < len(c.log)
    after = c.to_position()
    p = s.to_move[0]
    s.apply(s.legal_actions(p)[-1], p)
    assert c.to_position() == after
    # inside a structure: one copy per state, the Game itself never copied
    holder = copy.deepcopy({"game": game, "states": [s, s]})
    assert holder["game"] is game and holder["states"][0] is holder["states"][1] is not s
