"""Rulebook sections "Setup", "Choosing Creatures" and "Recommended Creatures for
the First Game", and Credo ruling R-1 (placed creatures face the opposing side)."""

from __future__ import annotations

import re

from credo.kernel import Rng

from .conftest import R, assert_illegal, creature, legal_texts, seed_for

PICK_ROLL = "pick the first creature"
TURN_ROLL = "take the first turn"


def roll_events(state, purpose: str) -> list[tuple[int, int]]:
    """The roll-offs narrated for `purpose` (first creature: Setup; first turn: Choosing Creatures)."""
    rule = R.SETUP if purpose == PICK_ROLL else R.CHOOSING
    out = []
    for e in state.events(None):
        m = re.search(r"player 1 rolls (\d+), player 2 rolls (\d+)", e.text)
        if e.rule == rule and m:
            out.append((int(m.group(1)), int(m.group(2))))
    return out


def roll_off(rng: Rng) -> tuple[int, list[tuple[int, int]]]:
    """The rulebook's roll-off, done by hand: higher roll wins, ties roll again."""
    pairs = []
    while True:
        a, b = rng.die(), rng.die()
        pairs.append((a, b))
        if a != b:
            return (0 if a > b else 1), pairs


def finish_setup(state) -> None:
    """Place creatures (first legal choice each time) until the game begins."""
    while state.observation(None)["phase"] == "setup":
        state.apply(state.legal_actions()[0])


def red_squares(game, player: int) -> set[str]:
    return {game.board.names[sq] for sq in game.start_spaces[player]}


def owned(state, player: int) -> set[str]:
    return {c["id"] for c in state.observation(None)["creatures"] if c["owner"] == player}


# --- Setup ------------------------------------------------------------------------


def test_each_side_has_its_own_red_starting_spaces(game):
    red0, red1 = red_squares(game, 0), red_squares(game, 1)
    assert len(red0) >= 6 and len(red1) >= 6
    assert not red0 & red1
    # player 1's side is rows 1-2, player 2's side rows 7-8 (battlefield.toml)
    assert {sq[1:] for sq in red0} == {"1", "2"}
    assert {sq[1:] for sq in red1} == {"7", "8"}


def test_r11_choosing_a_seat_chooses_the_starting_side(game):
    # "Each player chooses a starting side": the seat is the side, whoever wins the rolls
    def turned(square: str) -> str:
        return "abcdefgh"[7 - "abcdefgh".index(square[0])] + str(9 - int(square[1:]))

    assert {turned(sq) for sq in red_squares(game, 0)} == red_squares(game, 1)  # no better side
    first_pickers = set()
    for seed in range(12):
        state = game.new(seed)
        while state.to_position()["phase"] == "setup":
            mover = state.to_move[0]
            if not any(state.to_position()["placed"]):
                first_pickers.add(mover)
            assert {str(a).split()[-1] for a in state.legal_actions()} <= red_squares(game, mover)
            state.apply(state.legal_actions()[-1])
        for c in state.observation(None)["creatures"]:
            assert c["square"] in red_squares(game, c["owner"])
    assert first_pickers == {0, 1}  # the roll, not the seat, decides who picks first


def test_draw_mode_shuffles_the_twelve_cards_into_a_pile_with_the_games_rng(game):
    for seed in range(5):
        state = game.new(seed, mode="draw")
        rng = Rng(seed)
        pile = list(range(12))
        rng.shuffle(pile)
        expected_draws = [game.tables.ids[c] for c in reversed(pile)]
        first, _ = roll_off(rng)
        assert state.observation(None)["current"] == first
        draws = []
        while state.observation(None)["phase"] == "setup":
            draws.append(state.observation(None)["drawn"])
            state.apply(state.legal_actions()[0])
        # cards come off the top of the shuffled pile, one per placement, all twelve
        assert draws == expected_draws
        assert sorted(draws) == sorted(game.tables.ids)


def test_the_pile_is_face_down_its_order_is_hidden_from_both_players(game):
    state = game.new(11, mode="draw")
    pos = state.to_position()
    shuffled = dict(pos, pile=list(reversed(pos["pile"])))
    other = game.from_position(shuffled)
    assert other.to_position()["pile"] != pos["pile"]
    for player in (0, 1, None):
        obs = state.observation(player)
        assert obs == other.observation(player)
        assert obs["pile_size"] == 11
        assert "pile" not in obs
    # what is drawn is public: the player takes the corresponding creature
    assert state.observation(1)["drawn"] == pos["drawn"]


def test_roll_off_higher_roll_picks_the_first_creature_ties_are_rerolled(game):
    winners, ties = set(), 0
    for seed in range(60):
        state = game.new(seed, mode="pick")
        first, pairs = roll_off(Rng(seed))  # pick mode: the first dice are the roll-off
        assert roll_events(state, PICK_ROLL) == pairs
        assert state.observation(None)["current"] == first
        assert state.to_move == (first,)
        winners.add(first)
        ties += len(pairs) > 1
    assert winners == {0, 1} and ties > 0  # both outcomes and a rerolled tie were seen


def test_a_tied_roll_off_is_rolled_again_until_one_player_is_higher(game):
    a = seed_for(4, 4, 2, 5)  # a tie, then player 2 rolls higher
    state = game.new(a, mode="pick")
    assert roll_events(state, PICK_ROLL) == [(4, 4), (2, 5)]
    assert state.to_move == (1,)
    b = seed_for(3, 3, 6, 1)
    state = game.new(b, mode="pick")
    assert roll_events(state, PICK_ROLL) == [(3, 3), (6, 1)]
    assert state.to_move == (0,)
    assert any(e.rule == R.SETUP and "tie" in e.text.lower() for e in state.events(None))


# --- Choosing Creatures ---------------------------------------------------------------


def test_roll_winner_draws_and_places_first_then_players_alternate_to_six_each(game):
    state = game.new(7, mode="draw")
    first = state.observation(None)["current"]
    order = []
    while state.observation(None)["phase"] == "setup":
        obs = state.observation(None)
        mover = obs["current"]
        order.append(mover)
        drawn = obs["drawn"]
        assert drawn is not None and creature(state, drawn)["owner"] == mover
        # the drawn card is placed on any red starting space of the mover's side, and only there
        choices = legal_texts(state)
        free_red = {sq for sq in red_squares(game, mover) if all(c["square"] != sq for c in obs["creatures"])}
        assert choices == {f"place {sq}" for sq in free_red}
        target = sorted(free_red)[-1]
        state.apply(f"place {target}")
        assert creature(state, drawn)["square"] == target
    assert order == [first, 1 - first] * 6
    assert len(owned(state, 0)) == 6 and len(owned(state, 1)) == 6
    for c in state.observation(None)["creatures"]:
        assert c["square"] in red_squares(game, c["owner"])


def test_creatures_are_placed_only_on_free_red_spaces_of_your_own_side(game):
    state = game.new(2, mode="draw")
    me = state.observation(None)["current"]
    theirs = sorted(red_squares(game, 1 - me))[0]
    assert_illegal(state, f"place {theirs}", R.CHOOSING)
    assert_illegal(state, "place a4", R.CHOOSING)  # not a red space at all
    mine = sorted(red_squares(game, me))[0]
    state.apply(f"place {mine}")
    state.apply(state.legal_actions()[0])  # the other player
    assert_illegal(state, f"place {mine}", R.CHOOSING)  # already holds a creature


def test_placed_creatures_cannot_move_until_the_game_begins(game):
    state = game.new(5, mode="pick")
    first = state.observation(None)["current"]
    sq = sorted(red_squares(game, first))[0]
    state.apply(f"place cyclops {sq}")
    placed_at = {"cyclops": sq}
    while state.observation(None)["phase"] == "setup":
        # only choosing and placing is possible before combat: no move, give or end
        assert {a.kind for a in state.legal_actions()} == {"pick"}
        assert not any(a.args[0] == game.tables.by_id["cyclops"] for a in state.legal_actions())
        for cid, where in placed_at.items():
            assert creature(state, cid)["square"] == where
        action = state.legal_actions()[0]
        placed_at[game.tables.ids[action.args[0]]] = game.board.names[action.args[1]]
        state.apply(action)
    for cid, where in placed_at.items():
        assert creature(state, cid)["square"] == where


def test_a_placed_creature_cannot_be_placed_again_or_moved_during_setup(game):
    state = game.new(5, mode="pick")
    first = state.observation(None)["current"]
    reds = sorted(red_squares(game, first))
    state.apply(f"place cyclops {reds[0]}")
    state.apply(state.legal_actions()[0])  # opponent
    assert_illegal(state, f"place cyclops {reds[1]}", R.CHOOSING)
    assert_illegal(state, "give cyclops move", R.CHOOSING)
    assert_illegal(state, f"move {reds[1]} n", R.CHOOSING)
    assert_illegal(state, "end", R.CHOOSING)


def test_one_wound_marker_per_card_on_the_first_space_means_no_damage(game):
    for mode in ("draw", "pick", "teams"):
        state = game.new(3, mode=mode)
        finish_setup(state)
        creatures = state.observation(None)["creatures"]
        assert len(creatures) == 12
        for c in creatures:
            assert c["square"] is not None
            assert c["damage"] == 0
            assert c["markers"] == 0
        assert any(e.rule == R.CHOOSING and "wound marker" in e.text for e in state.events(None))


def test_players_roll_again_for_the_first_turn_after_placing(game):
    seen = set()
    for seed in range(25):
        state = game.new(seed, mode="pick")
        rng = Rng(seed)
        roll_off(rng)  # the first roll-off
        finish_setup(state)  # pick mode: placing does not use the dice
        first_turn, pairs = roll_off(rng)
        assert roll_events(state, TURN_ROLL) == pairs
        obs = state.observation(None)
        assert obs["phase"] == "play" and obs["turn"] == 1
        assert obs["current"] == first_turn and obs["actions_left"] == 4
        seen.add((roll_events(state, PICK_ROLL)[-1][0] > roll_events(state, PICK_ROLL)[-1][1], first_turn))
    # the second roll is independent of the first: all four combinations occur
    assert len(seen) == 4


def test_pick_mode_is_an_open_alternating_choice_of_any_unchosen_creature(game):
    state = game.new(4, mode="pick")
    me = state.observation(None)["current"]
    reds = sorted(red_squares(game, me))
    expected = {f"place {cid} {sq}" for cid in game.tables.ids for sq in reds}
    assert legal_texts(state) == expected
    state.apply(f"place minotaur {reds[2]}")
    other = state.observation(None)
    assert other["current"] == 1 - me
    assert "minotaur" not in other["unchosen"]
    assert_illegal(state, f"place minotaur {sorted(red_squares(game, 1 - me))[0]}", R.CHOOSING)
    # the drawn-card form belongs to draw mode only
    assert_illegal(state, f"place {sorted(red_squares(game, 1 - me))[0]}", R.CHOOSING)


# --- Recommended Creatures for the First Game ---------------------------------------


def test_teams_mode_gives_each_player_the_recommended_team(game):
    state = game.new(9, mode="teams")
    teams = (
        {"cyclops", "sphinx", "gorgon", "phoenix", "minotaur", "warrior_priest"},
        {"giga", "desert_preacher", "mummy", "centaur", "manticore", "uat"},
    )
    me = state.observation(None)["current"]
    reds = sorted(red_squares(game, me))
    assert legal_texts(state) == {f"place {cid} {sq}" for cid in teams[me] for sq in reds}
    other_team_creature = sorted(teams[1 - me])[0]
    assert_illegal(state, f"place {other_team_creature} {reds[0]}", R.RECOMMENDED)
    finish_setup(state)
    assert owned(state, 0) == teams[0]
    assert owned(state, 1) == teams[1]


# --- Credo ruling R-1 -------------------------------------------------------------------


def test_r1_placed_creatures_face_the_opposing_side(game):
    state = game.new(6, mode="pick")
    finish_setup(state)
    for c in state.observation(None)["creatures"]:
        assert c["facing"] == ("n" if c["owner"] == 0 else "s")
