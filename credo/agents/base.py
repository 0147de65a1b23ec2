"""The agent interface and the registry of agents by name, with difficulty levels."""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import asdict, dataclass

from credo.kernel import Action, PlayerView, quoted
from credo.kernel.numbers import small_int


@dataclass
class Effort:
    """How much an agent searched over its decisions that had a choice: its budget a decision
    (iterations, or plans), what it reached, and how often its time cap stopped it first.
    A level is a budget *and* a time cap; on a slow or busy machine the cap decides, and
    only this says how hard the level really thought (issue 19: "report both")."""

    unit: str  # "iterations" or "plans"
    budget: int | None  # a decision's, None when only the clock ends it
    decisions: int = 0
    total: int = 0
    least: int | None = None
    cut: int = 0  # decisions the time cap ended before the budget
    settled: int = 0  # decisions ended early because the rest of the budget could not change the answer

    def add(self, done: int, cut: bool, settled: bool = False) -> None:
        self.decisions += 1
        self.total += done
        self.least = done if self.least is None else min(self.least, done)
        self.cut += cut
        self.settled += settled

    @property
    def mean(self) -> float:
        return self.total / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def combine(cls, parts: list[dict]) -> Effort | None:
        """One agent's effort over several games (saved as `to_dict`); None for none."""
        if not parts:
            return None
        whole = cls(parts[0]["unit"], parts[0]["budget"])
        for part in parts:
            whole.decisions += part["decisions"]
            whole.total += part["total"]
            whole.cut += part["cut"]
            whole.settled += part["settled"]
            if part["least"] is not None:
                whole.least = part["least"] if whole.least is None else min(whole.least, part["least"])
        return whole


class Agent(ABC):
    name: str = "agent"
    effort: Effort | None = None  # agents that search keep one over the decisions they make

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    @abstractmethod
    def choose(self, view: PlayerView) -> Action:
        """One of `view.legal_actions`."""

    def unsuited(self, game) -> str | None:
        """Why this agent cannot play `game` (one line), or None when it can."""
        return None


LEVEL_SECONDS = 1.5  # every level answers within this (plus one iteration or one plan)


class LevelAgent(Agent):
    """A difficulty level (`easy`, `medium`, `hard`): the agent each game names for it
    (`Game.levels`, measured per game in docs/agents.md), with its budget of iterations
    (or plans) and a time cap: the level stops at whichever comes first, so that it answers
    in time on a slow machine and plays its stated budget on a fast one."""

    def __init__(self, seed: int = 0, level: str = "hard", seconds: float = LEVEL_SECONDS) -> None:
        super().__init__(seed)
        self.level = self.name = level
        self.seconds = seconds
        self.inner: Agent | None = None
        self.inner_for: str | None = None

    def choose(self, view: PlayerView) -> Action:
        if self.inner_for != view.game.name:
            self.inner = make_agent(view.game.levels[self.level], self.seed)
            if hasattr(self.inner, "seconds"):  # the one-step greedy has no search to cut short
                self.inner.seconds = min(self.inner.seconds or self.seconds, self.seconds)
            self.inner_for = view.game.name
        return self.inner.choose(view)

    @property
    def effort(self) -> Effort | None:
        return self.inner.effort if self.inner is not None else None


def _registry() -> dict[str, Callable[[int], Agent]]:
    from .greedy import GreedyAgent
    from .mcts import IsmctsAgent, MctsAgent
    from .planner import PlannerAgent
    from .random_agent import RandomAgent

    return {
        "random": RandomAgent,
        "greedy": GreedyAgent,
        "planner": PlannerAgent,
        "planner-turn": lambda seed: PlannerAgent(seed, reply_depth=0),  # to the end of its own turn only
        # search: 1000 iterations a move; mcts-N (any N, see _budgeted) for another budget
        "mcts": lambda seed: MctsAgent(seed, iterations=1000),
        # the same search named for hidden-information games: information-set MCTS,
        # a world determinised from the view every iteration
        "ismcts": lambda seed: IsmctsAgent(seed, iterations=1000),
        # difficulty levels a person chooses by name: each game says which agent plays each
        "easy": lambda seed: LevelAgent(seed, "easy"),
        "medium": lambda seed: LevelAgent(seed, "medium"),
        "hard": lambda seed: LevelAgent(seed, "hard"),
    }


BUDGETED = ("mcts-N, ismcts-N, openspiel-ismcts-N, openspiel-mcts-N for N iterations a move; "
            "mcts-N and ismcts-N may end -turn (playouts to the searcher's next turn), -reply (to the end "
            "of the next player's turn), -halving (first moves compared by sequential halving), -leaders "
            "(UCB's two leading first moves compared on the same luck), -paired (compared so by playouts "
            "straight after them) or -book (the game's book moves where it has them)")

# What a budgeted search's name may add after its budget: how its playouts end, where that is not
# the game's own way. "turn": to the start of the searcher's next turn, compared on values rescaled
# to each node's range, as the games whose playouts end there do (credo.agents.mcts, Game.playout_end).
# "reply": to the end of the first whole turn of another player, the same at two players and
# short of the others' turns at more (a study of the horizon at three and four players).
# "halving": the root's actions compared by sequential halving on common random numbers
# (MctsAgent's root="halving"; docs/agents/search.md section 36); "leaders": UCB's leading root
# actions compared so with the rest of the budget (root="leaders", section 37); "paired": the same,
# each comparison a playout straight after the action rather than an iteration down the tree;
# "book": the game's book moves (Game.book_action) where it has one, the search elsewhere
SEARCH_VARIANTS: dict[str, dict] = {"turn": {"playout_end": "turn", "normalize_values": True},
                                    "reply": {"playout_end": "reply", "normalize_values": True},
                                    "halving": {"root": "halving"},
                                    "leaders": {"root": "leaders"},
                                    "paired": {"root": "leaders", "compare_by": "playout"},
                                    "book": {"book": True}}

# Families of agents whose code lives outside this package, by the prefix of their names. The
# OpenSpiel agents live in credo.envs, which may import the agents but not be imported by them
# (the arrows point one way): its module adds its family here when imported, and make_agent
# imports that module by name only when a name asks for the family.
FAMILIES: dict[str, Callable[[str], Callable[[int], Agent] | None]] = {}
FAMILY_MODULES = {"openspiel-": ("credo.envs.openspiel_agents", "OpenSpiel: pip install 'credo[rl]'")}


def register_family(prefix: str, resolve: Callable[[str], Callable[[int], Agent] | None]) -> None:
    """Agents named `prefix...`: `resolve(name)` gives the factory, or None for a bad name."""
    FAMILIES[prefix] = resolve


class AgentUnavailable(KeyError):
    """An agent whose family needs a package that is not installed."""


def _family(name: str) -> Callable[[int], Agent] | None:
    for prefix, (module, needs) in FAMILY_MODULES.items():
        if name.startswith(prefix):
            if prefix not in FAMILIES:
                try:
                    importlib.import_module(module)
                except ImportError:
                    raise AgentUnavailable(f"agent {quoted(name)} needs {needs}") from None
            return FAMILIES[prefix](name)
    return None


def _budgeted(name: str) -> Callable[[int], Agent] | None:
    """mcts-N and ismcts-N for any budget N (iterations a move), and the families above."""
    family = _family(name)
    if family is not None:
        return family
    parsed = search_budget(name)
    if parsed is None:
        return None
    kind, budget, variant = parsed
    from .mcts import IsmctsAgent, MctsAgent

    cls = MctsAgent if kind == "mcts" else IsmctsAgent
    settings = SEARCH_VARIANTS[variant] if variant else {}
    return lambda seed: cls(seed, iterations=budget, **settings)


def search_budget(name: str) -> tuple[str, int, str] | None:
    """A budgeted search's name read as (kind, iterations, variant): `mcts-400` is
    ("mcts", 400, ""), `mcts-4000-turn` ("mcts", 4000, "turn"); None for any other name."""
    kind, _, rest = name.partition("-")
    budget, _, variant = rest.partition("-")
    iterations = small_int(budget)
    if kind not in ("mcts", "ismcts") or iterations is None or iterations < 1 \
            or (variant and variant not in SEARCH_VARIANTS):
        return None
    return kind, iterations, variant


def level_meanings(game, agents) -> dict[str, str]:
    """What each level among `agents` plays in `game` today (`{"hard": "mcts-4000-book"}`): a
    measurement records it, since a level's name stays when a stronger agent takes it."""
    return {agent: game.levels[agent] for agent in dict.fromkeys(agents) if agent in game.levels}


def plays_book(name: str, game, levels: dict[str, str] | None = None) -> bool:
    """Whether the agent `name` plays the game's book moves (a search variant with `book`); a
    level is read as the agent `levels` says it was (a measurement's record), else as it is in
    `game` today."""
    parsed = search_budget({**game.levels, **(levels or {})}.get(name, name))
    return parsed is not None and bool(SEARCH_VARIANTS.get(parsed[2], {}).get("book"))


def agent_names() -> list[str]:
    return sorted(_registry())


def agent_problem(name: str, game=None) -> str | None:
    """Why `name` cannot play (`game`, when given), in one line; None when it can."""
    return agents_problem([name], game)


def agents_problem(names: list[str], game=None) -> str | None:
    """Why any of `names` cannot play (`game`, when given), in one line: the unknown ones
    named together before the list of agents, then what an agent lacks; None when all can."""
    unknown: list[str] = []
    lacking: list[str] = []
    for name in dict.fromkeys(names):
        try:
            agent = make_agent(name)
        except AgentUnavailable as exc:  # known, but its package is not installed
            lacking.append(exc.args[0])
            continue
        except KeyError:
            unknown.append(name)
            continue
        lacking.append(agent.unsuited(game) if game is not None else None)
    problems = [unknown_agents(unknown)] if unknown else []
    return "; ".join(problems + [p for p in dict.fromkeys(lacking) if p]) or None


def unknown_agents(names: list[str]) -> str:
    listed = ", ".join(quoted(n) for n in names)
    return (f"unknown agent{'s' if len(names) > 1 else ''} {listed}; the agents are: "
            f"{', '.join(sorted(_registry()))} (and {BUDGETED})")


def is_agent(name: str) -> bool:
    try:
        return name in _registry() or _budgeted(name) is not None
    except AgentUnavailable:
        return False


def make_agent(name: str, seed: int = 0) -> Agent:
    registry = _registry()
    factory = registry.get(name) or _budgeted(name)
    if factory is None:
        raise KeyError(unknown_agents([name]))
    return factory(seed)
