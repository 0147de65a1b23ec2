"""Divine's help topics: the rules in our words, the board's words and letters, the
Units and their abilities, and every card and tile of the content."""

from __future__ import annotations

from credo.games.glossary import Glossary, join_words

from . import rules as R

RULES = """\
Two to four players, each a Deity, spread a religion through an ancient city of 9 tiles (3 \
by 3, each 6 by 6 spaces). Each space holds one Unit at most.
Setup. Each player draws 4 Divinity cards, places a control marker and a Priest on a Temple \
(in turn order), then a Zealot within 3 spaces of it (in reverse order). Each starts with \
{start} Follower Tokens (100 followers each) and 1 Divinity.
A turn:
  Draw Step: draw a Divinity card (one more if your Unit stands on the Library).
  Move Step: roll one die per Temple you control; the total is your movement allowance, \
shared among your Units, one space a point, never diagonally. Units cannot pass through \
other Units. A Unit on a Catacomb may spend a point to jump to another Catacomb.
  Ability Step: each Unit may use one ability; then win conditions are checked.
Units. Priest: Preach (gain the space's Population in Follower Tokens and Divinity), \
Establish (control a free Temple), Vigilance (cannot be Assassinated). Zealot: Assassinate \
(destroy an adjacent Priest without Vigilance), Attack (an adjacent Zealot or Avatar: you \
roll 2 dice, a Zealot 1, an Avatar 3; the higher total wins, a tie destroys both), Desecrate \
(remove an enemy Temple's control marker).
Temples you control Train a Priest or Zealot for 1 Divinity, and are a Sanctuary: your Units \
there cannot be Assassinated or Attacked. Prophets and Avatars come only from cards; at most \
2 of them at once. New Units cannot move or act in the turn they arrive.
Cards: Interventions at any time, even in answer to another card (the last played resolves \
first); Covenants in your turn; Commandments in your turn, and they stay.
Places: Tower (a Zealot there rolls 1 more die to defend), Catacomb, Library, Market (a Unit \
that Assassinates or Attacks yours there is removed: it was witnessed).
See also: help win, help turn, help priest, help zealot, help temple, help CARD."""

WIN = """\
At the end of a turn a player wins by
  Capture: a Unit of theirs on each of the 4 Towers;
  Dominance: every other player controls no Temple;
  Prevalence: {tokens} Follower Tokens (10,000 followers).
If two players reach a win condition in the same turn, the one with more Divinity wins. \
There is no round limit, as in the rulebook, unless the game is given one (option turn_limit: \
after that many rounds with no winner the game is a draw, our ruling); computer self-play and \
tournaments stop at {limit} rounds."""

TURN = """\
1. Draw Step: a card (one more from the Library).
2. Move Step: roll a die per Temple you control; share the allowance among your Units.
3. Ability Step: each Unit one ability; cards when their type allows.
4. The win conditions are checked; 'end' passes the turn."""

WORDS: list[tuple[str, str, tuple[str, ...]]] = [
    ("Follower Tokens", "Each stands for 100 followers. Preaching gains them; {tokens} wins (Prevalence). The board "
                        "column Foll.", ("foll", "followers", "follower")),
    ("Divinity", "Your currency: pays for training (1) and cards (their cost). Gained by Preaching with Priests. "
                 "The board column Div; ties between winners go to the most Divinity.",
     ("div", "divinity_counter", "divinity_counters", "dc")),
    ("Hand", "Your Divinity cards (only you see them). The board column Hand counts them.", ()),
    ("Temples controlled", "The board column Tmp: how many Temples carry your control marker (your dice in the "
                           "Move Step).", ("tmp",)),
    ("Control markers", "The board column Mk: control markers you have left. With none left, 'reclaim' takes one "
                        "back from an unoccupied Temple.", ("mk", "control_marker", "reclaim")),
    ("Commandments", "Commandment cards in play for that player: they stay until a card removes them.",
     ("commandment",)),
    ("Priest", "Basic Unit (P on the board). Preach, Establish or Vigilance. Trained at your free Temple for 1 "
               "Divinity.", ("p", "priests")),
    ("Zealot", "Basic Unit (Z). Assassinate, Attack or Desecrate. Trained at your free Temple for 1 Divinity.",
     ("z", "zealots")),
    ("Prophet", "Advanced Unit (R), from the card Arrival of the Prophet: a Priest that gains twice the Follower "
                "Tokens when Preaching (no Divinity), always has Vigilance, and can Convert an adjacent enemy "
                "Priest or Zealot.", ("r", "prophets")),
    ("Avatar", "Advanced Unit (A), from the card Behold the Avatar: a Zealot that can Assassinate Units with "
               "Vigilance and rolls 3 dice in every Attack.", ("a", "avatars")),
    ("Advanced Units", "Prophets and Avatars: only from their cards, on a free Temple you control, at most 2 at "
                       "once.", ("advanced",)),
    ("Preach", "Priest or Prophet: gain the Population of its space as Follower Tokens and Divinity (a Prophet: "
               "twice the tokens, no Divinity). Not on Towers, Catacombs, Library, Market or an enemy Temple.",
     ("preaching",)),
    ("Establish", "Priest or Prophet on an unoccupied Temple nobody else controls: place your control marker.", ()),
    ("Vigilance", "Priest: it cannot be Assassinated by Zealots until it moves or uses another ability. The board "
                  "marks it ~. Prophets always have it.", ("vigil", "~")),
    ("Assassinate", "Zealot or Avatar next to a Priest (or Prophet): destroy it. Not a Unit with Vigilance "
                    "(except by an Avatar), not in its owner's Temple.", ()),
    ("Attack", "Zealot or Avatar next to an enemy Zealot or Avatar: attacker rolls 2 dice (Avatar 3), defender 1 "
               "(Avatar 3, +1 on a Tower); the higher total destroys the other; a tie destroys both.", ()),
    ("Desecrate", "Zealot on an enemy's Temple: remove its control marker.", ()),
    ("Convert", "Prophet next to an enemy Priest or Zealot: it becomes yours.", ()),
    ("Train", "A Temple you control, unoccupied: pay 1 Divinity for a Priest or a Zealot there. It waits a turn "
              "before moving or acting.", ()),
    ("Sanctuary", "Your Units on a Temple you control cannot be Assassinated or Attacked (cards still reach them).",
     ()),
    ("Temple", "⌂ on the board (⌂n: controlled by player n; ⌂ alone: free). Priests Establish there, Temples Train "
               "Units and give Sanctuary; each one you control gives a die in the Move Step.", ("temples", "⌂", "h")),
    ("Tower", "T on the board: a Zealot there rolls 1 more die to defend. Hold all 4 to win (Capture).",
     ("towers", "t")),
    ("Catacomb", "C on the board: a Unit landing there may spend another point to jump to any other Catacomb.",
     ("catacombs", "c")),
    ("Library", "L on the board: a Unit of yours there at the start of your turn draws you an extra card.", ("l",)),
    ("Market", "M on the board: whoever Assassinates or Attacks your Unit there is removed from the board.", ("m",)),
    ("Population", "The digits on the board: 1, 2 or 3 (100 to 300 followers), what Preaching there gains.",
     ("population_space",)),
    ("Move Step", "Roll one die per Temple you control: that many points to share among your Units, a point a "
                  "space. You need not use them all.", ("move", "movement", "allowance", "movement_allowance")),
    ("Ability Step", "After moving: each Unit may use one ability. Units arrived this turn cannot (the board marks "
                     "them ').", ("ability", "abilities", "'")),
    ("Draw Step", "At the start of your turn, draw a Divinity card.", ("draw",)),
    ("Intervention", "A card type: played at any time, even in answer to another card or ability; answers resolve "
                     "from the last played.", ("interventions",)),
    ("Covenant", "A card type: played only in your turn.", ("covenants",)),
    ("Commandment card", "A card type: played only in your turn, it stays in play until a card removes it.", ()),
    ("Stack", "Cards and abilities waiting to resolve, the last played on top; each player may answer with an "
              "Intervention, or pass.", ("pass", "respond")),
    ("Round", "Every player has had one turn. A game given a round limit (option turn_limit) is a draw after it.",
     ("rounds",)),
    ("Capture", "Win condition: a Unit of yours on each of the 4 Towers at the end of your turn.", ()),
    ("Dominance", "Win condition: no other player controls a Temple.", ()),
    ("Prevalence", "Win condition: {tokens} Follower Tokens.", ()),
    ("Setup", "In turn order each player places a control marker and a Priest on a Temple; then, in reverse "
              "order, a Zealot within 3 spaces of that Temple.", ("setup_priest", "setup_zealot")),
    ("Turn order", "Rolled at the start; the board lists it. Setup places Zealots in the reverse order.",
     ("order",)),
    ("Squares", "Named a1 to r18: columns a-r from the left, rows 1-18 from the bottom; the lines split the "
                "9 tiles.", ("square", "sq", "board", "city")),
    ("Deck and discard", "The Divinity deck you draw from and the cards played or discarded.",
     ("deck", "discard", "divinity_deck")),
    ("Acted", "Underlined on the board: the Unit has used its ability this turn.", ("underlined",)),
]

TARGETS = {"none": "", "stack": "answers a card or ability on the stack", "own_free_temple": "an unoccupied Temple you control",
           "free_temple": "an unoccupied, uncontrolled Temple", "enemy_temple": "a Temple another player controls",
           "enemy_spare_temple": "a Temple another player controls, not their last",
           "own_unit": "one of your Units", "enemy_unit": "an enemy Unit", "any_unit": "any Unit",
           "opponent": "another player"}
WHEN = {"intervention": "at any time, even in answer to another card", "covenant": "in your turn",
        "commandment": "in your turn; it stays in play"}


def card_body(c) -> str:
    who = TARGETS.get(c.target, c.target.replace("_", " "))
    kinds = join_words([k.capitalize() for k in c.kinds], "or")
    if who and c.target.endswith("unit") and len(c.kinds) < 4:
        who += f" ({kinds})"
    tail = f"Played {WHEN.get(c.type, '')}" + (f"; target: {who}" if who else "")
    if c.requires == "move_step":
        tail += "; only in your Move Step"
    return (f"{c.type.capitalize()} ({c.id}) · cost {c.cost} Divinity · {c.copies} in the deck\n"
            f"{c.text}\n{tail}.")


SPACE_WORDS = {"T": "Tower", "C": "Catacomb", "L": "Library", "M": "Market"}


def tile_body(t) -> str:
    cells = " ".join(t.rows).split()
    counts = []
    temples = sum(1 for x in cells if x.startswith("H"))
    if temples:
        counts.append(f"{temples} Temple{'s' if temples != 1 else ''}")
    for letter, word in SPACE_WORDS.items():
        n = cells.count(letter)
        if n:
            counts.append(f"{n} {word}{'s' if n != 1 else ''}")
    people = sum(int(x) for x in cells if x.isdecimal())
    return (f"City tile ({t.id}), 6 by 6 spaces: " + join_words(counts or ["no special space"])
            + f"; Population {people} in all (x100 followers).")


def glossary(game) -> Glossary:
    cached = getattr(game, "_help_glossary", None)
    if cached is not None:
        return cached
    numbers = {"start": R.START_FOLLOWERS, "tokens": R.PREVALENCE_TOKENS,
               "limit": game.machine_turn_limit}
    g = Glossary("Divine")
    g.add("Rules", "How to play Divine", RULES.format(**numbers), "rules", "how_to_play")
    g.add("Rules", "How to win", WIN.format(**numbers), "win", "winning", "victory", "win_conditions")
    g.add("Rules", "A turn", TURN, "turn", "steps", "phases")
    for title, body, names in WORDS:
        g.add("Words", title, body.format(**numbers), *names)
    for c in game.content.cards:
        g.add("Cards", c.name, card_body(c), c.id)
    for t in game.content.tiles:
        g.add("Tiles", t.name, tile_body(t), t.id)
    game._help_glossary = g
    return g
