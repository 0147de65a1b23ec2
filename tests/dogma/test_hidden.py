"""Hidden information (Credo ruling D-12) never leaks through an observation, an event
or a PlayerView; determinize resamples exactly what a player cannot see; the contract
properties (copies, positions, illegal actions) on Dogma states."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from credo.games import load
from credo.kernel import IllegalAction, PlayerView, Rng

from .conftest import fingerprint

PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VARIANTS = [{"mode": "predestination"}, {"mode": "free_will"}, {"mode": "chaos"}]


def reach(seed: int, steps: int, variant: int):
    game = load("dogma")
    s = game.new(seed, **VARIANTS[variant])
    rng = Rng(seed ^ 0x5151)
    for _ in range(steps):
        if s.is_over:
            break
        p = s.to_move[rng.below(len(s.to_move))]
        s.apply(rng.choice(s.legal_actions(p)), p)
    return s


states = st.builds(reach, st.integers(0, 10**6), st.integers(0, 160), st.integers(0, 2))


def hidden_names(s, viewer: int) -> set[str]:
    """Names and ids of the opponent's cards the viewer has never seen, from the saved game
    (the whole truth: every card, and which are revealed or face up)."""
    pos = s.to_position()
    names = {cid: card["name"] for cid, card in s.game.catalogue()["cards"].items()}
    q = 1 - viewer
    out = set()
    chaos = pos["chaos"]
    if chaos is not None:  # Chaos: the opponent's packet and Arcana (not Interventions: copies share names)
        def held(p):
            return chaos["packets"][chaos["hold"][p]] if chaos["hold"][p] >= 0 else []

        def built(p):
            return [x for a in chaos["arcana"][p] for x in ([a["prophet"]] if a["prophet"] else []) + a["cards"]]

        mine = set(held(viewer)) | set(built(viewer))
        mine |= {x for cards in (chaos["remembered"] or [{}] * 4)[viewer].values() for x in cards}  # packets put down
        for x in held(q) + built(q):
            if names.get(x) and x not in mine:
                out |= {x, names[x]}
        return {x for x in out if x not in {i.id for i in s.game.content.interventions}
                and x not in {i.name for i in s.game.content.interventions}}
    for a in pos["players"][q]["arcana"]:
        if not a["revealed"]:
            out |= {a["prophet"], names[a["prophet"]]} | set(a["relics"]) | {names[r] for r in a["relics"]}
        for j, c in enumerate(a["cult"]):
            if j not in a["face_up"]:
                out |= {c, names[c]}
    # with a box for each player (Free Will's default) both may hold the same card: the viewer's copy is theirs to see
    for a in pos["players"][viewer]["arcana"]:
        for x in [a["prophet"], *a["relics"], *a["cult"]]:
            out -= {x, names[x]}
    return out


def strings(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield str(k)
            yield from strings(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from strings(v)
    elif obj is not None:
        yield str(obj)


@PROPS
@given(states)
def test_observations_and_events_never_show_face_down_cards_or_unrevealed_arcana(s):
    for viewer in (0, 1):
        secret = hidden_names(s, viewer)
        obs = s.observation(viewer)
        assert not secret & set(strings(obs))
        for e in s.events(viewer):
            assert not secret & {str(a) for a in e.args}, e.text
        assert obs["players"][1 - viewer]["interventions"] is None  # the opponent's Divine Intervention order
    spectator = hidden_names(s, 0) | hidden_names(s, 1)
    assert not spectator & set(strings(s.observation(None)))


@PROPS
@given(states)
def test_an_unrevealed_order_or_fidelity_choice_is_never_shown_to_the_opponent(s):
    for viewer in (0, 1):
        obs = s.observation(viewer)
        if obs["orders"]:
            for p in obs["orders"]["shown"]:
                assert int(p) == viewer or int(p) in (s.to_position()["hysteria"] or [])
        for e in s.events(viewer):
            if e.visible_to is not None:
                assert viewer in e.visible_to


@PROPS
@given(states, st.integers(0, 10**6))
def test_determinize_keeps_what_the_player_knows_and_resamples_the_rest(s, seed):
    for viewer in (0, 1):
        w = s.determinize(viewer, Rng(seed))
        assert w.observation(viewer) == s.observation(viewer)
        if viewer in s.to_move:
            assert w.legal_actions(viewer) == s.legal_actions(viewer)
        assert len(w.events(viewer)) == 0
        view = PlayerView(s, viewer, seed=seed)
        assert view.sample_world(Rng(seed + 1)).observation(viewer) == s.observation(viewer)
        # the sampled world plays on
        if not w.is_over:
            p = w.to_move[0]
            w.apply(w.legal_actions(p)[0], p)


def test_determinize_really_resamples_the_opponents_hidden_arcana_and_interventions():
    game = load("dogma")
    s = game.new(0, decks=["mecca", "storm"])
    s.apply("deploy 1", 0)
    s.apply("deploy 1", 1)
    seen_rear, seen_di = set(), set()
    for seed in range(40):
        w = s.determinize(0, Rng(seed)).to_position()["players"]
        seen_rear.add(tuple(a["prophet"] for a in w[1]["arcana"][1:]))
        seen_di.add(tuple(w[1]["interventions"]))
        assert w[0] == s.to_position()["players"][0]  # the player's own cards stay
    assert len(seen_rear) > 1 and len(seen_di) > 1


def test_a_committed_order_is_resampled_in_a_world_sampled_by_the_opponent():
    game = load("dogma")
    s = game.new(0, decks=["mecca", "storm"])
    s.apply("deploy 1", 0)
    s.apply("deploy 1", 1)
    s.apply("cult 3", 1)
    choices = {game.actions[s.determinize(0, Rng(k)).commit.choices[1]].text for k in range(40)}
    assert len(choices) > 1


@PROPS
@given(states)
def test_copies_are_independent_and_positions_round_trip(s):
    before = fingerprint(s)
    clone = s.copy()
    for _ in range(10):
        if clone.is_over:
            break
        p = clone.to_move[0]
        clone.apply(clone.legal_actions(p)[-1], p)
    assert fingerprint(s) == before
    pos = json.loads(json.dumps(s.to_position()))
    rebuilt = s.game.from_position(pos)
    assert rebuilt.to_position() == s.to_position()
    for p in s.to_move:
        assert rebuilt.legal_actions(p) == s.legal_actions(p)
        assert rebuilt.observation(p) == s.observation(p)


@PROPS
@given(states, st.integers(0, 10**6))
def test_illegal_actions_are_refused_with_a_rule_and_change_nothing(s, pick):
    if s.is_over:
        with pytest.raises(IllegalAction):
            s.apply(s.game.actions[0])
        return
    p = s.to_move[0]
    legal = set(s.legal_actions(p))
    illegal = [a for a in s.game.actions if a not in legal]
    before = fingerprint(s)
    rng = Rng(pick)
    for _ in range(15):
        a = rng.choice(illegal)
        with pytest.raises(IllegalAction) as err:
            s.apply(a, p)
        assert err.value.rule and err.value.message
        assert fingerprint(s) == before


def test_random_games_end_by_the_rules_in_both_modes():
    game = load("dogma")
    ends = {"won": 0, "drawn": 0}
    for seed in range(120):
        s = game.new(seed, **game.machine_options(VARIANTS[seed % 3]))
        rng = Rng(seed)
        steps = 0
        while not s.is_over:
            p = s.to_move[0]
            a = game.rollout_action(s, p, rng) if seed % 3 else rng.choice(s.legal_actions(p))
            s.apply(a, p)
            steps += 1
            assert steps < 5000
        ends["won" if s.winners else "drawn"] += 1
    assert ends["won"] > 100
