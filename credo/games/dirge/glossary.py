"""Dirge's help topics: the rules in our words, the board's words and column heads, and
every creature and ability of the content."""

from __future__ import annotations

from credo.games.glossary import Glossary

RULES = """\
Two players, six mythological creatures each, on a battlefield of squares named like a \
chessboard (a1 at the first player's left). Destroy every enemy creature to win.
Setup. Creatures are drawn at random (or picked, or the recommended teams) and placed in \
turn on your red starting spaces ('place'). Each creature faces north, east, south or west: \
its front is marked, the opposite side is its back, the other two its flanks.
A turn. First, take one black action marker off each of your creatures (not on the first \
turn). Then you have 4 action markers to give out, one creature at a time:
  move (1 marker): up to Speed squares, no diagonals, never through an enemy or onto any \
creature, and choose the facing it ends with;
  attack (2 markers): a creature within Range; Range 1 reaches only the square in front;
  an ability: its cost in markers (help ABILITY).
A creature gets its markers once a turn ('give CREATURE move+attack'), and each action once; \
a creature that started your turn with a marker on it gets none (it is 'blocked'). 'done' \
stops the acting creature; 'end' ends your turn at any moment (an acting creature forgoes \
the rest) and unused markers go back.
Combat. If the target has Evasion above 0 on the side attacked, its owner rolls a die: \
rolling at least the Evasion dodges. Otherwise the damage is the attacker's Strength minus \
the target's Toughness on that side; the back always has Toughness 0 and Evasion 0. A \
creature is destroyed when its wounds pass its last wound space.
Range 3 (Centaur, Gorgon): may shoot up to 3 squares away, facing the target, without line \
of sight; such a shot counts as a flank attack.
Each creature also has two special abilities: passive, triggered, or active (paid with \
markers).
See also: help win, help turn, help CREATURE, help ABILITY, help Tg."""

WIN = """\
You win when the last creature of your opponent is destroyed."""

TURN = """\
1. Take one action marker off each of your creatures (not on the game's first turn); a \
creature still carrying one after that is blocked this turn.
2. Take 4 action markers; give them to creatures one at a time ('give'), then carry out that \
creature's actions (move 1, attack 2, abilities their cost).
3. 'end' returns the unused markers and the other player begins."""

WORDS: list[tuple[str, str, tuple[str, ...]]] = [
    ("Speed", "How many squares a creature may move with one move action (Sp on the board).", ("sp",)),
    ("Strength", "The damage a creature's attack deals before Toughness is taken off (St).", ("st",)),
    ("Range", "How far a creature attacks: 1 is the square in front only; 3 reaches 3 squares away, facing the "
              "target (Rg).", ("rg",)),
    ("Toughness", "Taken off the damage of an attack: front/flank on the board (Tg), the back always 0.",
     ("tg",)),
    ("Evasion", "The roll that dodges an attack: front/flank on the board (Ev), the back 0. The target's owner "
                "rolls a die; at least the Evasion dodges; 0 never dodges.", ("ev", "dodge")),
    ("Wounds", "How much damage a creature takes before it is destroyed. The board's Wnd is wounds taken / "
               "wounds it has.", ("wnd", "wound", "damage")),
    ("Action markers", "You get 4 a turn. Move costs 1, attack 2, an ability its cost. The board's Mk counts the "
                       "markers on a creature; each turn starts by taking one off each of yours.",
     ("mk", "marker", "markers", "action", "actions", "give")),
    ("Now", "The board column: acting (the creature carrying out its actions now), used (it has acted this turn) "
            "or blocked (it began your turn with a marker, so it gets none).", ("acting", "used", "blocked")),
    ("Facing", "The side a creature's front looks to: n, e, s or w (arrows on the board). Attacks from behind "
               "meet Toughness 0 and Evasion 0; from the sides, the flank values.",
     ("facings", "front", "flank", "flanks", "back", "sides", "n", "e", "s", "w", "north", "east", "south", "west",
      "↑", "→", "↓", "←", "arrow", "arrows")),
    ("Phases", "setup: creatures being placed on the starting spaces; play: the battle, turn by turn; over: the "
               "game has ended.", ("setup", "play", "over", "phase")),
    ("Square", "Named like a chessboard: a column letter from the first player's left, then a row number from "
               "their side (a1 ... h8).", ("squares", "sq", "battlefield")),
    ("P", "The board column of the owner: P1 or P2.", ("p1", "p2", "owner")),
    ("Move", "1 marker: up to Speed squares, orthogonally, not through enemies nor onto any creature; it may "
             "change its facing too.", ("movement",)),
    ("Attack", "2 markers: strike a creature within Range; the facing cannot change to attack.", ("combat",)),
    ("Ability", "Each creature has two: passive (always on), triggered (when something happens) or active "
                "(paid with markers, once a turn).", ("abilities", "special_abilities", "special")),
    ("Starting spaces", "The red squares of your side where creatures are placed at setup.",
     ("start", "red_squares", "place")),
    ("Modes", "draw: creatures drawn at random; pick: chosen in turn; teams: the recommended first-game teams.",
     ("mode", "draw", "pick", "teams")),
]


def ability_body(game, ab) -> str:
    kind = f"active, {ab.cost} action marker{'s' if ab.cost != 1 else ''}" if ab.kind == "active" else ab.kind
    t = game.tables
    who = [t.names[i] for i in range(t.n) if t.ability_index.get(ab.id) in t.creature_abilities[i]]
    return f"Ability ({ab.id}; {kind})\n{ab.text}" + (f"\nCreature: {', '.join(who)}" if who else "")


def creature_body(cr) -> str:
    lines = [f"{cr.name} ({cr.id}, shown as {cr.abbr}) · creature",
             f"Speed {cr.speed} · Strength {cr.strength} · Range {cr.range} · Wounds {cr.wounds}",
             f"Toughness {cr.toughness[0]}/{cr.toughness[1]}/0 · Evasion {cr.evasion[0]}/{cr.evasion[1]}/0 "
             "(front/flank/back)"]
    for ab in cr.abilities:
        kind = f"active, {ab.cost} marker{'s' if ab.cost != 1 else ''}" if ab.kind == "active" else ab.kind
        lines.append(f"  {ab.name} ({ab.id}; {kind}): {ab.text}")
    if cr.provisional:
        lines.append(f"  Credo's design, not printed in the rulebook: {', '.join(cr.provisional)}")
    return "\n".join(lines)


def glossary(game) -> Glossary:
    cached = getattr(game, "_help_glossary", None)
    if cached is not None:
        return cached
    g = Glossary("Dirge")
    g.add("Rules", "How to play Dirge", RULES, "rules", "how_to_play")
    g.add("Rules", "How to win", WIN, "win", "winning", "victory")
    g.add("Rules", "A turn", TURN, "turn", "steps")
    for title, body, names in WORDS:
        g.add("Words", title, body, *names)
    for cr in game.content.creatures:
        g.add("Creatures", cr.name, creature_body(cr), cr.id, cr.abbr)
    seen = set()
    for cr in game.content.creatures:
        for ab in cr.abilities:
            if ab.id not in seen:
                seen.add(ab.id)
                g.add("Abilities", ab.name, ability_body(game, ab), ab.id)
    game._help_glossary = g
    return g
