"""Cards (divine.txt, "Cards"): Interventions, Covenants, Commandments, costs, the
response windows and the stack; and the deck's cards, each built from primitives."""

from credo.games.divine import rules as R

from .conftest import U, at, end_turn, hand_sizes, legal, make, refused, rules_cited, seed_for, temple_owner, texts, unit_at

BASE = (U(0, "priest", "c3"), U(0, "zealot", "h3"), U(1, "priest", "c4"), U(1, "zealot", "h4"))
TEMPLES = {"e2": 0, "l2": 1}


def table(game, hands, divinity=(5, 5), **kw):
    kw.setdefault("temples", TEMPLES)
    return make(game, *kw.pop("units", BASE), hands=hands, divinity=list(divinity), **kw)


def test_costs_are_paid_in_divinity(game):
    s = table(game, [["miracle"], []], divinity=(3, 0))
    s.apply("play miracle")
    assert at(s, "divinity")[0] == 1 and at(s, "followers")[0] == 15 and hand_sizes(s)[0] == 0
    s = table(game, [["miracle"], []], divinity=(1, 0))
    assert "play miracle" not in legal(s)
    refused(s, "play miracle", R.CARDS, "costs 2 Divinity")


def test_a_card_not_in_hand_cannot_be_played(game):
    s = table(game, [[], []])
    refused(s, "play miracle", R.CARDS, "not in your hand")


def test_an_ability_opens_a_window_for_the_other_players(game):
    s = table(game, [[], ["watchful"]])
    s.apply("preach c3")  # c3: Population 2
    assert s.to_move == (1,)
    assert legal(s, 1) == {"play watchful c4", "pass"}
    s.apply("pass")
    assert s.to_move == (0,) and s.followers[0] == 12


def test_an_intervention_answers_an_assassination(game):
    s = table(game, [[], ["watchful"]], units=(U(0, "zealot", "c3"), U(1, "priest", "c4"), U(1, "priest", "r18")))
    s.apply("assassinate c3 c4")
    s.apply("play watchful c4")
    assert unit_at(s, "c4")["vigilance"]  # resolved first (top of the stack)
    assert unit_at(s, "c4") is not None
    assert any("has Vigilance and cannot be assassinated" in t for t in texts(s))


def test_responses_stack_and_resolve_from_the_top_down(game):
    s = table(game, [["denial"], ["denial"]], units=(U(0, "zealot", "c3"), U(1, "priest", "c4"), U(1, "priest", "r18")))
    s.apply("assassinate c3 c4")
    s.apply("play denial")  # player 2 denies the assassination
    assert s.to_move == (0,)
    s.apply("play denial")  # player 1 denies the denial
    assert at(s, "stack") == []  # no one left who can respond: the stack resolved
    order = [t for t in texts(s) if "will do nothing" in t or "is denied" in t or "assassinates" in t]
    assert "Divine Denial: player 2's Divine Denial will do nothing." in order[0]
    assert "is denied" in order[1]
    assert "assassinates" in order[2]
    assert unit_at(s, "c4") is None


def test_a_denied_ability_does_nothing_and_stays_used(game):
    s = table(game, [[], ["denial"]])
    s.apply("preach c3")
    s.apply("play denial")
    assert at(s, "followers")[0] == 10 and "preach c3" not in legal(s)


def test_covenants_only_during_your_turn(game):
    s = table(game, [[], ["miracle", "watchful"]])
    s.apply("preach c3")
    assert "play miracle" not in legal(s, 1)
    refused(s, "play miracle", R.COVENANT, "during your turn")


def test_commandments_only_during_your_turn_and_permanent(game):
    s = table(game, [["zeal"], ["zeal"]])
    s.apply("play zeal")
    assert s.to_move == (1,)  # the response window after the Commandment
    refused(s, "play zeal", R.COMMANDMENT, "during your turn", player=1)
    s.apply("pass")
    assert s.observation(None)["players_state"][0]["commandments"] == ["zeal"]
    for _ in range(4):
        end_turn(s)
    assert s.observation(None)["players_state"][0]["commandments"] == ["zeal"]
    assert R.COMMANDMENT in rules_cited(s)


def test_interventions_may_also_be_played_on_your_own_turn(game):
    s = table(game, [["wrath"], []])
    s.apply("play wrath c4")
    assert unit_at(s, "c4") is None
    assert R.INTERVENTION in rules_cited(s)


def test_a_denial_needs_something_to_answer(game):
    s = table(game, [["denial"], []])
    assert "play denial" not in legal(s)
    refused(s, "play denial", R.INTERVENTION, "only in response")


def test_players_who_cannot_respond_are_not_asked(game):
    s = table(game, [[], ["watchful"]], divinity=(5, 0))
    s.apply("preach c3")
    assert s.to_move == (0,) and s.followers[0] == 12
    s = make(game, *BASE, U(2, "priest", "r18"), temples={"e2": 0, "l2": 1, "q3": 2}, players=3,
             hands=[[], [], ["watchful"]], divinity=[1, 1, 1])
    s.apply("preach c3")
    assert s.to_move == (2,)  # player 2 has no cards: only player 3 is asked


def test_windows_are_bounded_by_the_stack_limit(game):
    hands = [["denial"] * 6, ["denial"] * 6]
    s = table(game, hands, divinity=(20, 20))
    s.apply("preach c3")
    while at(s, "window") is not None:
        s.apply("play denial")
    assert not at(s, "stack")
    assert any("The stack is full" in t for t in texts(s))
    assert sum(hand_sizes(s)) == 12 - (game.stack_limit - 1)


# --- the cards of the deck ----------------------------------------------------------
def test_arrival_of_the_prophet_places_a_prophet_on_your_free_temple(game):
    s = table(game, [["arrival"], []])
    s.apply("play arrival e2")
    u = unit_at(s, "e2")
    assert u["kind"] == "prophet" and u["fresh"] and u["vigilance"]
    refused(s, "preach e2", R.BASIC, "same turn")


def test_behold_the_avatar_places_an_avatar(game):
    s = table(game, [["avatar"], []])
    s.apply("play avatar e2")
    assert unit_at(s, "e2")["kind"] == "avatar"
    refused(s, "play avatar l2", R.CARDS, "not in your hand")


def test_summoning_needs_an_unoccupied_temple_you_control(game):
    s = table(game, [["arrival"], []], units=(U(0, "priest", "e2"), U(1, "priest", "r18")))
    assert not any(str(a).startswith("play arrival") for a in s.legal_actions())
    refused(s, "play arrival e2", R.ADVANCED, "unoccupied Temple you control")


def test_vigilance_cards(game):
    s = table(game, [["watchful", "doubt"], []], units=(U(0, "priest", "c3"), U(1, "priest", "c4", vigilance=True),
                                                       U(1, "priest", "r18")))
    s.apply("play doubt c4")
    assert not unit_at(s, "c4")["vigilance"]
    s.apply("play watchful c3")
    assert unit_at(s, "c3")["vigilance"]
    s = table(game, [["doubt"], []], units=(U(0, "priest", "c3"), U(1, "prophet", "c4"), U(0, "zealot", "c5")))
    s.apply("play doubt c4")  # cards that affect Vigilance work on Prophets
    assert "assassinate c5 c4" in legal(s)


def test_temple_cards(game):
    s = table(game, [["consecrate", "earthquake"], []], divinity=(6, 0), temples={"e2": 0, "l2": 1, "q3": 1})
    s.apply("play consecrate g5")
    assert temple_owner(s, "g5") == 0
    s.apply("play earthquake l2")
    assert temple_owner(s, "l2") is None and temple_owner(s, "q3") == 1


def test_earthquake_spares_a_players_last_temple(game):
    # it ended one 2-player game in five by the second round, taking the only Temple (Dominance)
    # for whoever drew it first (docs/rules/divine-content.md, "Balance")
    s = table(game, [["earthquake"], []], divinity=(6, 0))
    refused(s, "play earthquake l2", R.CARDS, "player 2's last Temple")


def test_a_spare_temple_card_whose_temple_has_become_the_last_does_nothing(game):
    # played while player 2 held two Temples (a saved stack), resolved when l2 is their only one
    from credo.games.divine import board as B

    from .conftest import position
    data = position(BASE, temples={"e2": 0, "l2": 1}, hands=[[], []], divinity=[5, 5])
    data["stack"] = [{"kind": "card", "player": 0, "what": "earthquake", "a": B.NAMES.index("l2"), "b": -1,
                      "cancelled": False}]
    data["window"] = {"order": [1], "position": 0, "acted": []}
    s = game.from_position(data)
    s.apply("pass", 1)
    assert temple_owner(s, "l2") == 1 and not s.is_over
    assert R.R_FIZZLE in rules_cited(s)


def test_movement_cards(game):
    s = table(game, [["pilgrimage", "roads"], []], allowance=1, seed=seed_for(3, 4))
    s.apply("play pilgrimage")
    assert at(s, "allowance") == 5
    s.apply("play roads")
    assert at(s, "allowance") == 12
    s = table(game, [["pilgrimage"], []], step="ability", allowance=0)
    refused(s, "play pilgrimage", R.MOVE, "Move Step")


def test_chains_hold_a_unit_until_the_end_of_its_owners_turn(game):
    s = table(game, [["chains"], []])
    s.apply("play chains h4")
    end_turn(s)
    assert not any(a.startswith("move h4 ") for a in legal(s))
    refused(s, "move h4 h5", R.COVENANT, "cannot move")
    end_turn(s)
    end_turn(s)
    assert not unit_at(s, "h4")["pinned"]


def test_divine_strength_adds_dice_this_turn(game):
    s = table(game, [["strength"], []], seed=seed_for(2, 2, 1, 1, 5))
    s.apply("play strength h3")
    s.apply("attack h3 h4")
    assert unit_at(s, "h4") is None  # four dice make 6 against 5; two (2, 2) would have lost
    assert any("rolls 2, 2, 1, 1 (6)" in t for t in texts(s))
    s.apply("end")
    assert unit_at(s, "h3")["bonus_dice"] == 0


def test_follower_cards(game):
    s = table(game, [["miracle", "schism", "plague"], []], divinity=(6, 0), followers=[10, 3])
    s.apply("play schism p2")
    assert at(s, "followers") == [13, 0]
    s.apply("play plague")
    assert at(s, "followers") == [13, 0]
    s.apply("play miracle")
    assert at(s, "followers") == [18, 0]


def test_revelation_draws_two(game):
    s = table(game, [["revelation"], []], deck=["wrath", "plague", "miracle"])
    s.apply("play revelation")
    assert sorted(s.observation(0)["hand"]) == ["miracle", "plague"]


def test_iconoclasm_removes_a_commandment(game):
    s = table(game, [["iconoclasm"], []], commandments=[[], ["walls"]])
    s.apply("play iconoclasm walls p2")
    assert s.observation(None)["players_state"][1]["commandments"] == []
    assert "walls" in s.observation(None)["discard"]


def test_commandments_change_numbers_while_in_play(game):
    s = table(game, [[], []], commandments=[["faith", "zeal"], []], seed=seed_for(1, 1, 1, 2))
    s.apply("preach c3")
    assert at(s, "followers")[0] == 13  # 2 for the Population of c3, 1 for Faith
    s.apply("end")
    s2 = table(game, [[], []], commandments=[["zeal"], []], seed=seed_for(1, 1, 1, 2),
               units=(U(0, "zealot", "c3"), U(1, "zealot", "c4"), U(1, "priest", "r18")))
    s2.apply("attack c3 c4")
    assert unit_at(s2, "c4") is None  # three dice with Zeal: 3 beats 2


def test_a_card_whose_target_is_gone_does_nothing(game):
    s = table(game, [["wrath"], ["wrath"]], units=(U(0, "zealot", "c3"), U(1, "zealot", "c4"), U(1, "priest", "r18")),
              divinity=(3, 3))
    s.apply("play wrath c4")
    s.apply("play wrath c3")  # player 2 answers: the Zealot on c3 goes first
    assert unit_at(s, "c3") is None and unit_at(s, "c4") is None  # both resolve; targets differ
    s = table(game, [["strength"], ["wrath"]], units=(U(0, "zealot", "c3"), U(1, "zealot", "c4"), U(1, "priest", "r18")),
              divinity=(3, 3))
    s.apply("play strength c3")
    s.apply("play wrath c3")
    assert R.R_FIZZLE in rules_cited(s)


def test_the_deck_is_refilled_from_the_discard_pile(game):
    s = table(game, [[], []], deck=[], discard=["miracle", "plague"], step="ability")
    s.apply("end")
    assert hand_sizes(s)[1] == 1 and len(at(s, "deck")) == 1 and not at(s, "discard")
    assert R.R_DECK in rules_cited(s)


def test_a_unit_trained_during_the_move_step_cannot_move_that_turn_but_the_others_can(game):
    # "Units cannot move or use abilities in the same turn they were trained": Arrival of the Prophet played
    # before moving leaves the Move Step open, so the refusal is the fresh Prophet's own
    s = table(game, [["arrival"], []])
    s.apply("play arrival e2")
    offered = legal(s)
    assert not any(a.startswith("move e2 ") for a in offered) and "move c3 d3" in offered
    refused(s, "move e2 e3", R.BASIC, "same turn")
    end_turn(s)
    end_turn(s)
    assert any(a.startswith("move e2 ") for a in legal(s))


def test_a_card_may_spare_a_players_last_temple(tmp_path):
    # the target enemy_spare_temple (content primitive): a Temple another player controls, but not
    # their last, so that such a card cannot end a game by Dominance on its own
    import shutil

    from credo.games import load
    from credo.games.divine.content import DATA
    folder = tmp_path / "content"
    shutil.copytree(DATA, folder)
    cards = folder / "cards.toml"
    cards.write_text(cards.read_text() + '''
[[card]]
id = "tremor"
name = "Tremor"
type = "covenant"
cost = 3
copies = 2
target = "enemy_spare_temple"
effects = [{ op = "uncontrol" }]
text = "Remove another player's control marker from a Temple that is not their last."
''')
    game = load("divine", folder)
    s = table(game, [["tremor"], []])
    assert not any(a.startswith("play tremor") for a in legal(s))
    refused(s, "play tremor l2", R.CARDS, "player 2's last Temple")
    refused(s, "play tremor e2", R.CARDS, "not a Temple another player controls")
    s = table(game, [["tremor", "tremor"], []], divinity=(6, 0), temples={"e2": 0, "l2": 1, "q3": 1})
    assert {a for a in legal(s) if a.startswith("play tremor")} == {"play tremor l2", "play tremor q3"}
    s.apply("play tremor l2")
    assert temple_owner(s, "l2") is None and temple_owner(s, "q3") == 1
    assert at(s, "divinity")[0] == 3 and not any(a.startswith("play tremor") for a in legal(s))  # q3: their last
    refused(s, "play tremor q3", R.CARDS, "player 2's last Temple")
