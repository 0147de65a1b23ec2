"""The rulebook sections that Divine's events and errors cite (divine.txt headings),
the numbers the rulebook prints, and Credo's rulings (docs/rules/divine-rulings.md)."""

# --- sections of divine.txt -----------------------------------------------------------
WIN = "Win Conditions"
CAPTURE = "Win Conditions / Capture"
DOMINANCE = "Win Conditions / Dominance"
PREVALENCE = "Win Conditions / Prevalence"
SETUP = "Game Setup"
SETUP_TILES = "Game Setup / 1"
SETUP_ORDER = "Game Setup / 2"
SETUP_CARDS = "Game Setup / 3"
SETUP_PRIEST = "Game Setup / 4"
SETUP_ZEALOT = "Game Setup / 5"
RESOURCES = "Game Setup / Resources"
BOARD = "The Game Board"
TOWERS = "The Game Board / Towers"
CATACOMBS = "The Game Board / Catacombs"
LIBRARY = "The Game Board / Library"
MARKET = "The Game Board / Market"
TEMPLES = "The Game Board / Temples"
POPULATION = "The Game Board / Population"
CARDS = "Cards"
INTERVENTION = "Cards / Intervention"
COVENANT = "Cards / Covenant"
COMMANDMENT = "Cards / Commandment"
TURN = "Turn Steps"
DRAW = "Turn Steps / Draw Step"
MOVE = "Turn Steps / Move Step"
ABILITY = "Turn Steps / Ability Step"
CHECK = "Turn Steps / Check for Win Conditions"
END_TURN = "Turn Steps / End of Turn"
UNITS = "Units/Abilities"
BASIC = "Units/Abilities / Basic Units"
PRIEST = "Units / Priest"
PREACH = "Units / Priest / Preach"
ESTABLISH = "Units / Priest / Establish"
VIGILANCE = "Units / Priest / Vigilance"
ZEALOT = "Units / Zealot"
ASSASSINATE = "Units / Zealot / Assassinate"
ATTACK = "Units / Zealot / Attack"
DESECRATE = "Units / Zealot / Desecrate"
ADVANCED = "Units / Advanced Units"
PROPHET = "Units / Prophet"
CONVERT = "Units / Prophet / Convert"
AVATAR = "Units / Avatar"
TRAIN = "Temples / Train"
SANCTUARY = "Temples / Sanctuary"
END = "Win Conditions"

# --- numbers the rulebook prints ------------------------------------------------------
TILES = 9
TILE_SIZE = 6
SIZE = 18  # 3 by 3 tiles of 6 by 6 spaces
TOWER_COUNT = 4
START_HAND = 4
START_FOLLOWERS = 10  # tokens of 100 followers
START_DIVINITY = 1
PREVALENCE_TOKENS = 100
TRAIN_COST = 1
ADVANCED_LIMIT = 2
ZEALOT_RANGE = 3  # "within 3 spaces of their established Temple"
ATTACK_DICE = 2  # a Zealot attacking
DEFEND_DICE = 1  # a Zealot attacked
AVATAR_DICE = 3  # on offence or defence
TOWER_DICE = 1


def ruling(number: int, title: str) -> str:
    return f"Credo ruling R-{number}: {title}"


R_ROTATE = ruling(1, "tiles are shuffled and each is turned a random quarter")
R_ADJACENT = ruling(2, "spaces, steps and adjacency are orthogonal")
R_MARKERS = ruling(3, "control markers and pieces per player")
R_TEMPLE_POP = ruling(4, "temples print a population of 1")
R_ESTABLISH = ruling(5, "a Priest establishes the Temple it stands on")
R_RECLAIM = ruling(6, "reclaiming a marker is a step of its own")
R_CATACOMB = ruling(7, "a Unit on a Catacomb may jump for one point of allowance")
R_ABILITY_ENDS_MOVE = ruling(8, "the first ability or training ends the Move Step")
R_WINDOW = ruling(9, "response windows")
R_STACK = ruling(10, "the stack resolves top down once a window closes")
R_FIZZLE = ruling(11, "a card or ability whose target is gone does nothing")
R_TIE = ruling(12, "ties on Divinity are broken by followers, then turn order")
R_LIMIT = ruling(13, "a game ends in a draw after the turn limit")
R_TOWER_AVATAR = ruling(14, "an Avatar on a Tower rolls the Tower's extra die")
R_CONVERT = ruling(15, "Convert reaches an adjacent basic Unit and needs a free piece")
R_TARGETS = ruling(16, "Assassinate reaches Priests and Prophets only")
R_MARKET = ruling(17, "the witnessed attacker is removed after the act resolves")
R_DOMINANCE = ruling(18, "Dominance needs a Temple of your own")
R_DECK = ruling(19, "an empty deck is refilled from the discard pile")
R_PROPHET_VIGIL = ruling(20, "a Prophet regains Vigilance at the start of its owner's turn")
R_DECISIONS = ruling(21, "a turn holds at most 400 decisions")
R_LIBRARY = ruling(22, "the Library's extra card is always drawn")
R_CAPTURE = ruling(23, "Capture is checked for the player whose turn ends")
R_TRAIN = ruling(24, "training is a Temple ability of the Ability Step")
R_ANY_TIME = ruling(25, "interventions at any time: a window at each step and after each move")
