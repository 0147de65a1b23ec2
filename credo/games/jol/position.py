"""Positions: a readable JSON form of a whole Jol state, to save any moment and to
set up any situation by hand (cards by number and card id, lanes by name)."""

from __future__ import annotations

from credo.kernel import IllegalAction, ResponseWindow, Rng

from .content import LANES
from .state import ATTACHED, ENGAGE_NAMES, FACE_DOWN, HAND, LASTING, PHASES, UNDRAWN, ZONES


def state_to_position(s) -> dict:
    g = s.game
    t = g.tables
    cards = {}
    for i in range(s.nxt):
        if s.zone[i] == UNDRAWN:  # a number a hand-written position skipped: not in play
            continue
        entry: dict = {"card": t.ids[s.card[i]], "owner": s.owner[i], "at": ZONES[s.zone[i]]}
        if s.zone[i] in (ATTACHED, LASTING):
            h = s.host[i]
            entry["on"] = g.card_name(h) if h >= 0 else LANES[-2 - h]
        if s.ready >> i & 1:
            entry["ready"] = True
        if s.engaged >> i & 1:
            entry["engaged"] = True
        buff = [s.buff.get(3 * i + k, 0) for k in range(3)]
        if any(buff):
            entry["buff"] = buff
        cards[g.card_name(i)] = entry
    w = s.window
    return {
        "game": "jol",
        "decks": list(s.decks),
        "phase": PHASES[s.phase],
        "current": s.current,
        "turn": s.turn,
        "summoned": s.summoned,
        "inf": [s.inf[0:3], s.inf[3:6]],
        "piles": [[t.ids[c] for c in s.piles[p]] for p in (0, 1)],
        "hands": [[g.card_name(i) for i in s.hands[p]] for p in (0, 1)],
        "cards": cards,
        "next": s.nxt,
        "engagement": None if s.attacker < 0 else {
            "kind": ENGAGE_NAMES[s.kind],
            "engaging": g.card_name(s.attacker),
            "defender": g.card_name(s.defender) if s.defender >= 0 else None,
            "step": s.step,
            "window": None if w is None else {"order": list(w.order), "position": w.position, "acted": list(w.acted)},
        },
        "winner": s.winner if s.winner >= 0 else None,
        "rng": s.rng.to_position(),
    }


def _bad(field: str, message: str) -> IllegalAction:
    return IllegalAction("Position", f"position field {field}: {message}")


def state_from_position(game, pos: dict):
    from .state import JolState

    t = game.tables
    if pos.get("game", "jol") != "jol":
        raise _bad("game", f"{pos.get('game')!r} is not jol")
    try:
        rng_words = pos.get("rng")
        rng = Rng.restore(*rng_words) if rng_words else Rng(pos.get("seed", 0))
        decks = tuple(pos.get("decks") or ("jovinet", "terrisol"))
        s = JolState.blank(game, rng, decks)
        phase = pos.get("phase", "formation")
        if phase not in PHASES:
            raise _bad("phase", f"{phase!r} is not one of {PHASES}")
        s.phase = PHASES.index(phase)
        s.current = int(pos.get("current", 0))
        if s.current not in (0, 1):
            raise _bad("current", "must be 0 or 1")
        s.turn = int(pos.get("turn", 1))
        s.summoned = bool(pos.get("summoned", False))
        inf = pos.get("inf") or [[0, 0, 0], [0, 0, 0]]
        s.inf = [int(x) for x in list(inf[0]) + list(inf[1])]
        if len(s.inf) != 6 or min(s.inf) < 0:
            raise _bad("inf", "two lists of three totals, none below zero")

        def card_type(cid: str, field: str) -> int:
            if cid not in t.by_id:
                raise _bad(field, f"unknown card {cid!r}")
            return t.by_id[cid]

        def instance(name, field: str) -> int:
            if not isinstance(name, str) or not name.startswith("c") or not name[1:].isdigit():
                raise _bad(field, f"{name!r} is not a card number like c7")
            i = int(name[1:]) - 1
            if not 0 <= i < game.n:
                raise _bad(field, f"{name} is beyond the {game.n} cards of a game")
            return i

        s.piles = [[card_type(c, f"piles[{p}]") for c in (pos.get("piles") or [[], []])[p]] for p in (0, 1)]
        cards = pos.get("cards") or {}
        top = -1
        for name, entry in cards.items():
            i = instance(name, "cards")
            top = max(top, i)
            s.card[i] = card_type(entry["card"], f"cards.{name}.card")
            s.owner[i] = int(entry.get("owner", 0))
            if s.owner[i] not in (0, 1):
                raise _bad(f"cards.{name}.owner", "must be 0 or 1")
            at = entry.get("at", "hand")
            if at not in ZONES or at == "undrawn":
                raise _bad(f"cards.{name}.at", f"{at!r} is not one of {ZONES[1:]}")
            s.zone[i] = ZONES.index(at)
            kind = t.kind[s.card[i]]
            if 2 <= s.zone[i] <= 5 and kind != 0:
                raise _bad(f"cards.{name}.at", "only a Cogum stands in a lane or the Manifest")
            if s.zone[i] == FACE_DOWN and kind != 3:
                raise _bad(f"cards.{name}.at", "only a Prophecy lies face down")
            if s.zone[i] in (ATTACHED, LASTING):
                on = entry.get("on")
                s.host[i] = LANES.index(on) * -1 - 2 if on in LANES else instance(on, f"cards.{name}.on")
            if entry.get("ready"):
                s.ready |= 1 << i
            if entry.get("engaged"):
                s.engaged |= 1 << i
            for k, b in enumerate(entry.get("buff") or [0, 0, 0]):
                if int(b):
                    s.buff[3 * i + k] = int(b)
        # a hand-written position may skip numbers: those cards are simply not in play
        s.nxt = int(pos.get("next", top + 1))
        if s.nxt <= top or s.nxt > game.n:
            raise _bad("next", f"must be above every card number and at most {game.n}")
        hands = pos.get("hands")
        if hands is None:
            hands = [[game.card_name(i) for i in range(s.nxt) if s.zone[i] == HAND and s.owner[i] == p] for p in (0, 1)]
        s.hands = [[instance(n, f"hands[{p}]") for n in hands[p]] for p in (0, 1)]
        for p in (0, 1):
            for i in s.hands[p]:
                if s.zone[i] != HAND or s.owner[i] != p:
                    raise _bad(f"hands[{p}]", f"{game.card_name(i)} is not in player {p + 1}'s hand")
        eng = pos.get("engagement")
        if eng:
            s.kind = ENGAGE_NAMES.index(eng["kind"])
            s.attacker = instance(eng["engaging"], "engagement.engaging")
            s.defender = instance(eng["defender"], "engagement.defender") if eng.get("defender") else -1
            s.step = int(eng.get("step", 1))
            w = eng.get("window")
            if w is not None:
                s.window = ResponseWindow(tuple(w["order"]), int(w["position"]), tuple(w.get("acted", ())))
            elif s.phase == PHASES.index("prayer"):
                order = (1 - s.current, s.current) if s.step == 1 else (s.current, 1 - s.current)
                s.window = ResponseWindow(order)
        if s.phase in (PHASES.index("prayer"), PHASES.index("defender")) and s.attacker < 0:
            raise _bad("engagement", "a Prayer step or a choice of defender needs an engagement")
        winner = pos.get("winner")
        s.winner = -1 if winner is None else int(winner)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise _bad("(structure)", str(exc)) from None
    return s
