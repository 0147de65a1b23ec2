"""Help text for an action: what it does, in a sentence."""

from __future__ import annotations

from .board import FACINGS

FACING_WORDS = dict(zip(FACINGS, ("north", "east", "south", "west")))


def describe(game, action) -> str:
    t, b = game.tables, game.board
    kind, args = action.kind, action.args
    if kind == "place":
        return f"Place the creature you drew on the red starting space {b.names[args[0]]}."
    if kind == "pick":
        return f"Choose the {t.names[args[0]]} and place it on {b.names[args[1]]}."
    if kind == "give":
        c, mask = args
        return (f"Place {t.plan_cost(c, mask)} action markers on the {t.names[c]} and give it: "
                f"{t.plan_text(c, mask).replace('+', ', ')} (each carried out once, in any order).")
    if kind == "move":
        return f"Move the acting creature to {b.names[args[0]]}, ending facing {FACING_WORDS[FACINGS[args[1]]]}."
    if kind == "attack":
        return f"Attack the {t.names[args[0]]}."
    if kind == "ability":
        ab = t.abilities[args[0]]
        target = f" on the {t.names[args[1]]}" if args[1] >= 0 else ""
        extra = ""
        if args[2] >= 0:
            word = FACING_WORDS[FACINGS[args[2]]]
            extra = f", {'pushing it ' + word if ab.parameter == 'direction' else 'turning it to face ' + word}"
        return f"Use {ab.name}{target}{extra}: {ab.text}"
    if kind == "done":
        return "Finish this creature's actions, forgoing any given but not carried out (its markers stay)."
    return "End your turn; unused action markers go back to the pile."


def content_table(content) -> str:
    """The creatures as a Markdown table (docs/rules/dirge-content.md embeds it; a test keeps it true).

    Bold values are printed in the rulebook; the rest is Credo's provisional design."""
    rows = ["| creature | speed | strength | range | toughness front/flank | evasion front/flank | wounds | abilities |",
            "|---|---|---|---|---|---|---|---|"]
    for c in content.creatures:
        prov = set(c.provisional)

        def cell(field: str, value) -> str:
            return str(value) if field in prov else f"**{value}**"

        def pair(field: str, values) -> str:
            whole = field in prov
            return "/".join(
                str(v) if whole or f"{field}[{i}]" in prov else f"**{v}**" for i, v in enumerate(values)
            )

        abilities = "; ".join(
            f"{'*' if ab.provisional else '**'}{ab.name}{'*' if ab.provisional else '**'} "
            f"({ab.kind}{', cost ' + str(ab.cost) if ab.cost else ''}): {ab.text}"
            for ab in c.abilities
        )
        rows.append(
            f"| {c.name} | {cell('speed', c.speed)} | {cell('strength', c.strength)} | {cell('range', c.range)} "
            f"| {pair('toughness', c.toughness)} | {pair('evasion', c.evasion)} | {cell('wounds', c.wounds)} | {abilities} |"
        )
    return "\n".join(rows)
