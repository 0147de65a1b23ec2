"""One numbering for people everywhere: refusals name players 1 to N, as the narration does,
though programs give seats as 0 to N-1."""

import pytest

from credo import games
from credo.kernel import IllegalAction


def waiting_state(name):
    """A state with a player to move and another who is not."""
    game = games.load(name)
    for seed in range(20):
        s = game.new(seed)
        for _ in range(200):
            idle = [p for p in range(s.num_players) if p not in s.to_move]
            if idle:
                return s, s.to_move[0], idle[0]
            p = s.to_move[0]
            s.apply(s.legal_actions(p)[0], p)
    raise AssertionError(f"{name}: no state with an idle player found")


@pytest.mark.parametrize("name", games.names())
def test_a_player_acting_out_of_turn_is_named_as_the_narration_names_them(name):
    s, mover, idle = waiting_state(name)
    action = s.legal_actions(mover)[0]
    with pytest.raises(IllegalAction) as err:
        s.apply(action, idle)
    assert f"player {idle + 1} is not to move" in err.value.message


@pytest.mark.parametrize("name", games.names())
def test_a_seat_that_is_not_in_the_game_is_refused_naming_both_numberings(name):
    s, mover, _ = waiting_state(name)
    with pytest.raises(IllegalAction) as err:
        s.apply(s.legal_actions(mover)[0], s.num_players)
    assert f"players are 1 to {s.num_players}, given as 0 to {s.num_players - 1}" in err.value.message
