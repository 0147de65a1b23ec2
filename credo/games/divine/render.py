"""Drawing Divine for the terminal, with rich: the 18 by 18 city with its tile
borders, special places, population, Temples with their controllers, Units with
their owners and Vigilance; the players' resources; your hand; the stack.

Everything here reads an *observation* (what one player may know) and the game's
public content, never a true state, so a drawing cannot leak hidden cards. The
city is drawn north up: row 18 at the top, columns a..r from the left.
"""

from __future__ import annotations

from functools import lru_cache

from rich.console import Console
from rich.text import Text

from credo.games.rendering import LinesView, notation_table

from . import board as B
from .glossary import glossary

PLAYER_STYLES = ("bold bright_cyan", "bold bright_yellow", "bold bright_green", "bold bright_magenta")
TEMPLE_BG = ("on #004f5f", "on #5f5f00", "on #005f00", "on #5f005f")
LETTERS = {"priest": "P", "zealot": "Z", "prophet": "R", "avatar": "A"}
PLACE = {B.TOWER: ("T", "bold white on grey30"), B.CATACOMB: ("C", "bold white on grey15"),
         B.LIBRARY: ("L", "bold white on dark_blue"), B.MARKET: ("M", "bold white on dark_red")}
GAP = 2


def player_style(player) -> str:
    return PLAYER_STYLES[player % 4] if isinstance(player, int) else "dim"


@lru_cache(maxsize=64)
def _layout(game, city: tuple) -> B.Layout:
    ids = [t.id for t in game.content.tiles]
    return B.Layout(game.content.tiles, [(ids.index(t), q) for t, q in city])


def layout_of(game, obs: dict) -> B.Layout:
    return _layout(game, tuple((t, q) for t, q in obs["city"]))


def board_lines(game, obs: dict) -> list[Text]:
    layout = layout_of(game, obs)
    units = {u["square"]: u for u in obs["units"]}
    temples = obs["temples"]
    letters = Text("   ", style="bold")
    for col in range(B.N):
        if col and col % 6 == 0:
            letters.append(" ")
        letters.append(f" {B.COLUMNS[col]} ", style="bold")
    rule = Text("   " + "─" * (B.N * 3 + 2), style="grey42")
    lines = [letters]
    for row in range(B.N - 1, -1, -1):
        if row < B.N - 1 and (row + 1) % 6 == 0:
            lines.append(rule.copy())
        out = Text()
        out.append(f"{row + 1:>2} ", style="bold")
        for col in range(B.N):
            if col and col % 6 == 0:
                out.append("│", style="grey42")
            sq = row * B.N + col
            name = B.NAMES[sq]
            kind = layout.kind[sq]
            bg = ""
            if kind == B.TEMPLE:
                owner = temples.get(name)
                bg = TEMPLE_BG[owner % 4] if owner is not None else "on grey23"
            u = units.get(name)
            if u is not None:
                style = f"{player_style(u['owner'])} {bg}".strip()
                mark = "~" if u["vigilance"] else ("'" if u["fresh"] else " ")
                out.append(f"{LETTERS[u['kind']]}{u['owner'] + 1}{mark}",
                           style=style + (" underline" if u["acted"] else ""))
                continue
            if kind == B.TEMPLE:
                owner = temples.get(name)
                out.append(f" ⌂{owner + 1 if owner is not None else ' '}",
                           style=f"{player_style(owner) if owner is not None else 'white'} {bg}")
            elif kind in PLACE:
                ch, style = PLACE[kind]
                out.append(f" {ch} ", style=style)
            else:
                pop = layout.pop[sq]
                out.append(f" {pop} ", style=("grey35", "grey50", "grey70 bold")[pop - 1])
        out.append(f" {row + 1}", style="bold")
        lines.append(out)
    lines.append(letters.copy())
    return lines


def status_lines(game, obs: dict) -> list[Text]:
    cards = game.cards
    lines: list[Text] = []
    cur = obs["current"]
    who = Text(f"Player {cur + 1}", style=player_style(cur))
    phase = obs["phase"]
    if phase == "setup_priest":
        lines.append(Text.assemble(("Setup: ", "bold"), who, " places a control marker and a Priest on a Temple."))
    elif phase == "setup_zealot":
        lines.append(Text.assemble(("Setup: ", "bold"), who, " places a Zealot within 3 spaces of their Temple."))
    elif phase == "play":
        lines.append(Text.assemble(("Turn ", "bold"), (str(obs["turn"]), "bold"),
                                   f" (round {obs['round']}" + (f" of {obs['turn_limit']})" if obs["turn_limit"] else ")"),
                                   " · ", who))
        if obs["step"] == "move":
            lines.append(Text(f"Move Step: {obs['allowance']} movement allowance left", style="bold"))
        else:
            lines.append(Text("Ability Step (no more moving)", style="bold"))
    else:
        if obs["winner"] is not None:
            lines.append(Text.assemble(("Game over: ", "bold"), Text(f"Player {obs['winner'] + 1}",
                                       style=player_style(obs["winner"])), " wins."))
        else:
            lines.append(Text("Game over: a draw (turn limit).", style="bold"))
    lines.append(Text("Turn order: " + " → ".join(f"P{p + 1}" for p in obs["order"]), style="dim"))
    lines.append(Text(""))
    lines.append(Text(" P   Foll  Div  Hand  Tmp  Mk  Commandments", style="bold"))
    for p, st in enumerate(obs["players_state"]):
        line = Text()
        line.append(f" P{p + 1}", style=player_style(p))
        line.append(f"  {st['followers']:>4}  {st['divinity']:>3}  {st['hand_size']:>4}  {st['temples']:>3}"
                    f"  {st['markers_left']:>2}  ")
        line.append(", ".join(cards.names[cards.by_id[c]] for c in st["commandments"]) or "-", style="dim")
        lines.append(line)
    if obs["hand"] is not None:
        lines.append(Text(""))
        lines += hand_lines(game, obs["hand"])
    lines.append(Text(f"Deck {obs['deck_size']} · discard {len(obs['discard'])}", style="dim"))
    if obs["stack"]:
        lines.append(Text(""))
        lines.append(Text("Stack (top first):", style="bold"))
        for item in reversed(obs["stack"]):
            what = cards.names[cards.by_id[item["card"]]] if "card" in item else item["ability"].capitalize()
            where = f" → {item['target']}" if item.get("target") else ""
            by = f" ({item['unit']})" if item.get("unit") else ""
            line = Text("  ")
            line.append(f"P{item['player'] + 1} ", style=player_style(item["player"]))
            line.append(f"{what}{by}{where}" + (" [denied]" if item["cancelled"] else ""))
            lines.append(line)
        if obs["responders"]:
            lines.append(Text("Waiting for responses from: " + ", ".join(f"P{p + 1}" for p in obs["responders"]),
                              style="italic"))
    return lines


def hand_lines(game, hand: list[str]) -> list[Text]:
    """Your hand, a card a line: what to type, its cost, when it can be played, its name
    (a line each so that no width cuts a card off; `help CARD` gives its text)."""
    cards = game.cards
    if not hand:
        return [Text.assemble(("Your hand: ", "bold"), "empty")]
    lines = [Text.assemble(("Your hand:", "bold"), (" play ID ..., the number is its cost in Divinity", "dim"))]
    width = max(len(c) for c in hand)
    for cid in dict.fromkeys(hand):  # copies of a card share a line
        c = cards.by_id[cid]
        when = ("any time", "your turn", "your turn, stays")[cards.type[c]]
        copies = hand.count(cid)
        lines.append(Text.assemble("  ", (f"{cid:<{width}}", "bold"), f"  {cards.cost[c]}  ",
                                   cards.names[c], (f" ×{copies}", "bold") if copies > 1 else "",
                                   (f" ({when})", "dim")))
    return lines


LEGEND = ("Units: P Priest, Z Zealot, R Prophet, A Avatar, then the owner; ~ Vigilance, ' arrived this turn, "
          "underlined: has acted. ⌂n Temple of player n (⌂ alone: free). T Tower, C Catacomb, L Library, "
          "M Market; digits: Population (x100). `help CARD` shows a card.")


def _beside(left: list[Text], width: int, right: list[Text], gap: int) -> list[Text]:
    out = []
    for i in range(max(len(left), len(right))):
        line = left[i].copy() if i < len(left) else Text(" " * width)
        if i < len(right):
            line.append(" " * (width - line.cell_len + gap))
            line.append_text(right[i])
        out.append(line)
    return out


class DivineView(LinesView):
    def lines(self, console: Console, width: int) -> list[Text]:
        board = board_lines(self.game, self.obs)
        bw = max(line.cell_len for line in board)
        status = status_lines(self.game, self.obs)
        if bw + GAP + 40 <= width:
            side = width - bw - GAP
            wrapped: list[Text] = []
            for line in status:
                wrapped.extend(line.wrap(console, side) if line.cell_len > side else [line])
            out = _beside(board, bw, wrapped, GAP)
        else:
            out = board[:]
            for line in status:
                out.extend(line.wrap(console, width) if line.cell_len > width else [line])
        out.extend(Text(LEGEND, style="dim").wrap(console, width))
        return out


def render(game, observation: dict) -> DivineView:
    """A rich renderable of one player's observation of a Divine game."""
    return DivineView(game, observation)


def notation_help(game) -> Text:
    rows = [
        ("place priest SQ / place zealot SQ", "setup: your Priest and control marker on a Temple; your Zealot"),
        ("move FROM TO", "move a Unit one space (or Catacomb to Catacomb), 1 point of allowance: move c7 c8"),
        ("preach SQ / establish SQ / vigil SQ", "abilities of the Priest (or Prophet) on SQ"),
        ("assassinate SQ TARGET / attack SQ TARGET", "abilities of the Zealot (or Avatar) on SQ: attack c9 d9"),
        ("desecrate SQ / convert SQ TARGET", "Zealot on an enemy Temple / Prophet next to an enemy unit"),
        ("train priest SQ / train zealot SQ", "1 Divinity: a new Unit at your unoccupied Temple"),
        ("reclaim SQ", "with no control marker left: take one back from an unoccupied Temple"),
        ("play CARD [TARGET]", "play a card: play miracle, play wrath c9, play schism p2, play iconoclasm zeal p2"),
        ("pass", "let the card or ability on the stack stand"),
        ("end", "end your turn (win conditions are checked)"),
    ]
    return notation_table(rows, "Squares are a1..r18 (columns a-r from the left, rows 1-18 from the bottom); "
                                "cards by id: `help CARD` explains one (`help wrath`).")


def help_topic(game, topic: str, observation: dict | None = None):
    """The help on a topic (a rule, a word of the game, a card, ...), or None if it names none."""
    entry = glossary(game).find(topic)
    return entry.render() if entry is not None else None


def summary(game, observation: dict) -> str:
    parts = []
    for p, st in enumerate(observation["players_state"]):
        parts.append(f"Player {p + 1}: {st['followers']} Follower Tokens, {st['temples']} Temples")
    return f"Turn {observation['turn']}. " + " · ".join(parts) + "."
