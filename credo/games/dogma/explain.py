"""Why an action is illegal: the rule it breaks, in words a player understands.

Only reached when an action is not among the legal ones, so it may be slow."""

from __future__ import annotations

from credo.kernel import IllegalAction
from credo.kernel.numbers import small_int

from . import rules as R
from .chaos import explain as chaos_explain
from .codes import ARCANA, ARDUOUS, DEPLOY, FANATICISM, MAX_CULT, NEIGHBOUR, OVER, PATHS, SIDES


def explain(s, action, player: int) -> IllegalAction:
    rule, message = _reason(s, action, player)
    return IllegalAction(rule, message, str(action))


def _reason(s, action, player: int) -> tuple[str, str]:
    t = s.game.tables
    kind, args = action.kind, action.args
    if s.phase == OVER:
        return R.END, "the game is over"
    if s.prep is not None:
        return chaos_explain(s, action, player)
    if kind in ("take", "done_packet", "continue", "conclude"):
        return R.CHAOS, "the Arcana are built before the Opening (Chaos mode only)"
    if s.pending:
        sl = s.pending[0][1]
        if sl < 0:  # Sharira's choice
            if kind != "revive":
                return R.R_REVIVE, "first choose which defeated Prophet Sharira returns ('revive N', its Arcanum)"
            return R.R_REVIVE, f"the Prophet of Arcanum {args[0] + 1} is not defeated"
        if kind != "wither":
            return R.MALEFIC, f"first place Withering on one of {s.name(sl)}'s Cult cards ('wither N')"
        j = args[0]
        if j >= len(s.cults[sl]):
            return R.MALEFIC, f"{s.name(sl)} has only {len(s.cults[sl])} Cult cards"
        return R.MALEFIC, f"Cult card {j + 1} is out of the game and cannot be targeted"
    if s.test is not None:
        _c, (tester, _fid, _chooser) = s.test
        if kind == "guess" and player != tester:
            return R.FIDELITY, "you choose the path in secret ('path X'); the other player names one"
        if kind == "path" and player == tester:
            return R.FIDELITY, "you are attempting the Fidelity Test: name the path the opponent chose ('guess X')"
        return R.FIDELITY, "a Fidelity Test is under way: choose one of violence, rationality, blasphemy"
    if kind in ("wither", "path", "guess", "revive"):
        rule = {"wither": R.MALEFIC, "revive": R.R_REVIVE}.get(kind, R.FIDELITY)
        return rule, "no such decision is pending"
    if s.phase == DEPLOY:
        if kind != "deploy":
            return R.OPENING, "first choose the Prophet to deploy ('deploy N', its position in your rear guard)"
        return R.OPENING, f"your rear guard holds {len(s.rear[player])} Prophets"
    if kind == "deploy":
        return R.CULT, "you choose a new active Prophet only at the start of the turn after it is defeated or withdrawn"
    side = s.game.side_of[action.index]
    if kind in ("cult", "special", "intervene") and s.phase != DEPLOY:
        if s.np == 2 and side >= 0:
            return R.TARGET, "Target tokens are placed only in the 2 vs 2 game: write the Order without 'left' or 'right'"
        if s.np == 4 and side < 0:
            return R.TARGET, f"place a Target token with the Order: '{action} left' or '{action} right'"
        if s.np == 4:
            q = NEIGHBOUR[side][player]
            if not s.alive(q):
                return R.R_TARGET_ALIVE, f"player {q + 1}, on your {('left', 'right')[side]}, is out of the game"
            args = args[:-1]  # the Order itself, without its Target
    k = s.active[player]
    sl = player * ARCANA + k
    fan = k >= 0 and s.mal[sl] & FANATICISM
    if kind == "summon":
        if fan:
            return R.MALEFIC, "Fanaticism: you may not select the Summoning Order"
        held = len(s.rear[player])
        return R.SUMMONING, (f"your rear guard holds {held} Prophet{'' if held == 1 else 's'}; "
                             f"there is no position {args[0] + 1}")
    if kind in ("intervene", "appeal"):
        if fan:
            return R.MALEFIC, "Fanaticism: you may not select the Divine Intervention Order"
        if kind == "appeal":
            return R.APPEAL, "only when the Divine Interventions sleeve has been emptied may Order II be an Appeal to Rationality"
        return R.INTERVENTION, "your Divine Interventions Arcanum is empty: Order II is now the Appeal to Rationality"
    if kind == "cult":
        j = args[0]
        if j >= len(s.cults[sl]):
            held = len(s.cults[sl])
            return R.CULT, f"{s.name(sl)} has {held} Cult card{'' if held == 1 else 's'}; there is no card {j + 1}"
        if s.wither[sl] == j:
            return R.MALEFIC, "Withering: that Cult card is out of the game and cannot be used"
        if j == 3 and not s.ability_on(sl):
            return R.CANCEL, f"{s.name(sl)}'s ability is cancelled: she keeps her fourth Cult card but cannot use it"
        if t.ckw[s.cults[sl][j]] & ARDUOUS:
            return R.KEYWORDS, "Arduous: you used an Arduous card last turn, so none can be used this turn"
        return R.CULT, "that Cult card cannot be used now"
    if kind == "special":
        skind, i, cid = t.specials[args[0]]
        mine = [(a, b) for a, b, _ in s.special_sources(sl)]
        if (skind, i) not in mine:
            content = s.game.content
            name = (content.prophets[i] if skind == "prophet" else content.relics[i]).name
            return R.SPECIAL, f"{name} is not a component of your active Prophet bearing the atom icon"
        if skind == "prophet" and not s.ability_on(sl):
            return R.CANCEL, f"{s.name(sl)}'s ability is cancelled"
        if t.special_once[(skind, i)]:
            return R.SPECIAL, f"{cid}'s Special is once per game and has been used, or has nothing to act on"
        return R.SPECIAL, f"{cid}'s Special has nothing to act on now"
    if kind == "pass":
        return R.R_PASS, "you may pass only when no Order can be used"
    return R.ORDERS, "not an Order"


# --- text that names no action --------------------------------------------------------
def explain_text(s, text: str, player: int) -> IllegalAction | None:
    """Why well-formed text names no action of Dogma (a position past the rear guard,
    a Cult card past the fourth, a path that is not one), or None if not understood."""
    words = text.split()
    if not words:
        return None
    word, rest = words[0], words[1:]
    found = None
    side = rest[-1] if rest and rest[-1] in SIDES else None
    if side is not None:
        rest = rest[:-1]
    number = small_int(rest[0]) if len(rest) == 1 else None
    rear = len(s.rear[player])
    if side is not None and word in ("summon", "appeal", "pass", "deploy", "wither", "revive"):
        found = R.R_NO_TARGET, f"'{word}' is written without a Target: the token has no effect on it"
    elif side is not None and s.np == 2:
        found = R.TARGET, "Target tokens are placed only in the 2 vs 2 game: write the Order without 'left' or 'right'"
    elif side is None and len(words) == 3 and word in ("cult", "special", "intervene", "intervention"):
        found = R.TARGET, f"the Target token names the opponent on your left or right: '{words[0]} {words[1]} left' or 'right'"
    elif word == "deploy" and number is not None:
        found = R.OPENING, (f"'deploy N' names a position in your rear guard, which holds {rear} "
                            f"Prophet{'s' if rear != 1 else ''}: deploy 1 to {max(rear, 1)}")
    elif word == "summon" and number is not None:
        found = R.SUMMONING, (f"Summoning swaps your active Prophet with the Prophet in position N of your "
                              f"rear guard, which holds {rear}: summon 1 to {max(rear, 1)}")
    elif word in ("cult", "wither") and number is not None:
        rule = R.CULT if word == "cult" else R.MALEFIC
        found = rule, (f"a Prophet has at most 3 Cult cards (Elaine della Croce Bianca 4): "
                       f"'{word} N' with N from 1 to {MAX_CULT}")
    elif word == "revive" and number is not None:
        found = R.R_REVIVE, f"Sharira returns the Prophet of one of your 4 Arcana: revive 1 to {ARCANA}"
    elif word in ("path", "guess") and len(rest) == 1:
        found = R.FIDELITY, f"the three paths are {', '.join(PATHS[:-1])} and {PATHS[-1]}, not '{rest[0]}'"
    elif word == "special" and len(rest) == 1:
        found = R.SPECIAL, (f"no card bears the atom icon under the name '{rest[0]}': 'special ID' names a "
                            f"Prophet or Relic with a Special ('help' on your board's cards)")
    if found is None:
        return None
    return IllegalAction(found[0], found[1], text)

