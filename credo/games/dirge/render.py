"""Drawing Dirge for the terminal, with rich: the battlefield, the creatures'
cards as a table, and help about creatures and abilities.

Everything here reads an *observation* (what one player may know) and the
game's public content, never a true state, so a drawing cannot leak what the
viewer may not see. Squares are drawn north up: row 1 (the first player's side)
at the bottom, columns a..h from the left.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from .game import ACTIONS_PER_TURN

# One style per player; the terminal uses the same colours for prompts and results.
PLAYER_STYLES = ("bold bright_cyan", "bold bright_yellow")
ARROWS = {"n": "↑", "e": "→", "s": "↓", "w": "←"}
CELL = 5  # characters per square: " CYC↑"
RED_SPACE = "on #5f0000"
DARK_SQUARE, LIGHT_SQUARE = "on grey11", "on grey15"
GAP = 3  # columns between the board and the creature table


def player_style(player: int | None) -> str:
    return PLAYER_STYLES[player] if player in (0, 1) else "dim"


def _abbr(game, cid: str) -> str:
    t = game.tables
    return t.abbr[t.by_id[cid]]


def _row_span(game, player: int) -> str:
    rows = sorted({int(game.board.names[sq][1:]) for sq in game.start_spaces[player]})
    return f"row {rows[0]}" if len(rows) == 1 else f"rows {rows[0]}-{rows[-1]}"


# --- the board --------------------------------------------------------------------
def board_text(game, obs: dict) -> Text:
    """The battlefield as text: column letters, row numbers, creatures with facings."""
    b = game.board
    setup = obs["phase"] == "setup"
    red = {sq for side in game.start_spaces for sq in side} if setup else set()
    occupant = {c["square"]: c for c in obs["creatures"] if c["square"]}
    active = obs.get("active")
    letters = "   " + "".join(f"{chr(97 + x):^{CELL}}" for x in range(b.width))
    out = Text(letters + "\n", style="bold")
    for row in range(b.height, 0, -1):
        out.append(f"{row:>2} ", style="bold")
        for col in range(b.width):
            sq = (row - 1) * b.width + col
            bg = RED_SPACE if sq in red else (DARK_SQUARE if (row + col) % 2 else LIGHT_SQUARE)
            c = occupant.get(b.names[sq])
            if c is None:
                out.append(f"{'·':^{CELL}}", style=f"grey50 {bg}")
                continue
            style = f"{player_style(c['owner'])} {bg}"
            if c["id"] == active:
                style += " reverse"
            out.append(f" {_abbr(game, c['id'])}{ARROWS[c['facing']]} ", style=style)
        out.append(f" {row}\n", style="bold")
    out.append(letters, style="bold")
    return out


# --- the status lines -------------------------------------------------------------
def _pips(left: int, total: int) -> Text:
    return Text.assemble(("●" * left, "bold red"), ("○" * (total - left), "dim"))


def status_text(game, obs: dict) -> Text:
    t = game.tables
    name = {cid: t.names[i] for i, cid in enumerate(t.ids)}
    p = obs["current"]
    who = Text(f"Player {p + 1}", style=player_style(p))
    lines: list[Text] = []
    if obs["phase"] == "setup":
        mode = obs["mode"]
        lines.append(Text.assemble(("Choosing creatures", "bold"), f" ({mode} mode)"))
        where = f"a free red space of {_row_span(game, p)}"
        if mode == "draw":
            drawn = obs.get("drawn")
            lines.append(Text.assemble(who, " drew the ", (name.get(drawn, "?"), "bold"),
                                       f": place it on {where}."))
            lines.append(Text(f"Cards left in the face-down pile: {obs['pile_size']}", style="dim"))
        elif mode == "teams":
            team = [c for c in game.teams[p] if t.ids[c] in obs["unchosen"]]
            lines.append(Text.assemble(who, f" places a creature of their recommended team on {where}:"))
            lines.append(Text("  " + ", ".join(t.names[c] for c in team), style="dim"))
        else:
            lines.append(Text.assemble(who, f" chooses any unchosen creature and places it on {where}:"))
            lines.append(Text("  " + ", ".join(name[c] for c in obs["unchosen"]), style="dim"))
    elif obs["phase"] == "play":
        left = obs["actions_left"]
        lines.append(Text.assemble(("Turn ", "bold"), (str(obs["turn"]), "bold"), " · ", who, " to move"))
        lines.append(Text.assemble("Action markers left: ", _pips(left, ACTIONS_PER_TURN),
                                   f" {left} of {ACTIONS_PER_TURN}"))
        active = obs.get("active")
        if active:
            given = "+".join(obs["plan_given"]) or "-"
            rest = ", ".join(obs["plan_left"]) or "nothing"
            lines.append(Text.assemble("Acting: ", (name[active], player_style(p)), f" (given {given}; still to do: ",
                                       (rest, "bold"), "; 'done' forgoes the rest)"))
        else:
            lines.append(Text("No creature acting: give actions to a creature, or end the turn.", style="dim"))
    else:
        winner = obs.get("winner")
        if winner is not None:
            lines.append(Text.assemble(("Game over: ", "bold"), Text(f"Player {winner + 1}", style=player_style(winner)),
                                       " wins."))
        else:
            lines.append(Text("Game over: a draw.", style="bold"))
    return Text("\n").join(lines)


# --- the creature table ---------------------------------------------------------
def creature_table(game, obs: dict) -> Table:
    t = game.tables
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False, header_style="bold",
                  collapse_padding=True)
    table.add_column("Creature", no_wrap=True)
    table.add_column("P", no_wrap=True)
    table.add_column("Sq", no_wrap=True)
    table.add_column("Wnd", justify="right", no_wrap=True)
    table.add_column("Mk", justify="right", no_wrap=True)
    table.add_column("Now", no_wrap=True)
    table.add_column("Sp", justify="right", no_wrap=True)
    table.add_column("St", justify="right", no_wrap=True)
    table.add_column("Rg", justify="right", no_wrap=True)
    table.add_column("Tg", justify="center", no_wrap=True)
    table.add_column("Ev", justify="center", no_wrap=True)
    table.add_column("Abilities", overflow="fold", min_width=12)
    active = obs.get("active")
    order = sorted(range(t.n), key=lambda i: (_owner_key(obs["creatures"][i]["owner"]), i))
    for i in order:
        c = obs["creatures"][i]
        owner = c["owner"]
        style = player_style(owner) if owner is not None else ""
        dead = c["destroyed"]
        if dead:
            square, status, row_style = "†", "destroyed", "dim"
        elif c["square"]:
            square, row_style = f"{c['square']}{ARROWS[c['facing']]}", ""
            status = ("acting" if c["id"] == active else "used" if c["used"]
                      else "blocked" if c["blocked"] else "")
        else:
            square, row_style = "-", "dim"
            status = "drawn" if c["id"] == obs.get("drawn") else ""
        abilities = ", ".join(ab.name for ab in game.content.creatures[i].abilities)
        damage = Text(f"{c['damage']}/{c['wounds']}",
                      style="bold red" if c["damage"] and c["wounds"] - c["damage"] <= 2 and not dead else "")
        table.add_row(
            Text(f"{t.abbr[i]} {t.names[i]}", style=style + (" strike" if dead else "")),
            f"P{owner + 1}" if owner is not None else "-",
            square,
            damage,
            str(c["markers"]) if c["markers"] else "·",
            Text(status, style="reverse" if status == "acting" else "italic" if status else ""),
            str(t.speed[i]), str(t.strength[i]), str(t.range[i]),
            f"{t.toughness[i][0]}/{t.toughness[i][1]}",
            f"{t.evasion[i][0]}/{t.evasion[i][1]}",
            abilities,
            style=row_style,
        )
    return table


def _owner_key(owner) -> int:
    return 9 if owner is None else owner


LEGEND = ("Wnd wounds taken/wounds · Mk action markers · Sp speed · St strength · Rg range · "
          "Tg toughness and Ev evasion front/flank (back 0; Ev is the roll that dodges, 0: never) · "
          "Now: acting, used or blocked this turn")


# --- the whole view -----------------------------------------------------------------
class DirgeView:
    """The board with the creature table beside it when the console is wide enough,
    under it otherwise."""

    def __init__(self, game, obs: dict) -> None:
        self.game = game
        self.obs = obs

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        board = board_text(self.game, self.obs)
        status = status_text(self.game, self.obs)
        table = creature_table(self.game, self.obs)
        legend = Text(LEGEND, style="dim")
        board_width = 3 + CELL * self.game.board.width + 3
        need = Measurement.get(console, options, table).maximum
        width = options.max_width
        if board_width + GAP + need - 12 <= width:  # side by side; long ability pairs may wrap
            grid = Table.grid(padding=(0, GAP))
            grid.add_column(width=board_width, no_wrap=True)
            grid.add_column()
            grid.add_row(board, table)
            yield status
            yield grid
            yield legend
        else:
            grid = Table.grid(padding=(0, GAP))
            grid.add_column(width=board_width, no_wrap=True)
            grid.add_column()
            grid.add_row(board, status)
            yield grid
            yield table
            yield legend

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(40, options.max_width)


def render(game, observation: dict) -> DirgeView:
    """A rich renderable of one player's observation of a Dirge game."""
    return DirgeView(game, observation)


# --- help ---------------------------------------------------------------------------
def notation_help(game) -> Text:
    """How Dirge actions are written."""
    rows = [
        ("place SQUARE", "draw mode: place the creature you drew (e.g. place c2)"),
        ("place CREATURE SQUARE", "pick and teams modes: choose a creature and place it (e.g. place cyclops c2)"),
        ("give CREATURE PLAN", "give actions to a creature, e.g. give cyclops move+attack "
                               "(move 1 marker, attack 2, an ability its cost)"),
        ("move SQUARE FACING", "the acting creature moves to SQUARE ending facing n/e/s/w (e.g. move d4 n)"),
        ("attack CREATURE", "the acting creature attacks (e.g. attack uat)"),
        ("ABILITY [CREATURE [DIRECTION]]", "use a given ability (e.g. push uat e, quake)"),
        ("done", "the acting creature forgoes the rest of its given actions"),
        ("end", "end your turn; unused markers go back to the pile"),
    ]
    out = Text()
    for i, (form, what) in enumerate(rows):
        if i:
            out.append("\n")
        out.append(f"  {form:<31}", style="bold")
        out.append(what)
    out.append("\nCreatures are named by id (cyclops, desert_preacher, ...); "
               "`help CREATURE` shows its card, `help ABILITY` an ability.", style="dim")
    return out


def _find_creature(game, word: str) -> int | None:
    t = game.tables
    w = word.strip().lower().replace(" ", "_")
    for i in range(t.n):
        if w in (t.ids[i], t.abbr[i].lower(), t.names[i].lower().replace(" ", "_")):
            return i
    return None


def _ability_line(ab) -> Text:
    kind = f"{ab.kind}, {ab.cost} action{'s' if ab.cost != 1 else ''}" if ab.kind == "active" else ab.kind
    return Text.assemble((ab.name, "bold"), f" ({ab.id}; {kind}): ", ab.text)


def help_topic(game, topic: str):
    """Help about a creature (its card) or an ability, or None if `topic` names neither."""
    c = _find_creature(game, topic)
    t = game.tables
    if c is not None:
        cr = game.content.creatures[c]
        out = Text.assemble((f"{cr.name}", "bold"), f" ({cr.id}, shown as {cr.abbr})\n",
                            f"Speed {cr.speed} · Strength {cr.strength} · Range {cr.range} · "
                            f"Toughness {cr.toughness[0]}/{cr.toughness[1]}/0 · "
                            f"Evasion {cr.evasion[0]}/{cr.evasion[1]}/0 (front/flank/back) · Wounds {cr.wounds}")
        for ab in cr.abilities:
            out.append("\n  ")
            out.append_text(_ability_line(ab))
        if cr.provisional:
            out.append(f"\n  Credo's design, not printed in the rulebook: {', '.join(cr.provisional)}", style="dim")
        return out
    w = topic.strip().lower()
    for ab in t.abilities:
        if w in (ab.id, ab.name.lower(), ab.id.replace("_", " ")):
            who = [t.names[i] for i in range(t.n) if t.ability_index[ab.id] in t.creature_abilities[i]]
            return Text.assemble(_ability_line(ab), (f"\n  Creature: {', '.join(who)}", "dim"))
    return None


def summary(game, observation: dict) -> str:
    """One line about how a finished (or abandoned) game stands."""
    alive = [[], []]
    for c in observation["creatures"]:
        if c["square"] and c["owner"] is not None:
            alive[c["owner"]].append(c["name"])
    counts = " · ".join(
        f"player {p + 1}: {len(a)} creature{'s' if len(a) != 1 else ''} left"
        + (f" ({', '.join(a)})" if a else "")
        for p, a in enumerate(alive)
    )
    return f"Turn {observation['turn']}. {counts}."
