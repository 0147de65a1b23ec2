"""Section 2.1.1, Chaos mode: the packets, passing, placing into Arcana at once, the end of
preparation, the extra packet, 20 damage per further packet, the minimum, and what each
player sees."""

from collections import Counter

import pytest

from credo.games.dogma.chaos import CULT, DI, PACKETS, RELIC, card_id, kind, placement_error
from credo.games.dogma.codes import ARCANA
from credo.kernel import IllegalAction, Rng

from .conftest import assert_illegal, cult, dmg, phase, prophet, side

MECCA = [["al_jafar", "hajj", "samsara", "vacuita"], ["maometto", "corano_hizb", "sunniti", "allah_akbar"],
         ["primo_shahid", "sawm", "ramadan", "guerra_santa"], ["shirin", "ibaditi", "sunna", "hadith"]]
MECCA_DI = ["pioggia_di_fuoco", "tramutazione_acqua_sangue", "tramutazione_acqua_sangue", "esorcismo"]


def chaos_position(packets, arcana=([], []), dis=([], []), hold=(0, 6), step=(0, 0), **extra):
    def arc(lst):
        out = [{"prophet": a[0], "cards": a[1:]} for a in lst]
        return out + [{"prophet": None, "cards": []}] * (4 - len(out))
    data = {"packets": packets, "step": list(step), "hold": list(hold), "waiting": [False, False],
            "concluded": [False, False], "free": [-1, -1], "paid": [0, 0],
            "arcana": [arc(arcana[0]), arc(arcana[1])], "interventions": [list(dis[0]), list(dis[1])]}
    data.update(extra)
    return {"game": "dogma", "mode": "chaos", "phase": "chaos", "turn": 1, "seed": 3,
            "players": [{"arcana": []}, {"arcana": []}], "commit": None, "chaos": data}


def hold(state) -> list[int]:
    """The packet each player holds (-1: none), as a saved game holds it."""
    return state.to_position()["chaos"]["hold"]


def empty_packets():
    return [[] for _ in range(PACKETS)]


def test_twelve_packets_of_two_prophets_and_seven_other_cards_the_rest_back_in_the_box(game):
    s = game.new(4, mode="chaos")
    packets = s.to_position()["chaos"]["packets"]
    is_prophet = game.tables.prophet_by_id
    assert len(packets) == 12
    for p in packets:
        assert sum(1 for x in p if x in is_prophet) == 2 and len(p) == 9
    cards = Counter(x for p in packets for x in p)
    assert sum(cards.values()) == 108
    copies = {i.id: i.copies for i in game.content.interventions}
    assert all(n <= copies.get(x, 1) for x, n in cards.items())  # no card twice, but a second copy
    assert sum(n for x, n in cards.items() if x in is_prophet) == 24
    assert game.new(4, mode="chaos").to_position()["chaos"]["packets"] == packets
    assert game.new(5, mode="chaos").to_position()["chaos"]["packets"] != packets


def test_each_player_examines_a_packet_at_the_same_time_and_sees_only_it_and_their_own_arcana(game):
    s = game.new(4, mode="chaos")
    assert s.to_move == (0, 1)
    o0, o1 = s.observation(0)["chaos"], s.observation(1)["chaos"]
    assert len(o0["packet"]) == 9 and o0["packet"] != o1["packet"]
    assert "packet" not in s.observation(None)["chaos"]
    take = next(a for a in s.legal_actions(0) if a.kind == "take")
    s.apply(take, 0)
    assert s.observation(0)["chaos"]["arcana"] != s.observation(1)["chaos"]["arcana"]
    name = s.observation(0)["chaos"]["arcana"]
    assert not any("You place" in e.text for e in s.events(1))
    assert any("You place" in e.text for e in s.events(0)) and name


def test_a_card_taken_goes_into_an_arcanum_at_once_and_can_never_be_removed(game):
    packets = empty_packets()
    packets[0] = ["al_jafar", "hajj", "sunniti", "pioggia_di_fuoco"]
    s = game.from_position(chaos_position(packets))
    s.apply("take hajj 1", 0)
    assert "take hajj 1" not in [str(a) for a in s.legal_actions(0)]
    assert not any(a.kind not in ("take", "done_packet", "conclude", "continue") for a in s.game.actions
                   if a in s.legal_actions(0))
    s.apply("take al_jafar 1", 0)
    assert s.observation(0)["chaos"]["arcana"][0] == {"prophet": "al_jafar", "cards": ["hajj"]}


def test_placement_follows_the_construction_rules(game):
    packets = empty_packets()
    packets[0] = ["al_jafar", "hajj", "sunniti", "pioggia_di_fuoco", "samsara", "vacuita", "sawm"]
    s = game.from_position(chaos_position(packets))
    s.apply("take sunniti 1", 0)  # a Cult card may start an Arcanum...
    err = assert_illegal(s, "take al_jafar 1", 0, "Chaos")  # ...but then no Prophet who cannot use it
    assert "Sunniti" in err.message and "Al Jafar" in err.message
    for text in ("take pioggia_di_fuoco 1", "take hajj 5"):  # Interventions go only to the fifth Arcanum
        with pytest.raises(IllegalAction):
            s.apply(text, 0)
    s.apply("take pioggia_di_fuoco 5", 0)
    s.apply("take al_jafar 2", 0)
    s.apply("take hajj 2", 0)
    s.apply("take samsara 2", 0)
    s.apply("take vacuita 2", 0)
    err = assert_illegal(s, "take sawm 2", 0, "Chaos")
    assert "3 associated cards" in err.message


def test_a_player_may_not_examine_the_next_packet_until_the_other_has_finished(game):
    s = game.new(4, mode="chaos")
    s.apply("done", 0)
    assert s.to_move == (1,)
    assert s.to_position()["chaos"]["hold"][0] == -1
    s.apply("done", 1)
    assert s.to_move == (0, 1) and s.to_position()["chaos"]["hold"] == [1, 7]


def test_a_player_with_all_five_arcana_complete_concludes_the_other_gets_one_more_packet_then_pays_20(game):
    packets = empty_packets()
    for n in range(PACKETS):
        packets[n] = []
    packets[6] = ["gesu", "trinita"]
    packets[7] = ["goffredo"]
    packets[8] = ["crociati"]
    packets[9] = ["penitenza"]
    s = game.from_position(chaos_position(packets, arcana=(MECCA, []), dis=(MECCA_DI, [])))
    assert "conclude" in [str(a) for a in s.legal_actions(0)]
    assert "conclude" not in [str(a) for a in s.legal_actions(1)]
    s.apply("conclude", 0)
    assert s.to_move == (1,)
    s.apply("take gesu 1", 1)
    s.apply("done", 1)  # finished the packet in hand: one more packet is free
    assert hold(s)[1] == 7 and side(s, 1)["damage_in_front"] == 0
    s.apply("take goffredo 2", 1)
    s.apply("done", 1)
    assert [str(a) for a in s.legal_actions(1)] == ["continue"]  # no minimum: must go on
    s.apply("continue", 1)
    assert side(s, 1)["damage_in_front"] == 20 and hold(s)[1] == 8
    s.apply("done", 1)
    s.apply("continue", 1)
    assert side(s, 1)["damage_in_front"] == 40


def test_the_other_player_may_conclude_early_with_four_prophets_with_one_card_each(game):
    packets = empty_packets()
    packets[6] = ["hajj"]
    four = [["gesu", "trinita"], ["goffredo", "crociati"], ["hugues", "rogo"], ["agostino"]]
    s = game.from_position(chaos_position(packets, arcana=(MECCA, four), dis=(MECCA_DI, [])))
    s.apply("conclude", 0)
    assert "conclude" not in [str(a) for a in s.legal_actions(1)]
    err = assert_illegal(s, "conclude", 1, "Chaos")
    assert "4 Prophets" in err.message
    s2 = game.from_position(chaos_position(packets, arcana=(MECCA, four[:3] + [["agostino", "nevim"]]),
                                           dis=(MECCA_DI, [])))
    s2.apply("conclude", 0)
    s2.apply("conclude", 1)
    assert phase(s2) == "deploy" and s2.to_position()["chaos"] is None  # the Opening


def test_preparation_damage_goes_on_the_first_prophet_deployed(game):
    packets = empty_packets()
    packets[6] = []
    packets[7] = ["nevim"]
    four = [["gesu", "trinita"], ["goffredo", "crociati"], ["hugues", "rogo"], ["agostino"]]
    s = game.from_position(chaos_position(packets, arcana=(MECCA, four), dis=(MECCA_DI, [])))
    s.apply("conclude", 0)
    s.apply("done", 1)
    s.apply("take nevim 4", 1)
    s.apply("done", 1)
    s.apply("continue", 1)  # 20 damage
    s.apply("conclude", 1)
    assert phase(s) == "deploy" and [side(s, p)["damage_in_front"] for p in (0, 1)] == [0, 20]
    s.apply("deploy 2", 0)
    s.apply("deploy 3", 1)
    assert dmg(s, 1, 2) == 20 and [side(s, p)["damage_in_front"] for p in (0, 1)] == [0, 0]
    assert [a["prophet"] for a in side(s, 1)["arcana"]] == ["gesu", "goffredo", "hugues", "agostino"]


def test_random_chaos_games_build_decks_and_play_to_the_end(game):
    for seed in range(40):
        s = game.new(seed, **game.machine_options({"mode": "chaos"}))
        rng = Rng(seed)
        while not s.is_over:
            p = s.to_move[0]
            s.apply(game.rollout_action(s, p, rng), p)
        for a in (a for p in (0, 1) for a in side(s, p)["arcana"]):
            pr = prophet(game, a["prophet"])
            for c in a["cult"]:
                x = cult(game, c)
                assert pr.allows(x.religion, x.type)


def test_chaos_refuses_predestination_and_free_will_options(game):
    with pytest.raises(IllegalAction):
        game.new(0, mode="chaos", decks=["mecca", "storm"])


def test_codes_cover_every_card_kind():
    assert kind(0) == "prophet" and kind(CULT) == "cult" and kind(RELIC) == "relic" and kind(DI) == "di"


def _ids(game, codes):
    from collections import Counter

    from credo.games.dogma.chaos import card_id
    return Counter(card_id(game, x) for x in codes)


@pytest.mark.parametrize("players", [2, 4])
def test_a_sampled_world_keeps_what_the_player_remembers_of_the_packets_put_down(game, players):
    """A player who has put a packet down knows what was left in it: in every sampled world
    that packet holds only some of those cards, the rest lie in other players' Arcana, and
    the player's observation (with the memory) is the same. Cards never seen may be any not
    placed: which ones stayed in the box is not known."""
    def everything(prep):
        return _ids(game, [x for pk in prep.packets for x in pk] + [
            x for q in range(players) for x in prep.bd[q] + [y for a in prep.bc[q] for y in a] + prep.bp[q] if x >= 0])

    checked = 0
    for seed in range(6):
        s = game.new(seed, mode="chaos", players=players)
        rng = Rng(seed)
        for _ in range(60):
            if s.prep is None:
                break
            p = s.to_move[0]
            s.apply(game.rollout_action(s, p, rng), p)
        if s.prep is None:
            continue
        for viewer in range(players):
            memory = s.prep.seen[viewer]
            if not memory:
                continue
            obs = s.observation(viewer)
            for k in range(5):
                w = s.determinize(viewer, Rng(100 * seed + k))
                assert w.observation(viewer) == obs
                prep = w.prep
                # as many cards of each kind are out of the box, none twice; which ones stayed in the box the
                # player cannot know, so the world need not hold the same ones (ruling D-31)
                dealt, true = everything(w.prep), everything(s.prep)
                assert max(dealt.values()) <= 2 and sum(dealt.values()) == sum(true.values())
                assert sum(x in game.tables.prophet_by_id for x in dealt.elements()) == \
                    sum(x in game.tables.prophet_by_id for x in true.elements())
                mine = set(prep.bd[viewer]) | {x for a in prep.bc[viewer] for x in a} | set(prep.bp[viewer])
                others = _ids(game, [x for q in range(players) if q != viewer
                                     for x in prep.bd[q] + [y for a in prep.bc[q] for y in a] + prep.bp[q] if x >= 0])
                for n, cards in memory.items():
                    if n == prep.hold[viewer]:
                        continue
                    left = _ids(game, [x for x in cards if x not in mine])
                    now = _ids(game, prep.packets[n])
                    assert not now - left, "a packet gained a card the player did not leave in it"
                    assert not (left - now) - others, "a card taken from the packet is in no other Arcana"
                    checked += 1
    assert checked > 20


def test_a_position_whose_arcanum_breaks_its_prophets_sleeve_is_refused(game):
    packets = empty_packets()
    packets[6] = ["hajj"]
    with pytest.raises(IllegalAction) as err:
        game.from_position(chaos_position(packets, arcana=(MECCA, [["gesu", "sunniti"]]), dis=(MECCA_DI, [])))
    assert "chaos.arcana[1][0].cards[0]" in str(err.value) and "sleeve" in str(err.value)


def test_sampled_worlds_build_the_other_arcana_within_the_construction_rules(game):
    """The other players built their Arcana by the rules, so a sampled world does too: every
    Cult card in its Prophet's sleeve, and an Arcanum of four associated cards (public) only
    an Elaine-like Prophet's, all Cult cards. Such worlds load back from their position
    (a bot in another process receives its view that way)."""
    c = game.content
    extra = {i for i, p in enumerate(c.prophets) if p.ability.extra_cult_slot}
    worlds = fours = 0
    for seed in range(8):
        s = game.new(seed, mode="chaos")
        rng = Rng(seed)
        while s.prep is not None:
            for viewer in s.to_move:
                w = s.determinize(viewer, Rng(rng.below(1 << 30)))
                worlds += 1
                for q in range(2):
                    for n in range(4):
                        pi, cards = w.prep.bp[q][n], w.prep.bc[q][n]
                        if len(cards) == 4:
                            fours += q != viewer
                            assert pi in extra and all(kind(x) == "cult" for x in cards)
                        for x in cards:
                            if pi >= 0 and kind(x) == "cult":
                                card = c.cults[x - CULT]
                                assert c.prophets[pi].allows(card.religion, card.type), (seed, q, n)
                game.from_position(w.to_position())
            p = s.to_move[0]
            s.apply(game.rollout_action(s, p, rng), p)
    assert worlds > 300 and fours > 0


def test_the_search_values_a_draft_by_its_prophets_first_then_their_cards(game):
    """Section 2.1.1 calls construction the strategic heart of the game: the evaluation every
    agent searches with must tell a good draft from a bad one (it once valued every draft
    alike, and the agents drafted at random)."""
    def value(*actions, paid=(0, 0), arcana=([], [])):
        packets = empty_packets()
        packets[paid[0]] = ["gesu", "trinita", "hajj"]  # the packet in hand, as many steps along as were paid
        position = chaos_position(packets, arcana=arcana, paid=list(paid), step=list(paid),
                                  hold=[paid[0], 6 + paid[1]])
        position["players"] = [{"arcana": [], "damage_in_front": 20 * n} for n in paid]
        s = game.from_position(position)
        for action in actions:
            s.apply(action, 0)
        return game.evaluate(s, 0)

    # a Prophet first; a Cult card into an Arcanum without its Prophet narrows which Prophet it
    # may take later (sleeve restrictions), so it is worth less than nothing yet
    assert value("take gesu 1") > value() > value("take trinita 1")
    # a card goes with its Prophet
    assert value("take gesu 1", "take trinita 1") > value("take gesu 1")
    # each side values its own draft: the other's, drafted from other packets and hidden, would
    # only be noise in a search's sampled worlds (the draft is not two-sided; play is)
    theirs = game.from_position(chaos_position(empty_packets(), arcana=([], [["goffredo", "crociati"]])))
    assert not game.two_sided(theirs)
    assert game.evaluate(theirs, 0) == value() < game.evaluate(theirs, 1)
    assert game.evaluate_all(theirs) == [game.evaluate(theirs, 0), game.evaluate(theirs, 1)]
    # damage taken for extra packets is Faith lost
    assert value(paid=(1, 0)) < value() == value(paid=(0, 1))


def test_agents_draft_four_prophets_a_side_whichever_seat_chooses_first(game):
    from credo.agents import make_agent
    from credo.kernel import Match, PlayerView

    prophets = []
    for seed in range(4):
        match = Match(game, seed, game.machine_options({"mode": "chaos"}))
        agents = [make_agent("greedy", seed * 2 + p) for p in (0, 1)]
        while phase(match.state) == "chaos":
            p = match.state.to_move[0]
            match.play(agents[p].choose(PlayerView(match.state, p, seed=len(match.moves))), p)
        prophets += [sum(1 for a in side(match.state, p)["arcana"] if a["prophet"]) for p in (0, 1)]
    assert sum(prophets) / len(prophets) >= 3.5, prophets  # drafting at random gave about 2.5
    # the engine asks seat 1 first: a search through the other side's hidden draft left it
    # three Prophets to seat 2's four
    assert sum(prophets[0::2]) >= sum(prophets[1::2]) - 1, prophets


def test_in_2_vs_2_every_player_drafts_four_prophets_whatever_the_partner_still_has_to_choose(game):
    """Players 1 and 2 choose while their partners still have a choice to make: valuing the
    partner's hidden draft (made at random in the worlds a player looks at) left them with
    three Prophets and fewer, players 3 and 4 with four."""
    from credo.agents import make_agent
    from credo.kernel import Match, PlayerView

    prophets = [[] for _ in range(4)]
    for seed in range(3):
        match = Match(game, seed, game.machine_options({"mode": "chaos", "players": 4}))
        agents = [make_agent("greedy", seed * 4 + p) for p in range(4)]
        while phase(match.state) == "chaos":
            p = match.state.to_move[0]
            match.play(agents[p].choose(PlayerView(match.state, p, seed=len(match.moves))), p)
        for p in range(4):
            prophets[p].append(sum(1 for a in side(match.state, p)["arcana"] if a["prophet"]))
    assert all(sum(counts) / len(counts) >= 3.5 for counts in prophets), prophets


def placements_the_rules_allow(s, p):
    """The draft's actions for player p as section 2.1.1's construction rules give them, one
    placement at a time through `placement_error` (which names the reason for a refusal)."""
    g, prep = s.game, s.prep
    out, seen = [], set()
    for code in prep.packets[prep.hold[p]]:
        k, cid = kind(code), card_id(g, code)
        targets = [ARCANA] if k == "di" else range(ARCANA)
        if k == "di":
            if cid in seen:
                continue
            seen.add(cid)
        out += [g.A_take[(k, cid, n)] for n in targets if placement_error(g, prep, p, code, n) is None]
    return out


def test_the_draft_offers_exactly_the_placements_the_construction_rules_allow(game):
    checked = 0
    for seed, players in [(seed, 2) for seed in range(12)] + [(seed, 4) for seed in range(4)]:
        options = {"mode": "chaos"} if players == 2 else {"mode": "chaos", "players": 4}
        s = game.new(seed, **game.machine_options(options))
        rng = Rng(seed)
        while not s.is_over and s.prep is not None:
            for p in s.to_move:
                if s.prep.hold[p] >= 0:
                    offered = [a for a in s.legal_actions(p) if a.kind == "take"]
                    assert offered == placements_the_rules_allow(s, p)
                    checked += 1
            p = s.to_move[0]
            s.apply(game.rollout_action(s, p, rng), p)
    assert checked > 500


def test_elaine_takes_a_fourth_cult_card_of_her_sleeve_and_nothing_else_beside_three(game):
    packets = empty_packets()
    packets[0] = ["crociati", "sunniti", "santo_graal", "pioggia_di_fuoco", "al_jafar", "hajj", "sawm"]
    arcana = ([["elaine", "penitenza", "trinita", "redenzione"]], [])
    s = game.from_position(chaos_position(packets, arcana=arcana))
    offered = {str(a) for a in s.legal_actions(0)}
    assert "take crociati 1" in offered  # Christian Faithful: in her sleeve, her fourth Cult slot
    assert not {"take sunniti 1", "take santo_graal 1", "take al_jafar 1"} & offered
    assert [a for a in s.legal_actions(0) if a.kind == "take"] == placements_the_rules_allow(s, 0)
