"""Section 5.1, four-player games (2 vs 2), option players=4, and its rulings D-21 to D-30.

Seating (ruling D-21): players 1-2-3-4 clockwise, teams 1 and 3 against 2 and 4; a player's
left neighbour is the next player clockwise, the right one the previous; both are opponents.
"""

from __future__ import annotations

import pytest

from credo.kernel import IllegalAction, Rng

from .conftest import A, assert_illegal, cult, dmg, faith, fervor, phase, side, text_has

HARMLESS = ("sufi",)  # a Faithful card with no damage: Hysteria on the target, +10 Fervor on its Prophet


def position4(p0: list, p1: list, p2: list, p3: list, dis=((), (), (), ()), turn: int = 2, **extra) -> dict:
    """An Orders-phase 2 vs 2 position: the first Arcanum of each list is active."""
    players = []
    for arcana, di in zip((p0, p1, p2, p3), dis, strict=True):
        arcs = []
        for k, a in enumerate(arcana):
            a = dict(a)
            a.setdefault("where", "active" if k == 0 else "rear")
            arcs.append(a)
        players.append({"arcana": arcs, "interventions": list(di)})
    pos = {"game": "dogma", "phase": "orders", "turn": turn, "players": players, "seed": 1}
    pos.update(extra)
    return pos


def orders4(state, *acts: str) -> list[str]:
    """Each player still in the game places an Order (player 1 first); returns the new events' texts."""
    start = len(state.log)
    players = [p for p in range(4)
               if p in state.to_move or state.to_position()["players"][p]["active"] is not None]
    for p, a in zip(players, acts, strict=True):
        state.apply(a, p)
    return [e.text for e in state.log[start:]]


AL = A("al_jafar", "hajj", "samsara", "vacuita")  # Hajj: 20 damage (Custom)
MAO = A("maometto", *HARMLESS)
GESU = A("gesu", *HARMLESS)
SHIRIN = A("shirin", *HARMLESS)
KHAD = A("khadija", *HARMLESS)
GOFF = A("goffredo", *HARMLESS)


def basic(game, **extra):
    return game.from_position(position4([AL, GOFF], [MAO], [GESU], [SHIRIN], **extra))


# --- the option ----------------------------------------------------------------------

def test_players_4_is_the_2_vs_2_game_with_a_variant_for_the_generic_tests(game):
    assert game.max_players == 4
    assert game.players(players=4) == 4 and game.players() == 2
    assert {"mode": "predestination", "players": 4} in game.option_variants
    s = game.new(3, players=4)
    assert s.num_players == 4 and s.to_move == (0, 1, 2, 3)
    assert text_has([e.text for e in s.log], "players 1 and 3 against players 2 and 4")
    with pytest.raises(IllegalAction, match="players"):
        game.new(0, players=3)


def test_predestination_with_four_players_gives_each_a_different_option(game):
    s = game.new(5, players=4)
    assert sorted(s.to_position()["decks"]) == sorted(game.option_ids)
    s = game.new(5, players=4, decks=["storm", "mecca", "knowledge", "unshakeable"])
    assert s.to_position()["decks"] == ["storm", "mecca", "knowledge", "unshakeable"]
    with pytest.raises(IllegalAction, match="different options"):
        game.new(5, players=4, decks=["storm", "storm", "knowledge", "unshakeable"])
    with pytest.raises(IllegalAction, match="each of the 4 players"):
        game.new(5, players=4, decks=["storm", "mecca"])


def test_free_will_with_four_players_one_box_one_first_builder_with_30_damage(game):
    for seed in range(10):
        s = game.new(seed, players=4, mode="free_will", one_box=True)
        first = s.to_position()["first_builder"]
        assert first in range(4)
        assert [side(s, p)["damage_in_front"] for p in range(4)] == [30 if p == first else 0 for p in range(4)]
        used = [a["prophet"] for p in range(4) for a in side(s, p)["arcana"]]
        assert len(used) == 16 and len(set(used)) == 16  # one box: no Prophet twice


# --- Target selection ------------------------------------------------------------------

def test_every_order_except_summoning_appeal_and_pass_is_placed_with_a_target(game):
    s = basic(game)
    legal = [str(a) for a in s.legal_actions(0)]
    assert legal == ["summon 1", "appeal", "cult 1 left", "cult 1 right", "cult 2 left", "cult 2 right",
                     "cult 3 left", "cult 3 right"]
    assert_illegal(s, "cult 1", 0, "Target selection")


def test_target_tokens_exist_only_in_the_2_vs_2_game(game):
    from .conftest import position

    s = game.from_position(position([AL], [MAO]))
    assert_illegal(s, "cult 1 left", 0, "Target selection")


def test_the_left_target_is_the_next_player_clockwise_and_the_right_the_previous(game):
    s = basic(game)
    ev = orders4(s, "cult 1 left", "cult 1 left", "cult 1 left", "cult 1 left")
    assert text_has(ev, "Player 1's Target token names player 2 (left)")
    assert dmg(s, 1) > 0 and dmg(s, 3) == 0  # Hajj hit Maometto (player 2), not Shirin (player 4)
    s = basic(game)
    ev = orders4(s, "cult 1 right", "cult 1 left", "cult 1 left", "cult 1 left")
    assert text_has(ev, "Player 1's Target token names player 4 (right)")
    assert dmg(s, 3) > 0 and dmg(s, 1) == 0


def test_all_eight_tokens_are_placed_secretly_and_revealed_together(game):
    s = basic(game)
    assert s.to_move == (0, 1, 2, 3)
    s.apply("cult 1 left", 0)
    assert s.to_move == (1, 2, 3)
    assert s.observation(1)["orders"]["shown"] == {}  # an opponent sees only that it is placed
    assert s.observation(3)["orders"]["shown"] == {}
    assert not any("cult 1 left" in e.text for e in s.events(1))
    s.apply("cult 1 right", 1)
    s.apply("cult 1 left", 2)
    assert phase(s) == "orders"  # nothing is revealed until all four have placed
    start = len(s.log)
    s.apply("cult 1 right", 3)
    ev = [e.text for e in s.log[start:]]
    assert text_has(ev, "Orders and Targets revealed: player 1 cult 1 left, player 2 cult 1 right, "
                        "player 3 cult 1 left, player 4 cult 1 right")


def test_teammates_consult_freely_they_see_each_others_order_and_hidden_cards(game):
    s = basic(game)
    s.apply("cult 3 right", 0)
    assert s.observation(2)["orders"]["shown"] == {"0": "cult 3 right"}  # ruling D-29
    mine = s.observation(0)["players"][0]["arcana"][0]["cult"]
    assert s.observation(2)["players"][0]["arcana"][0]["cult"] == mine  # face-down cards, known to the team
    assert all(c["card"] is None for c in s.observation(1)["players"][0]["arcana"][0]["cult"])
    assert s.observation(1)["players"][0]["interventions"] is None


def test_summoning_places_a_target_token_that_has_no_effect(game):
    s = basic(game)
    ev = orders4(s, "summon 1", "cult 1 left", "cult 1 left", "cult 1 left")
    assert text_has(ev, "Orders and Targets revealed: player 1 summon 1")
    assert not text_has(ev, "Player 1's Target token")
    assert text_has(ev, "Summoning: player 1 withdraws Al Jafar")
    assert side(s, 0)["active"] == 1


def test_a_target_names_only_an_opponent_still_in_the_game(game):
    out = A("cagliostro", *HARMLESS, where="defeated")
    s = game.from_position(position4([AL], [dict(out)], [GESU], [SHIRIN]))
    legal = [str(a) for a in s.legal_actions(0)]
    assert "cult 1 right" in legal and "cult 1 left" not in legal
    assert s.to_move == (0, 2, 3)  # player 2 has no Prophet: no further part
    assert_illegal(s, "cult 1 left", 0, "D-23")


# --- resolving four Orders ------------------------------------------------------------------

def test_four_orders_resolve_by_priority_then_fervor(game):
    s = game.from_position(position4([AL], [MAO, KHAD], [GESU], [SHIRIN],
                                     dis=((), (), ("cavalieri_apocalisse",), ())))
    ev = orders4(s, "cult 1 right", "summon 1", "intervene right", "cult 1 left")
    order = [next(i for i, e in enumerate(ev) if key in e)
             for key in ("Summoning: player 2", "Divine Intervention: player 3", "player 1 reveals", "player 4 reveals")]
    assert order == sorted(order)
    assert fervor(game, "al_jafar") == fervor(game, "shirin")  # equal: simultaneous
    assert text_has(ev, "then players 1 and 4 simultaneously")
    # player 3's Intervention hit the Prophet player 2 deployed with Summoning (right of player 3)
    assert dmg(s, 1, 1) == 40


def test_equal_orders_equal_fervor_resolve_simultaneously(game):
    # Samsara, not Hajj: a simultaneous Hajj would remove 20 of his damage as the blow lands (ruling D-16)
    a = A("al_jafar", "samsara", damage=faith(game, "al_jafar") - 10)
    s = game.from_position(position4([AL], [MAO], [KHAD], [a]))
    ev = orders4(s, "cult 1 right", "cult 1 left", "cult 1 left", "cult 1 right")
    assert text_has(ev, "players 1 and 4 simultaneously")
    # player 4's Al Jafar is defeated by player 1's Hajj, yet his own Samsara still takes effect
    assert side(s, 3)["arcana"][0]["where"] == "defeated"
    assert text_has(ev, "player 4 reveals and activates Samsara")
    assert text_has(ev, "Khadija receives the malefic marker Mystical Crisis")


def test_an_order_whose_prophet_was_defeated_before_it_resolves_is_not_used(game):
    weak = A("maometto", "hajj", damage=faith(game, "maometto") - 10)
    s = game.from_position(position4([AL], [weak, KHAD], [GESU], [SHIRIN], dis=((), (), (), ())))
    # Al Jafar (Fervor 60) strikes before Maometto (50) and defeats him
    ev = orders4(s, "cult 1 left", "cult 1 left", "cult 1 left", "cult 1 left")
    assert text_has(ev, "Player 2's active Prophet was defeated or withdrawn: their Order (cult 1 left) is not used")


def test_all_opposing_prophets_means_both_opponents_active_prophets(game):
    cagl = A("cagliostro", *HARMLESS)
    s = game.from_position(position4([AL], [MAO], [GESU], [cagl], dis=(("pioggia_di_fuoco",), (), (), ())))
    orders4(s, "intervene left", "cult 1 left", "cult 1 left", "cult 1 left")
    assert dmg(s, 1) == 20 and dmg(s, 3) == 20 and dmg(s, 2) == 0  # ruling D-26


@pytest.mark.parametrize("direction, target", [("left", 1), ("right", 3)])
def test_hajj_lands_on_the_targeted_opponent_and_heals_its_own_prophet(game, direction, target):
    """Issue #18: Hajj's effects land, not only its narration: its damage on the opponent the
    Target names (no one else), its healing on Al Jafar."""
    al = A("al_jafar", "hajj", "samsara", "vacuita", damage=40)
    s = game.from_position(position4([al], [MAO], [GESU], [GOFF]))
    ev = orders4(s, f"cult 1 {direction}", "cult 1 left", "cult 1 left", "cult 1 left")
    assert text_has(ev, f"names player {target + 1} ({direction})")
    hajj = cult(game, "hajj").damage  # Custom: Maometto and Goffredo are neither immune nor weak
    assert dmg(s, target) == hajj and dmg(s, 4 - target) == 0 and dmg(s, 2) == 0
    assert dmg(s, 0) == 40 - hajj  # "remove 20 damage from this Prophet": Al Jafar


@pytest.mark.parametrize("direction, target", [("left", 1), ("right", 3)])
def test_samsaras_marker_lands_on_the_targeted_opponent_only(game, direction, target):
    """Issue #18: a Cult card's marker (Samsara's Mystical Crisis) lands on the opponent the
    Target names, through immunity (Maometto is immune to Doctrine), and on no one else."""
    s = game.from_position(position4([AL], [MAO], [GESU], [GOFF]))
    orders4(s, f"cult 2 {direction}", "cult 1 left", "cult 1 left", "cult 1 left")
    crisis = {p for p in range(4) if "crisis" in side(s, p)["arcana"][0]["malefic"]}
    assert crisis == {target}
    samsara = cult(game, "samsara").damage
    struck = {1: 0, 3: 2 * samsara}[target]  # Maometto immune to Doctrine, Goffredo weak to it
    assert dmg(s, target) == struck + 10  # and Mystical Crisis at the start of the next turn
    assert dmg(s, 4 - target) == 0 and dmg(s, 2) == 0


def test_appeal_to_rationality_hits_all_four_active_prophets(game):
    s = game.from_position(position4([AL, GOFF], [MAO], [GESU], [A("cagliostro", *HARMLESS)]))
    orders4(s, "appeal", "cult 1 left", "cult 1 left", "cult 1 left")
    assert [dmg(s, p) for p in range(4)] == [30, 30, 30, 30]


def test_the_fidelity_test_is_between_the_player_and_the_targeted_opponent(game):
    conf = A("agostino", "confessionum_libri_xiii")
    s = game.from_position(position4([conf], [MAO], [GESU], [SHIRIN]))
    orders4(s, "cult 1 right", "cult 1 left", "cult 1 left", "cult 1 left")
    test = s.to_position()["test"]
    assert test is not None
    assert (test["tester"], test["chooser"]) == (0, 3)  # ruling D-25
    assert set(s.to_move) == {0, 3}


# --- the end ------------------------------------------------------------------------------

def test_a_team_wins_when_every_prophet_of_the_other_team_is_defeated_even_with_a_member_out(game):
    out = A("cagliostro", *HARMLESS, where="defeated")
    last = A("maometto", *HARMLESS, damage=faith(game, "maometto") - 10)
    s = game.from_position(position4([AL], [last], [dict(out)], [A("shirin", *HARMLESS, where="defeated")]))
    assert not s.is_over
    orders4(s, "cult 1 left", "cult 1 right")
    assert s.is_over and s.winners == (0, 2)  # player 3 had lost all Prophets, and still wins
    assert s.returns() == [1.0, -1.0, 1.0, -1.0]


def test_the_game_goes_on_while_one_member_of_each_team_stands(game):
    weak = A("maometto", "hajj", damage=faith(game, "maometto") - 10)
    s = game.from_position(position4([AL], [weak], [GESU], [SHIRIN]))
    ev = orders4(s, "cult 1 left", "cult 1 left", "cult 1 left", "cult 1 left")
    assert not s.is_over
    assert text_has(ev, "Player 2 has lost all their Prophets and takes no further part")
    assert 1 not in s.to_move


def test_both_teams_falling_at_once_the_lower_sum_of_the_last_prophets_wins(game):
    def low(pid):
        return A(pid, *HARMLESS, damage=faith(game, pid) - 10)

    s = game.from_position(position4([low("al_jafar")], [low("khadija")], [low("gesu")], [low("maometto")]))
    ev = orders4(s, "appeal", "cult 1 left", "cult 1 left", "cult 1 left")
    assert s.is_over
    assert text_has(ev, "The last Prophets of both teams fall at the same time")
    # team 1-3: min(Al Jafar 180, Gesu 190); team 2-4: min(Khadija 150, Maometto 190): the lower wins
    sums = {p: faith(game, p) + fervor(game, p) for p in ("al_jafar", "gesu", "khadija", "maometto")}
    expect = (1, 3) if min(sums["khadija"], sums["maometto"]) < min(sums["al_jafar"], sums["gesu"]) else (0, 2)
    assert s.winners == expect


# --- Chaos with four ---------------------------------------------------------------------------

def test_chaos_with_four_players_lays_out_4_rows_of_3_each_player_starts_a_row(game):
    s = game.new(2, players=4, mode="chaos")
    chaos = s.to_position()["chaos"]
    assert len(chaos["packets"]) == 12 and all(len(p) == 9 for p in chaos["packets"])
    assert chaos["hold"] == [0, 3, 6, 9]
    assert s.to_move == (0, 1, 2, 3)
    for p in range(4):
        o = s.observation(p)["chaos"]
        assert len(o["packet"]) == 9  # the packet in hand, and only it
        assert o["arcana"] is not None and "packets" not in o
    assert s.observation(0)["chaos"]["packet"] != s.observation(1)["chaos"]["packet"]
    for p in range(3):
        s.apply("done", p)
    assert s.to_position()["chaos"]["hold"] == [-1, -1, -1, 9]  # nobody moves on until all four have finished
    s.apply("done", 3)
    assert s.to_position()["chaos"]["hold"] == [1, 4, 7, 10]


def _with_five_arcana_built(game, pos: dict, player: int) -> dict:
    """`pos` (Chaos preparation) with `player`'s five Arcana complete, from cards of packets nobody holds."""
    t, c = game.tables, game.content
    chaos = pos["chaos"]
    free = [(k, x) for k, packet in enumerate(chaos["packets"]) if k not in chaos["hold"] for x in packet]
    taken, arcana = [], []
    for k, x in free:
        if len(arcana) == 4 or x not in t.prophet_by_id:
            continue
        prophet = c.prophets[t.prophet_by_id[x]]
        fits = [(k2, y) for k2, y in free if (k2, y) not in taken and (
            y in t.relic_by_id or y in t.cult_by_id and prophet.allows(c.cults[t.cult_by_id[y]].religion,
                                                                       c.cults[t.cult_by_id[y]].type))][:3]
        if len(fits) == 3:
            taken += [(k, x), *fits]
            arcana.append({"prophet": x, "cards": [y for _, y in fits]})
    interventions = [(k, x) for k, x in free if x in t.di_ids and (k, x) not in taken][:4]
    assert len(arcana) == 4 and len(interventions) == 4
    for k, x in taken + interventions:
        chaos["packets"][k].remove(x)
    chaos["arcana"][player], chaos["interventions"][player] = arcana, [x for _, x in interventions]
    return pos


def test_chaos_with_four_a_player_concluding_gives_each_other_one_more_packet(game):
    s = game.from_position(_with_five_arcana_built(game, game.new(2, players=4, mode="chaos").to_position(), 0))
    assert "conclude" in [str(a) for a in s.legal_actions(0)]
    s.apply("conclude", 0)

    def chaos():
        return s.to_position()["chaos"]

    assert chaos()["free"][1:] == [1, 1, 1]
    for p in (1, 2, 3):
        s.apply("done", p)
    assert chaos()["hold"][1:] == [4, 7, 10] and chaos()["free"][1:] == [0, 0, 0]
    for p in (1, 2, 3):
        s.apply("done", p)
    assert [str(a) for a in s.legal_actions(1)] == ["continue"]
    s.apply("continue", 1)
    assert s.to_position()["players"][1]["damage_in_front"] == 20


def test_random_chaos_games_with_four_players_build_decks_and_play_to_the_end(game):
    for seed in range(4):
        s = game.new(seed, players=4, mode="chaos")
        rng = Rng(seed)
        steps = 0
        while not s.is_over and steps < 5000:
            p = s.to_move[0]
            s.apply(game.rollout_action(s, p, rng), p)
            steps += 1
        assert s.is_over


# --- hidden information and the contract with four ----------------------------------------------

def test_random_four_player_games_keep_hidden_information_and_round_trip(game):
    import json

    for seed in range(6):
        mode = ("predestination", "free_will", "chaos")[seed % 3]
        s = game.new(seed, players=4, mode=mode)
        rng = Rng(seed)
        step = 0
        while not s.is_over and step < 400:
            p = s.to_move[0]
            if step % 25 == 0:
                pos = json.loads(json.dumps(s.to_position()))
                again = game.from_position(pos)
                assert again.to_position() == s.to_position()
                for q in range(4):
                    world = s.determinize(q, Rng(step))
                    assert world.observation(q) == s.observation(q)
                    if q in s.to_move:
                        assert world.legal_actions(q) == s.legal_actions(q)
            s.apply(rng.choice(s.legal_actions(p)), p)
            step += 1


def test_the_terminal_drawing_shows_four_players_and_the_teams(game):
    from rich.console import Console

    from credo.games.dogma.render import render

    s = game.new(4, players=4)
    rng = Rng(1)
    for _ in range(40):
        if s.is_over:
            break
        p = s.to_move[0]
        s.apply(rng.choice(s.legal_actions(p)), p)
    for viewer in (None, 0, 1, 2, 3):
        console = Console(width=120, record=True)
        console.print(render(game, s.observation(viewer)))
        text = console.export_text()
        assert "players 1 and 3 against players 2 and 4" in text
        assert all(f"Player {n}" in text for n in range(1, 5))


def test_four_seats_two_humans_against_two_computers_in_the_terminal(game):
    import io

    from rich.console import Console

    from credo.interfaces import terminal

    from ..interfaces.test_terminal import script

    c = Console(file=io.StringIO(), width=120)
    match = terminal.play(game, ["human", "random", "human", "greedy"], seed=3,
                          options={"players": 4, "turn_limit": 6}, console=c, input_fn=script(then_forever="1"))
    out = c.file.getvalue()
    assert match.state.is_over
    assert {p for p, _ in match.moves} == {0, 1, 2, 3}
    assert "Player 1 > 1" in out and "Player 3 > 1" in out
    # Orders are secret: the computers' choices are announced, not shown
    assert "P2 Computer (random) makes its secret choice." in out
    assert "P4 Computer (greedy) makes its secret choice." in out
    assert "2 vs 2: players 1 and 3 against players 2 and 4" in out
