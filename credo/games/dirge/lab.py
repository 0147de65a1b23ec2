"""What the balance lab (`credo balance dirge`, credo/arena/lab.py) measures in Dirge:
draw mode deals the twelve creatures at random, so each creature's side is compared."""

from __future__ import annotations


def matchups(game) -> list[tuple[str, dict]]:
    return [("draw", {"mode": "draw"})]


def tags(game, match) -> list[list[tuple[str, str]]]:
    s = match.state
    out: list[list[tuple[str, str]]] = [[], []]
    for c in range(game.tables.n):
        if s.owner[c] in (0, 1):
            out[s.owner[c]].append(("creature", game.tables.ids[c]))
    return out


def first_player(game, match) -> int | None:
    """The winner of the roll to take the first turn."""
    rolling = False
    for event in match.state.events(None):
        if event.template.startswith("Roll to {}") and event.args and event.args[0] == "take the first turn":
            rolling = True
        elif rolling and event.template == "Player {} wins the roll.":
            return event.args[0] - 1
    return None
