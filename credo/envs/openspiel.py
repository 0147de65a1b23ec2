"""Credo games as OpenSpiel python games: `pyspiel.load_game("python_credo_jol")` after
importing this module (or `load("jol", deck1="mixed")`).

How a Credo game maps onto OpenSpiel's model:
- **Chance**: a Credo game draws all its chance from one seeded generator. The root is a
  chance node choosing that seed among `deals` equally likely outcomes (a game parameter,
  default 4096); everything random afterwards follows from it and is hidden from the
  players (it lives in the true state only), so the game is IMPERFECT_INFORMATION with
  EXPLICIT_STOCHASTIC chance.
- **Simultaneous choices**: a game that has them (Dogma's Orders) has SIMULTANEOUS
  dynamics; at every decision node each player not choosing plays the no-op, the action
  numbered `len(actions)`. Other games are SEQUENTIAL. With the parameter
  `turn_based=True` such a game is SEQUENTIAL instead: the players of a secret choice
  choose one after the other, none observing another's choice before the reveal (as in
  the PettingZoo environment), which is what OpenSpiel's MCTS and ISMCTS bots need.
- **Utility**: +1 each winner, -1 each other player, 0 all for a draw. Two sides make it
  ZERO_SUM; Divine with 3 or 4 players is GENERAL_SUM.
- **Observations**: the observation tensor is the game's encoding of `observation(player)`
  (credo/games/<game>/tensor.py); the observation string is that observation as JSON; the
  information-state string adds every event the player has seen (perfect recall), and the
  information-state tensor is the observation tensor (Credo's observations carry the public
  record the rules make relevant, but not a full history).
- Options that are single values (players, mode, decks by name, turn limits) are game
  parameters; a game needs a turn limit to be bounded, and `turn_limit` defaults to the
  game's machine turn limit (`Game.machine_turn_limit`).
"""

from __future__ import annotations

import json

import numpy as np
import pyspiel

from credo import games as credo_games

from .core import EnvGame

DEALS = 4096


def _parameters(name: str) -> dict:
    """The game's single-valued options and their defaults, as OpenSpiel parameters."""
    out = {"deals": DEALS}
    if EnvGame(name).simultaneous:
        out["turn_based"] = False
    game = credo_games.load(name)
    for key, field in game.Options.model_fields.items():
        if isinstance(field.default, (bool, int, float, str)) and not isinstance(field.default, list):
            out[key] = field.default
    if "turn_limit" in out and game.machine_turn_limit:
        out["turn_limit"] = game.machine_turn_limit  # bounded by default; 0 asks for no limit
    return out


def _game_type(name: str, players: tuple[int, int], parameters: dict, zero_sum: bool,
               simultaneous: bool | None = None) -> pyspiel.GameType:
    if simultaneous is None:
        simultaneous = EnvGame(name).simultaneous
    return pyspiel.GameType(
        short_name=f"python_credo_{name}",
        long_name=f"Credo {credo_games.load(name).title}",
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class _Held:
    """The Credo state inside an OpenSpiel state. OpenSpiel clones a python state by deep
    copying its attributes; this copies the Credo state with the game's own `copy()` (what
    `copy.deepcopy` of a state does too), sharing the read-only Game."""

    __slots__ = ("state",)

    def __init__(self, state) -> None:
        self.state = state

    def __deepcopy__(self, memo) -> "_Held":
        return _Held(None if self.state is None else self.state.copy())


class CredoSpielGame(pyspiel.Game):
    def __init__(self, name: str, params: dict | None = None) -> None:
        params = dict(params or {})
        deals = int(params.pop("deals", DEALS))
        turn_based = bool(params.pop("turn_based", False))
        defaults = _parameters(name)
        env_game = EnvGame(name, **{k: v for k, v in params.items() if k in defaults})
        players = env_game.num_players
        simultaneous = env_game.simultaneous and not turn_based
        zero_sum = not (name == "divine" and players > 2)
        game = env_game.game
        info = pyspiel.GameInfo(
            num_distinct_actions=env_game.num_actions + (1 if simultaneous else 0),
            max_chance_outcomes=deals,
            num_players=players,
            min_utility=game.utility_range[0],
            max_utility=game.utility_range[1],
            utility_sum=0.0 if zero_sum else None,
            max_game_length=env_game.max_moves(),
        )
        # pybind11 keeps Python attributes only once the base class is initialised
        game_type = _game_type(name, (game.min_players, game.max_players), defaults, zero_sum, simultaneous)
        if env_game.simultaneous:
            params["turn_based"] = turn_based
        super().__init__(game_type, info, {**params, "deals": deals})
        self.env_game, self.deals, self.simultaneous = env_game, deals, simultaneous

    @property
    def noop(self) -> int:
        return self.env_game.num_actions

    def new_initial_state(self) -> "CredoSpielState":
        return CredoSpielState(self, self.env_game, self.deals, self.simultaneous)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "CredoObserver":
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return CredoObserver(self.env_game, perfect_recall)


class CredoSpielState(pyspiel.State):
    # what the state needs of its game is given to it: OpenSpiel may hand a state a game
    # object that is not the Python instance which made it (deserialisation)
    def __init__(self, game: CredoSpielGame, env_game: EnvGame, deals: int, simultaneous: bool) -> None:
        super().__init__(game)
        self.env_game, self.deals, self.simultaneous = env_game, deals, simultaneous
        self.noop = env_game.num_actions
        self._held = _Held(None)  # the Credo state, once the chance node has dealt

    @property
    def credo(self):
        return self._held.state

    def current_player(self) -> int:
        if self.credo is None:
            return pyspiel.PlayerId.CHANCE
        if self.credo.is_over:
            return pyspiel.PlayerId.TERMINAL
        if self.simultaneous:
            return pyspiel.PlayerId.SIMULTANEOUS
        return self.credo.to_move[0]

    def _legal_actions(self, player: int) -> list[int]:
        if self.credo is None or self.credo.is_over:
            return []
        if self.simultaneous and player not in self.credo.to_move:
            return [self.noop]
        return self.env_game.legal_indices(self.credo, player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.deals
        return [(k, p) for k in range(self.deals)]

    def _apply_action(self, action: int) -> None:
        if self.credo is None:
            self._held = _Held(self.env_game.new(action))
            return
        player = self.credo.to_move[0]
        self.credo.apply(self.env_game.game.actions[action], player)

    def _apply_actions(self, actions: list[int]) -> None:
        if self.credo is None:
            raise ValueError("the chance node deals first")
        # each player's secret choice was made on this same state; the game holds each one
        # hidden until all are in, so applying them one after the other is their reveal
        for player in list(self.credo.to_move):
            self.credo.apply(self.env_game.game.actions[actions[player]], player)

    def resample_from_infostate(self, player: int, probability_sampler) -> "CredoSpielState":
        """A state `player` cannot tell from this one: the game's own sampled world, in which
        every card they cannot see and the chance to come are drawn again (ISMCTS uses it)."""
        from credo.kernel import EventLog, Rng

        world = self.clone()
        if self.credo is not None:
            seed = int(probability_sampler() * 2**53)
            sampled = self.credo.determinize(player, Rng(seed))
            # what the player was told stays theirs (their information state), nothing else
            sampled.log = EventLog(self.credo.log.visible(player))
            world._held = _Held(sampled)
        return world

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        if action == self.noop:
            return "wait"
        return str(self.env_game.game.actions[action])

    def is_terminal(self) -> bool:
        return self.credo is not None and self.credo.is_over

    def returns(self) -> list[float]:
        if self.credo is None:
            return [0.0] * self.env_game.num_players
        return [float(r) for r in self.credo.returns()]

    def __str__(self) -> str:
        if self.credo is None:
            return "before the deal"
        return json.dumps(self.credo.observation(None), sort_keys=True)


class CredoObserver:
    """OpenSpiel's observer: the game's tensor and a JSON string, from one seat's view."""

    def __init__(self, env_game: EnvGame, perfect_recall: bool) -> None:
        self.env_game = env_game
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(int(np.prod(env_game.shape)), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CredoSpielState, player: int) -> None:
        if state.credo is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.env_game.tensor(state.credo, player)

    def string_from(self, state: CredoSpielState, player: int) -> str:
        if state.credo is None:
            return "before the deal"
        text = json.dumps(state.credo.observation(player), sort_keys=True)
        if self.perfect_recall:
            events = [e.text for e in state.credo.events(player)]
            text += "\n" + "\n".join(events)
        return text


def load(name: str, **options) -> CredoSpielGame:
    return pyspiel.load_game(f"python_credo_{name}", options)


def _register() -> None:
    # one subclass per game, registered as the factory: OpenSpiel calls it with the parameters
    for name in credo_games.names():
        game = credo_games.load(name)
        zero_sum = name != "divine"
        game_type = _game_type(name, (game.min_players, game.max_players), _parameters(name), zero_sum)

        def __init__(self, params=None, name=name):
            CredoSpielGame.__init__(self, name, params)

        cls = type(f"Credo{name.title()}SpielGame", (CredoSpielGame,), {"__init__": __init__})
        globals()[cls.__name__] = cls
        pyspiel.register_game(game_type, cls)


_register()
