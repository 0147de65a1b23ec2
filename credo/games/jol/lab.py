"""What the balance lab (`credo balance jol`, credo/arena/lab.py) measures in Jol: every
deck against every deck in both seat orders, and the cards each side played."""

from __future__ import annotations

from .codes import ZONES

SIDE = "deck"  # what names a side: the report sets each deck against each
NOT_PLAYED = {ZONES.index("undrawn"), ZONES.index("hand")}


def matchups(game) -> list[tuple[str, dict]]:
    decks = [d.id for d in game.content.decks]
    return [(label({"deck1": a, "deck2": b}), {"deck1": a, "deck2": b}) for a in decks for b in decks]


def label(options: dict) -> str:
    return f"{options.get('deck1', 'jovinet')} vs {options.get('deck2', 'terrisol')}"


def tags(game, match) -> list[list[tuple[str, str]]]:
    """Per seat: its deck, and each card it played (summoned, cast, attached or laid face
    down: every card that left its deck and hand), each id once."""
    s = match.state
    out: list[list[tuple[str, str]]] = [[("deck", s.decks[p])] for p in (0, 1)]
    played: list[dict[str, None]] = [{}, {}]
    for i, card in enumerate(s.card):
        if card >= 0 and s.owner[i] in (0, 1) and s.zone[i] not in NOT_PLAYED:
            played[s.owner[i]].setdefault(game.tables.ids[card])
    for p in (0, 1):
        out[p] += [("card", c) for c in played[p]]
    return out


def first_player(game, match) -> int | None:
    """The seat the coin gave the first turn (rule: a coin decides)."""
    return game.new(match.seed, **match.options).current
