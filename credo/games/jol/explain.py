"""Why an action is illegal: the rule it breaks, in words a player understands.

Only reached when an action is not among the legal ones, so it may be slow."""

from __future__ import annotations

from credo.kernel import IllegalAction

from . import rules as R
from .codes import (COGUM, DEFENDER, ENGAGEMENT, FACE_DOWN, FORMATION, HAND, KIND_NAMES, MANIFEST, OVER, PRAYER,
                    PRAYER_STEP, PROPHECY, TALENT, T_ALLY, T_ENGAGED_ALLY, T_ENGAGED_RIVAL, T_LANE, T_NONE, T_RIVAL,
                    UNDRAWN, VOW)
from .content import LANES

VERB_FAMILY = {"summon": COGUM, "talent": TALENT, "vow": VOW, "prophecy": PROPHECY, "pray": PRAYER}
FAMILY_RULE = {COGUM: R.SUMMON, TALENT: R.TALENT, VOW: R.VOW, PROPHECY: R.PROPHECY, PRAYER: R.PRAYER}
FAMILY_VERB = {COGUM: "summon", TALENT: "talent", VOW: "vow", PROPHECY: "prophecy", PRAYER: "pray"}


def explain(s, action, player: int) -> IllegalAction:
    rule, message = _reason(s, action, player)
    return IllegalAction(rule, message, str(action))


def _reason(s, action, player: int) -> tuple[str, str]:
    g = s.game
    t = g.tables
    kind, args = action.kind, action.args
    name = g.card_name
    if s.phase == OVER:
        return R.WIN, "the game is over"

    def who(i: int) -> str:
        # a card is named only if the asking player can see it: not undrawn, not in the
        # opponent's hand, not one of the opponent's face-down Prophecies
        hidden = s.zone[i] == UNDRAWN or (s.owner[i] != player and s.zone[i] in (HAND, FACE_DOWN))
        return name(i) if hidden else f"{name(i)} ({t.names[s.card[i]]})"

    # cards played from the hand -----------------------------------------------------
    if kind in VERB_FAMILY:
        i = args[0]
        family = VERB_FAMILY[kind]
        if s.zone[i] == UNDRAWN:
            return R.CAPACITIES, f"{name(i)} has not been drawn yet"
        if s.owner[i] != player or s.zone[i] != HAND:
            return R.CAPACITIES, f"{who(i)} is not in your hand"
        c = s.card[i]
        if t.kind[c] != family:
            return FAMILY_RULE[t.kind[c]], (f"{who(i)} is a {KIND_NAMES[t.kind[c]]}, not a {KIND_NAMES[family]}: "
                                            f"play it with '{FAMILY_VERB[t.kind[c]]}'")
        if family == PRAYER:
            if s.phase != PRAYER_STEP:
                return R.PRAYER, "a Prayer is played during an engagement, in a Prayer step"
        else:
            if s.phase == PRAYER_STEP:
                return R.PRAYER, "in a Prayer step you may only play one Prayer or pass"
            if s.phase == DEFENDER:
                return R.DEFEND, "your opponent must choose a defender first" if player == s.current else "choose a defender first"
            if s.phase == ENGAGEMENT:
                return R.FORMATION, f"{KIND_NAMES[family]}s are played in the Formation phase, which ended with your first engagement"
            if player != s.current:
                return R.FORMATION, f"{KIND_NAMES[family]}s are played during your own Formation phase"
        if family == COGUM:
            if s.summoned:
                return R.SUMMON, "you have already summoned a Cogum this turn (one summon per turn)"
            return R.SUMMON, f"the {LANES[args[1]].capitalize()} has no open space on your side ({g.lane_spaces} per side)"
        if family == PROPHECY:
            return R.PROPHECY, "this Prophecy cannot be placed now"
        target = args[1]
        lane = args[2] if len(args) > 2 else -1
        tg = t.target[c]
        rule = FAMILY_RULE[family]
        if tg == T_NONE:
            return rule, f"{t.names[c]} takes no target: '{kind} {name(i)}'"
        if tg == T_LANE:
            return rule, f"{t.names[c]} targets a lane: '{kind} {name(i)} boog|court|limit'"
        if target < 0:
            return rule, f"{t.names[c]} targets a Cogum: '{kind} {name(i)} cN'"
        if s.zone[target] == UNDRAWN or not s.in_lane(target):
            return R.R_TARGETS, f"{name(target)} is not a Cogum in a lane"
        if tg in (T_ALLY, T_ENGAGED_ALLY) and s.owner[target] != player:
            return R.R_TARGETS, f"{t.names[c]} targets one of your own Cogum"
        if tg in (T_RIVAL, T_ENGAGED_RIVAL) and s.owner[target] == player:
            return R.R_TARGETS, f"{t.names[c]} targets a Rival (your opponent's Cogum)"
        if tg in (T_ENGAGED_ALLY, T_ENGAGED_RIVAL):
            return R.R_TARGETS, f"{t.names[c]} targets a Cogum taking part in the engagement"
        return R.FAITH, f"{t.names[c]} needs a target of the Faith or Virtue it names ({t.text[c]})"

    if kind == "pass":
        if s.phase == DEFENDER:
            return R.DEFEND, "while a Ready Rival stands in the lane, one must defend: 'defend cN'"
        return R.PRAYER, "passing is for Prayer steps"
    if s.phase == PRAYER_STEP:
        return R.PRAYER, f"Prayer step {s.step}: play one Prayer ('pray cN ...') or 'pass'"
    if kind == "defend":
        j = args[0]
        if s.phase != DEFENDER:
            return R.DEFEND, "there is no defender to choose now"
        lane = LANES[s.lane_of(s.attacker)].capitalize()
        if s.zone[j] == UNDRAWN or s.owner[j] != player:
            return R.DEFEND, f"{who(j)} is not one of your Cogum"
        if s.lane_of(j) != s.lane_of(s.attacker):
            return R.DEFEND, f"the defender must stand in the {lane}"
        return R.DEFEND, f"{who(j)} is Exhausted: only a Ready Rival can defend"
    if s.phase == DEFENDER:
        return R.DEFEND, "a Ready Rival in the lane must defend: 'defend cN'"
    if kind == "end":
        return R.END_PHASE, "it is not your turn to end"
    if kind in ("manifest", "deploy"):
        i = args[0]
        rule = R.MANIFEST if kind == "manifest" else R.DEPLOY
        if s.phase != FORMATION:
            return R.FORMATION, "the Manifest moves are Formation-phase moves, and Formation ended with your first engagement"
        if s.zone[i] == UNDRAWN or s.owner[i] != player or t.kind[s.card[i]] != COGUM:
            return rule, f"{who(i)} is not one of your Cogum"
        if kind == "manifest":
            if not s.in_lane(i):
                return R.MANIFEST, f"{who(i)} is not in a lane"
            if not s.is_ready(i):
                return R.MANIFEST, f"{who(i)} is Exhausted: only Ready allies move to the Manifest"
            return R.MANIFEST, f"the Manifest holds at most {g.rules.manifest_size} Cogum"
        if s.zone[i] != MANIFEST:
            return R.DEPLOY, f"{who(i)} is not in your Manifest"
        if not s.is_ready(i):
            return R.DEPLOY, f"{who(i)} is Exhausted: only Ready allies move from the Manifest"
        return R.DEPLOY, f"the {LANES[args[1]].capitalize()} has no open space on your side"
    if kind in ("instigate", "influence"):
        i = args[0]
        rule = R.INSTIGATE if kind == "instigate" else R.INFLUENCE
        if s.zone[i] == UNDRAWN or s.owner[i] != player or t.kind[s.card[i]] != COGUM:
            return rule, f"{who(i)} is not one of your Cogum"
        if not s.in_lane(i):
            return R.R_MANIFEST, f"{who(i)} does not stand in a lane"
        if s.engaged >> i & 1:
            return R.R_ONCE, f"{who(i)} has already made its engagement this turn"
        return rule, f"{who(i)} is Exhausted: only a Ready Cogum engages"
    return R.NOTATION, "not possible now"
