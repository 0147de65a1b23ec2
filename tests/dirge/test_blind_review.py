"""Blind rules review of Dirge (issue #18): one test per clause of the rulebook,
written from the rulebook alone and through the public API only (positions, `apply`,
`legal_actions`, events, observations), before reading how the game does it.

Each test names its rulebook section. Where the content is Credo's design (the
numbers of every creature the rulebook does not print), the expected values are
read from the content file, so the tests check the rule, not our invented numbers.

Squares: columns a-h, rows 1-8; the first player's side is rows 1-2 and a creature
facing "n" looks toward row 8. Dice are never faked: a test that needs a roll looks
for a generator state (the position's `rng`) whose real die gives it.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from credo import games
from credo.kernel import IllegalAction

DATA = Path(games.__file__).parent / "dirge" / "data"
CREATURES = {c["id"]: c for c in tomllib.loads((DATA / "creatures.toml").read_text())["creature"]}
BATTLEFIELD = tomllib.loads((DATA / "battlefield.toml").read_text())["battlefield"]
ABILITIES = {a["id"]: a for c in CREATURES.values() for a in c["abilities"]}
SIDE_INDEX = {"front": 0, "flank": 1}
STEP = {"n": (0, 1), "s": (0, -1), "e": (1, 0), "w": (-1, 0)}


@pytest.fixture(scope="module")
def game():
    return games.load("dirge")


# --- helpers: positions, dice, refusals --------------------------------------------

def C(owner: int, square: str, facing: str | None = None, **extra) -> dict:
    entry = {"owner": owner, "square": square, "facing": facing or ("n" if owner == 0 else "s")}
    entry.update(extra)
    return entry


def position(creatures: dict, current: int = 0, turn: int = 3, **fields) -> dict:
    p = {"game": "dirge", "phase": "play", "current": current, "turn": turn, "actions_left": 4,
         "creatures": creatures}
    p.update(fields)
    return p


def at(game, creatures: dict, **fields):
    return game.from_position(position(creatures, **fields))


def creature(state, cid: str) -> dict:
    return state.to_position()["creatures"][cid]


def seen(state, cid: str) -> dict:
    return next(c for c in state.observation(None)["creatures"] if c["id"] == cid)


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def assert_refused(state, action: str) -> IllegalAction:
    before = state.to_position()
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert state.to_position() == before, f"a refused {action!r} changed the state"
    assert refused.value.message and "\n" not in str(refused.value), "a refusal is one line"
    return refused.value


def events_since(state, start: int) -> list:
    return state.events(None, start)


def attack_event(events):
    """The event announcing an attack and the side it hits."""
    return next(e for e in events if e.rule.startswith("Combat") and "attacks" in e.template)


def evasion_rolls(events) -> list:
    return [e for e in events if e.rule.startswith("Combat / Evasion")]


def with_roll(game, creatures: dict, actions: list[str], roll: int, **fields):
    """The state after `actions` from the position, with a generator state whose first
    evasion roll is `roll` (the raw die)."""
    for r in range(1, 3000):
        s = at(game, creatures, rng=[r, 0], **fields)
        start = len(s.events(None))
        for a in actions:
            s.apply(a)
        rolls = evasion_rolls(events_since(s, start))
        assert rolls, "no evasion roll was made"
        if rolls[0].args[1] == roll:
            return s, events_since(s, start)
    raise AssertionError(f"no generator state rolls {roll}")


def strength_mod(attacker: str, side: str) -> int:
    total = 0
    for a in CREATURES[attacker]["abilities"]:
        for m in a.get("modifiers", []):
            if m["stat"] == "strength" and m.get("when", "always") in ("attacking", "always") \
                    and side in m.get("sides", ["front", "flank", "back"]):
                total += m["amount"]
    return total


def toughness_of(defender: str, side: str) -> int:
    base = 0 if side == "back" else CREATURES[defender]["toughness"][SIDE_INDEX[side]]
    for a in CREATURES[defender]["abilities"]:
        for m in a.get("modifiers", []):
            if m["stat"] == "toughness" and side in m.get("sides", []):
                base += m["amount"]
    return base


def evasion_of(defender: str, side: str) -> int:
    return 0 if side == "back" else CREATURES[defender]["evasion"][SIDE_INDEX[side]]


def has_roll_modifier(cid: str, when: str = "defending") -> bool:
    """Whether the creature changes evasion rolls when `when` (attacking or defending)."""
    return any(m["stat"] == "evasion_roll" and m.get("when", "always") in (when, "always")
               for a in CREATURES[cid]["abilities"] for m in a.get("modifiers", []))


def speed_of(cid: str) -> int:
    return CREATURES[cid]["speed"] + sum(m["amount"] for a in CREATURES[cid]["abilities"]
                                         for m in a.get("modifiers", []) if m["stat"] == "speed")


def sq(col: int, row: int) -> str:
    return "abcdefgh"[col] + str(row + 1)


def xy(square: str) -> tuple[int, int]:
    return "abcdefgh".index(square[0]), int(square[1:]) - 1


def play_setup(game, seed: int, **options):
    s = game.new(seed, **options)
    rnd = random.Random(seed)
    while s.to_position()["phase"] == "setup":
        s.apply(rnd.choice(s.legal_actions()))
    return s


# plain attackers: no strength or evasion-roll modifier, no trigger on attacking
PLAIN = ["warrior_priest", "sphinx"]
assert not any(has_roll_modifier(a, "attacking") or strength_mod(a, s) for a in PLAIN for s in ("front", "flank", "back"))


def fragile(owner: int, square: str, facing: str, cid: str, **extra) -> dict:
    """A creature entry whose once-a-game rescue (the Phoenix's) is already spent, so a
    lethal blow destroys it."""
    if any(a.get("once") for a in CREATURES[cid]["abilities"]):
        extra["once_spent"] = True
    return C(owner, square, facing, **extra)


def plain_attacker_for(defender: str) -> str:
    """An attacker with no modifier of its own; against a defender that adds to its own
    evasion rolls, the Minotaur, whose Quickness takes it off again, so a blow can land."""
    if has_roll_modifier(defender):
        return "minotaur"
    return next(a for a in PLAIN if a != defender)


# --- Setup --------------------------------------------------------------------------

def test_setup_twelve_creature_cards_shuffled_into_a_face_down_pile(game):
    """Setup: the twelve creature cards are shuffled into a face-down pile."""
    orders = set()
    for seed in range(6):
        p = game.new(seed).to_position()
        cards = p["pile"] + [p["drawn"]]
        assert sorted(cards) == sorted(CREATURES)
        orders.add(tuple(cards))
    assert len(orders) > 1, "the pile is not shuffled: every seed gives the same order"


def test_setup_pile_is_face_down_no_player_sees_its_order(game):
    """Setup: the pile is face down: no player (nor a spectator) can tell its order."""
    p = game.new(4).to_position()
    other = dict(p, pile=list(reversed(p["pile"])))
    a, b = game.from_position(p), game.from_position(other)
    for viewer in (0, 1, None):
        assert a.observation(viewer) == b.observation(viewer)


def test_setup_higher_roll_picks_the_first_creature(game):
    """Setup: players roll their dice; the higher roll picks the first creature (equal
    rolls roll again)."""
    winners = set()
    for seed in range(15):
        s = game.new(seed)
        rolls = [e for e in s.events(None) if e.rule == "Setup" and "roll" in e.template.lower()
                 and len(e.args) >= 3]
        assert rolls, "no roll for the first pick"
        for tie in rolls[:-1]:
            assert tie.args[-2] == tie.args[-1]
        r1, r2 = rolls[-1].args[-2], rolls[-1].args[-1]
        assert r1 != r2
        winner = 0 if r1 > r2 else 1
        winners.add(winner)
        assert s.to_move == (winner,)
        assert s.to_position()["creatures"][s.to_position()["drawn"]]["owner"] == winner
    assert winners == {0, 1}, "the same player always picks first"


# --- Choosing Creatures --------------------------------------------------------------

def test_choosing_place_on_any_red_starting_space_of_own_side(game):
    """Choosing Creatures: the drawn creature goes on any red starting space of the
    player's side, and nowhere else."""
    sides = [set(x) for x in BATTLEFIELD["start_spaces"]]
    s = game.new(0)
    places = {str(a).split()[-1] for a in s.legal_actions()}
    mover = s.to_move[0]
    assert places in sides
    other_side = next(x for x in sides if x != places)
    s.apply(f"place {sorted(places)[0]}")
    s2 = s
    assert s2.to_move == (1 - mover,)
    assert {str(a).split()[-1] for a in s2.legal_actions()} == other_side - set()


def test_choosing_place_off_the_red_spaces_is_refused(game):
    """Choosing Creatures: a creature is placed on a red starting space of its side:
    a space of the middle rows or of the opponent's side is refused."""
    s = game.new(0)
    own = {str(a).split()[-1] for a in s.legal_actions()}
    other = next(set(x) for x in BATTLEFIELD["start_spaces"] if set(x) != own)
    assert_refused(s, "place d4")
    assert_refused(s, f"place {sorted(other)[0]}")
    assert_refused(s, "place a1" if "a1" not in own else "place h8")


def test_choosing_place_on_an_occupied_space_is_refused(game):
    """Choosing Creatures: one creature a space: a red space already holding a creature
    cannot take another."""
    s = game.new(0)
    first = s.to_move[0]
    square = sorted(str(a).split()[-1] for a in s.legal_actions())[0]
    s.apply(f"place {square}")
    s.apply(s.legal_actions()[0])  # the other player
    assert s.to_move == (first,)
    assert_refused(s, f"place {square}")


def test_choosing_players_alternate_until_each_has_six(game):
    """Choosing Creatures: the roll winner places first, then the other, alternating
    until each has six creatures."""
    s = game.new(2)
    first = s.to_move[0]
    movers = []
    while s.to_position()["phase"] == "setup":
        movers.append(s.to_move[0])
        drawn = s.to_position()["drawn"]
        s.apply(s.legal_actions()[0])
        assert creature(s, drawn)["owner"] == movers[-1] and creature(s, drawn)["square"]
    assert movers == [first, 1 - first] * 6
    owners = [c["owner"] for c in s.to_position()["creatures"].values()]
    assert owners.count(0) == 6 and owners.count(1) == 6


def test_choosing_each_draw_takes_a_card_from_the_pile(game):
    """Choosing Creatures: each player takes a card from the pile and places that creature."""
    s = game.new(5)
    while s.to_position()["phase"] == "setup":
        p = s.to_position()
        assert p["drawn"] not in p["pile"]
        s.apply(s.legal_actions()[0])
        q = s.to_position()
        if q["phase"] == "setup":
            assert q["drawn"] in p["pile"] and len(q["pile"]) == len(p["pile"]) - 1


def test_choosing_placed_creatures_cannot_move_until_the_game_begins(game):
    """Choosing Creatures: once placed, a creature cannot be moved until the game begins."""
    s = game.new(1)
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    placed = [cid for cid, c in s.to_position()["creatures"].items() if c.get("square")]
    assert all(str(a).startswith("place") for a in s.legal_actions())
    for cid in placed:
        with pytest.raises(IllegalAction):
            s.apply(f"give {cid} move")


def test_choosing_wound_markers_start_on_the_first_space(game):
    """Choosing Creatures: a wound marker goes on the leftmost space of each card: every
    creature begins with no damage and no action marker."""
    s = play_setup(game, 3)
    for cid, c in s.to_position()["creatures"].items():
        assert c.get("damage", 0) == 0 and c.get("markers", 0) == 0, cid
        assert seen(s, cid)["damage"] == 0


def test_choosing_second_roll_decides_the_first_turn(game):
    """Choosing Creatures: the players roll again; the higher roll takes the first turn
    (equal rolls roll again)."""
    checked = 0
    for seed in range(15):
        s = play_setup(game, seed)
        rolls = [e for e in s.events(None) if "first turn" in e.text.lower() and len(e.args) >= 3]
        assert rolls, "no roll for the first turn"
        for tie in rolls[:-1]:
            assert tie.args[-2] == tie.args[-1]
        r1, r2 = rolls[-1].args[-2], rolls[-1].args[-1]
        assert r1 != r2
        assert s.to_move == ((0,) if r1 > r2 else (1,))
        assert s.to_position()["turn"] == 1
        checked += 1
    assert checked


def test_choosing_recommended_first_game_teams(game):
    """Recommended Creatures for the First Game: the two printed teams, one a player."""
    s = play_setup(game, 7, mode="teams")
    teams = [sorted(cid for cid, c in s.to_position()["creatures"].items() if c["owner"] == p) for p in (0, 1)]
    assert sorted(teams) == sorted(sorted(t) for t in BATTLEFIELD["recommended_teams"])


def test_choosing_not_at_random_pick_mode_offers_every_unchosen_creature(game):
    """Choosing Creatures: 'not recommended to choose creatures at random': the pick mode
    lets the player choose any creature not yet taken."""
    s = game.new(1, mode="pick")
    names = {str(a).split()[1] for a in s.legal_actions()}
    assert names == set(CREATURES)
    first = str(s.legal_actions()[0]).split()[1]
    s.apply(s.legal_actions()[0])
    assert first not in {str(a).split()[1] for a in s.legal_actions()}


# --- Playing the Game / A Turn in Dirge ---------------------------------------------------

BASIC = {
    "minotaur": C(0, "d4", "n"),
    "sphinx": C(0, "a1", "n"),
    "warrior_priest": C(0, "h1", "n"),
    "mummy": C(1, "d8", "s"),
    "uat": C(1, "h8", "s"),
}


def test_playing_four_actions_a_turn(game):
    """Playing the Game / Step Two: a player has four actions a turn, no more."""
    s = at(game, BASIC)
    assert s.to_position()["actions_left"] == 4
    s.apply("give sphinx move")
    s.apply("done")
    s.apply("give minotaur move")
    s.apply("done")
    assert s.to_position()["actions_left"] == 2
    assert_refused(s, "give warrior_priest move+attack")  # 3 actions, 2 left
    assert "give warrior_priest move+attack" not in legal(s)


def test_playing_turn_ends_when_four_actions_are_carried_out(game):
    """Playing the Game: once the four actions are carried out, the turn ends."""
    s2 = at(game, dict(BASIC, mummy=C(1, "d7", "s")))
    s2.apply("give minotaur move+attack")
    s2.apply("move d6 n")
    s2.apply("attack mummy")
    s2.apply("give sphinx move")
    s2.apply("move a2 n")
    assert s2.to_move == (1,), "the turn goes on after its four actions"
    assert s2.to_position()["actions_left"] == 4


def test_playing_turn_ends_when_the_player_decides(game):
    """Playing the Game: the player may end the turn without using every action; the
    other player's turn begins, with four actions."""
    s = at(game, BASIC)
    s.apply("give sphinx move")
    s.apply("move a2 n")
    s.apply("end")
    p = s.to_position()
    assert s.to_move == (1,) and p["current"] == 1 and p["actions_left"] == 4 and p["turn"] == 4


def test_playing_turn_ends_when_the_player_cannot_act(game):
    """Playing the Game: when the player is unable to use further actions, the turn ends."""
    creatures = {"minotaur": C(0, "d4", "n", markers=2), "sphinx": C(0, "a1", "n"),
                 "mummy": C(1, "d8", "s"), "uat": C(1, "h8", "s")}
    s = at(game, creatures, blocked=["minotaur"])
    s.apply("give sphinx move")
    s.apply("move a2 n")
    # three actions left, but every creature is used or blocked
    assert s.to_move == (1,) or legal(s) == {"end"}


def test_playing_turns_pass_from_one_player_to_the_other(game):
    """Playing the Game: turns pass from one player to the other."""
    s = at(game, BASIC)
    for expected in (1, 0, 1, 0):
        s.apply("end")
        assert s.to_move == (expected,)


# --- End of the Game ---------------------------------------------------------------

def test_end_destroying_the_last_creature_wins(game):
    """End of the Game: when the last creature of a player is destroyed, that player loses."""
    s = at(game, {"minotaur": C(0, "d4", "n"), "mummy": C(1, "d5", "s", damage=CREATURES["mummy"]["wounds"] - 1)})
    s.apply("give minotaur attack")
    s.apply("attack mummy")
    assert s.is_over and s.winners == (0,)
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction):
        s.apply("end")


def test_end_game_goes_on_while_a_creature_remains(game):
    """Playing the Game: players take turns until one has no creature on the board."""
    s = at(game, {"minotaur": C(0, "d4", "n"), "mummy": C(1, "d5", "s", damage=CREATURES["mummy"]["wounds"] - 1),
                  "uat": C(1, "h8", "s"), "sphinx": C(0, "a1", "n")})
    s.apply("give minotaur attack")
    s.apply("attack mummy")
    assert not s.is_over and s.winners == ()
    assert s.to_move == (0,)  # two actions left; the Minotaur is spent


def test_end_last_creature_destroyed_by_an_ability_loses(game):
    """End of the Game: however the last creature is destroyed (here by an ability's
    damage), its player loses."""
    smite = ABILITIES["smite"]["effects"][0]["amount"]
    s = at(game, {"warrior_priest": C(0, "d4", "n"),
                  "uat": C(1, "d5", "s", damage=CREATURES["uat"]["wounds"] - smite)})
    s.apply("give warrior_priest smite")
    s.apply("smite uat")
    assert s.is_over and s.winners == (0,)


def test_end_attacker_destroyed_by_a_trigger_loses(game):
    """End of the Game: the attacker's own last creature destroyed (by the defender's
    triggered ability) loses the game for the attacker."""
    hair = ABILITIES["serpent_hair"]["effects"][0]["amount"]
    creatures = {"sphinx": C(0, "d4", "n", damage=CREATURES["sphinx"]["wounds"] - hair),
                 "gorgon": C(1, "d5", "s")}
    # the attack must land and the Gorgon survive it
    s, _ = with_roll(game, creatures, ["give sphinx attack", "attack gorgon"], 1)
    assert creature(s, "gorgon").get("square") == "d5"
    assert s.is_over and s.winners == (1,)


def test_end_no_turn_limit_by_default(game):
    """Playing the Game: players continue taking turns until one has no creatures:
    the rulebook sets no turn limit, and by default neither does the game."""
    s = at(game, BASIC, turn=5000)
    for _ in range(3):
        s.apply("end")
    assert not s.is_over


# --- The Creatures: sides, characteristics, wounds -------------------------------------

def test_creatures_twelve_each_with_two_abilities(game):
    """The Creatures / Special Abilities: twelve creatures, each with two special abilities."""
    cat = game.catalogue()["creatures"]
    assert len(cat) == 12 and set(cat) == set(CREATURES)
    for cid, c in cat.items():
        assert len(c["abilities"]) == 2 and len(set(c["abilities"])) == 2, cid


def test_creatures_printed_values_of_the_rulebook(game):
    """The Creatures (the Sphinx card, the worked example, Range 3): the printed values."""
    cat = game.catalogue()["creatures"]
    sph = cat["sphinx"]
    assert (sph["speed"], sph["strength"], sph["range"], sph["toughness"][0], sph["evasion"][0], sph["wounds"]) \
        == (2, 3, 1, 6, 3, 5)
    assert cat["minotaur"]["strength"] == 5 and "quickness" in cat["minotaur"]["abilities"]
    assert cat["cyclops"]["toughness"][1] == 1 and cat["cyclops"]["evasion"][1] == 6
    assert "push" in cat["cyclops"]["abilities"]
    assert cat["centaur"]["range"] == 3 and cat["gorgon"]["range"] == 3
    assert all(c["range"] == 1 for cid, c in cat.items() if cid not in ("centaur", "gorgon"))


def _attack_from(side: str, defender_square="d5", defender_facing="s"):
    """The attacker's square and facing to hit a defender at d5 facing south on `side`."""
    return {"front": ("d4", "n"), "flank": ("c5", "e"), "back": ("d6", "s")}[side]


@pytest.mark.parametrize("side", ["front", "flank", "back"])
def test_sides_front_is_the_facing_back_opposite_flanks_the_others(game, side):
    """The Creatures / Sides: the front is the facing, the back the opposite side, the
    other two the flanks; the side attacked is where the attacker stands."""
    square, facing = _attack_from(side)
    s = at(game, {"sphinx": C(0, square, facing), "mummy": C(1, "d5", "s"), "uat": C(1, "h8", "s")})
    start = len(s.events(None))
    s.apply("give sphinx attack")
    s.apply("attack mummy")
    attack = attack_event(events_since(s, start))
    assert side in attack.text


def test_sides_both_flanks_are_flanks(game):
    """The Creatures / Sides: the two sides beside the front are both flanks."""
    s = at(game, {"sphinx": C(0, "e5", "w"), "mummy": C(1, "d5", "s"), "uat": C(1, "h8", "s")})
    start = len(s.events(None))
    s.apply("give sphinx attack")
    s.apply("attack mummy")
    assert "flank" in attack_event(events_since(s, start)).text


@pytest.mark.parametrize("cid", sorted(CREATURES))
def test_speed_moves_up_to_speed_spaces_never_diagonally(game, cid):
    """Characteristics (Speed) / Move: a creature moves a number of spaces equal to or
    less than its Speed, never diagonally: the squares it may reach are those within
    Speed orthogonal steps, its own included (a change of facing only)."""
    other = "a8" if cid != "uat" else "h8"
    foe = "uat" if cid != "uat" else "mummy"
    s = at(game, {cid: C(0, "d4", "n"), foe: C(1, other, "s")})
    s.apply(f"give {cid} move")
    reach = {str(a).split()[1] for a in s.legal_actions() if str(a).startswith("move")}
    speed = speed_of(cid)
    expected = {sq(x, y) for x in range(8) for y in range(8)
                if abs(x - 3) + abs(y - 3) <= speed and sq(x, y) != other}
    assert reach == expected


def test_move_diagonal_step_is_refused(game):
    """Move: creatures cannot move diagonally: a square at one diagonal step for each of
    Speed steps (beyond Speed orthogonal steps) is refused."""
    s = at(game, BASIC)
    s.apply("give minotaur move")
    assert_refused(s, "move f6 n")  # two diagonal steps; four orthogonal ones
    assert_refused(s, "move d7 n")  # three steps: beyond Speed 2


def test_move_cannot_pass_through_an_opposing_creature(game):
    """Move: creatures cannot move through a space occupied by an opposing creature."""
    s = at(game, {"minotaur": C(0, "d4", "n"), "uat": C(1, "d5", "s"), "mummy": C(1, "h8", "s")})
    s.apply("give minotaur move")
    assert "move d6 n" not in legal(s)
    assert_refused(s, "move d6 n")


def test_move_may_pass_through_an_own_creature(game):
    """Move: only opposing creatures block the way: a creature may pass through a space
    of its own side (it may not end there)."""
    s = at(game, {"minotaur": C(0, "d4", "n"), "sphinx": C(0, "d5", "n"), "uat": C(1, "h8", "s")})
    s.apply("give minotaur move")
    s.apply("move d6 n")
    assert creature(s, "minotaur")["square"] == "d6"


@pytest.mark.parametrize("owner", [0, 1])
def test_move_cannot_end_on_any_creature(game, owner):
    """Move: creatures cannot end their movement on a space occupied by any creature."""
    s = at(game, {"minotaur": C(0, "d4", "n"), "mummy": C(owner, "d6", "s"), "uat": C(1, "h8", "s")})
    s.apply("give minotaur move")
    assert_refused(s, "move d6 n")


def test_move_is_one_action_and_may_only_change_facing(game):
    """Move = One Action: the creature may move and/or change its facing; it costs one
    action marker."""
    s = at(game, BASIC)
    s.apply("give minotaur move")
    assert creature(s, "minotaur")["markers"] == 1 and s.to_position()["actions_left"] == 3
    s.apply("move d4 e")
    c = creature(s, "minotaur")
    assert (c["square"], c["facing"]) == ("d4", "e")


def test_move_ends_facing_any_way(game):
    """Move: the creature ends its move facing the way the player chooses."""
    s = at(game, BASIC)
    s.apply("give minotaur move")
    for f in "nesw":
        assert f"move d5 {f}" in legal(s)
    s.apply("move d5 w")
    assert (creature(s, "minotaur")["square"], creature(s, "minotaur")["facing"]) == ("d5", "w")


def test_attack_is_two_actions(game):
    """Attack = Two Actions."""
    s = at(game, {"minotaur": C(0, "d4", "n"), "mummy": C(1, "d5", "s"), "uat": C(1, "h8", "s")})
    s.apply("give minotaur attack")
    assert creature(s, "minotaur")["markers"] == 2 and s.to_position()["actions_left"] == 2


def test_markers_on_a_card_are_the_actions_given(game):
    """Step Two: each black marker is one action: a creature given move and attack
    carries three."""
    s = at(game, {"minotaur": C(0, "d4", "n"), "mummy": C(1, "d6", "s"), "uat": C(1, "h8", "s")})
    s.apply("give minotaur move+attack")
    assert creature(s, "minotaur")["markers"] == 3 and s.to_position()["actions_left"] == 1


RANGE_ONE = sorted(c for c in CREATURES if CREATURES[c]["range"] == 1)


@pytest.mark.parametrize("cid", RANGE_ONE)
@pytest.mark.parametrize("square", ["d5", "c4", "e4", "d3", "e5", "d6"])
def test_range_one_attacks_only_the_creature_adjacent_to_its_front(game, cid, square):
    """Characteristics (Range): Range 1 creatures can only attack creatures adjacent
    to their front side (not at a flank, the back, a diagonal, two spaces away)."""
    foe = "mummy" if cid != "mummy" else "uat"
    other = "centaur"
    s = at(game, {cid: C(0, "d4", "n"), foe: C(1, square, "s"), other: C(1, "h8", "s")})
    if square == "d5":
        s.apply(f"give {cid} attack")
        s.apply(f"attack {foe}")
        assert attack_event(s.events(None))
    elif f"give {cid} attack" in legal(s):
        s.apply(f"give {cid} attack")
        assert_refused(s, f"attack {foe}")
    else:
        assert_refused(s, f"give {cid} attack")


def test_range_one_cannot_attack_two_spaces_away(game):
    """Characteristics (Range): a creature cannot attack another outside its Range."""
    s = at(game, {"minotaur": C(0, "d4", "n"), "mummy": C(1, "d6", "s"), "uat": C(1, "h8", "s")})
    assert "give minotaur attack" not in legal(s)
    s.apply("give minotaur move+attack")
    assert_refused(s, "attack mummy")


def test_attack_does_not_change_facing(game):
    """Attack: a creature cannot change its facing to attack; an attack leaves the
    facing as it was."""
    s = at(game, {"minotaur": C(0, "d4", "n"), "mummy": C(1, "d5", "s"), "uat": C(1, "h8", "s")})
    s.apply("give minotaur attack")
    s.apply("attack mummy")
    assert creature(s, "minotaur")["facing"] == "n"
    assert creature(s, "mummy")["facing"] == "s"


def test_attack_may_follow_a_move_that_turns_to_face(game):
    """Attack: a change of facing comes only from a move (or an ability): move to face
    the enemy, then attack."""
    s = at(game, {"minotaur": C(0, "d4", "n"), "mummy": C(1, "e4", "w"), "uat": C(1, "h8", "s")})
    s.apply("give minotaur move+attack")
    s.apply("move d4 e")
    s.apply("attack mummy")
    assert creature(s, "minotaur")["facing"] == "e"


# --- Step One / Step Two / Actions ----------------------------------------------------

def test_step_one_removes_one_marker_from_each_own_creature(game):
    """Step One: at the start of a turn the player removes one black marker from each of
    their own creatures (not the opponent's)."""
    creatures = {"minotaur": C(0, "d4", "n"), "sphinx": C(0, "a1", "n"),
                 "mummy": C(1, "d8", "s", markers=2), "uat": C(1, "h8", "s", markers=1),
                 "centaur": C(1, "a8", "s")}
    s = at(game, creatures, current=0)
    s.apply("give minotaur attack+move" if "give minotaur attack+move" in legal(s) else "give minotaur move+attack")
    s.apply("done")
    assert creature(s, "minotaur")["markers"] == 3
    s.apply("end")
    assert s.to_move == (1,)
    assert creature(s, "mummy").get("markers", 0) == 1
    assert creature(s, "uat").get("markers", 0) == 0
    assert creature(s, "minotaur")["markers"] == 3, "Step One touched the opponent's creature"


def test_step_one_happens_on_the_second_players_first_turn(game):
    """Step One: only the first turn of the game skips Step One: on the second turn of
    the game (the second player's first) a marker put on their creature is removed."""
    creatures = {"sphinx": C(0, "d4", "n"), "warrior_priest": C(0, "a1", "n"),
                 "mummy": C(1, "d6", "s"), "uat": C(1, "h8", "s")}
    s = at(game, creatures, current=0, turn=1)
    s.apply("give sphinx riddle")
    s.apply("riddle mummy")
    assert creature(s, "mummy")["markers"] >= 1
    markers = creature(s, "mummy")["markers"]
    s.apply("end")
    assert s.to_position()["turn"] == 2
    assert creature(s, "mummy").get("markers", 0) == markers - 1


def test_step_two_creature_with_a_marker_cannot_be_given_actions(game):
    """Step Two: actions cannot be given to a creature that began Step Two with a black
    marker on its card."""
    creatures = {"minotaur": C(0, "d4", "n", markers=3), "sphinx": C(0, "a1", "n"), "mummy": C(1, "d8", "s")}
    s = at(game, creatures, current=1, turn=4)
    s.apply("end")
    assert s.to_move == (0,) and creature(s, "minotaur")["markers"] == 2
    assert not any(str(a).startswith("give minotaur") for a in s.legal_actions())
    assert_refused(s, "give minotaur move")


def test_step_two_creature_freed_of_its_last_marker_acts_again(game):
    """Step One / Step Two: a creature whose last marker Step One removed may act."""
    creatures = {"minotaur": C(0, "d4", "n", markers=1), "sphinx": C(0, "a1", "n"), "mummy": C(1, "d8", "s")}
    s = at(game, creatures, current=1, turn=4)
    s.apply("end")
    s.apply("give minotaur move")
    assert creature(s, "minotaur")["markers"] == 1


def test_step_two_unused_markers_return_to_the_pile(game):
    """Step Two: unused markers return to the pile: the next turn has four again, never
    more."""
    s = at(game, BASIC)
    s.apply("give sphinx move")
    s.apply("move a2 n")
    s.apply("end")
    s.apply("end")
    assert s.to_position()["actions_left"] == 4 and s.to_move == (0,)


def test_actions_creature_used_once_a_turn(game):
    """Actions: once a creature has received its markers for the turn it cannot be used
    again that turn."""
    s = at(game, BASIC)
    s.apply("give minotaur move")
    s.apply("move d5 n")
    assert not any(str(a).startswith("give minotaur") for a in s.legal_actions())
    assert_refused(s, "give minotaur attack")


def test_actions_same_action_twice_refused(game):
    """Actions: a creature cannot be given the same action twice in the same turn."""
    s = at(game, BASIC)
    with pytest.raises(IllegalAction):
        s.apply("give minotaur move+move")
    assert s.to_position()["actions_left"] == 4
    assert not any(str(a).count("move") > 1 for a in s.legal_actions())


def test_step_two_one_creature_at_a_time(game):
    """Step Two: actions are given one creature at a time: while one creature still has
    actions to take, another cannot be given any."""
    s = at(game, BASIC)
    s.apply("give minotaur move+attack")
    assert not any(str(a).startswith("give") for a in s.legal_actions())
    assert_refused(s, "give sphinx move")


def test_actions_only_the_player_to_move_acts(game):
    """Playing the Game: turns pass from one player to the other: a player acts only in
    their own turn."""
    s = at(game, BASIC)
    with pytest.raises(IllegalAction):
        s.apply("give mummy move", 1)
    with pytest.raises(IllegalAction):
        s.apply("give mummy move")


def test_actions_done_forgoes_the_rest(game):
    """Playing the Game: a player may decide not to use further actions with a creature;
    the actions left go to other creatures, the unused markers to the pile."""
    s = at(game, BASIC)
    s.apply("give minotaur move+attack")
    s.apply("move d5 n")
    s.apply("done")
    assert s.to_move == (0,) and s.to_position()["actions_left"] == 1
    s.apply("give sphinx move")


def test_actions_marker_count_equals_the_cost_of_every_action_given(game):
    """Actions / Special Ability: move costs one marker, attack two, an ability its
    cost: checked on every 'give' of random games."""
    cost = {"move": 1, "attack": 2} | {a: ABILITIES[a].get("cost", 0) for a in ABILITIES}
    checked = 0
    for seed in range(4):
        s = play_setup(game, seed)
        rnd = random.Random(seed)
        for _ in range(300):
            if s.is_over:
                break
            a = rnd.choice(s.legal_actions())
            text = str(a)
            if text.startswith("give "):
                _, cid, plan = text.split()
                before = creature(s, cid).get("markers", 0)
                left = s.to_position()["actions_left"]
                s.apply(a)
                want = sum(cost[x] for x in plan.split("+"))
                assert creature(s, cid)["markers"] - before == want, text
                assert left - s.to_position()["actions_left"] == want, text
                checked += 1
            else:
                s.apply(a)
    assert checked > 20


def test_actions_any_order_within_the_creature(game):
    """Actions: the rulebook does not order a creature's actions: it may attack, then move."""
    s = at(game, {"minotaur": C(0, "d4", "n"), "mummy": C(1, "d5", "s"), "uat": C(1, "h8", "s")})
    s.apply("give minotaur move+attack")
    s.apply("attack mummy")
    s.apply("move c3 n")
    assert creature(s, "minotaur")["square"] == "c3"


# --- Special Ability -------------------------------------------------------------------

def test_special_ability_only_the_creatures_own(game):
    """Special Ability: a player uses one of their creature's own special abilities."""
    s = at(game, {"minotaur": C(0, "d4", "n"), "uat": C(1, "d5", "s"), "mummy": C(1, "h8", "s")})
    with pytest.raises(IllegalAction):
        s.apply("give minotaur push")
    assert s.to_position()["actions_left"] == 4


def test_special_ability_combined_with_move_jimmys_turn(game):
    """Special Ability (Jimmy's turn): two markers on the Cyclops: it moves two spaces,
    then Pushes the opposing Uat one space; two on the Gorgon, which attacks the Uat;
    then the turn ends."""
    creatures = {"cyclops": C(0, "c2", "n"), "gorgon": C(0, "e1", "n"),
                 "uat": C(1, "d4", "n"), "mummy": C(1, "h8", "s")}
    s = at(game, creatures)
    s.apply("give cyclops move+push")
    assert creature(s, "cyclops")["markers"] == 2
    s.apply("move c4 e")
    s.apply("push uat e")
    assert creature(s, "uat")["square"] == "e4"
    s.apply("give gorgon attack")
    start = len(s.events(None))
    s.apply("attack uat")
    assert any(e.rule.startswith("Combat") for e in events_since(s, start))
    assert s.to_move == (1,)


def test_special_ability_push_moves_the_opposing_creature_one_space(game):
    """Special Ability (Push, the rulebook's): the opposing creature moves one space; it
    costs one action."""
    s = at(game, {"cyclops": C(0, "d4", "n"), "uat": C(1, "d5", "s"), "mummy": C(1, "h8", "s")})
    s.apply("give cyclops push")
    assert s.to_position()["actions_left"] == 3
    s.apply("push uat n")
    assert creature(s, "uat")["square"] == "d6"
    assert creature(s, "cyclops")["square"] == "d4"


def test_special_ability_same_ability_twice_refused(game):
    """Actions: the same action (an ability too) cannot be given twice in a turn."""
    s = at(game, {"cyclops": C(0, "d4", "n"), "uat": C(1, "d5", "s"), "mummy": C(1, "h8", "s")})
    with pytest.raises(IllegalAction):
        s.apply("give cyclops push+push")
    s.apply("give cyclops push")
    s.apply("push uat n")
    assert_refused(s, "give cyclops push")


def test_special_ability_passive_always_on(game):
    """Special Abilities: passive abilities take effect all the time, with no marker
    (Flight: the Phoenix's Speed is raised without spending anything)."""
    s = at(game, {"phoenix": C(0, "d4", "n"), "uat": C(1, "h8", "s")})
    s.apply("give phoenix move")
    assert creature(s, "phoenix")["markers"] == 1
    reach = {str(a).split()[1] for a in s.legal_actions() if str(a).startswith("move")}
    far = max(abs(xy(x)[0] - 3) + abs(xy(x)[1] - 3) for x in reach)
    assert far == speed_of("phoenix") > CREATURES["phoenix"]["speed"]


def test_special_ability_triggered_on_an_event(game):
    """Special Abilities: triggered abilities fire when their event happens, with no
    marker (Life Drain: the Mummy heals when its attack deals damage)."""
    heal = ABILITIES["life_drain"]["effects"][0]["amount"]
    s = at(game, {"mummy": C(0, "d4", "n", damage=3), "giga": C(1, "d5", "e"), "uat": C(1, "h8", "s")})
    # the Giga's flank has Evasion 0 in the content, so no roll: check it
    assert CREATURES["giga"]["evasion"][1] == 0
    s.apply("give mummy attack")
    s.apply("attack giga")
    dealt = creature(s, "giga").get("damage", 0)
    assert dealt > 0
    assert creature(s, "mummy")["damage"] == 3 - heal


# --- Combat ---------------------------------------------------------------------------------

def test_combat_evasion_worked_example_quickness(game):
    """Combat (the worked example): the Minotaur attacks the Cyclops's flank; the
    Cyclops's flank Evasion is 6 and Jimmy rolls 6, but Quickness subtracts one: the
    attack succeeds; Strength 5 against flank Toughness 1: 4 damage."""
    creatures = {"minotaur": C(1, "c5", "e"), "cyclops": C(0, "d5", "n"), "sphinx": C(0, "a1", "n")}
    s, ev = with_roll(game, creatures, ["give minotaur attack", "attack cyclops"], 6, current=1, turn=4)
    roll = evasion_rolls(ev)[0]
    assert roll.args[0] == 1  # player 1 (Jimmy) controls the Cyclops and rolls
    assert creature(s, "cyclops")["damage"] == 4


def test_combat_evasion_six_against_six_dodges(game):
    """Evasion: a roll equal to the Evasion dodges (the worked example without Quickness)."""
    creatures = {"sphinx": C(1, "c5", "e"), "cyclops": C(0, "d5", "n"), "gorgon": C(0, "a1", "n")}
    s, _ = with_roll(game, creatures, ["give sphinx attack", "attack cyclops"], 6, current=1, turn=4)
    assert creature(s, "cyclops").get("damage", 0) == 0


@pytest.mark.parametrize("side", ["front", "flank"])
@pytest.mark.parametrize("defender", sorted(c for c in CREATURES if not has_roll_modifier(c)))
def test_combat_evasion_roll_at_least_evasion_dodges(game, defender, side):
    """Evasion: if the attacked creature has Evasion above 0 on the side attacked, its
    controller rolls a die; a roll equal to or above the Evasion dodges (no damage, combat
    ends); a lower roll fails and damage is applied."""
    evasion = evasion_of(defender, side)
    attacker = plain_attacker_for(defender)
    square, facing = _attack_from(side)
    creatures = {attacker: C(0, square, facing), defender: fragile(1, "d5", "s", defender),
                 ("uat" if defender != "uat" else "mummy"): C(1, "h8", "s")}
    actions = [f"give {attacker} attack", f"attack {defender}"]
    if evasion == 0:
        s = at(game, creatures)
        start = len(s.events(None))
        for a in actions:
            s.apply(a)
        assert not evasion_rolls(events_since(s, start)), "a roll against Evasion 0"
        return
    s, ev = with_roll(game, creatures, actions, evasion)
    assert evasion_rolls(ev)[0].args[0] == 2  # the defender's controller rolls
    assert creature(s, defender).get("damage", 0) == 0
    assert not any(e.rule.startswith("Combat / Applying") for e in ev)
    if evasion > 1:
        s, ev = with_roll(game, creatures, actions, evasion - 1)
        dealt = max(0, CREATURES[attacker]["strength"] - toughness_of(defender, side))
        if dealt:
            assert creature(s, defender).get("damage", 0) == dealt or not creature(s, defender).get("square")


@pytest.mark.parametrize("side", ["front", "flank", "back"])
@pytest.mark.parametrize("defender", sorted(CREATURES))
def test_combat_damage_is_strength_minus_toughness_on_the_side_attacked(game, defender, side):
    """Toughness / Applying Damage: the damage is the attacker's Strength minus the
    Toughness of the side attacked (front, flank; the back has 0 for every creature); the
    wound marker moves that many spaces."""
    attacker = plain_attacker_for(defender)
    square, facing = _attack_from(side)
    creatures = {attacker: C(0, square, facing), defender: fragile(1, "d5", "s", defender),
                 ("uat" if defender != "uat" else "mummy"): C(1, "h8", "s")}
    actions = [f"give {attacker} attack", f"attack {defender}"]
    if evasion_of(defender, side):
        s, ev = with_roll(game, creatures, actions, 1)
        # a roll of 1 dodges only an Evasion of 1 or less (after modifiers)
    else:
        s = at(game, creatures)
        start = len(s.events(None))
        for a in actions:
            s.apply(a)
        ev = events_since(s, start)
    assert not any("dodge" in e.text.lower() for e in ev)
    expected = max(0, CREATURES[attacker]["strength"] + strength_mod(attacker, side) - toughness_of(defender, side))
    wounds = CREATURES[defender]["wounds"]
    after = creature(s, defender)
    if expected >= wounds:
        assert not after.get("square")
    else:
        assert after.get("damage", 0) == expected


def test_combat_back_has_no_evasion(game):
    """Evasion: every creature has zero Evasion on its back: no roll, the attack lands."""
    for defender in sorted(CREATURES):
        attacker = plain_attacker_for(defender)
        s = at(game, {attacker: C(0, "d6", "s"), defender: fragile(1, "d5", "s", defender),
                      ("uat" if defender != "uat" else "mummy"): C(1, "h8", "s")})
        start = len(s.events(None))
        s.apply(f"give {attacker} attack")
        s.apply(f"attack {defender}")
        assert not evasion_rolls(events_since(s, start)), defender


def test_combat_damage_never_below_zero(game):
    """Applying Damage: Strength at or below the Toughness inflicts no damage (never a heal)."""
    assert CREATURES["sphinx"]["strength"] <= toughness_of("giga", "front")
    s, _ = with_roll(game, {"sphinx": C(0, "d4", "n"), "giga": C(1, "d5", "s", damage=2), "uat": C(1, "h8", "s")},
                     ["give sphinx attack", "attack giga"], 1)
    assert creature(s, "giga")["damage"] == 2


def test_wounds_destroyed_only_off_the_last_space(game):
    """Wounds: a creature is destroyed when the damage moves its marker off the last
    space: with one wound left it survives a blow of one less, and falls to the full one
    (the Sphinx: you must inflict 5 wounds to kill it)."""
    wounds = CREATURES["sphinx"]["wounds"]
    assert wounds == 5
    smite = ABILITIES["smite"]["effects"][0]["amount"]
    s = at(game, {"warrior_priest": C(0, "d4", "n"), "sphinx": C(1, "d5", "s", damage=wounds - smite - 1),
                  "uat": C(1, "h8", "s")})
    s.apply("give warrior_priest smite")
    s.apply("smite sphinx")
    assert creature(s, "sphinx")["square"] == "d5" and creature(s, "sphinx")["damage"] == wounds - 1
    s = at(game, {"warrior_priest": C(0, "d4", "n"), "sphinx": C(1, "d5", "s", damage=wounds - smite),
                  "uat": C(1, "h8", "s")})
    s.apply("give warrior_priest smite")
    s.apply("smite sphinx")
    assert not creature(s, "sphinx").get("square")


def test_destroyed_creature_removed_with_its_markers(game):
    """Applying Damage: a destroyed creature is removed from the board and all markers
    are removed from its card; its space is free."""
    s = at(game, {"minotaur": C(0, "d4", "n"), "sphinx": C(0, "c4", "n"),
                  "mummy": C(1, "d5", "s", damage=CREATURES["mummy"]["wounds"] - 1, markers=1),
                  "uat": C(1, "h8", "s")})
    s.apply("give minotaur attack")
    s.apply("attack mummy")
    c, v = creature(s, "mummy"), seen(s, "mummy")
    assert not c.get("square") and c.get("markers", 0) == 0
    assert v["destroyed"] and v["square"] is None and v["markers"] == 0
    s.apply("give sphinx move")
    s.apply("move d5 n")
    assert creature(s, "sphinx")["square"] == "d5"


# --- Range 3 creatures ----------------------------------------------------------------

@pytest.mark.parametrize("archer", ["centaur", "gorgon"])
@pytest.mark.parametrize("target", ["d6", "d7"])
def test_range3_attacks_up_to_three_spaces_in_front(game, archer, target):
    """Range 3: a Range 3 creature may attack a non-adjacent creature up to three
    spaces away that it faces."""
    s = at(game, {archer: C(0, "d4", "n"), "mummy": C(1, target, "s"), "uat": C(1, "h8", "s")})
    s.apply(f"give {archer} attack")
    s.apply("attack mummy")
    assert creature(s, archer)["facing"] == "n"


@pytest.mark.parametrize("archer", ["centaur", "gorgon"])
def test_range3_not_four_spaces(game, archer):
    """Range 3: not beyond three spaces."""
    s = at(game, {archer: C(0, "d3", "n"), "mummy": C(1, "d7", "s"), "uat": C(1, "h8", "s")})
    assert f"give {archer} attack" not in legal(s)
    assert_refused(s, f"give {archer} attack")


@pytest.mark.parametrize("archer", ["centaur", "gorgon"])
@pytest.mark.parametrize("target", ["d2", "b4", "f4"])
def test_range3_must_face_the_attacked_creature(game, archer, target):
    """Range 3: the attacking creature must be facing the direction of the attacked
    creature: one behind it or to its side cannot be shot."""
    s = at(game, {archer: C(0, "d4", "n"), "mummy": C(1, target, "s"), "uat": C(1, "h8", "s")})
    assert f"give {archer} attack" not in legal(s)


@pytest.mark.parametrize("archer", ["centaur", "gorgon"])
@pytest.mark.parametrize("target", ["c4", "e4", "d3"])
def test_range3_adjacent_only_in_front(game, archer, target):
    """Range 3: adjacent creatures may be attacked only at the front side."""
    s = at(game, {archer: C(0, "d4", "n"), "mummy": C(1, target, "s"), "uat": C(1, "h8", "s")})
    assert f"give {archer} attack" not in legal(s)


@pytest.mark.parametrize("archer", ["centaur", "gorgon"])
def test_range3_no_line_of_sight_needed(game, archer):
    """Range 3: no line of sight is required: creatures in between, of either side, do
    not stop the shot."""
    s = at(game, {archer: C(0, "d4", "n"), "sphinx": C(0, "d5", "n"), "uat": C(1, "d6", "s"),
                  "mummy": C(1, "d7", "s")})
    s.apply(f"give {archer} attack")
    s.apply("attack mummy")
    assert attack_event(s.events(None)).args[:2] == (CREATURES[archer]["name"], "Mummy")


@pytest.mark.parametrize("archer", ["centaur", "gorgon"])
@pytest.mark.parametrize("target_facing", ["s", "n", "e"])
def test_range3_from_afar_is_a_flank_attack(game, archer, target_facing):
    """Range 3: a non-adjacent creature attacked by a Range 3 creature is treated as
    attacked on a flank, whichever way it faces (its flank Toughness and Evasion)."""
    defender = "mummy"  # Evasion 0 on front and flank in the content: no roll to arrange
    assert CREATURES[defender]["evasion"] == [0, 0]
    s = at(game, {archer: C(0, "d4", "n"), defender: C(1, "d6", target_facing), "uat": C(1, "h8", "s")})
    start = len(s.events(None))
    s.apply(f"give {archer} attack")
    s.apply(f"attack {defender}")
    ev = events_since(s, start)
    assert "flank" in attack_event(ev).text
    expected = max(0, CREATURES[archer]["strength"] + strength_mod(archer, "flank") - toughness_of(defender, "flank"))
    assert creature(s, defender).get("damage", 0) == expected


@pytest.mark.parametrize("archer", ["centaur", "gorgon"])
def test_range3_from_afar_uses_the_flank_evasion(game, archer):
    """Range 3: the shot from afar meets the flank Evasion, even on the target's back
    (where a melee attack would meet no Evasion)."""
    defender = "cyclops"
    flank = CREATURES[defender]["evasion"][1]
    s, ev = with_roll(game, {archer: C(0, "d4", "n"), defender: C(1, "d6", "n"), "uat": C(1, "h8", "s")},
                      [f"give {archer} attack", f"attack {defender}"], flank)
    assert creature(s, defender).get("damage", 0) == 0  # dodged at its flank Evasion


@pytest.mark.parametrize("archer", ["centaur", "gorgon"])
def test_range3_adjacent_is_a_normal_attack(game, archer):
    """Range 3: attacking an adjacent creature is resolved as a normal attack: the side
    hit is where the attacker stands (here the back: no Toughness, no Evasion)."""
    defender = "cyclops"
    s = at(game, {archer: C(0, "d4", "n"), defender: fragile(1, "d5", "n", defender), "uat": C(1, "h8", "s")})
    start = len(s.events(None))
    s.apply(f"give {archer} attack")
    s.apply(f"attack {defender}")
    ev = events_since(s, start)
    assert "back" in attack_event(ev).text
    assert not evasion_rolls(ev)
    expected = CREATURES[archer]["strength"] + strength_mod(archer, "back")
    assert creature(s, defender)["damage"] == expected


# --- more refusals and mechanisms ---------------------------------------------------------

def test_evasion_die_is_six_sided(game):
    """Evasion: the defender rolls a six-sided die: every face 1 to 6 comes up, no other."""
    faces = set()
    for r in range(1, 150):
        s = at(game, {"sphinx": C(0, "d4", "n"), "cyclops": C(1, "d5", "s"), "uat": C(1, "h8", "s")}, rng=[r, 0])
        start = len(s.events(None))
        s.apply("give sphinx attack")
        s.apply("attack cyclops")
        faces.add(evasion_rolls(events_since(s, start))[0].args[1])
    assert faces == {1, 2, 3, 4, 5, 6}


def test_special_ability_two_abilities_combined(game):
    """Special Ability: a player may combine one ability with any previously chosen one,
    and places the markers of both."""
    s = at(game, {"sphinx": C(0, "d4", "n"), "warrior_priest": C(0, "d3", "n", damage=2),
                  "mummy": C(1, "d6", "s"), "uat": C(1, "h8", "s")})
    s.apply("give sphinx riddle+blessing")
    want = ABILITIES["riddle"]["cost"] + ABILITIES["blessing"]["cost"]
    assert creature(s, "sphinx")["markers"] == want
    s.apply("riddle mummy")
    s.apply("blessing warrior_priest")
    assert creature(s, "warrior_priest").get("damage", 0) == max(0, 2 - ABILITIES["blessing"]["effects"][0]["amount"])
    assert creature(s, "mummy")["markers"] == ABILITIES["riddle"]["effects"][0]["amount"]


def test_step_two_blocked_stays_blocked_when_its_marker_is_taken_off(game):
    """Step Two: a creature that began Step Two with a marker cannot be given actions
    that turn, even if an ability takes its marker off (Battle Prayer)."""
    creatures = {"warrior_priest": C(0, "d4", "n"), "minotaur": C(0, "d3", "n", markers=2),
                 "mummy": C(1, "d8", "s")}
    s = at(game, creatures, current=1, turn=4)
    s.apply("end")
    assert creature(s, "minotaur")["markers"] == 1
    s.apply("give warrior_priest battle_prayer")
    s.apply("battle_prayer minotaur")
    assert creature(s, "minotaur").get("markers", 0) == 0
    assert_refused(s, "give minotaur move")


def test_actions_cannot_be_given_to_an_opposing_creature(game):
    """Step Two: a player gives actions to their own creatures only."""
    s = at(game, BASIC)
    assert_refused(s, "give mummy move")


def test_actions_cannot_be_given_to_a_destroyed_creature(game):
    """Applying Damage: a destroyed creature is off the board: it cannot be given actions."""
    s = at(game, {"minotaur": C(0, "d4", "n"), "sphinx": C(0, "a1", "n"), "uat": C(1, "h8", "s")})
    p = s.to_position()
    assert p["creatures"]["phoenix"].get("square") is None
    assert_refused(s, "give phoenix move")
    s = at(game, {"minotaur": C(0, "d4", "n"), "sphinx": C(0, "a1", "n"),
                  "mummy": C(1, "d5", "s", damage=CREATURES["mummy"]["wounds"] - 1), "uat": C(1, "h8", "s")})
    s.apply("give minotaur attack")
    s.apply("attack mummy")
    s.apply("end")
    assert_refused(s, "give mummy move")


def test_playing_a_turn_where_no_creature_can_act_ends_at_once(game):
    """Playing the Game: a player unable to use any action (every creature still
    carries a marker after Step One) ends the turn; play passes back."""
    s = at(game, {"minotaur": C(0, "d4", "n"), "mummy": C(1, "d8", "s", markers=2),
                  "uat": C(1, "h8", "s", markers=3)})
    s.apply("end")
    assert s.to_move == (0,) and s.to_position()["turn"] == 5
    assert creature(s, "mummy")["markers"] == 1 and creature(s, "uat")["markers"] == 2


def test_special_ability_passive_cannot_be_given(game):
    """Special Abilities: passive abilities take effect all the time; they are not
    actions to be given markers."""
    s = at(game, {"minotaur": C(0, "d4", "n"), "mummy": C(1, "d5", "s"), "uat": C(1, "h8", "s")})
    with pytest.raises(IllegalAction):
        s.apply("give minotaur quickness")
    assert s.to_position()["actions_left"] == 4


def test_actions_more_than_four_in_one_give_refused(game):
    """Playing the Game: four actions a turn: one creature cannot take five."""
    s = at(game, {"warrior_priest": C(0, "d4", "n"), "sphinx": C(0, "c4", "n"),
                  "mummy": C(1, "d5", "s"), "uat": C(1, "h8", "s")})
    assert ABILITIES["smite"]["cost"] + ABILITIES["battle_prayer"]["cost"] + 3 > 4
    with pytest.raises(IllegalAction):
        s.apply("give warrior_priest move+attack+smite")
    assert s.to_position()["actions_left"] == 4


@pytest.mark.parametrize("action", ["move d3 s", "attack mummy", "push mummy e", "done", "place d2"])
def test_actions_come_only_from_markers_given(game, action):
    """Step Two: a creature acts only with the markers given to it: no move, attack or
    ability before 'give' (nor a placement once the game has begun)."""
    s = at(game, {"cyclops": C(0, "d4", "n"), "mummy": C(1, "d5", "s"), "uat": C(1, "h8", "s")})
    with pytest.raises(IllegalAction):
        s.apply(action)


def test_special_abilities_explained_on_the_reference_card(game):
    """Special Abilities: each creature's two abilities are explained on the reference
    card: the game shows every ability's name, kind, cost and text as the content gives it."""
    cat = game.catalogue()
    for cid, c in CREATURES.items():
        assert cat["creatures"][cid]["abilities"] == [a["id"] for a in c["abilities"]]
        for a in c["abilities"]:
            shown = cat["abilities"][a["id"]]
            assert (shown["name"], shown["kind"], shown["text"]) == (a["name"], a["kind"], a["text"])
            assert shown["cost"] == a.get("cost")


ACTIVE = sorted((cid, a["id"]) for cid, c in CREATURES.items() for a in c["abilities"] if a["kind"] == "active")


@pytest.mark.parametrize("cid,ability", ACTIVE)
def test_special_ability_active_costs_its_markers_and_does_what_it_says(game, cid, ability):
    """Special Ability: an active ability is paid with its cost in markers placed on the
    creature's card, then carried out: its effects (content) happen to its target."""
    spec = ABILITIES[ability]
    target_kind = spec["target"]
    foe = "uat" if cid != "uat" else "mummy"
    ally = "sphinx" if cid != "sphinx" else "warrior_priest"
    spot = {"adjacent_enemy": "d5", "front_enemy": "d5", "back_enemy": "d3", "all_adjacent_enemies": "d5",
            "enemy_within": "d6", "enemy_in_sight": "d6"}.get(target_kind, "h8")
    creatures = {cid: C(0, "d4", "n"), foe: C(1, spot, "e", damage=1)}
    # a second creature of the player keeps the turn open, so no Step One intervenes
    spare = next(x for x in ("phoenix", "giga", "gorgon") if x not in (cid, foe, ally))
    creatures[spare] = C(0, "a1", "n")
    if target_kind == "all_adjacent_enemies":
        creatures["centaur"] = C(1, "e4", "s")
    if target_kind == "ally_within":
        creatures[ally] = C(0, "c4", "n", damage=3, markers=2)
        creatures["centaur"] = C(1, "a8", "s")
        s = at(game, creatures, blocked=[ally])
        target = ally
    else:
        s = at(game, creatures)
        target = foe
    before = s.to_position()["creatures"]
    s.apply(f"give {cid} {ability}")
    assert creature(s, cid)["markers"] == spec["cost"]
    assert s.to_position()["actions_left"] == 4 - spec["cost"]
    uses = [str(a) for a in s.legal_actions() if str(a).startswith(ability)]
    assert uses, f"no use of {ability} offered"
    use = next((u for u in uses if target in u.split()), uses[0])
    s.apply(use)
    after = s.to_position()["creatures"]
    hit = [target] + (["centaur"] if target_kind == "all_adjacent_enemies" else [])
    for h in hit:
        b, a = before[h], after[h]
        damage = b.get("damage", 0)
        markers = b.get("markers", 0)
        square, facing = b["square"], b["facing"]
        for effect in spec["effects"]:
            op, amount = effect["op"], effect.get("amount", 0)
            if op == "damage":
                damage += amount
            elif op == "heal":
                damage = max(0, damage - amount)
            elif op == "add_markers":
                markers += amount
            elif op == "remove_markers":
                markers = max(0, markers - amount)
            elif op == "push":
                d = use.split()[-1]
                x, y = xy(square)
                square = sq(x + STEP[d][0], y + STEP[d][1])
            elif op == "turn":
                facing = use.split()[-1]
        assert (a.get("damage", 0), a.get("markers", 0), a["square"], a["facing"]) == (damage, markers, square, facing), h


def test_setup_each_side_is_a_seat_and_the_sides_are_alike(game):
    """Setup: each player chooses a starting side (the red spaces). Choosing a seat at
    the table chooses the side (seat 1 the red spaces of rows 1-2, seat 2 those of rows
    7-8); the shipped battlefield's sides are each other turned half round, so neither
    seat is the better side, and who picks and plays first is rolled, not seated."""
    sides = BATTLEFIELD["start_spaces"]
    turned = {sq(7 - xy(s)[0], 7 - xy(s)[1]) for s in sides[0]}
    assert turned == set(sides[1])
    for seed in range(12):
        s = game.new(seed)
        mover = s.to_move[0]
        assert {str(a).split()[-1] for a in s.legal_actions()} == set(sides[mover])


# --- the same clauses, checked at every step of random games ---------------------------

def _reach(board: dict, owner: int, start: str, speed: int) -> set[str]:
    """Squares a creature may end on: orthogonal steps, at most `speed`, never through an
    opposing creature, never ending on any creature (its own square, turning only, allowed)."""
    seen_ = {start}
    frontier = [start]
    for _ in range(speed):
        nxt = []
        for square in frontier:
            x, y = xy(square)
            for dx, dy in STEP.values():
                if 0 <= x + dx < 8 and 0 <= y + dy < 8:
                    t = sq(x + dx, y + dy)
                    if t in seen_ or (t in board and board[t] != owner):
                        continue
                    seen_.add(t)
                    nxt.append(t)
        frontier = nxt
    return {t for t in seen_ if t == start or t not in board}


def _front_frame(facing: str, dx: int, dy: int) -> tuple[int, int]:
    """(sideways, ahead) of an offset, seen from a creature facing `facing`."""
    fx, fy = STEP[facing]
    return dx * fy - dy * fx, dx * fx + dy * fy


@pytest.mark.parametrize("seed", range(5))
def test_random_games_keep_the_rules(game, seed):
    """Move / Range / Step One / Step Two / End of the Game, at every step of random games:
    the moves offered are exactly those within Speed that pass no opposing creature and
    end on no creature; every attack offered is within Range and in front; each turn
    begins with four actions and one marker off each of the mover's creatures only; the
    game ends exactly when a side has no creature left."""
    s = play_setup(game, seed)
    rnd = random.Random(seed)
    for _ in range(600):
        p = s.to_position()
        live = {cid: c for cid, c in p["creatures"].items() if c.get("square")}
        board = {c["square"]: c["owner"] for c in live.values()}
        sides_left = {c["owner"] for c in live.values()}
        assert s.is_over == (len(sides_left) < 2)
        if s.is_over:
            assert s.winners == tuple(sides_left)
            break
        actions = [str(a) for a in s.legal_actions()]
        active = p["active"]
        if active and "move" in p["plan_left"]:
            me = live[active]
            offered = {a.split()[1] for a in actions if a.startswith("move ")}
            assert offered == _reach(board, me["owner"], me["square"], speed_of(active)), (active, p)
        if active and "attack" in p["plan_left"]:
            me = live[active]
            mx, my = xy(me["square"])
            for a in actions:
                if a.startswith("attack "):
                    foe = live[a.split()[1]]
                    assert foe["owner"] != me["owner"]
                    fx, fy = xy(foe["square"])
                    side, ahead = _front_frame(me["facing"], fx - mx, fy - my)
                    if CREATURES[active]["range"] == 1:
                        assert (side, ahead) == (0, 1), a
                    else:
                        assert ahead >= 1 and abs(side) + ahead <= 3, a
        action = rnd.choice(actions)
        mover = p["current"]
        s.apply(action)
        q = s.to_position()
        if q["phase"] == "play" and q["turn"] != p["turn"] and q["current"] != mover:
            # a new turn began (maybe several, when a player could not act): check the last
            if q["turn"] == p["turn"] + 1 and (action in ("end", "done") or action.startswith("move ")):
                assert q["actions_left"] == 4 or q["active"] is None
                for cid, c in q["creatures"].items():
                    if not c.get("square") or cid not in live:
                        continue
                    was = p["creatures"][cid].get("markers", 0)
                    now = c.get("markers", 0)
                    if c["owner"] == q["current"]:
                        assert now == max(0, was - 1), (cid, p, q)
                    else:
                        assert now == was, (cid, p, q)


def test_playing_the_player_may_stop_at_any_moment(game):
    """Playing the Game: the turn ends when the player decides not to use any further
    actions: 'end' is taken even while a creature still has actions to carry out (those
    are forgone, its markers stay on its card)."""
    s = at(game, BASIC)
    s.apply("give minotaur move+attack")
    s.apply("move d5 n")
    assert "end" in legal(s)
    s.apply("end")
    assert s.to_move == (1,) and s.to_position()["turn"] == 4
    assert creature(s, "minotaur")["markers"] == 3 and creature(s, "minotaur")["square"] == "d5"


def test_end_several_last_creatures_destroyed_at_once(game):
    """End of the Game: when an effect destroys the opponent's last creatures together,
    the game ends and the opponent loses."""
    quake = ABILITIES["quake"]["effects"][0]["amount"]
    s = at(game, {"giga": C(0, "d4", "n"), "uat": C(1, "d5", "s", damage=CREATURES["uat"]["wounds"] - quake),
                  "mummy": C(1, "e4", "w", damage=CREATURES["mummy"]["wounds"] - quake)})
    s.apply("give giga quake")
    s.apply(next(a for a in s.legal_actions() if str(a).startswith("quake")))
    assert s.is_over and s.winners == (0,)
