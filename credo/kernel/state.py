"""The Game / State contract every game implements and every tool relies on.

A game subclasses `Game` (its name, rules version, options, content, action space
and `new`) and `State` (its data, forward model and views). Tools only ever use
the public methods defined here.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from pydantic import BaseModel, ValidationError

from .actions import Action, ActionSpace
from .errors import IllegalAction, quoted
from .events import Event, EventLog
from .positions import PositionError, field_path, probe
from .rng import Rng

_new = object.__new__


class Game(ABC):
    """A game with one content set: makes states, parses actions, loads positions."""

    name: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    Options: ClassVar[type[BaseModel]]
    # the rulebook sections the kernel cites when it refuses an action itself
    turn_rule: ClassVar[str] = "Turn order"
    end_rule: ClassVar[str] = "End of the game"

    actions: ActionSpace
    content_hash: str

    # The least and the most a player's return can be (`State.returns`: +1 a winner, -1 a
    # loser, 0 a draw), declared for learners that need bounds (OpenSpiel's utilities).
    utility_range: ClassVar[tuple[float, float]] = (-1.0, 1.0)

    # Representative option sets (modes, player counts) that tests and benchmarks cover.
    option_variants: ClassVar[list[dict]] = [{}]

    def players(self, **options: Any) -> int:
        """How many players a game with these options has."""
        return self.min_players

    def player_counts(self) -> tuple[int, ...]:
        """Every number of players the game is played with: those its options accept, from
        min_players to max_players (Dogma's 2 and 4, not 3)."""
        if "players" not in self.Options.model_fields:
            return (self.players(),)
        counts = []
        for count in range(self.min_players, self.max_players + 1):
            try:
                self.options(players=count)
            except IllegalAction:
                continue
            counts.append(count)
        return tuple(counts)

    def team_of(self, player: int, players: int) -> int:
        """The side `player` plays for in a game of `players`: partners share a side
        (a resignation loses for the whole side). Every player is a side of their own
        unless the game has teams."""
        return player

    def options(self, **options: Any) -> BaseModel:
        """Validated options; an unknown or bad option raises IllegalAction naming it."""
        try:
            return self.Options(**options)
        except ValidationError as exc:
            first = exc.errors()[0]
            # a key as typed may hold a newline or a thousand letters: quoted and cut, a message is one line
            field = field_path(tuple(first["loc"])) if first["loc"] else "options"
            raise IllegalAction("Options", f"option {field}: {first['msg']}") from None

    def catalogue(self) -> dict:
        """The public facts of this game's content that never change during a game (card
        faces, tiles, the board's geometry), JSON-ready, for a display to name and draw
        what an observation refers to by id. Sent once (the server's
        /api/tables/{id}/catalogue), never inside each observation, and it holds nothing
        any seat may not know: the whole box is public, where its cards are is not.

        Built once per game (`_build_catalogue`) and kept as JSON text: each caller gets a
        fresh copy, so no caller can change what the next one reads."""
        text = self.__dict__.get("_catalogue_json")
        if text is None:
            text = self._catalogue_json = json.dumps(self._build_catalogue())
        return json.loads(text)

    def _build_catalogue(self) -> dict:
        """The game's catalogue (see `catalogue`); a game with none shows ids alone."""
        return {}

    @abstractmethod
    def new(self, seed: int = 0, **options: Any) -> "State":
        """A new game, set up from `seed`."""

    def from_position(self, position: dict) -> "State":
        """A state rebuilt from `State.to_position()` (or a hand-written position).

        A position that does not describe a playable state raises PositionError naming
        the field that is wrong: the game's schema and checks refuse it, and a probe
        (kernel/positions.py) refuses what they let through that cannot be played."""
        if not isinstance(position, dict):
            raise PositionError("(position)", f"a position is a JSON object, not {type(position).__name__}")
        state = self._load_position(position)
        probe(state, position)
        return state

    @abstractmethod
    def _load_position(self, position: dict) -> "State":
        """The game's loader: schema, consistency checks, the state (see from_position)."""

    def __reduce__(self):
        # a game pickles as the way to load it again (credo.games.load sets it): its
        # tables can hold functions, and a worker process loads the same content itself
        rebuild = self.__dict__.get("_rebuild")
        if rebuild is None:
            raise TypeError(f"{self.name}: a game not loaded through credo.games.load cannot be pickled")
        return rebuild

    def __deepcopy__(self, memo) -> "Game":
        return self  # rules and content, read-only: every copy of a state shares them

    def parse_action(self, text: str) -> Action:
        return self.actions.parse(text)

    def evaluate(self, state: "State", player: int) -> float:
        """A heuristic value of `state` for `player` in [-1, 1]; games refine it."""
        return state.returns()[player] if state.is_over else 0.0

    # The rulebooks have no turn limit and people play without one. Machine play (self-play,
    # tournaments, the agents' report, benchmarks) must end, so it plays with this limit (a
    # draw when reached; the game's option `turn_limit`, 0 where the game needs none) unless
    # told another, and states it in its output and records.
    machine_turn_limit: ClassVar[int] = 0

    def machine_options(self, options: dict | None = None) -> dict:
        """`options` for machine play: the game's machine turn limit where it has one and
        `options` sets no `turn_limit` of its own (0 there means none, on purpose)."""
        out = dict(options or {})
        if self.machine_turn_limit and "turn_limit" not in out:
            out["turn_limit"] = self.machine_turn_limit
        return out

    # playout length for search before the evaluation takes over: games whose decisions
    # are small steps (one space, one marker) settle for fewer
    rollout_depth: ClassVar[int] = 8
    # "turn" where a turn is a run of small decisions (a Move, then the Attack it is for):
    # search playouts then go on to the start of the searcher's next turn instead of
    # stopping after rollout_depth actions, so that every leaf is scored in the same phase
    # "rest" where a round is a chain of decisions by every player (Orders, then what they
    # call for): playouts go on to the game's next point of rest (`at_rest`); "reply", with
    # more than two players: to the end of the next player's whole turn (no game ships it;
    # the search variant mcts-N-reply, credo/agents/mcts.py)
    playout_end: ClassVar[str] = "depth"
    # with "turn": at most so many playout actions to the start of the searcher's next turn,
    # for each other player (the others' turns lie between)
    turn_playout_cap: ClassVar[int] = 16
    # with "rest": how many ends of rounds a playout goes through (0: to the first point of
    # rest, a leaf at rest scored as it is; 1: to the end of the round under way, or of the
    # round a leaf at rest begins; 2: then one more)
    rest_playout_rounds: ClassVar[int] = 1
    # True where the evaluation's values lie close together: search compares them rescaled
    # to each node's range (credo/agents/mcts.py), so that more iterations sharpen the choice
    normalize_values: ClassVar[bool] = False
    # True where a decision below the search's root can have dozens of actions (Dirge's moves):
    # the search then widens progressively (credo/agents/mcts.py), weighing a few at first
    progressive_widening: ClassVar[bool] = False
    # True when the evaluation is two-sided: evaluate(s, p) depends only on p % 2 (the
    # side: a player, or a team seated alternately) and side 1 gets minus side 0's value
    two_sided_evaluation: ClassVar[bool] = False
    # False when no player knows anything another does not: what is hidden (a shuffled pile)
    # is hidden from everyone alike, which is chance. Searches that assume a state they can
    # see whole (OpenSpiel's MCTS) play only such games.
    hidden_information: ClassVar[bool] = True

    # which version of this game's search is today's: raised whenever a change to the game's
    # search settings or evaluation (or to the search itself, for this game) changes how it
    # plays. A strength measurement records it, and the report does not count a measurement
    # of an older search towards today's targets (docs/agents/search.md dates each raise).
    search_revision: ClassVar[int] = 1
    # the agent (a registry name, credo.agents) each difficulty level plays in this game,
    # measured here (docs/agents.md): hard is the strongest that answers within the time.
    # Hard searches 4,000 iterations or 1.5 s, whichever ends first (about 2,300-3,500 here):
    # it has to beat plain mcts (1,000), and in Dogma mcts-4000 capped at 1.5 s scored 65%
    # of its first 23 games against it (docs/agents/search.md, section 6)
    levels: ClassVar[dict[str, str]] = {"easy": "greedy", "medium": "mcts-400", "hard": "mcts-4000"}
    # What the game's book (book_action) holds, raised whenever an entry is added or changed: an
    # agent that plays the book plays otherwise once it changes, while the plain search does not, so
    # a measurement records it only where one of its agents plays the book. 0: the game has none.
    book_revision: ClassVar[int] = 0

    def changed_since(self, levels: dict[str, str] | None, search: int | None, content: str | None,
                      book: int | None = None) -> list[str]:
        """What a measurement recorded as made with `levels` (each level's agent then), search
        revision `search`, content hash `content` and, where an agent played the book, book
        revision `book` measured that is not this game today: the levels that were other agents
        ("`hard`"), "search" (an earlier revision), "content" (another hash) and "book" (another
        revision). What was not recorded (None) is taken as today's."""
        changed = [f"`{name}`" for name, then in (levels or {}).items() if self.levels.get(name) != then]
        if (search or 1) < self.search_revision:
            changed.append("search")
        if content is not None and content != self.content_hash:
            changed.append("content")
        if book is not None and book != self.book_revision:
            changed.append("book")
        return changed

    def turn_holder(self, state: "State") -> int:
        """For `playout_end == "turn"` (or "reply"): the player whose turn it is. By default
        the player to move; a game whose players also decide in each other's turns (Jol's
        Prayers, Divine's Interventions) says whose turn those decisions belong to, so that a
        playout does not take an answer for a turn."""
        return state.to_move[0]

    def at_rest(self, state: "State") -> bool | None:
        """For `playout_end == "rest"`: whether `state` is at a point of rest, where nothing
        of a round is half-resolved and an evaluation can say what the position is worth;
        None in a stretch of the game that has no such points (a playout from there is cut
        after `rollout_depth` actions)."""
        raise NotImplementedError(f"{self.name} has no points of rest: its playout_end is {quoted(self.playout_end)}")

    def two_sided(self, state: "State") -> bool:
        """Whether `state`'s evaluation is two-sided (`two_sided_evaluation`); a game may have
        a phase where it is not (Dogma's Chaos draft: each side values its own)."""
        return self.two_sided_evaluation

    def evaluate_all(self, state: "State") -> list[float]:
        """`evaluate` for every player, computed once when the evaluation is two-sided."""
        if self.two_sided(state):
            v = self.evaluate(state, 0)
            return [v if p % 2 == 0 else -v for p in range(state.num_players)]
        return [self.evaluate(state, p) for p in range(state.num_players)]

    def book_action(self, view) -> Action | None:
        """A book move: an answer measured in whole games for a decision whose worth lies past
        what a search can see (Dogma's Opening), played by the search variant `mcts-N-book`;
        None where the game has none, and there the search decides."""
        return None

    def rollout_action(self, state: "State", player: int, rng: Rng) -> Action:
        """A quick, reasonable action for playouts; games refine it (default: uniform)."""
        return rng.choice(state.legal_actions(player))

    def describe_action(self, action: Action) -> str:
        """A sentence explaining what an action does, for help screens."""
        return str(action)


class State(ABC):
    """One moment of one game, with its forward model."""

    __slots__ = ("game", "rng", "log", "_legal_for", "_legal")

    def __init__(self, game: Game, rng: Rng, log: EventLog | None = None) -> None:
        self.game = game
        self.rng = rng
        self.log = log if log is not None else EventLog()
        self._legal_for = -1
        self._legal: list[Action] = []

    # --- what a game implements -------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """The players who must decide now; several means a simultaneous secret choice."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def _generate_legal(self, player: int) -> list[Action]: ...

    @abstractmethod
    def _apply(self, action: Action, player: int) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def _explain_illegal(self, action: Action, player: int) -> IllegalAction:
        """Why `action` is not legal for `player` now: the rule it breaks."""

    @abstractmethod
    def copy(self) -> "State": ...

    def _copy_kernel(self) -> "State":
        """A new state of this class, made without __init__, holding what every state holds:
        the game, a copy of the dice, the event log shared copy-on-write, and the legal-action
        list (a copy is the same position, and the list is never mutated, so an agent that
        copies and applies each legal action in turn does not regenerate it). A game's copy()
        starts from it and copies its own fields. Rng.copy and EventLog.copy are inlined:
        copy() is on the search hot path."""
        s = _new(type(self))
        s.game = self.game
        r = _new(Rng)
        r.seed = self.rng.seed
        r.counter = self.rng.counter
        s.rng = r
        log = self.log
        log._shared = True
        s.log = shared = _new(EventLog)
        shared._items = log._items
        shared._shared = True
        s._legal_for = self._legal_for
        s._legal = self._legal
        return s

    @abstractmethod
    def observation(self, player: int | None) -> dict:
        """A JSON-ready dict of exactly what `player` (None: a spectator) may know."""

    @abstractmethod
    def determinize(self, player: int, rng: Rng) -> "State":
        """A full state consistent with what `player` knows, hidden information resampled."""

    def reopen_secret_choices(self, player: int) -> None:
        """Take back the secret simultaneous choices of the others that `player` has not seen,
        so that they are to be made again. A sampled world draws such a choice like a hidden
        card, uniformly; a search that takes it from there plays against a random choice
        where the player who chose first searched against a thinking opponent, which gives
        the first to choose the edge. In a world so reopened, the search of whoever chooses
        second meets the same simultaneous choice the first met. Only for a searcher's own
        world: a reopened world no longer shows who has committed. Games with such choices
        (Dogma's Orders) override it."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """The players who won (empty while the game goes on, or for a draw)."""

    @abstractmethod
    def to_position(self) -> dict:
        """A JSON-ready dict from which `Game.from_position` rebuilds this exact state."""

    # --- the shared machinery ---------------------------------------------------
    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal action of `player` (default: the only player to move). Do not mutate."""
        if player is None:
            movers = self.to_move
            if not movers:
                return []
            if len(movers) > 1:
                raise ValueError("several players choose at once: name the player")
            player = movers[0]
        if self._legal_for != player:
            self._legal = self._generate_legal(player) if player in self.to_move else []
            self._legal_for = player
        return self._legal

    def legal_indices(self, player: int | None = None) -> list[int]:
        """The stable indices (`action.index`) of `legal_actions(player)`, sorted: what a
        learning library's action space uses."""
        return sorted([a.index for a in self.legal_actions(player)])

    def apply(self, action: Action | str, player: int | None = None) -> Action:
        """Validate, then carry out `action`; an illegal one raises and changes nothing."""
        if player.__class__ is int and player == self._legal_for and action in self._legal:
            # the cached list was generated for this player on this very state, so the
            # player is to move and the action is legal: the checks below would agree
            self._apply(action, player)
            self._legal_for = -1
            return action
        action, player = self._checked_input(action, player)
        movers = self.to_move
        if player is None:
            if len(movers) != 1:
                if not movers:
                    raise IllegalAction(self.game.end_rule, "the game is over", action)
                raise IllegalAction(
                    "Simultaneous choice", "several players choose at once: name the player", action
                )
            player = movers[0]
        elif player not in movers:
            rule = self.game.end_rule if not movers else self.game.turn_rule
            raise IllegalAction(rule, f"player {player + 1} is not to move now", action)
        if action not in self.legal_actions(player):
            raise self._explain_illegal(action, player)
        self._apply(action, player)
        self._legal_for = -1
        return action

    def _checked_input(self, action, player) -> tuple[Action, int | None]:
        """`apply`'s arguments as an Action of this game and a seat number, or IllegalAction
        saying what they are instead (a bool, a float or another game's action is not
        taken for what it resembles)."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        elif not isinstance(action, Action):
            raise IllegalAction("Notation", f"{type(action).__name__} {action!r:.40} is not an action: "
                                "give an action's notation or one of legal_actions()", None)
        elif action._space != self.game.actions.key:
            raise IllegalAction("Notation", f"'{action}' is an action of another game or content set", str(action))
        if player is not None and (player.__class__ is not int or not 0 <= player < self.num_players):
            raise IllegalAction(self.game.turn_rule, f"{quoted(player)} is not a player of this game: its players are "
                                f"1 to {self.num_players}, given as 0 to {self.num_players - 1}", action)
        return action, player

    def returns(self) -> list[float]:
        """+1 for each winner and -1 for each other player; 0 for all in a draw or unfinished game."""
        won = self.winners
        if not self.is_over or not won:
            return [0.0] * self.num_players
        return [1.0 if p in won else -1.0 for p in range(self.num_players)]

    def events(self, player: int | None, start: int = 0) -> list[Event]:
        """The narrated events that `player` (None: a spectator) may see, from index `start`."""
        return self.log.visible(player, start)

    def narrate(self, template: str, args: tuple, rule: str, visible_to=None) -> None:
        self.log.append((template, args, rule, visible_to))  # made an Event when read (events.as_event)

    def __str__(self) -> str:
        return f"<{self.game.name} state, to move {self.to_move}>"

    def __reduce__(self):
        # a state pickles as its game, its position and its narrated log (a bot in another
        # process receives a PlayerView, whose world is a state)
        return (_restore_state, (self.game, self.to_position(), [tuple(e) for e in self.log._items]))

    def __deepcopy__(self, memo):
        # a deep copy is the game's own copy(): an independent state (applying actions to
        # one never changes the other) sharing the read-only Game, in microseconds instead
        # of copying the Game's tables. `view.detached` also gives every container its own.
        new = self.copy()
        memo[id(self)] = new
        memo[id(self.game)] = self.game
        return new


def _restore_state(game: Game, position: dict, log: list) -> State:
    state = game.from_position(position)
    state.log = EventLog(list(log))
    return state
