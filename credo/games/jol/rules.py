"""The rulebook sections that events and errors cite (jol.txt, by its headings and
paragraphs), and Credo's rulings (docs/rules/jol-rulings.md)."""

WIN = "The rules / Winning"
LANES = "The rules / Lanes"
SETUP = "The rules / Opening hands"
DECKOUT = "The rules / Drawing from an empty deck"
COGUM = "Cogum"
VIRTUE = "Cogum / Virtue and Skill"
SKILL = "Cogum / Skill"
FAITH = "Cogum / Faith"
CAPACITIES = "Capacities"
TALENT = "Capacities / Talent"
VOW = "Capacities / Vow"
PROPHECY = "Capacities / Prophecy"
PRAYER = "Capacities / Prayer"
DRAW = "Draw phase"
READY = "Ready phase"
FORMATION = "Formation phase"
SUMMON = "Formation phase / Summon"
MANIFEST = "Formation phase / To the Manifest"
DEPLOY = "Formation phase / From the Manifest"
ENGAGEMENT = "Engagement phase"
INSTIGATE = "Engagement / Instigate"
INFLUENCE = "Engagement / Influence"
DEFEND = "Engagement / Choice of defender"
END_PHASE = "End phase"
NOTATION = "Notation"


def ruling(number: int, title: str) -> str:
    return f"Credo ruling R-{number}: {title}"


R_VIRTUE_TIE = ruling(1, "two equal highest stats make a Cogum Stoic")
R_LANE_SPACES = ruling(2, "two open spaces per side in each lane")
R_DECKS = ruling(3, "decks of thirty cards, at most three copies of a card")
R_FIRST = ruling(4, "a seeded coin decides who takes the first turn")
R_BOTH_READY = ruling(5, "both players Ready in every Ready phase")
R_END_TURN = ruling(6, "'end' ends the turn; engagements are optional")
R_MANIFEST = ruling(7, "the Manifest is not the field")
R_ONCE = ruling(8, "a Cogum engages at most once a turn, even if Readied again")
R_ASK_BOTH = ruling(9, "every Prayer step asks both players")
R_STEP2_ORDER = ruling(10, "after the choice of defender the engaging player answers first")
R_LEFT = ruling(11, "a participant that leaves its lane before resolution")
R_PROPHECY = ruling(12, "a Prophecy resolves once, then goes to the graveyard")
R_WIN_FIRST = ruling(13, "the win is checked before anything answers an INF change")
R_FLOOR = ruling(14, "stats and INF totals never go below zero")
R_TARGETS = ruling(15, "targets are Cogum in lanes; the engaged Cogum for engaged_ targets")
R_LASTING = ruling(16, "a lasting Talent stays on the field until the End phase")
R_INSTANCES = ruling(17, "cards are named by the order they are drawn")
