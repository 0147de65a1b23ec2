"""Dogma's help topics: the rules in our words, its words, and every Prophet, Cult card,
Relic and Divine Intervention of the content, their text written from the effects'
primitives (so a designer's card says what it does even without a `text`)."""

from __future__ import annotations

from credo.games.glossary import Glossary, join_words, plural

from .content import MALEFIC_NAMES, TYPE_NAMES

RULES = """\
Two players (or two teams of two) each field four Prophets, one at a time, and a pile of \
Divine Interventions. Defeat every opposing Prophet to win.
Setup. Each player has 5 Arcana: four each hold 1 Prophet and 3 cards (Cult cards and \
Relics, in any mix), the fifth holds Divine Interventions. Predestination gives ready-made Arcana; Free \
Will lets you build them from your own box (-o one_box=true: one box shared); Chaos builds them from 12 packets passed \
between the players (take cards, then 'done'; 'continue' costs 20 damage).
Opening. Each player deploys one Prophet as the active Prophet; the others wait in the rear \
guard, hidden. Cult cards lie face down until used (Revealed ones start face up).
Each turn both players choose an Order in secret; then both are revealed:
  Order I, Summoning: swap your active Prophet with rear-guard Prophet N.
  Order II, Divine Intervention: play the top card of your Divine Interventions; once they \
are spent, the Appeal to Rationality instead: 30 damage to every active Prophet.
  Order III, Cult card N: reveal it and apply it; most Cult cards deal damage.
  Order III, Special: trigger an ability with the atom icon (a Prophet's or a Relic's).
The lower Order number goes first (Summoning has priority); on equal Orders the higher \
Fervor goes first, and on equal Fervor both happen at once. Swift and Slow cards change \
this. An Order is lost if its Prophet was defeated or withdrawn before it resolved.
Damage. A Prophet immune to a Cult card's type takes no damage from it; one weak to it takes \
double. Other effects (markers, healing, ...) ignore immunities. A Prophet whose damage \
reaches its Faith is defeated, and its cards go to the discard pile; its player deploys \
another at the start of the next turn.
Markers: +10 and -10 change Fervor or a Cult card's damage; the malefic markers are Mystical \
Crisis, Fanaticism, Hysteria and Withering (help fanaticism, ...).
A Prophet sent to the rear guard keeps its damage and malefic markers but loses its +10 and \
-10 markers; Prophets in the rear guard are untouched by effects unless a card says so.
2 vs 2: each Order comes with a Target token, left or right, naming the opponent aimed at.
See also: help win, help turn, help orders, help keywords, help markers."""

WIN = """\
You win when every Prophet of your opponent (in 2 vs 2: of the other team) is defeated and \
you keep at least one.
If the last Prophets of both sides fall at once, the side whose last Prophet had the lower \
Faith plus Fervor (as printed) wins: the last shall be first."""

TURN = """\
1. Start of turn: Mystical Crisis deals 10 to each active Prophet carrying it; abilities \
that act at the start of a turn act. A player without an active Prophet deploys one.
2. Both players choose an Order in secret (a player whose active Prophet has Hysteria \
chooses first, in the open). In 2 vs 2 each also places a Target token.
3. The Orders are revealed and resolved by priority: I before II before III; then higher \
Fervor; Swift cards go first and Slow cards last.
4. Fidelity Tests and Withering are settled as they come up; then the next turn."""

WORDS: list[tuple[str, str, tuple[str, ...]]] = [
    ("Faith", "A Prophet's resilience. Damage markers count against it; when its damage reaches its Faith "
              "the Prophet is defeated. The bar on the board shows Faith left of Faith printed.", ()),
    ("Fervor", "How fast a Prophet acts: when both players chose Orders of the same number, the active "
               "Prophet with the higher Fervor resolves first. +10 and -10 markers change it.", ()),
    ("Prophet", "The protagonists: each has Faith, Fervor, a religion, immunities and weaknesses by Cult card "
                "type, an ability, and a sleeve saying which Cult cards its Arcanum may hold.", ("prophets",)),
    ("Active Prophet", "The one Prophet of yours in play: it uses its Cult cards and takes the damage.", ("active",)),
    ("Rear guard", "Your Prophets waiting, numbered from the left. They keep damage and malefic markers but lose "
                   "+10/-10 markers, and no effect reaches them unless it says so (Global does).",
     ("rear", "retroguardia", "rear_guard")),
    ("Arcanum", "A packet of 4 cards: a Prophet with up to 3 Cult cards and Relics, or the fifth Arcanum of "
                "Divine Interventions. Each player has 5 Arcana.", ("arcana", "sleeve", "bustina")),
    ("Cult card", "A card of a religion (Christian, Islamic, Jewish, Buddhist) and a type (Sacred Text, Doctrine, "
                  "Faithful, Custom). Used with Order III; most deal damage to the opposing active Prophet, "
                  "subject to its immunities and weaknesses.", ("cult", "cult_cards", "cults")),
    ("Sacred Text", "A Cult card type (Testo sacro). Immunities and weaknesses are by type.", ("sacred_text",)),
    ("Doctrine", "A Cult card type (Dottrina). Immunities and weaknesses are by type.", ()),
    ("Faithful", "A Cult card type (Fedeli). Immunities and weaknesses are by type.", ()),
    ("Custom", "A Cult card type (Usanza). Immunities and weaknesses are by type.", ()),
    ("Immunity", "A Prophet immune to a Cult card type takes no damage from cards of that type (other effects "
                 "still apply).", ("immunities", "immune")),
    ("Weakness", "A Prophet weak to a Cult card type takes double damage from cards of that type.",
     ("weaknesses", "weak")),
    ("Relic", "A card an Arcanum's Prophet equips (up to 3): a lasting bonus, a triggered effect or a Special "
              "(atom icon).", ("relics", "reliquia")),
    ("Divine Intervention", "A card with an instant effect, played from the top of your fifth Arcanum with Order II, "
                            "one a turn, in the order they lie. Not a Cult card: immunities do not apply.",
     ("divine_interventions", "interventions", "intervention", "di")),
    ("Orders", "Order I Summoning (priority), Order II Divine Intervention or Appeal to Rationality, Order III Cult "
               "card or Special. Chosen in secret, revealed together.", ("order", "ordine")),
    ("Summoning", "Order I (priority): your active Prophet goes to the rear guard and rear-guard Prophet N takes "
                  "its place. Good against a card your Prophet is weak to.", ("summon", "convocazione", "order_i")),
    ("Appeal to Rationality", "Order II once your Divine Interventions are spent: every active Prophet receives 30 "
                              "damage.", ("appeal", "order_ii")),
    ("Special", "Order III: trigger one ability with the atom icon, of your active Prophet or one of its Relics.",
     ("atom", "speciale")),
    ("Order III", "Use Cult card N of your active Prophet (it is revealed), or a Special.", ("order_iii",)),
    ("Priority", "Summoning (Order I) resolves before Order II, which resolves before Order III. Equal Orders: "
                 "higher Fervor first; equal Fervor: at once.", ()),
    ("Damage", "Placed on a Prophet as markers of 10 (and 40). A Cult card's damage: printed, +10 for each +10 "
               "marker on it, plus bonuses of its Prophet and Relics; then immunity (0), weakness (x2) and "
               "reductions of the target.", ("damage_markers",)),
    ("Enhancement marker", "+10 on a Prophet's Fervor or a Cult card's damage (Potenziamento). Removed when the "
                           "Prophet goes to the rear guard.", ("+10", "enhancement", "potenziamento")),
    ("Weakening marker", "-10 on a Prophet's Fervor or a Cult card's damage (Indebolimento). Removed when the "
                         "Prophet goes to the rear guard.", ("-10", "weakening", "indebolimento")),
    ("Fidelity Test", "One player secretly chooses a path (Violence, Rationality, Blasphemy); the other names one. "
                      "If the named path is the chosen one, the test is passed. A card may need it passed to act, "
                      "or let the opponent pass it to cancel the card.", ("fidelity", "test", "path", "guess")),
    ("Violence", "A path of the Fidelity Test (help fidelity).", ()),
    ("Rationality", "A path of the Fidelity Test (help fidelity).", ()),
    ("Blasphemy", "A path of the Fidelity Test (help fidelity).", ()),
    ("Discard pile", "Defeated Prophets and their cards. A defeated Prophet loses its markers; Sharira can bring "
                     "one back.", ("discard", "defeated")),
    ("Target token", "2 vs 2 only: placed with the Order, left or right, naming which opponent your action aims at "
                     "(no effect with Summoning).", ("target", "left", "right", "bersaglio")),
    ("Chaos", "Construction mode: 12 packets of 2 Prophets and 7 other cards go round; each player takes what they "
              "want into their Arcana (take ID N), then passes the packet (done). When one player has concluded, "
              "the other may examine one more packet free and further ones for 20 damage each (continue), and "
              "may conclude with at least 4 Prophets with 1 card each. That damage goes on their first Prophet.",
     ("chaos_mode", "packet", "packets", "take", "done", "continue", "conclude")),
    ("Predestination", "Construction mode for first games: each player takes one of four ready-made sets of Arcana "
                       "(Journey to Mecca, Storm of Miracles, Unshakeable Faith, Knowledge and Madness).",
     ("predestination_mode",)),
    ("Free Will", "Construction mode: build your Arcana from every card in the box.", ("free_will_mode",)),
    ("Religion", "Christian, Islamic, Jewish or Buddhist: a Prophet's sleeve says which religions and types of "
                 "Cult card its Arcanum may hold.", ("christian", "islamic", "jewish", "buddhist")),
    ("Withered", "A Cult card under the Withering marker: out of the game until the marker goes.", ()),
    ("Face down", "A Cult card not yet used: its owner knows it, the opponent does not. Using it (Order III) "
                  "reveals it for good; Revealed cards start face up. A rear-guard Arcanum is face down until "
                  "its Prophet is deployed.", ("face_down_cards", "hidden", "revealed_card")),
    ("Deploy", "Choose which Prophet of your rear guard (at the Opening: which Arcanum) becomes your active "
               "Prophet; after a defeat, at the start of your next turn.", ("deployment", "opening")),
    ("Ability cancelled", "An effect cancelled this Prophet's ability: it acts without it while it stays active.",
     ("cancelled", "cancel_ability")),
    ("Damage in front", "Chaos: 20 damage for each extra packet examined after the other player concluded; it "
                        "goes on the first Prophet you deploy.", ("damage_in_front", "paid")),
    ("Phases", "deploy: choosing an active Prophet; orders: choosing Orders in secret; resolve: Fidelity Tests, "
               "Withering and Sharira being settled; chaos: building the Arcana; over: the game has ended.",
     ("deploy_phase", "orders_phase", "resolve", "over")),
]

KEYWORDS = {
    "revealed": ("Revealed", "A Cult card with Revealed starts face up instead of face down."),
    "swift": ("Swift", "The card applies its effect before the opponent's action, even when the opponent would go first "
                       "by Fervor."),
    "slow": ("Slow", "The card applies its effect after the opponent's action, even when you would go first by Fervor."),
    "global": ("Global", "The card's effect reaches every revealed opposing Prophet, those in the rear guard too."),
    "protection": ("Protection", "Cancels all the damage its Prophet receives in the turn it is used."),
    "arduous": ("Arduous", "After you use an Arduous card, you cannot use any Arduous card in your next turn."),
}

MARKERS = {
    "crisis": ("Mystical Crisis (spiral; @ on the board)", "At the start of each turn, an active Prophet with it "
                                                          "receives 10 damage."),
    "fanaticism": ("Fanaticism (bomb; * on the board)", "Its player may not choose the Summoning or Divine Intervention Orders."),
    "hysteria": ("Hysteria (lightning; ! on the board)", "Its player chooses and shows their Order before the opponent, who can "
                                         "answer it."),
    "withering": ("Withering (ring; o on the board)", "Its player puts the marker on one of that Prophet's Cult "
                                                      "cards: the card is out of the game until the marker is "
                                                      "removed. Deployed again, the Prophet places it again."),
}

BOARD_SYMBOLS = {"crisis": "@", "fanaticism": "*", "hysteria": "!", "withering": "o"}

TARGETS = {
    "self": "your active Prophet", "opponent": "the opposing active Prophet",
    "all_opponents": "every opposing active Prophet", "global": "every revealed opposing Prophet, rear guard included",
    "all_active": "every active Prophet", "own_rear": "every Prophet of your rear guard",
    "own_cards": "each Cult card of your active Prophet", "this_card": "this card",
    "opponent_cards": "each Cult card of the opposing active Prophet",
}
CONDITIONS = {
    "self_undamaged": "if your active Prophet has no damage", "self_damaged": "if your active Prophet has damage",
    "target_undamaged": "if the target has no damage", "target_damaged": "if the target has damage",
    "target_malefic": "if the target carries a malefic marker",
}
TRIGGERS = {
    "passive": "Always on", "special": "Special (atom icon, Order III)", "on_deploy": "When deployed",
    "on_withdraw": "When it returns to the rear guard", "start_of_turn": "At the start of each turn, while active",
    "construction": "Construction",
}
RELIGION_NAMES = {"christian": "Christian", "islamic": "Islamic", "jewish": "Jewish", "buddhist": "Buddhist"}


def effect_sentence(e) -> str:
    """One primitive as a sentence (docs/rules/dogma-content.md, "Effect primitives")."""
    to = TARGETS[e.target]
    n = abs(e.amount)
    sign = "+10" if e.amount > 0 else "-10"
    text = {
        "damage": f"{n} damage to {to} (not Cult damage: no immunity)",
        "heal": f"remove up to {n} damage from {to}",
        "fervor": f"{plural(n, sign + ' marker')} on the Fervor of {to}",
        "empower": f"{plural(n, sign + ' marker')} on the damage of {to}",
        "malefic": f"{to} receives {MALEFIC_NAMES.get(e.malefic or '', e.malefic)}",
        "cure": f"remove every malefic marker from {to}",
        "protection": f"Protection for {to} this turn (its damage this turn is cancelled)",
        "cancel_ability": f"cancel the ability of {to} while it stays active",
        "withdraw": "the opposing active Prophet is sent to the rear guard",
        "revive": "one of your defeated Prophets returns to the end of your rear guard, without markers",
    }[e.op]
    if e.condition:
        text += f", {CONDITIONS[e.condition]}"
    return text


def cult_text(game, c) -> str:
    parts = []
    if c.keywords:
        parts.append(join_words([KEYWORDS[k][0] for k in c.keywords]) + ".")
    if c.damage:
        parts.append(f"Deals {c.damage} damage to the opposing Prophet"
                     + (" (Global: every revealed one)" if "global" in c.keywords else "") + ".")
    if c.damage_if:
        parts.append(f"Deals {c.damage_if.amount} instead {CONDITIONS[c.damage_if.condition]}.")
    if c.effects:
        parts.append("Also: " + "; ".join(effect_sentence(e) for e in c.effects) + ".")
    if c.fidelity == "trigger":
        parts.append("Acts only if you pass a Fidelity Test.")
    elif c.fidelity == "cancel":
        parts.append("The opponent may pass a Fidelity Test to cancel it.")
    return " ".join(parts)


def modifier_sentences(m) -> list[str]:
    out = []
    if m.cult_bonus:
        types = join_words([TYPE_NAMES[t] for t in m.cult_bonus_types], "or")
        out.append(f"its damaging {types + ' ' if types else ''}Cult cards deal {m.cult_bonus} more")
    if m.damage_reduction:
        out.append(f"each opposing Cult card deals {m.damage_reduction} less damage to it")
    if m.fervor:
        out.append(f"Fervor {m.fervor:+d}")
    if m.faith:
        out.append(f"Faith +{m.faith}")
    if m.malefic_immunity:
        out.append("immune to " + join_words([MALEFIC_NAMES[x] for x in m.malefic_immunity]))
    if m.immunities:
        out.append("immune to " + join_words([TYPE_NAMES[x] for x in m.immunities]) + " damage")
    return out


def ability_text(ab) -> str:
    head = TRIGGERS[ab.trigger] + (", once per game" if ab.once else "")
    parts = [f"{ab.name} ({head}): {ab.text}"]
    detail = [effect_sentence(e) for e in ab.effects] + modifier_sentences(ab.modifiers)
    if ab.extra_cult_slot:
        detail.append("its Arcanum holds a fourth Cult card")
    if detail:
        parts.append("In play: " + "; ".join(detail) + ".")
    return "\n".join(parts)


def types(ts) -> str:
    return join_words([TYPE_NAMES[t] for t in ts]) or "none"


def glossary(game) -> Glossary:
    cached = getattr(game, "_help_glossary", None)
    if cached is not None:
        return cached
    g = Glossary("Dogma")
    g.add("Rules", "How to play Dogma", RULES, "rules", "how_to_play")
    g.add("Rules", "How to win", WIN, "win", "winning", "end", "victory")
    g.add("Rules", "A turn", TURN, "turn", "phases", "round")
    g.add("Rules", "Keywords", "\n".join(f"{n}: {t}" for n, t in KEYWORDS.values()), "keyword")
    g.add("Rules", "Malefic markers", "\n".join(f"{n}: {t}" for n, t in MARKERS.values()),
          "markers", "malefic", "malefics", "marker")
    for title, body, names in WORDS:
        g.add("Words", title, body, *names)
    for key, (title, body) in KEYWORDS.items():
        g.add("Keywords", title, body, key)
    for key, (title, body) in MARKERS.items():
        g.add("Markers", title.split(" (")[0], body if "(" not in title else title + "\n" + body,
              key, MALEFIC_NAMES[key], BOARD_SYMBOLS[key])
    c = game.content
    for p in c.prophets:
        sleeve = "; ".join(f"{RELIGION_NAMES[s.religion]} {types(s.types)}" for s in p.sleeve)
        body = (f"Prophet ({p.id}) · {RELIGION_NAMES[p.religion]} · Faith {p.faith} · Fervor {p.fervor}\n"
                f"Immune to: {types(p.immunities)} · Weak to: {types(p.weaknesses)}\n"
                f"Sleeve: {sleeve}\n" + ability_text(p.ability))
        title = f"{p.name}, \"{p.title}\"" if p.title else p.name
        g.add("Prophets", p.name, title + "\n" + body, p.id, p.ability.name)
    for k in c.cults:
        body = (f"Cult card ({k.id}) · {RELIGION_NAMES[k.religion]} {TYPE_NAMES[k.type]} · damage {k.damage}\n"
                + cult_text(game, k))
        g.add("Cult cards", k.name, body, k.id)
    for r in c.relics:
        g.add("Relics", r.name, f"Relic ({r.id})\n" + ability_text(r.ability), r.id, r.name.split(":", 1)[-1],
              r.ability.name)
    seen = set()
    for d in c.interventions:
        if d.id in seen:
            continue
        seen.add(d.id)
        parts = ([join_words([KEYWORDS[k][0] for k in d.keywords]) + "."] if d.keywords else [])
        said = "; ".join(effect_sentence(e) for e in d.effects)
        parts.append(said[0].upper() + said[1:] + ".")
        copies = "1 copy" if d.copies == 1 else f"{d.copies} copies"
        g.add("Divine Interventions", d.name, f"Divine Intervention ({d.id}), {copies} in the box\n"
              + " ".join(parts), d.id)
    for o in c.options:
        def name(card_id: str) -> str:
            entry = g.find(card_id)
            return entry.title if entry is not None else card_id

        arcana = [f"Arcanum {n}: {name(a.prophet)} with {', '.join(name(x) for x in a.cards)}"
                  for n, a in enumerate(o.arcana, start=1)]
        arcana.append("Divine Interventions: " + ", ".join(name(x) for x in o.interventions))
        g.add("Predestination options", o.name, f"Predestination option ({o.id}): {o.english}\n"
              + "\n".join(arcana), o.id, o.english)
    for word, kind in (("Prophet", "Prophets"), ("Relic", "Relics"), ("Cult card", "Cult cards"),
                       ("Divine Intervention", "Divine Interventions")):
        names = [e.title for e in g.entries if e.kind == kind]
        g.find(word).body += f"\nIn this box ({len(names)}): " + ", ".join(names) + "."
    game._help_glossary = g
    return g
