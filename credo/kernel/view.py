"""PlayerView: everything an agent or a remote player is given, and nothing more.

A view is built from the true state but keeps only the player's observation, legal
actions and visible events, plus one world already resampled from that player's
knowledge. Agents never hold the true state, so they cannot cheat by construction.
"""

from __future__ import annotations

from .actions import Action
from .events import Event
from .rng import Rng
from .state import Game, State


class PlayerView:
    __slots__ = ("game", "player", "observation", "legal_actions", "events", "_world")

    def __init__(self, state: State, player: int, seed: int = 0) -> None:
        self.game: Game = state.game
        self.player = player
        self.observation: dict = state.observation(player)
        self.legal_actions: tuple[Action, ...] = tuple(state.legal_actions(player))
        self.events: list[Event] = state.events(player)
        # Resampled at once with an rng independent of the true state's.
        self._world: State = state.determinize(player, Rng(seed))

    def sample_world(self, rng: Rng) -> State:
        """A full state consistent with this player's knowledge, hidden parts resampled."""
        return self._world.determinize(self.player, rng)
