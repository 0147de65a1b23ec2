"""What every environment adapter shares: a game with its options, its observation
encoder, its action count, and the learner-facing reading of a state (tensor and mask).

Each game's `tensor.Encoder` encodes `observation(player)`; environments call its
`from_state(state, player)`, which reads the same features straight from the state (several
times faster) and is checked equal to the encoding of the observation, for every seat, a
spectator and the player's resampled worlds (tests/envs), so an environment never shows a
learner more than the game shows that player.
"""

from __future__ import annotations

import importlib
from functools import cached_property

import numpy as np

from credo import games
from credo.kernel import State
from credo.kernel.tensor import action_mask

class EnvGame:
    """A Credo game with fixed options, as environments see it."""

    def __init__(self, name: str, **options) -> None:
        self.game = games.load(name)
        self.name = self.game.name
        # learners need games that end: the game's machine turn limit unless the caller sets
        # one (stated in `options`, and so in every record and report)
        self.options = self.game.options(**self.game.machine_options(options)).model_dump()
        self.num_players = self.game.players(**self.options)
        self.num_actions = len(self.game.actions)
        self._actions = list(self.game.actions)

    def __deepcopy__(self, memo) -> "EnvGame":
        return self  # fixed settings, shared by every copy of an environment's state

    @cached_property
    def encoder(self):
        module = importlib.import_module(f"credo.games.{self.name}.tensor")
        return module.Encoder(self.game, self.options)

    # every encoder keeps its features in [LOW, HIGH]: a result in [-1, 1], scaled counters
    LOW, HIGH = -1.0, 50.0

    def box(self):
        from gymnasium import spaces

        return spaces.Box(self.LOW, self.HIGH, self.shape, np.float32)

    @property
    def shape(self) -> tuple[int, ...]:
        return self.encoder.shape

    def new(self, seed: int) -> State:
        return self.game.new(seed=int(seed), **self.options)

    def tensor(self, state: State, player: int | None) -> np.ndarray:
        """The encoding of what `player` sees, read straight from the state by the game's
        `Encoder.from_state` (checked equal to the encoding of `observation(player)` by
        tests/envs)."""
        return self.encoder.from_state(state, player)

    def mask(self, state: State, player: int) -> np.ndarray:
        """1 at the index of every legal action of `player` (all 0 when not to move)."""
        return action_mask(state.legal_actions(player) if player in state.to_move else (), self.num_actions)

    def action(self, index: int):
        """The game's action numbered `index`, or None when no action has that number."""
        return self._actions[index] if 0 <= index < self.num_actions else None

    def legal_indices(self, state: State, player: int) -> list[int]:
        return state.legal_indices(player) if player in state.to_move else []

    @property
    def simultaneous(self) -> bool:
        """Whether the game has simultaneous secret choices (several players to move at once)."""
        module = importlib.import_module(f"credo.games.{self.name}.tensor")
        return bool(getattr(module, "SIMULTANEOUS", False))

    def max_moves(self) -> int:
        module = importlib.import_module(f"credo.games.{self.name}.tensor")
        return module.max_moves(self.game, self.options)

    def text(self, state: State, player: int | None) -> str:
        """The state as `player` sees it, in the terminal's words (render_mode "ansi")."""
        from io import StringIO

        from rich.console import Console

        try:
            render = importlib.import_module(f"credo.games.{self.name}.render")
        except ImportError:
            render = None
        console = Console(file=StringIO(), width=100, color_system=None, force_terminal=False)
        if render is not None and hasattr(render, "render"):
            console.print(render.render(self.game, state.observation(player)))
        else:
            console.print_json(data=state.observation(player))
        return console.file.getvalue()
