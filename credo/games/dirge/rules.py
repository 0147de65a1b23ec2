"""The rulebook sections that events and errors cite (dirge.txt headings), and
Credo's rulings (docs/rules/dirge-rulings.md)."""

SETUP = "Setup"
CHOOSING = "Choosing Creatures"
PLAYING = "Playing the Game"
END = "End of the Game"
SIDES = "The Creatures / Sides"
RANGE = "Characteristics / Range"
WOUNDS = "Wounds"
STEP_ONE = "A Turn in Dirge / Step One"
STEP_TWO = "A Turn in Dirge / Step Two"
ACTIONS = "Actions"
MOVE = "Actions / Move"
ATTACK = "Actions / Attack"
ABILITY = "Actions / Special Ability"
COMBAT = "Combat / Attack"
EVASION = "Combat / Evasion"
DAMAGE = "Combat / Applying Damage"
RANGE3 = "Combat / Range 3 Creatures"
RECOMMENDED = "Recommended Creatures for the First Game"
NOTATION = "Notation"


def ruling(number: int, title: str) -> str:
    return f"Credo ruling R-{number}: {title}"


R_FACING = ruling(1, "creatures are placed facing the opposing side")
R_PASS_FRIEND = ruling(2, "a move may pass through a friendly creature")
R_PUSH = ruling(3, "Push moves the target one space to an empty space")
R_PLAN = ruling(4, "a creature's actions are declared in one go")
R_FEASIBLE = ruling(5, "an action that cannot be carried out cannot be given")
R_ARC = ruling(6, "a Range 3 creature faces its target when the target is in its front arc")
R_NOOP = ruling(7, "a move must change the space or the facing")
R_LIMIT = ruling(8, "a game ends in a draw after the turn limit")
R_MARKERS = ruling(9, "no creature holds more than six action markers")
