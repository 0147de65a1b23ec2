"""Divine's codes and tables: what the integers of a state, an action and a card mean. The
bottom of the package: every other module reads them, and they import nothing of the game's
but the rule references, so no module has to wait for another to be imported."""

from __future__ import annotations

from . import rules as R

PRIEST, ZEALOT, PROPHET, AVATAR = range(4)
UNIT_NAMES = ("Priest", "Zealot", "Prophet", "Avatar")
UNIT_WORDS = ("priest", "zealot", "prophet", "avatar")
UNIT_LETTERS = ("P", "Z", "R", "A")  # R for pRophet
PRIESTLY = (True, False, True, False)  # Priest abilities (Prophets have all of them)
ZEALOUS = (False, True, False, True)  # Zealot abilities (Avatars have all of them)

INTERVENTION, COVENANT, COMMANDMENT = range(3)
TYPE_NAMES = ("intervention", "covenant", "commandment")
TYPE_RULES = (R.INTERVENTION, R.COVENANT, R.COMMANDMENT)

# target codes of cards
T_NONE, T_STACK, T_OWN_FREE_TEMPLE, T_FREE_TEMPLE, T_ENEMY_TEMPLE, T_OWN_UNIT, T_ENEMY_UNIT, \
    T_ANY_UNIT, T_OPPONENT, T_COMMANDMENT, T_ENEMY_SPARE_TEMPLE = range(11)
TARGET_NAMES = ("none", "stack", "own_free_temple", "free_temple", "enemy_temple", "own_unit",
                "enemy_unit", "any_unit", "opponent", "commandment", "enemy_spare_temple")
ENEMY_TEMPLE_TARGETS = (T_ENEMY_TEMPLE, T_ENEMY_SPARE_TEMPLE)
STATS = ("attack_dice", "defence_dice", "preach_followers", "allowance", "draw")
MAX_PLAYERS = 4

# unit flags (the state's per-unit ints)
VIGIL, ACTED, FRESH, PINNED = 1, 2, 4, 8
DICE_SHIFT = 4  # bonus dice this turn, in the bits above

SETUP_PRIEST, SETUP_ZEALOT, PLAY, OVER = range(4)
PHASES = ("setup_priest", "setup_zealot", "play", "over")
# DRAW_STEP and END_STEP last only while the other players may answer (ruling R-25): after
# the draw, before the roll; after `end`, before the check for win conditions
MOVE_STEP, ABILITY_STEP, DRAW_STEP, END_STEP = range(4)
STEPS = ("move", "ability", "draw", "end")

# stack items: (kind, player, what, a, b, cancelled)
CARD, ABIL = 0, 1
AB_PREACH, AB_ESTABLISH, AB_VIGIL, AB_DESECRATE, AB_ASSASSINATE, AB_ATTACK, AB_CONVERT, AB_TRAIN = range(8)
ABILITY_WORDS = ("preach", "establish", "vigil", "desecrate", "assassinate", "attack", "convert", "train")
ABILITY_CODES = {word: code for code, word in enumerate(ABILITY_WORDS)}
ABILITY_TITLES = tuple(word.capitalize() for word in ABILITY_WORDS)
ABILITY_RULES = (R.PREACH, R.ESTABLISH, R.VIGILANCE, R.DESECRATE, R.ASSASSINATE, R.ATTACK, R.CONVERT, R.TRAIN)
MAX_DECISIONS = 400  # ruling R-21
ONLY = tuple(frozenset((p,)) for p in range(MAX_PLAYERS))  # the visibility of a private event
SOLO = tuple((p,) for p in range(MAX_PLAYERS))  # to_move, asked several times per decision

STAT_ATTACK, STAT_DEFENCE, STAT_PREACH, STAT_ALLOWANCE, STAT_DRAW = range(5)
