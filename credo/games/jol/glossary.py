"""Jol's help topics: the rules in our words, the board's words (lanes, INF, DET, HRT,
SPRT, the Virtue·Faith marks such as Wi·T, ...), every Cogum and Capacity of the content,
and a card number (`help c1`) read from the asking player's observation only."""

from __future__ import annotations

import re

from rich.text import Text

from credo.games.glossary import Glossary, join_words

RULES = """\
Two players, each with a deck of one Faith (Jovinet or Terrisol, or a mixed deck), compete \
for influence (INF) in three lanes: the Boog, the Court and the Limit.
Win: have {win} INF or more in {lanes} lanes at the same moment. Each lane keeps both \
players' totals apart; they never cancel, and reaching {win} locks nothing.
Lose: having to draw from an empty deck.
Cards. Cogum are your bodies on the field, with DET, HRT and SPRT; Capacities are Talents, \
Vows, Prophecies and Prayers. Capacities cost nothing.
Each player starts with {hand} cards. A turn has five phases:
  Draw: draw one card.
  Ready: your Cogum on the field and in your Manifest become Ready.
  Formation, in any order: summon one Cogum a turn from hand to an open space of a lane on \
your side (it enters Exhausted unless its Skill says otherwise); move Ready allies to your \
Manifest (they become Exhausted; at most {manifest} there); move Ready allies from the \
Manifest to a lane (they arrive Ready); play Talents, attach Vows, place Prophecies face \
down, as many as you like.
  Engagement: each Ready Cogum may engage once, one at a time: Instigate or Influence. The \
engaging Cogum Exhausts; the opponent must choose a Ready Rival in that lane to defend if \
there is one, and it Exhausts too.
    Instigate: DET against the defender's HRT; if DET is greater or equal, the defender \
breaks (to the graveyard); otherwise it persists. Instigating never moves INF.
    Influence: SPRT against the defender's SPRT; you gain the difference as INF in that lane \
if yours is greater, your whole SPRT if nobody defends, nothing otherwise.
    Each engagement has two Prayer steps (after the declaration, after the defender is \
chosen): in each, the player who did not act may play one Prayer, then the other.
  End: end-of-turn effects; then the other player's turn.
Each lane holds {spaces} Cogum a side. Cards are numbered c1, c2, ... as they are drawn.
See also: help win, help turn, help inf, help det, help manifest, help c1."""

WIN = """\
You win the moment your INF reads {win} or more in {lanes} lanes at once. Influence your \
opponent takes from you can undo it, so both lanes must read {win} at the same instant.
You lose if you must draw from an empty deck."""

TURN = """\
1. Draw: one card.
2. Ready: your Cogum on the field and in the Manifest.
3. Formation: summon one Cogum, move Cogum to and from the Manifest, Talents, Vows, \
Prophecies.
4. Engagement: each Ready Cogum Instigates or Influences once, with two Prayer steps each.
5. End."""

WORDS: list[tuple[str, str, tuple[str, ...]]] = [
    ("Boog", "One of the three lanes (shown first). Each lane keeps each player's INF apart.", ("lane_boog",)),
    ("Court", "One of the three lanes, the Court of Jol. Each lane keeps each player's INF apart.", ()),
    ("Limit", "One of the three lanes. Each lane keeps each player's INF apart.", ()),
    ("Lane", "The Boog, the Court and the Limit: each holds a few Cogum a side and two INF totals, yours and "
             "your opponent's.", ("lanes",)),
    ("INF", "Influence: your total in a lane, gained by Influencing (and some cards). Reach the winning total in "
            "enough lanes at once to win. The bar on the board fills towards it.", ("influence_points",)),
    ("DET", "Determination: a Cogum's strength when it Instigates, against the defender's HRT. The board "
            "writes a Cogum's stats DET/HRT/SPRT.", ("determination",)),
    ("HRT", "Heart: how a Cogum resists an Instigation; it persists when its HRT is strictly greater than the "
            "Instigator's DET.", ("heart",)),
    ("SPRT", "Spirit: a Cogum's power when it Influences, or defends against an Influence.", ("spirit",)),
    ("Cogum", "Your unit on the field: a name, a Faith (Jovinet or Terrisol), a Virtue, a planet, stats DET/HRT/"
              "SPRT and, for Jovinet Cogum, a Skill.", ("cogums", "unit")),
    ("Capacity", "A support card: Talent, Vow, Prophecy or Prayer. Capacities cost nothing.", ("capacities",)),
    ("Talent", "A Capacity played in your Formation phase: it resolves at once, or lasts until end of turn.",
     ("talents",)),
    ("Vow", "A Capacity played in your Formation phase, attached to a Cogum until that Cogum breaks. The board "
            "shows +vow cN on its Cogum.", ("vows", "+vow")),
    ("Prophecy", "A Capacity placed face down in your Manifest in your Formation phase; it flips and resolves "
                 "when its trigger happens.", ("prophecies", "face_down")),
    ("Prayer", "A Capacity played during an engagement, in a Prayer step, yours or your opponent's; instant.",
     ("prayers", "pray")),
    ("Prayer step", "Each engagement has two: after the declaration and after the defender is chosen. In each, "
                    "the player who did not take that action may play one Prayer, then the other may. Passing is "
                    "final for the step.", ("prayer_steps", "step", "pass", "answering")),
    ("Manifest", "A space beside the lanes for up to three of your Cogum (moved there Ready, they become "
                 "Exhausted; moved back to a lane, they arrive Ready) and your face-down Prophecies.",
     ("manifests",)),
    ("Ready", "A Cogum that can act this turn: engage, defend, move. Everything Readies in your Ready phase.", ()),
    ("Exhausted", "A Cogum that has acted or just arrived: it cannot engage or defend until it Readies. The board "
                  "writes Exh.", ("exh", "exhaust")),
    ("Instigate", "Engage with DET against the defender's HRT: the defender breaks if DET is greater or equal, "
                  "persists otherwise. Moves no INF.", ("instigation", "instigates")),
    ("Influence", "Engage with SPRT against the defender's SPRT: gain the difference as INF, or your whole SPRT if "
                  "no Rival defends.", ("influencing", "influences")),
    ("Engagement", "One Instigation or Influence, with its two Prayer steps. Also the phase in which your Ready "
                   "Cogum engage, one at a time.", ("engage", "engagement_phase")),
    ("Defender", "The Ready Rival your opponent chooses to meet an engagement in that lane; while one stands "
                 "there, one must defend.", ("defend", "defending")),
    ("Rival", "A Cogum of your opponent's. An ally is one of yours.", ("rivals", "ally", "allies")),
    ("Break", "A Cogum that loses an Instigation breaks: it goes to the graveyard with its Vows.",
     ("breaks", "broken", "graveyard")),
    ("Persist", "A defender whose HRT beats the Instigator's DET stays on the field.", ("persists",)),
    ("Summon", "Put a Cogum from your hand into an open space of a lane on your side, once a turn, in "
               "Formation. It enters Exhausted unless its Skill says otherwise.", ("summons",)),
    ("Skill", "An effect printed on a Jovinet Cogum, always on. Terrisol Cogum print none and have bigger stats.",
     ("skills",)),
    ("Virtue", "A Cogum's kind, set by its highest printed stat: Brave (DET), Proud (HRT), Wise (SPRT), Stoic "
               "(all equal). The board writes Br, Pr, Wi or St, then ·J or ·T for the Faith (Wi·T: Wise Terrisol).",
     ("virtues",)),
    ("Brave", "Virtue of a Cogum whose highest stat is DET (Br on the board).", ("br",)),
    ("Proud", "Virtue of a Cogum whose highest stat is HRT (Pr on the board).", ("pr",)),
    ("Wise", "Virtue of a Cogum whose highest stat is SPRT (Wi on the board).", ("wi",)),
    ("Stoic", "Virtue of a Cogum whose three stats are equal (St on the board).", ("st",)),
    ("Faith", "The Order a Cogum belongs to: Jovinet (·J on the board) or Terrisol (·T). Some cards care.",
     ("faiths", "order")),
    ("Jovinet", "A Faith: Jovinet Cogum print Skills and pay with smaller stats (·J on the board).",
     ("j", "jovinet_chorus")),
    ("Terrisol", "A Faith: Terrisol Cogum print no Skill and carry bigger stats (·T on the board).",
     ("t", "terrisol_wall")),
    ("Draw phase", "Draw the top card of your deck; drawing from an empty deck loses the game.", ("draw", "deck")),
    ("Ready phase", "Your Cogum on the field and in the Manifest become Ready.", ()),
    ("Formation", "Your phase to summon, move Cogum to and from the Manifest, play Talents and Vows and place "
                  "Prophecies.", ("formation_phase",)),
    ("End phase", "End-of-turn effects resolve; lasting Talents end; the other player begins.", ("end_phase",)),
    ("Hand", "Your cards not yet played; only you see them. You start with seven.", ()),
    ("Lasting", "A lasting Talent stays on the field until the end of the turn; the board lists them.",
     ("lasting_talents",)),
    ("Engaged", "A Cogum taking part in the engagement under way (engaging or defending).", ("engaging",)),
    ("Choice of defender", "The step in an engagement where the opponent names the Ready Rival that defends.",
     ("defender_phase",)),
    ("Card numbers", "Every card gets a number, c1, c2, ..., in the order it is drawn; actions name cards by it. "
                     "help cN tells what a card is, if you can see it.", ("cn", "numbers", "card_number")),
]

for _stat, _name in (("br", "Brave"), ("pr", "Proud"), ("wi", "Wise"), ("st", "Stoic")):
    for _faith, _fname in (("j", "Jovinet"), ("t", "Terrisol")):
        WORDS.append((f"{_stat.capitalize()}·{_faith.upper()}",
                      f"On the board: a {_name} {_fname} Cogum (Virtue {_name}, Faith {_fname}).", ()))

TARGETS = {"none": "no target", "lane": "a lane", "ally": "one of your Cogum in a lane",
           "rival": "one of your opponent's Cogum in a lane", "cogum": "any Cogum in a lane",
           "engaged_ally": "your Cogum in the engagement", "engaged_rival": "your opponent's Cogum in the engagement"}
TRIGGERS = {"rival_summons": "your opponent summons a Cogum", "rival_instigates": "your opponent declares an Instigation",
            "rival_influences": "your opponent declares an Influence", "rival_gains_inf": "your opponent gains INF",
            "rival_reaches": "your opponent's INF in a lane reaches {threshold}", "ally_broken": "one of your Cogum breaks"}
WHEN = {"talent": "your Formation phase", "vow": "your Formation phase, attached to a Cogum",
        "prophecy": "your Formation phase, face down in your Manifest", "prayer": "a Prayer step"}


def _rules(game) -> dict:
    r = game.content.rules
    return {"win": r.win_inf, "lanes": r.win_lanes, "hand": r.opening_hand, "manifest": r.manifest_size,
            "spaces": r.lane_spaces}


def cogum_body(c) -> str:
    virtue = c.virtue.capitalize()
    mark = f"{virtue[:2]}·{c.faith[0].upper()}"
    body = (f"Cogum ({c.id}) · {c.faith.capitalize()} · {virtue} ({mark}) · planet {c.planet}\n"
            f"DET {c.det} · HRT {c.hrt} · SPRT {c.sprt}")
    if c.skill:
        body += f"\nSkill {c.skill.name}: {c.skill.text}"
    return body


def capacity_body(c) -> str:
    fam = c.family.capitalize()
    how = f"Played in {WHEN[c.family]}"
    if c.trigger:
        how += "; it flips when " + TRIGGERS[c.trigger].format(threshold=c.threshold)
    elif c.target != "none":
        who = TARGETS[c.target]
        limits = join_words([x.capitalize() for x in list(c.faith) + list(c.virtue)], "or")
        how += f"; target: {who}" + (f" ({limits} only)" if limits else "")
    if c.lasting:
        how += "; lasts until end of turn"
    return f"{fam} ({c.id})\n{c.text}\n{how}."


def glossary(game) -> Glossary:
    cached = getattr(game, "_help_glossary", None)
    if cached is not None:
        return cached
    numbers = _rules(game)
    g = Glossary("Jol")
    g.add("Rules", "How to play Jol", RULES.format(**numbers), "rules", "how_to_play")
    g.add("Rules", "How to win", WIN.format(**numbers), "win", "winning", "victory")
    g.add("Rules", "A turn", TURN, "turn", "phases", "phase")
    for title, body, names in WORDS:
        g.add("Words", title, body, *names)
    c = game.content
    for k in c.cogum:
        g.add("Cogum", k.name, cogum_body(k), k.id, *([k.skill.name] if k.skill else []))
    for k in c.capacities:
        g.add(k.family.capitalize() + "s", k.name, capacity_body(k), k.id)
    for d in c.decks:
        cards = ", ".join(f"{e.copies} {e.card}" for e in d.cards)
        g.add("Decks", d.name, f"Deck ({d.id}). {d.text} Cards: {cards}.".replace(". .", "."), d.id)
    game._help_glossary = g
    return g


CARD_NUMBER = re.compile(r"^c\d+$")


def card_number_help(game, number: str, observation: dict | None) -> Text:
    """What `cN` is, read only from the asking player's observation."""
    seen = _visible(observation or {})
    what = seen.get(number)
    if what is None:
        return Text(f"{number}: a card you cannot see (in a hand, a deck or face down).")
    if isinstance(what, str):
        return Text(f"{number}: {what}.")
    entry = glossary(game).find(what["card"])
    if entry is None:
        return Text(f"{number}: {game.face(what['card'])['name']}")
    return entry.render(prefix=f"{number}: ")


def _visible(obs) -> dict[str, object]:
    """Every card number in the observation: the card dict where its card is shown, or a
    phrase where only its place is (a face-down Prophecy)."""
    found: dict[str, object] = {}

    def walk(x, owner=None):
        if isinstance(x, dict):
            if isinstance(x.get("id"), str) and "card" in x:  # a face-up card, an attached Vow among them
                found[x["id"]] = x
            for k, v in x.items():
                if k == "face_down" and isinstance(v, list):
                    for n in v:
                        found.setdefault(n, f"a face-down Prophecy of Player {owner + 1}" if owner is not None
                                         else "a face-down Prophecy")
                else:
                    walk(v, owner)
        elif isinstance(x, list):
            for i, v in enumerate(x):
                walk(v, i if x and isinstance(v, dict) and "deck_size" in v else owner)

    walk(obs)
    return found
