"""What the balance lab (`credo balance divine`, credo/arena/lab.py) measures in Divine:
every seat for 2, 3 and 4 players, and who the roll gave the first turn."""

from __future__ import annotations


def matchups(game) -> list[tuple[str, dict]]:
    return [(f"{n} players", {"players": n}) for n in range(game.min_players, game.max_players + 1)]


def tags(game, match) -> list[list[tuple[str, str]]]:
    return [[] for _ in range(match.state.num_players)]


def first_player(game, match) -> int | None:
    return match.state.order[0]
