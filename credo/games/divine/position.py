"""Positions: a readable JSON form of a whole Divine state, to save any moment and
to set up any situation by hand (squares by name, cards by id)."""

from __future__ import annotations

from credo.kernel import IllegalAction, ResponseWindow, Rng

from . import board as B
from .game import UNIT_WORDS


def state_to_position(s) -> dict:
    from .state import ACTED, CARD, DICE_SHIFT, FRESH, PHASES, PINNED, STEPS, VIGIL

    g = s.game
    cards = g.cards
    nc = cards.n
    units = []
    for u in range(len(s.pos)):
        if s.pos[u] < 0:
            continue
        f = s.flags[u]
        entry = {"slot": u, "owner": s.owner(u), "kind": UNIT_WORDS[s.kind[u]], "square": B.NAMES[s.pos[u]]}
        for flag, word in ((VIGIL, "vigilance"), (ACTED, "acted"), (FRESH, "fresh"), (PINNED, "pinned")):
            if f & flag:
                entry[word] = True
        if f >> DICE_SHIFT:
            entry["bonus_dice"] = f >> DICE_SHIFT
        units.append(entry)
    stack = []
    for kind, p, what, a, b, cancelled in s.stack:
        stack.append({"kind": "card" if kind == CARD else "ability", "player": p,
                      "what": cards.ids[what] if kind == CARD else what, "a": a, "b": b, "cancelled": cancelled})
    w = s.window
    return {
        "game": "divine",
        "players": s.n,
        "turn_limit": s.turn_limit,
        "phase": PHASES[s.phase],
        "city": [[g.content.tiles[t].id, q] for t, q in s.layout.placement],
        "order": list(s.order),
        "current": s.current,
        "setup_index": s.setup_i,
        "turn": s.turn,
        "step": STEPS[s.step],
        "allowance": s.allowance,
        "decisions": s.decisions,
        "temples": {B.NAMES[sq]: s.ctrl[i] for i, sq in enumerate(s.layout.temples) if s.ctrl[i] >= 0},
        "units": units,
        "followers": list(s.followers),
        "divinity": list(s.divinity),
        "hands": [sorted(cards.ids[c] for c in range(nc) for _ in range(s.hand[p * nc + c])) for p in range(s.n)],
        "commandments": [sorted(cards.ids[c] for c in range(nc) for _ in range(s.cmds[p * nc + c])) for p in range(s.n)],
        "deck": [cards.ids[c] for c in s.deck],
        "discard": [cards.ids[c] for c in s.discard],
        "stack": stack,
        "window": None if w is None else {"order": list(w.order), "position": w.position, "acted": list(w.acted)},
        "winner": s.winner if s.winner >= 0 else None,
        "rng": s.rng.to_position(),
    }


def _bad(field: str, message: str) -> IllegalAction:
    return IllegalAction("Position", f"position field {field}: {message}")


def state_from_position(game, pos: dict):
    from .state import ACTED, CARD, FRESH, PHASES, PINNED, STEPS, VIGIL, DivineState, ABIL

    cards = game.cards
    nc = cards.n
    if pos.get("game", "divine") != "divine":
        raise _bad("game", f"{pos.get('game')!r} is not divine")
    try:
        opts = game.options(players=pos.get("players", 2), turn_limit=pos.get("turn_limit", 60))
        n = opts.players
        tile_ids = [t.id for t in game.content.tiles]
        city = pos.get("city") or [[t, 0] for t in tile_ids]
        placement = []
        for entry in city:
            if entry[0] not in tile_ids:
                raise _bad("city", f"unknown tile {entry[0]!r}")
            placement.append((tile_ids.index(entry[0]), int(entry[1]) % 4))
        if sorted(t for t, _ in placement) != list(range(len(tile_ids))):
            raise _bad("city", "each of the nine tiles must appear once")
        layout = B.Layout(game.content.tiles, placement)
        order = tuple(pos.get("order") or range(n))
        if sorted(order) != list(range(n)):
            raise _bad("order", f"must order the players 0..{n - 1}")
        rng_words = pos.get("rng")
        rng = Rng.restore(*rng_words) if rng_words else Rng(pos.get("seed", 0))
        s = DivineState.blank(game, rng, n, opts.turn_limit, layout, order)
        phase = pos.get("phase", "play")
        if phase not in PHASES:
            raise _bad("phase", f"{phase!r} is not one of {PHASES}")
        s.phase = PHASES.index(phase)
        s.current = int(pos.get("current", order[0]))
        s.setup_i = int(pos.get("setup_index", 0))
        s.turn = int(pos.get("turn", 1 if phase == "play" else 0))
        s.step = STEPS.index(pos.get("step", "move"))
        s.allowance = int(pos.get("allowance", 0))
        s.decisions = int(pos.get("decisions", 0))

        def square(name: str, field: str) -> int:
            if name not in B.INDEX:
                raise _bad(field, f"{name!r} is not a square (a1..r18)")
            return B.INDEX[name]

        for name, owner in (pos.get("temples") or {}).items():
            sq = square(name, "temples")
            if layout.temple_index[sq] < 0:
                raise _bad("temples", f"{name} is not a Temple in this city")
            s.ctrl[layout.temple_index[sq]] = int(owner)
        for i, entry in enumerate(pos.get("units") or []):
            field = f"units[{i}]"
            owner = int(entry["owner"])
            if not 0 <= owner < n:
                raise _bad(f"{field}.owner", f"must be a player 0..{n - 1}")
            kind = UNIT_WORDS.index(entry["kind"])
            sq = square(entry["square"], f"{field}.square")
            if s.board[sq] >= 0:
                raise _bad(f"{field}.square", f"{entry['square']} already holds a unit")
            u = entry.get("slot")
            if u is None:
                u = s.free_slot(owner, kind)
            if u < 0 or s.owner(u) != owner or s.pos[u] >= 0:
                raise _bad(field, f"player {owner} has no free {entry['kind']} piece")
            s.kind[u] = kind
            s.pos[u] = sq
            s.board[sq] = u
            f = 0
            for flag, word in ((VIGIL, "vigilance"), (ACTED, "acted"), (FRESH, "fresh"), (PINNED, "pinned")):
                if entry.get(word, False):
                    f |= flag
            f |= int(entry.get("bonus_dice", 0)) << 4
            s.flags[u] = f
        s.near = B.occupancy(s.board)
        s.followers = [int(x) for x in pos.get("followers", s.followers)]
        s.divinity = [int(x) for x in pos.get("divinity", s.divinity)]

        def card(cid: str, field: str) -> int:
            if cid not in cards.by_id:
                raise _bad(field, f"unknown card {cid!r}")
            return cards.by_id[cid]

        for p, hand in enumerate(pos.get("hands") or []):
            for cid in hand:
                s.hand[p * nc + card(cid, "hands")] += 1
            s.hsize[p] = len(hand)
        for p, cmds in enumerate(pos.get("commandments") or []):
            for cid in cmds:
                s.cmds[p * nc + card(cid, "commandments")] += 1
        s.deck = [card(c, "deck") for c in pos.get("deck") or []]
        s.discard = [card(c, "discard") for c in pos.get("discard") or []]
        for item in pos.get("stack") or []:
            kind = CARD if item["kind"] == "card" else ABIL
            what = card(item["what"], "stack") if kind == CARD else int(item["what"])
            s.stack.append((kind, int(item["player"]), what, int(item["a"]), int(item["b"]), bool(item["cancelled"])))
        w = pos.get("window")
        if w:
            s.window = ResponseWindow(tuple(w["order"]), int(w["position"]), tuple(w.get("acted", ())))
        winner = pos.get("winner")
        s.winner = -1 if winner is None else int(winner)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise _bad("(structure)", str(exc)) from None
    return s
