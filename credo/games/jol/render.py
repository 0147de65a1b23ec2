"""Drawing Jol for the terminal, with rich: the three lanes with both sides' Cogum
(Ready or Exhausted, stats, Vows) and both INF totals, the Manifests and face-down
Prophecies, the hand, the engagement under way, and (when given) the last events.

Everything here reads an *observation* (what one player may know) and the game's
public content, never a true state, so a drawing cannot leak what the viewer may
not see. The terminal narrates the log itself; `render(..., events=...)` adds the
last few events to the drawing for other uses.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from credo.games.rendering import notation_table

from .glossary import CARD_NUMBER, card_number_help, glossary

PLAYER_STYLES = ("bold bright_cyan", "bold bright_yellow")
LANE_NAMES = ("Boog", "Court", "Limit")
VIRTUE_MARK = {"brave": "Br", "proud": "Pr", "wise": "Wi", "stoic": "St"}


def player_style(player: int | None) -> str:
    return PLAYER_STYLES[player] if player in (0, 1) else "dim"


def _bar(value: int, win: int) -> Text:
    full = min(value, win)
    return Text.assemble(("█" * full, "green" if value >= win else "white"), ("·" * (win - full), "grey35"))


def _named(game, cards: list[dict]) -> str:
    return ", ".join(f"{c['id']} {game.face(c['card'])['name']}" for c in cards)


def cogum_text(game, c: dict) -> Text:
    face = game.face(c["card"])
    ready = c["ready"]
    style = player_style(c["owner"]) if ready else "grey50"
    out = Text()
    out.append(f"{c['id']} {face['name']}", style=style)
    out.append(f" {c['det']}/{c['hrt']}/{c['sprt']}", style="bold" if ready else "grey50")
    out.append(f" {VIRTUE_MARK[face['virtue']]}{'·J' if face['faith'] == 'jovinet' else '·T'} {face['planet']}",
               style="dim")
    out.append(" Ready" if ready else " Exh.", style="green" if ready else "red dim")
    if c["vows"]:
        out.append(f" +vow {','.join(v['id'] for v in c['vows'])}", style="magenta")
    return out


def _side_line(game, obs: dict, p: int) -> Text:
    side = obs["players"][p]
    out = Text.assemble((f"Player {p + 1}", player_style(p)), f" ({side['deck']}) ",
                        (f"hand {side['hand_size']} · deck {side['deck_size']}", "dim"))
    out.append("  Manifest: ", style="bold")
    if side["manifest"]:
        out.append_text(Text("  ").join(cogum_text(game, c) for c in side["manifest"]))
    else:
        out.append("empty", style="dim")
    if side["face_down"]:
        out.append(f"  face-down Prophecies: {', '.join(side['face_down'])}", style="magenta")
    return out


def lanes_lines(game, obs: dict) -> list[Text]:
    win = game.rules.win_inf
    lines = []
    for lane in obs["lanes"]:
        name = lane["lane"].capitalize()
        for p in (1, 0):
            head = Text(f"{name.upper():6}" if p == 1 else " " * 6, style="bold")
            head.append(f" P{p + 1} INF {lane['inf'][p]:>2} ", style=player_style(p))
            head.append_text(_bar(lane["inf"][p], win))
            head.append(" │ ")
            cogum = lane["cogum"][p]
            if cogum:
                head.append_text(Text("   ").join(cogum_text(game, c) for c in cogum))
            else:
                head.append("—", style="dim")
            lines.append(head)
        lines.append(Text(""))
    return lines


def status_text(obs: dict) -> Text:
    p = obs["current"]
    if obs["phase"] == "over":
        w = obs["winner"]
        return Text.assemble(("Game over: ", "bold"), (f"Player {w + 1}", player_style(w)), " wins.")
    phase = {"formation": "Formation phase", "engagement": "Engagement phase", "prayer": "Prayer step",
             "defender": "choice of defender"}[obs["phase"]]
    out = Text.assemble(("Turn ", "bold"), (str(obs["turn"]), "bold"), " · ", (f"Player {p + 1}", player_style(p)),
                        f"'s turn · {phase}")
    if obs["phase"] == "formation":
        out.append(" · summon " + ("used" if obs["summoned"] else "available"), style="dim")
    e = obs.get("engagement")
    if e:
        out.append("\n")
        out.append(f"Engagement: {e['engaging']} {e['kind']}s in the {str(e['lane']).capitalize()}", style="bold")
        out.append(f" · defender {e['defender'] or '—'} · Prayer step {e['step']}")
        if e["answering"] is not None:
            out.append(" · answering: ")
            out.append(f"Player {e['answering'] + 1}", style=player_style(e["answering"]))
    return out


def hand_text(game, obs: dict) -> Text | None:
    me = obs["player"]
    if me is None:
        return None
    hand = obs["players"][me].get("hand", [])
    out = Text("Your hand: ", style="bold")
    if not hand:
        out.append("empty", style="dim")
    for k, card in enumerate(hand):
        if k:
            out.append(" · ")
        face = game.face(card["card"])
        out.append(card["id"], style="bold")
        out.append(f" {face['name']}")
        if face["family"] == "cogum":
            d, h, s = face["printed"]
            out.append(f" ({d}/{h}/{s})", style="dim")
        else:
            out.append(f" ({face['family']})", style="dim")
    downs = obs["players"][me].get("prophecies", [])
    if downs:
        out.append("\nYour face-down Prophecies: ", style="bold")
        out.append(_named(game, downs), style="magenta")
    return out


def render(game, observation: dict, events=None):
    """A rich renderable of one player's observation of a Jol game."""
    obs = observation
    parts = [status_text(obs), _side_line(game, obs, 1), Text("")]
    parts.extend(lanes_lines(game, obs))
    parts.append(_side_line(game, obs, 0))
    if obs["lasting"]:
        parts.append(Text("Lasting Talents: " + ", ".join(f"{x['id']} {game.face(x['card'])['name']} on {x['on']}" for x in obs["lasting"]),
                          style="magenta"))
    hand = hand_text(game, obs)
    if hand is not None:
        parts.append(hand)
    if events:
        parts.append(Text("Recent events:", style="bold"))
        parts.extend(Text(f"  {e.text}", style="dim") for e in list(events)[-8:])
    parts.append(Text("Cogum: id name DET/HRT/SPRT Virtue·Faith (J Jovinet, T Terrisol), Ready or Exhausted · "
                      "`help CARD` shows a card", style="dim"))
    return Group(*parts)


def notation_help(game) -> Text:
    rows = [
        ("summon cN LANE", "summon a Cogum from your hand (lanes: boog, court, limit), once a turn"),
        ("manifest cN", "move a Ready ally to your Manifest (it becomes Exhausted)"),
        ("deploy cN LANE", "move a Ready ally from your Manifest to a lane (it arrives Ready)"),
        ("talent cN [cM|LANE]", "play a Talent, on a Cogum or a lane if it takes one"),
        ("vow cN cM", "attach a Vow to a Cogum"),
        ("prophecy cN", "place a Prophecy face down in your Manifest"),
        ("instigate cN / influence cN", "engage with a Ready Cogum in a lane"),
        ("defend cN", "choose the defender (a Ready Cogum in the lane)"),
        ("pray cN [cM|LANE] / pass", "in a Prayer step: play one Prayer, or pass"),
        ("end", "end your turn"),
    ]
    return notation_table(rows, "Cards are numbered in the order they are drawn (c1, c2, ...): `help c1` says "
                                "what c1 is if you can see it; `help CARD` shows a card by id or name.")


def help_topic(game, topic: str, observation: dict | None = None):
    """The help on a topic (a rule, a word, a card by id or name), or on a card number
    such as c1, told from `observation` (the asking player's) so a hidden card stays hidden."""
    word = topic.strip().lower()
    if CARD_NUMBER.match(word):
        return card_number_help(game, word, observation)
    entry = glossary(game).find(topic)
    return entry.render() if entry is not None else None


def summary(game, observation: dict) -> str:
    lanes = " · ".join(f"{lane['lane'].capitalize()} {lane['inf'][0]}-{lane['inf'][1]}" for lane in observation["lanes"])
    w = observation["winner"]
    head = f"Turn {observation['turn']}. INF (P1-P2): {lanes}."
    return head + (f" Player {w + 1} wins." if w is not None else "")
