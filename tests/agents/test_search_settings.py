"""Where MCTS's playouts end and how it compares values, each as its game says
(Game.playout_end, Game.normalize_values; credo/agents/mcts.py)."""

import pytest

from credo.agents import mcts
from credo.agents.mcts import MctsAgent
from credo.games import load
from credo.kernel import PlayerView, Rng


def position(name: str, plies: int, seed: int = 3):
    """A position `plies` playout actions into a game, with a real choice to make."""
    game = load(name)
    state = game.new(seed)
    rng = Rng(seed)
    for _ in range(plies):
        state.apply(game.rollout_action(state, state.to_move[0], rng), state.to_move[0])
    while len(state.legal_actions(state.to_move[0])) < 3:
        state.apply(game.rollout_action(state, state.to_move[0], rng), state.to_move[0])
    assert not state.is_over
    return game, state


def root_visits(agent: MctsAgent) -> dict:
    return {key: edge.visits for key, edge in agent.last_root.edges.items()}


def leaves_scored(monkeypatch, game, seen) -> list:
    """`seen(world)` for each world the search scores by its evaluation, not at a game's end
    (the cap on playouts lifted, so that every playout ends where its kind of end says)."""
    monkeypatch.setattr(game, "turn_playout_cap", 10_000)
    leaves = []
    scored = game.evaluate_all

    def record(world):
        if not world.is_over:
            leaves.append(seen(world))
        return scored(world)

    monkeypatch.setattr(game, "evaluate_all", record)
    return leaves


@pytest.mark.parametrize("normalize", [True, False])
def test_rescaled_values_make_the_search_blind_to_the_evaluation_scale(monkeypatch, normalize):
    # An evaluation 64 times flatter (a power of two: the arithmetic stays exact) is the same
    # evaluation: on rescaled values the search spends its visits exactly as before; on raw
    # values, under the same exploration constant, it does not.
    game, state = position("jol", 10)
    view = PlayerView(state, state.to_move[0], seed=1)

    def search():
        agent = MctsAgent(7, iterations=300, rollout_depth=2, playout_end="depth", normalize_values=normalize)
        agent.choose(view)
        return root_visits(agent)

    before = search()
    unscaled = game.evaluate
    monkeypatch.setattr(game, "evaluate", lambda s, p: unscaled(s, p) / 64)
    after = search()
    assert (after == before) is normalize


@pytest.mark.parametrize("name, plies", [("dirge", 12), ("divine", 8), ("jol", 10)])
def test_playouts_end_where_the_game_says(monkeypatch, name, plies):
    # "turn": every leaf is scored at the start of the searcher's next turn, whoever's turn
    # it was where the tree ended; "depth": wherever the cut-off falls
    game, state = position(name, plies)
    me = state.to_move[0]
    leaves = leaves_scored(monkeypatch, game, game.turn_holder)
    MctsAgent(2, iterations=150, stop_when_settled=False).choose(PlayerView(state, me, seed=1))  # every leaf
    assert len(leaves) > 100
    at_my_turn = sum(1 for holder in leaves if holder == me)
    if game.playout_end == "turn":
        assert at_my_turn == len(leaves)
    else:
        assert at_my_turn < len(leaves)


def answering_in_the_rivals_turn(name: str, seed: int = 3):
    """A position where a player is to answer in the other's turn (Jol: a Prayer; Divine: an
    Intervention in a window), with a choice to make."""
    game = load(name)
    state = game.new(seed)
    rng = Rng(seed)
    while state.to_move[0] == state.current or len(state.legal_actions(state.to_move[0])) < 2:
        state.apply(game.rollout_action(state, state.to_move[0], rng), state.to_move[0])
        assert not state.is_over
    return game, state


@pytest.mark.parametrize("name, plies", [("jol", 10), ("divine", 8)])
@pytest.mark.parametrize("where", ["own turn", "rival's turn"])
def test_turn_playouts_end_at_the_start_of_the_searchers_next_turn_not_at_an_answer(monkeypatch, name, plies, where):
    # Jol's and Divine's players also decide in each other's turns (a Prayer at each step of an
    # engagement; an Intervention in the windows after each step and move): the turn holder,
    # not the player to move, says when the searcher's next turn has begun, so every leaf is
    # scored at the start of it, never at an answer in the rival's turn, and a leaf in the
    # rival's turn sees the rest of that turn
    game, state = answering_in_the_rivals_turn(name) if where == "rival's turn" else position(name, plies)
    me = state.to_move[0]
    assert (state.current != me) is (where == "rival's turn")
    leaves = leaves_scored(monkeypatch, game, lambda world: (game.turn_holder(world), world.current, world.turn))
    MctsAgent(2, iterations=150, playout_end="turn", stop_when_settled=False).choose(PlayerView(state, me, seed=1))
    assert len(leaves) > 100
    assert all(holder == me and current == me and turn > state.turn for holder, current, turn in leaves)


def test_jol_playouts_end_at_formation(monkeypatch):
    # the start of a Jol turn is its Formation step, where every leaf is scored
    game, state = answering_in_the_rivals_turn("jol")
    me = state.to_move[0]
    phases = leaves_scored(monkeypatch, game, lambda world: world.phase)
    MctsAgent(2, iterations=150, playout_end="turn", stop_when_settled=False).choose(PlayerView(state, me, seed=1))
    assert len(phases) > 50 and set(phases) == {0}


@pytest.mark.parametrize("end", ["rest", "depth"])
def test_dogma_playouts_that_end_at_rest_score_every_leaf_between_rounds(monkeypatch, end):
    # "rest": every leaf is scored where the game waits for a new round's Orders, nothing
    # of the last one left to resolve; "depth": wherever the cut-off falls, often mid-round
    game, state = position("dogma", 6)
    monkeypatch.setattr(mcts, "REST_PLAYOUT_CAP", 10_000)
    leaves = []
    scored = game.evaluate_all

    def record(world):
        leaves.append(game.at_rest(world))
        return scored(world)

    monkeypatch.setattr(game, "evaluate_all", record)
    me = state.to_move[0]
    MctsAgent(2, iterations=150, playout_end=end, stop_when_settled=False).choose(PlayerView(state, me, seed=1))
    assert len(leaves) > 100
    at_rest = sum(leaves)
    assert (at_rest == len(leaves)) is (end == "rest")
    assert at_rest > 0


@pytest.mark.parametrize("rounds", [0, 1, 2])
def test_dogma_playouts_go_through_as_many_ends_of_rounds_as_asked(monkeypatch, rounds):
    # 0: to the first point of rest, a leaf at rest scored at once; 1: to the end of the round
    # under way (or of the round a leaf at rest begins); 2: then through one more round
    game, state = position("dogma", 6)
    monkeypatch.setattr(mcts, "REST_PLAYOUT_CAP", 10_000)
    agent = MctsAgent(2, iterations=120, rest_rounds=rounds, stop_when_settled=False)
    apply = type(state).apply
    trails = []

    def counted(world, action, player):
        apply(world, action, player)
        trails[-1].append(world.is_over or bool(game.at_rest(world)))

    playout = agent._playout

    def measured(world, n):
        trails.append([bool(game.at_rest(world))])
        monkeypatch.setattr(type(world), "apply", counted)
        try:
            return playout(world, n)
        finally:
            monkeypatch.setattr(type(world), "apply", apply)

    monkeypatch.setattr(agent, "_playout", measured)
    agent.choose(PlayerView(state, state.to_move[0], seed=1))
    assert len(trails) > 100
    for trail in trails:
        assert trail[-1]  # scored at rest (or over)
        ends = sum(1 for before, after in zip(trail, trail[1:]) if after and not before)
        if rounds == 0:
            assert ends == (0 if trail[0] else 1) and (len(trail) == 1) is trail[0]
        else:
            assert ends == rounds
    assert any(trail[0] for trail in trails) and any(not trail[0] for trail in trails)
    assert game.rest_playout_rounds == 2  # Dogma's (docs/agents/search.md, section 13)
    with pytest.raises(ValueError, match="rest_rounds -1"):
        MctsAgent(2, iterations=10, rest_rounds=-1).choose(PlayerView(state, state.to_move[0], seed=1))


def test_a_chaos_draft_has_no_points_of_rest_and_its_playouts_stop_at_the_rollout_depth(monkeypatch):
    game = load("dogma")
    state = game.new(5, mode="chaos")
    assert game.at_rest(state) is None
    actions = []
    apply = type(state).apply

    def counted(world, action, player):
        actions.append(player)
        return apply(world, action, player)

    agent = MctsAgent(2, iterations=60, playout_end="rest", prior_visits=0, stop_when_settled=False)
    lengths = []
    playout = agent._playout

    def measured(world, n):
        actions.clear()
        monkeypatch.setattr(type(world), "apply", counted)
        try:
            return playout(world, n)
        finally:
            monkeypatch.setattr(type(world), "apply", apply)
            lengths.append(len(actions))

    monkeypatch.setattr(agent, "_playout", measured)
    agent.choose(PlayerView(state, state.to_move[0], seed=1))
    assert lengths and max(lengths) == game.rollout_depth


def test_a_game_without_points_of_rest_says_so_and_an_unknown_playout_end_is_refused():
    game, state = position("jol", 10)
    with pytest.raises(NotImplementedError, match="no points of rest"):
        game.at_rest(state)
    with pytest.raises(ValueError, match="playout_end 'rounds'"):
        MctsAgent(1, iterations=10, playout_end="rounds").choose(PlayerView(state, state.to_move[0], seed=1))


def test_the_turn_games_are_dirge_and_divine():
    # the games whose turn is a run of small decisions, and whose evaluation is flat
    # within a search's horizon (docs/agents/search.md)
    assert {name for name in ("dirge", "divine", "dogma", "jol") if load(name).playout_end == "turn"} == {"dirge", "divine"}
    # Dogma's round: Orders chosen together, then resolved in a chain of decisions by both sides
    assert {name for name in ("dirge", "divine", "dogma", "jol") if load(name).playout_end == "rest"} == {"dogma"}
    assert {name for name in ("dirge", "divine", "dogma", "jol") if load(name).normalize_values} == {"dirge", "divine"}


@pytest.mark.parametrize("name, plies", [("dirge", 12), ("divine", 8)])
def test_the_search_is_reproducible_with_its_game_settings(name, plies):
    game, state = position(name, plies)
    view = PlayerView(state, state.to_move[0], seed=4)
    first, second = MctsAgent(5, iterations=120), MctsAgent(5, iterations=120)
    assert first.choose(view) is second.choose(view)
    assert root_visits(first) == root_visits(second)


def test_below_the_root_the_search_widens_progressively(monkeypatch):
    # at every node below the root, a player has tried at most ceil(sqrt(visits)) of its
    # actions, and never one it did not admit; the root, seeded with every action's
    # evaluation, is searched whole. Dirge's turns have decisions of dozens of moves.
    game, state = position("dirge", 12)
    agent = MctsAgent(3, iterations=400, widening=True)
    offered = {}
    widened = agent._select_widened

    def spy(node, world, player):
        offered[id(node), player] = len(world.legal_actions(player))
        return widened(node, world, player)

    monkeypatch.setattr(agent, "_select_widened", spy)
    agent.choose(PlayerView(state, state.to_move[0], seed=1))
    assert agent.last_root.admitted is None
    narrowed = 0
    stack = list(agent.last_root.children.values())
    while stack:
        node = stack.pop()
        stack.extend(node.children.values())
        for player, (visits, *admitted) in (node.admitted or {}).items():
            tried = {key for key, edge in node.edges.items() if key[0] == player and edge.visits}
            assert tried <= set(admitted)
            assert len(admitted) <= mcts.math.ceil(mcts.WIDENING * visits ** mcts.WIDENING_POWER)
            narrowed += visits > len(admitted) and offered[id(node), player] > len(admitted)
    assert narrowed > 0


def depth(node) -> int:
    return 1 + max((depth(child) for child in node.children.values()), default=0)


def test_widening_searches_deeper_on_the_same_budget():
    game, state = position("dirge", 12)
    view = PlayerView(state, state.to_move[0], seed=1)
    depths = {}
    for widening in (False, True):
        agent = MctsAgent(3, iterations=400, widening=widening)
        agent.choose(view)
        depths[widening] = depth(agent.last_root)
    assert depths[True] > depths[False]


def test_the_game_that_widens_is_dirge():
    assert {name for name in ("dirge", "divine", "dogma", "jol") if load(name).progressive_widening} == {"dirge"}


@pytest.mark.parametrize("weight", [0.0, 0.25, 1.0])
def test_a_turn_end_weight_scores_a_playout_partly_where_the_searchers_turn_ended(monkeypatch, weight):
    # MctsAgent(turn_end_weight=...): the value of a playout through the others' turns is that
    # share of the evaluation where the searcher's own turn ended, the rest the evaluation at the
    # start of its next; 0 (the default) scores the next turn's start alone, as before
    game, state = position("divine", 8)
    me = state.to_move[0]
    assert state.current == me
    monkeypatch.setattr(game, "turn_playout_cap", 10_000)
    calls = []

    def marked(world):  # 1 where the turn is another's, 0 where it is the searcher's again
        calls.append(game.turn_holder(world) == me)
        return [0.0 if calls[-1] else 1.0] * world.num_players

    view = PlayerView(state, me, seed=1)
    agent = MctsAgent(2, iterations=1, turn_end_weight=weight, stop_when_settled=False)
    agent.choose(view)  # takes the search's settings, which _playout reads
    monkeypatch.setattr(game, "evaluate_all", marked)
    rng, scored = Rng(5), 0
    for action in view.legal_actions:
        for _ in range(8):
            world = view.sample_world(rng)
            world.apply(action, me)
            calls.clear()
            value = agent._playout(world, world.num_players)
            if world.is_over:
                continue
            scored += 1
            assert calls == ([False, True] if weight else [True])
            assert value[me] == pytest.approx(weight)
    assert scored > 10


def test_a_turn_end_weight_outside_0_to_1_is_refused():
    game, state = position("divine", 8)
    with pytest.raises(ValueError, match="turn_end_weight 1.5"):
        MctsAgent(1, iterations=10, turn_end_weight=1.5).choose(PlayerView(state, state.to_move[0], seed=1))


def test_reply_playouts_at_two_players_are_the_turn_playouts():
    # at two players the end of the rival's whole turn is the start of the searcher's next
    # turn: the same leaves, so the same visits from the same seed
    game, state = position("divine", 8)
    view = PlayerView(state, state.to_move[0], seed=1)
    searches = {}
    for end in ("turn", "reply"):
        agent = MctsAgent(2, iterations=150, playout_end=end, stop_when_settled=False)
        agent.choose(view)
        searches[end] = root_visits(agent)
    assert searches["reply"] == searches["turn"]


def three_player_divine(seed: int = 3):
    """A three-player Divine position in the searcher's own turn with a choice to make."""
    game = load("divine")
    state = game.new(seed, players=3)
    rng = Rng(seed)
    for _ in range(8):
        state.apply(game.rollout_action(state, state.to_move[0], rng), state.to_move[0])
    while state.to_move[0] != state.current or len(state.legal_actions(state.to_move[0])) < 3:
        state.apply(game.rollout_action(state, state.to_move[0], rng), state.to_move[0])
    assert not state.is_over and state.num_players == 3
    return game, state


@pytest.mark.parametrize("end", ["turn", "reply"])
def test_reply_playouts_at_three_players_stop_after_the_next_players_turn(monkeypatch, end):
    # "turn" plays both rivals' turns and scores at the searcher's next turn; "reply" plays the
    # rest of the searcher's turn and the next player's, and scores at the start of the turn
    # after it: the third player's, or the searcher's from a leaf the tree took into the third
    # player's turn; never in the middle of the next player's turn
    game, state = three_player_divine()
    me = state.to_move[0]
    leaves = leaves_scored(monkeypatch, game, game.turn_holder)
    MctsAgent(2, iterations=120, playout_end=end, stop_when_settled=False).choose(PlayerView(state, me, seed=1))
    assert len(leaves) > 60
    following = {holder for holder in range(3) if holder != me}
    if end == "turn":
        assert set(leaves) == {me}
    else:
        third = leaves[0]
        assert third in following
        nxt = (following - {third}).pop()
        assert nxt not in leaves
        assert leaves.count(third) > len(leaves) / 2


def test_a_reply_search_is_named_by_its_budget():
    from credo.agents import make_agent, search_budget

    agent = make_agent("mcts-300-reply", 4)
    assert (agent.iterations, agent.playout_end, agent.normalize_values) == (300, "reply", True)
    assert search_budget("ismcts-50-reply") == ("ismcts", 50, "reply")
    assert search_budget("mcts-50-replies") is None


@pytest.mark.parametrize("name", ["dirge", "divine", "jol"])
def test_halving_at_the_root_spends_its_budget_in_rounds_that_keep_the_better_half(name):
    game, state = position(name, 6)
    me = state.to_move[0]
    actions = state.legal_actions(me)
    agent = MctsAgent(seed=5, iterations=200, root="halving", prior_visits=0)
    chosen = agent.choose(PlayerView(state, me, seed=1))
    visits = root_visits(agent)
    assert 200 // 2 <= agent.last_iterations <= 200
    assert sum(visits.values()) == agent.last_iterations  # every iteration went through one root action
    # each round gives every action still in the same visits: the fewest went to those dropped first,
    # the most to the last two, and the answer is the better of those by mean value
    counts = sorted(set(visits.values()))
    assert len(counts) >= 2 and visits[(me, chosen)] == counts[-1]
    finalists = [key for key, n in visits.items() if n == counts[-1]]
    means = {key: agent.last_root.edges[key].value / agent.last_root.edges[key].visits for key in finalists}
    assert means[(me, chosen)] == max(means.values())
    assert len(visits) == len(actions)
    # the same seed, the same search
    again = MctsAgent(seed=5, iterations=200, root="halving", prior_visits=0)
    assert again.choose(PlayerView(state, me, seed=1)) == chosen and root_visits(again) == visits


def test_halving_compares_the_root_actions_on_the_same_worlds_and_draws(monkeypatch):
    game, state = position("jol", 6)
    me = state.to_move[0]
    agent = MctsAgent(seed=5, iterations=60, root="halving", prior_visits=0)
    played = []
    iterate = agent._iterate

    def record(root, world, forced=None):
        played.append((forced, (agent.rng.seed, agent.rng.counter), (world.rng.seed, world.rng.counter),
                       sorted(map(str, world.legal_actions(me)))))
        return iterate(root, world, forced)

    monkeypatch.setattr(agent, "_iterate", record)
    agent.choose(PlayerView(state, me, seed=1))
    actions = len(state.legal_actions(me))
    assert 60 // actions < 3  # one iteration an action in each round: a round is one batch
    first, second = played[:actions], played[actions:actions + (actions + 1) // 2]
    assert len({forced for forced, *_ in first}) == actions  # each action once, in turn
    assert {forced for forced, *_ in second} < {forced for forced, *_ in first}  # the better half goes on
    for batch in (first, second):  # with the same rollout draws, from copies of one sampled world
        assert len({(draws, chance) for _, draws, chance, _ in batch}) == 1
    assert first[0][1:3] != second[0][1:3]  # the next batch, another world and other draws


def test_halving_keeps_a_budget_smaller_than_its_actions():
    game, state = position("jol", 6)
    me = state.to_move[0]
    assert len(state.legal_actions(me)) > 10
    agent = MctsAgent(seed=5, iterations=10, root="halving", prior_visits=0)
    assert agent.choose(PlayerView(state, me, seed=1)) in state.legal_actions(me)
    assert 0 < agent.last_iterations <= 10  # too few to try each action once: UCB's search
    ucb = MctsAgent(seed=5, iterations=10, prior_visits=0)
    ucb.choose(PlayerView(state, me, seed=1))
    assert root_visits(ucb) == root_visits(agent)


@pytest.mark.parametrize("name", ["dirge", "divine", "jol"])
def test_leaders_root_compares_ucbs_two_leaders_on_the_same_worlds_and_draws(name, monkeypatch):
    game, state = position(name, 6)
    me = state.to_move[0]
    agent = MctsAgent(seed=5, iterations=200, root="leaders")
    played = []
    iterate = agent._iterate

    def record(root, world, forced=None):
        before = {key: edge.visits for key, edge in root.edges.items() if key[0] == me}
        draws, chance = (agent.rng.seed, agent.rng.counter), (world.rng.seed, world.rng.counter)
        values = iterate(root, world, forced)
        played.append((forced, draws, chance, values[me], before))
        return values

    monkeypatch.setattr(agent, "_iterate", record)
    chosen = agent.choose(PlayerView(state, me, seed=1))
    searched = [entry for entry in played if entry[0] is None]
    compared = [entry for entry in played if entry[0] is not None]
    assert 0 < len(searched) <= 200 * mcts.LEADER_SEARCH_SHARE
    assert played[:len(searched)] == searched  # UCB first, then the comparison
    assert len(played) == agent.last_iterations <= 200
    # the comparison plays UCB's two most visited actions, in pairs from one world with the same draws
    visits_then = compared[0][4]
    leaders = {forced for forced, *_ in compared}
    assert len(leaders) == mcts.LEADERS
    assert sorted(visits_then[(me, a)] for a in leaders) == sorted(visits_then.values())[-2:]
    assert len(compared) % 2 == 0 and len(compared) >= 200 - len(searched) - 1
    pairs = [compared[k:k + 2] for k in range(0, len(compared), 2)]
    assert all(len({(draws, chance) for _, draws, chance, *_ in pair}) == 1 for pair in pairs)
    assert len({pair[0][1:3] for pair in pairs}) == len(pairs)  # each pair its own world
    totals = {action: sum(value for forced, _, _, value, _ in compared if forced == action) for action in leaders}
    assert chosen in leaders and totals[chosen] == max(totals.values())
    # the same seed, the same search
    again = MctsAgent(seed=5, iterations=200, root="leaders")
    assert again.choose(PlayerView(state, me, seed=1)) == chosen


def test_paired_playouts_compare_the_leaders_straight_after_each_action(monkeypatch):
    game, state = position("jol", 6)
    me = state.to_move[0]
    agent = MctsAgent(seed=5, iterations=200, root="leaders", compare_by="playout")
    iterations, after = [], []
    iterate, play_after = agent._iterate, agent._play_after

    def record_iteration(root, world, forced=None):
        iterations.append(forced)
        return iterate(root, world, forced)

    def record_playout(root, world, action):
        # the world as it stands before the action: every pair starts from one world, one stream of draws
        after.append((action, world.to_position(),
                      (agent.rng.seed, agent.rng.counter)))
        return play_after(root, world, action)

    monkeypatch.setattr(agent, "_iterate", record_iteration)
    monkeypatch.setattr(agent, "_play_after", record_playout)
    chosen = agent.choose(PlayerView(state, me, seed=1))
    assert iterations and all(forced is None for forced in iterations)  # the tree only finds the leaders
    assert len(iterations) + len(after) == agent.last_iterations <= 200
    assert len(after) >= 200 - len(iterations) - 1 and len({action for action, *_ in after}) == mcts.LEADERS
    for k in range(0, len(after), 2):
        (a, world_a, draws_a), (b, world_b, draws_b) = after[k:k + 2]
        assert a != b and draws_a == draws_b and world_a == world_b
    assert chosen in {action for action, *_ in after}


def test_leaders_root_leaves_a_simultaneous_choice_to_decoupled_ucb():
    game = load("dogma")
    state = game.new(3)
    while len(state.to_move) < 2:
        state.apply(state.legal_actions(state.to_move[0])[0], state.to_move[0])
    me = state.to_move[0]
    leaders = MctsAgent(seed=5, iterations=60, root="leaders")
    ucb = MctsAgent(seed=5, iterations=60)
    assert leaders.choose(PlayerView(state, me, seed=1)) == ucb.choose(PlayerView(state, me, seed=1))
    assert root_visits(leaders) == root_visits(ucb)


def test_an_unknown_root_policy_is_refused():
    with pytest.raises(ValueError, match="root 'nope': expected one of ucb, halving, leaders"):
        MctsAgent(root="nope")
    with pytest.raises(ValueError, match="compare_by 'nope': expected one of tree, playout"):
        MctsAgent(root="leaders", compare_by="nope")


def test_a_halving_search_is_named_by_its_budget():
    from credo.agents import make_agent, search_budget

    agent = make_agent("mcts-300-halving", 4)
    assert (agent.iterations, agent.root, agent.playout_end) == (300, "halving", None)
    assert search_budget("ismcts-50-halving") == ("ismcts", 50, "halving")
    assert make_agent("mcts-300").root == "ucb"
    assert make_agent("mcts-300-leaders", 4).root == "leaders"
    assert (make_agent("mcts-300-paired").root, make_agent("mcts-300-paired").compare_by) == ("leaders", "playout")
