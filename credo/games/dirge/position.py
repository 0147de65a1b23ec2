"""Positions: a readable JSON form of a whole Dirge state, to save any moment and
to set up any situation by hand (squares and creatures by name)."""

from __future__ import annotations

from credo.kernel import IllegalAction, Rng

from .board import FACINGS
from .views import plan_names


def state_to_position(s) -> dict:
    from .state import PHASES

    t, b = s.game.tables, s.game.board
    creatures = {}
    for c in range(t.n):
        entry: dict = {"owner": s.owner[c] if s.owner[c] >= 0 else None}
        if s.pos[c] >= 0:
            entry.update(square=b.names[s.pos[c]], facing=FACINGS[s.facing[c]])
        if s.damage[c]:
            entry["damage"] = s.damage[c]
        if s.markers[c]:
            entry["markers"] = s.markers[c]
        if s.spent[c]:
            entry["once_spent"] = True
        creatures[t.ids[c]] = entry
    return {
        "game": "dirge",
        "mode": s.mode,
        "turn_limit": s.turn_limit,
        "phase": PHASES[s.phase],
        "current": s.current,
        "turn": s.turn,
        "actions_left": s.pool,
        "used": [t.ids[c] for c in range(t.n) if s.used >> c & 1],
        "blocked": [t.ids[c] for c in range(t.n) if s.blocked >> c & 1],
        "active": t.ids[s.active] if s.active >= 0 else None,
        "plan_given": plan_names(s, s.active, s.given),
        "plan_left": plan_names(s, s.active, s.plan),
        "drawn": t.ids[s.drawn] if s.drawn >= 0 else None,
        "pile": [t.ids[c] for c in s.pile],
        "placed": list(s.placed),
        "winner": s.winner if s.winner >= 0 else None,
        "creatures": creatures,
        "rng": s.rng.to_position(),
    }


def _bad(field: str, message: str) -> IllegalAction:
    return IllegalAction("Position", f"position field {field}: {message}")


def state_from_position(game, pos: dict):
    from .state import PHASES, DirgeState

    t, b = game.tables, game.board
    if pos.get("game", "dirge") != "dirge":
        raise _bad("game", f"{pos.get('game')!r} is not dirge")
    try:
        opts = game.options(mode=pos.get("mode", "draw"), turn_limit=pos.get("turn_limit", 200))
        rng_words = pos.get("rng")
        rng = Rng.restore(*rng_words) if rng_words else Rng(pos.get("seed", 0))
        s = DirgeState.blank(game, rng, opts.mode, opts.turn_limit)
        phase = pos.get("phase", "play")
        if phase not in PHASES:
            raise _bad("phase", f"{phase!r} is not one of {PHASES}")
        s.phase = PHASES.index(phase)
        s.current = int(pos.get("current", 0))
        if s.current not in (0, 1):
            raise _bad("current", "must be 0 or 1")
        s.turn = int(pos.get("turn", 1))
        s.pool = int(pos.get("actions_left", 4))

        def cid(name: str, field: str) -> int:
            if name not in t.by_id:
                raise _bad(field, f"unknown creature {name!r}")
            return t.by_id[name]

        def mask(names, field: str) -> int:
            m = 0
            for name in names or []:
                m |= 1 << cid(name, field)
            return m

        for name, entry in (pos.get("creatures") or {}).items():
            c = cid(name, "creatures")
            owner = entry.get("owner")
            s.owner[c] = -1 if owner is None else int(owner)
            if s.owner[c] not in (-1, 0, 1):
                raise _bad(f"creatures.{name}.owner", "must be 0, 1 or null")
            sq = entry.get("square")
            if sq is not None:
                if sq not in b.index:
                    raise _bad(f"creatures.{name}.square", f"{sq!r} is not a square")
                if s.board[b.index[sq]] >= 0:
                    raise _bad(f"creatures.{name}.square", f"{sq} holds two creatures")
                if s.owner[c] < 0:
                    raise _bad(f"creatures.{name}.owner", "a creature on the battlefield has an owner")
                s.pos[c] = b.index[sq]
                s.board[s.pos[c]] = c
                facing = entry.get("facing", "n" if s.owner[c] == 0 else "s")
                if facing not in FACINGS:
                    raise _bad(f"creatures.{name}.facing", f"{facing!r} is not one of n, e, s, w")
                s.facing[c] = FACINGS.index(facing)
            s.damage[c] = int(entry.get("damage", 0))
            if not 0 <= s.damage[c] < t.wounds[c] or (s.damage[c] and s.pos[c] < 0):
                raise _bad(f"creatures.{name}.damage", "must be below the creature's wounds, on the battlefield")
            s.markers[c] = int(entry.get("markers", 0))
            s.spent[c] = bool(entry.get("once_spent", False))
        s.used = mask(pos.get("used"), "used")
        s.blocked = mask(pos.get("blocked"), "blocked")
        s.active = cid(pos["active"], "active") if pos.get("active") else -1
        if s.active >= 0:
            def plan_mask(items, field):
                m = 0
                for item in items or []:
                    if item == "move":
                        m |= 1
                    elif item == "attack":
                        m |= 2
                    else:
                        slots = [t.abilities[a].id for a in t.creature_abilities[s.active]]
                        if item not in slots or t.abilities[t.creature_abilities[s.active][slots.index(item)]].kind != "active":
                            raise _bad(field, f"{item!r} is not an action of the {t.names[s.active]}")
                        m |= 4 << slots.index(item)
                return m
            s.given = plan_mask(pos.get("plan_given"), "plan_given")
            s.plan = plan_mask(pos.get("plan_left"), "plan_left")
        s.drawn = cid(pos["drawn"], "drawn") if pos.get("drawn") else -1
        s.pile = [cid(n, "pile") for n in pos.get("pile") or []]
        placed = pos.get("placed")
        s.placed = list(placed) if placed else [
            sum(1 for c in range(t.n) if s.owner[c] == p and s.pos[c] >= 0) for p in (0, 1)
        ]
        winner = pos.get("winner")
        s.winner = -1 if winner is None else int(winner)
    except (KeyError, TypeError, ValueError) as exc:
        raise _bad("(structure)", str(exc)) from None
    return s
