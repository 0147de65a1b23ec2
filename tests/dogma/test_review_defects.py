"""Defects found by an independent rules review, and their kin (dogma.txt, section 4).

Simultaneous Orders (equal priority, equal Fervor) "are considered simultaneous": each
test plays the same two Orders with the players in both seats and expects the same
outcome, since neither is first (ruling D-16). A withered Cult card "cannot be used or
targeted by any effect" (D-32); Protection "cancels all the damage received in the turn
in which it is used" (D-33); Global reaches "all revealed opposing Prophets" (D-34).

State is read only as a player or a saved game sees it: `observation`, `events` and
`to_position`.
"""

import pytest

from .conftest import A, cult, fervor, position

GESU = A("gesu", "trinita", "redenzione", "antico_testamento")
AL = A("al_jafar", "hajj", "tawhid", "samsara")  # Tawhid: Doctrine 20, Global
SPARE = A("agostino", "nuovo_testamento")
SPARE2 = A("giovanni_paolo_ix", "salmi")


def duel(game, mine: dict, theirs: dict, seat: int, mine_rear=(SPARE,), theirs_rear=(SPARE2,)):
    """A clash with `mine` active for the player in `seat` (0 or 1) and `theirs` for the other."""
    arcana = [[mine, *mine_rear], [theirs, *theirs_rear]]
    if seat:
        arcana.reverse()
    return game.from_position(position(*arcana))


def play(state, seat: int, my_order: str, their_order: str) -> list[str]:
    """Both Orders placed, the player in `seat` giving `my_order`; the new events' texts."""
    start = len(state.events(None))
    by_player = {seat: my_order, 1 - seat: their_order}
    state.apply(by_player[0], 0)
    state.apply(by_player[1], 1)
    return [e.text for e in state.events(None)[start:]]


def arcanum(state, player: int, k: int = 0) -> dict:
    return state.to_position()["players"][player]["arcana"][k]


BOTH_SEATS = pytest.mark.parametrize("seat", [0, 1], ids=["first seat", "second seat"])


# --- review defect 3: simultaneous resolution must not depend on seating ---------------
@BOTH_SEATS
def test_a_heal_and_a_blow_taking_effect_simultaneously_end_the_same_whichever_seat_plays_them(game, seat):
    # the review's case: Gesu (80 damage, Faith 120, weak to Doctrine) plays Redenzione (remove 40) while
    # Al Jafar's Tawhid with a +10 marker deals him 60; both Fervor 60
    assert fervor(game, "gesu") == fervor(game, "al_jafar")
    s = duel(game, dict(GESU, damage=80), dict(AL, card_markers=[0, 1, 0]), seat)
    ev = play(s, seat, "cult 2", "cult 2")
    assert any("simultaneously" in e for e in ev)
    assert any("Tawhid inflicts 60 damage on Gesù" in e for e in ev)
    gesu = arcanum(s, seat)
    assert gesu["where"] == "active" and gesu["damage"] == 80 - 40 + 60
    assert not any("defeated" in e for e in ev)


@BOTH_SEATS
def test_a_prophet_brought_to_its_faith_mid_group_still_deals_its_cards_marked_damage(game, seat):
    # Al Jafar, 20 from his Faith, plays Tawhid with a +10 marker while Gesu's Trinita defeats him:
    # the two Orders take effect together, so Tawhid keeps its marker and deals (20 + 10) x 2 to Gesu
    s = duel(game, dict(AL, damage=100, card_markers=[0, 1, 0]), GESU, seat)
    ev = play(s, seat, "cult 2", "cult 1")
    assert any("Tawhid inflicts 60 damage on Gesù" in e for e in ev)
    assert arcanum(s, 1 - seat)["damage"] == 60
    assert arcanum(s, seat)["where"] == "defeated"
    falls = [i for i, e in enumerate(ev) if "Al Jafar is defeated" in e]
    acts = [i for i, e in enumerate(ev) if "activates" in e]
    assert len(falls) == 1 and falls[0] > max(acts)  # he falls when both Orders have taken effect


@BOTH_SEATS
def test_two_simultaneous_blows_that_reach_both_faiths_defeat_both_prophets(game, seat):
    assert cult(game, "trinita").damage >= 20  # enough for the 20 Faith Al Jafar has left
    s = duel(game, dict(AL, damage=100), dict(GESU, damage=100), seat)
    ev = play(s, seat, "cult 2", "cult 1")  # Tawhid (40 to Gesu, weak) and Trinita (to Al Jafar)
    assert arcanum(s, 0)["where"] == arcanum(s, 1)["where"] == "defeated"
    assert sum("is defeated" in e for e in ev) == 2


# --- the same kind of defect: what else a simultaneous Order read from the other ---------
@BOTH_SEATS
def test_sunna_answered_by_a_simultaneous_hajj_deals_100_and_hajj_heals_only_damage_he_had(game, seat):
    # Shirin has no damage markers at the reveal, so Sunna inflicts 100 even though Hajj strikes her at the
    # same time; Al Jafar had no damage at the reveal, so Hajj's "remove 20" removes nothing
    shirin = A("shirin", "sunna", "ibaditi", "hadith")
    assert fervor(game, "shirin") == fervor(game, "al_jafar")
    s = duel(game, shirin, AL, seat)
    ev = play(s, seat, "cult 1", "cult 1")
    assert any("Sunna inflicts 100 damage on Al Jafar" in e for e in ev)
    assert arcanum(s, 1 - seat)["damage"] == 100


@BOTH_SEATS
def test_a_simultaneous_withdrawal_leaves_the_withdrawn_prophets_own_order_whole(game, seat):
    # Al Jafar (100 damage) plays Hajj with a +10 marker while Cagliostro's Esodo deals him 20 and withdraws
    # him: Hajj still deals 30 and removes 20, and Diplomatic Genius removes 50 as he returns to the rear guard
    cagl = A("cagliostro", "esodo", "circoncisione", "nobile_silenzio", fervor_markers=-2)
    s = duel(game, dict(AL, damage=100, card_markers=[1, 0, 0]), cagl, seat)
    assert s.observation(None)["players"][1 - seat]["arcana"][0]["fervor"] == fervor(game, "al_jafar")
    ev = play(s, seat, "cult 1", "cult 1")
    assert any("Hajj inflicts 30 damage on Cagliostro" in e for e in ev)
    al = arcanum(s, seat)
    assert al["where"] == "rear" and al["damage"] == 100 + 20 - 20 - 50
    assert arcanum(s, 1 - seat)["damage"] == 30


@BOTH_SEATS
def test_a_cure_removes_the_markers_carried_at_the_reveal_whatever_a_simultaneous_order_gives(game, seat):
    # Ester carries Mystical Crisis and plays Shabbat (Protection, remove every malefic marker) while
    # Samsara gives her Mystical Crisis: she already carried it at the reveal, so the cure leaves none
    ester = A("ester", "shabbat", "mishnah", "crociati")
    assert fervor(game, "ester") == fervor(game, "al_jafar")
    s = duel(game, dict(ester, malefic=["crisis"]), AL, seat)
    ev = play(s, seat, "cult 1", "cult 3")
    assert arcanum(s, seat)["malefic"] == []
    assert not any("Mystical Crisis: Ester receives" in e for e in ev)


@BOTH_SEATS
def test_a_cure_does_not_remove_a_marker_given_by_a_simultaneous_order(game, seat):
    # Ester has no marker at the reveal: Shabbat's cure has nothing to remove, and Samsara's Mystical Crisis
    # arrives at the same time and stays
    ester = A("ester", "shabbat", "mishnah", "crociati")
    s = duel(game, ester, AL, seat)
    play(s, seat, "cult 1", "cult 3")
    assert arcanum(s, seat)["malefic"] == ["crisis"]


@BOTH_SEATS
def test_a_simultaneous_cancellation_does_not_take_away_the_bonus_of_an_order_revealed_with_it(game, seat):
    # Maometto's Revelation adds 20 to his Sacred Text cards; Khadija's Nobile Silenzio cancels it at the
    # same time as his Corano Hizb strikes, so Corano still deals 30 + 20
    maometto = A("maometto", "corano_hizb", "sunniti", "allah_akbar")
    khadija = A("khadija", "nobile_silenzio", "salat", "purificazione", fervor_markers=1)
    s = duel(game, maometto, khadija, seat)
    ev = play(s, seat, "cult 1", "cult 1")
    assert any("simultaneously" in e for e in ev)
    assert any("Corano Hizb inflicts 50 damage on Khadija" in e for e in ev)
    assert s.observation(seat)["players"][seat]["arcana"][0]["ability_cancelled"]


@BOTH_SEATS
def test_weakening_markers_placed_simultaneously_do_not_reduce_the_card_revealed_with_them(game, seat):
    # Quattro Nobili Verita places -10 on each of Gesu's Cult cards as his Trinita strikes: Trinita deals
    # its full damage
    trinita = cult(game, "trinita").damage
    al = A("al_jafar", "quattro_nobili_verita", "hajj", "karma")
    s = duel(game, GESU, al, seat)
    ev = play(s, seat, "cult 1", "cult 1")
    assert any(f"Trinità inflicts {trinita} damage on Al Jafar" in e for e in ev)
    assert arcanum(s, 1 - seat)["damage"] == trinita


@BOTH_SEATS
def test_a_protection_used_simultaneously_with_a_lethal_blow_saves_its_prophet(game, seat):
    # Shirin (80 damage, Faith 90, weak to Custom) plays Ibaditi (Protection) as Al Jafar's Hajj deals her 40:
    # the blow is cancelled whichever seat plays first; Verses of Calm then removes 10 as the next turn begins
    shirin = A("shirin", "ibaditi", "sunna", "hadith", damage=80)
    s = duel(game, shirin, AL, seat)
    ev = play(s, seat, "cult 1", "cult 1")
    assert not any("Shirin is defeated" in e for e in ev)
    assert arcanum(s, seat)["where"] == "active" and arcanum(s, seat)["damage"] == 80 - 10


# --- review defect 4: a withered card cannot be targeted by any effect -------------------
def test_trinita_places_no_enhancement_marker_on_a_withered_card(game):
    s = duel(game, dict(GESU, malefic=["withering"], withered=2), AL, 0)
    ev = play(s, 0, "cult 1", "cult 2")
    assert any("Trinità" in e for e in ev)
    assert arcanum(s, 0)["card_markers"] == [1, 1, 0]
    cards = s.observation(1)["players"][0]["arcana"][0]["cult"]
    assert cards[2]["withered"] and cards[2]["markers"] == 0


def test_quattro_nobili_verita_places_no_weakening_marker_on_the_opponents_withered_card(game):
    al = A("al_jafar", "quattro_nobili_verita", "hajj", "karma")
    s = duel(game, dict(GESU, malefic=["withering"], withered=1), al, 0)
    play(s, 0, "cult 3", "cult 1")
    assert arcanum(s, 0)["card_markers"] == [-1, 0, -1]


def test_an_order_whose_card_was_withered_before_it_resolves_has_no_effect(game):
    # Cagliostro (Fervor 80) acts first: Kabbalah gives Gesu Withering, which his player places on Trinita,
    # the very card his Order activates; the card is out of the game and cannot be used
    cagl = A("cagliostro", "kabbalah", "circoncisione", "nobile_silenzio")
    assert fervor(game, "cagliostro") > fervor(game, "gesu")
    s = duel(game, GESU, cagl, 0)
    play(s, 0, "cult 1", "cult 1")
    assert s.observation(0)["pending"]["kind"] == "withering"
    s.apply("wither 1", 0)
    ev = [e.text for e in s.events(1)]
    assert any("Player 1's Cult card 1 is withered, out of the game: their Order has no effect" in e for e in ev)
    assert not any("Trinità" in e for e in ev)  # it stays face down, unused
    assert arcanum(s, 1)["damage"] == 0


# --- rule changes the suite let pass -----------------------------------------------------
GRACE = A("gesu", "grazia_divina", "trinita", "redenzione")  # Grazia Divina: Swift, Protection, Arduous


def test_protection_ends_with_the_turn_in_which_it_is_used(game):
    s = duel(game, GRACE, AL, 0)
    play(s, 0, "cult 1", "cult 2")  # Grazia Divina against Tawhid (40 to Gesu, weak to Doctrine)
    assert arcanum(s, 0)["damage"] == 0
    assert s.observation(None)["protected"] == []
    play(s, 0, "cult 2", "cult 2")  # the next turn: Trinita against Tawhid
    assert arcanum(s, 0)["damage"] == 40


def test_protection_cancels_only_the_damage_of_its_own_turn_not_of_earlier_turns(game):
    s = duel(game, GRACE, AL, 0)
    play(s, 0, "cult 2", "cult 2")  # Trinita against Tawhid: Gesu takes 40
    assert arcanum(s, 0)["damage"] == 40
    ev = play(s, 0, "cult 1", "cult 2")  # the next turn: Grazia Divina against Tawhid
    assert any("Protection" in e for e in ev)
    assert arcanum(s, 0)["damage"] == 40


def test_no_protection_card_shields_its_prophet_two_turns_running(game):
    # Protection cancels a whole turn's damage; every Protection card of the shipped content is Arduous
    # (ours: docs/rules/dogma-content.md), so a side cannot cancel every turn's damage and stall forever
    shields = [c for c in game.content.cults if "protection" in c.keywords]
    assert len(shields) >= 5 and all("arduous" in c.keywords for c in shields)
    s = duel(game, GRACE, AL, 0)
    play(s, 0, "cult 1", "cult 2")  # Grazia Divina against Tawhid
    assert arcanum(s, 0)["damage"] == 0
    shield = game.parse_action("cult 1")
    assert shield not in s.legal_actions(0)  # the next turn it cannot shield again
    play(s, 0, "cult 2", "cult 2")
    assert arcanum(s, 0)["damage"] == 40
    assert shield in s.legal_actions(0)  # the turn after, it can


def test_global_passes_over_a_face_down_prophet_in_the_rear_guard(game):
    # Tawhid (Global, Doctrine 20) against Al Jafar, a revealed Cagliostro and a face-down Goffredo,
    # who is weak to Doctrine and would take 40 if Global reached him
    khadija = A("khadija", "tawhid", "salat", "purificazione")
    goffredo = A("goffredo", "crociati", "penitenza")
    cagl = A("cagliostro", "circoncisione", revealed=True)
    s = duel(game, khadija, AL, 0, theirs_rear=(cagl, goffredo))
    assert s.observation(0)["players"][1]["arcana"][2] == {"hidden": True, "where": "rear"}
    play(s, 0, "cult 1", "cult 1")
    assert [arcanum(s, 1, k)["damage"] for k in range(3)] == [20, 20, 0]
    assert s.observation(1)["players"][1]["arcana"][2]["damage"] == 0


# --- 2 vs 2: a simultaneous group acts on the Prophets active when it begins --------------
def test_a_group_after_a_withdrawal_does_not_strike_the_withdrawn_prophet_in_the_rear_guard(game):
    from .test_teams import HARMLESS, orders4, position4

    # player 1's Cagliostro (Fervor 80) acts alone first: Esodo withdraws player 2's Maometto (immune to its
    # Doctrine damage); then players 3 and 4 (Fervor 60) act together, player 3's Hajj aimed at player 2
    cagl = A("cagliostro", "esodo")
    maometto = A("maometto", *HARMLESS)
    s = game.from_position(position4([cagl], [maometto, A("goffredo", *HARMLESS)], [A("al_jafar", "hajj")],
                                     [A("shirin", *HARMLESS)]))
    ev = orders4(s, "cult 1 left", "cult 1 left", "cult 1 right", "cult 1 left")
    assert any("then players 3 and 4 simultaneously" in e for e in ev)
    assert any("Player 2's active Prophet was defeated or withdrawn" in e for e in ev)
    maometto_now = arcanum(s, 1, 0)
    assert maometto_now["where"] == "rear" and maometto_now["damage"] == 0
    assert not any("Hajj inflicts" in e for e in ev)


def test_an_ability_cancelled_by_a_simultaneous_order_still_acts_as_its_prophet_is_withdrawn(game):
    from .test_teams import HARMLESS, orders4, position4

    # players 1 and 3 (Fervor 60) act together on player 2's Al Jafar (100 damage): Khadija's Nobile Silenzio
    # cancels his ability while Cagliostro's Esodo deals 20 and withdraws him; Diplomatic Genius was his at the
    # reveal, so it removes 50 as he returns to the rear guard
    khadija = A("khadija", "nobile_silenzio", fervor_markers=2)
    cagl = A("cagliostro", "esodo", fervor_markers=-2)
    al = A("al_jafar", *HARMLESS, damage=100, fervor_markers=-1)
    s = game.from_position(position4([khadija], [al, A("goffredo", *HARMLESS)], [cagl],
                                     [A("shirin", *HARMLESS, fervor_markers=-1)]))
    ev = orders4(s, "cult 1 left", "cult 1 left", "cult 1 right", "cult 1 left")
    assert any("players 1 and 3 simultaneously" in e for e in ev)
    assert any("Diplomatic Genius takes effect" in e for e in ev)
    al_now = arcanum(s, 1, 0)
    assert al_now["where"] == "rear" and al_now["damage"] == 100 + 20 - 50
