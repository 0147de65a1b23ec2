"""Drawing Dogma for the terminal, with rich: each player's active Prophet with its
Faith, damage, Fervor, markers, Cult cards and Relics, the rear guard, the Divine
Interventions, the Orders placed and the pending decision.

Everything here reads an *observation* (what one player may know) and the game's
public content, never a true state, so a drawing cannot leak what the viewer may
not see."""

from __future__ import annotations

import secrets
from functools import lru_cache

from rich.text import Text

from credo.games.rendering import LinesView, notation_table
from credo.kernel import IllegalAction, Rng
from credo.kernel.numbers import small_int

from .construction import Builder
from .content import MALEFIC_NAMES, TYPE_NAMES
from .glossary import glossary
from .codes import NEIGHBOUR

PLAYER_STYLES = ("bold bright_cyan", "bold bright_yellow", "bold cyan", "bold yellow")  # 2 vs 2: teams by colour
MALEFIC_ICONS = {"crisis": "@ Mystical Crisis", "fanaticism": "* Fanaticism", "hysteria": "! Hysteria",
                 "withering": "o Withering"}


def player_style(player: int | None) -> str:
    return PLAYER_STYLES[player] if player in (0, 1, 2, 3) else "dim"


def _bar(damage: int, faith: int, width: int = 20) -> Text:
    left = max(0, faith - damage)
    full = round(width * left / faith) if faith else 0
    return Text.assemble(("█" * full, "green"), ("░" * (width - full), "red"), f" {left}/{faith}")


# --- one card in a few words, made from its data (so a designer's own card reads too) ---
WHO = {"self": " to self", "opponent": "", "all_opponents": " to all foes", "global": " to all revealed foes",
       "all_active": " to all active", "own_rear": " to your rear guard"}
HEAL_WHO = {"self": "", "own_rear": " of your rear guard", "all_active": " of all active"}
CARDS_WHO = {"own_cards": "your cards", "this_card": "this card", "opponent_cards": "foe's cards"}
IF = {"self_undamaged": "if unharmed", "self_damaged": "if harmed", "target_undamaged": "if foe unharmed",
      "target_damaged": "if foe harmed", "target_malefic": "if foe has a malefic"}


def _effect_words(e) -> str:
    side = "self" if e.target in ("self", "own_rear") else "foe"
    if e.op == "damage":
        words = f"{e.amount} dmg{WHO.get(e.target, '')}"
    elif e.op == "heal":
        words = f"heal {e.amount}{HEAL_WHO.get(e.target, ' foe')}"
    elif e.op == "fervor":
        words = f"{e.amount:+d}0 Fervor" + ("" if side == "self" else " on foe")
    elif e.op == "empower":
        words = f"{e.amount:+d}0 dmg on {CARDS_WHO[e.target]}"
    elif e.op == "malefic":
        words = MALEFIC_NAMES[e.malefic] + (" on self" if side == "self" else " on foe")
    elif e.op == "cure":
        words = f"cure {MALEFIC_NAMES[e.malefic]}" if e.malefic else "cure malefics"
    elif e.op == "protection":
        words = "Protection"
    elif e.op == "cancel_ability":
        words = "cancel foe's ability"
    elif e.op == "withdraw":
        words = "foe withdraws" if side == "foe" else "withdraw self"
    elif e.op == "revive":
        words = "a defeated Prophet returns"
    else:
        words = e.op.replace("_", " ")
    return f"{words} {IF[e.condition]}" if e.condition else words


def cult_brief(card) -> str:
    """'Swift · 20 dmg, heal 20': a Cult card's keywords and effect in a few words."""
    parts = []
    if card.damage:
        dmg = f"{card.damage} dmg"
        if card.damage_if is not None:
            dmg += f" ({card.damage_if.amount} {IF[card.damage_if.condition]})"
        parts.append(dmg)
    parts += [_effect_words(e) for e in card.effects]
    if card.fidelity == "trigger":
        parts.insert(0, "Fidelity Test, then")
    elif card.fidelity == "cancel":
        parts.append("foe's Fidelity Test cancels")
    keys = " ".join(k.capitalize() for k in card.keywords)
    return " · ".join(x for x in (keys, ", ".join(parts)) if x)


def intervention_brief(card) -> str:
    keys = " ".join(k.capitalize() for k in card.keywords)
    return " · ".join(x for x in (keys, ", ".join(_effect_words(e) for e in card.effects)) if x)


def ability_brief(ability) -> str:
    """An ability in a few words: its effects when it has some, else its modifiers, else its text."""
    when = {"special": "Special", "on_deploy": "on deploy", "on_withdraw": "on withdraw",
            "start_of_turn": "each turn"}.get(ability.trigger, "")
    if ability.once:
        when += ", once"
    if ability.effects and not ability.handler:
        words = ", ".join(_effect_words(e) for e in ability.effects)
    else:
        m = ability.modifiers
        bits = []
        if m.cult_bonus:
            types = "/".join(TYPE_NAMES[t] for t in m.cult_bonus_types)
            bits.append(f"+{m.cult_bonus} dmg from its {types + ' ' if types else ''}cards")
        if m.damage_reduction:
            bits.append(f"-{m.damage_reduction} dmg taken per card")
        if m.fervor:
            bits.append(f"{m.fervor:+d} Fervor")
        if m.faith:
            bits.append(f"+{m.faith} Faith")
        if m.immunities:
            bits.append("immune to " + "/".join(TYPE_NAMES[t] for t in m.immunities))
        if m.malefic_immunity:
            bits.append("immune to " + "/".join(MALEFIC_NAMES[x] for x in m.malefic_immunity))
        words = ", ".join(bits) or ability.text
    return f"{when}: {words}" if when else words


class _Cards:
    """The content's cards by id, looked up once per game."""

    def __init__(self, game) -> None:
        c = game.content
        self.cults = {x.id: x for x in c.cults}
        self.relics = {x.id: x for x in c.relics}
        self.interventions = {x.id: x for x in c.interventions}
        self.prophets = {x.id: x for x in c.prophets}


@lru_cache(maxsize=16)
def _cards(game) -> _Cards:
    return _Cards(game)


def _type_words(card) -> str:
    return f"{card.religion} {TYPE_NAMES[card.type]}"


def _faith(view: dict, bar: int) -> Text:
    return _bar(view["damage"], view["faith"], bar)


def active_lines(game, view: dict, who: Text, known: bool, bar: int) -> list[Text]:
    """The active Prophet: a head line, its Cult cards (a line each where known or revealed,
    the face-down ones together), its Relics and, for its owner, its ability."""
    cards = _cards(game)
    head = Text("  active ")
    head.append(f"{view['name']} ", style="bold")
    head.append_text(_faith(view, bar))
    head.append(f" · Fervor {view['fervor']}")
    if view["fervor_markers"]:
        head.append(f" ({view['fervor_markers']:+d}0)")
    lines = [who, head]
    if view["malefic"]:
        lines.append(Text("  " + ", ".join(MALEFIC_ICONS[m] for m in view["malefic"]), style="magenta"))
    if view["ability_cancelled"]:
        lines.append(Text("  ability cancelled", style="red"))
    hidden = []
    for j, c in enumerate(view["cult"]):
        if not c["card"]:
            if c["withered"]:
                lines.append(Text(f"  cult {j + 1}: face down [WITHERED]", style="dim"))
            else:
                hidden.append(str(j + 1))
            continue
        card = cards.cults[c["card"]]
        line = Text(f"  cult {j + 1} ")
        line.append(card.name, style="bold")
        line.append(": ")
        if c["withered"]:
            line.append("WITHERED ", style="red")
        line.append(cult_brief(card))
        tags = [TYPE_NAMES[card.type]]
        if c["face_up"]:
            tags.append("revealed")
        if c["markers"]:
            tags.append(f"{c['markers']:+d}0 dmg")
        line.append(f" ({', '.join(tags)})", style="dim")
        lines.append(line)
    if hidden:
        lines.append(Text(f"  cult {', '.join(hidden)}: face down", style="dim"))
    for r in view["relics"]:
        relic = cards.relics[r]
        lines.append(Text.assemble("  relic ", (relic.name.removeprefix("Reliquia: "), "bold"), ": ",
                                   ability_brief(relic.ability)))
    prophet = cards.prophets.get(view["prophet"])
    if known and prophet is not None:
        lines.append(Text.assemble("  ability ", (prophet.ability.name, "bold"), ": ", ability_brief(prophet.ability),
                                   style="" if not view["ability_cancelled"] else "strike dim"))
    return lines


def rear_lines(game, me: dict, detailed: bool) -> list[Text]:
    """The rear guard: for the viewer a line per Prophet with its Cult cards; for the
    others one line for all."""
    cards = _cards(game)
    items = []
    for pos, k in enumerate(me["rear"]):
        view = me["arcana"][k]
        if view.get("hidden"):
            items.append((pos, Text("face down", style="dim"), None))
            continue
        name = Text.assemble((view["name"], "bold"), f" {max(0, view['faith'] - view['damage'])}/{view['faith']}")
        if view["malefic"]:
            name.append(" " + "".join(MALEFIC_ICONS[m][0] for m in view["malefic"]), style="magenta")
        known = [cards.cults[c["card"]].name for c in view["cult"] if c["card"]]
        known += [cards.relics[r].name for r in view.get("relics", ())]
        items.append((pos, name, known))
    if not items:
        return [Text("  rear guard: empty", style="dim")]
    if detailed:
        out = []
        for pos, name, known in items:
            line = Text.assemble(f"  rear {pos + 1} ", name)
            if known:
                line.append(": " + ", ".join(known), style="dim")
            out.append(line)
        return out
    line = Text("  rear: ")
    for i, (pos, name, _known) in enumerate(items):
        if i:
            line.append(" · ")
        line.append(f"{pos + 1} ")
        line.append_text(name)
    return [line]


def seat_words(obs: dict, p: int) -> str:
    """Who player p is to the viewer: you, your teammate, the opponent on your left or right."""
    viewer = obs["player"]
    if viewer == p:
        return "you"
    if not obs.get("teams"):
        return "opponent" if viewer is not None else ""
    if viewer is None:
        return f"team {1 if p in obs['teams'][0] else 2}"
    if NEIGHBOUR[0][viewer] == p:
        return "on your left"
    if NEIGHBOUR[1][viewer] == p:
        return "on your right"
    return "your teammate"


def menu_words(game, obs: dict) -> dict[str, str]:
    """The Target token's ends as the menu shows them: 'left (P4)', 'right (P2)'."""
    viewer = obs.get("player")
    if not obs.get("teams") or viewer is None:
        return {}
    return {"left": f"left (P{NEIGHBOUR[0][viewer] + 1})", "right": f"right (P{NEIGHBOUR[1][viewer] + 1})"}


def player_block(game, obs: dict, p: int, bar: int = 20) -> list[Text]:
    me = obs["players"][p]
    viewer = obs["player"]
    cards = _cards(game)
    head = Text(f"Player {p + 1}", style=player_style(p))
    words = seat_words(obs, p)
    if words:
        head.append(f" ({words})", style=player_style(p))
    lines: list[Text] = []
    if me["active"] is not None and not me["arcana"][me["active"]].get("hidden"):
        view = me["arcana"][me["active"]]
        known = viewer == p or (viewer is not None and me["interventions"] is not None)
        lines += active_lines(game, view, head, known, bar)
    else:
        head.append(" · no active Prophet", style="dim")
        lines.append(head)
    lines += rear_lines(game, me, detailed=viewer == p)
    fallen = [a["name"] for a in me["arcana"] if a.get("where") == "defeated" and "name" in a]
    if fallen:
        lines.append(Text("  discard pile: " + ", ".join(fallen), style="dim"))
    if me["interventions"] is not None:
        if me["interventions"]:
            top = cards.interventions[me["interventions"][0]]
            line = Text.assemble("  Divine Interventions (top first): ", (top.name, "bold"), ": ",
                                 intervention_brief(top))
            rest = me["interventions"][1:]
            if rest:
                line.append("; then " + ", ".join(cards.interventions[d].name for d in rest), style="dim")
            lines.append(line)
        else:
            lines.append(Text("  Divine Interventions (top first): empty (Order II is the Appeal to Rationality)"))
    else:
        lines.append(Text(f"  Divine Interventions: {me['interventions_left']} face down", style="dim"))
    if me["damage_in_front"]:
        lines.append(Text(f"  damage in front of the player: {me['damage_in_front']}", style="red"))
    if me["arduous_blocked"]:
        lines.append(Text("  Arduous: no Arduous card this turn", style="yellow"))
    return lines


def status_lines(obs: dict) -> list[Text]:
    lines = [Text.assemble(("Dogma", "bold"), f" · turn {obs['turn']} · {obs['phase']}")]
    if obs.get("teams"):
        line = Text("2 vs 2: players 1 and 3 against players 2 and 4")
        viewer = obs["player"]
        if viewer is not None:
            left, right = NEIGHBOUR[0][viewer], NEIGHBOUR[1][viewer]
        lines.append(line)
        if viewer is not None:
            lines.append(Text(f"Your Target token: left is player {left + 1}, right is player {right + 1}",
                              style="bold"))
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


class DogmaView(LinesView):
    """The table as lines cut to the console's width, so that four players fit a screen."""

    def lines(self, console, width: int) -> list[Text]:
        obs = self.obs
        if obs.get("chaos"):
            return _fit(chaos_lines(self.game, obs), width)
        lines = status_lines(obs)
        viewer = obs["player"]
        n = len(obs["players"])
        if viewer is None:
            order = list(range(n))
        else:  # the others first (clockwise from the viewer's left), the viewer last
            order = [(viewer + i) % n for i in range(1, n)] + [viewer]
        bar = 12 if n == 2 else 10
        for p in order:
            if n == 2:
                lines.append(Text(""))
            lines += player_block(self.game, obs, p, bar)
        return _fit(lines, width)


def _fit(lines: list[Text], width: int) -> list[Text]:
    """Each line on one row: what does not fit ends in an ellipsis (`help NAME` has the rest)."""
    out = []
    for line in lines:
        if line.cell_len > width:
            line = line.copy()
            line.truncate(width, overflow="ellipsis")
        out.append(line)
    return out


def render(game, observation: dict) -> DogmaView:
    """A rich renderable of one player's observation of a Dogma game."""
    return DogmaView(game, observation)


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


# --- Free Will: a person builds their Arcana before the game ---------------------------
def setup(game, options: dict, seats: list[str], ask, console, seed: int = 0) -> dict:
    """Before a Free Will game: each person builds their four Arcana and Interventions
    step by step (section 2, checked at each card), or asks for a random build; each
    computer's build is random and is never shown. With one box the players build in turn,
    the one the game draws first (who pays 30 damage, 2.1.3) first, and the later builders
    choose among the cards left in the box. Returns the options with the builds."""
    opts = game.options(**options)
    humans = [p for p, seat in enumerate(seats) if seat == "human"]
    if opts.mode != "free_will" or opts.arcana is not None or not humans:
        return options
    rng = Rng(secrets.randbits(62))  # the computer's build: nobody can recompute it from the seed
    first = _first_builder(game, options, seed, rng) if opts.one_box else 0
    order = [(first + i) % opts.players for i in range(opts.players)]
    builds: dict[int, Builder] = {}
    taken: set[str] = set()
    taken_di: list[str] = []
    shown = None
    for p in order:
        b = Builder(game, taken, taken_di, opts.one_box)
        if p in humans:
            if shown is not None and len(humans) > 1:  # hotseat: the next builder sees no other build
                console.clear()
                ask(f"Player {p + 1}, press Enter to build your Arcana ")
                console.clear()
            if opts.one_box:
                console.print(Text(f"One box: the game drew player {first + 1} to build first; that player's "
                                   "first Prophet starts with 30 damage (2.1.3).", style="dim"))
            _build(game, b, p, ask, console, rng)
            shown = p
        else:
            b.finish_randomly(rng)
        builds[p] = b
        taken |= b.cards() - set(b.interventions)
        taken_di += b.interventions
    if len(humans) > 1:
        console.clear()
    out = dict(options)
    out["arcana"] = [builds[p].arcana for p in range(opts.players)]
    out["interventions"] = [builds[p].interventions for p in range(opts.players)]
    return out


def _first_builder(game, options: dict, seed: int, rng) -> int:
    """Who the game will draw to build first: the draw does not depend on the cards, so a
    game dealt from any legal builds with the same seed tells it before anyone builds."""
    opts = game.options(**options)
    taken: set[str] = set()
    taken_di: list[str] = []
    arcana, interventions = [], []
    for _ in range(opts.players):
        b = Builder(game, taken, taken_di, True)
        b.finish_randomly(rng)
        taken |= b.cards() - set(b.interventions)
        taken_di += b.interventions
        arcana.append(b.arcana)
        interventions.append(b.interventions)
    probe = game.new(seed, **dict(options, arcana=arcana, interventions=interventions))
    return probe.observation(None)["first_builder"]


BUILD_HELP = ("Type a card's number or id. 'undo' takes back the last card, 'random' builds the rest "
              "at random, 'quit' leaves.")


def _build(game, b, player: int, ask, console, rng) -> None:
    console.print()
    console.rule(Text(f"Free Will: Player {player + 1} builds their five Arcana", style="bold"))
    console.print(Text("Four Arcana each hold a Prophet and 3 associated cards (Cult cards its sleeve allows, "
                       "and Relics, in any combination); the fifth holds 4 Divine Interventions, "
                       "the first one on top.", style=""))
    console.print(Text(BUILD_HELP, style="dim"))
    while not b.complete:
        kind, n, k = b.step()
        offer = b.offer()
        console.print()
        console.print(_step_title(game, b, kind, n, k))
        for i, card in enumerate(offer, start=1):
            console.print(_fit([_offer_line(game, i, card)], console.width)[0])
        if not offer:
            console.print(Text("Nothing left in the box fits here: 'undo' takes back the last card.", style="yellow"))
        raw = " ".join(ask(f"Arcanum {n} > " if n <= 4 else "Interventions > ").strip().lower().split())
        if raw in ("quit", "exit", "q"):
            raise EOFError
        if not raw:
            continue
        if raw == "undo":
            if not b.undo():
                console.print(Text("✗ nothing to take back", style="red"))
            continue
        if raw == "random":
            b.finish_randomly(rng)
            break
        if raw in ("done", "no") and kind == "fourth":
            b.decline_fourth()
            continue
        cid = _card_id(game, raw, offer)
        try:
            b.add(cid)
        except IllegalAction as exc:
            console.print(Text.assemble(("✗ ", "bold red"), (exc.message, "red"), (f"  (rule: {exc.rule})", "dim")))
    console.print()
    console.print(Text(f"Player {player + 1}'s Arcana:", style="bold"))
    for line in _build_lines(game, b):
        console.print(_fit([line], console.width)[0])


def _card_id(game, raw: str, offer: list) -> str:
    number = small_int(raw)
    if number is not None and 1 <= number <= len(offer):
        return offer[number - 1].id
    c = game.content
    for card in list(c.prophets) + list(c.cults) + list(c.relics) + list(c.interventions):
        if raw in (card.id, card.name.lower(), card.name.lower().removeprefix("reliquia: ")):
            return card.id
    return raw.replace(" ", "_")


TYPE_LETTERS = {"sacred_text": "T", "doctrine": "D", "faithful": "F", "custom": "C"}


def _step_title(game, b, kind: str, n: int, k: int) -> Text:
    if kind == "prophet":
        return Text.assemble((f"Arcanum {n} of 4: choose its Prophet", "bold"),
                             ("  (Cult types: T Sacred Text, D Doctrine, F Faithful, C Custom)", "dim"))
    if kind == "intervention":
        return Text(f"Fifth Arcanum: Divine Intervention {k} of 4" + (" (the top card)" if k == 1 else ""),
                    style="bold")
    name = _cards(game).prophets[b.arcana[-1][0]].name
    if kind == "fourth":
        return Text(f"Arcanum {n} ({name}): her ability allows a fourth Cult card; choose one, or 'done'",
                    style="bold")
    return Text(f"Arcanum {n} ({name}): associated card {k} of 3, a Cult card its sleeve allows or a Relic",
                style="bold")


def _offer_line(game, i: int, card) -> Text:
    cards = _cards(game)
    line = Text.assemble((f"{i:>3} ", "bold green"), (card.id, "bold"))
    if card.id in cards.prophets:
        sleeve = ", ".join(f"{s.religion} " + " ".join(TYPE_LETTERS[t] for t in s.types) for s in card.sleeve)
        line.append(f"  Faith {card.faith} Fervor {card.fervor} · sleeve {sleeve}")
        if card.immunities:
            line.append(" · immune " + " ".join(TYPE_LETTERS[t] for t in card.immunities))
        if card.weaknesses:
            line.append(" · weak " + " ".join(TYPE_LETTERS[t] for t in card.weaknesses))
    elif card.id in cards.cults:
        line.append(f"  {card.religion} {TYPE_NAMES[card.type]}: {cult_brief(card)}")
    elif card.id in cards.relics:
        line.append(f"  Relic: {ability_brief(card.ability)}")
    else:
        line.append(f"  {intervention_brief(card)}")
    return line


def _build_lines(game, b) -> list[Text]:
    cards = _cards(game)
    lines = []
    for n, arc in enumerate(b.arcana, start=1):
        names = [(cards.cults.get(c) or cards.relics[c]).name for c in arc[1:]]
        lines.append(Text.assemble(f"  Arcanum {n}: ", (cards.prophets[arc[0]].name, "bold"), ": " + ", ".join(names)))
    lines.append(Text("  Arcanum 5 (top first): " + ", ".join(cards.interventions[d].name for d in b.interventions)))
    return lines
