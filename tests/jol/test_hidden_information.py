"""Hidden information: hands, deck order and face-down Prophecies never leak through
an observation, an event or a PlayerView; `determinize` resamples exactly what a
player cannot see."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from credo.games import load
from credo.kernel import PlayerView, Rng

from .conftest import C, play, start

PROPS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reach(seed: int, steps: int, variant: int = 0):
    game = load("jol")
    s = game.new(seed, **game.option_variants[variant % len(game.option_variants)])
    rng = Rng(seed + 1)
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(game.rollout_action(s, s.to_move[0], rng))
    return s


def swap_hidden(s, player: int, own_pile: bool = True):
    """A state differing from `s` only in what `player` cannot see (the opponent's hand
    and deck, and with `own_pile` the order of the player's own deck), written as a
    position."""
    pos = s.to_position()
    opp = 1 - player
    pool = pos["piles"][opp]
    for name in pos["hands"][opp]:
        if pool:
            k = len(pool) // 2
            entry = pos["cards"][name]
            entry["card"], pool[k] = pool[k], entry["card"]
    if own_pile:
        pos["piles"][player].reverse()
    return s.game.from_position(pos)


def hidden_from(player: int, entry: dict) -> bool:
    """Whether `player` cannot see which card a position's entry is: one in the
    opponent's hand or lying face down in the opponent's Manifest."""
    return entry["owner"] != player and entry["at"] in ("hand", "prophecy")


def visible(s, player):
    return [(e.text, e.rule) for e in s.events(player)]


@PROPS
@given(st.integers(0, 10**6), st.integers(0, 200), st.integers(0, 2))
def test_two_states_differing_only_in_hidden_cards_look_the_same(seed, steps, variant):
    s = reach(seed, steps, variant)
    for player in (0, 1):
        other = swap_hidden(s, player)
        assert other.observation(player) == s.observation(player)
        assert other.observation(None) == s.observation(None)


@PROPS
@given(st.integers(0, 10**6), st.integers(0, 200))
def test_the_same_game_with_other_hidden_cards_shows_the_same_events_to_the_other_player(seed, steps):
    a = reach(seed, steps)
    if a.is_over:
        return
    watcher = 1 - a.to_move[0]
    b = swap_hidden(a, watcher, own_pile=False)  # the watcher's own draws are theirs to see
    start_a, start_b = len(a.events(watcher)), len(b.events(watcher))
    rng = Rng(seed)
    for _ in range(60):
        if a.is_over or b.is_over:
            break
        mover = a.to_move[0]
        if mover == watcher:
            action = a.game.rollout_action(a, mover, rng)
        else:
            legal = {str(x) for x in a.legal_actions(mover)} & {str(x) for x in b.legal_actions(mover)}
            pick = [x for x in ("pass", "end") if x in legal] or sorted(x for x in legal if x.startswith("defend"))
            if not pick:
                break
            action = pick[0]
        a.apply(action, mover)
        b.apply(str(action), mover)
        # private events go to their owner only; what the watcher sees is identical
        assert [(e.text, e.rule) for e in a.events(watcher, 0)][start_a:] == \
            [(e.text, e.rule) for e in b.events(watcher, 0)][start_b:]
        assert a.observation(watcher) == b.observation(watcher)


def test_a_draw_is_public_the_card_drawn_private(game):
    s = start(game, {"c1": C("mesa", 0, "boog")}, phase="engagement", piles=[["tide"], ["choir"]])
    play(s, "end")
    mine = [e.text for e in s.events(1)][-4:]
    theirs = [e.text for e in s.events(0)]
    assert any("Choir Terr" in t for t in mine)
    assert not any("Choir Terr" in t for t in theirs)
    assert any("draws a card (c2)" in t for t in theirs)


def test_face_down_prophecies_are_hidden_from_the_opponent(game):
    s = start(game, {"c1": C("reckoning", 0)})
    play(s, "prophecy c1")
    for viewer in (1, None):
        blob = json.dumps(s.observation(viewer)) + " ".join(e.text for e in s.events(viewer))
        assert "Reckoning" not in blob and "reckoning" not in blob
    assert "Reckoning" in " ".join(e.text for e in s.events(0))


@PROPS
@given(st.integers(0, 10**6), st.integers(0, 250), st.integers(0, 10**6))
def test_determinize_resamples_exactly_what_the_player_cannot_see(seed, steps, rseed):
    s = reach(seed, steps)
    family = {card: face["family"] for card, face in s.game.catalogue()["cards"].items()}
    before = s.to_position()
    for player in (0, 1):
        w = s.determinize(player, Rng(rseed))
        after = w.to_position()
        opp = 1 - player
        assert w.observation(player) == s.observation(player)
        # what the player sees is kept: own hand and face-down Prophecies, everything face up
        assert after["cards"].keys() == before["cards"].keys()
        for name, entry in before["cards"].items():
            again = after["cards"][name]
            assert (again["owner"], again["at"]) == (entry["owner"], entry["at"])
            if not hidden_from(player, entry):
                assert again["card"] == entry["card"]
            elif entry["at"] == "prophecy":
                assert family[again["card"]] == "prophecy"  # still a Prophecy
        # the unseen multiset of the opponent is the same
        unseen = sorted(before["piles"][opp] + [e["card"] for e in before["cards"].values() if hidden_from(player, e)])
        resampled = sorted(after["piles"][opp] + [e["card"] for e in after["cards"].values() if hidden_from(player, e)])
        assert unseen == resampled
        assert sorted(after["piles"][player]) == sorted(before["piles"][player])
        assert len(w.events(player)) == 0


def test_determinize_actually_resamples_hands_and_deck_order(game):
    s = reach(5, 30)
    before = s.to_position()
    player = before["current"]
    opp = 1 - player

    def hand(pos):
        return [pos["cards"][name]["card"] for name in pos["hands"][opp]]

    changed_hand = changed_pile = changed_own = False
    for k in range(20):
        after = s.determinize(player, Rng(k)).to_position()
        changed_hand |= hand(after) != hand(before)
        changed_pile |= after["piles"][opp] != before["piles"][opp]
        changed_own |= after["piles"][player] != before["piles"][player]
    assert changed_hand and changed_pile and changed_own


def test_a_player_view_holds_only_the_players_knowledge(game):
    s = reach(9, 40)
    p = s.to_move[0]
    view = PlayerView(s, p, seed=3)
    assert view.observation == s.observation(p)
    assert "hand" not in view.observation["players"][1 - p]
    world = view.sample_world(Rng(4))
    assert world.observation(p) == s.observation(p)
