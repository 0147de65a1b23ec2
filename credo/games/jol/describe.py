"""Help text for an action: what it does, in a sentence; and the content tables."""

from __future__ import annotations

from .content import LANES


def describe(game, action) -> str:
    kind, args = action.kind, action.args
    n = game.card_name
    if kind == "summon":
        return f"Summon the Cogum {n(args[0])} from your hand into the {LANES[args[1]].capitalize()} (once a turn; it enters Exhausted unless its Skill says otherwise)."
    if kind == "manifest":
        return f"Move your Ready Cogum {n(args[0])} to your Manifest; it becomes Exhausted."
    if kind == "deploy":
        return f"Move your Ready Cogum {n(args[0])} from the Manifest to the {LANES[args[1]].capitalize()}; it arrives Ready."
    if kind in ("talent", "pray"):
        what = "Talent" if kind == "talent" else "Prayer"
        on = f" on {n(args[1])}" if args[1] >= 0 else f" on the {LANES[args[2]].capitalize()}" if args[2] >= 0 else ""
        return f"Play the {what} {n(args[0])}{on}."
    if kind == "vow":
        return f"Attach the Vow {n(args[0])} to {n(args[1])}; it stays until that Cogum breaks."
    if kind == "prophecy":
        return f"Place the Prophecy {n(args[0])} face down in your Manifest; it flips and resolves when its trigger is satisfied."
    if kind == "instigate":
        return f"{n(args[0])} Instigates (Exhausts): its DET against the defender's HRT; equal or greater breaks the defender."
    if kind == "influence":
        return f"{n(args[0])} Influences (Exhausts): its SPRT against the defender's SPRT; gain the difference (the full SPRT undefended)."
    if kind == "defend":
        return f"Choose {n(args[0])} to defend (it Exhausts)."
    if kind == "pass":
        return "Pass in this Prayer step (final for the step)."
    return "End your turn: the End phase, then your opponent's turn."


def content_table(content) -> str:
    """The Cogum as a Markdown table (docs/rules/jol-content.md embeds it; a test keeps it true)."""
    rows = ["| Cogum | id | Faith | DET | HRT | SPRT | Virtue | Skill |", "|---|---|---|---|---|---|---|---|"]
    for c in content.cogum:
        skill = f"{c.skill.name}: {c.skill.text}" if c.skill else "-"
        rows.append(f"| {c.name} | {c.id} | {c.faith.capitalize()} | {c.det} | {c.hrt} | {c.sprt} | {c.virtue.capitalize()} | {skill} |")
    rows += ["", "| Capacity | id | family | target | text |", "|---|---|---|---|---|"]
    for c in content.capacities:
        target = f"trigger {c.trigger}" if c.trigger else c.target
        rows.append(f"| {c.name} | {c.id} | {c.family} | {target} | {c.text} |")
    return "\n".join(rows)
