"""Why an action is illegal: the rule it breaks, in words a player understands.

Only reached when an action is not among the legal ones, so it may be slow."""

from __future__ import annotations

from credo.kernel import IllegalAction

from . import rules as R
from .codes import ABILITY0, ATTACK, MOVE, OVER, SETUP


def explain(s, action, player: int) -> IllegalAction:
    rule, message = _reason(s, action, player)
    return IllegalAction(rule, message, str(action))


def _reason(s, action, player: int) -> tuple[str, str]:
    g, t, b = s.game, s.game.tables, s.game.board
    kind, args = action.kind, action.args
    if s.phase == OVER:
        return R.END, "the game is over"
    if s.phase == SETUP:
        if kind not in ("place", "pick"):
            return R.CHOOSING, "the creatures are chosen and placed before combat begins"
        if s.mode == "draw" and kind == "pick":
            return R.CHOOSING, f"in draw mode you place the creature you drew ({t.ids[s.drawn]}): 'place SQUARE'"
        if s.mode != "draw" and kind == "place":
            return R.CHOOSING, "name the creature you choose: 'place CREATURE SQUARE'"
        sq = args[-1]
        if kind == "pick":
            c = args[0]
            if s.owner[c] >= 0:
                return R.CHOOSING, f"the {t.names[c]} has already been chosen"
            if s.mode == "teams" and c not in g.teams[player]:
                return R.RECOMMENDED, f"the {t.names[c]} is in the other player's recommended team"
        if sq not in g.start_spaces[player]:
            return R.CHOOSING, f"{b.names[sq]} is not a red starting space of your side"
        return R.CHOOSING, f"{b.names[sq]} already holds a creature"
    # play phase
    if kind in ("place", "pick"):
        return R.CHOOSING, "once a creature has been placed, it cannot be placed again; the game has begun"
    if kind == "give":
        c, mask = args
        if s.active >= 0:
            return R.STEP_TWO, f"one creature at a time: the {t.names[s.active]} is taking its actions: carry them out or say 'done' first"
        if s.owner[c] != player:
            return R.ACTIONS, f"the {t.names[c]} is not your creature"
        if s.pos[c] < 0:
            return R.WOUNDS, f"the {t.names[c]} is not on the battlefield"
        if s.used >> c & 1:
            return R.ACTIONS, f"the {t.names[c]} has received its actions this turn and cannot be used again"
        if s.blocked >> c & 1:
            return R.STEP_TWO, f"the {t.names[c]} began Step Two with a black marker: it cannot be given actions"
        cost = t.plan_cost(c, mask)
        if cost > s.pool:
            return R.STEP_TWO, f"that costs {cost} action markers and you have {s.pool} left of four"
        if mask & ATTACK and not s._attack_targets(c):
            return R.R_FEASIBLE, f"no opposing creature is within the {t.names[c]}'s Range to attack (give it a move first)"
        return R.R_FEASIBLE, f"the {t.names[c]}'s ability has no target now (give it a move first)"
    if kind in ("move", "attack", "ability", "done") and s.active < 0:
        return R.ACTIONS, "no creature is taking actions: give one its actions first ('give CREATURE ACTIONS')"
    c = s.active
    if kind == "done":
        return R.ACTIONS, "'done' is always legal while a creature acts"  # unreachable
    bit = MOVE if kind == "move" else ATTACK if kind == "attack" else 0
    if kind == "ability":
        a = args[0]
        slots = t.creature_abilities[c]
        if a not in slots:
            return R.ABILITY, f"the {t.names[c]} has no ability {t.abilities[a].name}"
        bit = ABILITY0 << slots.index(a)
    if not s.plan & bit:
        if s.given & bit:
            return R.ACTIONS, "a creature cannot be given the same action twice in the same turn"
        return R.ACTIONS, f"that action was not among those given to the {t.names[c]}"
    if kind == "move":
        sq, f = args
        start = s.pos[c]
        if sq == start and f == s.facing[c]:
            return R.R_NOOP, "a move must change the creature's space or its facing"
        if s.board[sq] >= 0 and sq != start:
            return R.MOVE, f"{b.names[sq]} is occupied: a creature cannot end its move on another creature"
        if b.distance(start, sq) > t.speed[c]:
            return R.MOVE, f"{b.names[sq]} is {b.distance(start, sq)} spaces away; the {t.names[c]}'s Speed is {t.speed[c]}"
        return R.MOVE, "no path there: creatures move orthogonally and never through an opposing creature"
    if kind == "attack":
        d = args[0]
        if s.pos[d] < 0:
            return R.COMBAT, f"the {t.names[d]} is not on the battlefield"
        if s.owner[d] == player:
            return R.COMBAT, "a creature attacks opposing creatures only"
        if t.range[c] == 1:
            return R.RANGE, "a Range 1 creature attacks only the creature adjacent to its front; a creature cannot change facing to attack"
        if b.distance(s.pos[c], s.pos[d]) > t.range[c]:
            return R.RANGE3, f"the {t.names[d]} is more than {t.range[c]} spaces away"
        return R.RANGE3, "a Range 3 creature must face the creature it attacks from afar, and attacks adjacent creatures only at its front"
    ab = t.abilities[args[0]]
    target = args[1]
    if target >= 0 and s.pos[target] < 0:
        return R.ABILITY, f"the {t.names[target]} is not on the battlefield"
    if ab.parameter == "direction" and target >= 0 and t.immovable[target]:
        return R.ABILITY, f"the {t.names[target]} cannot be pushed"
    if ab.parameter == "direction" and target in s._ability_targets(c, ab):
        return R.R_PUSH, "the space it would be pushed to is off the battlefield or occupied"
    if ab.parameter == "facing" and target in s._ability_targets(c, ab):
        return R.ABILITY, "the creature already faces that way"
    return R.ABILITY, f"{ab.name} needs {ab.target.replace('_', ' ')} (range {ab.range}) as its target"
