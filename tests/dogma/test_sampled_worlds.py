"""Sampled worlds hold nothing the viewer could not know (Credo ruling D-31).

A search plays on `determinize` worlds; if a world kept the opponent's true hidden cards the
search would see through them. Three properties:
(a) over many games, a sampled hidden place (the Prophet of an unrevealed Arcanum, a face-down
    Cult card, the top Divine Intervention, the opponent's Predestination option) equals the
    true one at the rate chance gives, computed here from the candidates the viewer cannot rule
    out, and not at 1.0;
(b) every world is a legal Dogma state the viewer cannot tell from the true one, and plays on;
(c) a world depends only on what the viewer knows: two true states the viewer cannot tell apart
    give the same world from the same rng."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from credo.games import load
from credo.games.dogma.construction import check_arcana
from credo.games.dogma.views import sees
from credo.kernel import Rng

from .conftest import A, position

GAME = load("dogma")
T = GAME.tables
C = GAME.content
ALLOWED = [{i for i, card in enumerate(C.cults) if p.allows(card.religion, card.type)} for p in C.prophets]
OPTIONS = {o.id: o for o in C.options}
OPTION_PROPHETS = {o.id: {T.prophet_by_id[a.prophet] for a in o.arcana} for o in C.options}
OPTION_DI = {o.id: Counter(T.di_content[T.di_ids.index(d)] for d in o.interventions) for o in C.options}
PROPS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play(s, rng: Rng, steps: int):
    for _ in range(steps):
        if s.is_over:
            break
        p = s.to_move[rng.below(len(s.to_move))]
        s.apply(rng.choice(s.legal_actions(p)), p)
    return s


def reach(seed: int, steps: int, **options):
    """A state `steps` random actions into the clash (the Chaos draft played out first), under
    the machine's turn limit: random play can circle for ever where neither side is able to
    finish the other (seed 188, Free Will: turn 50,007 after 100,000 actions)."""
    s = GAME.new(seed, **GAME.machine_options(options))
    rng = Rng(seed ^ 0x5EED)
    while s.prep is not None and not s.is_over:
        play(s, rng, 1)
    return play(s, rng, steps)


# --- (a) the rate at which a sampled hidden place equals the true one --------------------------

def _known_cards(s, viewer):
    """The Prophets, Cult cards and Intervention copies whose place the viewer knows."""
    prophets, cults, dis = set(), set(), set()
    for p in range(s.np):
        mine = sees(s, viewer, p)
        dis.update(s.di_done[p])
        if mine:
            dis.update(s.di[p])
        for sl in range(p * 4, p * 4 + 4):
            if s.proph[sl] < 0:
                continue
            if mine or s.known[sl] & 1:
                prophets.add(s.proph[sl])
            cults.update(c for j, c in enumerate(s.cults[sl]) if mine or s.known[sl] >> (j + 1) & 1)
    return prophets, cults, dis


def _option_odds(s, viewer):
    """Predestination: for each hidden player, option -> the chance a uniform draw among the assignments of
    the options left that fit their revealed Prophets gives it."""
    hidden = [q for q in range(s.np) if not sees(s, viewer, q)]
    left = [o for o in OPTIONS if o not in {s.decks[p] for p in range(s.np) if sees(s, viewer, p)}]
    shown = {q: {s.proph[sl] for sl in range(q * 4, q * 4 + 4) if s.proph[sl] >= 0 and s.known[sl] & 1}
             for q in hidden}
    assignments = [()]
    for q in hidden:
        assignments = [a + (o,) for a in assignments for o in left
                       if o not in a and shown[q] <= OPTION_PROPHETS[o]]
    return {q: {o: sum(a[i] == o for a in assignments) / len(assignments) for o in left}
            for i, q in enumerate(hidden)}


def hidden_places(s, w, viewer):
    """[(kind, matched, chance)] for every place the viewer cannot see."""
    out = []
    predestination = s.mode == "predestination"
    odds = _option_odds(s, viewer) if predestination else None
    k_prophets, k_cults, k_dis = _known_cards(s, viewer)
    for q in range(s.np):
        if sees(s, viewer, q):
            continue
        hidden_slots = [sl for sl in range(q * 4, q * 4 + 4) if s.proph[sl] >= 0 and not s.known[sl] & 1]
        if predestination:
            right = odds[q][s.decks[q]]
            out.append(("option", w.decks[q] == s.decks[q], right))
        for sl in hidden_slots:
            chance = right / len(hidden_slots) if predestination else \
                1 / sum(1 for pi in range(len(T.prophet_ids)) if pi not in k_prophets)
            out.append(("prophet", w.proph[sl] == s.proph[sl], chance))
        for sl in range(q * 4, q * 4 + 4):
            if s.proph[sl] < 0 or not s.known[sl] & 1:
                continue
            down = [j for j in range(len(s.cults[sl])) if not s.known[sl] >> (j + 1) & 1]
            for j in down:
                chance = 1 / len(down) if predestination else 1 / len(ALLOWED[s.proph[sl]] - k_cults)
                out.append(("face-down", w.cults[sl][j] == s.cults[sl][j], chance))
        if s.di[q]:
            top = T.di_content[s.di[q][0]]
            if predestination:
                played = Counter(T.di_content[d] for d in s.di_done[q])
                chance = sum(p * (OPTION_DI[o] - played)[top] / len(s.di[q]) for o, p in odds[q].items())
            else:
                pool = [d for d in range(len(T.di_ids)) if d not in k_dis]
                chance = sum(T.di_content[d] == top for d in pool) / len(pool)
            out.append(("top intervention", T.di_content[w.di[q][0]] == top, chance))
    return out


CASES = {
    # mode: (options, games, random actions into the clash: from, to)
    "predestination": ({"mode": "predestination"}, 300, (0, 40)),
    "predestination 2 vs 2": ({"mode": "predestination", "players": 4}, 120, (0, 40)),
    "free will": ({"mode": "free_will"}, 200, (0, 40)),
    "free will 2 vs 2": ({"mode": "free_will", "players": 4}, 80, (0, 40)),
    "chaos": ({"mode": "chaos"}, 100, (0, 30)),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_sampled_hidden_place_matches_the_true_one_at_the_rate_chance_gives(case):
    options, games, (low, high) = CASES[case]
    places = []
    for seed in range(games):
        s = reach(seed, low + seed % (high - low + 1), **options)
        if s.is_over:
            continue
        w = s.determinize(0, Rng(seed * 7 + 1))
        places += hidden_places(s, w, 0)
    kinds = {k for k, _, _ in places}
    assert {"prophet", "top intervention"} <= kinds and ("option" in kinds) == case.startswith("predestination")
    for kind in sorted(kinds):
        rows = [(m, p) for k, m, p in places if k == kind]
        n = len(rows)
        matched = sum(m for m, _ in rows)
        expected = sum(p for _, p in rows)
        sd = math.sqrt(sum(p * (1 - p) for _, p in rows))
        # chance within 4 standard deviations; in Free Will and Chaos 3% of the places more, as the draws of
        # several places from one box are not quite independent (the chance computed here treats them so)
        slack = 0 if case.startswith("predestination") else 0.03 * n
        assert abs(matched - expected) <= 4 * sd + slack + 1, (case, kind, n, matched, round(expected, 1))
        assert matched / n < 0.8 or expected / n > 0.7, (case, kind, matched / n)


def test_the_opponents_option_is_unknown_before_a_prophet_is_revealed():
    matched = 0
    for seed in range(150):
        s = GAME.new(seed)  # the Opening: nothing of the opponent is revealed yet
        # the sampler's generator is not the game's: with the same seed a world redrew the
        # game's own setup draw for draw, and guessed the option every time
        w = s.determinize(0, Rng(seed + 10_000))
        assert w.decks[0] == s.decks[0] and w.decks[1] != s.decks[0]
        matched += w.decks[1] == s.decks[1]
        assert s.observation(0)["players"][1]["deck"] is None
    # three options are left to the opponent: a third of the worlds guess theirs (4 standard deviations)
    assert abs(matched - 50) <= 4 * math.sqrt(150 * 2 / 9)


def test_the_events_do_not_name_the_opponents_option_before_a_prophet_is_revealed():
    s = GAME.new(5)
    opt = OPTIONS[s.decks[1]]
    words = {opt.id, opt.name, opt.english}
    assert not words & {str(a) for e in s.events(0) for a in e.args}


def test_once_a_prophet_is_revealed_the_world_holds_its_option():
    s = GAME.new(3, decks=["mecca", "storm"])
    s.apply("deploy 2", 0)
    s.apply("deploy 3", 1)
    storm = {T.prophet_by_id[a.prophet] for a in OPTIONS["storm"].arcana}
    for seed in range(30):
        w = s.determinize(0, Rng(seed))
        assert w.decks == ["mecca", "storm"]
        assert {w.proph[sl] for sl in range(4, 8)} == storm


# --- (b) every world is a legal state the viewer cannot tell from the true one ---------------

VARIANTS = [{"mode": "predestination"}, {"mode": "free_will"}, {"mode": "free_will", "one_box": False},
            {"mode": "predestination", "players": 4}, {"mode": "free_will", "players": 4}, {"mode": "chaos"}]


def assert_legal_cards(w):
    """The world's Arcana obey section 2: a printed option each in Predestination, legal builds from the
    box otherwise (one box: no card twice among all players)."""
    for q in range(w.np):
        slots = [sl for sl in range(q * 4, q * 4 + 4) if w.proph[sl] >= 0]
        for sl in slots:
            for c in w.cults[sl]:
                assert c in ALLOWED[w.proph[sl]], (sl, T.cult_ids[c])
        if w.mode == "predestination":
            opt = OPTIONS[w.decks[q]]
            printed = {(a.prophet, tuple(sorted(a.cards))) for a in opt.arcana}
            held = {(T.prophet_ids[w.proph[sl]],
                     tuple(sorted([T.cult_ids[c] for c in w.cults[sl]] + [T.relic_ids[r] for r in w.relics[sl]])))
                    for sl in slots}
            assert held == printed
            dis = sorted(T.di_ids[d] for d in list(w.di_done[q]) + w.di[q])
            assert dis == sorted(opt.interventions)
        elif w.mode == "free_will":
            arcana = [[T.prophet_ids[w.proph[sl]]] + [T.cult_ids[c] for c in w.cults[sl]]
                      + [T.relic_ids[r] for r in w.relics[sl]] for sl in slots]
            check_arcana(GAME, arcana, [T.di_ids[d] for d in list(w.di_done[q]) + w.di[q]])
            cards = [c for sl in slots for c in w.cults[sl]]
            assert len(set(cards)) == len(cards)  # one copy of each card per player at least
    if w.mode == "chaos" or (w.mode == "free_will" and w.first_builder >= 0):
        n = w.np * 4
        for held in ([w.proph[sl] for sl in range(n) if w.proph[sl] >= 0],
                     [c for sl in range(n) for c in w.cults[sl]], [r for sl in range(n) for r in w.relics[sl]],
                     [d for q in range(w.np) for d in list(w.di_done[q]) + w.di[q]]):
            assert len(set(held)) == len(held)


@PROPS
@given(st.integers(0, 10**6), st.integers(0, 60), st.sampled_from(VARIANTS))
def test_every_world_is_a_legal_state_the_viewer_cannot_tell_from_the_true_one_and_plays_to_the_end(
        seed, steps, variant):
    s = reach(seed, steps, **variant)
    for viewer in range(s.np):
        w = s.determinize(viewer, Rng(seed + viewer))
        assert w.observation(viewer) == s.observation(viewer)
        assert w.legal_actions(viewer) == s.legal_actions(viewer) or viewer not in s.to_move
        for p in range(s.np):
            if sees(s, viewer, p):  # the viewer's own cards, and a teammate's, are the true ones
                assert [w.proph[sl] for sl in range(p * 4, p * 4 + 4)] == [s.proph[sl] for sl in range(p * 4, p * 4 + 4)]
                assert w.cults[p * 4:p * 4 + 4] == s.cults[p * 4:p * 4 + 4] and w.di[p] == s.di[p]
        assert_legal_cards(w)
        play(w, Rng(seed), 2000)
        assert w.is_over


# --- (c) a world depends only on what the viewer knows ---------------------------------------

@PROPS
@given(st.integers(0, 10**6), st.integers(0, 60), st.sampled_from(VARIANTS + [{"mode": "chaos", "players": 4}]),
       st.booleans())
def test_two_states_the_viewer_cannot_tell_apart_give_the_same_world(seed, steps, variant, in_draft):
    # in_draft: only the Chaos draft differs (D-20: what the viewer remembers of the packets is kept)
    s = play(GAME.new(seed, **variant), Rng(seed), steps) if in_draft else reach(seed, steps, **variant)
    for viewer in range(s.np):
        # another true state with every hidden card different: a world the viewer cannot tell from s
        twin = s.determinize(viewer, Rng(seed + 1))
        assert twin.observation(viewer) == s.observation(viewer)
        a = s.determinize(viewer, Rng(seed + 2)).to_position()
        b = twin.determinize(viewer, Rng(seed + 2)).to_position()
        assert a == b


def free_will(opponent: list, face_up=(), opponent_dis=("esorcismo", "urga_karma", "pioggia_di_fuoco", "diluvio_universale")):
    """A Free Will position (one box, player 1 built first): the opponent's first Arcanum is active."""
    mine = [A("al_jafar", "hajj", "samsara", "vacuita"), A("maometto", "corano_hizb", "sunniti", "allah_akbar"),
            A("shirin", "ibaditi", "sunna", "hadith"), A("khadija", "shahada", "salat", "purificazione")]
    opp = [dict(a) for a in opponent]
    opp[0]["face_up"] = list(face_up)
    pos = position(mine, opp, di0=["ruota_del_dharma", "cavalieri_apocalisse"], di1=list(opponent_dis),
                   mode="free_will", first_builder=0)
    return GAME.from_position(pos)


def test_different_hidden_builds_behind_the_same_revealed_cards_give_the_same_world():
    chimera = A("chimera", "eucarestia", "masoreti", "santo_graal")
    one = free_will([chimera, A("gesu", "trinita", "redenzione", "lancia_di_longino"),
                     A("agostino", "confessionum_libri_xiii", "nevim", "sutra_del_cuore"), A("hugues", "rogo", "martirio", "athar")],
                    face_up=[0])
    other = free_will([A("chimera", "eucarestia", "esseni", "santo_graal"), A("goffredo", "crociati", "penitenza", "rabbi"),
                       A("cagliostro", "circoncisione", "esodo", "nobile_silenzio"),
                       A("san_francesco", "nuovo_testamento", "sutta_pitaka", "ketuvim")],
                      face_up=[0], opponent_dis=("urga_karma", "diluvio_universale", "esorcismo", "pioggia_di_fuoco"))
    assert one.observation(0) == other.observation(0)
    for seed in range(20):
        a, b = one.determinize(0, Rng(seed)), other.determinize(0, Rng(seed))
        assert a.to_position() == b.to_position()


def test_a_deployed_prophets_face_down_places_hold_no_revealed_card():
    """A Revealed Cult card turns face up when its Prophet is deployed, so a card still face down under a
    Prophet once deployed is not one: a world dealing one there would show it at the next deployment."""
    revealed = {T.cult_by_id[c] for c in ("eucarestia", "sunna", "shahada", "purificazione", "salmi", "circoncisione")}
    assert all(T.ckw[c] & 1 for c in revealed)
    mose = A("mose", "mishnah", "leviti", "kasherut", where="rear", revealed=True, face_up=[0])
    s = free_will([A("hugues", "rogo", "martirio", "athar"), mose,
                   A("agostino", "confessionum_libri_xiii", "nevim", "sutra_del_cuore"),
                   A("san_francesco", "nuovo_testamento", "sutta_pitaka", "ketuvim")])
    true_cards = s.copy()
    told = [e for e in _summon_mose(true_cards) if "deploys" in e]
    assert told[-1].endswith("with 3 Cult cards; face up: Mishnah.")
    dealt = Counter()
    for seed in range(150):
        w = s.determinize(0, Rng(seed))
        face_down = w.cults[5][1:]
        dealt.update(face_down)
        assert not revealed.intersection(face_down), [T.cult_ids[c] for c in face_down]
        assert [e for e in _summon_mose(w) if "deploys" in e] == told
    assert len(dealt) > 5  # the places are drawn, not kept


def _summon_mose(state):
    start = len(state.log)
    state.apply("cult 1", 0)
    state.apply("summon 1", 1)
    return [e.text for e in state.events(0, start)]


def test_an_order_revealed_under_hysteria_tells_what_a_face_down_card_is_not(game=GAME):
    """Al Jafar's Vacuità (Arduous) bars Arduous cards the next turn; under Hysteria his player then
    reveals "cult 2" first. Card 2 lies face down with Hajj (Arduous) and Samsara, so the viewer knows
    it is Samsara: every world deals it there (before, half the worlds dealt Hajj, a state no play
    reaches, whose position did not load)."""
    from credo.games.dogma.codes import ARCANA

    from .conftest import orders
    knowledge = [A("agostino", "confessionum_libri_xiii", "nevim", "sutra_del_cuore"), A("hugues", "rogo", "martirio", "athar"),
                 A("san_francesco", "nuovo_testamento", "sutta_pitaka", "ketuvim"),
                 A("cagliostro", "circoncisione", "esodo", "nobile_silenzio")]
    mecca = [A("al_jafar", "hajj", "samsara", "vacuita"), A("maometto", "corano_hizb", "sunniti", "allah_akbar"),
             A("primo_shahid", "sawm", "ramadan", "guerra_santa"), A("shirin", "ibaditi", "sunna", "hadith")]
    s = game.from_position(position(knowledge, mecca, di0=OPTIONS["knowledge"].interventions,
                                    di1=OPTIONS["mecca"].interventions))
    orders(s, "cult 2", "cult 3")  # Nevi'm gives Hysteria; Vacuità is Arduous
    assert s.to_move == (1,) and "cult 1" not in [str(a) for a in s.legal_actions(1)]
    s.apply("cult 2", 1)  # revealed first, under Hysteria
    sl = ARCANA + s.active[1]
    samsara, hajj = T.cult_by_id["samsara"], T.cult_by_id["hajj"]
    dealt = Counter()
    for seed in range(60):
        world = s.determinize(0, Rng(seed))
        dealt[world.cults[sl][1]] += 1
        game.from_position(world.to_position())  # a state play can reach
        assert hajj in world.cults[sl]  # the rest of the Arcanum is still dealt
    assert dealt == {samsara: 60}
