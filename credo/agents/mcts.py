"""Monte Carlo tree search on a PlayerView, for every game.

One algorithm covers the cases the games need:
- perfect information with chance (dice): open-loop UCT, chance sampled inside
  `apply` on each iteration;
- hidden information: single-observer information-set MCTS, each iteration on a
  world sampled from the view (`sample_world`, a determinisation), with UCB counted
  against how often an action was available;
- simultaneous secret choices (several players in `to_move`): decoupled UCT, each
  player selecting from its own statistics without seeing the others' choice, so the
  search mixes its choices instead of being predictable.
Playouts are cut off after `rollout_depth` actions (by default the game's own
`rollout_depth`) and scored by the game's evaluation. In games whose turn is a run of
small decisions (`Game.playout_end == "turn"`) a playout instead goes on to the start of
the searching player's next turn, so that every leaf is scored in the same phase of play:
an evaluation cannot say what half a turn is worth (a Move given without its Attack), nor
whose initiative it is. With a `turn_end_weight` above 0, such a playout's value is that share
of the evaluation where the searcher's turn ended and the rest that at its next turn's start:
the others' turns bring their dice and draws into the value, and the end of the searcher's own
turn is the steadier part of it. With more than two players the searcher's next turn lies past
every rival's turn, each played by the rollout policy; a playout that ends at "reply" goes on
only to the end of the first whole turn of another player (the rest of the searcher's turn, then
the next player's turn; from a leaf in a rival's turn, the rest of that turn), where a game of
two ends it as "turn" does. Where a round is resolved in a chain of decisions by every player
(`Game.playout_end == "rest"`: Dogma's Orders, then their tests, damage and choices), a
playout goes on to a point of rest (`Game.at_rest`), where nothing of a round is left
half-resolved: through `Game.rest_playout_rounds` ends of rounds (Dogma: 2, the round under
way or the one a leaf at rest begins, then one more), or with 0 to the first point of rest,
a leaf at rest scored as it is. One round more is what shows a change of the active Prophet
paying off: scored after one round, the round it costs is all a search sees of it. Where the
evaluation's values lie close together (`Game.normalize_values`), UCB compares each node's
values rescaled to the range they span there (min-max, as MuZero does), so that exploration
does not depend on the evaluation's scale: with raw values 0.01 apart and the exploration constant 0.25, visits
spread evenly whatever the values say, and more iterations do not sharpen the choice.
Where a decision below the root can have dozens of actions (`Game.progressive_widening`:
Dirge's Moves, about fifty squares and facings), the search widens progressively: a player
weighs only ceil(sqrt(visits)) actions at a node, admitting first the ones the game's rollout
policy would play, so that a budget of a few hundred iterations reaches past the first Move
of a turn instead of trying each of its fifty once.

Every iteration, in every game, runs on a fresh `view.sample_world`: the hidden parts
(hands, deck orders, face-down cards) and the chance of the search's future (the
world's rng) are resampled. In a perfect-information game this only samples chance;
in a game with hidden information it is determinised information-set MCTS.

Agents by name (`credo.agents.make_agent`): `mcts` (1000 iterations a move) and `mcts-N`
(N iterations, e.g. `mcts-200`), and `ismcts`, `ismcts-N`, the same budgets
under the name of what the search does in hidden-information games: an `IsmctsAgent`
is an MctsAgent that says so, explicitly determinising every iteration; with the same
seed and budget both choose the same actions.
"""

from __future__ import annotations

import math
import time

from credo.kernel import Action, PlayerView, Rng, quoted

from .base import Agent, Effort

EXPLORATION = 0.25  # UCB's constant on the evaluation's own scale, [-1, 1]
NORMALIZED_EXPLORATION = 0.5  # on values rescaled to each node's range, [0, 1]
REST_PLAYOUT_CAP = 40  # at most so many playout actions a round, to a point of rest
PLAYOUT_ENDS = ("depth", "turn", "reply", "rest")  # Game.playout_end, or an agent's own
ROOT_POLICIES = ("ucb", "halving", "leaders")
COMPARISONS = ("tree", "playout")  # what a paired comparison plays after a root action
# root="leaders": the share of the budget UCB spends finding the leaders, and how many it hands on
LEADER_SEARCH_SHARE = 0.5
LEADERS = 2
SETTLE_CHECK = 32  # iterations between looks at whether the answer can still change
# progressive widening: below the root, a player at a node weighs at most
# ceil(WIDENING * passes ** WIDENING_POWER) of its actions after `passes` visits there
WIDENING = 1.0
WIDENING_POWER = 0.5


class _Edge:
    __slots__ = ("available", "value", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.value = 0.0
        self.available = 0


class _Node:
    """Statistics per (player, action) at one point of the action sequence, and the
    nodes that follow each (joint) choice."""

    __slots__ = ("admitted", "children", "edges")

    def __init__(self) -> None:
        self.edges: dict[tuple[int, Action], _Edge] = {}
        self.children: dict[tuple, _Node] = {}
        # with progressive widening: per player, its visits here and the actions it weighs
        self.admitted: dict[int, list] | None = None


class MctsAgent(Agent):
    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int | None = 1000, seconds: float | None = None,
                 exploration: float | None = None, rollout_depth: int | None = None, rollout: str = "heuristic",
                 prior_visits: int = 4, prior_samples: int = 4, playout_end: str | None = None,
                 normalize_values: bool | None = None, widening: bool | None = None,
                 stop_when_settled: bool = True, rest_rounds: int | None = None,
                 turn_end_weight: float = 0.0, root: str = "ucb", compare_by: str = "tree",
                 book: bool = False) -> None:
        super().__init__(seed)
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        # None: what the game says (Game.playout_end, Game.normalize_values), and the
        # exploration constant that goes with the value scale
        self.exploration = exploration
        self.playout_end = playout_end
        self.rest_rounds = rest_rounds  # None: Game.rest_playout_rounds
        # with playouts to the searcher's next turn: the weight of the evaluation where its own turn
        # ended in the value of a playout (0: none). Measured in Divine, where it cut a playout's
        # variance threefold (0.5) and changed neither its strength at equal iterations nor what doubling
        # them adds (docs/agents/search.md, section 20)
        self.turn_end_weight = turn_end_weight
        self.normalize_values = normalize_values
        self.widening = widening
        self.rollout_depth = rollout_depth
        self.rollout = rollout
        self.prior_visits = prior_visits
        self.prior_samples = max(1, prior_samples)
        self.stop_when_settled = stop_when_settled
        if root not in ROOT_POLICIES:
            raise ValueError(f"root {quoted(root)}: expected one of {', '.join(ROOT_POLICIES)}")
        # "halving": the root's actions compared on common random numbers by sequential halving
        # (see _halve), an experiment of docs/agents/search.md section 36; "leaders": UCB finds the
        # leading actions with part of the budget, and the rest compares them so (see _search_then_compare,
        # section 37)
        self.root = root
        # what a paired comparison plays after each root action: "tree", an iteration down the
        # search's tree (whose paths part ways below the two actions, and their draws with them);
        # "playout", a playout straight after the action, aligned draw for draw with its pair's
        if compare_by not in COMPARISONS:
            raise ValueError(f"compare_by {quoted(compare_by)}: expected one of {', '.join(COMPARISONS)}")
        self.compare_by = compare_by
        # with `book`: the game's book move where it has one (Game.book_action: Dogma's Opening),
        # measured in whole games where the search misvalues the decision (docs/agents/search.md 47)
        self.book = book
        self.last_iterations = 0
        self.last_root: _Node | None = None
        self.effort = Effort("iterations", iterations)

    def choose(self, view: PlayerView) -> Action:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        if self.book:
            known = view.game.book_action(view)
            if known is not None:
                return known
        # the clock starts before the root's first evaluation, which is part of the decision;
        # then it is read before every iteration, so the answer comes at most one iteration late
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        root = _Node()
        me = self._me = view.player
        game = view.game
        self._normalize = game.normalize_values if self.normalize_values is None else self.normalize_values
        self._c = self.exploration if self.exploration is not None else (
            NORMALIZED_EXPLORATION if self._normalize else EXPLORATION)
        end = game.playout_end if self.playout_end is None else self.playout_end
        if end not in PLAYOUT_ENDS:
            raise ValueError(f"playout_end {quoted(end)}: expected one of {', '.join(PLAYOUT_ENDS)}")
        self._to_turn, self._to_rest = end in ("turn", "reply"), end == "rest"
        self._to_reply = end == "reply"
        self._rounds = game.rest_playout_rounds if self.rest_rounds is None else self.rest_rounds
        if self._rounds < 0:
            raise ValueError(f"rest_rounds {self._rounds}: a number of rounds, 0 or more")
        self._widen = game.progressive_widening if self.widening is None else self.widening
        if not 0.0 <= self.turn_end_weight <= 1.0:
            raise ValueError(f"turn_end_weight {self.turn_end_weight}: a weight from 0 to 1")
        self._view = view
        if self.prior_visits:
            self._seed_root(root, view, me, deadline)
        # the roots that compare on common random numbers need a budget of iterations and one
        # mover (a simultaneous choice is left to decoupled UCT); halving needs an iteration for
        # every action, or leaves the search to UCB with its draws untouched
        if self.root != "ucb" and self.iterations is not None and self._one_mover():
            if self.root == "leaders":
                return self._search_then_compare(root, actions, me, deadline)
            if self.iterations >= len(actions):
                return self._halve(root, actions, me, deadline)
        done, settled = self._search(root, actions, self.iterations, deadline)
        self.last_iterations = done
        self.last_root = root
        self.effort.add(done, cut=not settled and deadline is not None
                        and (self.iterations is None or done < self.iterations), settled=settled)
        return self._most_visited(root, actions, me)

    def _most_visited(self, root: _Node, actions: list[Action], me: int) -> Action:
        def visits(action: Action) -> tuple[int, int]:
            edge = root.edges.get((me, action))
            return (edge.visits if edge else -1, self.rng.next64())

        return max(actions, key=visits)

    def _search(self, root: _Node, actions: list[Action], budget: int | None,
                deadline: float | None) -> tuple[int, bool]:
        """UCB iterations until `budget` (None: the clock alone), the clock or a settled answer:
        the iterations done, and whether the answer settled."""
        done = 0
        iterate, sample, rng = self._iterate, self._world, self.rng
        started = time.perf_counter()
        while budget is None or done < budget:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            iterate(root, sample(rng))
            done += 1
            if self.stop_when_settled and done % SETTLE_CHECK == 0 \
                    and self._settled(root, actions, done, started, deadline, budget):
                return done, True
        return done, False

    def _one_mover(self) -> bool:
        """Whether the root is one player's choice, read without moving the search's draws."""
        before = self.rng.counter
        one = len(self._world(self.rng).to_move) == 1
        self.rng.counter = before
        return one

    def _search_then_compare(self, root: _Node, actions: list[Action], me: int,
                             deadline: float | None) -> Action:
        """UCB spends LEADER_SEARCH_SHARE of the budget (less where its answer settles first);
        its LEADERS most visited actions then share the rest by sequential halving on common
        random numbers (_compare), and the best of them by its paired mean is the answer. UCB
        alone finds which few actions matter; played on the same worlds with the same draws,
        those few are told apart by what they do, not by their luck (search.md section 37). With a
        time cap, the comparison has what the clock leaves."""
        searched, _ = self._search(root, actions, int(self.iterations * LEADER_SEARCH_SHARE), deadline)
        ranked = sorted(actions, key=lambda a: -self._visits(root, me, a))
        leaders = ranked[:LEADERS]
        compared, cut, answer = self._compare(root, leaders, self.iterations - searched, deadline)
        done = searched + compared
        self.last_iterations = done
        self.last_root = root
        self.effort.add(done, cut=cut, settled=False)
        return answer if answer is not None else self._most_visited(root, actions, me)

    @staticmethod
    def _visits(root: _Node, me: int, action: Action) -> int:
        edge = root.edges.get((me, action))
        return edge.visits if edge else 0

    def _compare(self, root: _Node, actions: list[Action], budget: int, deadline: float | None,
                 paired_only: bool = True) -> tuple[int, bool, Action | None]:
        """Sequential halving of `actions` on common random numbers within `budget` iterations:
        in each of ceil(log2(actions)) rounds every action still in plays the same number of
        iterations, the k-th of each from a copy of one sampled world with the same rollout
        draws, and the better half goes on: by its value over these paired iterations alone, or
        (`paired_only` false) by its root edge's mean, the prior's virtual visits and any earlier
        iterations in it. The iterations done, whether the clock or the budget cut a round
        short, and the best finalist (None if no pair was played)."""
        master = self.rng
        me = self._me
        play = self._iterate if self.compare_by == "tree" else self._play_after
        paired = dict.fromkeys(actions, 0.0)
        # every action still in has played every pair so far, so sums compare as means would
        worth = paired.__getitem__ if paired_only else (lambda a: self._mean(root, me, a))
        played = 0
        alive = list(actions)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        done, cut = 0, False
        try:
            for _ in range(rounds):
                each = max(1, budget // (rounds * len(alive)))
                for _k in range(each):
                    if (deadline is not None and time.perf_counter() >= deadline) or done + len(alive) > budget:
                        cut = True
                        break
                    world, draws = self._world(master), master.next64()
                    for action in alive:
                        self.rng = Rng(draws)
                        paired[action] += play(root, world.copy(), action)[me]
                        done += 1
                    played += 1
                if cut or len(alive) == 1:
                    break
                alive.sort(key=lambda a: -worth(a))
                alive = alive[:max(1, (len(alive) + 1) // 2)]
        finally:
            self.rng = master
        if not played:
            return done, cut, None
        return done, cut, max(alive, key=lambda a: (worth(a), master.next64()))

    def _play_after(self, root: _Node, world, action: Action) -> list[float]:
        """The root's `action`, then a playout, its value counted at the root's edge."""
        world.apply(action, self._me)
        values = self._playout(world, world.num_players)
        edge = root.edges.get((self._me, action))
        if edge is None:
            edge = root.edges[(self._me, action)] = _Edge()
        edge.available += 1
        edge.visits += 1
        edge.value += values[self._me]
        return values

    def _halve(self, root: _Node, actions: list[Action], me: int, deadline: float | None) -> Action:
        """Sequential halving of every root action on common random numbers with the whole budget
        (_compare). Compared so, two actions differ only by what they do, not by the luck of their
        worlds and playouts (in Jol a difference of two actions' playouts is 22 times less variable
        so, search.md section 36). They are ranked by their edges' means, the prior's virtual visits
        in, as section 36 measured. Where the clock leaves no pair, the prior's favourite."""
        done, cut, answer = self._compare(root, actions, self.iterations, deadline, paired_only=False)
        self.last_iterations = done
        self.last_root = root
        self.effort.add(done, cut=cut, settled=False)
        return answer if answer is not None else self._most_visited(root, actions, me)

    @staticmethod
    def _mean(root: _Node, me: int, action: Action) -> float:
        edge = root.edges.get((me, action))
        return edge.value / edge.visits if edge and edge.visits else -math.inf

    def _settled(self, root: _Node, actions: list[Action], done: int, started: float,
                 deadline: float | None, budget: int | None) -> bool:
        """Whether the most visited action (the answer) is ahead of every other by more
        visits than the iterations left: the rest of the budget could not change the answer,
        so it is not spent (as Leela Zero's "smart pruning" does). The iterations left are the
        budget's: where a budget is set, the clock only cuts, so a decision the clock does not
        cut plays as it would on any machine at any load (an estimate at the rate so far made
        one deal play otherwise from run to run, search.md section 51). With the clock alone,
        the iterations it leaves at the rate so far."""
        if budget is not None:
            left = budget - done
        elif deadline is not None:
            now = time.perf_counter()
            left = (deadline - now) * done / max(now - started, 1e-9)
        else:
            return False
        first = second = 0
        for action in actions:
            edge = root.edges.get((self._me, action))
            visits = edge.visits if edge else 0
            if visits > first:
                first, second = visits, first
            elif visits > second:
                second = visits
        return first - second > left

    def _world(self, rng: Rng):
        """A world sampled from the view, with the others' unseen secret choices taken back
        (State.reopen_secret_choices): whoever chooses second then searches the same
        simultaneous choice as whoever chose first, not a reply to a random choice."""
        world = self._view.sample_world(rng)
        world.reopen_secret_choices(self._me)
        return world

    def _seed_root(self, root: _Node, view: PlayerView, me: int, deadline: float | None = None) -> None:
        """Start each root action with the game's one-step evaluation as a few virtual
        visits, so that a small budget refines the greedy choice instead of guessing.
        The evaluation is averaged over a few sampled worlds, as the greedy agent does,
        so that one lucky or unlucky roll (or draw of hidden cards) does not mislead it.
        Past the deadline it stops after the world it is on (at least one)."""
        evaluate = view.game.evaluate
        total = dict.fromkeys(view.legal_actions, 0.0)
        samples = 0
        while samples < self.prior_samples:
            if samples and deadline is not None and time.perf_counter() >= deadline:
                break
            base = self._world(self.rng)
            for action in total:
                world = base.copy()
                world.apply(action, me)
                total[action] += evaluate(world, me)
            samples += 1
        for action, value in total.items():
            edge = root.edges[(me, action)] = _Edge()
            edge.visits = self.prior_visits
            edge.available = self.prior_visits
            edge.value = self.prior_visits * value / samples

    def _iterate(self, root: _Node, world, forced: Action | None = None) -> list[float]:
        """One iteration: down the tree by UCB (the root's action `forced`, when given), a
        playout from the first new edge, its values back up the path; the values returned."""
        path: list[list[tuple[tuple[int, Action], _Edge]]] = []
        node = root
        select = self._select
        widened = self._select_widened if self._widen else select
        while not world.is_over:
            movers = world.to_move
            if len(movers) == 1:  # the common case, without the generators below
                if forced is None:
                    pick = select(node, world, movers[0])
                else:
                    key = (movers[0], forced)
                    edge = node.edges.get(key)
                    if edge is None:
                        edge = node.edges[key] = _Edge()
                    edge.available += 1
                    pick, forced = (key, edge), None
                picks = [pick]
                key, edge = pick
                world.apply(key[1], key[0])
                joint = (key,)
                fresh = edge.visits == 0
            else:
                # Several movers choose at once: each selects from its own statistics
                # before any choice is applied (decoupled UCT).
                picks = [select(node, world, p) for p in movers]
                for (player, action), _edge in picks:
                    world.apply(action, player)
                joint = tuple(key for key, _edge in picks)
                fresh = any(edge.visits == 0 for _key, edge in picks)
            path.append(picks)
            child = node.children.get(joint)
            if child is None:
                child = node.children[joint] = _Node()
            node = child
            if fresh:
                break  # a new edge: estimate it with a playout
            select = widened  # below the root, where the game widens progressively
        values = self._playout(world, world.num_players)
        for picks in path:
            for (player, _action), edge in picks:
                edge.visits += 1
                edge.value += values[player]
        return values

    def _select(self, node: _Node, world, player: int) -> tuple[tuple[int, Action], _Edge]:
        edges = node.edges
        c = self._c
        normalize = self._normalize
        best = None
        best_score = -math.inf
        fresh = []
        seen = []
        for action in world.legal_actions(player):
            key = (player, action)
            edge = edges.get(key)
            if edge is None:
                edge = edges[key] = _Edge()
            edge.available += 1
            if edge.visits == 0:
                fresh.append((key, edge))
            elif not fresh:
                if normalize:
                    seen.append((key, edge))
                    continue
                # UCB counted against availability (ISMCTS): an action seen rarely is not penalised
                score = edge.value / edge.visits + c * math.sqrt(math.log(edge.available) / edge.visits)
                if score > best_score:
                    best_score, best = score, (key, edge)
        if fresh:
            return fresh[self.rng.below(len(fresh))]
        if normalize:
            return self._ucb_best(seen)
        return best

    def _ucb_best(self, picks: list[tuple[tuple[int, Action], _Edge]]) -> tuple[tuple[int, Action], _Edge]:
        """The pick (key, edge) of highest UCB, counted against availability, on mean values
        rescaled to the range they span among `picks` where the game rescales them."""
        c = self._c
        means = [edge.value / edge.visits for _key, edge in picks]
        low, scale = 0.0, 1.0
        if self._normalize:
            low, high = min(means), max(means)
            if high > low:
                scale = 1.0 / (high - low)
        best, best_score = picks[0], -math.inf
        for pick, mean in zip(picks, means):
            edge = pick[1]
            score = (mean - low) * scale + c * math.sqrt(math.log(edge.available) / edge.visits)
            if score > best_score:
                best_score, best = score, pick
        return best

    def _select_widened(self, node: _Node, world, player: int) -> tuple[tuple[int, Action], _Edge]:
        """Progressive widening: a player weighs only the first ceil(WIDENING * sqrt(passes))
        actions it admitted at this node, admitting the next when that count grows, so that a
        turn of small decisions with dozens of choices each (Dirge's moves: about fifty) is
        searched deep on a few instead of broad on all. The next action admitted is the one
        the game's rollout policy picks (its idea of a good move), or, when it picks one
        already admitted, any other at random. In a sampled world where some admitted actions
        are not legal, only the legal ones count, and a new one is admitted if none is."""
        admitted = node.admitted
        if admitted is None:
            admitted = node.admitted = {}
        mine = admitted.get(player)
        if mine is None:
            mine = admitted[player] = [0]  # visits, then the admitted keys in order
        mine[0] += 1
        limit = math.ceil(WIDENING * mine[0] ** WIDENING_POWER)
        actions = world.legal_actions(player)
        legal = set(actions)
        edges = node.edges
        live = [(key, edges[key]) for key in mine[1:] if key[1] in legal]
        if len(live) < limit and len(live) < len(actions):
            taken = {key[1] for key in mine[1:]}
            action = world.game.rollout_action(world, player, self.rng)
            if action in taken:
                others = [a for a in actions if a not in taken]
                action = others[self.rng.below(len(others))]
            key = (player, action)
            mine.append(key)
            edge = edges.get(key)
            if edge is None:
                edge = edges[key] = _Edge()
            live.append((key, edge))
        for _key, edge in live:
            edge.available += 1
        fresh = [pick for pick in live if pick[1].visits == 0]
        if fresh:
            return fresh[self.rng.below(len(fresh))]
        return self._ucb_best(live)

    def _playout(self, world, n: int) -> list[float]:
        """Play on with the rollout policy, then score: after the rollout depth; where the
        game's playouts end at turns, at the start of the searcher's next turn (the rest of
        the turn under way, then the others'; at most Game.turn_playout_cap actions for each
        other player; with a turn-end weight, weighed with the evaluation where the searcher's
        turn ended, or at the leaf if it lies past it); at "reply", at the end of the first
        whole turn of another player (at most Game.turn_playout_cap actions, as a game of two
        has for "turn"); where they end at rest, at a point of
        rest: the rest_playout_rounds-th the playout comes to after play (with 0 the first, the
        leaf itself if it is one; at most REST_PLAYOUT_CAP actions a round; from a stretch
        without points of rest, such as a draft, after the rollout depth)."""
        game = world.game
        heuristic = self.rollout == "heuristic"
        rng = self.rng
        to_turn, to_rest, me = self._to_turn, self._to_rest, self._me
        to_reply = self._to_reply
        mine = True  # still in the turn under way, if it is mine
        replier = None  # with "reply": the other player whose whole turn the playout sees
        weight = self.turn_end_weight if to_turn else 0.0
        at_turn_end = None  # the evaluation where the searcher's turn ended, when weighed
        rounds = max(1, self._rounds)
        resting = False  # at a point of rest already reached (or, rounds > 0, started from)
        if to_rest:
            start = game.at_rest(world)
            if start is None:  # a stretch of the game without points of rest
                to_rest = False
            resting = bool(start) and self._rounds > 0
        if to_reply:  # the rest of a turn and one more
            limit = game.turn_playout_cap
        elif to_turn:  # the other players' turns lie between
            limit = game.turn_playout_cap * max(1, world.num_players - 1)
        elif to_rest:
            limit = REST_PLAYOUT_CAP * rounds
        else:
            limit = self.rollout_depth if self.rollout_depth is not None else game.rollout_depth
        for _ in range(limit):
            if world.is_over:
                break
            if to_rest:
                now = game.at_rest(world)
                if now and not resting:  # a round has ended
                    rounds -= 1
                    if rounds == 0:
                        break
                resting = bool(now)
            player = world.to_move[0]
            if to_turn:
                holder = game.turn_holder(world)
                if holder != me:
                    if mine and weight:
                        at_turn_end = game.evaluate_all(world)
                    mine = False
                    if to_reply:
                        if replier is None:
                            replier = holder
                        elif holder != replier:
                            break
                elif not mine:
                    break
            if heuristic:
                action = game.rollout_action(world, player, rng)
            else:
                action = rng.choice(world.legal_actions(player))
            world.apply(action, player)
        end = world.returns() if world.is_over else game.evaluate_all(world)
        if at_turn_end is None:
            return end
        return [weight * a + (1.0 - weight) * b for a, b in zip(at_turn_end, end)]


class IsmctsAgent(MctsAgent):
    """Information-set MCTS: one world sampled from the view per iteration, UCB counted
    against availability, the statistics shared by every world in the information set.
    That is what MctsAgent already does in every game (see the module docstring), so
    this class changes only the name; it exists so that "ismcts" in a table or a
    record names the search for what it is."""

    name = "ismcts"
