"""What each player may know of a Dirge state: everything but the order of the
face-down pile. Creatures are named by id; what never changes (their cards, the
battlefield) is in the game's catalogue (catalogue.py), sent once, not at every move."""

from __future__ import annotations

from .board import FACINGS
from .codes import PHASES


def plan_names(state, c: int, mask: int) -> list[str]:
    if c < 0 or not mask:
        return []
    return state.game.tables.plan_text(c, mask).split("+")


def creature_view(state, c: int) -> dict:
    t = state.game.tables
    on_board = state.pos[c] >= 0
    return {
        "id": t.ids[c],
        "owner": state.owner[c] if state.owner[c] >= 0 else None,
        "square": state.game.board.names[state.pos[c]] if on_board else None,
        "facing": FACINGS[state.facing[c]] if on_board else None,
        "damage": state.damage[c],
        "markers": state.markers[c],
        "destroyed": state.owner[c] >= 0 and not on_board and state.phase != 0,
        "used": bool(state.used >> c & 1),
        "blocked": bool(state.blocked >> c & 1),
        "once_spent": state.spent[c],
    }


def observation(state, player: int | None) -> dict:
    t = state.game.tables
    ids, names = t.ids, state.game.board.names
    owner, pos, facing, damage, markers, spent = (state.owner, state.pos, state.facing, state.damage,
                                                  state.markers, state.spent)
    used, blocked, started = state.used, state.blocked, state.phase != 0
    # the creatures, written out (as creature_view does) without a call per creature
    creatures = []
    for c in range(t.n):
        on_board = pos[c] >= 0
        creatures.append({
            "id": ids[c],
            "owner": owner[c] if owner[c] >= 0 else None,
            "square": names[pos[c]] if on_board else None,
            "facing": FACINGS[facing[c]] if on_board else None,
            "damage": damage[c],
            "markers": markers[c],
            "destroyed": owner[c] >= 0 and not on_board and started,
            "used": (used >> c & 1) == 1,
            "blocked": (blocked >> c & 1) == 1,
            "once_spent": spent[c],
        })
    return {
        "game": "dirge",
        "player": player,
        "mode": state.mode,
        "phase": PHASES[state.phase],
        "turn": state.turn,
        "current": state.current,
        "to_move": list(state.to_move),
        "actions_left": state.pool,
        "active": ids[state.active] if state.active >= 0 else None,
        "plan_given": plan_names(state, state.active, state.given),
        "plan_left": plan_names(state, state.active, state.plan),
        "drawn": ids[state.drawn] if state.drawn >= 0 else None,
        "pile_size": len(state.pile),
        # Which creatures remain unchosen is public; in draw mode their order is not.
        "unchosen": sorted([ids[c] for c in range(t.n) if owner[c] < 0]),
        "creatures": creatures,
        "winner": state.winner if state.winner in (0, 1) else None,
        "draw": state.winner == 2,
    }
