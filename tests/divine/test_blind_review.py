"""Divine, clause by clause, written from the rulebook alone (issue #18, blind review).

Each test names the rulebook section it checks (`s<section>_...`), sets its situation up
with a hand-written position and acts through `apply`; it looks at the result only
through `to_position()`, `observation()`, the events and the legal actions. The tests
were written before reading how the game is implemented, so they say what the rules say.
Where the content is Credo's own design (card costs, tile layouts), they test the rule's
mechanism, reading the numbers from the catalogue.

The city of every position is the nine tiles in the order below, none turned: the
special spaces named in the constants below are where those tiles put them.
"""

from __future__ import annotations

import re

import pytest

from credo import games
from credo.kernel import IllegalAction

GAME = games.load("divine")
CATALOGUE = GAME.catalogue()

TILE_ORDER = ["agora", "scriptorium", "north_tower", "east_tower", "south_tower",
              "west_tower", "old_quarter", "catacomb_gate", "hill_of_shrines"]
CITY = [[tile, 0] for tile in TILE_ORDER]
COLUMNS = "abcdefghijklmnopqr"


def _layout() -> dict[str, str]:
    """Square -> the token the catalogue prints there, for CITY (tiles unturned, row major
    from the top-left; a1 is the bottom-left square)."""
    out = {}
    for i, tile in enumerate(TILE_ORDER):
        rows = CATALOGUE["tiles"][tile]["rows"]
        for r in range(6):
            for c in range(6):
                out[f"{COLUMNS[(i % 3) * 6 + c]}{18 - ((i // 3) * 6 + r)}"] = rows[r][c]
    return out


LAYOUT = _layout()
TOWERS = sorted(sq for sq, t in LAYOUT.items() if t == "T")
CATACOMBS = sorted(sq for sq, t in LAYOUT.items() if t == "C")
LIBRARY = next(sq for sq, t in LAYOUT.items() if t == "L")
MARKET = next(sq for sq, t in LAYOUT.items() if t == "M")
TEMPLES = sorted(sq for sq, t in LAYOUT.items() if t.startswith("H"))


def unit(owner: int, kind: str, square: str, **flags) -> dict:
    return {"owner": owner, "kind": kind, "square": square, **flags}


def position(**fields) -> dict:
    """Player 1's (index 0) turn 1 of a 2-player game, in the Ability Step by default;
    empty hands (so no one is asked for Interventions) and a deck of Revelations."""
    players = fields.get("players", 2)
    out = {
        "city": CITY, "players": players, "order": list(range(players)), "current": 0,
        "turn": 1, "step": "ability", "temples": {}, "units": [],
        "hands": [[] for _ in range(players)], "deck": ["revelation"] * 20,
        "divinity": [5] * players, "followers": [10] * players,
    }
    out.update(fields)
    return out


def load(**fields):
    return GAME.from_position(position(**fields))


def legal(state, player=None) -> set[str]:
    if player is None:
        if not state.to_move:
            return set()
        player = state.to_move[0]
    return {str(a) for a in state.legal_actions(player)}


def board(state) -> dict[str, tuple[int, str]]:
    return {u["square"]: (u["owner"], u["kind"]) for u in state.to_position()["units"]}


def unit_at(state, square) -> dict:
    return next(u for u in state.observation(None)["units"] if u["square"] == square)


def texts(state, start: int = 0) -> list[str]:
    return [e.text for e in state.events(None, start)]


def settle(state, stop_for=None) -> None:
    """Pass every window in which a player is asked for an Intervention (except when the
    player asked is `stop_for`), until someone must decide in their own turn."""
    while state.to_move and state.to_position()["window"] is not None and state.to_move[0] != stop_for:
        assert "pass" in legal(state), f"player {state.to_move[0] + 1} must act: {legal(state)}"
        state.apply("pass")


def act(state, action: str, stop_for=None) -> None:
    state.apply(action)
    settle(state, stop_for)


def refused(state, action: str, player=None) -> None:
    before = state.to_position()
    with pytest.raises(IllegalAction):
        state.apply(action, player)
    assert state.to_position() == before


def end_turn_of_other(state_fields: dict) -> tuple:
    """The position's current player ends their turn and the next one's begins (its Draw
    and Move Steps, other players passing their windows); returns the state and the index
    of the first event after the position."""
    s = GAME.from_position(position(**state_fields))
    start = len(s.log)
    act(s, "end")
    return s, start


DIE = re.compile(r"rolls ([\d, ]+?)(?: \((\d+)\)|:)")


# --- Game Setup --------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_1_nine_tiles_in_a_3_by_3_city(players):
    """Game Setup 1: the 9 tiles are mixed and laid in a 3 by 3 grid."""
    arrangements = set()
    for seed in range(12):
        city = GAME.new(seed, players=players).to_position()["city"]
        assert len(city) == 9
        assert sorted(t for t, _ in city) == sorted(CATALOGUE["tiles"])
        arrangements.add(tuple(t for t, _ in city))
    assert len(arrangements) > 1, "the tiles are mixed: not always the same city"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_2_turn_order_is_rolled(players):
    """Game Setup 2: dice decide the turn order (every player in it once; not fixed)."""
    firsts = set()
    for seed in range(40):
        s = GAME.new(seed, players=players)
        order = s.to_position()["order"]
        assert sorted(order) == list(range(players))
        firsts.add(order[0])
        assert any("roll" in t.lower() for t in texts(s))
    assert firsts == set(range(players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_3_deck_shuffled_and_four_cards_each(players):
    """Game Setup 3: the Divinity deck is shuffled and each player draws 4 cards."""
    decks = set()
    for seed in range(5):
        pos = GAME.new(seed, players=players).to_position()
        assert [len(h) for h in pos["hands"]] == [4] * players
        decks.add(tuple(pos["deck"]))
        deck_size = sum(c.get("copies", 1) for c in _card_copies())
        assert len(pos["deck"]) + 4 * players == deck_size
    assert len(decks) > 1


def _card_copies():
    import tomllib
    from pathlib import Path

    import credo.games.divine as pkg

    data = tomllib.loads((Path(pkg.__file__).parent / "data" / "cards.toml").read_text())
    return data["card"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_resources_ten_followers_and_one_divinity(players):
    """Game Setup / Resources: 10 Follower Tokens and 1 Divinity Counter each."""
    s = GAME.new(3, players=players)
    pos = s.to_position()
    assert pos["followers"] == [10] * players
    assert pos["divinity"] == [1] * players


def _place_priests(s):
    order = s.to_position()["order"]
    placed = []
    for p in order:
        assert s.to_move == (p,)
        acts = legal(s)
        assert acts and all(a.startswith("place priest ") for a in acts)
        squares = {a.split()[-1] for a in acts}
        assert squares <= set(s.observation(None)["temples"])
        assert not squares & {sq for sq, _ in placed}
        sq = sorted(squares)[0]
        s.apply(f"place priest {sq}")
        placed.append((sq, p))
        assert s.to_position()["temples"][sq] == p
        assert board(s)[sq] == (p, "priest")
    return placed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_4_priest_and_control_marker_on_a_temple_in_turn_order(players):
    """Game Setup 4: in turn order, each player places a control marker and a Priest on
    a Temple (only Temples, never one already taken)."""
    s = GAME.new(7, players=players)
    _place_priests(s)


def test_setup_4_priest_only_on_a_temple():
    """Game Setup 4: a Priest cannot be placed on a space that is not a Temple."""
    s = GAME.new(7)
    temples = set(s.observation(None)["temples"])
    not_temple = next(sq for sq in (f"{c}{r}" for c in COLUMNS for r in range(1, 19)) if sq not in temples)
    refused(s, f"place priest {not_temple}")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_5_zealots_in_reverse_order_within_3_spaces(players):
    """Game Setup 5: in reverse turn order, each player places a Zealot within 3 spaces
    of their own Temple."""
    s = GAME.new(11, players=players)
    placed = dict((p, sq) for sq, p in _place_priests(s))
    order = s.to_position()["order"]
    for p in reversed(order):
        assert s.to_move == (p,)
        acts = legal(s)
        assert acts and all(a.startswith("place zealot ") for a in acts)
        home = placed[p]
        hc, hr = COLUMNS.index(home[0]), int(home[1:])
        for a in acts:
            sq = a.split()[-1]
            c, r = COLUMNS.index(sq[0]), int(sq[1:])
            assert max(abs(c - hc), abs(r - hr)) <= 3, f"{sq} is more than 3 spaces from {home}"
            assert sq not in board(s)
        straight = [f"{COLUMNS[hc]}{hr + d}" for d in (3, -3) if 1 <= hr + d <= 18]
        straight += [f"{COLUMNS[hc + d]}{hr}" for d in (3, -3) if 0 <= hc + d < 18]
        free = [sq for sq in straight if sq not in board(s)]
        assert any(f"place zealot {sq}" in acts for sq in free)
        s.apply(sorted(acts)[0])
    assert s.to_position()["phase"] == "play"


def test_setup_5_zealot_not_four_spaces_away():
    """Game Setup 5: a Zealot four spaces in a straight line from its Temple is refused."""
    s = GAME.new(11)
    placed = dict((p, sq) for sq, p in _place_priests(s))
    p = s.to_move[0]
    home = placed[p]
    hc, hr = COLUMNS.index(home[0]), int(home[1:])
    far = [f"{COLUMNS[hc]}{hr + d}" for d in (4, -4) if 1 <= hr + d <= 18]
    far += [f"{COLUMNS[hc + d]}{hr}" for d in (4, -4) if 0 <= hc + d < 18]
    for sq in far:
        refused(s, f"place zealot {sq}")


def test_setup_then_first_player_begins_with_a_draw_step():
    """Game Setup then Turn Steps / Draw Step: the first player in turn order begins, and
    their turn begins by drawing a card."""
    s = GAME.new(5)
    order = s.to_position()["order"]
    _place_priests(s)
    for _ in order:
        s.apply(sorted(legal(s))[0])
    # others may answer the Draw Step's window; the first player then holds 5 cards
    first = order[0]
    settle(s)
    assert s.to_position()["current"] == first
    assert len(s.to_position()["hands"][first]) == 5


# --- Win conditions ----------------------------------------------------------------

def test_win_capture_four_towers_at_the_end_of_the_turn():
    """Win Conditions / Capture, Towers: a Unit on each of the 4 Towers at the end of your
    turn wins (any kind of Unit)."""
    last = TOWERS[-1]
    beside = _free_neighbour(last)
    units = [unit(0, "priest", TOWERS[0]), unit(0, "zealot", TOWERS[1]), unit(0, "priest", TOWERS[2]),
             unit(0, "zealot", beside), unit(1, "priest", "a1")]
    s = load(step="move", allowance=1, units=units, temples={"b14": 0, "r12": 1})
    act(s, f"move {beside} {last}")
    assert not s.is_over, "Capture is checked at the end of the turn"
    act(s, "end")
    assert s.is_over and s.winners == (0,)


def test_win_capture_three_towers_is_not_enough():
    """Win Conditions / Capture: three Towers do not win."""
    units = [unit(0, "priest", TOWERS[0]), unit(0, "zealot", TOWERS[1]), unit(0, "priest", TOWERS[2]),
             unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1})
    act(s, "end")
    assert not s.is_over


def test_win_capture_lost_before_the_end_of_the_turn_does_not_win():
    """Towers: 'if you control all four Towers at the end of your turn': a Tower Unit
    destroyed by an Intervention before the turn ends takes the win away."""
    units = [unit(0, "priest", TOWERS[0]), unit(0, "zealot", TOWERS[1]), unit(0, "priest", TOWERS[2]),
             unit(0, "zealot", TOWERS[3]), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1}, hands=[[], ["wrath"]])
    s.apply("end")
    assert s.to_move == (1,), "player 2 may answer the end of the turn with an Intervention"
    s.apply(f"play wrath {TOWERS[3]}")
    settle(s)
    assert TOWERS[3] not in board(s)
    assert not (s.is_over and 0 in s.winners)


def test_win_dominance_last_enemy_temple_desecrated():
    """Win Conditions / Dominance: all other players control no Temple."""
    units = [unit(0, "zealot", "r12"), unit(0, "priest", "b13"), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1})
    act(s, "desecrate r12")
    assert "r12" not in s.to_position()["temples"]
    act(s, "end")
    assert s.is_over and s.winners == (0,)


def test_win_dominance_needs_every_other_player_templeless():
    """Win Conditions / Dominance: in a 3-player game, one other player still holding a
    Temple means no win."""
    units = [unit(0, "zealot", "r12"), unit(1, "priest", "a1"), unit(2, "priest", "a2")]
    s = load(players=3, units=units, temples={"b14": 0, "r12": 1, "k9": 2})
    act(s, "desecrate r12")
    act(s, "end")
    assert not s.is_over


def test_win_prevalence_100_follower_tokens():
    """Win Conditions / Prevalence: 100 Follower Tokens win."""
    s = load(units=[unit(0, "priest", "c17"), unit(1, "priest", "a1")], temples={"b14": 0, "r12": 1},
             followers=[97, 10])
    act(s, "preach c17")  # Population 3
    assert s.to_position()["followers"][0] == 100
    act(s, "end")
    assert s.is_over and s.winners == (0,)


def test_win_prevalence_99_is_not_enough():
    """Win Conditions / Prevalence: 99 tokens do not win."""
    s = load(units=[unit(0, "priest", "c17"), unit(1, "priest", "a1")], temples={"b14": 0, "r12": 1},
             followers=[96, 10])
    act(s, "preach c17")
    act(s, "end")
    assert not s.is_over


@pytest.mark.parametrize("divinity,winner", [([9, 1, 3], 0), ([1, 9, 3], 1)])
def test_win_same_turn_tie_most_divinity_wins(divinity, winner):
    """Check for Win Conditions: if two players reach a win condition in the same turn,
    the player with the most Divinity wins. Player 1 (no Temple left) desecrates player 3's
    last Temple, so player 2 is the only one with a Temple (Dominance), and preaches to
    100 tokens (Prevalence), in the same turn."""
    units = [unit(0, "zealot", "k9"), unit(0, "priest", "c17"), unit(1, "priest", "a1"),
             unit(2, "priest", "a3")]
    s = load(players=3, units=units, temples={"r12": 1, "k9": 2}, followers=[97, 10, 10],
             divinity=divinity)
    act(s, "desecrate k9")
    act(s, "preach c17")
    pos = s.to_position()
    assert pos["followers"][0] >= 100
    act(s, "end")
    assert s.is_over and s.winners == (winner,)


# --- The Game Board ----------------------------------------------------------------

def _neighbours(square):
    c, r = COLUMNS.index(square[0]), int(square[1:])
    out = []
    for dc, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        if 0 <= c + dc < 18 and 1 <= r + dr <= 18:
            out.append(f"{COLUMNS[c + dc]}{r + dr}")
    return out


def _free_neighbour(square, avoid=()):
    return next(sq for sq in _neighbours(square)
                if LAYOUT[sq] in "123" and sq not in avoid and sq not in TOWERS)


def test_board_one_unit_per_space():
    """The Game Board: a space holds one Unit: no move onto an occupied space, own or not."""
    units = [unit(0, "zealot", "e12"), unit(0, "priest", "e11"), unit(1, "priest", "f12")]
    s = load(step="move", allowance=3, units=units, temples={"b14": 0, "r12": 1})
    refused(s, "move e12 e11")
    refused(s, "move e12 f12")
    assert "move e12 e13" in legal(s)


def _attack_rolls(state, start):
    """(attacker dice, defender dice) of the last Attack narrated since `start`."""
    line = next(t for t in reversed(texts(state, start)) if t.startswith("Attack:"))
    found = DIE.findall(line)
    assert len(found) == 2, line
    return [[int(x) for x in f[0].split(", ")] for f in found]


def test_board_tower_zealot_rolls_one_more_die_to_defend():
    """Towers: a Zealot on a Tower rolls 1 additional die for defence (2 instead of 1)."""
    tower = "m10"
    assert tower in TOWERS
    units = [unit(0, "zealot", "m11"), unit(1, "zealot", tower), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1})
    start = len(s.log)
    act(s, f"attack m11 {tower}")
    attacker, defender = _attack_rolls(s, start)
    assert (len(attacker), len(defender)) == (2, 2)


def test_board_catacomb_jump_costs_one_point():
    """Catacombs: a Unit that lands on a Catacomb may use another point of movement
    allowance to move at once to any other Catacomb."""
    src, dst = "i16", "d10"
    assert {src, dst} <= set(CATACOMBS)
    units = [unit(0, "zealot", "i15"), unit(1, "priest", "a1"), unit(1, "zealot", "p10")]
    s = load(step="move", allowance=2, units=units, temples={"b14": 0, "r12": 1})
    act(s, f"move i15 {src}")
    assert s.to_position()["allowance"] == 1
    assert f"move {src} {dst}" in legal(s)
    refused(s, f"move {src} p10")  # occupied Catacomb
    act(s, f"move {src} {dst}")
    assert board(s)[dst] == (0, "zealot")
    assert s.to_position()["allowance"] == 0


def test_board_catacomb_jump_needs_allowance_left():
    """Catacombs: the jump uses another movement point: with none left it is refused."""
    units = [unit(0, "zealot", "i15"), unit(1, "priest", "a1")]
    s = load(step="move", allowance=1, units=units, temples={"b14": 0, "r12": 1})
    act(s, "move i15 i16")
    refused(s, "move i16 d10")


def _turn_start(units, temples=None, hands=None, **more):
    """Player 2 ends turn 2; player 1's turn 3 begins (the Draw Step)."""
    fields = dict(current=1, turn=2, units=units, temples=temples or {"b14": 0, "r12": 1},
                  hands=hands or [[], []], **more)
    return end_turn_of_other(fields)


def test_turn_draw_step_draws_one_card():
    """Turn Steps / Draw Step: at the beginning of your turn, draw a Divinity card."""
    s, _ = _turn_start([unit(0, "priest", "c17"), unit(1, "priest", "a1")], deck=["miracle"] * 10)
    pos = s.to_position()
    assert pos["current"] == 0
    assert pos["hands"][0] == ["miracle"]
    assert len(pos["deck"]) == 9


def test_board_library_extra_card_when_occupied_at_the_beginning_of_the_turn():
    """Library: a Unit of yours on the Library at the beginning of your turn draws you an
    extra card in the Draw Step."""
    s, _ = _turn_start([unit(0, "priest", LIBRARY), unit(1, "priest", "a1")], deck=["miracle"] * 10)
    assert len(s.to_position()["hands"][0]) == 2


def test_board_library_another_players_unit_gives_you_nothing():
    """Library: only a Unit you control on it counts."""
    s, _ = _turn_start([unit(0, "priest", "c17"), unit(1, "priest", LIBRARY)], deck=["miracle"] * 10)
    assert len(s.to_position()["hands"][0]) == 1


def test_board_library_timing_arriving_during_the_turn():
    """Library (timing): a Unit that reaches the Library during your turn draws nothing
    extra that turn; it does at the beginning of your next turn if it is still there."""
    beside = "h16"
    units = [unit(0, "priest", beside), unit(1, "priest", "a1")]
    s = load(step="move", allowance=1, units=units, temples={"b14": 0, "r12": 1}, deck=["miracle"] * 10)
    act(s, f"move {beside} {LIBRARY}")
    assert s.to_position()["hands"][0] == []
    act(s, "end")
    assert s.to_position()["current"] == 1
    act(s, "end")
    pos = s.to_position()
    assert pos["current"] == 0
    assert len(pos["hands"][0]) == 2


def test_board_market_assassin_is_removed():
    """Market: when your Unit is Assassinated in the Market, the Assassin is removed."""
    assert MARKET == "c16"
    units = [unit(0, "zealot", "c15"), unit(1, "priest", MARKET), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1})
    act(s, f"assassinate c15 {MARKET}")
    assert MARKET not in board(s)
    assert "c15" not in board(s), "the Assassin was witnessed and is removed"


@pytest.mark.parametrize("seed", range(8))
def test_board_market_attacker_is_removed_whatever_the_roll(seed):
    """Market: when your Unit is Attacked in the Market, the attacker is removed."""
    units = [unit(0, "zealot", "c15"), unit(1, "zealot", MARKET), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1}, rng=[seed, 0])
    act(s, f"attack c15 {MARKET}")
    assert "c15" not in board(s)


def test_board_market_protects_only_the_unit_standing_in_it():
    """Market: a Zealot standing on the Market that assassinates a Priest outside it is
    not removed (it is the victim who must be in the Market)."""
    units = [unit(0, "zealot", MARKET), unit(1, "priest", "c15"), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1})
    act(s, f"assassinate {MARKET} c15")
    assert "c15" not in board(s)
    assert board(s)[MARKET] == (0, "zealot")


@pytest.mark.parametrize("square,population", [("a18", 2), ("b18", 1), ("c17", 3)])
def test_board_population_preach_gains_the_number(square, population):
    """Population and Priest / Preach: gain the number printed on the space in Follower
    Tokens and in Divinity."""
    assert LAYOUT[square] == str(population)
    s = load(units=[unit(0, "priest", square), unit(1, "priest", "a1")], temples={"b14": 0, "r12": 1},
             followers=[10, 10], divinity=[1, 1])
    act(s, f"preach {square}")
    pos = s.to_position()
    assert pos["followers"][0] == 10 + population
    assert pos["divinity"][0] == 1 + population


@pytest.mark.parametrize("place", ["tower", "catacomb", "library", "market"])
def test_priest_preach_not_without_a_population_number(place):
    """Priest / Preach: cannot Preach on a space without a Population number."""
    square = {"tower": TOWERS[0], "catacomb": CATACOMBS[0], "library": LIBRARY, "market": MARKET}[place]
    s = load(units=[unit(0, "priest", square), unit(1, "priest", "a1")], temples={"b14": 0, "r12": 1})
    refused(s, f"preach {square}")


def test_priest_preach_not_on_another_players_temple():
    """Priest / Preach: cannot Preach on a Temple another player controls."""
    s = load(units=[unit(0, "priest", "r12"), unit(1, "priest", "a1")], temples={"b14": 0, "r12": 1})
    refused(s, "preach r12")


# --- Cards -------------------------------------------------------------------------

def _cost(card):
    return CATALOGUE["cards"][card]["cost"]


def test_cards_intervention_on_another_players_turn():
    """Cards / Intervention: can be played at any time, on another player's turn too."""
    units = [unit(0, "zealot", "e12"), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1}, hands=[[], ["wrath"]])
    s.apply("end")
    assert s.to_move == (1,)
    s.apply("play wrath e12")
    settle(s)
    assert "e12" not in board(s)
    assert s.to_position()["divinity"][1] == 5 - _cost("wrath")


def test_cards_interventions_stack_and_resolve_from_the_top_down():
    """Cards / Intervention: played in response they stack and resolve from the top down:
    a Denial answering a Denial cancels it, and the Assassination goes ahead."""
    units = [unit(0, "zealot", "e12"), unit(1, "priest", "e13"), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1}, hands=[["denial"], ["denial"]])
    s.apply("assassinate e12 e13")
    assert s.to_move == (1,)
    s.apply("play denial")
    assert s.to_move == (0,)
    s.apply("play denial")
    settle(s)
    assert "e13" not in board(s)


def test_cards_single_response_denies():
    """Cards / Intervention in response: one Denial answering an Assassination stops it."""
    units = [unit(0, "zealot", "e12"), unit(1, "priest", "e13"), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1}, hands=[[], ["denial"]])
    s.apply("assassinate e12 e13")
    s.apply("play denial")
    settle(s)
    assert board(s)["e13"] == (1, "priest")


def test_cards_covenant_only_during_your_turn():
    """Cards / Covenant: only during your own turn."""
    units = [unit(0, "zealot", "e12"), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1}, hands=[[], ["miracle", "wrath"]])
    s.apply("end")
    assert s.to_move == (1,) and s.to_position()["current"] == 0
    assert "play miracle" not in legal(s)
    refused(s, "play miracle", 1)
    s2 = load(current=1, turn=2, units=units, temples={"b14": 0, "r12": 1}, hands=[[], ["miracle"]])
    act(s2, "play miracle")
    assert s2.to_position()["divinity"][1] == 5 - _cost("miracle")
    assert s2.to_position()["followers"][1] == 15


def test_cards_commandment_only_during_your_turn_and_stays():
    """Cards / Commandment: only during your turn; it stays in the game."""
    units = [unit(0, "zealot", "e12"), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1}, hands=[["zeal"], ["walls", "wrath"]])
    act(s, "play zeal")
    pos = s.to_position()
    assert pos["commandments"][0] == ["zeal"] and "zeal" not in pos["hands"][0]
    s.apply("end")
    assert s.to_move == (1,)
    assert "play walls" not in legal(s)
    refused(s, "play walls", 1)
    s.apply("pass")
    settle(s)
    act(s, "end")
    assert s.to_position()["current"] == 0
    assert s.to_position()["commandments"][0] == ["zeal"]


def test_cards_commandment_removed_when_a_card_says_so():
    """Cards / Commandment: stays unless another card instructs to remove it."""
    units = [unit(0, "zealot", "e12"), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1}, hands=[["iconoclasm"], []],
             commandments=[[], ["walls"]])
    act(s, "play iconoclasm walls p2")
    assert s.to_position()["commandments"][1] == []


def test_cards_cost_must_be_paid():
    """Cards: Divinity cards have Divinity costs: a card you cannot pay is refused."""
    units = [unit(0, "zealot", "e12"), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1}, hands=[["miracle"], []],
             divinity=[_cost("miracle") - 1, 5])
    refused(s, "play miracle")


# --- Turn Steps --------------------------------------------------------------------

@pytest.mark.parametrize("temples", [0, 1, 3])
def test_turn_move_step_one_die_per_temple(temples):
    """Move Step: roll dice equal to the number of Temples you control; the total is the
    movement allowance (none at all without a Temple). Three players, so that player 1
    without a Temple has not already lost by Dominance."""
    owned = {sq: 0 for sq in ["b14", "k9", "e7"][:temples]}
    for seed in range(4):
        s, start = end_turn_of_other(dict(
            players=3, order=[1, 0, 2], current=1, turn=1, rng=[seed, 0],
            units=[unit(0, "priest", "c17"), unit(1, "priest", "a1"), unit(2, "priest", "a3")],
            temples={**owned, "r12": 1, "r14": 2}))
        pos = s.to_position()
        assert pos["current"] == 0 and pos["step"] == "move"
        line = next(t for t in texts(s, start) if "Move Step" in t)
        found = re.search(r"rolls ([\d, ]+):", line)
        dice = [int(x) for x in found.group(1).split(", ")] if found else []
        assert len(dice) == temples, line
        assert pos["allowance"] == sum(dice)


def test_turn_move_step_allowance_divided_among_units():
    """Move Step: the allowance may be divided among any of your Units."""
    units = [unit(0, "zealot", "e12"), unit(0, "priest", "h12"), unit(1, "priest", "a1")]
    s = load(step="move", allowance=3, units=units, temples={"b14": 0, "r12": 1})
    act(s, "move e12 e13")
    act(s, "move h12 h13")
    act(s, "move h13 h14")
    assert board(s)["e13"] == (0, "zealot") and board(s)["h14"] == (0, "priest")
    assert s.to_position()["allowance"] == 0
    assert not any(a.startswith("move ") for a in legal(s))


def test_turn_move_step_not_beyond_the_allowance():
    """Move Step: the movement allowance is all you may move."""
    units = [unit(0, "zealot", "e12"), unit(1, "priest", "a1")]
    s = load(step="move", allowance=1, units=units, temples={"b14": 0, "r12": 1})
    act(s, "move e12 e13")
    refused(s, "move e13 e14")


def test_turn_move_step_not_other_players_units():
    """Move Step: you move your own Units only."""
    units = [unit(0, "zealot", "e12"), unit(1, "priest", "a1")]
    s = load(step="move", allowance=3, units=units, temples={"b14": 0, "r12": 1})
    refused(s, "move a1 a2")
    refused(s, "move a1 a2", 1)


def test_turn_move_step_need_not_use_all_of_the_allowance():
    """Move Step: you do not have to use all of your movement allowance."""
    units = [unit(0, "priest", "c17"), unit(1, "priest", "a1")]
    s = load(step="move", allowance=4, units=units, temples={"b14": 0, "r12": 1})
    assert "end" in legal(s) and "preach c17" in legal(s)
    act(s, "preach c17")
    act(s, "end")
    assert s.to_position()["current"] == 1


def test_turn_ability_step_comes_after_the_move_step():
    """Ability Step: you must complete your Move Step before using abilities: once a Unit
    has used an ability, no Unit moves this turn."""
    units = [unit(0, "priest", "c17"), unit(0, "zealot", "e12"), unit(1, "priest", "a1")]
    s = load(step="move", allowance=4, units=units, temples={"b14": 0, "r12": 1})
    act(s, "preach c17")
    assert not any(a.startswith("move ") for a in legal(s))
    refused(s, "move e12 e13")


def test_turn_each_unit_one_ability():
    """Ability Step / Basic Units: each Unit uses one of its abilities in the Ability Step."""
    units = [unit(0, "priest", "c17"), unit(0, "priest", "d17"), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1})
    act(s, "preach c17")
    refused(s, "vigil c17")
    refused(s, "preach c17")
    act(s, "preach d17")
    assert s.to_position()["followers"][0] == 16


def test_turn_order_passes_to_the_next_player():
    """Turn Steps / End of Turn: play passes in turn order."""
    units = [unit(0, "priest", "c17"), unit(1, "priest", "a1"), unit(2, "priest", "a3")]
    s = GAME.from_position(position(players=3, order=[2, 0, 1], current=2, turn=1, units=units,
                                    temples={"b14": 0, "r12": 1, "k9": 2}))
    s.apply("end")
    settle(s)
    assert s.to_position()["current"] == 0
    s.apply("end")
    settle(s)
    assert s.to_position()["current"] == 1


def test_turn_other_players_cannot_act_in_your_turn():
    """Turn Steps: another player's Units do not act in your turn."""
    units = [unit(0, "priest", "c17"), unit(1, "priest", "d17")]
    s = load(units=units, temples={"b14": 0, "r12": 1})
    refused(s, "preach d17", 1)
    refused(s, "preach d17")


# --- Units / Abilities -------------------------------------------------------------

@pytest.mark.parametrize("kind", ["priest", "zealot"])
def test_temple_train_at_an_unoccupied_temple_you_control_for_1_divinity(kind):
    """Basic Units / Temples / Train: pay 1 Divinity, place a Priest or Zealot in a Temple
    you control that is unoccupied."""
    s = load(units=[unit(0, "priest", "c17"), unit(1, "priest", "a1")], temples={"b14": 0, "r12": 1},
             divinity=[2, 2])
    act(s, f"train {kind} b14")
    assert board(s)["b14"] == (0, kind)
    assert s.to_position()["divinity"][0] == 1


@pytest.mark.parametrize("case", ["occupied", "enemy", "uncontrolled", "no divinity"])
def test_temple_train_refused(case):
    """Temples / Train: only in an unoccupied Temple you control, and for 1 Divinity."""
    units = [unit(0, "priest", "c17"), unit(1, "priest", "a1")]
    temples = {"b14": 0, "r12": 1}
    divinity = [2, 2]
    square = "b14"
    if case == "occupied":
        units.append(unit(0, "zealot", "b14"))
    elif case == "enemy":
        square = "r12"
    elif case == "uncontrolled":
        square = "k9"
    else:
        divinity = [0, 2]
    s = load(units=units, temples=temples, divinity=divinity)
    refused(s, f"train priest {square}")
    refused(s, f"train zealot {square}")


def test_units_trained_unit_cannot_move_or_act_that_turn():
    """Basic Units: Units cannot move or use abilities in the turn they were trained; they
    can in the owner's next turn."""
    s = load(step="move", allowance=0, units=[unit(0, "priest", "c17"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1}, divinity=[2, 2])
    act(s, "train priest b14")
    assert not any(a.split()[1] == "b14" for a in legal(s) if a.split()[0] in
                   ("move", "preach", "establish", "vigil"))
    refused(s, "preach b14")
    refused(s, "vigil b14")
    act(s, "end")
    act(s, "end")
    assert s.to_position()["current"] == 0
    assert "vigil b14" in legal(s)


def test_priest_establish_takes_an_unoccupied_free_temple():
    """Priest / Establish: on a Temple no other player controls, place your control
    marker."""
    s = load(units=[unit(0, "priest", "k9"), unit(1, "priest", "a1")], temples={"b14": 0, "r12": 1})
    act(s, "establish k9")
    assert s.to_position()["temples"]["k9"] == 0


def test_priest_establish_not_on_another_players_temple():
    """Priest / Establish: not in a Temple controlled by another player."""
    s = load(units=[unit(0, "priest", "r12"), unit(1, "priest", "a1")], temples={"b14": 0, "r12": 1})
    refused(s, "establish r12")


def test_priest_establish_with_no_marker_left_moves_one_from_an_unoccupied_space():
    """Priest / Establish: with no control marker left you may take one from another
    space, so long as that space is unoccupied."""
    mine = ["b14", "g13", "b11", "e7", "b5"]  # five Temples: every marker in use
    units = [unit(0, "priest", "k9"), unit(0, "zealot", "b14"), unit(1, "priest", "a1")]
    s = load(units=units, temples={**{sq: 0 for sq in mine}, "r12": 1})
    assert s.observation(0)["players_state"][0]["markers_left"] == 0
    refused(s, "reclaim b14")  # occupied
    if "establish k9" in legal(s):
        pytest.fail("with no marker left, Establish first needs a marker taken back")
    act(s, "reclaim g13")
    act(s, "establish k9")
    temples = s.to_position()["temples"]
    assert temples["k9"] == 0 and "g13" not in temples
    assert sum(1 for p in temples.values() if p == 0) == 5


def test_priest_vigilance_protects_from_zealots():
    """Priest / Vigilance, Zealot / Assassinate: a Vigilant Priest cannot be Assassinated
    by a Zealot."""
    s = load(units=[unit(0, "priest", "e12"), unit(1, "zealot", "e13"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    act(s, "vigil e12")
    assert unit_at(s, "e12")["vigilance"]
    act(s, "end")
    assert s.to_position()["current"] == 1
    refused(s, "assassinate e13 e12")


def test_priest_vigilance_lost_when_it_moves():
    """Priest / Vigilance: lost when the Priest moves."""
    s = load(step="move", allowance=2,
             units=[unit(0, "priest", "e12", vigilance=True), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    act(s, "move e12 e13")
    assert not unit_at(s, "e13")["vigilance"]


def test_priest_vigilance_lost_when_it_uses_another_ability():
    """Priest / Vigilance: lost when the Priest uses a different ability."""
    s = load(units=[unit(0, "priest", "c17", vigilance=True), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    act(s, "preach c17")
    assert not unit_at(s, "c17")["vigilance"]


def test_priest_vigilance_kept_while_it_stays_and_does_nothing():
    """Priest / Vigilance: a Priest that neither moves nor acts keeps it."""
    s = load(units=[unit(0, "priest", "c17", vigilance=True), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    act(s, "end")
    act(s, "end")
    assert unit_at(s, "c17")["vigilance"]


def test_zealot_assassinate_an_adjacent_priest():
    """Zealot / Assassinate: adjacent to a Priest, destroy it."""
    s = load(units=[unit(0, "zealot", "e12"), unit(1, "priest", "e13"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    act(s, "assassinate e12 e13")
    assert "e13" not in board(s) and board(s)["e12"] == (0, "zealot")


@pytest.mark.parametrize("case", ["zealot", "own priest", "two away"])
def test_zealot_assassinate_refused(case):
    """Zealot / Assassinate: only an adjacent Priest of another player."""
    target = {"zealot": unit(1, "zealot", "e13"), "own priest": unit(0, "priest", "e13"),
              "two away": unit(1, "priest", "e14")}[case]
    s = load(units=[unit(0, "zealot", "e12"), target, unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    refused(s, f"assassinate e12 {target['square']}")


def _attack(attacker_kind, defender_kind, seed, defender_square="e13"):
    units = [unit(0, attacker_kind, "e12"), unit(1, defender_kind, defender_square),
             unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1}, rng=[seed, 0])
    start = len(s.log)
    act(s, f"attack e12 {defender_square}")
    return s, _attack_rolls(s, start)


@pytest.mark.parametrize("attacker,defender,dice", [
    ("zealot", "zealot", (2, 1)), ("zealot", "avatar", (2, 3)),
    ("avatar", "zealot", (3, 1)), ("avatar", "avatar", (3, 3))])
def test_zealot_attack_dice(attacker, defender, dice):
    """Zealot / Attack, Avatar 2): the attacker rolls 2 dice (an Avatar 3, on offence or
    defence); a defending Zealot rolls 1 die, a defending Avatar 3."""
    _, (a, d) = _attack(attacker, defender, 1)
    assert (len(a), len(d)) == dice


def test_zealot_attack_highest_total_wins_tie_destroys_both():
    """Zealot / Attack: the highest total wins and the other Unit is destroyed; a tie
    destroys both (over enough rolls to meet all three outcomes)."""
    seen = set()
    for seed in range(80):
        s, (a, d) = _attack("zealot", "zealot", seed)
        here = board(s)
        if sum(a) > sum(d):
            assert "e13" not in here and here["e12"] == (0, "zealot")
            seen.add("attacker")
        elif sum(a) < sum(d):
            assert "e12" not in here and here["e13"] == (1, "zealot")
            seen.add("defender")
        else:
            assert "e12" not in here and "e13" not in here
            seen.add("tie")
    assert seen == {"attacker", "defender", "tie"}


def test_zealot_attack_needs_a_zealot_or_avatar_target():
    """Zealot / Attack: only against another Zealot or Avatar: not a Priest, not your own."""
    s = load(units=[unit(0, "zealot", "e12"), unit(1, "priest", "e13"), unit(0, "zealot", "e11"),
                    unit(1, "zealot", "e15"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    refused(s, "attack e12 e13")
    refused(s, "attack e12 e11")
    refused(s, "attack e12 e15")  # not adjacent


def test_zealot_desecrate_removes_the_control_marker():
    """Zealot / Desecrate: on an opponent's controlled Temple, remove its control marker."""
    s = load(units=[unit(0, "zealot", "r12"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1, "k9": 1})
    act(s, "desecrate r12")
    assert "r12" not in s.to_position()["temples"]
    assert s.observation(None)["players_state"][1]["temples"] == 1


@pytest.mark.parametrize("case", ["own", "uncontrolled", "not a temple"])
def test_zealot_desecrate_refused(case):
    """Zealot / Desecrate: only on a Temple an opponent controls."""
    square = {"own": "b14", "uncontrolled": "k9", "not a temple": "e12"}[case]
    s = load(units=[unit(0, "zealot", square), unit(1, "priest", "a1")], temples={"b14": 0, "r12": 1})
    refused(s, f"desecrate {square}")


def test_avatar_desecrates():
    """Avatar: all abilities of Zealots, Desecrate among them."""
    s = load(units=[unit(0, "avatar", "r12"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1, "k9": 1})
    act(s, "desecrate r12")
    assert "r12" not in s.to_position()["temples"]


def test_temple_sanctuary_no_assassination_or_attack_in_own_temple():
    """Temples / Sanctuary: Units cannot be Assassinated or Attacked in a Temple their
    owner controls."""
    s = load(units=[unit(0, "zealot", "r11"), unit(0, "zealot", "q13"), unit(1, "priest", "r12"),
                    unit(1, "zealot", "r13"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1, "r14": 1})
    refused(s, "assassinate r11 r12")
    s2 = load(units=[unit(0, "zealot", "r13"), unit(1, "zealot", "r14"), unit(1, "priest", "a1")],
              temples={"b14": 0, "r12": 1, "r14": 1})
    refused(s2, "attack r13 r14")


def test_temple_sanctuary_does_not_stop_divinity_cards():
    """Temples / Sanctuary: does not protect against the effects of Divinity cards."""
    s = load(units=[unit(0, "zealot", "e12"), unit(1, "priest", "r12"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1}, hands=[["wrath"], []])
    act(s, "play wrath r12")
    assert "r12" not in board(s)


def test_temple_sanctuary_only_in_a_temple_the_owner_controls():
    """Temples / Sanctuary: a Priest standing in a Temple its owner does not control can be
    Assassinated."""
    s = load(units=[unit(0, "zealot", "k10"), unit(1, "priest", "k9"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    act(s, "assassinate k10 k9")
    assert "k9" not in board(s)


# --- Advanced Units ----------------------------------------------------------------

@pytest.mark.parametrize("card,kind", [("arrival", "prophet"), ("avatar", "avatar")])
def test_advanced_unit_from_its_card_on_an_unoccupied_temple_you_control(card, kind):
    """Advanced Units: created by playing the card and paying its cost, placed on an
    unoccupied Temple you control."""
    s = load(units=[unit(0, "priest", "c17"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1, "k9": 0}, hands=[[card], []], divinity=[6, 6])
    refused(s, f"play {card} r12")
    refused(s, f"play {card} e7")  # nobody's Temple
    act(s, f"play {card} b14")
    assert board(s)["b14"] == (0, kind)
    assert s.to_position()["divinity"][0] == 6 - _cost(card)


def test_advanced_unit_not_on_an_occupied_temple():
    """Advanced Units: the Temple must be unoccupied."""
    s = load(units=[unit(0, "priest", "b14"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1}, hands=[["arrival"], []], divinity=[6, 6])
    refused(s, "play arrival b14")


def test_advanced_units_at_most_two_on_the_board():
    """Advanced Units: only 2 on the board at any one time."""
    s = load(units=[unit(0, "prophet", "c17"), unit(0, "avatar", "e12"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1}, hands=[["arrival", "avatar"], []], divinity=[9, 9])
    refused(s, "play arrival b14")
    refused(s, "play avatar b14")


def test_advanced_unit_cannot_move_or_act_the_turn_it_arrives():
    """Advanced Units: cannot move or use abilities in the turn they were trained."""
    s = load(step="move", allowance=4, units=[unit(0, "priest", "c17"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1}, hands=[["arrival"], []], divinity=[6, 6])
    act(s, "play arrival b14")
    assert not any(a.split()[1] == "b14" for a in legal(s) if a.split()[0] in
                   ("move", "preach", "establish", "vigil", "convert"))


def test_prophet_preach_twice_the_tokens_and_no_divinity():
    """Prophet 1): a Preaching Prophet gains twice the Follower Tokens and no Divinity."""
    s = load(units=[unit(0, "prophet", "c17"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1}, followers=[10, 10], divinity=[1, 1])
    act(s, "preach c17")
    pos = s.to_position()
    assert pos["followers"][0] == 16 and pos["divinity"][0] == 1


@pytest.mark.parametrize("kind", ["priest", "zealot"])
def test_prophet_converts_a_priest_or_zealot(kind):
    """Prophet 2): Convert an opponent's Priest or Zealot into one you control."""
    s = load(units=[unit(0, "prophet", "e12"), unit(1, kind, "e13"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    act(s, "convert e12 e13")
    assert board(s)["e13"] == (0, kind)


@pytest.mark.parametrize("kind", ["prophet", "avatar"])
def test_prophet_cannot_convert_advanced_units(kind):
    """Prophet 2): only Priests and Zealots are converted."""
    s = load(units=[unit(0, "prophet", "e12"), unit(1, kind, "e13"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    refused(s, "convert e12 e13")


def test_prophet_establishes_like_a_priest():
    """Prophet: all abilities of Priests (Establish)."""
    s = load(units=[unit(0, "prophet", "k9"), unit(1, "priest", "a1")], temples={"b14": 0, "r12": 1})
    act(s, "establish k9")
    assert s.to_position()["temples"]["k9"] == 0


def test_prophet_always_has_vigilance():
    """Prophet 3): always Vigilant: a Zealot cannot Assassinate it, even after it moved
    and preached."""
    s = load(step="move", allowance=1, units=[unit(0, "prophet", "c18", vigilance=True),
                                              unit(1, "zealot", "c16"),
                                              unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    act(s, "move c18 c17")
    assert unit_at(s, "c17")["vigilance"]
    act(s, "preach c17")
    assert unit_at(s, "c17")["vigilance"]
    act(s, "end")
    assert s.to_position()["current"] == 1
    refused(s, "assassinate c16 c17")


def test_prophet_vigilance_cards_still_work():
    """Prophet 3): cards that affect Vigilance can still be used on Prophets: after Seeds
    of Doubt a Zealot can Assassinate it."""
    s = load(current=1, turn=2, units=[unit(0, "prophet", "c17", vigilance=True),
                                       unit(1, "zealot", "c16"),
                                       unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1}, hands=[[], ["doubt"]])
    act(s, "play doubt c17")
    assert not unit_at(s, "c17")["vigilance"]
    act(s, "assassinate c16 c17")
    assert "c17" not in board(s)


def test_avatar_assassinates_a_vigilant_priest():
    """Avatar 1): Avatars can Assassinate Units with Vigilance."""
    s = load(units=[unit(0, "avatar", "e12"), unit(1, "priest", "e13", vigilance=True),
                    unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    act(s, "assassinate e12 e13")
    assert "e13" not in board(s)


def test_avatar_assassinates_a_prophet():
    """Avatar 1): Avatars can Assassinate Units with Vigilance, a Prophet (always Vigilant)
    among them."""
    s = load(units=[unit(0, "avatar", "e12"), unit(1, "prophet", "e13", vigilance=True),
                    unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    act(s, "assassinate e12 e13")
    assert "e13" not in board(s)


def test_avatar_cannot_assassinate_in_a_sanctuary():
    """Temples / Sanctuary: even an Avatar cannot Assassinate a Unit in its owner's Temple."""
    s = load(units=[unit(0, "avatar", "r11"), unit(1, "priest", "r12", vigilance=True),
                    unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    refused(s, "assassinate r11 r12")


def test_advanced_units_limit_counts_only_your_own():
    """Advanced Units: 'you may only have 2': another player's Advanced Units do not count
    against yours."""
    s = load(units=[unit(0, "priest", "c17"), unit(1, "prophet", "a1", vigilance=True),
                    unit(1, "avatar", "a3")],
             temples={"b14": 0, "r12": 1}, hands=[["arrival"], []], divinity=[6, 6])
    act(s, "play arrival b14")
    assert board(s)["b14"] == (0, "prophet")


def test_advanced_units_are_never_trained_at_a_temple():
    """Advanced Units: only created by their card, never trained like a basic Unit."""
    s = load(units=[unit(0, "priest", "c17"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1}, divinity=[9, 9])
    refused(s, "train prophet b14")
    refused(s, "train avatar b14")


def test_win_checked_at_the_end_of_the_turn_not_before():
    """Check for Win Conditions: after the Ability Step: Dominance reached by a Desecration
    does not end the game until the turn ends."""
    s = load(units=[unit(0, "zealot", "r12"), unit(0, "priest", "c17"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    act(s, "desecrate r12")
    assert not s.is_over
    assert "preach c17" in legal(s)
    act(s, "preach c17")
    act(s, "end")
    assert s.is_over and s.winners == (0,)


def test_win_dominance_reached_by_another_player_in_your_turn():
    """Check for Win Conditions: a win condition another player reaches during your turn
    counts at its end: player 1 (no Temple) desecrates player 3's last Temple, and player 2,
    the only one left with a Temple, wins by Dominance."""
    units = [unit(0, "zealot", "k9"), unit(1, "priest", "a1"), unit(2, "priest", "a3")]
    s = load(players=3, units=units, temples={"r12": 1, "k9": 2})
    act(s, "desecrate k9")
    act(s, "end")
    assert s.is_over and s.winners == (1,)


@pytest.mark.parametrize("seed", range(6))
def test_board_market_attack_still_resolves(seed):
    """Market: the attacker is removed, and the Attack itself still decides the defender's
    fate by the dice."""
    units = [unit(0, "zealot", "c15"), unit(1, "zealot", MARKET), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1}, rng=[seed, 0])
    start = len(s.log)
    act(s, f"attack c15 {MARKET}")
    a, d = _attack_rolls(s, start)
    assert "c15" not in board(s)
    assert (MARKET in board(s)) == (sum(d) > sum(a))


def test_cards_response_resolves_before_the_ability_it_answers():
    """Cards / Intervention: a response resolves first: Watchful Eyes played in answer to an
    Assassination gives the Priest Vigilance, and the Zealot's Assassination fails."""
    units = [unit(0, "zealot", "e12"), unit(1, "priest", "e13"), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1}, hands=[[], ["watchful"]])
    s.apply("assassinate e12 e13")
    assert s.to_move == (1,)
    s.apply("play watchful e13")
    settle(s)
    assert board(s)["e13"] == (1, "priest")
    assert unit_at(s, "e13")["vigilance"]


def test_cards_response_destroying_the_attacker_stops_the_attack():
    """Cards / Intervention: Wrath of God in answer to an Attack destroys the attacker
    before the Attack resolves: no dice are rolled, the defender stays."""
    units = [unit(0, "zealot", "e12"), unit(1, "zealot", "e13"), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1}, hands=[[], ["wrath"]])
    start = len(s.log)
    s.apply("attack e12 e13")
    s.apply("play wrath e12")
    settle(s)
    assert "e12" not in board(s) and board(s)["e13"] == (1, "zealot")
    assert not any("rolls" in t for t in texts(s, start))


def test_board_tower_zealot_defending_against_an_avatar():
    """Towers and Avatar 2): an Avatar attacks with 3 dice; a Zealot on a Tower defends
    with 2."""
    units = [unit(0, "avatar", "m11"), unit(1, "zealot", "m10"), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1})
    start = len(s.log)
    act(s, "attack m11 m10")
    a, d = _attack_rolls(s, start)
    assert (len(a), len(d)) == (3, 2)


def test_board_tower_no_extra_die_for_the_attacker():
    """Towers: the extra die is for defence only: a Zealot attacking from a Tower rolls 2."""
    units = [unit(0, "zealot", "m10"), unit(1, "zealot", "m9"), unit(1, "priest", "a1")]
    s = load(units=units, temples={"b14": 0, "r12": 1})
    start = len(s.log)
    act(s, "attack m10 m9")
    a, d = _attack_rolls(s, start)
    assert (len(a), len(d)) == (2, 1)


def test_priest_vigilance_lost_when_it_establishes():
    """Priest / Vigilance: lost when it uses a different ability (Establish)."""
    s = load(units=[unit(0, "priest", "k9", vigilance=True), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    act(s, "establish k9")
    assert not unit_at(s, "k9")["vigilance"]


def test_catacomb_jump_only_between_catacombs():
    """Catacombs: the jump is from a Catacomb to another Catacomb only."""
    units = [unit(0, "zealot", "e12"), unit(1, "priest", "a1")]
    s = load(step="move", allowance=3, units=units, temples={"b14": 0, "r12": 1})
    for cat in CATACOMBS:
        refused(s, f"move e12 {cat}")


@pytest.mark.parametrize("card", ["wrath", "miracle"])
def test_turn_playing_a_card_does_not_end_the_move_step(card):
    """Move Step / Cards: playing a card is not a Unit's ability: the Move Step goes on."""
    units = [unit(0, "zealot", "e12"), unit(1, "priest", "a1"), unit(1, "zealot", "a3")]
    s = load(step="move", allowance=3, units=units, temples={"b14": 0, "r12": 1}, hands=[[card], []])
    act(s, "play wrath a3" if card == "wrath" else "play miracle")
    assert "move e12 e13" in legal(s)
    act(s, "move e12 e13")
    assert board(s)["e13"] == (0, "zealot")


def test_win_no_action_after_the_game_is_won():
    """Win Conditions: the game ends with the win: nothing more can be played."""
    s = load(units=[unit(0, "zealot", "r12"), unit(1, "priest", "a1")], temples={"b14": 0, "r12": 1})
    act(s, "desecrate r12")
    act(s, "end")
    assert s.is_over and s.to_move == ()
    assert legal(s) == set()
    refused(s, "preach a1", 1)


def test_board_market_attacker_standing_in_the_market_is_not_removed():
    """Market: it is the Unit attacked in the Market that is witnessed; a Zealot attacking
    out of the Market is not removed for it."""
    seen_win = False
    for seed in range(20):
        units = [unit(0, "zealot", MARKET), unit(1, "zealot", "c15"), unit(1, "priest", "a1")]
        s = load(units=units, temples={"b14": 0, "r12": 1}, rng=[seed, 0])
        start = len(s.log)
        act(s, f"attack {MARKET} c15")
        a, d = _attack_rolls(s, start)
        if sum(a) > sum(d):
            seen_win = True
            assert board(s)[MARKET] == (0, "zealot") and "c15" not in board(s)
    assert seen_win


def test_cards_a_covenant_can_be_answered():
    """Cards / Intervention: played in response to other cards: a Denial answering a
    Miracle makes it do nothing (its cost stays paid, as Credo's Denial says)."""
    s = load(units=[unit(0, "priest", "c17"), unit(1, "priest", "a1")], temples={"b14": 0, "r12": 1},
             hands=[["miracle"], ["denial"]], followers=[10, 10])
    s.apply("play miracle")
    assert s.to_move == (1,)
    s.apply("play denial")
    settle(s)
    assert s.to_position()["followers"][0] == 10


@pytest.mark.parametrize("players", [1, 5])
def test_players_two_to_four(players):
    """Divine is a game for 2 to 4 players: other counts are refused in one line."""
    with pytest.raises(IllegalAction) as refused_players:
        GAME.new(0, players=players)
    assert "\n" not in str(refused_players.value)



def test_temple_sanctuary_does_not_shield_an_attacker():
    """Temples / Sanctuary protects a Unit from being Attacked, not when it attacks: a
    Zealot attacking out of its own Temple and losing the roll is destroyed."""
    seen_loss = False
    for seed in range(20):
        units = [unit(0, "zealot", "b14"), unit(1, "zealot", "b15"), unit(1, "priest", "a1")]
        s = load(units=units, temples={"b14": 0, "r12": 1}, rng=[seed, 0])
        start = len(s.log)
        act(s, "attack b14 b15")
        a, d = _attack_rolls(s, start)
        if sum(a) < sum(d):
            seen_loss = True
            assert "b14" not in board(s) and board(s)["b15"] == (1, "zealot")
    assert seen_loss


def test_prophet_converts_a_vigilant_priest():
    """Priest / Vigilance protects from Assassination by Zealots only: a Prophet still
    Converts a Vigilant Priest."""
    s = load(units=[unit(0, "prophet", "e12", vigilance=True), unit(1, "priest", "e13", vigilance=True),
                    unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    act(s, "convert e12 e13")
    assert board(s)["e13"] == (0, "priest")


def test_avatar_assassinates_priests_only():
    """Zealot / Assassinate, Avatar: Assassinate destroys a Priest; a Zealot is Attacked,
    not Assassinated, even by an Avatar."""
    s = load(units=[unit(0, "avatar", "e12"), unit(1, "zealot", "e13"), unit(1, "priest", "a1")],
             temples={"b14": 0, "r12": 1})
    refused(s, "assassinate e12 e13")


# --- Random play against the rules ------------------------------------------------

ABILITIES = {"preach", "establish", "vigil", "assassinate", "attack", "desecrate", "convert"}
HOMES = [("b14", "b13", "c14"), ("r12", "r11", "q12"), ("k9", "k8", "j9"), ("n5", "n4", "m5")]


def _adjacent(a, b):
    return abs(COLUMNS.index(a[0]) - COLUMNS.index(b[0])) + abs(int(a[1:]) - int(b[1:])) == 1


def _meets_a_win_condition(pos, player):
    units = [u for u in pos["units"] if u["owner"] == player]
    capture = set(TOWERS) <= {u["square"] for u in units}
    owners = set(pos["temples"].values())
    dominance = player in owners and owners == {player}
    return capture or dominance or pos["followers"][player] >= 100


def _random_game_start(players, seed):
    fresh = GAME.new(seed, players=players).to_position()
    deck = fresh["deck"] + [c for hand in fresh["hands"] for c in hand]
    units, temples = [], {}
    for p in range(players):
        temple, priest, zealot = HOMES[p]
        temples[temple] = p
        units += [unit(p, "priest", priest), unit(p, "zealot", zealot)]
    return GAME.from_position(position(
        players=players, turn_limit=40, step="end", units=units, temples=temples,
        deck=deck[4 * players:], hands=[deck[4 * p:4 * p + 4] for p in range(players)],
        divinity=[1] * players, rng=[seed, 0]))


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (3, 3), (4, 4), (2, 5), (3, 6), (4, 7), (2, 8),
                                          (2, 9), (3, 10), (4, 11), (2, 12)])
def test_random_play_keeps_the_rules(players, seed):
    """Every clause that can be checked on any move, over random games: one Unit a space
    (The Game Board), at most 2 Advanced Units each, moves of one space or Catacomb to
    Catacomb within the allowance onto free spaces (Move Step, Catacombs), no move after a
    Unit's ability (Ability Step), one ability a Unit a turn and none by a Unit that arrived
    this turn (Basic Units), one die a Temple (Move Step), Preach gains (Priest, Prophet),
    and the game ends exactly when a win condition is met at the end of a turn."""
    import random

    rng = random.Random(seed)
    s = _random_game_start(players, seed)
    s.apply("end")
    turn, acted, arrived, ability_used = None, set(), set(), False
    for _ in range(3000):
        if s.is_over:
            break
        pos = s.to_position()
        if pos["turn"] != turn:
            turn, acted, ability_used = pos["turn"], set(), False
            arrived = set()
        mover = s.to_move[0]
        current = pos["current"]
        options = sorted(legal(s))
        eager = [a for a in options if a.split()[0] in ABILITIES | {"train", "play"}]
        action = rng.choice(eager if eager and rng.random() < 0.6 else options)
        words = action.split()
        before_units = {u["square"]: u for u in pos["units"]}
        start = len(s.log)
        s.apply(action)
        after = s.to_position()
        squares = [u["square"] for u in after["units"]]
        assert len(squares) == len(set(squares)), "one Unit a space"
        for p in range(players):
            advanced = [u for u in after["units"] if u["owner"] == p and u["kind"] in ("prophet", "avatar")]
            assert len(advanced) <= 2
        if mover == current and after["turn"] == turn:
            slots_before = {u["slot"] for u in pos["units"]}
            arrived |= {u["slot"] for u in after["units"] if u["slot"] not in slots_before
                        and u["owner"] == current}
        if words[0] == "move":
            src, dst = words[1], words[2]
            mover_unit = before_units[src]
            assert mover_unit["owner"] == current and dst not in before_units
            assert _adjacent(src, dst) or (src in CATACOMBS and dst in CATACOMBS)
            assert after["allowance"] == pos["allowance"] - 1
            assert not ability_used, "a Unit moved after an ability was used"
            assert mover_unit["slot"] not in arrived
        if words[0] in ABILITIES and mover == current:
            actor = before_units[words[1]]
            assert actor["slot"] not in acted, "one ability a Unit a turn"
            assert actor["slot"] not in arrived, "no ability in the turn a Unit arrives"
            acted.add(actor["slot"])
            ability_used = True
        if words[0] == "preach":
            kind = before_units[words[1]]["kind"]
            printed = LAYOUT[words[1]]
            population = 1 if printed.startswith("H") else int(printed)
            extra = sum(1 for c in pos["commandments"][current] if c == "faith")
            if not s.to_position()["stack"] and not any("denied" in t for t in texts(s, start)):
                gained = after["followers"][current] - pos["followers"][current]
                if kind == "prophet":
                    assert gained == 2 * population + extra
                    assert after["divinity"][current] == pos["divinity"][current]
                else:
                    assert gained == population + extra
        for line in texts(s, start):
            found = re.search(r"Move Step: player (\d) controls .*?rolls ([\d, ]+):", line)
            if found:
                p = int(found.group(1)) - 1
                owned = sum(1 for o in after["temples"].values() if o == p)
                assert len(found.group(2).split(", ")) == owned, line
        if after["turn"] != turn and not s.is_over:
            for p in range(players):
                assert not _meets_a_win_condition(after, p), f"player {p + 1} should have won"
    if s.is_over and s.winners:
        final = s.to_position()
        assert any(_meets_a_win_condition(final, w) for w in s.winners)
