"""What the balance lab (`credo balance divine`, credo/arena/lab.py) measures in Divine:
every seat for 2, 3 and 4 players, who the roll gave the first turn, and the Divinity cards
each seat played."""

from __future__ import annotations

PLAYED = "Player {} {} {} ({} Divinity){}."  # the narration of a card played or answered with


def matchups(game) -> list[tuple[str, dict]]:
    return [(f"{n} players", {"players": n}) for n in range(game.min_players, game.max_players + 1)]


def tags(game, match) -> list[list[tuple[str, str]]]:
    """Per seat, each Divinity card it played (first in a turn or in answer), each id once:
    a card held but never played decides nothing, so only the played ones are compared."""
    ids = dict(zip(game.cards.names, game.cards.ids))
    played: list[dict[str, None]] = [{} for _ in range(match.state.num_players)]
    for event in match.state.events(None):
        if event.template == PLAYED:
            played[event.args[0] - 1].setdefault(ids[event.args[2]])
    return [[("card", card) for card in seat] for seat in played]


def first_player(game, match) -> int | None:
    return match.state.order[0]
