"""Drawing Dirge for the terminal, with rich: the battlefield, the creatures'
cards as a table, and help about creatures and abilities.

Everything here reads an *observation* (what one player may know) and the
game's public content, never a true state, so a drawing cannot leak what the
viewer may not see. Squares are drawn north up: row 1 (the first player's side)
at the bottom, columns a..h from the left.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from credo.games.rendering import LinesView, notation_table

from .codes import ACTIONS_PER_TURN
from .glossary import glossary

# One style per player; the terminal uses the same colours for prompts and results.
PLAYER_STYLES = ("bold bright_cyan", "bold bright_yellow")
ARROWS = {"n": "↑", "e": "→", "s": "↓", "w": "←"}
CELL = 5  # characters per square: " CYC↑"
RED_SPACE = "on #5f0000"
DARK_SQUARE, LIGHT_SQUARE = "on grey11", "on grey19"
GAP = 2  # columns between the board and the creature table


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
    return Text("\n").join(board_lines(game, obs))


def board_lines(game, obs: dict) -> list[Text]:
    """The lines of `board_text`."""
    b = game.board
    setup = obs["phase"] == "setup"
    red = {sq for side in game.start_spaces for sq in side} if setup else set()
    occupant = {c["square"]: c for c in obs["creatures"] if c["square"]}
    active = obs.get("active") if obs["phase"] == "play" else None
    letters = Text("   " + "".join(f"{chr(97 + x):^{CELL}}" for x in range(b.width)), style="bold")
    lines = [letters]
    for row in range(b.height, 0, -1):
        out = Text()
        out.append(f"{row:>2} ", style="bold")
        lines.append(out)
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
            out.append(f" {_abbr(game, c['id'])}{ARROWS[c['facing']]}", style=style)
        out.append(f" {row}", style="bold")
    lines.append(letters.copy())
    return lines


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
def _order(game, obs: dict) -> list[int]:
    """Creatures by owner (player 1, player 2, unchosen), then in content order."""
    return sorted(range(game.tables.n), key=lambda i: (_owner_key(obs["creatures"][i]["owner"]), i))


def _name_style(obs: dict, i: int) -> str:
    c = obs["creatures"][i]
    style = player_style(c["owner"]) if c["owner"] is not None else ""
    return style + (" strike dim" if c["destroyed"] else "")


# (header, justification) of each column; the last one, the abilities, may go elsewhere
COLUMNS = (
    ("Creature", "l"), ("P", "l"), ("Sq", "l"), ("Wnd", "r"), ("Mk", "r"), ("Now", "l"),
    ("Sp", "r"), ("St", "r"), ("Rg", "r"), ("Tg", "c"), ("Ev", "c"), ("Abilities", "l"),
)


def creature_rows(game, obs: dict) -> list[list[Text]]:
    """One row of cells per creature (all of the COLUMNS), in table order."""
    t = game.tables
    active = obs.get("active") if obs["phase"] == "play" else None
    rows = []
    for i in _order(game, obs):
        c = obs["creatures"][i]
        owner = c["owner"]
        dead = c["destroyed"]
        if dead:
            square, status, dim = "†", "destroyed", "dim"
        elif c["square"]:
            square, dim = f"{c['square']}{ARROWS[c['facing']]}", ""
            status = ("acting" if c["id"] == active else "used" if c["used"]
                      else "blocked" if c["blocked"] else "")
        else:
            square, dim = "-", "dim"
            status = "drawn" if c["id"] == obs.get("drawn") else ""
        hurt = c["damage"] and t.wounds[i] - c["damage"] <= 2 and not dead
        rows.append([
            Text(f"{t.abbr[i]} {t.names[i]}", style=_name_style(obs, i)),
            Text(f"P{owner + 1}" if owner is not None else "-", style=dim),
            Text(square, style=dim),
            Text(f"{c['damage']}/{t.wounds[i]}", style="bold red" if hurt else dim),
            Text(str(c["markers"]) if c["markers"] else "·", style=dim),
            Text(status, style="reverse" if status == "acting" else f"italic {dim}"),
            Text(str(t.speed[i]), style=dim),
            Text(str(t.strength[i]), style=dim),
            Text(str(t.range[i]), style=dim),
            Text(f"{t.toughness[i][0]}/{t.toughness[i][1]}", style=dim),
            Text(f"{t.evasion[i][0]}/{t.evasion[i][1]}", style=dim),
            Text(_ability_names(game, i), style=dim),
        ])
    return rows


def table_lines(rows: list[list[Text]], columns: int) -> tuple[list[Text], int]:
    """The first `columns` columns of `rows` under a header, aligned: (lines, width)."""
    cells = [[Text(h, style="bold") for h, _ in COLUMNS[:columns]]] + [r[:columns] for r in rows]
    widths = [max(r[k].cell_len for r in cells) for k in range(columns)]
    lines = []
    for r in cells:
        line = Text()
        for k in range(columns):
            cell, pad, just = r[k], widths[k] - r[k].cell_len, COLUMNS[k][1]
            left = pad if just == "r" else pad // 2 if just == "c" else 0
            if k:
                line.append(" ")
            line.append(" " * left)
            line.append_text(cell)
            if k < columns - 1:
                line.append(" " * (pad - left))
        lines.append(line)
    return lines, sum(widths) + columns - 1


def creature_table(game, obs: dict, abilities: bool = True) -> Text:
    """The creatures' cards as an aligned table."""
    lines, _ = table_lines(creature_rows(game, obs), len(COLUMNS) if abilities else len(COLUMNS) - 1)
    return Text("\n").join(lines)


def _ability_names(game, i: int) -> str:
    return ", ".join(ab.name for ab in game.content.creatures[i].abilities)


def ability_lines(game, obs: dict, width: int) -> list[Text]:
    """Each creature's two ability names, in as many columns (filled downwards) as fit."""
    items = [Text.assemble((game.tables.abbr[i], _name_style(obs, i)), " ", _ability_names(game, i))
             for i in _order(game, obs)]
    cell = max(item.cell_len for item in items)
    gap = 3
    cols = max(1, min(len(items), (width + gap) // (cell + gap)))
    rows = -(-len(items) // cols)
    lines = []
    for r in range(rows):
        line = Text()
        for k in range(cols):
            j = k * rows + r
            if j >= len(items):
                break
            if k:
                line.append(" " * (gap + cell - items[j - rows].cell_len))
            line.append_text(items[j])
        lines.append(line)
    return lines


def _owner_key(owner) -> int:
    return 9 if owner is None else owner


def _beside(left: list[Text], left_width: int, right: list[Text], gap: int) -> list[Text]:
    out = []
    for i in range(max(len(left), len(right))):
        line = left[i].copy() if i < len(left) else Text()
        if i < len(right):
            line.append(" " * (left_width - line.cell_len + gap))
            line.append_text(right[i])
        out.append(line)
    return out


LEGEND = ("Wnd wounds taken/wounds · Mk action markers · Now: acting, used or blocked this turn · "
          "Sp speed · St strength · Rg range · Tg toughness, Ev evasion: front/flank, back 0 "
          "(Ev: the roll that dodges; 0 never) · `help CREATURE` shows a card")


# --- the whole view -----------------------------------------------------------------
class DirgeView(LinesView):
    """The status, the board with the creature table beside it (or under it when the
    console is narrow), the abilities, and a legend."""

    def lines(self, console: Console, width: int) -> list[Text]:
        game, obs = self.game, self.obs
        board = board_lines(game, obs)
        board_width = max(line.cell_len for line in board)
        status = status_text(game, obs)
        rows = creature_rows(game, obs)
        full, full_width = table_lines(rows, len(COLUMNS))
        short, short_width = table_lines(rows, len(COLUMNS) - 1)
        out: list[Text] = []
        if board_width + GAP + short_width <= width:  # the table beside the board
            out.extend(status.wrap(console, width))
            if board_width + GAP + full_width <= width:
                out.extend(_beside(board, board_width, full, GAP))
            else:
                out.extend(_beside(board, board_width, short, GAP))
                out.extend(ability_lines(game, obs, width))
        else:
            side = width - board_width - GAP
            if side >= 24:
                out.extend(_beside(board, board_width, list(status.wrap(console, side)), GAP))
            else:
                out.extend(status.wrap(console, width))
                out.extend(board)
            if full_width <= width:
                out.extend(full)
            else:
                out.extend(short)
                out.extend(ability_lines(game, obs, width))
        out.extend(Text(LEGEND, style="dim").wrap(console, width))
        return out


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
        ("end", "end your turn, even while a creature acts (it forgoes the rest); unused markers go back to the pile"),
    ]
    return notation_table(rows, "Creatures are named by id (cyclops, desert_preacher, ...); " "`help CREATURE` shows its card, `help ABILITY` an ability.")


def help_topic(game, topic: str, observation: dict | None = None):
    """The help on a topic (a rule, a word of the game, a card, ...), or None if it names none."""
    entry = glossary(game).find(topic)
    return entry.render() if entry is not None else None


def summary(game, observation: dict) -> str:
    """One line about how a finished (or abandoned) game stands."""
    t = game.tables
    on_board: list[list[str]] = [[], []]
    for c in observation["creatures"]:
        if c["square"] and c["owner"] is not None:
            on_board[c["owner"]].append(t.names[t.by_id[c["id"]]])
    if observation["phase"] == "setup":
        return "Still choosing creatures: " + ", ".join(
            f"Player {p + 1} has placed {len(names)}" for p, names in enumerate(on_board)) + "."
    return f"Turn {observation['turn']}. " + " · ".join(
        f"Player {p + 1}: {len(names)} creature{'s' if len(names) != 1 else ''} left"
        + (f" ({', '.join(names)})" if names else "")
        for p, names in enumerate(on_board)) + "."
