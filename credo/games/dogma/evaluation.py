"""A heuristic value of a Dogma position: Faith left across the Prophets still in
play, weighted towards the active Prophets, with malefic markers as a burden. During
Chaos mode's preparation, what each side has drafted into its Arcana so far."""

from __future__ import annotations

import math

from .codes import ARCANA, CHAOS, ORDERS, OVER

# what a drafted card adds to its side before play: a Prophet counts as play counts it at full
# Faith in the rear guard (0.5 + Faith / 100), an Intervention as play counts one in hand
DRAFTED_CARD = 0.15  # a Cult card or Relic in an Arcanum: the damage and protection to come
# a card in an Arcanum still without its Prophet is worth nothing yet and narrows which Prophets
# that Arcanum may take (sleeve restrictions): drafted that way, sides ended with two Prophets
LOOSE_CARD = -0.05
INTERVENTION = 0.1
# a complete draft of Prophets of average Faith (about 120): four at 0.5 + 1.2, twelve cards
# and four Interventions. A draft is scored against it: a complete one is worth about 0, as
# the first position of play between even sides is, so that concluding is not a fall in value
# (a search would otherwise pay 20 damage a packet to stay in the draft)
COMPLETE_DRAFT = 4 * 1.7 + 12 * DRAFTED_CARD + 4 * INTERVENTION
DRAFT_SCALE = 8.0  # tanh's scale: an empty draft at -0.81, not yet flat


def evaluate(s, player: int) -> float:
    if s.phase == CHAOS:
        return _drafted(s, player)
    if s.phase == OVER:
        if s.winner in (0, 1):
            return 1.0 if s.winner == player % 2 else -1.0  # 2 vs 2: the team of players p with p % 2
        return 0.0
    score = 0.0
    for sl in range(s.np * ARCANA):
        if s.proph[sl] < 0 or s.where[sl] not in (0, 1):
            continue
        sign = 1.0 if sl // ARCANA % 2 == player % 2 else -1.0
        left = max(0, s.faith(sl) - s.dmg[sl])
        w = 1.2 if s.where[sl] == 1 else 1.0
        score += sign * w * (0.5 + left / 100.0)
        score -= sign * 0.15 * s.mal[sl].bit_count()
    for p in range(s.np):
        sign = 1.0 if p % 2 == player % 2 else -1.0
        score += sign * 0.1 * len(s.di[p])
    return math.tanh(score / 4.0)


def two_sided(s) -> bool:
    """Play is two-sided; during the draft each side values its own draft (see _drafted)."""
    return s.phase != CHAOS


def at_rest(s) -> bool | None:
    """Whether the game waits for the Orders of a new round, nothing of the last one left to
    resolve (section 4): Orders are chosen together and resolved in a chain of reveals, tests,
    damage and choices by both sides, and halfway along that chain the Faith on the table says
    little about who is ahead. None during the Chaos draft, which has no rounds."""
    if s.phase == CHAOS:
        return None
    c = s.commit
    return s.phase == ORDERS and not s.pending and s.test is None and c is not None and not c.choices


def _drafted(s, player: int) -> float:
    """The Arcana built so far by the player's side (section 2.1.1): without it every draft
    looked alike to the search, which then drafted at random (often two Prophets a side, where
    the rulebook calls construction the strategic heart of the game). Damage taken for extra
    packets counts as Faith lost, as it will be on the first Prophet deployed.

    Every other player's draft is left out, the partner's in 2 vs 2 too: it is drafted from
    other packets and hidden, so in a search it is only what that search's sampled worlds and
    random replies made of it, noise as large as a Prophet on every leaf. The player who always
    chose first among the two (the engine asks seat 1 first) searched through that noise and
    drafted three Prophets to seat 2's four, losing 4 games in 30; in 2 vs 2, counting the
    partner's draft left players 1 and 2 (who choose while their partners still have a choice
    to make) with three Prophets and less, players 3 and 4 with four."""
    prep = s.prep
    faith = s.game.tables.faith
    mine = 0.0
    for k in range(ARCANA):
        prophet = prep.bp[player][k]
        cards = len(prep.bc[player][k])
        if prophet >= 0:
            mine += 0.5 + faith[prophet] / 100.0 + DRAFTED_CARD * cards
        else:
            mine += LOOSE_CARD * cards
    mine += INTERVENTION * len(prep.bd[player]) - s.pend_dmg[player] / 100.0
    return math.tanh((mine - COMPLETE_DRAFT) / DRAFT_SCALE)
