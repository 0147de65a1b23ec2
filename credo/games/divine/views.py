"""What each player may know of a Divine state: everything except the other
players' hands and the order of the deck (hand sizes and the deck size are public)."""

from __future__ import annotations

from . import board as B
from . import rules as R
from .codes import (ABILITY_WORDS, ACTED, CARD, DICE_SHIFT, ENEMY_TEMPLE_TARGETS, FRESH, PHASES, PINNED, STEPS,
                    T_ANY_UNIT, T_COMMANDMENT, T_ENEMY_UNIT, T_FREE_TEMPLE, T_OPPONENT, T_OWN_FREE_TEMPLE, T_OWN_UNIT,
                    UNIT_WORDS, VIGIL)

# state.py imports this module only when a view is asked for (it is loaded by then), so the
# names above are read once here, not at every call: the server and every agent observe
# at each decision


def unit_view(s, u: int) -> dict:
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
    cards = s.game.cards
    out = []
    for kind, p, what, a, b, cancelled in s.stack:
        item: dict = {"player": p, "cancelled": cancelled}
        if kind == CARD:
            item["card"] = cards.ids[what]
            t = cards.target[what]
            if t in (T_OWN_UNIT, T_ENEMY_UNIT, T_ANY_UNIT):  # the unit's square
                item["target"] = B.NAMES[s.pos[a]] if s.pos[a] >= 0 else None
            elif t in (T_OWN_FREE_TEMPLE, T_FREE_TEMPLE, *ENEMY_TEMPLE_TARGETS):
                item["target"] = B.NAMES[a]
            elif t == T_OPPONENT:
                item["target"] = f"p{a + 1}"
            elif t == T_COMMANDMENT:
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


def space_token(kind: str, pop: int) -> str:
    """A space as tiles.toml writes it: 1-3 a Population, T C L M, H1-H3 a Temple with its Population."""
    code = B.KIND_CODE[kind]
    return f"{KIND_TOKENS[code]}{pop or ''}" if code in (B.POPULATION, B.TEMPLE) else KIND_TOKENS[code]


def catalogue(game) -> dict:
    """Divine's public, unchanging content for a display (Game.catalogue): every card's face by
    id (its target kind tells how to read `play schism p2`: a player, not the square p2), every
    tile's spaces as printed, before it is turned, and the board's geometry. The observation's
    `city` says which tile lies in each slot, turned how many quarter turns clockwise; the city
    square by square follows from the two, so it is never sent again at each move."""
    content = game.content
    return {
        "game": "divine",
        "cards": {c.id: {"name": c.name, "type": c.type, "cost": c.cost, "target": c.target, "text": c.text}
                  for c in content.cards},
        "tiles": {t.id: {"name": t.name, "rows": [[space_token(k, p) for k, p in row] for row in t.spaces()]}
                  for t in content.tiles},
        "board": {
            "size": B.N,
            "tile_size": R.TILE_SIZE,
            "tiles_per_side": B.N // R.TILE_SIZE,
            "columns": B.COLUMNS,
        },
        "spaces": {"T": "tower", "C": "catacomb", "L": "library", "M": "market", "H": "temple", "": "population"},
    }


def observation(s, player: int | None) -> dict:
    g = s.game
    cards = g.cards
    nc, ids, by_id, commandments = cards.n, cards.ids, cards.order_by_id, cards.commandments_by_id
    layout = s.layout
    names = B.NAMES
    ctrl, cmds = s.ctrl, s.cmds
    markers = g.markers
    players = []
    for p in range(s.n):
        row = cmds[p * nc:(p + 1) * nc]
        temples = ctrl.count(p)
        players.append({
            "followers": s.followers[p],
            "divinity": s.divinity[p],
            "hand_size": s.hsize[p],
            "temples": temples,
            "markers_left": markers - temples,
            # sorted by id: the cards taken in the order of their ids
            "commandments": [ids[c] for c in commandments for _ in range(row[c])] if any(row) else [],
        })
    hand = None
    if player is not None:
        row = s.hand[player * nc:(player + 1) * nc]
        hand = [ids[c] for c in by_id for _ in range(row[c])]
    # the units, written out (as unit_view does) without a call per unit
    units = []
    per, kind, flags = g.per_player, s.kind, s.flags
    for u, sq in enumerate(s.pos):
        if sq >= 0:
            f = flags[u]
            units.append({"square": names[sq], "owner": u // per, "kind": UNIT_WORDS[kind[u]],
                          "vigilance": (f & VIGIL) != 0, "acted": (f & ACTED) != 0, "fresh": (f & FRESH) != 0,
                          "pinned": (f & PINNED) != 0, "bonus_dice": f >> DICE_SHIFT})
    w = s.window
    tiles = g.content.tiles
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
        # per slot, in rows of three from the top left: [tile id, quarter turns clockwise]
        "city": [[tiles[t].id, q] for t, q in layout.placement],
        "temples": {names[sq]: (ctrl[i] if ctrl[i] >= 0 else None) for i, sq in enumerate(layout.temples)},
        "units": units,
        "players_state": players,
        "hand": hand,
        "deck_size": len(s.deck),
        "discard": [ids[c] for c in s.discard],
        "stack": stack_view(s) if s.stack else [],
        "responders": list(w.order[w.position:]) if w is not None else [],
        "winner": s.winner if s.winner >= 0 else None,
        "draw": s.phase == 3 and s.winner < 0,
    }
