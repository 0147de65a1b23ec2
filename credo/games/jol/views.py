"""What each player may know of a Jol state: everything public, plus their own hand
and their own face-down Prophecies. Never the order of a deck, the opponent's hand
or the opponent's face-down Prophecies."""

from __future__ import annotations

from .content import FAITHS, LANES, STATS, VIRTUES
from .game import COGUM, KIND_NAMES
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
    """A face-up card: its number and which card it is. What that card is (name, family, text,
    printed stats) is the same all game, so it is in the game's catalogue, not here."""
    return {"id": state.game.card_name(i), "card": state.game.tables.ids[state.card[i]]}


def cogum_view(state, i: int) -> dict:
    """A Cogum in play: its card, owner, stats now, Ready, engaged, and its Vows (face up once
    attached, so each names its card)."""
    v = card_view(state, i)
    det, hrt, sprt = state.stats(i)
    v.update(
        owner=state.owner[i],
        det=det,
        hrt=hrt,
        sprt=sprt,
        ready=state.is_ready(i),
        engaged=bool(state.engaged >> i & 1),
        vows=[card_view(state, j) for j in sorted(state.host) if state.host[j] == i and state.zone[j] == ATTACHED],
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
    }


def catalogue(game) -> dict:
    """Jol's public, unchanging content for a display (Game.catalogue): every card's face by
    card id, the decks, the lanes and the numbers of the table's rules."""
    t = game.tables
    cards = {}
    for c in range(t.n):
        face = {"name": t.names[c], "family": KIND_NAMES[t.kind[c]].lower(), "text": t.text[c]}
        if t.kind[c] == COGUM:
            face.update(faith=FAITHS[t.faith[c]], virtue=VIRTUES[t.virtue[c]], planet=game.content.cogum[c].planet,
                        printed=list(t.stats[c]), skill=t.skill_name[c] or None)
        cards[t.ids[c]] = face
    r = game.rules
    return {
        "game": "jol",
        "cards": cards,
        "decks": {d.id: {"name": d.name, "text": d.text} for d in game.content.decks},
        "lanes": list(LANES),
        "stats": list(STATS),  # the order of a Cogum's `printed`
        "rules": {"win_inf": r.win_inf, "win_lanes": r.win_lanes, "lane_spaces": game.lane_spaces,
                  "manifest_size": r.manifest_size, "opening_hand": r.opening_hand, "deck_size": r.deck_size},
    }
