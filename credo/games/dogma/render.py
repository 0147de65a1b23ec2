"""Drawing Dogma for the terminal, with rich: each player's active Prophet with its
Faith, damage, Fervor, markers, Cult cards and Relics, the rear guard, the Divine
Interventions, the Orders placed and the pending decision.

Everything here reads an *observation* (what one player may know) and the game's
public content, never a true state, so a drawing cannot leak what the viewer may
not see."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from credo.games.rendering import notation_table

from .glossary import glossary

PLAYER_STYLES = ("bold bright_cyan", "bold bright_yellow", "bold cyan", "bold yellow")  # 2 vs 2: teams by colour
MALEFIC_ICONS = {"crisis": "@ Mystical Crisis", "fanaticism": "* Fanaticism", "hysteria": "! Hysteria",
                 "withering": "o Withering"}


def player_style(player: int | None) -> str:
    return PLAYER_STYLES[player] if player in (0, 1, 2, 3) else "dim"


def _bar(damage: int, faith: int, width: int = 20) -> Text:
    left = max(0, faith - damage)
    full = round(width * left / faith) if faith else 0
    return Text.assemble(("█" * full, "green"), ("░" * (width - full), "red"), f" {left}/{faith}")


def _cult_names(game) -> dict:
    return {c.id: c for c in game.content.cults}


def prophet_lines(game, view: dict, title: str) -> list[Text]:
    if view.get("hidden"):
        return [Text(f"{title}: an Arcanum face down", style="dim")]
    if view.get("empty"):
        return []
    cards = _cult_names(game)
    relics = {r.id: r.name for r in game.content.relics}
    head = Text.assemble((f"{title}: ", "bold"), (view["name"], "bold"),
                         f"  Fervor {view['fervor']}", f" ({view['fervor_markers']:+d}0)" if view["fervor_markers"] else "")
    lines = [head]
    if view["where"] == "defeated":
        head.stylize("strike dim")
        return lines
    lines.append(Text.assemble("  Faith ", _bar(view["damage"], view["faith"])))
    if view["malefic"]:
        lines.append(Text("  " + ", ".join(MALEFIC_ICONS[m] for m in view["malefic"]), style="magenta"))
    if view["ability_cancelled"]:
        lines.append(Text("  ability cancelled", style="red"))
    for j, c in enumerate(view["cult"]):
        if c["card"]:
            card = cards[c["card"]]
            label = f"{card.name} ({card.religion} {card.type.replace('_', ' ')}, {card.damage})"
        else:
            label = "face down"
        extra = []
        if c["face_up"] and c["card"]:
            extra.append("revealed")
        if c["markers"]:
            extra.append(f"{c['markers']:+d}0 damage")
        if c["withered"]:
            extra.append("WITHERED")
        lines.append(Text(f"  cult {j + 1}: {label}" + (f" [{', '.join(extra)}]" if extra else ""),
                          style="" if c["card"] else "dim"))
    if view["relics"]:
        lines.append(Text("  relics: " + ", ".join(relics[r] for r in view["relics"])))
    return lines


def player_block(game, obs: dict, p: int) -> list[Text]:
    me = obs["players"][p]
    viewer = obs["player"]
    lines = [Text(f"Player {p + 1}" + (" (you)" if viewer == p else ""), style=player_style(p))]
    if me["active"] is not None:
        lines += prophet_lines(game, me["arcana"][me["active"]], "Active")
    else:
        lines.append(Text("No active Prophet", style="dim"))
    for pos, k in enumerate(me["rear"]):
        lines += prophet_lines(game, me["arcana"][k], f"Rear guard {pos + 1}")
    fallen = [a["name"] for a in me["arcana"] if a.get("where") == "defeated" and "name" in a]
    if fallen:
        lines.append(Text("Discard pile: " + ", ".join(fallen), style="dim"))
    names = {i.id: i.name for i in game.content.interventions}
    if me["interventions"] is not None:
        di = ", ".join(names[d] for d in me["interventions"]) or "empty (Order II is the Appeal to Rationality)"
        lines.append(Text(f"Divine Interventions (top first): {di}"))
    else:
        lines.append(Text(f"Divine Interventions: {me['interventions_left']} face down"))
    if me["damage_in_front"]:
        lines.append(Text(f"Damage in front of the player: {me['damage_in_front']}", style="red"))
    if me["arduous_blocked"]:
        lines.append(Text("Arduous: no Arduous card this turn", style="yellow"))
    return lines


def status_lines(obs: dict) -> list[Text]:
    lines = [Text.assemble(("Dogma", "bold"), f" · turn {obs['turn']} · {obs['phase']}")]
    if obs.get("teams"):
        lines.append(Text("2 vs 2: players 1 and 3 against players 2 and 4"))
    if obs["winner"] is not None:
        lines.append(Text(f"Game over: player {obs['winner'] + 1} wins.", style="bold"))
    elif obs.get("winners") and obs.get("teams"):
        a, b = obs["winners"]
        lines.append(Text(f"Game over: players {a + 1} and {b + 1} win.", style="bold"))
    elif obs["draw"]:
        lines.append(Text("Game over: a draw.", style="bold"))
    orders = obs.get("orders")
    if orders:
        placed = ", ".join(f"player {p + 1}" for p in orders["committed"]) or "nobody yet"
        lines.append(Text(f"Placed face down: {placed}"))
        for p, text in orders["shown"].items():
            lines.append(Text(f"  player {int(p) + 1}: {text}", style=player_style(int(p))))
    if obs["hysteria_first"]:
        who = " and ".join(str(p + 1) for p in obs["hysteria_first"])
        lines.append(Text(f"Hysteria: player {who} chooses and reveals first",
                          style="magenta"))
    pend = obs.get("pending")
    if pend:
        if pend["kind"] == "revive":
            names = ", ".join(f"{d['arcanum']}: {d['prophet']}" for d in pend["defeated"])
            lines.append(Text(f"Player {pend['player'] + 1} chooses which Prophet Sharira returns ({names})",
                              style="magenta"))
        elif pend["kind"] == "withering":
            lines.append(Text(f"Player {pend['player'] + 1} places Withering on a Cult card of {pend['prophet']}",
                              style="magenta"))
        else:
            lines.append(Text(f"Fidelity Test: player {pend['chooser'] + 1} picks a path, player "
                              f"{pend['tester'] + 1} names one", style="magenta"))
    return lines


def chaos_lines(game, obs: dict) -> list[Text]:
    ch = obs["chaos"]
    names = {}
    for p in game.content.prophets:
        names[p.id] = p.name
    for c in game.content.cults:
        names[c.id] = c.name
    for r in game.content.relics:
        names[r.id] = r.name
    for i in game.content.interventions:
        names[i.id] = i.name
    lines = [Text("Chaos mode: building the Arcana", style="bold")]
    for p in range(len(ch["concluded"])):
        state = "concluded" if ch["concluded"][p] else "waiting" if ch["waiting"][p] else "examining"
        lines.append(Text(f"Player {p + 1}: {state}, packets examined {ch['packets_examined'][p]}, "
                          f"damage paid {20 * ch['paid'][p]}", style=player_style(p)))
    if ch.get("packet") is not None:
        lines.append(Text("Packet in hand: " + ", ".join(names[c] for c in ch["packet"])))
    if ch.get("arcana") is not None:
        for n, a in enumerate(ch["arcana"]):
            who = names[a["prophet"]] if a["prophet"] else "(no Prophet)"
            lines.append(Text(f"  Arcanum {n + 1}: {who}" + (": " + ", ".join(names[c] for c in a["cards"]) if a["cards"] else "")))
        lines.append(Text("  Arcanum 5: " + (", ".join(names[c] for c in ch["interventions"]) or "(empty)")))
    return lines


def render(game, observation: dict) -> Group:
    """A rich renderable of one player's observation of a Dogma game."""
    if observation.get("chaos"):
        return Group(*chaos_lines(game, observation))
    lines = status_lines(observation)
    viewer = observation["player"]
    n = len(observation["players"])
    if viewer is None:
        order = list(range(n))
    else:  # the others first (clockwise from the viewer's left), the viewer last
        order = [(viewer + i) % n for i in range(1, n)] + [viewer]
    for p in order:
        lines.append(Text(""))
        lines += player_block(game, observation, p)
    return Group(*lines)


def notation_help(game) -> Text:
    rows = [
        ("deploy N", "choose the Prophet in position N of your rear guard (Opening: Arcanum N)"),
        ("summon N", "Order I: swap your active Prophet with rear-guard position N"),
        ("intervene", "Order II: play your top Divine Intervention"),
        ("appeal", "Order II once they are spent: 30 damage to every active Prophet"),
        ("cult N", "Order III: reveal and activate Cult card N"),
        ("ORDER left|right", "2 vs 2: the Target token with the Order, e.g. cult 2 left (not for summon, appeal)"),
        ("special ID", "Order III: trigger an atom ability (e.g. special sharira)"),
        ("wither N", "place Withering on your Cult card N"),
        ("revive N", "Sharira: return the defeated Prophet of your Arcanum N"),
        ("path X / guess X", "Fidelity Test: violence, rationality or blasphemy"),
        ("take ID N", "Chaos: place a card of your packet into Arcanum N (5: Divine Interventions)"),
        ("done / continue / conclude", "Chaos: finish the packet; pay 20 damage for another; end preparation"),
    ]
    return notation_table(rows, "Cards and Prophets by id or name: `help sunna`, `help gesu`; "
                                "`help keywords` and `help markers` list the rest.")


def help_topic(game, topic: str, observation: dict | None = None):
    """The help on a topic (a rule, a word of the game, a card, ...), or None if it names none."""
    entry = glossary(game).find(topic)
    return entry.render() if entry is not None else None
