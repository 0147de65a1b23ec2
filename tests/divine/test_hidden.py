"""Hidden information: hands and the deck order never leak through an observation,
an event or a PlayerView; determinize resamples exactly what a player cannot see."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from credo.games import load
from credo.kernel import PlayerView, Rng

PROPS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reach(players: int, seed: int, steps: int):
    game = load("divine")
    s = game.new(seed, players=players)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_over:
            break
        p = s.to_move[0]
        s.apply(game.rollout_action(s, p, rng), p)
    return s


def swap_hidden(s, player: int, rng: Rng):
    """The same state with every card `player` cannot see dealt differently."""
    return s.determinize(player, rng)


@PROPS
@given(st.integers(2, 4), st.integers(0, 10**6), st.integers(0, 300), st.integers(0, 10**6))
def test_states_differing_only_in_hidden_cards_look_the_same(players, seed, steps, other):
    s = reach(players, seed, steps)
    for p in range(players):
        world = swap_hidden(s, p, Rng(other))
        assert world.observation(p) == s.observation(p)
        assert world.observation(None)["hand"] is None
        if p in s.to_move:
            assert world.legal_actions(p) == s.legal_actions(p)


@PROPS
@given(st.integers(2, 4), st.integers(0, 10**6), st.integers(0, 200))
def test_determinize_resamples_other_hands_and_the_deck_only(players, seed, steps):
    s = reach(players, seed, steps)
    true = s.to_position()

    def unseen_by(p, pos):
        return sorted(pos["deck"] + [c for q in range(players) if q != p for c in pos["hands"][q]])

    for p in range(players):
        world = s.determinize(p, Rng(seed + p)).to_position()
        assert world["hands"][p] == true["hands"][p]
        assert [len(h) for h in world["hands"]] == [len(h) for h in true["hands"]]
        assert unseen_by(p, world) == unseen_by(p, true)
        for field in ("units", "temples", "discard", "commandments", "followers", "divinity", "stack"):
            assert world[field] == true[field], field
        assert world["rng"] != true["rng"]


def test_a_draw_is_told_only_to_the_drawer():
    s = load("divine").new(3, players=3)
    for e in s.events(None):
        assert not e.text.startswith("You draw")
    mine = [e.text for e in s.events(0) if e.text.startswith("You draw")]
    cards = s.game.cards
    names = sorted(cards.names[cards.by_id[card]] for card in s.observation(0)["hand"])
    assert len(names) == 4
    # one line, by name in a fixed order: the order the deck gave them is no one's to know
    assert mine == ["You draw " + ", ".join(names[:-1]) + " and " + names[-1] + "."]
    for p in (1, 2):
        assert not any(e.visible_to == frozenset({0}) for e in s.events(p))


def test_observations_hide_hands_and_the_deck_order():
    s = reach(3, 11, 50)
    obs = s.observation(1)
    assert obs["hand"] is not None and obs["deck_size"] == len(s.to_position()["deck"])
    assert "deck" not in obs
    for p in (0, 2):
        assert "hand" not in obs["players_state"][p]
    assert s.observation(None)["hand"] is None


def test_a_player_view_holds_no_hidden_cards():
    s = reach(4, 5, 80)
    p = s.to_move[0]
    view = PlayerView(s, p, seed=3)
    assert view.observation == s.observation(p)
    world = view.sample_world(Rng(9))
    assert world.observation(p) == s.observation(p)
    assert len(world.events(p)) == 0


def test_what_a_drawer_is_told_does_not_tell_the_order_the_deck_gave_the_cards():
    """Two draws at once (the Library's extra card, a card that draws) are told to the
    drawer as one line sorted by name: the hand keeps no order, so the same move from a
    deck whose top two cards are swapped must be told the same."""
    game = load("divine")
    compared = 0
    for seed in range(40):
        s = game.new(seed, players=3)
        rng = Rng(seed)
        while not s.is_over and compared < 3:
            p = s.to_move[0]
            action = game.rollout_action(s, p, rng)
            after = s.copy()
            after.apply(action, p)
            drawer = next((q for q in range(3)
                           if len(after.observation(q)["hand"]) >= len(s.observation(q)["hand"]) + 2), None)
            position = s.to_position()
            if drawer is not None and len(position["deck"]) >= 2 and position["deck"][-1] != position["deck"][-2]:
                position["deck"][-1], position["deck"][-2] = position["deck"][-2], position["deck"][-1]
                swapped = game.from_position(position)
                begun = len(swapped.events(drawer))
                swapped.apply(action, p)
                assert swapped.observation(drawer) == after.observation(drawer)
                told = [e.text for e in after.events(drawer)[len(s.events(drawer)):]]
                assert [e.text for e in swapped.events(drawer)[begun:]] == told
                compared += 1
            s = after
        if compared >= 3:
            break
    assert compared >= 3
