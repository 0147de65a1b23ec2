"""What each player may know of a Jol state: everything public, plus their own hand
and their own face-down Prophecies. Never the order of a deck, the opponent's hand
or the opponent's face-down Prophecies."""

from __future__ import annotations

from .content import FAITHS, LANES, VIRTUES
from .game import KIND_NAMES
from .state import (
    ATTACHED,
    ENGAGE_NAMES,
    FACE_DOWN,
    GRAVE,
    LANE0,
    LASTING,
    MANIFEST,
    PHASES,
)


def card_view(state, i: int) -> dict:
    """A face-up card: its number, card, family and name."""
    g = state.game
    t = g.tables
    c = state.card[i]
    return {"id": g.card_name(i), "card": t.ids[c], "name": t.names[c], "family": KIND_NAMES[t.kind[c]].lower()}


def cogum_view(state, i: int) -> dict:
    g = state.game
    t = g.tables
    c = state.card[i]
    v = card_view(state, i)
    det, hrt, sprt = state.stats(i)
    v.update(
        owner=state.owner[i],
        faith=FAITHS[t.faith[c]],
        virtue=VIRTUES[t.virtue[c]],
        printed=list(t.stats[c]),
        det=det,
        hrt=hrt,
        sprt=sprt,
        ready=state.is_ready(i),
        engaged=bool(state.engaged >> i & 1),
        skill=t.skill_name[c] or None,
        vows=[g.card_name(j) for j in sorted(state.host) if state.host[j] == i and state.zone[j] == ATTACHED],
    )
    return v


def observation(state, player: int | None) -> dict:
    g = state.game
    zone, owner = state.zone, state.owner
    lanes = []
    for lane, name in enumerate(LANES):
        z = LANE0 + lane
        lanes.append({
            "lane": name,
            "inf": [state.inf[lane], state.inf[3 + lane]],
            "cogum": [[cogum_view(state, i) for i in range(state.nxt) if zone[i] == z and owner[i] == p] for p in (0, 1)],
        })
    sides = []
    for p in (0, 1):
        own = player == p
        down = [i for i in range(state.nxt) if zone[i] == FACE_DOWN and owner[i] == p]
        side = {
            "deck": state.decks[p],
            "deck_size": len(state.piles[p]),
            "hand_size": len(state.hands[p]),
            "manifest": [cogum_view(state, i) for i in range(state.nxt) if zone[i] == MANIFEST and owner[i] == p],
            "face_down": [g.card_name(i) for i in down],
            "graveyard": [card_view(state, i) for i in range(state.nxt) if zone[i] == GRAVE and owner[i] == p],
        }
        if own:
            side["hand"] = [card_view(state, i) for i in state.hands[p]]
            side["prophecies"] = [card_view(state, i) for i in down]
        sides.append(side)
    lasting = []
    for i in range(state.nxt):
        if zone[i] == LASTING:
            h = state.host[i]
            v = card_view(state, i)
            v.update(owner=owner[i], on=g.card_name(h) if h >= 0 else LANES[-2 - h])
            lasting.append(v)
    engagement = None
    if state.attacker >= 0:
        w = state.window
        engagement = {
            "kind": ENGAGE_NAMES[state.kind],
            "engaging": g.card_name(state.attacker),
            "lane": LANES[state.lane_of(state.attacker)] if state.lane_of(state.attacker) >= 0 else None,
            "defender": g.card_name(state.defender) if state.defender >= 0 else None,
            "step": state.step,
            "answering": w.order[w.position] if w is not None and not w.closed else None,
            "prayed": list(w.acted) if w is not None else [],
        }
    return {
        "game": "jol",
        "player": player,
        "phase": PHASES[state.phase],
        "turn": state.turn,
        "current": state.current,
        "to_move": list(state.to_move),
        "summoned": state.summoned,
        "drawn": state.nxt,
        "lanes": lanes,
        "players": sides,
        "lasting": lasting,
        "engagement": engagement,
        "winner": state.winner if state.winner >= 0 else None,
        "rules": {"win_inf": g.rules.win_inf, "lane_spaces": g.lane_spaces, "manifest_size": g.rules.manifest_size},
    }
