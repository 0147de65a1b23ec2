"""Blind clause tests of Dogma (issue #18), written from the rulebook alone, through the
public API: positions, `apply`, `to_position()`, `observation()`, events and refusals.

Each test names the rulebook section it checks (s1 = section 1, s4_kw = section 4's
keywords, s5_1 = section 5.1, ...). Where a number is Credo's design (docs/rules/
dogma-content.md), the test checks the rule's mechanism with the card's own number, read
from the content (the catalogue), not a number of its own.
"""

from __future__ import annotations

import json

import pytest

from credo import games
from credo.kernel.errors import IllegalAction

G = games.load("dogma")
CARDS = G.catalogue()["cards"]


# --- positions ------------------------------------------------------------------------
def arc(prophet, *cult, relics=(), **fields) -> dict:
    return {"prophet": prophet, "cult": list(cult), "relics": list(relics), **fields}


def side(*arcana, active=0, interventions=(), played=(), **fields) -> dict:
    """A player: `arcana` in order, the one at `active` deployed (None: none active);
    the others in the rear guard, in the order given, unless marked defeated."""
    out = []
    for i, a in enumerate(arcana):
        a = dict(a)
        if "where" not in a:
            a["where"] = "active" if i == active else "rear"
        if a["where"] == "active":
            a.setdefault("revealed", True)
        out.append(a)
    return {"arcana": out, "active": active,
            "rear": [i for i, a in enumerate(out) if a["where"] == "rear"],
            "interventions": list(interventions), "played": list(played), **fields}


def duel(p1: dict, p2: dict, **fields):
    return G.from_position({"players": [p1, p2], "phase": "orders", "turn": 2, **fields})


def arcana(state, player) -> list[dict]:
    return state.to_position()["players"][player]["arcana"]


def prophet(state, player, pid) -> dict:
    return next(a for a in arcana(state, player) if a["prophet"] == pid)


def active(state, player) -> dict | None:
    p = state.to_position()["players"][player]
    return None if p["active"] is None else p["arcana"][p["active"]]


def orders(state, *actions):
    """Each player's Order, in seat order (the simultaneous choice of section 4)."""
    start = len(state.events(None))
    for player, action in enumerate(actions):
        if action is not None:
            state.apply(action, player)
    return [e.text for e in state.events(None, start)]


def legal(state, player) -> set[str]:
    return {str(a) for a in state.legal_actions(player)}


def faith(pid):
    return CARDS[pid]["faith"]


def fervor(pid):
    return CARDS[pid]["fervor"]


def cult_damage(cid):
    return CARDS[cid]["damage"]


DIS = ["pioggia_di_fuoco", "esorcismo", "urga_karma", "ruota_del_dharma"]


# plain Prophets used throughout: Elaine (no immunity) and Cagliostro (no immunity), both
# with Cult cards of their sleeves
def elaine(*cult, **fields):
    return arc("elaine", *(cult or ("penitenza", "trinita", "redenzione")), **fields)


def cagliostro(*cult, **fields):
    return arc("cagliostro", *(cult or ("kasherut", "circoncisione", "terra_promessa")), **fields)


# --- 1. Components ----------------------------------------------------------------------
def test_s1_prophet_defeated_when_damage_reaches_faith():
    """1 Prophets / 4 Phase III: a Prophet whose damage equals its Faith is defeated;
    one short of it is not."""
    hit = cult_damage("kasherut")
    s = duel(side(elaine(damage=faith("elaine") - hit), elaine()), side(cagliostro()))
    orders(s, "cult 2", "cult 1")
    assert prophet(s, 0, "elaine")["where"] == "defeated"
    s = duel(side(elaine(damage=faith("elaine") - hit - 10), elaine()), side(cagliostro()))
    orders(s, "cult 2", "cult 1")
    assert active(s, 0)["prophet"] == "elaine" and active(s, 0)["damage"] == faith("elaine") - 10


def test_s1_sunna_inflicts_100_when_its_prophet_has_no_damage():
    """1 Cult cards (Sunna, printed): 100 damage if this Prophet has no damage markers."""
    s = duel(side(arc("salomone", "sunna", "mishnah", "corano_hizb")),
             side(arc("mose", "terra_promessa", "mishnah", "corano_hizb")))
    orders(s, "cult 1", "cult 2")
    # Mose (Fervor 40) is slower than Salomone (50): Sunna finds Salomone undamaged
    assert prophet(s, 1, "mose")["damage"] == 100


def test_s1_sunna_inflicts_10_when_its_prophet_is_damaged():
    """1 Cult cards (Sunna, printed): 10 damage once this Prophet has damage markers."""
    s = duel(side(arc("salomone", "sunna", "mishnah", "corano_hizb", damage=10)),
             side(arc("mose", "terra_promessa", "mishnah", "corano_hizb")))
    orders(s, "cult 1", "cult 2")
    assert prophet(s, 1, "mose")["damage"] == 10


def test_s1_lancia_di_longino_adds_40_to_damaging_cult_cards_only():
    """1 Relics (Lancia di Longino, printed): Cult cards that inflict damage inflict 40 more;
    a card that inflicts none stays at none."""
    s = duel(side(elaine("penitenza", "redenzione", relics=["lancia_di_longino"])),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione")))
    orders(s, "cult 1", "cult 1")
    # Terra Promessa heals Cagliostro first, with nothing to heal
    assert active(s, 1)["damage"] == cult_damage("penitenza") + 40
    s = duel(side(elaine("penitenza", "redenzione", relics=["lancia_di_longino"])),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione")))
    orders(s, "cult 2", "cult 1")
    assert active(s, 1)["damage"] == 0


def test_s1_pioggia_di_fuoco_damages_opposing_prophets_only():
    """1 Divine Interventions (Pioggia di Fuoco, printed): 20 damage to all opposing
    Prophets; the caster's own is untouched, and so is the opposing rear guard (4 Phase I:
    the rear guard is not affected unless a card says so)."""
    s = duel(side(elaine(), interventions=["pioggia_di_fuoco"]),
             side(cagliostro(), arc("mose", "mishnah", "esodo", "shema", revealed=True),
                  interventions=["ruota_del_dharma"]))
    orders(s, "intervene", "intervene")
    assert active(s, 1)["damage"] == 20
    assert active(s, 0)["damage"] == 0
    assert prophet(s, 1, "mose")["damage"] == 0


def test_s1_enhancement_markers_add_10_to_a_cult_cards_damage():
    """1 Enhancement and weakening markers: each +10 on a Cult card adds 10 to its damage,
    each -10 takes 10 away."""
    s = duel(side(elaine(card_markers=[2, 0, 0])), side(cagliostro()))
    orders(s, "cult 1", "cult 3")
    assert active(s, 1)["damage"] == cult_damage("penitenza") + 20
    s = duel(side(elaine(card_markers=[-1, 0, 0])), side(cagliostro()))
    orders(s, "cult 1", "cult 3")
    assert active(s, 1)["damage"] == cult_damage("penitenza") - 10


def test_s1_enhancement_markers_on_fervor_change_who_acts_first():
    """1 Enhancement markers on a Prophet's Fervor + 4: with +10 markers Elaine (50)
    outpaces Cagliostro (80) and her card lands first."""
    assert fervor("elaine") + 40 > fervor("cagliostro")
    hit = cult_damage("penitenza")
    s = duel(side(elaine(fervor_markers=4)), side(cagliostro(damage=faith("cagliostro") - hit)))
    orders(s, "cult 1", "cult 1")
    assert prophet(s, 1, "cagliostro")["where"] == "defeated"
    assert prophet(s, 0, "elaine")["damage"] == 0  # Cagliostro's Order was lost


def test_s1_sleeve_restrictions_refuse_a_card_outside_the_sleeve():
    """1 Prophets: the card states the restrictions for its sleeve (Al Jafar: Islamic
    Doctrine and Custom, Buddhist Doctrine). A Buddhist Doctrine card is accepted, a
    Buddhist Custom one is refused."""
    others = [["mose", "mishnah", "esodo", "shema"], ["salomone", "nevim", "kabbalah", "corano_hizb"],
              ["cagliostro", "kasherut", "circoncisione", "terra_promessa"]]
    ok = [["al_jafar", "hajj", "samsara", "guerra_santa"], *others]
    G.new(0, mode="free_will", arcana=[ok, ok], interventions=[DIS, DIS])
    bad = [["al_jafar", "hajj", "samsara", "tummo"], *others]
    with pytest.raises(IllegalAction):
        G.new(0, mode="free_will", arcana=[bad, ok], interventions=[DIS, DIS])


def test_s1_at_most_3_cult_cards_in_a_sleeve():
    """1 Cult cards: a sleeve holds up to 3 Cult cards (Elaine's fourth is her ability)."""
    others = [["mose", "mishnah", "esodo", "shema"], ["salomone", "nevim", "kabbalah", "corano_hizb"],
              ["cagliostro", "kasherut", "circoncisione", "terra_promessa"]]
    four = [["al_jafar", "hajj", "samsara", "guerra_santa", "sawm"], *others]
    ok = [["al_jafar", "hajj", "samsara", "guerra_santa"], *others]
    with pytest.raises(IllegalAction):
        G.new(0, mode="free_will", arcana=[four, ok], interventions=[DIS, DIS])


# --- 2. Setup ----------------------------------------------------------------------------
NAME = {card["name"]: cid for cid, card in CARDS.items()}

PREDESTINATION = {  # 2.1.2, as the rulebook's tables print them
    "mecca": ([["Al Jafar", "Hajj", "Samsara", "Vacuità"],
               ["Maometto", "Corano Hizb", "Sunniti", "Allah Akbar"],
               ["Il Primo Shahid Dimenticato", "Sawm", "Ramadan", "Guerra Santa"],
               ["Shirin", "Ibaditi", "Sunna", "Hadith"]],
              ["Pioggia di Fuoco", "Tramutazione dell'acqua in sangue",
               "Tramutazione dell'acqua in sangue", "Esorcismo"]),
    "storm": ([["Khadija", "Shahada", "Salat", "Purificazione"],
               ["Chimera", "Eucarestia", "Masoreti", "Reliquia: Santo Graal"],
               ["Rabbì Akiva", "Mishnah", "Koan", "Rabbi"],
               ["Goffredo", "Crociati", "Movimento sacerdotale mariano", "Penitenza"]],
              ["I Cavalieri dell'apocalisse", "I Cavalieri dell'apocalisse", "Diluvio Universale",
               "Ruota del Dharma"]),
    "unshakeable": ([["Janami Raji", "Tummo", "Bodhisattva", "Sangha"],
                     ["Il Saggio d'Oro", "Arahant", "4 nobili verità", "Karma"],
                     ["Giovanni Paolo IX", "Antico Testamento", "Salmi", "Monaco Shaolin"],
                     ["Gesù", "Trinità", "Redenzione", "Reliquia: Lancia di Longino"]],
                    ["Urga Karma", "Raggiungimento del Nirvana", "Transustanzazione", "Pioggia di Fuoco"]),
    "knowledge": ([["Agostino", "Confessionum Libri XIII", "Nevi'm", "Sutra del Cuore"],
                   ["Hugues", "Rogo", "Martirio", "Reliquia: Athar"],
                   ["San Francesco", "Nuovo Testamento", "Sutta Pitaka", "Ketuvim"],
                   ["Cagliostro", "Circoncisione", "Esodo", "Nobile Silenzio"]],
                  ["Esorcismo", "Urga Karma", "Diluvio Universale", "Ruota del Dharma"]),
}


@pytest.mark.parametrize("option", sorted(PREDESTINATION))
def test_s2_1_2_predestination_options_build_the_printed_arcana(option):
    """2 / 2.1.2: five Arcana, four of 1 Prophet and 3 associated cards (Cult cards and
    Relics in any mix) as the option's table gives them, the fifth the four Divine
    Interventions."""
    other = next(o for o in PREDESTINATION if o != option)
    s = G.new(0, decks=[option, other])
    me = s.observation(0)["players"][0]
    want_arcana, want_interventions = PREDESTINATION[option]
    got = [[CARDS[a["prophet"]]["name"]] + sorted(CARDS[c["card"]]["name"] for c in a["cult"])
           + sorted(CARDS[r]["name"] for r in a["relics"]) for a in me["arcana"]]
    want = [[w[0]] + sorted(n for n in w[1:] if not n.startswith("Reliquia"))
            + sorted(n for n in w[1:] if n.startswith("Reliquia")) for w in want_arcana]
    assert got == want
    assert sorted(CARDS[i]["name"] for i in me["interventions"]) == sorted(want_interventions)


def _chaos_packets(state):
    return state.to_position()["chaos"]["packets"]


def test_s2_1_1_chaos_lays_out_12_packets_of_2_prophets_and_7_other_cards():
    """2.1.1: 12 packets, each 2 Prophets and 7 other cards (Cult cards, Relics, Divine
    Interventions); the rest stays in the box."""
    for seed in range(3):
        packets = _chaos_packets(G.new(seed, mode="chaos"))
        assert len(packets) == 12
        for packet in packets:
            kinds = [CARDS[c]["kind"] for c in packet]
            assert kinds.count("prophet") == 2 and len(kinds) == 9
            assert set(kinds) <= {"prophet", "cult", "relic", "intervention"}
        flat = [c for p in packets for c in p]
        assert len(flat) == len(set(flat)) or all(
            flat.count(c) <= 2 for c in flat)  # only copies of a Divine Intervention repeat


def test_s2_1_1_chaos_a_taken_card_goes_into_an_arcanum_for_good():
    """2.1.1: a selected card is placed at once in an Arcanum, and can no longer be
    removed: no action takes it back, and it stays there after the packet moves on."""
    s = G.new(1, mode="chaos")
    packet = s.observation(0)["chaos"]["packet"]
    prophet_id = next(c for c in packet if CARDS[c]["kind"] == "prophet")
    s.apply(f"take {prophet_id} 1", 0)
    assert s.observation(0)["chaos"]["arcana"][0]["prophet"] == prophet_id
    assert not any(str(a).startswith(("remove", "return", "undo")) for a in s.legal_actions(0))
    s.apply("done", 0)
    s.apply("done", 1)
    assert s.observation(0)["chaos"]["arcana"][0]["prophet"] == prophet_id


def test_s2_1_1_chaos_a_player_waits_for_the_other_to_finish_the_packet_in_hand():
    """2.1.1: a player may not examine the next packet until the other has finished
    examining theirs."""
    s = G.new(1, mode="chaos")
    s.apply("done", 0)
    assert 0 not in s.to_move and 1 in s.to_move
    assert s.legal_actions(0) == []
    s.apply("done", 1)
    assert 0 in s.to_move and s.observation(0)["chaos"]["packet"]


def _greedy_take(state, player):
    """Take, from the packet in hand, every card this player can place: Prophets first,
    as the rulebook advises, and other cards only into an Arcanum that has its Prophet."""
    while True:
        mine = state.observation(player)["chaos"]["arcana"]
        acts = []
        for a in state.legal_actions(player):
            words = str(a).split()
            if words[0] != "take":
                continue
            kind, where = CARDS[words[1]]["kind"], int(words[2]) - 1
            if kind == "prophet" or kind == "intervention" or mine[where]["prophet"]:
                acts.append((kind != "prophet", str(a)))
        if not acts:
            break
        state.apply(min(acts)[1], player)


def _build_until_complete(seed):
    """Player 1 takes everything placeable until their 5 Arcana are complete; player 2
    takes nothing. Returns the state with player 1 able to conclude, or None."""
    s = G.new(seed, mode="chaos")
    for _ in range(12):
        if 0 not in s.to_move:
            if s.to_move == (1,):
                s.apply("done", 1)
            continue
        _greedy_take(s, 0)
        if "conclude" in legal(s, 0) and s.observation(0)["chaos"]["complete"]:
            return s
        s.apply("done", 0)
        if 1 in s.to_move:
            s.apply("done", 1)
    return None


def test_s2_1_1_chaos_after_one_concludes_the_other_gets_one_more_packet_then_pays_20():
    """2.1.1: when a player has completed their 5 Arcana and concludes, the other may
    examine one more packet besides the one in hand; each further packet costs 20 damage
    in front of them."""
    for seed in range(20):
        s = _build_until_complete(seed)
        if s is not None:
            break
    assert s is not None, "no seed let player 1 complete five Arcana"
    s.apply("conclude", 0)
    assert s.observation(1)["chaos"]["concluded"][0]
    # player 2: finish the packet in hand, then one more for free
    s.apply("done", 1)
    assert s.to_position()["players"][1]["damage_in_front"] == 0
    assert s.observation(1)["chaos"]["packet"]
    s.apply("done", 1)
    # a further packet costs 20 damage
    options = legal(s, 1)
    assert "continue" in options
    s.apply("continue", 1)
    assert s.to_position()["players"][1]["damage_in_front"] == 20


def _can_conclude_by_the_minimum(chaos_view) -> bool:
    arcs = chaos_view["arcana"]
    return sum(1 for a in arcs if a["prophet"] and a["cards"]) >= 4


def test_s2_1_1_chaos_the_other_may_conclude_with_4_prophets_with_a_card_each():
    """2.1.1: once a player has concluded, the other ("this player") may conclude with
    incomplete Arcana only if they hold at least 4 Prophets with 1 associated card each;
    checked after every card they take, continuing (and paying) as needed."""
    s = next(st for st in map(_build_until_complete, range(20)) if st is not None)
    s.apply("conclude", 0)
    seen_refused = seen_allowed = False
    for _ in range(400):
        if 1 not in s.to_move:
            break
        view = s.observation(1)["chaos"]
        allowed = "conclude" in legal(s, 1)
        if view["complete"] or _can_conclude_by_the_minimum(view):
            assert allowed
            seen_allowed = True
            break
        assert not allowed
        seen_refused = True
        mine = view["arcana"]
        good = [a for a in s.legal_actions(1) if str(a).startswith("take") and (
            CARDS[str(a).split()[1]]["kind"] in ("prophet", "intervention")
            or mine[int(str(a).split()[2]) - 1]["prophet"])]
        s.apply(good[0] if good else ("continue" if "continue" in legal(s, 1) else "done"), 1)
    assert seen_refused and seen_allowed


def test_s2_1_1_damage_in_front_goes_on_the_first_deployed_prophet():
    """2.1.1 / 3: damage in front of a player at the Opening is placed on the first
    Prophet they deploy."""
    pos = {"phase": "deploy", "turn": 1, "players": [
        side(elaine(), cagliostro(), active=None, damage_in_front=40),
        side(arc("mose", "mishnah", "esodo", "shema"), cagliostro(), active=None)]}
    s = G.from_position(pos)
    s.apply("deploy 2", 0)
    s.apply("deploy 1", 1)
    assert active(s, 0)["prophet"] == "cagliostro" and active(s, 0)["damage"] == 40
    assert active(s, 1)["damage"] == 0


def test_s2_1_3_one_box_first_builder_starts_with_30_damage():
    """2.1.3: with one copy of the game, the player who builds first starts with 30
    damage on the first Prophet they deploy."""
    seen = set()
    for seed in range(6):
        s = G.new(seed, mode="free_will", one_box=True)
        first = s.to_position()["first_builder"]
        assert first in (0, 1)
        seen.add(first)
        s.apply("deploy 2", 0)
        s.apply("deploy 3", 1)
        assert active(s, first)["damage"] == 30
        assert active(s, 1 - first)["damage"] == 0
    assert seen == {0, 1}  # determined at random


def test_s2_free_will_refuses_a_fifth_divine_intervention():
    """2.1.1 / 2: the Divine Interventions Arcanum holds 4 cards."""
    others = [["mose", "mishnah", "esodo", "shema"], ["salomone", "nevim", "kabbalah", "corano_hizb"],
              ["cagliostro", "kasherut", "circoncisione", "terra_promessa"],
              ["al_jafar", "hajj", "samsara", "guerra_santa"]]
    with pytest.raises(IllegalAction):
        G.new(0, mode="free_will", arcana=[others, others],
              interventions=[DIS + ["cavalieri_apocalisse"], DIS])


# --- 3. Opening --------------------------------------------------------------------------
def test_s3_both_players_choose_an_arcanum_and_it_is_revealed_once_both_have():
    """3: both players choose an Arcanum with a Prophet; that Prophet becomes active and is
    revealed (the choices are made at the same time: the first choice is not shown to the
    other before they choose)."""
    s = G.new(2, decks=["mecca", "knowledge"])
    assert set(s.to_move) == {0, 1}
    assert legal(s, 0) == {"deploy 1", "deploy 2", "deploy 3", "deploy 4"}
    s.apply("deploy 2", 0)
    assert s.observation(1)["players"][0]["active"] is None
    assert "maometto" not in json.dumps(s.observation(1))
    s.apply("deploy 3", 1)
    seen = s.observation(1)["players"][0]
    assert seen["arcana"][seen["active"]]["prophet"] == "maometto"
    assert active(s, 0)["prophet"] == "maometto" and active(s, 1)["prophet"] == "san_francesco"


def test_s3_cult_cards_face_down_and_rear_guard_hidden():
    """3: Cult cards are placed face down; the Arcana of the other Prophets go to the rear
    guard with their backs up: the opponent sees neither."""
    s = G.new(2, decks=["mecca", "knowledge"])
    s.apply("deploy 2", 0)
    s.apply("deploy 1", 1)
    seen = s.observation(1)["players"][0]
    act = seen["arcana"][seen["active"]]
    assert all(c["card"] is None and not c["face_up"] for c in act["cult"])
    for i in seen["rear"]:
        assert "prophet" not in seen["arcana"][i] or seen["arcana"][i].get("prophet") is None
    text = json.dumps(s.observation(1))
    for hidden in ("corano_hizb", "sunniti", "allah_akbar", "al_jafar", "shirin", "primo_shahid"):
        assert hidden not in text


def test_s4_kw_revealed_cult_card_enters_play_face_up():
    """3 / 4 Keywords, Revealed: a Cult card with Revealed is not placed face down; it is
    revealed at once (Shirin's Sunna, seen by the opponent from her deployment)."""
    s = G.new(2, decks=["mecca", "knowledge"])
    s.apply("deploy 4", 0)
    s.apply("deploy 1", 1)
    seen = s.observation(1)["players"][0]
    cards = seen["arcana"][seen["active"]]["cult"]
    shown = [c["card"] for c in cards if c["face_up"]]
    assert shown == ["sunna"]


def test_s3_relics_up_to_3_per_prophet():
    """3: up to 3 Relics may be assigned to a Prophet: a fourth is refused."""
    four = ["athar", "burda", "sacra_sindone", "dente_del_buddha"]
    with pytest.raises(IllegalAction):
        duel(side(elaine("penitenza", relics=four)), side(cagliostro()))


# --- 4. The Clash: Orders --------------------------------------------------------------
def test_s4_orders_are_secret_until_both_are_placed():
    """4: each player places their Order face down; both are revealed together."""
    s = duel(side(elaine()), side(cagliostro()))
    start = len(s.events(None))
    s.apply("cult 1", 0)
    assert 1 in s.to_move
    assert not any("cult 1" in e.text for e in s.events(1, start))
    assert s.observation(1)["orders"]["shown"] == {}
    assert "cult 1" not in json.dumps(s.observation(1))
    s.apply("cult 2", 1)
    assert any("cult 1" in e.text and "cult 2" in e.text for e in s.events(1, start))


def test_s4_priority_summoning_resolves_before_a_cult_card():
    """4: the priority of the Orders decides who resolves first: Summoning (I) before a
    Cult card (III), so the card strikes the Prophet just deployed."""
    s = duel(side(elaine(), arc("al_jafar", "hajj", "samsara", "guerra_santa")), side(cagliostro()))
    orders(s, "summon 1", "cult 1")
    assert active(s, 0)["prophet"] == "al_jafar"
    assert active(s, 0)["damage"] == cult_damage("kasherut")
    assert prophet(s, 0, "elaine")["damage"] == 0


def test_s4_priority_divine_intervention_before_a_faster_cult_card():
    """4 / 8: a Divine Intervention (II) resolves before a Cult card (III), even against a
    higher Fervor: Cagliostro falls to it before his card is used."""
    s = duel(side(elaine(), interventions=["cavalieri_apocalisse"]),
             side(cagliostro(damage=faith("cagliostro") - 40), elaine()))
    orders(s, "intervene", "cult 1")
    assert prophet(s, 1, "cagliostro")["where"] == "defeated"
    assert active(s, 0)["damage"] == 0


def test_s4_equal_priority_higher_fervor_first_and_a_defeat_loses_the_order():
    """4: on equal priority the higher Fervor resolves first; an Order that defeats the
    opposing active Prophet takes away the Order it had programmed."""
    assert fervor("cagliostro") > fervor("elaine")
    s = duel(side(elaine(damage=faith("elaine") - cult_damage("kasherut")), elaine()),
             side(cagliostro()))
    orders(s, "cult 1", "cult 1")
    assert prophet(s, 0, "elaine")["where"] == "defeated"
    assert active(s, 1)["damage"] == 0


def test_s4_equal_fervor_orders_are_simultaneous():
    """4: on equal priority and equal Fervor the Orders are simultaneous: both apply,
    even when each defeats the other's Prophet."""
    assert fervor("elaine") == fervor("salomone")
    hit_on_salomone = 2 * cult_damage("penitenza")  # Salomone is weak to Custom
    s = duel(side(elaine(damage=faith("elaine") - cult_damage("corano_hizb")), cagliostro()),
             side(arc("salomone", "corano_hizb", "nevim", "kabbalah",
                      damage=faith("salomone") - hit_on_salomone), cagliostro()))
    orders(s, "cult 1", "cult 1")
    assert prophet(s, 0, "elaine")["where"] == "defeated"
    assert prophet(s, 1, "salomone")["where"] == "defeated"


def test_s4_a_withdrawal_loses_the_opponents_order():
    """4: an Order that withdraws the opposing active Prophet to the rear guard takes away
    the Order that player had programmed (Esodo sends Elaine back before her card)."""
    s = duel(side(elaine(), cagliostro()),
             side(cagliostro("esodo", "kasherut", "circoncisione"), elaine()))
    orders(s, "cult 1", "cult 1")
    assert prophet(s, 0, "elaine")["where"] == "rear"
    assert prophet(s, 1, "cagliostro")["damage"] == 0


def test_s4_I_summoning_keeps_damage_and_malefic_and_drops_enhancements():
    """4 Phase I: the withdrawn Prophet keeps its damage and malefic markers; its
    enhancement/weakening markers, and those of its Cult cards, are removed."""
    s = duel(side(elaine(damage=30, malefic=["crisis"], fervor_markers=2, card_markers=[1, -1, 0]),
                  arc("al_jafar", "hajj", "samsara", "guerra_santa")),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione")))
    orders(s, "summon 1", "cult 1")
    e = prophet(s, 0, "elaine")
    assert e["where"] == "rear"
    assert e["damage"] == 30 and e["malefic"] == ["crisis"]
    assert e["fervor_markers"] == 0 and all(m == 0 for m in e["card_markers"])
    assert active(s, 0)["prophet"] == "al_jafar"


def test_s4_I_summoning_deploys_the_rear_guard_prophet_at_the_chosen_number():
    """4 Phase I: the number is the position in the rear guard, counting from the left."""
    s = duel(side(elaine(), arc("al_jafar", "hajj", "samsara", "guerra_santa"),
                  arc("mose", "mishnah", "esodo", "shema"), cagliostro()),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione")))
    assert legal(s, 0) >= {"summon 1", "summon 2", "summon 3"}
    orders(s, "summon 2", "cult 1")
    assert active(s, 0)["prophet"] == "mose"


def test_s4_I_rear_guard_prophets_are_not_affected():
    """4 Phase I: Prophets in the rear guard are not affected by game effects (Mystical
    Crisis does not strike a Prophet in the rear guard)."""
    s = duel(side(elaine(), arc("al_jafar", "hajj", "samsara", "guerra_santa", malefic=["crisis"],
                                revealed=True)),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione")))
    orders(s, "cult 3", "cult 1")
    assert prophet(s, 0, "al_jafar")["damage"] == 0


def test_s4_II_only_the_top_divine_intervention_then_the_one_beneath():
    """4 Phase II: only the first card of the Divine Interventions may be played; the next
    turn, the one that was beneath it."""
    s = duel(side(elaine(), interventions=["cavalieri_apocalisse", "pioggia_di_fuoco"]),
             side(arc("mose", "mishnah", "terra_promessa", "shema")))
    orders(s, "intervene", "cult 2")
    assert s.to_position()["players"][0]["interventions"] == ["pioggia_di_fuoco"]
    assert prophet(s, 1, "mose")["damage"] == 40 - 20  # Terra Promessa healed 20 after it
    orders(s, "intervene", "cult 1")
    assert prophet(s, 1, "mose")["damage"] == 40
    assert s.to_position()["players"][0]["interventions"] == []


def test_s4_II_appeal_to_rationality_only_when_the_divine_interventions_are_spent():
    """4 Phase II: the Appeal to Rationality may be played only once the Divine
    Interventions Arcanum is empty; while it is not, only the Divine Intervention."""
    s = duel(side(elaine(), interventions=["pioggia_di_fuoco"]), side(cagliostro()))
    assert "intervene" in legal(s, 0) and "appeal" not in legal(s, 0)
    with pytest.raises(IllegalAction):
        s.apply("appeal", 0)
    s = duel(side(elaine(), played=["pioggia_di_fuoco"]), side(cagliostro()))
    assert "appeal" in legal(s, 0) and "intervene" not in legal(s, 0)


def test_s4_II_appeal_to_rationality_deals_30_to_every_active_prophet_only():
    """4 Phase II (the fuller rule, over section 9's wording): all active Prophets receive
    30 damage, the player's own included; the rear guards are untouched."""
    s = duel(side(elaine(), arc("al_jafar", "hajj", "samsara", "guerra_santa", revealed=True)),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione"),
                  arc("mose", "mishnah", "esodo", "shema", revealed=True)))
    orders(s, "appeal", "summon 1")  # Summoning first: the Appeal finds Mose active
    assert active(s, 0)["damage"] == 30
    assert active(s, 1)["prophet"] == "mose" and active(s, 1)["damage"] == 30
    assert prophet(s, 0, "al_jafar")["damage"] == 0
    assert prophet(s, 1, "cagliostro")["damage"] == 0


def test_s4_III_cult_card_by_number_from_the_left_is_revealed():
    """4 Phase III: the Cult card at the chosen position, counting from the left, is
    activated and revealed (the opponent now sees it)."""
    s = duel(side(elaine()), side(cagliostro()))
    orders(s, "cult 2", "cult 2")
    assert active(s, 0)["damage"] == cult_damage("circoncisione")
    seen = s.observation(0)["players"][1]
    cards = seen["arcana"][seen["active"]]["cult"]
    assert cards[1]["card"] == "circoncisione" and cards[1]["face_up"]
    assert cards[2]["card"] is None


def test_s4_III_immunity_cancels_a_cult_cards_damage():
    """4 Phase III: a Prophet immune to a type of Cult card receives no damage from it
    (Mose, immune to Custom, against Penitenza)."""
    assert "Custom" in CARDS["mose"]["immune"] and CARDS["penitenza"]["type"] == "Custom"
    s = duel(side(elaine()), side(arc("mose", "mishnah", "terra_promessa", "shema")))
    orders(s, "cult 1", "cult 2")
    assert active(s, 1)["damage"] == 0


def test_s4_III_weakness_doubles_a_cult_cards_damage():
    """4 Phase III: a Prophet weak to a type receives double damage from it (Mose, weak
    to Faithful, against Templari)."""
    assert "Faithful" in CARDS["mose"]["weak"] and CARDS["templari"]["type"] == "Faithful"
    s = duel(side(elaine("templari", "penitenza")), side(arc("mose", "mishnah", "esodo", "shema")))
    orders(s, "cult 1", "cult 1")
    assert prophet(s, 1, "mose")["damage"] == 2 * cult_damage("templari")


def test_s4_III_other_effects_apply_regardless_of_immunity():
    """4 Phase III: a malefic marker is assigned even to a Prophet immune to the card's
    type (Koan, a Custom card, gives Fanaticism to Mose, immune to Custom)."""
    s = duel(side(cagliostro("koan", "kasherut", "circoncisione")),
             side(arc("mose", "mishnah", "esodo", "shema")))
    orders(s, "cult 1", "cult 1")
    m = active(s, 1)
    assert m["damage"] == 0 and "fanaticism" in m["malefic"]


def test_s4_III_a_defeated_prophet_goes_to_the_discard_pile_and_another_is_deployed():
    """4 Phase III: a defeated Prophet and its cards go to the discard pile; its player
    chooses another Prophet to deploy at the start of their next turn, as in the
    Opening."""
    s = duel(side(elaine(damage=faith("elaine") - cult_damage("kasherut")),
                  arc("al_jafar", "hajj", "samsara", "guerra_santa"), arc("mose", "mishnah", "esodo", "shema")),
             side(cagliostro()))
    orders(s, "cult 1", "cult 1")
    assert prophet(s, 0, "elaine")["where"] == "defeated"
    assert 0 in s.to_move
    assert legal(s, 0) == {"deploy 1", "deploy 2"}  # the two left in the rear guard
    s.apply("deploy 2", 0)
    assert active(s, 0)["prophet"] == "mose"


def test_s4_III_special_needs_an_atom_icon_and_triggers_one_effect():
    """4 Phase III Special: the Special Order triggers an atom-icon ability; a player with
    none has no Special, and one with several triggers only the one chosen."""
    s = duel(side(elaine()), side(cagliostro(relics=["verga_di_aronne"])))
    assert not any(a.startswith("special") for a in legal(s, 0))
    assert {"special cagliostro", "special verga_di_aronne"} <= legal(s, 1)
    orders(s, "cult 3", "special verga_di_aronne")
    e = active(s, 0)
    assert e["malefic"] == ["crisis"]  # Aaron's Rod only: no Hysteria, no damage
    assert e["damage"] == 10  # only Mystical Crisis, at the start of the next turn


# --- 4. Keywords -------------------------------------------------------------------------
def test_s4_kw_swift_acts_before_an_opponent_with_higher_fervor():
    """4 Keywords, Swift: the card applies before the opponent's action even though, on
    equal priority, the opponent's Prophet has the higher Fervor."""
    assert fervor("cagliostro") > fervor("elaine") and "swift" in CARDS["templari"]["keywords"]
    s = duel(side(elaine("templari", "penitenza")),
             side(cagliostro(damage=faith("cagliostro") - cult_damage("templari")), elaine()))
    orders(s, "cult 1", "cult 1")
    assert prophet(s, 1, "cagliostro")["where"] == "defeated"
    assert active(s, 0)["damage"] == 0


def test_s4_kw_slow_acts_after_an_opponent_with_lower_fervor():
    """4 Keywords, Slow: the card applies after the opponent's action even though the
    opponent's Prophet has the lower Fervor (Il Saggio d'Oro's Arahant waits for
    Bodhidharma's Koan, which defeats him first)."""
    assert fervor("saggio_doro") > fervor("bodhidharma") and "slow" in CARDS["arahant"]["keywords"]
    koan_on_sage = 2 * cult_damage("koan")  # the Golden Sage is weak to Custom
    s = duel(side(arc("saggio_doro", "arahant", "karma", "sangha", damage=faith("saggio_doro") - koan_on_sage),
                  elaine()),
             side(arc("bodhidharma", "koan", "samsara", "tummo")))
    orders(s, "cult 1", "cult 1")
    assert prophet(s, 0, "saggio_doro")["where"] == "defeated"
    assert active(s, 1)["damage"] == 0


def test_s4_kw_global_strikes_every_revealed_opposing_prophet_including_the_rear_guard():
    """4 Keywords, Global: the card applies to all revealed opposing Prophets, those in the
    rear guard included; a Prophet never revealed (still hidden in the rear guard) is not
    struck."""
    hit = cult_damage("tawhid")
    s = duel(side(arc("al_jafar", "tawhid", "hajj", "samsara")),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione"),
                  arc("salomone", "corano_hizb", "nevim", "mishnah", revealed=True),
                  arc("mose", "mishnah", "esodo", "shema", revealed=False)))
    orders(s, "cult 1", "cult 1")
    assert prophet(s, 1, "cagliostro")["damage"] == hit
    # Salomone is immune to Doctrine: no damage, but he was struck (immunity applies to him)
    assert prophet(s, 1, "salomone")["damage"] == 0
    assert prophet(s, 1, "mose")["damage"] == 0
    s = duel(side(arc("al_jafar", "tawhid", "hajj", "samsara")),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione"),
                  elaine(revealed=True), elaine(revealed=False)))
    orders(s, "cult 1", "cult 1")
    # Elaine is weak to Doctrine: the revealed one in the rear guard takes double
    assert arcana(s, 1)[1]["damage"] == 2 * hit
    assert arcana(s, 1)[2]["damage"] == 0


def test_s4_kw_protection_cancels_all_damage_received_in_the_turn():
    """4 Keywords, Protection: cancels all the damage received in the turn it is used,
    including damage that landed earlier in that turn; earlier turns' damage stays."""
    assert "protection" in CARDS["leviti"]["keywords"]
    heal = 10  # Leviti also removes 10 damage (its own effect)
    s = duel(side(arc("mose", "leviti", "mishnah", "esodo", damage=20)),
             side(cagliostro("shema", "kasherut", "circoncisione")))
    orders(s, "cult 1", "cult 1")  # Shema (Swift, Doctrine) lands first, then Leviti
    assert active(s, 0)["damage"] == 20 - heal


def test_s4_kw_arduous_blocks_arduous_cards_the_next_turn():
    """4 Keywords, Arduous: after using an Arduous card, the next turn no card with
    Arduous can be used (the turn after, it can)."""
    s = duel(side(cagliostro("esodo", "yom_kippur", "kasherut", damage=60)),
             side(arc("mose", "mishnah", "terra_promessa", "shema")))
    orders(s, "cult 2", "cult 2")
    assert "cult 1" not in legal(s, 0) and "cult 2" not in legal(s, 0)
    assert "cult 3" in legal(s, 0)
    with pytest.raises(IllegalAction):
        s.apply("cult 1", 0)
    orders(s, "cult 3", "cult 2")
    assert {"cult 1", "cult 2"} <= legal(s, 0)


# --- 4. Malefic markers ------------------------------------------------------------------
def test_s4_malefic_mystical_crisis_deals_10_at_the_start_of_each_turn():
    """4 Malefic markers, Mystical Crisis: at the start of each turn an active Prophet with
    it receives 10 damage."""
    s = duel(side(elaine("redenzione", "trinita", "penitenza", malefic=["crisis"])),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione")))
    orders(s, "cult 2", "cult 1")
    assert active(s, 0)["damage"] == 10
    orders(s, "cult 2", "cult 1")
    assert active(s, 0)["damage"] == 20


def test_s4_malefic_fanaticism_forbids_divine_intervention_and_summoning():
    """4 Malefic markers, Fanaticism: its controller may not select the Divine
    Intervention and Summoning Orders."""
    s = duel(side(elaine(malefic=["fanaticism"]), cagliostro(), interventions=["pioggia_di_fuoco"]),
             side(cagliostro()))
    options = legal(s, 0)
    assert "intervene" not in options and not any(a.startswith("summon") for a in options)
    assert "cult 1" in options
    for refused in ("intervene", "summon 1"):
        with pytest.raises(IllegalAction):
            s.apply(refused, 0)


def test_s4_malefic_hysteria_chooses_and_reveals_first():
    """4 Malefic markers, Hysteria: the player whose active Prophet has it selects and
    reveals their Order before the opponent, who then sees it."""
    s = duel(side(elaine(malefic=["hysteria"])), side(cagliostro()))
    assert s.to_move == (0,)
    s.apply("cult 2", 0)
    assert s.to_move == (1,)
    assert s.observation(1)["orders"]["shown"] == {"0": "cult 2"}
    assert any("cult 2" in e.text for e in s.events(1))


def test_s4_malefic_withering_is_placed_on_a_cult_card_of_the_controllers_choice():
    """4 Malefic markers, Withering: its controller places it on an associated Cult card of
    their choice; that card cannot be used."""
    s = duel(side(elaine()), side(cagliostro("kabbalah", "kasherut", "circoncisione")))
    orders(s, "cult 2", "cult 1")
    assert "withering" in active(s, 0)["malefic"]
    assert 0 in s.to_move and legal(s, 0) == {"wither 1", "wither 2", "wither 3"}
    s.apply("wither 3", 0)
    assert active(s, 0)["withered"] == 2
    assert "cult 3" not in legal(s, 0) and {"cult 1", "cult 2"} <= legal(s, 0)


def test_s4_malefic_withering_is_placed_again_when_the_prophet_returns():
    """4 Malefic markers, Withering: a withered Prophet deployed again from the rear guard
    has its marker placed again on a Cult card of its controller's choice."""
    s = duel(side(cagliostro("terra_promessa", "kasherut", "circoncisione"),
                  elaine(malefic=["withering"], revealed=True)),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione")))
    orders(s, "summon 1", "cult 1")
    assert active(s, 0)["prophet"] == "elaine"
    assert 0 in s.to_move and legal(s, 0) == {"wither 1", "wither 2", "wither 3"}
    s.apply("wither 1", 0)
    assert active(s, 0)["withered"] == 0
    assert "cult 1" not in legal(s, 0)


# --- 5. End of the game ------------------------------------------------------------------
def test_s5_the_game_ends_when_all_opposing_prophets_are_defeated():
    """5: a player who defeats all of the opponent's Prophets wins; while one remains, the
    game goes on."""
    kill = faith("elaine") - cult_damage("kasherut")
    s = duel(side(elaine(damage=kill), arc("al_jafar", "hajj", "samsara", "guerra_santa", where="defeated")),
             side(cagliostro()))
    orders(s, "cult 1", "cult 1")
    assert s.is_over and s.winners == (1,)
    with pytest.raises(IllegalAction):
        s.apply("cult 1", 1)
    s = duel(side(elaine(damage=kill), arc("al_jafar", "hajj", "samsara", "guerra_santa")),
             side(cagliostro()))
    orders(s, "cult 1", "cult 1")
    assert not s.is_over and s.winners == ()


@pytest.mark.parametrize("low_seat", [0, 1])
def test_s5_simultaneous_last_defeats_the_lower_faith_plus_fervor_wins(low_seat):
    """5: if the last Prophets of both players fall at the same time, the player whose last
    Prophet had the lower sum of initial Faith and Fervor wins."""
    low, high = elaine(damage=faith("elaine") - 30), arc("mose", "mishnah", "esodo", "shema",
                                                          damage=faith("mose") - 30)
    assert faith("elaine") + fervor("elaine") < faith("mose") + fervor("mose")
    sides = [side(low), side(high)] if low_seat == 0 else [side(high), side(low)]
    s = duel(*sides)
    orders(s, "appeal", "appeal")  # 30 to every active Prophet, both at once
    assert s.is_over
    assert s.winners == (low_seat,)


def test_s5_initial_values_decide_the_tie_not_the_markers():
    """5: the tie is decided by the initial Faith and Fervor: enhancement markers on the
    Fervor of the lower Prophet do not change it."""
    low = elaine(damage=faith("elaine") - 30, fervor_markers=10)
    high = arc("mose", "mishnah", "esodo", "shema", damage=faith("mose") - 30)
    s = duel(side(low), side(high))
    orders(s, "appeal", "appeal")
    assert s.is_over and s.winners == (0,)


# --- 5.1 Four-player games (2 vs 2) -------------------------------------------------------
def team_game(sides, **fields):
    return G.from_position({"players": sides, "phase": "orders", "turn": 2, **fields})


def four(overrides=None):
    """Players 1 and 3 (seats 0 and 2) against players 2 and 4 (seats 1 and 3); only
    seat 0's Order strikes anyone unless a test says otherwise."""
    base = {0: side(elaine("templari", "trinita", "penitenza"), interventions=["pioggia_di_fuoco"]),
            1: side(arc("mose", "terra_promessa", "mishnah", "shema")),
            2: side(cagliostro("terra_promessa", "kasherut", "circoncisione")),
            3: side(arc("salomone", "terra_promessa", "corano_hizb", "nevim"))}
    base.update(overrides or {})
    return team_game([base[i] for i in range(4)])


HARMLESS = "cult 1 left"  # Terra Promessa: heals its own Prophet, strikes no one


def test_s5_1_target_token_names_one_of_the_two_adjacent_opponents():
    """5.1 Target selection: each Order that targets an opponent comes with a Target token,
    left or right, naming one of the two adjacent players: both are opponents, so left
    and right strike different opponents and never the partner."""
    hits = {}
    for direction in ("left", "right"):
        s = four()
        orders(s, f"cult 1 {direction}", HARMLESS, HARMLESS, HARMLESS)
        hits[direction] = {p for p in (1, 2, 3) if active(s, p)["damage"]}
    assert len(hits["left"]) == 1 and len(hits["right"]) == 1
    assert hits["left"] | hits["right"] == {1, 3}
    s = four()
    assert all(a.endswith(("left", "right")) for a in legal(s, 0) if a.startswith(("cult", "intervene")))


def test_s5_1_summoning_has_no_target():
    """5.1: if the Order is Summoning, the Target token has no effect (the notation has no
    target for it)."""
    s = four({0: side(elaine(), cagliostro())})
    options = legal(s, 0)
    assert "summon 1" in options
    assert not any(a.startswith("summon") and a.endswith(("left", "right")) for a in options)


def test_s5_1_pioggia_di_fuoco_strikes_both_opposing_active_prophets():
    """5.1 with 1 Pioggia di Fuoco: "all opposing Prophets" are both opponents' active
    Prophets, whatever the Target token names; the partner is spared."""
    al_jafar = arc("al_jafar", "hajj", "samsara", "guerra_santa")
    s = four({1: side(arc("mose", "terra_promessa", "mishnah", "shema"), al_jafar),
              3: side(arc("salomone", "terra_promessa", "corano_hizb", "nevim"), elaine())})
    orders(s, "intervene left", "summon 1", HARMLESS, "summon 1")
    assert active(s, 1)["prophet"] == "al_jafar" and active(s, 1)["damage"] == 20
    assert active(s, 3)["prophet"] == "elaine" and active(s, 3)["damage"] == 20
    assert active(s, 0)["damage"] == 0 and active(s, 2)["damage"] == 0


def test_s5_1_a_team_wins_when_all_prophets_of_the_other_team_are_defeated():
    """5.1 End of game: the game ends when all Prophets of one team are defeated; both
    members of the other team win, even one who has lost all their Prophets."""
    s = team_game([
        side(elaine(where="defeated"), active=None),
        side(arc("mose", "terra_promessa", "mishnah", "shema", damage=faith("mose") - 20)),
        side(cagliostro("terra_promessa", "kasherut", "circoncisione"), interventions=["pioggia_di_fuoco"]),
        side(arc("salomone", "terra_promessa", "corano_hizb", "nevim", damage=faith("salomone") - 20)),
    ])
    assert not s.is_over
    assert 0 not in s.to_move  # no Prophet left: no Order to place
    orders(s, None, "cult 1 left", "intervene left", "cult 1 right")  # Targets name players still in
    assert s.is_over
    assert set(s.winners) == {0, 2}


def test_s5_1_one_player_out_does_not_end_the_game():
    """5.1 End of game: a player who has lost all their Prophets does not end the game
    while their partner keeps one."""
    s = team_game([
        side(elaine(damage=faith("elaine") - 20)),
        side(arc("mose", "terra_promessa", "mishnah", "shema"), interventions=["pioggia_di_fuoco"]),
        side(cagliostro("terra_promessa", "kasherut", "circoncisione")),
        side(arc("salomone", "terra_promessa", "corano_hizb", "nevim")),
    ])
    orders(s, HARMLESS.replace("1", "2"), "intervene left", HARMLESS, HARMLESS)
    assert prophet(s, 0, "elaine")["where"] == "defeated"
    assert not s.is_over


# --- 6. Additional rules -----------------------------------------------------------------
def _fidelity(s, tester, path, guess):
    """Settle a pending Fidelity Test: the tester's opponent picks a path, the tester
    names one (one attempt)."""
    chooser = 1 - tester
    assert set(s.to_move) >= {tester, chooser}
    assert all(a.startswith("guess") for a in legal(s, tester))
    assert all(a.startswith("path") for a in legal(s, chooser))
    start = len(s.events(None))
    s.apply(f"path {path}", chooser)
    # the path is chosen face down: the tester does not see it
    assert not any(path in e.text for e in s.events(tester, start))
    assert path not in json.dumps(s.observation(tester))
    s.apply(f"guess {guess}", tester)


def agostino():
    return arc("agostino", "confessionum_libri_xiii", "nevim", "sutra_del_cuore")


def mose_healing():
    return arc("mose", "terra_promessa", "mishnah", "shema")


@pytest.mark.parametrize("guess, lands", [("violence", True), ("blasphemy", False)])
def test_s6_fidelity_test_to_trigger_a_card(guess, lands):
    """6 Fidelity Test: an effect that needs a passed Fidelity Test to trigger lands only
    if the tester names the path the opponent chose in secret."""
    s = duel(side(agostino()), side(arc("mose", "mishnah", "esodo", "shema")))
    orders(s, "cult 1", "cult 2")  # Agostino (Fervor 60) before Mose (40)
    _fidelity(s, tester=0, path="violence", guess=guess)
    assert s.to_position()["test"] is None  # one attempt only
    assert (prophet(s, 1, "mose")["damage"] > 0) == lands


@pytest.mark.parametrize("guess, cancelled", [("rationality", True), ("violence", False)])
def test_s6_fidelity_test_to_cancel_a_card(guess, cancelled):
    """6 Fidelity Test: an effect the opponent may cancel by passing a Fidelity Test (Rogo):
    the targeted player is the tester, the card's player chooses the path."""
    s = duel(side(elaine("rogo", "penitenza")), side(cagliostro("terra_promessa", "kasherut", "circoncisione")))
    orders(s, "cult 1", "cult 1")
    _fidelity(s, tester=1, path="rationality", guess=guess)
    dealt = prophet(s, 1, "cagliostro")["damage"]
    assert (dealt == 0) == cancelled


def test_s6_cancelling_an_ability_never_touches_the_construction_part():
    """6 Cancelling abilities: Elaine della Croce Bianca's cancelled ability does not make
    her discard the fourth Cult card, but she can no longer use it."""
    s = duel(side(elaine("penitenza", "trinita", "redenzione", "templari")),
             side(arc("nagarjuna", "karma", "dhammapada", "peccato_originale")))
    assert "cult 4" in legal(s, 0)
    orders(s, "cult 3", "special nagarjuna")
    assert active(s, 0)["cult"] == ["penitenza", "trinita", "redenzione", "templari"]
    assert "cult 4" not in legal(s, 0)
    assert {"cult 1", "cult 2", "cult 3"} <= legal(s, 0)


def test_s6_a_defeated_prophet_loses_its_markers_and_sharira_returns_it_without_any():
    """6 Defeated Prophets: the markers on a defeated Prophet are discarded; one that
    returns to play (the Relic Sharira) comes back without any of its markers."""
    s = duel(side(elaine(damage=faith("elaine") - cult_damage("kasherut"), malefic=["crisis"], fervor_markers=1,
                         card_markers=[1, 0, 0]),
                  cagliostro(relics=["sharira"])),
             side(cagliostro("kasherut", "circoncisione", "terra_promessa")))
    orders(s, "cult 2", "cult 1")
    gone = prophet(s, 0, "elaine")
    assert gone["where"] == "defeated"
    assert gone["malefic"] == [] and gone["fervor_markers"] == 0 and all(m == 0 for m in gone["card_markers"])
    s.apply("deploy 1", 0)
    orders(s, "special sharira", "cult 3")
    back = prophet(s, 0, "elaine")
    assert back["where"] == "rear"
    assert back["damage"] == 0 and back["malefic"] == [] and back["fervor_markers"] == 0


# --- 1. Al Jafar (printed) and 8. the example turn ----------------------------------------
def test_s1_al_jafar_diplomatic_genius_heals_50_each_time_he_returns_to_the_rear_guard():
    """1 Prophets (Al Jafar, printed): every time he returns to the rear guard, remove 50
    damage from him: by Summoning, and when an opponent's card withdraws him."""
    s = duel(side(arc("al_jafar", "hajj", "samsara", "guerra_santa", damage=70), elaine()),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione")))
    orders(s, "summon 1", "cult 1")
    assert prophet(s, 0, "al_jafar")["where"] == "rear" and prophet(s, 0, "al_jafar")["damage"] == 20
    s = duel(side(arc("al_jafar", "hajj", "samsara", "guerra_santa", damage=70), elaine()),
             side(cagliostro("esodo", "kasherut", "terra_promessa")))
    orders(s, "cult 2", "cult 1")
    # Esodo deals its damage (20) and withdraws him: 70 + 20 - 50
    assert prophet(s, 0, "al_jafar")["where"] == "rear"
    assert prophet(s, 0, "al_jafar")["damage"] == 70 + cult_damage("esodo") - 50


def test_s8_example_turn_divine_intervention_then_cult_card():
    """8 Example of a turn: player 2's Divine Intervention (Ruota del Dharma: six +10 on
    the Fervor of their active Prophet, Maisa) resolves before player 1's first Cult card,
    which deals 20 damage to Maisa and gives her Mystical Crisis."""
    s = duel(side(arc("al_jafar", "samsara", "hajj", "guerra_santa")),
             side(arc("maisa", "sufi", "salmi", "corano_hizb"), interventions=["ruota_del_dharma"]))
    texts = orders(s, "cult 1", "intervene")
    first_ruota = next(i for i, t in enumerate(texts) if "Ruota" in t)
    first_samsara = next(i for i, t in enumerate(texts) if "Samsara" in t)
    assert first_ruota < first_samsara
    m = active(s, 1)
    assert m["fervor_markers"] == 6
    assert "crisis" in m["malefic"]
    assert m["damage"] == 20 + 10  # and Mystical Crisis struck at the start of the next turn


# --- further clauses: combinations the rulebook's text settles -----------------------------
def test_s4_III_weakness_doubles_the_whole_damage_including_a_relic_bonus():
    """4 Phase III with 1 Lancia di Longino: the card inflicts its damage plus 40, and a
    Prophet weak to its type receives double that damage."""
    s = duel(side(elaine("templari", "penitenza", relics=["lancia_di_longino"])),
             side(arc("mose", "mishnah", "esodo", "shema"), elaine()))
    orders(s, "cult 1", "cult 1")
    expected = 2 * (cult_damage("templari") + 40)
    assert expected >= faith("mose")
    assert prophet(s, 1, "mose")["where"] == "defeated"


def test_s4_III_immunity_also_stops_a_relic_bonus():
    """4 Phase III with 1 Lancia di Longino: a Prophet immune to the card's type receives
    no damage from it, bonus included."""
    s = duel(side(elaine("penitenza", "trinita", relics=["lancia_di_longino"])),
             side(arc("mose", "mishnah", "terra_promessa", "shema")))
    orders(s, "cult 1", "cult 2")
    assert active(s, 1)["damage"] == 0


def test_s4_I_a_withdrawal_by_a_card_also_removes_enhancement_markers():
    """4 Phase I: any Prophet placed in the rear guard (here by Esodo) keeps damage and
    malefic markers and loses its enhancement and weakening markers and its Cult cards'."""
    s = duel(side(elaine(fervor_markers=1, card_markers=[2, 0, 0], malefic=["crisis"]), cagliostro()),
             side(cagliostro("esodo", "kasherut", "terra_promessa"), elaine()))
    orders(s, "cult 1", "cult 1")
    e = prophet(s, 0, "elaine")
    assert e["where"] == "rear"
    assert e["malefic"] == ["crisis"] and e["damage"] == 2 * cult_damage("esodo")  # weak to Doctrine
    assert e["fervor_markers"] == 0 and all(m == 0 for m in e["card_markers"])


def test_s4_malefic_mystical_crisis_can_defeat_at_the_start_of_a_turn():
    """4 Malefic markers, Mystical Crisis + Phase III: the 10 damage at the start of a turn
    can defeat the Prophet; its player then deploys another."""
    s = duel(side(elaine("penitenza", "trinita", damage=faith("elaine") - 10, malefic=["crisis"]),
                  arc("al_jafar", "hajj", "samsara", "guerra_santa")),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione")))
    orders(s, "cult 2", "cult 1")
    assert prophet(s, 0, "elaine")["where"] == "defeated"
    assert legal(s, 0) == {"deploy 1"}


def test_s5_last_prophets_felled_together_by_mystical_crisis_lower_sum_wins():
    """5 with 4 Mystical Crisis: both last Prophets fall together at the start of a turn;
    the lower sum of initial Faith and Fervor wins (Nagarjuna 150 against Salomone 160;
    their Specials this turn deal no damage)."""
    assert faith("nagarjuna") + fervor("nagarjuna") < faith("salomone") + fervor("salomone")
    s = duel(side(arc("salomone", "corano_hizb", "nevim", "kabbalah", damage=faith("salomone") - 10,
                      malefic=["crisis"])),
             side(arc("nagarjuna", "karma", "dhammapada", "peccato_originale", damage=faith("nagarjuna") - 10,
                      malefic=["crisis"])))
    orders(s, "special salomone", "special nagarjuna")
    assert s.is_over
    assert s.winners == (1,)


def test_s4_kw_protection_cancels_the_mystical_crisis_damage_of_that_turn():
    """4 Keywords, Protection: "all the damage received in the turn" includes the
    Mystical Crisis damage received at the start of that turn."""
    s = duel(side(elaine("grazia_divina", "penitenza", "trinita", malefic=["crisis"])),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione")))
    orders(s, "cult 3", "cult 1")  # turn 2 ends; turn 3 starts: Crisis deals 10
    assert active(s, 0)["damage"] == 10
    orders(s, "cult 1", "cult 2")  # Grazia Divina (Swift, Protection) in turn 3
    # Circoncisione's 30 is cancelled, and so is the Crisis damage of turn 3
    assert active(s, 0)["damage"] == 10  # only turn 4's Crisis, at its start


def test_s4_kw_swift_protection_cancels_the_damage_that_follows_in_the_turn():
    """4 Keywords, Protection: damage received after the Protection, in the same turn, is
    cancelled too."""
    s = duel(side(elaine("grazia_divina", "penitenza", "trinita")),
             side(cagliostro("kasherut", "circoncisione", "terra_promessa")))
    orders(s, "cult 1", "cult 2")
    assert active(s, 0)["damage"] == 0


def test_s4_malefic_withering_removed_makes_the_card_usable_again():
    """4 Malefic markers, Withering: if the marker is removed, the card becomes usable
    again (Penitenza removes every malefic marker from its Prophet)."""
    s = duel(side(elaine(malefic=["withering"], withered=1)), side(cagliostro("terra_promessa", "kasherut", "circoncisione")))
    assert "cult 2" not in legal(s, 0)
    orders(s, "cult 1", "cult 1")
    assert active(s, 0)["malefic"] == []
    assert "cult 2" in legal(s, 0)


def test_s4_malefic_withered_card_cannot_be_targeted_by_any_effect():
    """4 Malefic markers, Withering: the withered card cannot be targeted by any effect
    (Rabbì Akiva's Exegesis puts +10 on each of his Cult cards, but not on it)."""
    s = duel(side(arc("rabbi_akiva", "mishnah", "koan", "rabbi", malefic=["withering"], withered=1)),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione")))
    orders(s, "special rabbi_akiva", "cult 1")
    assert active(s, 0)["card_markers"] == [1, 0, 1]


def test_s4_malefic_hysteria_only_on_the_active_prophet():
    """4 Malefic markers, Hysteria: it binds the player of an active Prophet with it; one in
    the rear guard does not make its player choose first."""
    s = duel(side(elaine(), cagliostro(malefic=["hysteria"], revealed=True)), side(cagliostro()))
    assert set(s.to_move) == {0, 1}


def test_s3_divine_interventions_are_face_down():
    """3: the Divine Interventions Arcanum is kept face down: the opponent does not see its
    cards, only those already played."""
    s = duel(side(elaine(), interventions=["cavalieri_apocalisse", "esorcismo"]), side(cagliostro()))
    assert "cavalieri_apocalisse" not in str(s.observation(1)) and "esorcismo" not in str(s.observation(1))
    orders(s, "intervene", "cult 3")
    seen = str(s.observation(1))
    assert "cavalieri_apocalisse" in seen and "esorcismo" not in seen


def test_s2_1_3_free_will_accepts_elaines_fourth_cult_card():
    """1 Prophets / 6: Elaine della Croce Bianca's sleeve may hold a fourth Cult card (a
    construction ability), which she may use."""
    others = [["mose", "mishnah", "esodo", "shema"], ["salomone", "nevim", "kabbalah", "corano_hizb"],
              ["cagliostro", "kasherut", "circoncisione", "terra_promessa"]]
    mine = [["elaine", "penitenza", "trinita", "redenzione", "templari"], *others]
    s = G.new(0, mode="free_will", arcana=[mine, others + [["al_jafar", "hajj", "samsara", "guerra_santa"]]],
              interventions=[DIS, DIS])
    s.apply("deploy 1", 0)
    s.apply("deploy 1", 1)
    assert "cult 4" in legal(s, 0)


def _sleeves() -> dict[str, list[tuple[str, str]]]:
    """Each Prophet's sleeve (religion, type) as the content data states it."""
    import tomllib
    from pathlib import Path

    import credo.games.dogma as dogma
    data = tomllib.loads((Path(dogma.__file__).parent / "data" / "prophets.toml").read_text())
    return {p["id"]: [(r["religion"], t) for r in p["sleeve"] for t in r["types"]] for p in data["prophet"]}


def _cult_kind(cid) -> tuple[str, str]:
    card = CARDS[cid]
    return card["religion"].lower(), card["type"].lower().replace(" ", "_")


def test_s2_1_1_chaos_cards_go_only_where_the_construction_rules_allow():
    """2.1.1 / 1: each selected card is placed in an Arcanum following the construction
    rules: one Prophet per Arcanum; Divine Interventions only in the fifth; a Cult card
    only with a Prophet whose sleeve allows it, and every such placement is offered."""
    sleeves = _sleeves()
    checked = 0
    for seed in range(6):
        s = G.new(seed, mode="chaos")
        packet = s.observation(0)["chaos"]["packet"]
        p = next(c for c in packet if CARDS[c]["kind"] == "prophet")
        s.apply(f"take {p} 1", 0)
        offered = legal(s, 0)
        for a in offered:
            words = a.split()
            if words[0] != "take":
                continue
            card, where = words[1], int(words[2])
            kind = CARDS[card]["kind"]
            if kind == "prophet":
                assert where != 1  # Arcanum 1 already has its Prophet
            assert (where == 5) == (kind == "intervention")
            if kind == "cult" and where == 1:
                assert _cult_kind(card) in sleeves[p], (p, card)
        for card in s.observation(0)["chaos"]["packet"]:
            if CARDS[card]["kind"] == "cult" and _cult_kind(card) in sleeves[p]:
                assert f"take {card} 1" in offered
                checked += 1
    assert checked


def test_s2_1_1_chaos_an_arcanum_holds_its_prophet_and_3_cards():
    """2.1.1: 4 Arcana hold 1 Prophet and 3 associated cards, the fifth 4 Divine
    Interventions: a full Arcanum is offered no further card (Elaine's fourth aside)."""
    s = next(st for st in map(_build_until_complete, range(20)) if st is not None)
    view = s.observation(0)["chaos"]
    assert view["complete"]
    offered = [a for a in legal(s, 0) if a.startswith("take")]
    for i, a in enumerate(view["arcana"]):
        if a["prophet"] != "elaine":
            assert not any(x.endswith(f" {i + 1}") for x in offered)
    assert not any(x.endswith(" 5") for x in offered)
    assert all(a["prophet"] and len(a["cards"]) >= 3 for a in view["arcana"])
    assert len(view["interventions"]) == 4


def test_s2_1_1_chaos_each_further_packet_costs_20_more():
    """2.1.1: 20 damage for each additional packet examined after the free one."""
    s = next(st for st in map(_build_until_complete, range(20)) if st is not None)
    s.apply("conclude", 0)
    s.apply("done", 1)
    s.apply("done", 1)
    s.apply("continue", 1)
    s.apply("done", 1)
    assert "continue" in legal(s, 1)
    s.apply("continue", 1)
    assert s.to_position()["players"][1]["damage_in_front"] == 40


def test_s5_1_all_eight_tokens_are_revealed_together():
    """5.1: the four Orders (and Targets) are revealed together once all are placed:
    nothing resolves, and no Order is shown, before the fourth."""
    s = four()
    start = len(s.events(None))
    s.apply("cult 1 left", 0)
    s.apply(HARMLESS, 1)
    s.apply(HARMLESS, 2)
    assert 3 in s.to_move
    assert all(active(s, p)["damage"] == 0 for p in range(4))
    assert not any("cult 1" in e.text for e in s.events(3, start))
    s.apply(HARMLESS, 3)
    assert any(active(s, p)["damage"] for p in (1, 3))


def test_s5_1_appeal_to_rationality_strikes_all_four_active_prophets():
    """5.1 with 4 Phase II: the Appeal to Rationality deals 30 to all active Prophets, the
    partner's too."""
    s = four({0: side(elaine("templari", "trinita", "penitenza"))})
    orders(s, "appeal", HARMLESS, "cult 1 left", "cult 1 right")
    # Terra Promessa heals 20 after the Appeal where it resolves later: the Appeal struck all
    assert active(s, 0)["damage"] == 30
    assert all(active(s, p)["damage"] in (10, 30) for p in (1, 2, 3))


def test_s5_1_defeating_the_target_loses_its_players_order():
    """5.1 with 4: the Order of a player whose active Prophet is defeated before it
    resolves is lost, in 2 vs 2 too."""
    s = four({1: side(arc("mose", "mishnah", "terra_promessa", "shema", damage=faith("mose") - 40), elaine()),
              0: side(arc("chimera", "masoreti", "eucarestia")), })
    # Chimera (Fervor 80) strikes Mose (weak to Faithful) before he acts
    direction = "left"
    orders(s, f"cult 1 {direction}", "cult 1 left", HARMLESS, "cult 1 right")
    if prophet(s, 1, "mose")["where"] != "defeated":
        s = four({1: side(arc("mose", "mishnah", "terra_promessa", "shema", damage=faith("mose") - 40), elaine()),
                  0: side(arc("chimera", "masoreti", "eucarestia"))})
        orders(s, "cult 1 right", "cult 1 left", HARMLESS, "cult 1 right")
    assert prophet(s, 1, "mose")["where"] == "defeated"
    # Mose's Mishnah (30) was lost: nobody on the other team took damage from it
    assert active(s, 0)["damage"] == 0 and active(s, 2)["damage"] == 0


def test_s4_III_immunity_and_weakness_concern_cult_cards_only():
    """4 Phase III: immunities and weaknesses are to types of Cult card; a Divine
    Intervention's damage is neither cancelled nor doubled by them."""
    s = duel(side(elaine(), interventions=["cavalieri_apocalisse"]),
             side(arc("mose", "terra_promessa", "mishnah", "shema"), elaine()))
    orders(s, "intervene", "summon 1")
    # Summoning first: Cavalieri strikes Elaine (weak to Doctrine only): 40, not doubled
    assert active(s, 1)["prophet"] == "elaine" and active(s, 1)["damage"] == 40


def test_s4_malefic_hysteria_reveals_first_but_priority_still_decides_who_resolves():
    """4 Malefic markers, Hysteria: choosing and revealing first does not change who
    resolves first: the faster Cagliostro still defeats Elaine before her card."""
    s = duel(side(elaine(damage=faith("elaine") - cult_damage("kasherut"), malefic=["hysteria"]), elaine()),
             side(cagliostro()))
    orders(s, "cult 1", "cult 1")
    assert prophet(s, 0, "elaine")["where"] == "defeated"
    assert active(s, 1)["damage"] == 0


def test_s4_kw_global_strikes_a_prophet_revealed_during_play_once_in_the_rear_guard():
    """4 Keywords, Global: a Prophet revealed in play and then sent to the rear guard is a
    revealed opposing Prophet: Tawhid strikes it there."""
    s = duel(side(arc("al_jafar", "tawhid", "hajj", "samsara")),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione"), elaine(revealed=False)))
    orders(s, "cult 1", "summon 1")  # Summoning first: Elaine active, Cagliostro to the rear guard
    assert active(s, 1)["prophet"] == "elaine"
    assert prophet(s, 1, "elaine")["damage"] == 2 * cult_damage("tawhid")  # weak to Doctrine
    assert prophet(s, 1, "cagliostro")["damage"] == cult_damage("tawhid")


def test_s4_III_the_new_prophet_is_deployed_and_shown_before_the_next_orders():
    """4 Phase III / 3: after a defeat, the player deploys another Prophet at the start of
    their next turn, as in the Opening: revealed before the Orders are chosen."""
    s = duel(side(elaine(damage=faith("elaine") - cult_damage("kasherut")),
                  arc("al_jafar", "hajj", "samsara", "guerra_santa")),
             side(cagliostro()))
    orders(s, "cult 1", "cult 1")
    assert s.to_move == (0,)
    s.apply("deploy 1", 0)
    assert set(s.to_move) == {0, 1}
    seen = s.observation(1)["players"][0]
    assert seen["arcana"][seen["active"]]["prophet"] == "al_jafar"


def test_s4_orders_refer_to_cards_and_prophets_that_exist():
    """4 Phases I and III: the number of a Summoning names a Prophet in the rear guard and
    that of a Cult card a card in front of the player; others are refused, and with an
    empty rear guard there is no Summoning."""
    s = duel(side(elaine("penitenza", "trinita"), cagliostro()), side(cagliostro()))
    assert "summon 1" in legal(s, 0) and "summon 2" not in legal(s, 0)
    assert "cult 2" in legal(s, 0) and "cult 3" not in legal(s, 0)
    for refused in ("summon 2", "cult 3"):
        with pytest.raises(IllegalAction):
            s.apply(refused, 0)
    s = duel(side(elaine()), side(cagliostro()))
    assert not any(a.startswith("summon") for a in legal(s, 0))


def test_s1_sunna_counts_the_damage_markers_now_on_its_prophet():
    """1 Cult cards (Sunna): the condition is "no damage markers on them": a Prophet healed
    back to no damage meets it again."""
    s = duel(side(arc("salomone", "sunna", "terra_promessa", "corano_hizb", damage=20)),
             side(arc("mose", "terra_promessa", "mishnah", "esodo")))
    orders(s, "cult 2", "cult 1")  # Terra Promessa: Salomone back to 0 damage
    assert active(s, 0)["damage"] == 0
    orders(s, "cult 1", "cult 2")
    assert prophet(s, 1, "mose")["damage"] == 100


def test_s4_kw_arduous_binds_the_player_whichever_prophet_is_active():
    """4 Keywords, Arduous: after an Arduous card is used in your turn, in the following
    turn no card with Arduous can be used: not even by the Prophet deployed after the one
    that used it fell."""
    s = duel(side(elaine("crociati", "penitenza", damage=faith("elaine") - cult_damage("mishnah")),
                  cagliostro("esodo", "kasherut", "circoncisione")),
             side(arc("mose", "terra_promessa", "mishnah", "shema")))
    orders(s, "cult 1", "cult 2")  # Crociati (Elaine first), then Mishnah defeats her
    assert prophet(s, 0, "elaine")["where"] == "defeated"
    assert prophet(s, 1, "mose")["damage"] == 2 * cult_damage("crociati")
    s.apply("deploy 1", 0)
    assert "cult 1" not in legal(s, 0) and "cult 2" in legal(s, 0)


def test_s4_kw_arduous_card_whose_order_was_lost_was_not_used():
    """4 Keywords, Arduous + 4: an Arduous card whose Order was lost (its Prophet defeated
    first) was not used, so it blocks nothing the next turn."""
    s = duel(side(elaine("crociati", "penitenza", damage=faith("elaine") - cult_damage("kasherut")),
                  cagliostro("esodo", "kasherut", "circoncisione")),
             side(cagliostro("kasherut", "circoncisione", "terra_promessa")))
    orders(s, "cult 1", "cult 1")
    assert prophet(s, 0, "elaine")["where"] == "defeated"
    s.apply("deploy 1", 0)
    assert "cult 1" in legal(s, 0)


def test_s5_1_hysteria_player_chooses_first_in_2_vs_2():
    """5.1 with 4 Hysteria: in 2 vs 2 too, the player whose active Prophet has Hysteria
    chooses and reveals first; the three others then choose."""
    s = four({1: side(arc("mose", "terra_promessa", "mishnah", "shema", malefic=["hysteria"]))})
    assert s.to_move == (1,)
    s.apply(HARMLESS, 1)
    assert set(s.to_move) == {0, 2, 3}
    assert all(s.observation(p)["orders"]["shown"] == {"1": HARMLESS} for p in (0, 2, 3))


REFUSALS = [
    ("fanaticism intervene", lambda: duel(side(elaine(malefic=["fanaticism"]), cagliostro(),
                                               interventions=["pioggia_di_fuoco"]), side(cagliostro())),
     "intervene", "Malefic"),
    ("fanaticism summon", lambda: duel(side(elaine(malefic=["fanaticism"]), cagliostro()), side(cagliostro())),
     "summon 1", "Malefic"),
    ("appeal too early", lambda: duel(side(elaine(), interventions=["pioggia_di_fuoco"]), side(cagliostro())),
     "appeal", "Phase II"),
    ("withered card", lambda: duel(side(elaine(malefic=["withering"], withered=1)), side(cagliostro())),
     "cult 2", "Malefic"),
    ("no such rear guard position", lambda: duel(side(elaine(), cagliostro()), side(cagliostro())),
     "summon 2", "Phase I"),
    ("no such Cult card", lambda: duel(side(elaine("penitenza", "trinita")), side(cagliostro())),
     "cult 3", "Phase III"),
    ("special of another player's Prophet", lambda: duel(side(elaine()), side(cagliostro())),
     "special cagliostro", "Special"),
]


@pytest.mark.parametrize("name, make, action, section", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_s4_forbidden_orders_are_refused_naming_the_rule(name, make, action, section):
    """4: the Orders the rulebook forbids are refused with one line naming the rule, and
    the state is unchanged."""
    s = make()
    before = s.to_position()
    with pytest.raises(IllegalAction) as exc:
        s.apply(action, 0)
    assert section in exc.value.rule and "\n" not in str(exc.value)
    assert s.to_position() == before


def test_s5_1_fidelity_test_chooser_is_the_targeted_opponent():
    """5.1 with 6 Fidelity Test: in 2 vs 2 "the opponent" who chooses the path is the
    opponent the Target token names."""
    for direction in ("left", "right"):
        s = four({0: side(agostino())})
        orders(s, f"cult 1 {direction}", HARMLESS, HARMLESS, "cult 1 right")
        test = s.to_position()["test"]
        assert test["tester"] == 0 and test["chooser"] in (1, 3)
        assert set(s.to_move) == {0, test["chooser"]}
        assert all(a.startswith("path") for a in legal(s, test["chooser"]))
    choosers = set()
    for direction in ("left", "right"):
        s = four({0: side(agostino())})
        orders(s, f"cult 1 {direction}", HARMLESS, HARMLESS, "cult 1 right")
        choosers.add(s.to_position()["test"]["chooser"])
    assert choosers == {1, 3}


def test_s2_1_3_one_box_refuses_a_card_in_both_players_arcana():
    """2.1.3: with one copy of the game, the two players build from the same box: one card
    cannot be in both players' Arcana."""
    mine = [["mose", "mishnah", "esodo", "shema"], ["salomone", "nevim", "kabbalah", "corano_hizb"],
            ["cagliostro", "kasherut", "circoncisione", "terra_promessa"],
            ["al_jafar", "hajj", "samsara", "guerra_santa"]]
    theirs = [["elaine", "penitenza", "trinita", "redenzione"], ["maometto", "sunniti", "allah_akbar", "hadith"],
              ["gesu", "antico_testamento", "nuovo_testamento", "apocalisse_di_giovanni"],
              ["goffredo", "crociati", "templari", "francescani"]]
    other_dis = ["cavalieri_apocalisse", "diluvio_universale", "raggiungimento_nirvana", "transustanzazione"]
    G.new(0, mode="free_will", one_box=True, arcana=[mine, theirs], interventions=[DIS, other_dis])
    theirs_clash = [["mose", "terra_promessa", "rabbi", "masoreti"], *theirs[1:]]
    with pytest.raises(IllegalAction):
        G.new(0, mode="free_will", one_box=True, arcana=[mine, theirs_clash], interventions=[DIS, other_dis])
    G.new(0, mode="free_will", one_box=False, arcana=[mine, mine], interventions=[DIS, DIS])


def test_s2_each_prophet_arcanum_has_exactly_4_cards_in_free_will():
    """2: each player assembles 5 packets of 4 cards: a Prophet's Arcanum with only two
    associated cards is refused in Free Will."""
    short = [["mose", "mishnah", "esodo"], ["salomone", "nevim", "kabbalah", "corano_hizb"],
             ["cagliostro", "kasherut", "circoncisione", "terra_promessa"],
             ["al_jafar", "hajj", "samsara", "guerra_santa"]]
    full = [["mose", "mishnah", "esodo", "shema"], *short[1:]]
    G.new(0, mode="free_will", arcana=[full, full], interventions=[DIS, DIS])
    with pytest.raises(IllegalAction):
        G.new(0, mode="free_will", arcana=[short, full], interventions=[DIS, DIS])


@pytest.mark.parametrize("mode", ["predestination", "free_will", "chaos"])
def test_s2_1_the_three_construction_modes_lead_to_the_opening(mode):
    """2.1: Chaos, Predestination and Free Will are the three ways to build the 5 Arcana;
    each leads to the Opening, where both players deploy."""
    s = G.new(5, mode=mode)
    if mode == "chaos":
        assert s.to_position()["phase"] == "chaos"
        return
    assert s.to_position()["phase"] == "deploy" and set(s.to_move) == {0, 1}
    for p in (0, 1):
        mine = s.observation(p)["players"][p]
        assert len(mine["arcana"]) == 4 and len(mine["interventions"]) == 4


def test_s5_1_chaos_each_of_four_players_starts_on_a_row_of_its_own():
    """5.1 Chaos construction: the 12 packets are laid out in 4 rows of 3; each player
    begins with the first packet of a row (four different packets)."""
    s = G.new(2, players=4, mode="chaos")
    assert set(s.to_move) == {0, 1, 2, 3}
    held = [tuple(s.observation(p)["chaos"]["packet"]) for p in range(4)]
    assert len(set(held)) == 4
    assert len(s.to_position()["chaos"]["packets"]) == 12


@pytest.mark.parametrize("direction", ["left", "right"])
def test_s5_1_hajj_lands_on_the_targeted_opponent_and_heals_its_own_prophet(direction):
    """5.1 Target selection with Hajj (issue #18): in 2 vs 2 the card's damage lands on the
    opponent the Target token names (immunity and weakness applying), its healing on the
    Prophet that used it; the other opponent and the partner are untouched."""
    s = four({0: side(arc("al_jafar", "hajj", "samsara", "guerra_santa", damage=40)),
              1: side(arc("nagarjuna", "karma", "dhammapada", "peccato_originale")),
              3: side(arc("salomone", "terra_promessa", "corano_hizb", "nevim"))})
    orders(s, f"cult 1 {direction}", "special nagarjuna left", HARMLESS, "special salomone right")
    struck = {p: active(s, p)["damage"] for p in (1, 2, 3)}
    assert struck[2] == 0
    assert sorted(struck[p] > 0 for p in (1, 3)) == [False, True]
    victim = 1 if struck[1] else 3
    weak = "Custom" in CARDS[active(s, victim)["prophet"]]["weak"]
    assert struck[victim] == cult_damage("hajj") * (2 if weak else 1)
    assert active(s, 0)["damage"] == 40 - 20


def test_s4_malefic_fanaticism_forbids_the_appeal_too():
    """4 Malefic markers, Fanaticism + Phase II: the Appeal to Rationality is the Divine
    Intervention Order played once the sleeve is empty, so Fanaticism forbids it too."""
    s = duel(side(elaine(malefic=["fanaticism"])), side(cagliostro()))
    assert "appeal" not in legal(s, 0)
    s = duel(side(elaine()), side(cagliostro()))
    assert "appeal" in legal(s, 0)


def test_s4_I_summoning_swaps_the_active_prophet_into_the_chosen_position():
    """4 Phase I (the example): the player swaps their active Prophet with the second
    Prophet of the rear guard: the withdrawn one takes that place, the others keep theirs."""
    s = duel(side(elaine(), arc("al_jafar", "hajj", "samsara", "guerra_santa"),
                  arc("mose", "mishnah", "esodo", "shema"), arc("salomone", "corano_hizb", "nevim", "kabbalah")),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione")))
    orders(s, "summon 2", "cult 1")
    p = s.to_position()["players"][0]
    assert p["arcana"][p["active"]]["prophet"] == "mose"
    assert [p["arcana"][i]["prophet"] for i in p["rear"]] == ["al_jafar", "elaine", "salomone"]


def test_s4_kw_revealed_card_is_face_up_when_its_prophet_is_first_summoned():
    """4 Keywords, Revealed: a Prophet first deployed by Summoning shows its Revealed Cult
    card at once."""
    s = duel(side(elaine(), arc("salomone", "sunna", "mishnah", "corano_hizb", revealed=False)),
             side(cagliostro("terra_promessa", "kasherut", "circoncisione")))
    orders(s, "summon 1", "cult 1")
    seen = s.observation(1)["players"][0]
    cards = seen["arcana"][seen["active"]]["cult"]
    assert [c["card"] for c in cards if c["face_up"]] == ["sunna"]
