"""Fair play, tested as a cheater would try it, for every game and option variant.

1. Nothing a player is told depends on what they cannot see: their observation, legal
   actions and the explanation of every refused action are the same in the true state
   and in worlds resampled from their view (`determinize`).
2. Nothing a view exposes can change the real game: an agent that vandalises every
   container it can reach from its view (the observation, the events, the legal actions,
   the worlds it samples, and those worlds' attributes, private ones included) leaves
   the true game exactly as an untouched copy of it.
3. A view gives away neither the game's seed nor anything derived from it.

The leak tests play a few random games per variant; to hunt for rarer leaks, run them on
many more (locally: CREDO_FAIR_PLAY_SEEDS=300 pytest tests/kernel/test_fair_play.py -k "is_told or events_tell").
"""

from __future__ import annotations

import os

import pytest

from credo import games
from credo.kernel import CredoError, IllegalAction, PlayerView, Rng, State
from credo.kernel.undo import barrier
from credo.kernel.view import sampling_seed, secret_from_seed

VARIANTS = [(name, options) for name in games.names() for options in games.load(name).option_variants]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'default'}" for name, options in VARIANTS]


def seeds(default: int) -> range:
    """The random games a leak test plays: `default`, or CREDO_FAIR_PLAY_SEEDS of them."""
    return range(int(os.environ.get("CREDO_FAIR_PLAY_SEEDS", default)))


def random_states(game, options, seeds, every=7, limit=160):
    """States met in random games: every `every`-th decision, up to `limit` decisions."""
    for seed in seeds:
        s = game.new(seed, **options)
        rng = Rng(seed + 1000)
        for n in range(limit):
            if s.is_over:
                break
            if n % every == 3 % every:
                yield s
            p = s.to_move[0]
            s.apply(rng.choice(s.legal_actions(p)), p)


def refusal(state: State, action, player: int) -> str:
    """What a player is told when they try `action`: the refusal's rule and message."""
    try:
        state.copy().apply(action, player)
    except IllegalAction as exc:
        return f"{exc.rule}: {exc.message}"
    return "accepted"


def probe_actions(game, state: State, rng: Rng, count: int = 40) -> list:
    """Actions worth asking about: some of every kind in the action space, and what the
    other players could do now (the actions most likely to name their hidden cards)."""
    space = list(game.actions)
    chosen = [space[rng.below(len(space))] for _ in range(count)]
    for q in state.to_move:
        chosen.extend(state.legal_actions(q)[:20])
    return chosen


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_what_a_player_is_told_does_not_depend_on_what_they_cannot_see(name, options):
    game = games.load(name)
    checked = 0
    for state in random_states(game, options, seeds=seeds(6)):
        rng = Rng(checked + 7)
        actions = probe_actions(game, state, rng)
        for p in range(state.num_players):
            told = (state.observation(p), [str(a) for a in state.legal_actions(p)],
                    [refusal(state, a, p) for a in actions])
            for k in range(2):
                world = state.determinize(p, Rng(100 + k))
                in_world = (world.observation(p), [str(a) for a in world.legal_actions(p)],
                            [refusal(world, a, p) for a in actions])
                assert in_world[0] == told[0], f"{name}: player {p}'s observation differs in a resampled world"
                assert in_world[1] == told[1], f"{name}: player {p}'s legal actions differ in a resampled world"
                for a, mine, theirs in zip(actions, told[2], in_world[2]):
                    assert mine == theirs, f"{name}: refusing '{a}' to player {p} tells what they cannot see: {mine!r} vs {theirs!r}"
        checked += 1
    assert checked >= 10


def told_by(state: State, action, mover: int, viewer: int):
    """What `viewer` sees of `action` played on `state`: (their observation after, the
    events it narrates to them), or None if the action is not legal there."""
    s = state.copy()
    start = len(s.log)
    try:
        s.apply(action, mover)
    except CredoError:
        return None
    return s.observation(viewer), [(e.text, e.rule) for e in s.events(viewer, start)]


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_events_tell_a_player_nothing_their_view_does_not(name, options):
    """A move that draws on no chance and reveals nothing to a player (kernel/undo.py: it
    leaves them seeing the same board in every world resampled from their view) must
    narrate the same to them in all those worlds: a narration naming a hidden card or a
    secret choice would differ. (Moves that roll dice or reveal may narrate what they
    reveal: that is what revealing is.)"""
    game = games.load(name)
    compared = 0
    for n, state in enumerate(random_states(game, options, seeds=seeds(5), every=3)):
        mover = state.to_move[0]
        legal = state.legal_actions(mover)
        action = legal[Rng(n).below(len(legal))]
        for viewer in range(state.num_players):
            if barrier(state, str(action), mover, viewer) is not None:
                continue
            _, events = told_by(state, action, mover, viewer)
            for k in range(4):
                outcome = told_by(state.determinize(viewer, Rng(300 + k)), action, mover, viewer)
                if outcome is None:
                    continue  # not legal in this world: the move showed what was hidden after all
                assert outcome[1] == events, f"{name}: '{action}' narrates to player {viewer} what they cannot see"
                compared += 1
    assert compared > 50


def test_jol_explanations_do_not_name_the_opponents_hidden_cards():
    """The review's case: `talent c1` with c1 in the opponent's hand named the card."""
    game = games.load("jol")
    s = game.new(1)
    me = s.to_move[0]
    mine = {c["id"] for c in s.observation(me)["players"][me]["hand"]}
    theirs = s.observation(1 - me)["players"][1 - me]["hand"]
    assert theirs
    names = {game.catalogue()["cards"][c["card"]]["name"] for c in theirs}
    told = []
    for card in theirs:
        assert card["id"] not in mine
        for text in (f"talent {card['id']}", f"summon {card['id']} boog", f"defend {card['id']}"):
            told.append(refusal(s, game.parse_action(text), me))
    assert any("is not in your hand" in t for t in told)
    assert not [t for t in told if any(n in t for n in names)]


# --- a vandal agent -----------------------------------------------------------------------
JUNK = object()


def vandalise(thing, seen: set, game, depth: int = 0) -> None:
    """Change every container reachable from `thing` (but the shared, read-only Game)."""
    if depth > 12 or id(thing) in seen or thing is game or isinstance(thing, (str, bytes, int, float, bool, type(None))):
        return
    seen.add(id(thing))
    if isinstance(thing, list):
        items = list(thing)
        for item in items:
            vandalise(item, seen, game, depth + 1)
        thing.append(JUNK)
        thing.reverse()
        return
    if isinstance(thing, dict):
        for value in list(thing.values()):
            vandalise(value, seen, game, depth + 1)
        thing["junk"] = JUNK
        return
    if isinstance(thing, set):
        thing.add(JUNK)
        return
    if isinstance(thing, tuple):
        for item in thing:
            vandalise(item, seen, game, depth + 1)
        return
    names = list(getattr(thing, "__dict__", {}))
    for cls in type(thing).__mro__:
        names.extend(getattr(cls, "__slots__", ()))
    for attr in names:
        if attr in ("game", "__weakref__", "__dict__"):
            continue
        try:
            vandalise(getattr(thing, attr), seen, game, depth + 1)
        except AttributeError:
            pass


def play_on(state: State, seed: int, moves: int = 25) -> list[str]:
    rng = Rng(seed)
    out = []
    for _ in range(moves):
        if state.is_over:
            break
        p = state.to_move[0]
        a = rng.choice(state.legal_actions(p))
        state.apply(a, p)
        out.append(str(a))
    return out


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_an_agent_cannot_change_the_real_game_through_its_view(name, options):
    game = games.load(name)
    for n, state in enumerate(random_states(game, options, seeds=range(3), every=23)):
        control = game.from_position(state.to_position())
        before = state.to_position()
        told = {p: [(e.text, e.rule) for e in state.events(p)] for p in [None, *range(state.num_players)]}
        for p in state.to_move:
            state.legal_actions(p)  # the true state's cached list exists, as it does in play
            view = PlayerView(state, p, seed=n)
            vandalise(view.observation, set(), game)
            vandalise(view.events, set(), game)
            for k in range(2):
                world = view.sample_world(Rng(k))
                for q in world.to_move:
                    world.legal_actions(q)
                vandalise(world, set(), game)
            vandalise(view._world, set(), game)
        assert state.to_position() == before, f"{name}: a view's vandal changed the true state"
        assert told == {p: [(e.text, e.rule) for e in state.events(p)] for p in told}, f"{name}: ... or its log"
        for p in state.to_move:
            assert [str(a) for a in state.legal_actions(p)] == [str(a) for a in control.legal_actions(p)]
            assert all(a is not JUNK for a in state.legal_actions(p))
        assert play_on(state.copy(), n) == play_on(control, n), f"{name}: the game went on differently after the vandal"


@pytest.mark.parametrize("name", games.names())
def test_a_poisoned_legal_list_never_reaches_the_game(name):
    """The review's case: appending to the legal list a view's world holds (its cached
    `_legal` was the true state's own list) got the action applied to the real game by
    apply's fast path; in Dogma, a poisoned shared Order list reached every later game."""
    game = games.load(name)
    for moves in (0, 6, 12):
        state = game.new(4)
        played = play_on(state, 9, moves)
        if state.is_over:
            continue
        p = state.to_move[0]
        legal = state.legal_actions(p)
        stranger = next(a for a in game.actions if a not in legal)
        view = PlayerView(state, p, seed=1)
        for world in (view._world, view.sample_world(Rng(2))):
            for got in (world._legal, world.legal_actions(p)):  # the cached list first, as it came
                if isinstance(got, list):
                    got.append(stranger)
        with pytest.raises(IllegalAction):
            state.apply(stranger, p)
        again = game.new(4)
        assert play_on(again, 9, moves) == played
        assert stranger not in again.legal_actions(again.to_move[0])


# --- the seed ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", games.names())
def test_a_view_does_not_lead_back_to_the_games_seed(name):
    """An agent can invert its world's rng to the number it was made from: that number
    must be one-way in a secret of the match, so that no small seed it tries rebuilds
    the real game."""
    game = games.load(name)
    seed = 5
    state = game.new(seed)
    p = state.to_move[0]
    secret = secret_from_seed(seed)
    view = PlayerView(state, p, seed=sampling_seed(secret, p, 0))
    # the seed word of an rng is a bijection of the number it was made from (Rng.__init__)
    words = {view._world.rng.to_position()[0], view.sample_world(Rng(0)).rng.to_position()[0]}
    for guess in range(200):
        assert Rng(guess).to_position()[0] not in words, f"the world's rng is the rng of seed {guess}"
        assert game.new(guess).rng.to_position()[0] not in words
    assert state.rng.to_position()[0] not in words


def test_sampling_seeds_depend_on_the_secret_player_and_decision():
    a, b = secret_from_seed(1), secret_from_seed(2)
    assert a != b and len(a) == 16
    seeds = {sampling_seed(s, p, d) for s in (a, b) for p in range(4) for d in range(50)}
    assert len(seeds) == 2 * 4 * 50


@pytest.mark.parametrize("name", games.names())
def test_a_views_events_are_what_its_player_was_told_then_and_stay_so(name):
    """A view's events equal the true state's visible events at the moment it was made,
    and later moves of the real game do not reach into them."""
    game = games.load(name)
    state = game.new(5)
    rng = Rng(5)
    for _ in range(30):
        if state.is_over:
            break
        p = state.to_move[0]
        view = PlayerView(state, p, seed=1)
        then = [(e.text, e.rule) for e in state.events(p)]
        state.apply(rng.choice(state.legal_actions(p)), p)
        assert [(e.text, e.rule) for e in view.events] == then
        assert len(view.events) == len(then) and list(view.events[-2:]) == list(view.events)[-2:]


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_every_sampled_world_rolls_its_own_chance(name, options):
    """Worlds sampled from one view do not share one future of dice and shuffles: a search
    that met the same rolls in every world would play against a future it cannot know
    (and did, until a forked generator ignored how far its parent had run)."""
    game = games.load(name)
    state = next(random_states(game, options, [3]))
    view = PlayerView(state, state.to_move[0], seed=5)
    rng = Rng(11)
    futures = {tuple(view.sample_world(rng).rng.copy().next64() for _ in range(3)) for _ in range(40)}
    assert len(futures) == 40


def test_dirge_sampled_worlds_roll_an_attack_at_the_rate_the_dice_give():
    """The outcome of one attack over worlds sampled from the attacker's view is spread as the
    dice spread it in the true game (the true state rolled again with fresh generators)."""
    game = games.load("dirge")
    for state in random_states(game, {}, range(40), every=1, limit=400):
        mover = state.to_move[0]
        attacks = [a for a in state.legal_actions(mover) if a.kind == "attack"]
        if attacks:
            break
    else:
        pytest.fail("no attack met in 40 random Dirge games")
    attack = attacks[0]

    def outcome(world) -> str:
        world.apply(attack, mover)
        return repr(world.observation(mover)["creatures"]) if "creatures" in world.observation(mover) \
            else repr(world.observation(mover))

    view = PlayerView(state, mover, seed=5)
    rng = Rng(17)
    sampled: dict[str, int] = {}
    for _ in range(300):
        key = outcome(view.sample_world(rng))
        sampled[key] = sampled.get(key, 0) + 1
    rolled: dict[str, int] = {}
    for k in range(300):
        world = state.copy()
        world.rng = Rng(10_000 + k)
        key = outcome(world)
        rolled[key] = rolled.get(key, 0) + 1
    assert len(rolled) > 1, "the attack chosen has one outcome whatever the dice: the test needs another"
    assert len(sampled) > 1
    for key in set(sampled) | set(rolled):
        assert abs(sampled.get(key, 0) - rolled.get(key, 0)) / 300 < 0.12, (key[:80], sampled.get(key), rolled.get(key))
