"""Game Setup and Resources (divine.txt, "Game Setup")."""

from collections import Counter

from credo.games.divine import board as B
from credo.games.divine import rules as R

from .conftest import at, hand_sizes, legal, let_pass, refused, rules_cited, temple_owner, texts, unit_at


def test_the_city_is_nine_tiles_in_a_3_by_3_grid(game):
    s = game.new(5, players=2)
    city = at(s, "city")
    assert len(city) == 9
    assert sorted(t for t, _ in city) == sorted(game.catalogue()["tiles"])
    assert len(s.board) == 18 * 18
    # each tile keeps its 6 by 6 spaces together: one tile slot per 6x6 block
    for sq in range(B.SQUARES):
        col, row = sq % 18, sq // 18
        assert s.layout.tile_of[sq] == (2 - row // 6) * 3 + col // 6


def test_tiles_are_mixed_and_turned_at_random(game):
    placements = {tuple(map(tuple, at(game.new(seed), "city"))) for seed in range(12)}
    assert len(placements) == 12
    orders = {tuple(t for t, _ in p) for p in placements}
    assert len(orders) > 1
    assert {q for p in placements for _, q in p} == {0, 1, 2, 3}
    assert R.R_ROTATE in rules_cited(game.new(0))


def test_turning_a_tile_keeps_its_spaces(game):
    for seed in range(6):
        s = game.new(seed, players=3)
        kinds = Counter(s.layout.kind)
        assert kinds[B.TOWER] == 4 and kinds[B.LIBRARY] == 1 and kinds[B.MARKET] == 1
        assert kinds[B.CATACOMB] == 4 and kinds[B.TEMPLE] == 15


def test_turn_order_is_rolled_with_dice(game):
    for seed in range(8):
        s = game.new(seed, players=4)
        order = at(s, "order")
        assert sorted(order) == [0, 1, 2, 3]
        rolls = [e for e in s.events(None) if e.rule == R.SETUP_ORDER]
        assert rolls and "rolls" in rolls[0].text
        assert s.to_move == (order[0],)


def test_each_player_draws_four_cards_from_the_shuffled_deck(game):
    for players in (2, 3, 4):
        s = game.new(1, players=players)
        assert hand_sizes(s) == [4] * players
        assert len(at(s, "deck")) == len(game.cards.deck) - 4 * players
    decks = {tuple(at(game.new(seed), "deck")) for seed in range(5)}
    assert len(decks) == 5


def test_each_player_starts_with_10_follower_tokens_and_1_divinity(game):
    s = game.new(2, players=3)
    assert at(s, "followers") == [10, 10, 10]
    assert at(s, "divinity") == [1, 1, 1]
    assert any("10 Follower Tokens and 1 Divinity" in t for t in texts(s))


def test_priests_and_control_markers_are_placed_in_turn_order(game):
    s = game.new(3, players=3)
    seen = []
    temples = s.observation(None)["temples"]
    while at(s, "phase") == "setup_priest":
        p = s.to_move[0]
        seen.append(p)
        actions = s.legal_actions(p)
        assert all(a.kind == "place_priest" and B.NAMES[a.args[0]] in temples for a in actions)
        sq = B.NAMES[actions[0].args[0]]
        s.apply(actions[0], p)
        assert temple_owner(s, sq) == p and unit_at(s, sq)["kind"] == "priest"
    assert seen == at(s, "order")


def test_a_temple_taken_in_setup_is_not_offered_again(game):
    s = game.new(4, players=2)
    first = s.legal_actions()[0]
    s.apply(first)
    assert str(first) not in legal(s)
    refused(s, str(first), R.SETUP_PRIEST, "already taken")
    refused(s, "place priest a1" if "a1" not in s.observation(None)["temples"] else "place priest a2",
            R.SETUP_PRIEST, "not a Temple")


def test_zealots_are_placed_in_reverse_turn_order_within_3_spaces(game):
    s = game.new(6, players=4)
    while at(s, "phase") == "setup_priest":
        s.apply(s.legal_actions()[0])
    seen = []
    while at(s, "phase") == "setup_zealot":
        p = s.to_move[0]
        seen.append(p)
        home = B.INDEX[next(sq for sq, owner in at(s, "temples").items() if owner == p)]
        occupied = {B.INDEX[u["square"]] for u in at(s, "units")}
        actions = s.legal_actions(p)
        assert actions and all(B.distance(a.args[0], home) <= 3 for a in actions)
        assert not any(a.args[0] in occupied for a in actions)
        far = next(sq for sq in range(B.SQUARES) if B.distance(sq, home) > 3 and sq not in occupied)
        refused(s, f"place zealot {B.NAMES[far]}", R.SETUP_ZEALOT, "within 3 spaces")
        s.apply(actions[-1], p)
    order = at(s, "order")
    assert seen == list(reversed(order))
    assert at(s, "phase") == "play" and at(s, "current") == order[0] and at(s, "turn") == 1


def test_play_begins_with_the_first_players_draw_and_move_steps(game):
    s = game.new(7, players=2)
    while at(s, "phase") != "play":
        s.apply(s.legal_actions()[0])
    let_pass(s)
    first = at(s, "order")[0]
    assert hand_sizes(s)[first] == 5  # four, and the Draw Step's card
    assert R.DRAW in rules_cited(s) and R.MOVE in rules_cited(s)
    assert 1 <= at(s, "allowance") <= 6  # one Temple: one die
