"""What each player may know of a Jol state: everything public, plus their own hand
and their own face-down Prophecies. Never the order of a deck, the opponent's hand
or the opponent's face-down Prophecies."""

from __future__ import annotations

from .codes import ATTACHED, COGUM, ENGAGE_NAMES, FACE_DOWN, GRAVE, KIND_NAMES, LANE0, LASTING, MANIFEST, PHASES
from .content import FAITHS, LANES, STATS, VIRTUES


def observation(state, player: int | None) -> dict:
    g = state.game
    names, ids, card = g.card_names, g.tables.ids, state.card
    zone, owner = state.zone, state.owner

    def face_up(i: int) -> dict:
        # a card's number and which card it is; what that card is (name, family, text, printed
        # stats) is the same all game, so it is in the catalogue, not here
        return {"id": names[i], "card": ids[card[i]]}

    # one pass over the cards drawn, in number order, sorting them into the places shown
    field = ([[], []], [[], []], [[], []])  # per lane, per owner
    manifests, downs, graves, lasting_cards, vows = ([], []), ([], []), ([], []), [], {}
    for i, z in enumerate(zone[:state.nxt]):
        if LANE0 <= z < MANIFEST:
            field[z - LANE0][owner[i]].append(i)
        elif z == MANIFEST:
            manifests[owner[i]].append(i)
        elif z == FACE_DOWN:
            downs[owner[i]].append(i)
        elif z == GRAVE:
            graves[owner[i]].append(i)
        elif z == LASTING:
            lasting_cards.append(i)
        elif z == ATTACHED:
            vows.setdefault(state.host[i], []).append(face_up(i))  # face up once attached

    shown = [i for lane in field for side in lane for i in side] + manifests[0] + manifests[1]
    stats = state.field_stats(shown)
    ready, engaged = state.ready, state.engaged

    def cogum(i: int) -> dict:
        det, hrt, sprt = stats[i]
        return {"id": names[i], "card": ids[card[i]], "owner": owner[i], "det": det, "hrt": hrt, "sprt": sprt,
                "ready": (ready >> i & 1) == 1, "engaged": (engaged >> i & 1) == 1,
                "vows": vows.get(i, [])}

    inf = state.inf
    lanes = [{"lane": name, "inf": [inf[lane], inf[3 + lane]],
              "cogum": [[cogum(i) for i in mine] if mine else [], [cogum(i) for i in theirs] if theirs else []]}
             for (lane, name), (mine, theirs) in zip(enumerate(LANES), field)]
    sides = []
    for p in (0, 1):
        side = {
            "deck": state.decks[p],
            "deck_size": len(state.piles[p]),
            "hand_size": len(state.hands[p]),
            "manifest": [cogum(i) for i in manifests[p]],
            "face_down": [names[i] for i in downs[p]],
            "graveyard": [{"id": names[i], "card": ids[card[i]]} for i in graves[p]],  # face_up, inline
        }
        if player == p:  # face_up, inline
            side["hand"] = [{"id": names[i], "card": ids[card[i]]} for i in state.hands[p]]
            side["prophecies"] = [{"id": names[i], "card": ids[card[i]]} for i in downs[p]]
        sides.append(side)
    lasting = []
    for i in lasting_cards:
        h = state.host[i]
        lasting.append({"id": names[i], "card": ids[card[i]], "owner": owner[i],
                        "on": names[h] if h >= 0 else LANES[-2 - h]})
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
