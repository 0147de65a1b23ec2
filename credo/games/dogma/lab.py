"""What the balance lab (`credo balance dogma`, credo/arena/lab.py) measures in Dogma:
every Predestination option against every other in both seat orders, Free Will (random
legal decks: each Prophet, Relic and Divine Intervention by the side that held it), Chaos
(the rulebook's main mode: the seats' Arcana drafted from the packets, each Prophet, Relic
and Intervention by the side that drafted it) and the 2 vs 2 game's seats."""

from __future__ import annotations

ARCANA = 4  # a player's Arcana slots
SIDE = "option"  # what names a side in Predestination: the report sets each option against each


def matchups(game) -> list[tuple[str, dict]]:
    options = [o.id for o in game.content.options]
    return ([(f"{a} vs {b}", {"mode": "predestination", "decks": [a, b]}) for a in options for b in options
             if a != b]  # one box holds each option once: two players never share one
            + [("free will", {"mode": "free_will"}), ("chaos", {"mode": "chaos"}), ("2 vs 2", {"players": 4})])


def tags(game, match) -> list[list[tuple[str, str]]]:
    s = match.state
    t = game.tables
    players = s.num_players
    out: list[list[tuple[str, str]]] = [[] for _ in range(players)]
    if players != 2:
        return out
    mode = match.options.get("mode", "predestination")
    for p in range(2):
        if mode == "predestination":
            out[p].append(("option", s.decks[p]))
        for k in range(ARCANA):
            slot = p * ARCANA + k
            if s.proph[slot] < 0:
                continue
            out[p].append(("prophet", t.prophet_ids[s.proph[slot]]))
            out[p] += [("relic", t.relic_ids[r]) for r in s.relics[slot]]
        held = dict.fromkeys(t.di_ids[d] for d in [*s.di[p], *s.di_done[p]])
        out[p] += [("intervention", d) for d in held]
    return out


def first_player(game, match) -> int | None:
    """Orders are simultaneous: only Free Will's first builder has a first move of sorts."""
    first = getattr(match.state, "first_builder", -1)
    return first if first in (0, 1) else None
