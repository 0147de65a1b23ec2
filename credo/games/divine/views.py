"""What each player may know of a Divine state: everything except the other
players' hands and the order of the deck (hand sizes and the deck size are public)."""

from __future__ import annotations

from . import board as B
from .game import UNIT_WORDS


def unit_view(s, u: int) -> dict:
    from .state import ACTED, DICE_SHIFT, FRESH, PINNED, VIGIL

    f = s.flags[u]
    return {
        "square": B.NAMES[s.pos[u]],
        "owner": s.owner(u),
        "kind": UNIT_WORDS[s.kind[u]],
        "vigilance": bool(f & VIGIL),
        "acted": bool(f & ACTED),
        "fresh": bool(f & FRESH),
        "pinned": bool(f & PINNED),
        "bonus_dice": f >> DICE_SHIFT,
    }


def stack_view(s) -> list[dict]:
    from .state import ABILITY_WORDS, CARD

    cards = s.game.cards
    out = []
    for kind, p, what, a, b, cancelled in s.stack:
        item: dict = {"player": p, "cancelled": cancelled}
        if kind == CARD:
            item["card"] = cards.ids[what]
            t = cards.target[what]
            if t in (5, 6, 7):  # unit targets: the unit's square
                item["target"] = B.NAMES[s.pos[a]] if s.pos[a] >= 0 else None
            elif t in (2, 3, 4):
                item["target"] = B.NAMES[a]
            elif t == 8:
                item["target"] = f"p{a + 1}"
            elif t == 9:
                item["target"] = f"{cards.ids[a]} p{b + 1}"
        else:
            item["ability"] = ABILITY_WORDS[what]
            if ABILITY_WORDS[what] == "train":
                item["unit"] = UNIT_WORDS[a]
                item["target"] = B.NAMES[b]
            else:
                item["unit"] = B.NAMES[s.pos[a]] if s.pos[a] >= 0 else None
                if what in (4, 5, 6):
                    item["target"] = B.NAMES[s.pos[b]] if s.pos[b] >= 0 else None
        out.append(item)
    return out


KIND_TOKENS = {B.POPULATION: "", B.TOWER: "T", B.CATACOMB: "C", B.LIBRARY: "L", B.MARKET: "M", B.TEMPLE: "H"}


def city_map(layout) -> list[str]:
    """The city's spaces as people read a map: row 18 (the top) first, columns a..r, each
    space a token of tiles.toml (1-3 a Population, T C L M, H1-H3 a Temple with its
    Population); a drawing of the board needs it, and the tiles' ids alone do not say it."""
    rows = []
    for row in range(B.N - 1, -1, -1):
        tokens = []
        for sq in range(row * B.N, (row + 1) * B.N):
            kind, pop = layout.kind[sq], layout.pop[sq]
            letter = KIND_TOKENS[kind]
            tokens.append(f"{letter}{pop or ''}" if kind in (B.POPULATION, B.TEMPLE) else letter)
        rows.append(" ".join(tokens))
    return rows


def card_catalogue(game) -> dict:
    """What every card of the deck is (public: printed on the card), by id, so a drawing can
    name a card with its type, cost and text, and tell what it is played on (`play schism p2`
    names a player, `play wrath p2` a square)."""
    return {c.id: {"name": c.name, "type": c.type, "cost": c.cost, "target": c.target, "text": c.text}
            for c in game.content.cards}


def observation(s, player: int | None) -> dict:
    from .state import PHASES, STEPS

    cards = s.game.cards
    nc = cards.n
    layout = s.layout
    content = s.game.content
    players = []
    for p in range(s.n):
        players.append({
            "followers": s.followers[p],
            "divinity": s.divinity[p],
            "hand_size": s.hsize[p],
            "temples": s.temples_of(p),
            "markers_left": s.markers_left(p),
            "commandments": sorted(cards.ids[c] for c in cards.commandments for _ in range(s.cmds[p * nc + c])),
        })
    hand = None
    if player is not None:
        hand = sorted(cards.ids[c] for c in range(nc) for _ in range(s.hand[player * nc + c]))
    w = s.window
    return {
        "game": "divine",
        "player": player,
        "players": s.n,
        "phase": PHASES[s.phase],
        "order": list(s.order),
        "current": s.current,
        "turn": s.turn,
        "round": s.round(),
        "turn_limit": s.turn_limit,
        "step": STEPS[s.step],
        "allowance": s.allowance,
        "to_move": list(s.to_move),
        "city": [[content.tiles[t].id, q] for t, q in layout.placement],
        "tile_names": [content.tiles[t].name for t, _ in layout.placement],
        "map": city_map(layout),
        "cards": card_catalogue(s.game),
        "temples": {B.NAMES[sq]: (s.ctrl[i] if s.ctrl[i] >= 0 else None) for i, sq in enumerate(layout.temples)},
        "units": [unit_view(s, u) for u in range(len(s.pos)) if s.pos[u] >= 0],
        "players_state": players,
        "hand": hand,
        "deck_size": len(s.deck),
        "discard": [cards.ids[c] for c in s.discard],
        "stack": stack_view(s),
        "responders": list(w.order[w.position:]) if w is not None else [],
        "winner": s.winner if s.winner >= 0 else None,
        "draw": s.phase == 3 and s.winner < 0,
    }
