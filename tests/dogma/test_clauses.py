"""Clauses of dogma.txt checked through positions, orders and what a player sees (issue 18's
coverage review): each test plays the clause, not an internal field."""

from .conftest import A, assert_illegal, faith, fervor, orders, position

AL = A("al_jafar", "hajj", "samsara", "vacuita")  # Hajj (card 1) and Vacuità (card 3) are Arduous
MAO = A("maometto", "corano_hizb", "sunniti", "allah_akbar")
SHIRIN = A("shirin", "ibaditi", "sunna", "hadith")
GOFF = A("goffredo", "crociati", "movimento_sacerdotale_mariano", "penitenza")
MOSE = A("mose", "esodo", "mishnah", "masoreti")  # Esodo withdraws the opposing active Prophet


def seen(state, player: int, k: int = 0) -> dict:
    """Arcanum k of `player` as a saved game holds it."""
    return state.to_position()["players"][player]["arcana"][k]


def test_special_triggers_only_one_of_several_atom_abilities():
    # section 4, Phase III Special: "they may trigger only one of those effects, of their choice"
    from credo.games import load

    game = load("dogma")
    shahid = A("primo_shahid", "sawm", "ramadan", "verga_di_aronne")  # Witness (50 damage) and Aaron's Rod (Crisis)
    s = game.from_position(position([shahid, AL], [GOFF, MAO]))
    specials = sorted(str(a) for a in s.legal_actions(0) if str(a).startswith("special"))
    assert specials == ["special primo_shahid", "special verga_di_aronne"]
    orders(s, "special primo_shahid", "cult 2")
    goffredo = seen(s, 1)
    assert goffredo["damage"] == 50 and "crisis" not in goffredo["malefic"]
    orders(s, "special verga_di_aronne", "cult 2")
    goffredo = seen(s, 1)
    assert "crisis" in goffredo["malefic"] and goffredo["damage"] == 50 + 10  # no second Witness; the Crisis bites


def test_the_last_defeats_tie_break_reads_the_printed_faith_and_fervor_not_the_markers(game):
    # section 5: "the lower sum of initial Faith and Fervor"; markers change the Fervor in play
    initial = {p: faith(game, p) + fervor(game, p) for p in ("maometto", "shirin")}
    assert initial["shirin"] < initial["maometto"]
    # with these markers the Fervor in play would reverse the order: Shirin 60+30, Maometto 50-30
    shirin = dict(SHIRIN, damage=faith(game, "shirin") - 30, fervor_markers=3)
    maometto = dict(MAO, damage=faith(game, "maometto") - 30, fervor_markers=-3)
    assert faith(game, "shirin") + fervor(game, "shirin") + 30 > faith(game, "maometto") + fervor(game, "maometto") - 30
    s = game.from_position(position([maometto], [shirin]))
    ev = orders(s, "appeal", "cult 1")
    assert any("at the same time" in e for e in ev)
    assert s.is_over and s.winners == (1,)


def test_a_prophet_deployed_the_turn_after_an_arduous_card_cannot_use_one(game):
    # Arduous: "if a Cult card with the Arduous keyword is used during your turn, then in the following turn it is
    # not possible to use any card with the Arduous keyword": the player's turn, whichever Prophet is active
    cagliostro = A("cagliostro", "yom_kippur", "circoncisione", "nobile_silenzio", damage=60)  # Yom Kippur: Arduous
    s = game.from_position(position([cagliostro, AL], [MOSE, MAO]))
    orders(s, "cult 1", "cult 1")  # Cagliostro (Fervor 80) uses Yom Kippur, then Esodo withdraws him
    assert [str(a) for a in s.legal_actions(0)] == ["deploy 1", "deploy 2"]
    s.apply("deploy 1", 0)  # the rear guard: Al Jafar, then Cagliostro withdrawn to its right end
    assert seen(s, 0, 1)["where"] == "active"
    assert "cult 3" not in [str(a) for a in s.legal_actions(0)]
    assert "cult 1" not in [str(a) for a in s.legal_actions(0)]
    assert_illegal(s, "cult 3", 0, "Keywords")
    orders(s, "cult 2", "cult 2")  # Samsara, not Arduous
    assert "cult 3" in [str(a) for a in s.legal_actions(0)]  # the turn after, Vacuità is usable again


def test_the_divine_intervention_used_is_the_one_at_the_bottom_of_the_pile_the_first_listed(game):
    # section 7: "take care to use the correct card, that is, the one at the bottom of the pile"; section 4:
    # "only the first visible card ... may be played". Positions list the Interventions in the order they are used.
    s = game.from_position(position([AL, SHIRIN], [MAO, GOFF], di0=["ruota_del_dharma", "pioggia_di_fuoco"]))
    assert s.observation(0)["players"][0]["interventions"][0] == "ruota_del_dharma"
    ev = orders(s, "intervene", "cult 1")
    assert any("plays Ruota del Dharma" in e for e in ev) and not any("Pioggia di Fuoco" in e for e in ev)
    assert s.to_position()["players"][0]["interventions"] == ["pioggia_di_fuoco"]


def test_enhancement_and_weakening_markers_on_a_cult_card_change_its_damage(game):
    # section 1: the markers "modify the printed value of certain cards, such as ... the damage inflicted by Cult cards"
    dealt = {}
    for markers in (0, 2, -1):
        s = game.from_position(position([dict(GOFF, card_markers=[markers, 0, 0]), AL], [MAO, SHIRIN]))
        orders(s, "cult 1", "cult 1")
        dealt[markers] = seen(s, 1)["damage"]
    assert dealt[0] > 10 and dealt[2] == dealt[0] + 20 and dealt[-1] == dealt[0] - 10


def test_a_refused_order_counts_and_names_in_plain_words(game):
    # found by the blind review (#18): "holds 1 Prophets", and a Special named by its id
    s = game.from_position(position([A("goffredo", "crociati"), AL], [MAO]))
    assert "holds 1 Prophet;" in assert_illegal(s, "summon 2", 0, "Summoning").message
    assert "has 1 Cult card;" in assert_illegal(s, "cult 2", 0, "Cult Card").message
    assert assert_illegal(s, "special cagliostro", 0, "Special").message.startswith("Cagliostro is not")
