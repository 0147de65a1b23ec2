"""What the balance lab (`credo balance dirge`, credo/arena/lab.py) measures in Dirge: the
three ways to choose creatures. Draw mode (the rulebook's setup) deals the twelve at random,
so each creature's side is compared; in pick mode (the rulebook advises against choosing at
random) the players choose in turn, so what the first choice is worth shows in the seats; the
recommended first-game teams are the rulebook's, so their seats are reported, not changed."""

from __future__ import annotations


def matchups(game) -> list[tuple[str, dict]]:
    return [("draw", {"mode": "draw"}), ("pick", {"mode": "pick"}), ("first-game teams", {"mode": "teams"})]


# kinds of tag that say what happened to a side, not what content it held (credo/arena/lab.py)
OUTCOMES = {"setup": "Who won the roll to place (or choose) the first creature"}
FIRST_CREATURE, FIRST_TURN = "pick the first creature", "take the first turn"  # the rolls, as narrated


def tags(game, match) -> list[list[tuple[str, str]]]:
    """Each side's creatures, except with the first-game teams: there every creature always sits
    on the same seat, so its "effect" would be the seat's, which the matchup table reports."""
    s = match.state
    out: list[list[tuple[str, str]]] = [[], []]
    for c in range(game.tables.n):
        if s.owner[c] in (0, 1) and s.mode != "teams":
            out[s.owner[c]].append(("creature", game.tables.ids[c]))
    first = roll_winner(match, FIRST_CREATURE)
    if first is not None:
        out[first].append(("setup", "first creature"))
    return out


def first_player(game, match) -> int | None:
    """The winner of the roll to take the first turn."""
    return roll_winner(match, FIRST_TURN)


def roll_winner(match, purpose: str) -> int | None:
    rolling = False
    for event in match.state.events(None):
        if event.template.startswith("Roll to {}") and event.args:
            rolling = event.args[0] == purpose
        elif rolling and event.template == "Player {} wins the roll.":
            return event.args[0] - 1
    return None
