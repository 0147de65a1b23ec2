"""Jol's rulebook, clause by clause, tested through the public API alone (issue #18).

Written from the rulebook, before reading how the game is implemented: each test sets
up a moment with a position (`Game.from_position`), acts through `apply`, and checks
what the rulebook says happens through `to_position()`, `observation()`, the events,
legality and refusals. The section a test checks is in its name:

  s1  The rules (lanes, the win, separate totals, drawing from an empty deck, the
      opening hand, the draw each turn)
  s2  Cogum (stats, Virtue, Skill, Faith)
  s3  Capacities (cost, Talent, Vow, Prophecy, Prayer and its two steps)
  s4  Draw phase        s5  Ready phase        s6  Formation phase
  s7  Engagement phase  s8  Instigate          s9  Influence       s10 End phase

Cards and numbers are Credo's provisional design (docs/rules/jol-content.md): the tests
use them only to exercise a rule's mechanism, and read the table rules (lane spaces,
Manifest size, the winning total) from the game's catalogue instead of restating them.
"""

from __future__ import annotations

import copy

import pytest

from credo import games
from credo.kernel import IllegalAction

GAME = games.load("jol")
CATALOGUE = GAME.catalogue()
RULES = CATALOGUE["rules"]
CARDS = CATALOGUE["cards"]
LANES = CATALOGUE["lanes"]  # boog, court, limit
FILLER = ["study"] * 6  # a deck that never runs out in these tests


# --- building moments ----------------------------------------------------------------
def card(name: str, owner: int = 0, at: str = "hand", **extra) -> dict:
    return {"card": name, "owner": owner, "at": at, **extra}


def ready(name: str, owner: int, at: str, **extra) -> dict:
    return card(name, owner, at, ready=True, **extra)


def tired(name: str, owner: int, at: str, **extra) -> dict:
    return card(name, owner, at, ready=False, **extra)


def position(cards: dict, *, current: int = 0, inf=None, piles=None, summoned: bool = False,
             turn: int = 5, phase: str = "formation") -> dict:
    hands: list[list[str]] = [[], []]
    for cid, entry in sorted(cards.items(), key=lambda kv: int(kv[0][1:])):
        if entry.get("at", "hand") == "hand":
            hands[entry.get("owner", 0)].append(cid)
    return {
        "game": "jol", "decks": ["mixed", "mixed"], "phase": phase, "current": current,
        "turn": turn, "summoned": summoned,
        "inf": inf if inf is not None else [[0, 0, 0], [0, 0, 0]],
        "piles": piles if piles is not None else [list(FILLER), list(FILLER)],
        "hands": hands, "cards": cards,
    }


def load(cards: dict, **kw):
    return GAME.from_position(position(cards, **kw))


# --- reading moments -----------------------------------------------------------------
def legal(state, player: int | None = None) -> set[str]:
    if player is None:
        player = state.to_move[0]
    return {str(a) for a in state.legal_actions(player)}


def at(state, cid: str) -> str:
    return state.to_position()["cards"][cid]["at"]


def body(state, cid: str) -> dict:
    """The Cogum `cid` as everyone sees it: in a lane or in a Manifest."""
    obs = state.observation(None)
    for lane in obs["lanes"]:
        for side in lane["cogum"]:
            for c in side:
                if c["id"] == cid:
                    return c
    for player in obs["players"]:
        for c in player["manifest"]:
            if c["id"] == cid:
                return c
    raise AssertionError(f"{cid} is neither in a lane nor in a Manifest")


def inf(state) -> list[list[int]]:
    return state.to_position()["inf"]


def phase(state) -> str:
    return state.to_position()["phase"]


def texts(state, since: int = 0, player: int | None = None) -> list[str]:
    return [e.text for e in state.events(player, since)]


def mark(state) -> int:
    return len(state.events(None))


def play(state, *actions: str):
    for a in actions:
        state.apply(a)
    return state


def one(state, prefix: str) -> str:
    """The only legal action beginning with `prefix` (e.g. the Prayer `pray c9`, whose
    target the game chooses when only one is possible)."""
    found = sorted(a for a in legal(state) if a == prefix or a.startswith(prefix + " "))
    assert len(found) == 1, f"{prefix}: {found}"
    return found[0]


def refused(state, action: str, player: int | None = None) -> IllegalAction:
    before = copy.deepcopy(state.to_position())
    with pytest.raises(IllegalAction) as info:
        state.apply(action, player)
    assert state.to_position() == before, f"refusing {action!r} changed the state"
    assert info.value.message and "\n" not in str(info.value)
    return info.value


def pass_step(state) -> None:
    """Both players pass in the current Prayer step."""
    assert phase(state) == "prayer"
    state.apply("pass")
    state.apply("pass")


def through(state, defender: str | None = None):
    """Run an engagement just declared to its end: both Prayer steps passed, `defender`
    chosen (or nobody when no Ready Rival stands)."""
    pass_step(state)
    if phase(state) == "defender":
        assert defender is not None, "a defender must be chosen"
        state.apply(f"defend {defender}")
    else:
        assert defender is None, f"{defender} was expected to defend, but nobody was asked"
    pass_step(state)
    return state


def printed(name: str) -> list[int]:
    return CARDS[name]["printed"]


# =====================================================================================
# s1 The rules: lanes, the win, separate totals, losing to an empty deck, hands
# =====================================================================================
def test_s1_three_lanes_boog_court_limit():
    assert LANES == ["boog", "court", "limit"]
    state = GAME.new(1)
    assert [lane["lane"] for lane in state.observation(0)["lanes"]] == LANES


def _influencer_ready_to_win(inf_totals, lane="court", sprt_card="choir"):
    """Player 1 has a Ready Cogum alone in `lane`, about to Influence unopposed."""
    return load({"c1": ready(sprt_card, 0, lane), "c2": card("mesa", 1)}, inf=inf_totals)


def test_s1_win_at_15_in_two_lanes_at_once():
    """Reaching exactly 15 in a second lane while the first reads 15 wins at once."""
    win = RULES["win_inf"]
    state = _influencer_ready_to_win([[win, win - printed("choir")[2], 0], [0, 0, 0]])
    play(state, "influence c1")
    through(state)
    assert state.is_over
    assert state.winners == (0,)
    assert inf(state)[0][0] >= win and inf(state)[0][1] >= win


def test_s1_15_in_one_lane_alone_is_no_win():
    win = RULES["win_inf"]
    state = _influencer_ready_to_win([[0, win + 3, 0], [0, 0, 0]])
    play(state, "influence c1")
    through(state)
    assert inf(state)[0][1] == win + 3 + printed("choir")[2]
    assert not state.is_over and state.winners == ()


def test_s1_each_lane_keeps_two_totals_that_never_cancel():
    """Gaining INF in a lane adds to your total there; the opponent's is untouched."""
    state = _influencer_ready_to_win([[0, 2, 0], [5, 9, 1]])
    play(state, "influence c1")
    through(state)
    assert inf(state) == [[0, 2 + printed("choir")[2], 0], [5, 9, 1]]


def test_s1_reaching_15_does_not_claim_or_lock_a_lane():
    """Player 1 reads 15 in the Boog; player 2 can still reach 15 there and win with it."""
    win = RULES["win_inf"]
    state = load({"c1": ready("choir", 1, "boog"), "c2": card("mesa", 0)}, current=1,
                 inf=[[win, 0, 0], [win - 1, win, 0]])
    play(state, "influence c1")
    through(state)
    assert state.winners == (1,)
    assert inf(state)[0] == [win, 0, 0]


def test_s1_a_lane_at_15_keeps_gaining():
    """Nothing closes a lane at 15: more INF still goes into it."""
    win = RULES["win_inf"]
    state = _influencer_ready_to_win([[0, win, 0], [0, 0, 0]])
    play(state, "influence c1")
    through(state)
    assert inf(state)[0][1] == win + printed("choir")[2]


def test_s1_drawing_from_an_empty_deck_loses():
    """Player 2 must draw at the start of their turn with an empty deck: they lose."""
    state = load({"c1": card("mesa", 0), "c2": card("mesa", 1)}, piles=[list(FILLER), []])
    play(state, "end")
    assert state.is_over
    assert state.winners == (0,)


def test_s1_drawing_from_an_empty_deck_by_a_card_loses():
    """Any draw counts, not only the Draw phase: a Talent that draws on an empty deck."""
    state = load({"c1": card("study", 0), "c2": card("mesa", 1)}, piles=[[], list(FILLER)])
    play(state, "talent c1")
    assert state.is_over
    assert state.winners == (1,)


def test_s1_a_deck_with_cards_left_does_not_lose():
    state = load({"c1": card("mesa", 0), "c2": card("mesa", 1)}, piles=[list(FILLER), ["study"]])
    play(state, "end")
    assert not state.is_over
    assert state.to_position()["piles"][1] == []


@pytest.mark.parametrize("seed", [0, 1, 2, 7])
def test_s1_each_player_opens_with_seven_cards_and_draws_at_their_turn(seed):
    state = GAME.new(seed)
    first = state.to_position()["current"]
    hands = state.to_position()["hands"]
    assert RULES["opening_hand"] == 7
    # the first player has drawn for their first turn; the other has the opening seven
    assert len(hands[first]) == 8
    assert len(hands[1 - first]) == 7
    piles = state.to_position()["piles"]
    assert len(piles[first]) == RULES["deck_size"] - 8
    assert len(piles[1 - first]) == RULES["deck_size"] - 7


# =====================================================================================
# s2 Cogum: stats, Virtue, Skill, Faith
# =====================================================================================
COGUM = {k: v for k, v in CARDS.items() if v["family"] == "cogum"}


def test_s2_every_cogum_carries_det_hrt_sprt():
    assert CATALOGUE["stats"] == ["det", "hrt", "sprt"]
    state = load({"c1": ready("granite", 0, "boog"), "c2": card("mesa", 1)})
    seen = body(state, "c1")
    assert [seen["det"], seen["hrt"], seen["sprt"]] == printed("granite")


def _named_by_the_rulebook(name: str) -> bool:
    """One highest stat, or all three equal: two equal highest stats and a lower third
    are not named by the rulebook (a ruling decides them), so they are left out here."""
    stats = printed(name)
    return stats.count(max(stats)) in (1, 3)


@pytest.mark.parametrize("name", sorted(n for n in COGUM if _named_by_the_rulebook(n)))
def test_s2_virtue_is_set_by_the_highest_printed_stat(name):
    det, hrt, sprt = printed(name)
    if det == hrt == sprt:
        expected = "stoic"
    else:
        expected = {0: "brave", 1: "proud", 2: "wise"}[[det, hrt, sprt].index(max(det, hrt, sprt))]
    assert COGUM[name]["virtue"] == expected


def test_s2_both_faiths_share_the_four_virtues():
    for faith in ("jovinet", "terrisol"):
        virtues = {v["virtue"] for v in COGUM.values() if v["faith"] == faith}
        assert virtues == {"brave", "proud", "wise", "stoic"}


def test_s2_a_cogum_has_a_virtue_a_faith_and_a_planet():
    for name, c in COGUM.items():
        assert c["virtue"] and c["faith"] in ("jovinet", "terrisol") and c["planet"], name


def test_s2_a_virtue_carries_no_skill():
    """Knowing a Virtue tells nothing of what a Cogum does: Cogum of one Virtue print
    different Skills."""
    skills = [c["skill"] for c in COGUM.values() if c["skill"]]
    assert len(skills) == len(set(skills))


def test_s2_virtue_never_changes_when_stats_change():
    """Tamber Herald is Proud (highest printed HRT). With +3 DET until end of turn its DET
    is now its highest stat, yet Rally Cry's "+1 more if Brave" still does not apply."""
    assert COGUM["tamber"]["virtue"] == "proud"
    det, hrt, _ = printed("tamber")
    state = load({"c1": ready("tamber", 0, "boog", buff=[3, 0, 0]), "c2": card("rally_cry", 0),
                  "c3": card("mesa", 1)})
    assert body(state, "c1")["det"] == det + 3 > hrt
    play(state, "talent c2 c1")
    assert body(state, "c1")["det"] == det + 3 + 2


def test_s2_a_virtue_bonus_applies_to_its_virtue():
    """The mechanism the test above relies on: a Brave ally does get the +1."""
    assert COGUM["kettle"]["virtue"] == "brave"
    state = load({"c1": ready("kettle", 0, "boog"), "c2": card("rally_cry", 0), "c3": card("mesa", 1)})
    play(state, "talent c2 c1")
    assert body(state, "c1")["det"] == printed("kettle")[0] + 3


def test_s2_jovinet_print_skills_terrisol_print_none():
    for name, c in COGUM.items():
        if c["faith"] == "jovinet":
            assert c["skill"], f"{name} is Jovinet and prints no Skill"
        else:
            assert c["faith"] == "terrisol"
            assert not c["skill"], f"{name} is Terrisol and prints a Skill"


def test_s2_jovinet_pay_for_skills_in_smaller_numbers():
    jovinet = [sum(c["printed"]) for c in COGUM.values() if c["faith"] == "jovinet"]
    terrisol = [sum(c["printed"]) for c in COGUM.values() if c["faith"] == "terrisol"]
    assert max(jovinet) < min(terrisol)


def test_s2_a_skill_is_always_on_and_never_played():
    """Vell Warden's Bulwark (+3 HRT while defending) works without any action: a DET
    that would break its printed HRT does not break it while it defends."""
    det_needed = printed("vell")[1]  # 5: breaks the printed HRT
    state = load({"c1": ready("granite", 1, "boog"), "c2": ready("vell", 0, "boog"), "c3": card("mesa", 0)},
                 current=1)
    assert printed("granite")[0] == det_needed
    assert not any(a.startswith(("skill", "use")) for a in legal(state))
    play(state, "instigate c1")
    through(state, defender="c2")
    assert at(state, "c2") == "boog"


def test_s2_faith_is_printed_and_cards_can_care_about_it():
    """Terrisol Drill names a Terrisol ally: it may target Granite, not Pip."""
    state = load({"c1": ready("granite", 0, "boog"), "c2": ready("pip", 0, "court"),
                  "c3": card("terrisol_drill", 0), "c4": card("mesa", 1)})
    assert CARDS["granite"]["faith"] == "terrisol" and CARDS["pip"]["faith"] == "jovinet"
    assert "talent c3 c1" in legal(state)
    assert "talent c3 c2" not in legal(state)
    refused(state, "talent c3 c2")


# =====================================================================================
# s3 Capacities
# =====================================================================================
def test_s3_capacities_cost_nothing_and_have_no_limit_per_turn():
    state = load({"c1": ready("granite", 0, "boog"), "c2": card("rally_cry", 0),
                  "c3": card("terrisol_drill", 0), "c4": card("pilgrimage", 0),
                  "c5": card("fervent_hymn", 0), "c6": card("mesa", 1)})
    play(state, "talent c2 c1", "talent c3 c1", "talent c4 court", "talent c5 c1")
    assert {at(state, c) for c in ("c2", "c3", "c4", "c5")} == {"graveyard"}
    assert inf(state)[0][1] == 2
    g = body(state, "c1")
    base = printed("granite")
    assert (g["det"], g["hrt"], g["sprt"]) == (base[0] + 3 + 1, base[1] + 2, base[2] + 2)


def test_s3_talent_resolves_immediately():
    state = load({"c1": ready("granite", 0, "boog"), "c2": card("pilgrimage", 0), "c3": card("mesa", 1)})
    play(state, "talent c2 limit")
    assert inf(state)[0] == [0, 0, 2]


def test_s3_talent_effect_lasts_until_end_of_turn():
    state = load({"c1": ready("granite", 0, "boog"), "c2": card("rally_cry", 0), "c3": card("mesa", 1)})
    play(state, "talent c2 c1")
    assert body(state, "c1")["det"] == printed("granite")[0] + 3
    play(state, "end")
    assert body(state, "c1")["det"] == printed("granite")[0]


def test_s3_a_lasting_talent_persists_on_the_field_until_end_of_turn():
    state = load({"c1": ready("granite", 0, "court"), "c2": card("banner_of_jol", 0), "c3": card("mesa", 1)})
    play(state, "talent c2 court")
    assert at(state, "c2") == "talent"
    assert [t["id"] for t in state.observation(1)["lasting"]] == ["c2"]
    assert body(state, "c1")["sprt"] == printed("granite")[2] + 1
    play(state, "end")
    assert at(state, "c2") == "graveyard"
    assert state.observation(1)["lasting"] == []
    assert body(state, "c1")["sprt"] == printed("granite")[2]


@pytest.mark.parametrize("family,cid,act", [
    ("talent", "c4", "talent c4 c1"),
    ("vow", "c5", "vow c5 c1"),
    ("prophecy", "c6", "prophecy c6"),
])
def test_s3_talent_vow_prophecy_only_in_your_formation_phase(family, cid, act):
    """After the first engagement the Formation phase is over; and the opponent may not
    play them during your engagement either."""
    cards = {"c1": ready("granite", 0, "boog"), "c2": ready("mesa", 0, "court"),
             "c3": ready("bastion", 1, "limit"),
             "c4": card("rally_cry", 0), "c5": card("vow_of_iron", 0), "c6": card("omen_of_silence", 0),
             "c7": card("rally_cry", 1), "c8": card("vow_of_iron", 1), "c9": card("omen_of_silence", 1)}
    state = load(cards)
    assert act in legal(state)
    play(state, "influence c2")
    # the opponent, during a Prayer step of your engagement
    assert state.to_move == (1,)
    their = {"talent": "talent c7", "vow": "vow c8", "prophecy": "prophecy c9"}[family]
    assert not any(a.startswith(their) for a in legal(state))
    through(state)
    # back to you, in the Engagement phase: Granite can still engage
    assert phase(state) == "engagement" and state.to_move == (0,)
    assert "instigate c1" in legal(state)
    assert act not in legal(state)
    refused(state, act)


def test_s3_vow_attaches_to_a_cogum_and_persists_across_turns():
    state = load({"c1": ready("granite", 0, "boog"), "c2": card("vow_of_iron", 0), "c3": card("mesa", 1)})
    play(state, "vow c2 c1")
    assert at(state, "c2") == "vow"
    assert state.to_position()["cards"]["c2"]["on"] == "c1"
    assert body(state, "c1")["hrt"] == printed("granite")[1] + 2
    play(state, "end", "end", "end")
    assert body(state, "c1")["hrt"] == printed("granite")[1] + 2
    assert [v["id"] for v in body(state, "c1")["vows"]] == ["c2"]


def test_s3_vow_persists_while_its_cogum_goes_to_the_manifest_and_back():
    """A Vow ends only when its Cogum is broken: a trip to the Manifest keeps it."""
    state = load({"c1": ready("granite", 0, "boog"), "c2": card("vow_of_iron", 0), "c3": card("mesa", 1)})
    play(state, "vow c2 c1", "manifest c1", "end", "end")
    assert at(state, "c1") == "manifest"
    play(state, "deploy c1 court")
    assert at(state, "c2") == "vow"
    assert body(state, "c1")["hrt"] == printed("granite")[1] + 2


def test_s3_vow_goes_when_its_cogum_is_broken():
    state = load({"c1": ready("ridge", 1, "boog"), "c2": ready("granite", 0, "boog"),
                  "c3": tired("vow_of_iron", 0, "vow", on="c2"), "c4": card("mesa", 0)}, current=1)
    assert body(state, "c2")["hrt"] == printed("granite")[1] + 2 <= printed("ridge")[0]
    play(state, "instigate c1")
    through(state, defender="c2")
    assert at(state, "c2") == "graveyard"
    assert at(state, "c3") == "graveyard"


def test_s3_prophecy_is_placed_face_down_in_the_manifest():
    state = load({"c1": card("omen_of_silence", 0), "c2": card("mesa", 1)})
    play(state, "prophecy c1")
    assert at(state, "c1") == "prophecy"
    theirs = state.observation(1)["players"][0]
    assert theirs["face_down"] == ["c1"]
    assert "omen_of_silence" not in str(state.observation(1))
    assert "Omen of Silence" not in " ".join(texts(state, 0, 1))
    assert [p["card"] for p in state.observation(0)["players"][0]["prophecies"]] == ["omen_of_silence"]


def test_s3_prophecy_flips_face_up_and_resolves_when_its_trigger_is_satisfied():
    """Omen of Silence (when a Rival declares an Influence: -3 SPRT): player 2's Choir
    declares an Influence; the Omen flips at once, and the Influence resolves with it."""
    state = load({"c1": tired("omen_of_silence", 0, "prophecy"), "c2": ready("choir", 1, "court"),
                  "c3": card("mesa", 0)}, current=1)
    n = mark(state)
    play(state, "influence c2")
    assert at(state, "c1") != "prophecy"
    assert body(state, "c2")["sprt"] == printed("choir")[2] - 3
    assert any("Omen of Silence" in t for t in texts(state, n, 1)), "the flip is shown to the opponent"
    through(state)
    assert inf(state)[1][1] == printed("choir")[2] - 3


def test_s3_prophecies_do_not_fill_the_three_cogum_of_the_manifest():
    size = RULES["manifest_size"]
    cards = {f"c{i + 1}": tired(n, 0, "manifest") for i, n in enumerate(["mesa", "tide", "dune", "loam"][:size])}
    cards.update({"c10": card("omen_of_silence", 0), "c11": card("mesa", 1)})
    state = load(cards)
    assert "prophecy c10" in legal(state)
    play(state, "prophecy c10")
    assert at(state, "c10") == "prophecy"


def test_s3_prayer_is_not_played_outside_an_engagement():
    state = load({"c1": ready("granite", 0, "boog"), "c2": card("prayer_of_haste", 0), "c3": card("mesa", 1)})
    assert not any(a.startswith("pray") for a in legal(state))
    refused(state, "pray c2 c1")


def _engagement_with_prayers():
    """Player 1's Choir (Court) faces player 2's Tide (Court); both hold Prayers."""
    return load({"c1": ready("choir", 0, "court"), "c2": ready("tide", 1, "court"),
                 "c3": card("prayer_of_clarity", 0), "c4": card("prayer_of_wrath", 0),
                 "c5": card("prayer_of_doubt", 1), "c6": card("prayer_of_shelter", 1),
                 "c7": card("prayer_of_doubt", 0), "c8": card("prayer_of_clarity", 1)})


def test_s3_prayer_is_played_during_an_engagement_yours_or_your_opponents():
    state = _engagement_with_prayers()
    play(state, "influence c1")
    assert state.to_move == (1,)
    assert any(a.startswith("pray c5") for a in legal(state))
    play(state, "pass")
    assert state.to_move == (0,)
    assert any(a.startswith("pray c3") for a in legal(state))


def test_s3_prayer_step_one_opponent_answers_first_then_the_declarer():
    state = _engagement_with_prayers()
    n = mark(state)
    play(state, "influence c1")
    assert state.to_move == (1,)  # the player who did not declare
    play(state, one(state, "pray c5"))
    assert state.to_move == (0,)  # then the player who did
    play(state, one(state, "pray c3"))
    # each played one: the step is over, the defender is chosen next
    assert phase(state) == "defender" and state.to_move == (1,)
    assert not any(a.startswith("pray") for a in legal(state))
    assert len([t for t in texts(state, n) if "Prayer" in t and "plays" in t]) == 2


def test_s3_prayer_step_two_declarer_answers_first_then_the_defender():
    """The choice of defender is the defender's player's action: in the second step the
    declarer (who did not take it) may pray first, then the defender's player."""
    state = _engagement_with_prayers()
    play(state, "influence c1")
    pass_step(state)
    play(state, "defend c2")
    assert phase(state) == "prayer"
    assert state.to_move == (0,)
    play(state, one(state, "pray c3"))
    assert state.to_move == (1,)
    play(state, one(state, "pray c5"))
    assert state.to_position()["engagement"] is None  # both answered: the step is over


def test_s3_one_prayer_per_player_per_step():
    state = _engagement_with_prayers()
    play(state, "influence c1")
    play(state, one(state, "pray c5"))
    play(state, one(state, "pray c3"))
    # player 2 holds another Prayer (c6, c8) but the step is done
    assert phase(state) == "defender"
    play(state, "defend c2")
    play(state, "pass")  # player 1 passes step 2
    assert state.to_move == (1,)
    play(state, one(state, "pray c8"))
    # player 2 played once in step 2 and holds c6: no second Prayer, the engagement resolves
    assert state.to_position()["engagement"] is None
    assert at(state, "c6") == "hand"


def test_s3_passing_is_final_for_the_step():
    """Player 2 passes; player 1 then prays: player 2 may not answer it in this step, and
    their next chance is the second step."""
    state = _engagement_with_prayers()
    play(state, "influence c1")
    play(state, "pass")
    play(state, one(state, "pray c3"))
    assert phase(state) == "defender"
    assert state.to_move == (1,)
    assert legal(state) == {"defend c2"}
    refused(state, "pray c5 c1")
    play(state, "defend c2")
    play(state, "pass")
    assert state.to_move == (1,)
    assert any(a.startswith("pray c5") for a in legal(state))


def test_s3_a_prayer_resolves_the_instant_it_is_played():
    """Prayer of Doubt on the declaring Choir lowers its SPRT before the declarer answers."""
    state = _engagement_with_prayers()
    play(state, "influence c1")
    play(state, one(state, "pray c5"))
    assert state.to_move == (0,)
    assert body(state, "c1")["sprt"] == printed("choir")[2] - 3  # -2, and -1 more: Terrisol
    assert at(state, "c5") == "graveyard"


def test_s3_both_prayer_steps_happen_even_when_nobody_defends():
    state = load({"c1": ready("choir", 0, "court"), "c2": card("prayer_of_clarity", 0),
                  "c3": card("prayer_of_doubt", 1)})
    play(state, "influence c1")
    pass_step(state)
    # nobody can defend; the second step still comes, declarer first
    assert phase(state) == "prayer"
    assert state.to_move == (0,)
    play(state, one(state, "pray c2"))
    assert state.to_move == (1,)
    play(state, "pass")
    assert inf(state)[0][1] == printed("choir")[2] + 4  # +2, +2 more: Wise


def test_s3_the_other_player_answers_a_board_that_includes_the_prayer():
    """Prayer of Stillness in the first step exhausts the only Rival in the lane: nobody
    can defend afterwards."""
    state = load({"c1": ready("choir", 0, "court"), "c2": ready("tide", 1, "court"),
                  "c3": card("prayer_of_stillness", 0), "c4": card("mesa", 1)})
    play(state, "influence c1", "pass", "pray c3 c2")
    assert body(state, "c2")["ready"] is False
    assert phase(state) == "prayer"  # straight to the second step: nobody defends
    pass_step(state)
    assert inf(state)[0][1] == printed("choir")[2]


def test_s3_a_rival_readied_by_a_prayer_must_defend():
    """Player 2's Tide is Exhausted; Prayer of Haste in the first step readies it, and
    since a Ready Rival now stands in the lane, one must defend."""
    state = load({"c1": ready("choir", 0, "court"), "c2": tired("tide", 1, "court"),
                  "c3": card("prayer_of_haste", 1), "c4": card("mesa", 0)})
    play(state, "influence c1", "pray c3 c2", "pass")
    assert phase(state) == "defender"
    assert legal(state) == {"defend c2"}


# =====================================================================================
# s4 Draw phase, s5 Ready phase
# =====================================================================================
def test_s4_draw_the_top_card_of_your_deck():
    state = load({"c1": card("mesa", 0), "c2": card("mesa", 1)},
                 piles=[list(FILLER), ["pip", "study", "granite"]])
    play(state, "end")
    pos = state.to_position()
    assert pos["current"] == 1
    drawn = [c for c in pos["hands"][1] if c not in ("c2",)]
    assert len(drawn) == 1
    assert pos["cards"][drawn[0]]["card"] == "granite"  # the top of the deck is its last entry
    assert pos["piles"][1] == ["pip", "study"]


def test_s5_each_player_readies_their_cogum_on_the_field_and_in_the_manifest():
    state = load({"c1": tired("granite", 0, "boog"), "c2": tired("mesa", 0, "manifest"),
                  "c3": tired("tide", 1, "court"), "c4": tired("dune", 1, "manifest"),
                  "c5": card("mesa", 0), "c6": card("mesa", 1)})
    play(state, "end")
    assert state.to_position()["current"] == 1
    for cid in ("c1", "c2", "c3", "c4"):
        assert body(state, cid)["ready"] is True, cid


# =====================================================================================
# s6 Formation phase
# =====================================================================================
def test_s6_summon_from_hand_into_an_open_space_on_your_side_enters_exhausted():
    state = load({"c1": card("granite", 0), "c2": card("mesa", 1)})
    play(state, "summon c1 limit")
    assert at(state, "c1") == "limit"
    obs = state.observation(None)
    assert [c["id"] for c in obs["lanes"][2]["cogum"][0]] == ["c1"]
    assert body(state, "c1")["ready"] is False


def test_s6_a_skill_can_make_a_summoned_cogum_enter_ready():
    state = load({"c1": card("pip", 0), "c2": card("mesa", 1)})
    play(state, "summon c1 boog")
    assert body(state, "c1")["ready"] is True
    assert "instigate c1" in legal(state) or "influence c1" in legal(state)


def test_s6_summon_only_one_cogum_per_turn():
    state = load({"c1": card("granite", 0), "c2": card("mesa", 0), "c3": card("mesa", 1)})
    play(state, "summon c1 boog")
    assert not any(a.startswith("summon") for a in legal(state))
    refused(state, "summon c2 court")
    play(state, "end", "end")
    assert "summon c2 court" in legal(state)


def test_s6_summon_needs_an_open_space():
    spaces = RULES["lane_spaces"]
    names = ["mesa", "tide", "dune", "loam", "bastion"]
    cards = {f"c{i + 1}": tired(names[i], 0, "boog") for i in range(spaces)}
    cards.update({"c10": card("granite", 0), "c11": card("mesa", 1),
                  "c12": ready("mesa", 1, "court"), "c13": ready("tide", 1, "court")})
    state = load(cards)
    assert "summon c10 boog" not in legal(state)
    refused(state, "summon c10 boog")
    # the opponent's side of the Court being full does not close your side of it
    assert "summon c10 court" in legal(state)


def test_s6_only_a_cogum_in_your_hand_can_be_summoned():
    state = load({"c1": tired("granite", 0, "manifest"), "c2": card("mesa", 1),
                  "c3": card("rally_cry", 0)})
    assert "summon c2 boog" not in legal(state)
    refused(state, "summon c2 boog")
    refused(state, "summon c1 boog")
    refused(state, "summon c3 boog")


def test_s6_move_a_ready_ally_to_the_manifest_it_becomes_exhausted():
    state = load({"c1": ready("granite", 0, "boog"), "c2": tired("mesa", 0, "court"), "c3": card("mesa", 1)})
    play(state, "manifest c1")
    assert at(state, "c1") == "manifest"
    assert body(state, "c1")["ready"] is False
    assert [c["id"] for c in state.observation(1)["players"][0]["manifest"]] == ["c1"]
    # an Exhausted ally cannot go
    assert "manifest c2" not in legal(state)
    refused(state, "manifest c2")


def test_s6_the_manifest_holds_at_most_three_cogum():
    size = RULES["manifest_size"]
    assert size == 3
    cards = {"c1": tired("mesa", 0, "manifest"), "c2": tired("tide", 0, "manifest"),
             "c3": tired("dune", 0, "manifest"), "c4": ready("granite", 0, "boog"), "c5": card("mesa", 1)}
    state = load(cards)
    assert "manifest c4" not in legal(state)
    refused(state, "manifest c4")
    cards.pop("c3")
    state = load(cards)
    play(state, "manifest c4")
    assert at(state, "c4") == "manifest"


def test_s6_move_a_ready_ally_from_the_manifest_to_a_lane_it_arrives_ready():
    state = load({"c1": ready("granite", 0, "manifest"), "c2": tired("mesa", 0, "manifest"),
                  "c3": card("mesa", 1)})
    play(state, "deploy c1 court")
    assert at(state, "c1") == "court"
    assert body(state, "c1")["ready"] is True
    assert "instigate c1" in legal(state)
    # an Exhausted one stays
    assert not any(a.startswith("deploy c2") for a in legal(state))
    refused(state, "deploy c2 court")


def test_s6_moving_from_the_manifest_needs_an_open_space():
    spaces = RULES["lane_spaces"]
    names = ["mesa", "tide", "dune", "loam", "bastion"]
    cards = {f"c{i + 1}": tired(names[i], 0, "limit") for i in range(spaces)}
    cards.update({"c10": ready("granite", 0, "manifest"), "c11": card("mesa", 1)})
    state = load(cards)
    assert "deploy c10 limit" not in legal(state)
    refused(state, "deploy c10 limit")
    assert "deploy c10 boog" in legal(state)


def test_s6_moving_from_the_manifest_is_not_a_summon():
    """The summon of the turn and moves from the Manifest are separate."""
    state = load({"c1": ready("granite", 0, "manifest"), "c2": card("mesa", 0), "c3": card("mesa", 1)})
    play(state, "summon c2 boog", "deploy c1 court")
    assert at(state, "c1") == "court" and at(state, "c2") == "boog"


def test_s6_an_ally_moved_to_the_manifest_this_turn_cannot_come_back_this_turn():
    """It became Exhausted on the way in, and only a Ready ally can leave."""
    state = load({"c1": ready("granite", 0, "boog"), "c2": card("mesa", 1)})
    play(state, "manifest c1")
    assert not any(a.startswith("deploy c1") for a in legal(state))


def test_s6_formation_in_any_order():
    state = load({"c1": ready("granite", 0, "manifest"), "c2": card("mesa", 0),
                  "c3": card("rally_cry", 0), "c4": card("vow_of_iron", 0),
                  "c5": card("omen_of_silence", 0), "c6": card("mesa", 1)})
    play(state, "prophecy c5", "deploy c1 boog", "vow c4 c1", "summon c2 court", "talent c3 c1")
    assert phase(state) == "formation"


def test_s6_formation_moves_only_ready_allies_of_your_own():
    state = load({"c1": ready("granite", 1, "boog"), "c2": ready("mesa", 1, "manifest"), "c3": card("mesa", 0)})
    refused(state, "manifest c1")
    refused(state, "deploy c2 court")


# =====================================================================================
# s7 Engagement phase
# =====================================================================================
def test_s7_each_ready_cogum_makes_one_engagement_its_choice_of_the_two():
    state = load({"c1": ready("granite", 0, "boog"), "c2": ready("choir", 0, "court"), "c3": card("mesa", 1)})
    assert {"instigate c1", "influence c1", "instigate c2", "influence c2"} <= legal(state)
    play(state, "instigate c1")
    through(state)
    assert "instigate c1" not in legal(state) and "influence c1" not in legal(state)
    assert "influence c2" in legal(state)


def test_s7_an_exhausted_cogum_cannot_engage():
    state = load({"c1": tired("granite", 0, "boog"), "c2": ready("choir", 0, "court"), "c3": card("mesa", 1)})
    assert "instigate c1" not in legal(state) and "influence c1" not in legal(state)
    refused(state, "instigate c1")


def test_s7_a_cogum_readied_again_after_engaging_does_not_engage_twice():
    """Prayer of Haste readies Granite after its engagement; it has made its one
    engagement this turn and cannot make another."""
    state = load({"c1": ready("granite", 0, "boog"), "c2": ready("choir", 0, "court"),
                  "c3": card("prayer_of_haste", 0), "c4": card("mesa", 1)})
    play(state, "instigate c1")
    pass_step(state)
    # nobody defends; in the second step player 1 readies Granite
    play(state, "pray c3 c1", "pass")
    assert body(state, "c1")["ready"] is True
    assert "instigate c1" not in legal(state) and "influence c1" not in legal(state)
    refused(state, "influence c1")


def test_s7_a_cogum_in_the_manifest_does_not_engage():
    state = load({"c1": ready("granite", 0, "manifest"), "c2": ready("choir", 0, "court"), "c3": card("mesa", 1)})
    assert "instigate c1" not in legal(state) and "influence c1" not in legal(state)


def test_s7_finish_an_engagement_before_declaring_the_next():
    state = load({"c1": ready("granite", 0, "boog"), "c2": ready("choir", 0, "court"),
                  "c3": ready("tide", 1, "boog"), "c4": card("mesa", 1)})
    play(state, "instigate c1")
    play(state, "pass")  # player 2, step one
    assert state.to_move == (0,)
    assert "influence c2" not in legal(state)
    refused(state, "influence c2")
    play(state, "pass", "defend c3", "pass")
    assert state.to_move == (1,)
    play(state, "pass")
    assert "influence c2" in legal(state)


def test_s7_the_engagement_phase_ends_when_no_ready_cogum_can_engage():
    """After the last Ready Cogum's engagement the End phase comes and the opponent's
    turn begins, without an action to end the turn."""
    state = load({"c1": ready("choir", 0, "court"), "c2": card("mesa", 1)})
    play(state, "influence c1")
    through(state)
    pos = state.to_position()
    assert pos["current"] == 1
    assert pos["phase"] == "formation"


def test_s7_declaring_exhausts_the_engaging_cogum():
    state = load({"c1": ready("granite", 0, "boog"), "c2": ready("tide", 1, "boog"), "c3": card("mesa", 0)})
    play(state, "instigate c1")
    assert body(state, "c1")["ready"] is False


def test_s7_the_opponent_chooses_a_ready_rival_in_that_lane_and_it_exhausts():
    state = load({"c1": ready("granite", 0, "boog"),
                  "c2": ready("tide", 1, "boog"), "c3": ready("bastion", 1, "boog"),
                  "c5": ready("mesa", 1, "court"), "c6": card("mesa", 0)})
    play(state, "instigate c1")
    pass_step(state)
    assert phase(state) == "defender"
    assert state.to_move == (1,)  # the opponent chooses
    assert legal(state) == {"defend c2", "defend c3"}  # Ready, in the Boog; no passing
    refused(state, "defend c5")
    refused(state, "pass")
    play(state, "defend c3")
    assert body(state, "c3")["ready"] is False
    assert body(state, "c2")["ready"] is True


def test_s7_the_engaging_player_does_not_choose_the_defender():
    state = load({"c1": ready("granite", 0, "boog"), "c2": ready("tide", 1, "boog"), "c3": card("mesa", 0)})
    play(state, "instigate c1")
    pass_step(state)
    refused(state, "defend c2", 0)


def test_s7_only_a_ready_rival_can_defend():
    state = load({"c1": ready("granite", 0, "boog"), "c2": tired("tide", 1, "boog"),
                  "c3": ready("bastion", 1, "court"), "c4": card("mesa", 0)})
    n = mark(state)
    play(state, "instigate c1")
    pass_step(state)
    # nobody can defend: no choice is asked and the second step follows
    assert phase(state) == "prayer"
    pass_step(state)
    assert at(state, "c2") == "boog"
    assert any("nobody" in t.lower() or "no ready rival" in t.lower() for t in texts(state, n))


# =====================================================================================
# s8 Instigate
# =====================================================================================
@pytest.mark.parametrize("attacker,defender,breaks", [
    ("ridge", "bastion", True),    # DET 7 against HRT 7: equal breaks
    ("granite", "tide", True),     # DET 6 against HRT 3: greater breaks
    ("mesa", "bastion", False),    # DET 4 against HRT 7: HRT strictly greater persists
    ("tide", "mesa", False),       # DET 3 against HRT 4
])
def test_s8_instigation_compares_det_to_the_defenders_hrt(attacker, defender, breaks):
    det, hrt = printed(attacker)[0], printed(defender)[1]
    assert (det >= hrt) == breaks
    state = load({"c1": ready(attacker, 0, "boog"), "c2": ready(defender, 1, "boog"), "c3": card("mesa", 1)},
                 inf=[[3, 4, 5], [6, 7, 8]])
    play(state, "instigate c1")
    through(state, defender="c2")
    if breaks:
        assert at(state, "c2") == "graveyard"
        assert [g["id"] for g in state.observation(0)["players"][1]["graveyard"]] == ["c2"]
    else:
        assert at(state, "c2") == "boog"  # persists (stays on the field)
    assert at(state, "c1") == "boog"
    assert inf(state) == [[3, 4, 5], [6, 7, 8]]  # never moves influence


def test_s8_instigation_with_no_rival_to_defend_does_nothing():
    state = load({"c1": ready("ridge", 0, "court"), "c2": ready("bastion", 1, "boog"),
                  "c3": tired("tide", 1, "court"), "c4": card("mesa", 1)}, inf=[[1, 2, 3], [4, 5, 6]])
    before = state.to_position()["cards"]
    play(state, "instigate c1")
    through(state)
    after = state.to_position()["cards"]
    assert inf(state) == [[1, 2, 3], [4, 5, 6]]
    assert after["c2"] == before["c2"] and after["c3"]["at"] == "court"


def test_s8_instigation_resolves_after_both_prayer_steps():
    """A Prayer in the second step (after the defender is chosen) changes the outcome:
    Prayer of Shelter's +3 HRT makes the defender persist against a DET that would break it."""
    state = load({"c1": ready("granite", 0, "boog"), "c2": ready("mesa", 1, "boog"),
                  "c3": card("prayer_of_shelter", 1), "c4": card("mesa", 0)})
    assert printed("mesa")[1] <= printed("granite")[0] < printed("mesa")[1] + 3
    play(state, "instigate c1")
    pass_step(state)
    play(state, "defend c2", "pass")
    assert at(state, "c2") == "boog"  # not resolved yet
    play(state, one(state, "pray c3"))
    assert at(state, "c2") == "boog"


def test_s8_a_broken_cogum_goes_to_its_owners_graveyard():
    state = load({"c1": ready("ridge", 1, "limit"), "c2": ready("tide", 0, "limit"), "c3": card("mesa", 0)},
                 current=1)
    n = mark(state)
    play(state, "instigate c1")
    through(state, defender="c2")
    assert [g["id"] for g in state.observation(1)["players"][0]["graveyard"]] == ["c2"]
    assert any("break" in t for t in texts(state, n))


# =====================================================================================
# s9 Influence
# =====================================================================================
def test_s9_influence_undefended_gains_the_full_sprt():
    state = load({"c1": ready("tide", 0, "limit"), "c2": ready("choir", 1, "boog"), "c3": card("mesa", 1)})
    play(state, "influence c1")
    through(state)
    assert inf(state) == [[0, 0, printed("tide")[2]], [0, 0, 0]]


@pytest.mark.parametrize("attacker,defender,gain", [
    ("choir", "granite", 4),  # SPRT 6 against 2: the difference
    ("tide", "dune", 1),      # 5 against 4
    ("mesa", "dune", 0),      # 4 against 4: matches, nothing
    ("granite", "tide", 0),   # 2 against 5: beaten, nothing
])
def test_s9_influence_compares_sprt_to_sprt(attacker, defender, gain):
    assert max(printed(attacker)[2] - printed(defender)[2], 0) == gain
    state = load({"c1": ready(attacker, 0, "court"), "c2": ready(defender, 1, "court"), "c3": card("mesa", 1)},
                 inf=[[1, 1, 1], [9, 9, 9]])
    play(state, "influence c1")
    through(state, defender="c2")
    assert inf(state) == [[1, 1 + gain, 1], [9, 9, 9]]
    assert at(state, "c2") == "court"  # Influencing breaks nothing


def test_s9_influence_defended_by_an_exhausted_lane_is_undefended():
    state = load({"c1": ready("choir", 0, "court"), "c2": tired("granite", 1, "court"), "c3": card("mesa", 1)})
    play(state, "influence c1")
    through(state)
    assert inf(state)[0][1] == printed("choir")[2]


def test_s9_influence_counts_modifiers_at_resolution():
    """Prayer of Clarity (+2 SPRT, +2 more if Wise) in the second step raises the gain."""
    state = load({"c1": ready("tide", 0, "court"), "c2": ready("dune", 1, "court"),
                  "c3": card("prayer_of_clarity", 0), "c4": card("mesa", 1)})
    play(state, "influence c1")
    pass_step(state)
    play(state, "defend c2")
    play(state, one(state, "pray c3"), "pass")
    assert inf(state)[0][1] == printed("tide")[2] + 4 - printed("dune")[2]


# =====================================================================================
# s10 End phase, and the turn passing
# =====================================================================================
def test_s10_end_phase_effects_resolve_then_the_opponent_begins_from_the_draw_phase():
    """Tamber Herald's Proclaim (End phase of your turn, in a lane: 2 INF there)."""
    state = load({"c1": tired("tamber", 0, "limit"), "c2": card("mesa", 1)},
                 piles=[list(FILLER), ["granite"]], turn=5)
    n = mark(state)
    play(state, "end")
    pos = state.to_position()
    assert pos["inf"][0] == [0, 0, 2]
    assert pos["current"] == 1 and pos["turn"] == 6
    assert len(pos["hands"][1]) == 2  # drew
    lines = texts(state, n)
    proclaim = next(i for i, t in enumerate(lines) if "INF" in t)
    draw = next(i for i, t in enumerate(lines) if "draws" in t)
    assert proclaim < draw


def test_s10_the_turn_alternates():
    state = load({"c1": card("mesa", 0), "c2": card("mesa", 1)})
    seen = []
    for _ in range(4):
        seen.append(state.to_position()["current"])
        play(state, "end")
    assert seen == [0, 1, 0, 1]


def test_s10_only_the_player_whose_turn_it_is_acts_in_formation():
    state = load({"c1": card("mesa", 0), "c2": card("mesa", 1)})
    assert state.to_move == (0,)
    refused(state, "summon c2 boog", 1)
    refused(state, "end", 1)


# =====================================================================================
# Illegal moves the text forbids: refused, naming a rule, the state unchanged
# =====================================================================================
@pytest.mark.parametrize("action", [
    "summon c9 boog",       # a Cogum of the opponent's hand
    "talent c8 c1",         # a card not in your hand (in the opponent's)
    "vow c5 c1",            # a Talent is not a Vow
    "talent c4 c1",         # a Vow is not a Talent
    "prophecy c3",          # a Cogum is not a Prophecy
    "defend c1",            # no engagement to defend
    "pass",                 # no Prayer step
    "deploy c1 court",      # a Cogum already in a lane
])
def test_illegal_actions_are_refused_and_change_nothing(action):
    state = load({"c1": ready("granite", 0, "boog"), "c3": card("mesa", 0), "c4": card("vow_of_iron", 0),
                  "c5": card("rally_cry", 0), "c8": card("rally_cry", 1), "c9": card("mesa", 1)})
    error = refused(state, action)
    assert error.rule


# =====================================================================================
# More of s1: the win is checked at every instant, on either player's turn
# =====================================================================================
def test_s1_a_win_by_a_talent_is_immediate():
    win = RULES["win_inf"]
    state = load({"c1": card("pilgrimage", 0), "c2": card("mesa", 1)}, inf=[[win, 0, win - 2], [0, 0, 0]])
    play(state, "talent c1 limit")
    assert state.is_over and state.winners == (0,)
    assert state.to_move == ()
    refused(state, "end")


def test_s1_a_win_can_come_in_the_opponents_turn():
    """Tidings (when your opponent gains INF in a lane: gain 2 INF there) lifts player 2
    to 15 in a second lane during player 1's Influence."""
    win = RULES["win_inf"]
    state = load({"c1": ready("choir", 0, "court"), "c2": tired("tidings", 1, "prophecy"), "c3": card("mesa", 1)},
                 inf=[[0, 0, 0], [win, win - 2, 0]])
    play(state, "influence c1")
    through(state)
    assert state.is_over and state.winners == (1,)


def test_s1_drawing_from_an_empty_deck_in_the_opponents_turn_loses():
    """Omen of the Fall makes its owner draw when one of their Cogum breaks, here in the
    opponent's turn, with an empty deck."""
    state = load({"c1": ready("ridge", 0, "boog"), "c2": ready("tide", 1, "boog"),
                  "c3": tired("omen_of_the_fall", 1, "prophecy"), "c4": card("mesa", 1)},
                 piles=[list(FILLER), []])
    play(state, "instigate c1")
    through(state, defender="c2")
    assert state.is_over and state.winners == (0,)


def test_s1_drawing_from_an_empty_deck_by_a_skill_loses():
    """Hush Oracle's Foresight draws when summoned."""
    state = load({"c1": card("hush", 0), "c2": card("mesa", 1)}, piles=[[], list(FILLER)])
    play(state, "summon c1 boog")
    assert state.is_over and state.winners == (1,)


def test_s1_a_game_that_is_over_takes_no_more_actions():
    state = load({"c1": card("mesa", 0), "c2": card("mesa", 1)}, piles=[list(FILLER), []])
    play(state, "end")
    assert state.is_over
    assert state.legal_actions(0) == [] and state.legal_actions(1) == []
    refused(state, "end", 0)
    refused(state, "summon c2 boog", 1)


# =====================================================================================
# More of s6/s7: the phases follow each other
# =====================================================================================
@pytest.mark.parametrize("act", ["summon c4 limit", "manifest c2", "deploy c3 limit"])
def test_s6_formation_moves_end_when_the_engagement_phase_begins(act):
    state = load({"c1": ready("granite", 0, "boog"), "c2": ready("mesa", 0, "court"),
                  "c3": ready("tide", 0, "manifest"), "c4": card("dune", 0), "c5": card("mesa", 1)})
    assert act in legal(state)
    play(state, "influence c1")
    through(state)
    assert phase(state) == "engagement" and state.to_move == (0,)
    assert act not in legal(state)
    refused(state, act)


def test_s7_a_summoned_cogum_readied_by_a_talent_can_engage():
    """Summoned Exhausted, readied by Second Wind: it is a Ready Cogum that has not
    engaged this turn."""
    state = load({"c1": card("granite", 0), "c2": card("second_wind", 0), "c3": card("mesa", 1)})
    play(state, "summon c1 boog")
    assert "instigate c1" not in legal(state)
    play(state, "talent c2 c1")
    assert {"instigate c1", "influence c1"} <= legal(state)


def test_s7_an_engagement_of_the_opponent_is_answered_by_you_too():
    """Both players may pray in both steps of an engagement, whoever declared it."""
    state = load({"c1": ready("choir", 1, "court"), "c2": ready("tide", 0, "court"),
                  "c3": card("prayer_of_doubt", 0), "c4": card("prayer_of_shelter", 0),
                  "c5": card("prayer_of_clarity", 1)}, current=1)
    play(state, "influence c1")
    assert state.to_move == (0,)
    play(state, one(state, "pray c3"))
    play(state, "pass", "defend c2")
    assert state.to_move == (1,)
    play(state, one(state, "pray c5"))
    assert state.to_move == (0,)
    assert any(a.startswith("pray c4") for a in legal(state))


# =====================================================================================
# s8: "Instigating never moves influence, in any outcome"
# =====================================================================================
@pytest.mark.parametrize("attacker", sorted(n for n, c in COGUM.items() if c["faith"] == "jovinet"))
def test_s8_instigating_never_moves_influence_whoever_instigates(attacker):
    """Also for a Jovinet Cogum with a Skill: breaking a Rival by Instigating leaves both
    totals as they were. (A second Ready ally keeps the turn in the Engagement phase, so
    no End-phase effect is counted.)"""
    state = load({"c1": ready(attacker, 0, "limit", buff=[20, 0, 0]), "c2": ready("tide", 1, "limit"),
                  "c3": card("mesa", 1), "c4": ready("mesa", 0, "boog")}, inf=[[2, 2, 2], [3, 3, 3]])
    play(state, "instigate c1")
    through(state, defender="c2")
    assert at(state, "c2") == "graveyard"
    assert state.to_position()["current"] == 0 and phase(state) == "engagement"
    assert inf(state) == [[2, 2, 2], [3, 3, 3]]


# =====================================================================================
# s2 Skills: always on, as printed
# =====================================================================================
def test_s2_a_skill_of_the_end_phase_works_only_in_its_owners_end_phase():
    """Tamber's Proclaim: "In the End phase of your turn"."""
    state = load({"c1": tired("tamber", 1, "court"), "c2": card("mesa", 1), "c3": card("mesa", 0)})
    play(state, "end")
    assert inf(state) == [[0, 0, 0], [0, 0, 0]]
    play(state, "end")
    assert inf(state) == [[0, 0, 0], [0, 2, 0]]


def test_s2_an_aura_skill_reaches_other_jovinet_allies_in_its_lane_only():
    """Oddo's Harmony: other Jovinet allies in its lane get +1 SPRT; not Oddo itself, not
    a Terrisol ally beside it, not an ally in another lane, not a Rival."""
    state = load({"c1": ready("oddo", 0, "boog"), "c2": ready("pip", 0, "boog"),
                  "c3": ready("oddo", 0, "court"), "c4": ready("granite", 0, "court"),
                  "c5": ready("lumen", 0, "limit"), "c6": ready("hush", 1, "boog"), "c7": card("mesa", 1)})
    assert body(state, "c2")["sprt"] == printed("pip")[2] + 1
    assert body(state, "c1")["sprt"] == printed("oddo")[2]
    assert body(state, "c4")["sprt"] == printed("granite")[2]
    assert body(state, "c5")["sprt"] == printed("lumen")[2]
    assert body(state, "c6")["sprt"] == printed("hush")[2]


def test_s2_a_skill_with_a_lane_works_only_in_that_lane():
    """Marrow Scout's Ambush: +2 DET while Instigating in the Limit. DET 5 + 2 breaks
    Bastion's HRT 7 in the Limit; in the Court, DET 5 does not."""
    for lane, breaks in (("limit", True), ("court", False)):
        state = load({"c1": ready("marrow", 0, lane), "c2": ready("bastion", 1, lane), "c3": card("mesa", 1)})
        play(state, "instigate c1")
        through(state, defender="c2")
        assert (at(state, "c2") == "graveyard") == breaks, lane


def test_s2_a_skill_that_adds_to_an_influence():
    """Lumen Sage's Chorus: when it gains INF by Influencing, 2 more in its lane."""
    state = load({"c1": ready("lumen", 0, "court"), "c2": card("mesa", 1)})
    play(state, "influence c1")
    through(state)
    assert inf(state)[0][1] == printed("lumen")[2] + 2


def test_s3_capacities_are_for_assets_on_the_field_not_in_the_manifest():
    """Capacities "affect assets on the field"; the rulebook sets the Manifest apart from
    the field ("on the field and in their Manifests"). A Talent may not target a Cogum
    in the Manifest (Second Wind would let it leave the same turn it went in)."""
    state = load({"c1": tired("granite", 0, "manifest"), "c2": card("second_wind", 0),
                  "c3": card("rally_cry", 0), "c4": ready("mesa", 0, "boog"), "c5": card("mesa", 1)})
    assert "talent c3 c4" in legal(state)
    assert "talent c2 c1" not in legal(state)
    assert "talent c3 c1" not in legal(state)


def test_s3_vows_and_prophecies_have_no_limit_either():
    state = load({"c1": ready("granite", 0, "boog"), "c2": card("vow_of_iron", 0), "c3": card("vow_of_iron", 0),
                  "c4": card("omen_of_silence", 0), "c5": card("tidings", 0), "c6": card("mesa", 1)})
    play(state, "vow c2 c1", "vow c3 c1", "prophecy c4", "prophecy c5")
    assert body(state, "c1")["hrt"] == printed("granite")[1] + 4
    assert state.observation(1)["players"][0]["face_down"] == ["c4", "c5"]


def test_s7_a_cogum_engages_again_on_a_later_turn():
    state = load({"c1": ready("choir", 0, "court"), "c2": card("mesa", 1)})
    play(state, "influence c1")
    through(state)
    play(state, "end")  # player 2's turn
    assert state.to_position()["current"] == 0
    assert "influence c1" in legal(state)


def test_s7_the_turn_may_end_with_ready_cogum_left():
    state = load({"c1": ready("choir", 0, "court"), "c2": ready("tide", 0, "boog"), "c3": card("mesa", 1)})
    play(state, "influence c1")
    through(state)
    assert "end" in legal(state)
    play(state, "end")
    assert state.to_position()["current"] == 1


def test_s7_a_defender_exhausts_and_cannot_defend_again_that_turn():
    """Tide defends the first Influence and Exhausts; the second Influence in the same
    lane finds no Ready Rival and gains the full SPRT."""
    state = load({"c1": ready("choir", 0, "court"), "c2": ready("mesa", 0, "court"),
                  "c3": ready("tide", 1, "court"), "c4": card("mesa", 1)})
    play(state, "influence c1")
    through(state, defender="c3")
    assert inf(state)[0][1] == printed("choir")[2] - printed("tide")[2]
    play(state, "influence c2")
    through(state)
    assert inf(state)[0][1] == printed("choir")[2] - printed("tide")[2] + printed("mesa")[2]


def test_s3_every_prophecy_whose_trigger_is_satisfied_flips():
    """Two Omens of Silence face down: one Influence satisfies both triggers."""
    state = load({"c1": tired("omen_of_silence", 0, "prophecy"), "c2": tired("omen_of_silence", 0, "prophecy"),
                  "c3": ready("choir", 1, "court"), "c4": card("mesa", 0)}, current=1)
    play(state, "influence c3")
    assert at(state, "c1") != "prophecy" and at(state, "c2") != "prophecy"
    assert body(state, "c3")["sprt"] == printed("choir")[2] - 6


def test_s1_there_is_no_hand_limit():
    """The rulebook sets none: a player holding many cards still draws and keeps them all."""
    cards = {f"c{i}": card("study", 1) for i in range(1, 16)}
    cards["c20"] = card("mesa", 0)
    state = load(cards)
    play(state, "end")
    assert len(state.to_position()["hands"][1]) == 16


@pytest.mark.parametrize("act", ["vow c2 c1", "talent c3 c1"])
def test_s3_vows_and_talents_may_go_on_an_exhausted_ally(act):
    state = load({"c1": tired("granite", 0, "boog"), "c2": card("vow_of_iron", 0),
                  "c3": card("rally_cry", 0), "c4": card("mesa", 1)})
    assert act in legal(state)
    play(state, act)


def test_s7_a_rival_in_the_manifest_does_not_defend():
    """The Manifest is not a lane: a Ready Rival there cannot defend the Court."""
    state = load({"c1": ready("choir", 0, "court"), "c2": ready("tide", 1, "manifest"), "c3": card("mesa", 1)})
    play(state, "influence c1")
    through(state)
    assert inf(state)[0][1] == printed("choir")[2]


@pytest.mark.parametrize("action", ["end", "summon c5 limit", "talent c6 c1", "influence c2",
                                    "manifest c2", "prophecy c7"])
def test_s7_nothing_else_happens_in_the_middle_of_an_engagement(action):
    """Between the declaration and the resolution only Prayers, passes and the choice of
    defender are played, by either player."""
    state = load({"c1": ready("granite", 0, "boog"), "c2": ready("choir", 0, "court"),
                  "c3": ready("tide", 1, "boog"), "c5": card("mesa", 0), "c6": card("rally_cry", 0),
                  "c7": card("tidings", 0), "c8": card("mesa", 1)})
    play(state, "instigate c1")
    for _ in range(4):  # step one (player 2, player 1), the defender, step two (player 1)
        for player in (0, 1):
            assert action not in legal(state, player)
            if player in state.to_move:
                refused(state, action, player)
        nxt = "defend c3" if phase(state) == "defender" else "pass"
        play(state, nxt)
