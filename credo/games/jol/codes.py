"""Jol's codes and tables: what the integers of a state, an action and a card mean. The
bottom of the package: every other module reads them, and they import nothing of the game's
but its content's names and rule references, so no module has to wait for another."""

from __future__ import annotations

COGUM, TALENT, VOW, PROPHECY, PRAYER = 0, 1, 2, 3, 4
KIND_NAMES = ("Cogum", "Talent", "Vow", "Prophecy", "Prayer")
DET, HRT, SPRT = 0, 1, 2
# engagement roles, for modifiers that apply only while instigating, influencing or defending
NONE, INSTIGATING, INFLUENCING, DEFENDING = 0, 1, 2, 3
ROLE = {"always": NONE, "instigating": INSTIGATING, "influencing": INFLUENCING, "defending": DEFENDING}
# targets
T_NONE, T_LANE, T_ALLY, T_RIVAL, T_COGUM, T_ENGAGED_ALLY, T_ENGAGED_RIVAL = range(7)
TARGETS = ("none", "lane", "ally", "rival", "cogum", "engaged_ally", "engaged_rival")
# effect ops
GAIN, LOSE, MODIFY, READY, EXHAUST, DRAW = range(6)
OPS = ("gain_inf", "lose_inf", "modify", "ready", "exhaust", "draw")
LANE_SUBJECT, LANE_EACH = -1, 3
TRIGGERS = ("rival_summons", "rival_instigates", "rival_influences", "rival_gains_inf", "rival_reaches", "ally_broken")
SKILL_EVENTS = ("summoned", "breaks_rival", "influenced", "end_phase", "broken")

# phases (Draw, Ready and End are carried out at once: nobody decides in them)
FORMATION, ENGAGEMENT, PRAYER_STEP, DEFENDER, OVER = range(5)
PHASES = ("formation", "engagement", "prayer", "defender", "over")
# zones of a card instance; a Cogum in lane l is in zone LANE0 + l
UNDRAWN, HAND, LANE0, MANIFEST, FACE_DOWN, GRAVE, ATTACHED, LASTING = 0, 1, 2, 5, 6, 7, 8, 9
ZONES = ("undrawn", "hand", "boog", "court", "limit", "manifest", "prophecy", "graveyard", "vow", "talent")
INSTIGATE, INFLUENCE = 1, 2
ENGAGE_NAMES = ("", "instigate", "influence")
STAT_NAMES = ("DET", "HRT", "SPRT")
# skill events
SUMMONED, BREAKS_RIVAL, INFLUENCED, END_OF_TURN, BROKEN = range(5)
# prophecy triggers
RIVAL_SUMMONS, RIVAL_INSTIGATES, RIVAL_INFLUENCES, RIVAL_GAINS, RIVAL_REACHES, ALLY_BROKEN = range(6)


def lane_host(lane: int) -> int:
    """The `host` of a lasting Talent laid on a lane (a Cogum host is its number >= 0)."""
    return -2 - lane
