"""Dirge's codes and tables: what the integers of a state and an action mean. The bottom of the
package: every other module reads them, and they import nothing of the game's, so no module has
to wait for another."""

from __future__ import annotations

# the kinds of action a creature's plan holds, as bits (ABILITY0 << i for its ability i)
MOVE, ATTACK, ABILITY0, ABILITY1 = 1, 2, 4, 8
ACTIONS_PER_TURN = 4  # rulebook, Step Two
MOVE_COST, ATTACK_COST = 1, 2  # rulebook, Actions

SETUP, PLAY, OVER = 0, 1, 2
PHASES = ("setup", "play", "over")
DRAW_RESULT = 2  # `winner` value of a drawn game
MAX_MARKERS = 6  # ruling R-9
CREATURES_PER_SIDE = 6
