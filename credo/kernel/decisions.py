"""Building blocks for decisions that are not simply 'whose turn it is'.

- `Commitments`: a simultaneous secret choice. Every player in it commits once,
  without seeing the others' commitments; resolution starts when all have.
- `ResponseWindow`: players answer in a fixed order, each once, acting or passing
  (a passing player is done for the window), as in a Prayer step.
A game keeps these in its state; both copy in O(players).
"""

from __future__ import annotations


class Commitments:
    __slots__ = ("players", "choices")

    def __init__(self, players: tuple[int, ...], choices: dict | None = None) -> None:
        self.players = players
        self.choices: dict[int, object] = dict(choices) if choices else {}

    def copy(self) -> Commitments:
        return Commitments(self.players, self.choices)

    @property
    def waiting(self) -> tuple[int, ...]:
        return tuple(p for p in self.players if p not in self.choices)

    @property
    def complete(self) -> bool:
        return len(self.choices) == len(self.players)

    def commit(self, player: int, choice: object) -> None:
        if player not in self.players:
            raise ValueError(f"player {player + 1} has no choice to make here")
        if player in self.choices:
            raise ValueError(f"player {player + 1} has already committed")
        self.choices[player] = choice

    def visible_to(self, player: int | None) -> dict:
        """What `player` may know: who has committed, and only their own choice."""
        return {
            "committed": sorted(self.choices),
            "own": self.choices.get(player) if player is not None else None,
        }


class ResponseWindow:
    __slots__ = ("order", "position", "acted")

    def __init__(self, order: tuple[int, ...], position: int = 0, acted: tuple = ()) -> None:
        self.order = order
        self.position = position
        self.acted = acted

    def copy(self) -> ResponseWindow:
        return ResponseWindow(self.order, self.position, self.acted)

    @property
    def closed(self) -> bool:
        return self.position >= len(self.order)

    @property
    def current(self) -> int | None:
        return None if self.closed else self.order[self.position]

    def answer(self, player: int, acted: bool) -> None:
        if player != self.current:
            raise ValueError(f"player {player + 1} is not the one to answer now")
        if acted:
            self.acted = self.acted + (player,)
        self.position += 1
