"""Dogma's codes and tables: what the integers of a state, an action and a card mean. The bottom
of the package: every other module reads them, and they import nothing of the game's but its
content's names and rule references, so no module has to wait for another."""

from __future__ import annotations

from .content import CULT_TYPES, KEYWORDS, MALEFICS

PATHS = ("violence", "rationality", "blasphemy")  # section 6, the Order II symbols
MAX_CULT = 4  # three, or four with Elaine della Croce Bianca
ARCANA = 4  # Prophet Arcana per player

# keyword bits
KW = {k: 1 << i for i, k in enumerate(KEYWORDS)}
REVEALED, SWIFT, SLOW, GLOBAL, PROTECTION, ARDUOUS = (KW[k] for k in KEYWORDS)
# malefic bits
MAL = {m: 1 << i for i, m in enumerate(MALEFICS)}
CRISIS, FANATICISM, HYSTERIA, WITHERING = (MAL[m] for m in MALEFICS)
TYPE_BIT = {t: 1 << i for i, t in enumerate(CULT_TYPES)}

SIDES = ("left", "right")  # section 5.1, the Target token's ends (SX, DX)

# indices into an aggregate of a Prophet's passive modifiers (see _AggCache)
AG_BONUS, AG_RED, AG_FERVOR, AG_FAITH, AG_MALIMM, AG_IMMUNE, AG_SPECIALS, AG_START = range(8)

DEPLOY, ORDERS, RESOLVE, OVER, CHAOS = 0, 1, 2, 3, 4
PHASES = ("deploy", "orders", "resolve", "over", "chaos")
ORDER_KINDS = frozenset(("summon", "intervene", "appeal", "cult", "special", "pass"))
CHAOS_KINDS = frozenset(("take", "done_packet", "continue", "conclude"))
REAR, ACTIVE, DEFEATED, EMPTY = 0, 1, 2, -1
REVIVE = -1  # a pending choice with this slot: which defeated Prophet Sharira returns
WHERE = {REAR: "rear", ACTIVE: "active", DEFEATED: "defeated", EMPTY: None}
CANCELLED = 1  # flags bit: ability cancelled while active
SPENT_PROPHET = 2  # flags bit: the Prophet's once-per-game Special is spent
SPENT_RELIC0 = 4  # flags bit << r: the r-th Relic's once-per-game Special is spent
DRAW = 2
APPEAL_DAMAGE = 30  # section 4, Appeal to Rationality
CRISIS_DAMAGE = 10  # section 4, Mystical Crisis
PRIORITY = {"summon": 1, "intervene": 2, "appeal": 2, "cult": 3, "special": 3, "pass": 3}
MAL_ORDER = tuple(1 << i for i in range(len(MALEFICS)))
ONLY = tuple(frozenset((p,)) for p in range(4))  # visible_to for one player's private events
# 2 vs 2 seating (ruling D-21): players 1-2-3-4 clockwise; the left neighbour is the next player clockwise
NEIGHBOUR = (tuple((p + 1) % 4 for p in range(4)), tuple((p - 1) % 4 for p in range(4)))
OPPONENTS = {2: ((1,), (0,)), 4: ((1, 3), (0, 2), (1, 3), (0, 2))}
OPPOSITE = {2: (1, 0), 4: (1, 0, 3, 2)}  # a default Target before any is revealed


class Names(tuple):
    """Names joined with commas only when an event is read."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return ", ".join(self)
