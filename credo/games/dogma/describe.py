"""Help text for an action: what it does, in a sentence."""

from __future__ import annotations

from .codes import PATHS


def describe(game, action) -> str:
    t = game.tables
    kind, args = action.kind, action.args
    if kind == "deploy":
        return f"Choose the Prophet in position {args[0] + 1} of your rear guard (at the Opening: Arcanum {args[0] + 1}) as your active Prophet."
    if kind == "summon":
        return f"Order I, Summoning (priority): withdraw your active Prophet and deploy the one in rear-guard position {args[0] + 1}."
    if kind == "intervene":
        return "Order II: play the top card of your Divine Interventions Arcanum."
    if kind == "appeal":
        return "Order II, Appeal to Rationality (Divine Interventions spent): every active Prophet receives 30 damage."
    if kind == "cult":
        return f"Order III: reveal and activate your active Prophet's Cult card {args[0] + 1}."
    if kind == "special":
        skind, i, cid = t.specials[args[0]]
        ab = game.content.prophets[i].ability if skind == "prophet" else game.content.relics[i].ability
        return f"Order III, Special: trigger {ab.name} ({cid}): {ab.text}"
    if kind == "pass":
        return "No Order can be used: pass this turn."
    if kind == "revive":
        return (f"Sharira: the defeated Prophet of your Arcanum {args[0] + 1} returns to the end of your rear guard, "
                "without markers.")
    if kind == "wither":
        return f"Place the Withering marker on Cult card {args[0] + 1}: it is out of the game while the marker stays."
    if kind == "path":
        return f"Fidelity Test: choose the path {PATHS[args[0]]} in secret; the tester must name it to pass."
    if kind == "guess":
        return f"Fidelity Test: name the path {PATHS[args[0]]}; if the opponent chose it, the test is passed."
    if kind == "take":
        ckind, cid, n = args
        if ckind == "di":
            return f"Chaos: take the Divine Intervention {_name(game, ckind, cid)} from your packet into your Divine Interventions Arcanum (5)."
        return (f"Chaos: take the {CARD_KINDS[ckind]} {_name(game, ckind, cid)} from your packet into your Arcanum {n + 1}; "
                "once placed it cannot be removed.")
    if kind == "done_packet":
        return "Chaos: you have taken what you want from the packet in hand; pass it on."
    if kind == "continue":
        return "Chaos: the other player has concluded; place 20 damage in front of you to examine one more packet."
    if kind == "conclude":
        return ("Chaos: declare your preparation concluded (all 5 Arcana complete, or after the other player concluded, "
                "at least 4 Prophets with 1 card each).")
    return f"{action}: an action of Dogma."


CARD_KINDS = {"prophet": "Prophet", "cult": "Cult card", "relic": "Relic", "di": "Divine Intervention"}


def _name(game, ckind: str, cid: str) -> str:
    c = game.content
    pool = {"prophet": c.prophets, "cult": c.cults, "relic": c.relics, "di": c.interventions}[ckind]
    return next((x.name for x in pool if x.id == cid), cid)
