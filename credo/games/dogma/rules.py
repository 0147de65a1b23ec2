"""The rulebook sections that events and errors cite (dogma.txt headings), and
Credo's rulings (docs/rules/dogma-rulings.md)."""

COMPONENTS = "1. Components"
SETUP = "2. Setup"
CHAOS = "2. Setup / 2.1.1 Chaos mode"
PREDESTINATION = "2. Setup / 2.1.2 Predestination mode"
FREE_WILL = "2. Setup / 2.1.3 Free Will mode"
OPENING = "3. Opening"
ORDERS = "4. The Clash: Orders"
SUMMONING = "4. The Clash: Orders / Phase I: Summoning"
INTERVENTION = "4. The Clash: Orders / Phase II: Divine Intervention"
APPEAL = "4. The Clash: Orders / Phase II: Appeal to Rationality"
CULT = "4. The Clash: Orders / Phase III: Cult Card"
SPECIAL = "4. The Clash: Orders / Phase III: Special"
KEYWORDS = "4. The Clash: Orders / Keywords and malefic markers"
MALEFIC = "4. The Clash: Orders / Malefic marker details"
END = "5. End of the Game"
FIDELITY = "6. Additional Rules / Fidelity Test"
CANCEL = "6. Additional Rules / Cancelling or copying Prophet abilities"
DEFEATED = "6. Additional Rules / Defeated Prophets"


def ruling(number: int, title: str) -> str:
    return f"Credo ruling D-{number}: {title}"


R_APPEAL = ruling(1, "Appeal to Rationality hits all active Prophets")
R_PRIORITY = ruling(2, "priority runs I, II, III; Swift and Slow act within equal priority")
R_OPPOSING = ruling(3, "'all opposing Prophets' means the opposing active Prophets")
R_FIDELITY = ruling(4, "the Fidelity Test is a simultaneous secret choice and guess")
R_FANATICISM = ruling(5, "Fanaticism binds only while its Prophet is active")
R_HYSTERIA = ruling(6, "a Hysteria player commits first and the opponent sees it")
R_ONE_MARKER = ruling(7, "a Prophet holds at most one malefic marker of each kind")
R_PASS = ruling(8, "a player with no legal Order passes")
R_TIE = ruling(9, "simultaneous last defeats: the lowest sum decides, equal sums draw")
R_LIMIT = ruling(10, "a game ends in a draw after the turn limit")
R_REAR = ruling(11, "the rear guard keeps the order the Arcana were built in; Summoning swaps places")
R_KNOWLEDGE = ruling(12, "a player knows their own cards and what has been revealed")
R_WITHDRAW = ruling(13, "a Prophet withdrawn by an effect is replaced at the start of the next turn")
R_RELICS = ruling(14, "Relics are face up with their active Prophet and fit any sleeve")
R_REVIVE = ruling(15, "Sharira returns a defeated Prophet of its holder's choice to the end of the rear guard with its cards")
R_SIMULTANEOUS = ruling(16, "simultaneous Orders read the state at the reveal; their defeats count when all have acted")
R_CIRCLE = ruling(18, "the Chaos packets form a circle; each player starts a row")

# 2 vs 2 (section 5.1)
TEAMS = "5. End of the Game / 5.1 Four-player games (2 vs 2)"
TARGET = "5. End of the Game / 5.1 Four-player games (2 vs 2) / Target selection"
CHAOS4 = "5. End of the Game / 5.1 Four-player games (2 vs 2) / Chaos mode construction"
R_SEATING = ruling(21, "2 vs 2 seating: teams alternate, so both neighbours are opponents")
R_NO_TARGET = ruling(22, "Summoning, Appeal and Pass carry a Target token without effect")
R_TARGET_ALIVE = ruling(23, "a Target names an opponent still in the game")
R_GROUPS = ruling(24, "four Orders: equal Orders form a simultaneous group")
R_FIDELITY4 = ruling(25, "2 vs 2: the Fidelity Test is between the player and the targeted opponent")
R_OPPOSING4 = ruling(26, "2 vs 2: 'all opposing' and Global reach both opponents")
R_ROWS4 = ruling(27, "2 vs 2 Chaos: 4 rows of 3 in a circle, each player starts a row")
R_TEAM_TIE = ruling(28, "2 vs 2: simultaneous last defeats of both teams")
R_CONSULT = ruling(29, "2 vs 2: teammates consult freely, so each sees the other's hidden cards and Order")
R_SETUP4 = ruling(30, "2 vs 2 construction: four Predestination options, one box among four")
R_WITHERED = ruling(31, "a withered Cult card takes no marker from any effect")
