"""Help text for an action: what it does, in a sentence."""

from __future__ import annotations

from . import board as B
from .codes import TARGET_NAMES, TYPE_NAMES, UNIT_NAMES


def describe(game, action) -> str:
    kind, args = action.kind, action.args
    n = B.NAMES
    if kind == "place_priest":
        return f"Setup: place your control marker and a Priest on the Temple on {n[args[0]]}."
    if kind == "place_zealot":
        return f"Setup: place your Zealot on {n[args[0]]} (within 3 spaces of your Temple)."
    if kind == "move":
        a, b = args
        if b in B.NEIGHBOURS[a]:
            return f"Move the Unit on {n[a]} one space to {n[b]} (1 point of movement allowance)."
        return f"The Unit on the Catacomb {n[a]} jumps to the Catacomb {n[b]} (1 point of movement allowance)."
    if kind == "preach":
        return (f"The Priest (or Prophet) on {n[args[0]]} preaches: gain Follower Tokens and Divinity equal to "
                "the space's Population (a Prophet: twice the tokens, no Divinity).")
    if kind == "establish":
        return f"The Priest on {n[args[0]]} establishes the Temple there: place your control marker on it."
    if kind == "vigil":
        return f"The Priest on {n[args[0]]} turns Vigilant: Zealots cannot assassinate it until it moves or acts."
    if kind == "desecrate":
        return f"The Zealot on {n[args[0]]} desecrates the opponent's Temple there: its control marker is removed."
    if kind == "reclaim":
        return f"Take your control marker back from the unoccupied Temple on {n[args[0]]}, to establish elsewhere."
    if kind == "assassinate":
        return f"The Zealot (or Avatar) on {n[args[0]]} assassinates the Priest on {n[args[1]]}: it is destroyed."
    if kind == "attack":
        return (f"The Zealot (or Avatar) on {n[args[0]]} attacks the Unit on {n[args[1]]}: each rolls its dice, "
                "the higher total wins, a tie destroys both.")
    if kind == "convert":
        return f"The Prophet on {n[args[0]]} converts the Unit on {n[args[1]]}: it becomes yours."
    if kind == "train":
        return f"Pay 1 Divinity and train a {UNIT_NAMES[args[0]]} at your unoccupied Temple on {n[args[1]]}."
    if kind == "play":
        cards = game.cards
        c, a, b = args
        t = TARGET_NAMES[cards.target[c]]
        what = f"{cards.names[c]} ({TYPE_NAMES[cards.type[c]]}, {cards.cost[c]} Divinity)"
        if t in ("own_unit", "enemy_unit", "any_unit"):
            on = f" on the Unit on {n[a]}"
        elif t.endswith("temple"):
            on = f" on the Temple on {n[a]}"
        elif t == "opponent":
            on = f" against player {a + 1}"
        elif t == "commandment":
            on = f" against player {b + 1}'s {cards.names[a]}"
        else:
            on = ""
        return f"Play {what}{on}: {game.content.cards[c].text}"
    if kind == "pass":
        return "Let the card or ability stand without responding."
    return "End your turn: the win conditions are checked, then the next player begins."
