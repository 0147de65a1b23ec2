"""Why an action is illegal: the rule it breaks, in words a player understands.

Only reached when an action is not among the legal ones, so it may be slow."""

from __future__ import annotations

from credo.kernel import IllegalAction

from . import board as B
from . import rules as R
from .codes import (ACTED, AVATAR, COMMANDMENT, FRESH, INTERVENTION, MAX_DECISIONS, MOVE_STEP, OVER, PINNED, PRIEST,
                    PRIESTLY, PROPHET, SETUP_PRIEST, SETUP_ZEALOT, TYPE_RULES, T_COMMANDMENT, T_ENEMY_SPARE_TEMPLE,
                    T_ENEMY_TEMPLE, T_ENEMY_UNIT, T_FREE_TEMPLE, T_OPPONENT, T_OWN_FREE_TEMPLE, T_OWN_UNIT, T_STACK,
                    UNIT_NAMES, VIGIL, ZEALOT)


def explain(s, action, player: int) -> IllegalAction:
    try:
        rule, message = _reason(s, action, player)
    except Exception:  # never fail to refuse: the state is unchanged either way
        rule, message = R.TURN, f"'{action}' is not legal now"
    return IllegalAction(rule, message, str(action))


def _unit_at(s, sq: int, player: int, rule: str) -> tuple[int, tuple[str, str] | None]:
    u = s.board[sq]
    if u < 0:
        return u, (rule, f"there is no Unit on {B.NAMES[sq]}")
    if s.owner(u) != player:
        return u, (rule, f"the {UNIT_NAMES[s.kind[u]]} on {B.NAMES[sq]} is player {s.owner(u) + 1}'s, not yours")
    return u, None


def _reason(s, action, player: int) -> tuple[str, str]:
    g = s.game
    cards = g.cards
    kind, args = action.kind, action.args
    names = B.NAMES
    layout = s.layout
    if s.phase == OVER:
        return R.END, "the game is over"
    if s.phase == SETUP_PRIEST:
        if kind != "place_priest":
            return R.SETUP_PRIEST, "setup: in turn order, each player places a control marker and a Priest on a Temple ('place priest SQUARE')"
        sq = args[0]
        if layout.kind[sq] != 5:
            return R.SETUP_PRIEST, f"{names[sq]} is not a Temple"
        return R.SETUP_PRIEST, f"the Temple on {names[sq]} is already taken"
    if s.phase == SETUP_ZEALOT:
        if kind != "place_zealot":
            return R.SETUP_ZEALOT, "setup: in reverse turn order, each player places a Zealot within 3 spaces of their Temple ('place zealot SQUARE')"
        sq = args[0]
        if s.board[sq] >= 0:
            return R.SETUP_ZEALOT, f"{names[sq]} is occupied"
        return R.SETUP_ZEALOT, f"{names[sq]} is not within 3 spaces of your Temple"
    if kind in ("place_priest", "place_zealot"):
        return R.SETUP, "the setup is over; new Units are trained at Temples"
    if s.window is not None:
        if kind == "play":
            c = args[0]
            if cards.type[c] != INTERVENTION:
                return TYPE_RULES[cards.type[c]], f"{cards.names[c]} is a {('intervention', 'covenant', 'commandment')[cards.type[c]]}: it can only be played during your turn, not in response"
            return _card_reason(s, action, player)
        return R.R_WINDOW, f"player {player + 1} may respond with an Intervention ('play CARD ...') or 'pass'"
    if kind == "pass":
        return R.R_WINDOW, "there is nothing to respond to: 'pass' answers a response window"
    if s.decisions >= MAX_DECISIONS:
        return R.R_DECISIONS, f"this turn has reached {MAX_DECISIONS} decisions: only 'end' remains"
    if kind == "play":
        return _card_reason(s, action, player)
    if kind == "move":
        a, b = args
        u, bad = _unit_at(s, a, player, R.MOVE)
        if bad:
            return bad
        if s.step != MOVE_STEP:
            return R.ABILITY, "you must complete your Move Step before using any Unit's abilities: no more moving this turn"
        if s.flags[u] & FRESH:
            return R.BASIC, "Units cannot move or use abilities in the same turn they arrive"
        if s.flags[u] & PINNED:
            return R.COVENANT, f"the {UNIT_NAMES[s.kind[u]]} on {names[a]} is held by Chains and cannot move this turn"
        if s.allowance <= 0:
            return R.MOVE, "your movement allowance is used up"
        if s.board[b] >= 0:
            return R.MOVE, f"{names[b]} is occupied: a space holds one Unit, and Units cannot move through Units"
        if b not in B.NEIGHBOURS[a]:
            if layout.kind[a] != B.CATACOMB or layout.kind[b] != B.CATACOMB:
                return R.CATACOMBS, "a Unit moves one space at a time; only a Unit on a Catacomb may jump, to another Catacomb"
        return R.MOVE, "that move is not allowed now"
    if kind == "end":
        return R.TURN, "you cannot end the turn now"
    if kind == "train":
        k, sq = args
        if s.controller(sq) != player:
            return R.TRAIN, f"{names[sq]} is not a Temple you control"
        if s.board[sq] >= 0:
            return R.TRAIN, f"the Temple on {names[sq]} is occupied: train only at an unoccupied Temple"
        if s.divinity[player] < R.TRAIN_COST:
            return R.TRAIN, "training costs 1 Divinity and you have none"
        return R.R_MARKERS, f"all your {UNIT_NAMES[k]} pieces are on the board"
    if kind == "reclaim":
        sq = args[0]
        if s.controller(sq) != player:
            return R.R_RECLAIM, f"{names[sq]} is not a Temple you control"
        if s.board[sq] >= 0:
            return R.ESTABLISH, "a control marker can only be taken from an unoccupied space"
        if s.markers_left(player) > 0:
            return R.ESTABLISH, "you still have a control marker: markers are taken back only when none are left"
        return R.R_RECLAIM, "no Priest of yours is ready to establish an uncontrolled Temple"
    # unit abilities
    sq = args[0]
    u, bad = _unit_at(s, sq, player, R.ABILITY)
    if bad:
        return bad
    k = s.kind[u]
    f = s.flags[u]
    word = UNIT_NAMES[k]
    section = {"preach": R.PREACH, "establish": R.ESTABLISH, "vigil": R.VIGILANCE, "desecrate": R.DESECRATE,
               "assassinate": R.ASSASSINATE, "attack": R.ATTACK, "convert": R.CONVERT}[kind]
    if kind in ("preach", "establish", "vigil", "convert") and not PRIESTLY[k]:
        return section, f"a {word} cannot {kind}: that is an ability of Priests"
    if kind == "convert" and k != PROPHET:
        return R.CONVERT, "only a Prophet can Convert"
    if kind in ("desecrate", "assassinate", "attack") and PRIESTLY[k]:
        return section, f"a {word} cannot {kind}: that is an ability of Zealots"
    if f & FRESH:
        return R.BASIC, "Units cannot move or use abilities in the same turn they arrive"
    if f & ACTED:
        return R.BASIC, f"the {word} on {names[sq]} has already used an ability this turn (one ability per Unit)"
    ctl = s.controller(sq)
    if kind == "preach":
        if layout.pop[sq] <= 0:
            return R.PREACH, f"{names[sq]} has no Population number"
        return R.PREACH, "cannot preach on a Temple controlled by another player"
    if kind == "establish":
        if layout.kind[sq] != 5:
            return R.R_ESTABLISH, f"{names[sq]} is not a Temple: a Priest establishes the Temple it stands on"
        if ctl >= 0:
            return R.ESTABLISH, "that Temple is already controlled" + (" by you" if ctl == player else " by another player")
        return R.ESTABLISH, "you have no control markers left: take one back first ('reclaim SQUARE')"
    if kind == "vigil":
        return R.VIGILANCE, f"the {word} on {names[sq]} already has Vigilance"
    if kind == "desecrate":
        return R.DESECRATE, f"{names[sq]} is not a Temple controlled by an opponent"
    t = s.board[args[1]]
    if t < 0:
        return section, f"there is no Unit on {names[args[1]]}"
    if s.owner(t) == player:
        return section, "that Unit is your own"
    tk = s.kind[t]
    if kind == "convert":
        if tk not in (PRIEST, ZEALOT):
            return R.CONVERT, "a Prophet converts only Priests and Zealots"
        return R.R_CONVERT, f"you have no {UNIT_NAMES[tk]} piece left to replace it with"
    if s.sanctuary(t):
        return R.SANCTUARY, "that Unit stands in a Temple its owner controls (Sanctuary)"
    if kind == "assassinate":
        if not PRIESTLY[tk]:
            return R.R_TARGETS, "Assassinate targets Priests and Prophets; attack Zealots and Avatars"
        if s.flags[t] & VIGIL and k != AVATAR:
            return R.VIGILANCE, "that Unit has Vigilance: only an Avatar can assassinate it"
    if kind == "attack" and PRIESTLY[tk]:
        return R.ATTACK, "Attack must target a Zealot or an Avatar (assassinate Priests)"
    return section, "that is not legal now"


def _card_reason(s, action, player: int) -> tuple[str, str]:
    g = s.game
    cards = g.cards
    c, a, b = action.args
    rule = TYPE_RULES[cards.type[c]]
    name = cards.names[c]
    if not s.hand[player * cards.n + c]:
        return R.CARDS, f"{name} is not in your hand"
    if cards.cost[c] > s.divinity[player]:
        return R.CARDS, f"{name} costs {cards.cost[c]} Divinity and you have {s.divinity[player]}"
    t = cards.target[c]
    if t == T_STACK and not s.stack:
        return R.INTERVENTION, f"{name} is played only in response to a card or an ability"
    if cards.move_step[c] and s.step != MOVE_STEP:
        return R.MOVE, f"{name} is played during your Move Step"
    names = B.NAMES
    if t == T_OWN_FREE_TEMPLE:
        if s.advanced_on_board(player) >= R.ADVANCED_LIMIT:
            return R.ADVANCED, "you may only have 2 Advanced Units on the board at any one time"
        return R.ADVANCED, f"{names[a]} is not an unoccupied Temple you control"
    if t == T_FREE_TEMPLE:
        if s.markers_left(player) <= 0:
            return R.R_MARKERS, "you have no control markers left"
        return rule, f"{names[a]} is not an unoccupied Temple that no one controls"
    if t == T_ENEMY_TEMPLE:
        return rule, f"{names[a]} is not a Temple another player controls"
    if t == T_ENEMY_SPARE_TEMPLE:
        if s.controller(a) >= 0 and s.controller(a) != player:
            return rule, f"{names[a]} is player {s.controller(a) + 1}'s last Temple"
        return rule, f"{names[a]} is not a Temple another player controls"
    if t == T_OPPONENT:
        return rule, f"player {a + 1} is not another player in this game"
    if t == T_COMMANDMENT:
        return R.COMMANDMENT, f"player {b + 1} has no {cards.names[a]} in play"
    if t in (T_OWN_UNIT, T_ENEMY_UNIT) or t == 7:
        u = s.board[a]
        if u < 0:
            return rule, f"there is no Unit on {names[a]}"
        if t == T_OWN_UNIT and s.owner(u) != player:
            return rule, f"{name} targets one of your own Units"
        if t == T_ENEMY_UNIT and s.owner(u) == player:
            return rule, f"{name} targets another player's Unit"
        if not (cards.kinds[c] >> s.kind[u]) & 1:
            return rule, f"{name} cannot target a {UNIT_NAMES[s.kind[u]]}"
        return R.R_FIZZLE, f"{name} would change nothing on that Unit"
    if cards.type[c] == COMMANDMENT:
        return rule, "a Commandment is played during your turn"
    return rule, f"{name} cannot be played now"


# --- text that names no action --------------------------------------------------------
TARGET_WORDS = {  # what a card's target is, in the words of its notation
    T_OWN_FREE_TEMPLE: ("SQUARE", "an unoccupied Temple you control"),
    T_FREE_TEMPLE: ("SQUARE", "an unoccupied Temple that no one controls"),
    T_ENEMY_TEMPLE: ("SQUARE", "a Temple another player controls"),
    T_ENEMY_SPARE_TEMPLE: ("SQUARE", "a Temple another player controls, not their last"),
    T_OWN_UNIT: ("SQUARE", "one of your Units"),
    T_ENEMY_UNIT: ("SQUARE", "another player's Unit"),
    7: ("SQUARE", "a Unit"),
    T_OPPONENT: ("PLAYER", "another player, p1 to p4"),
    T_COMMANDMENT: ("COMMANDMENT PLAYER", "a Commandment in play and the player who holds it"),
}
STRIKES = {  # a two-square ability: its rule, and what it reaches
    "attack": (R.ATTACK, "a Zealot attacks an adjacent Zealot or Avatar"),
    "assassinate": (R.ASSASSINATE, "a Zealot assassinates an adjacent Priest"),
    "convert": (R.R_CONVERT, "a Prophet converts an adjacent Priest or Zealot"),
}


def explain_text(s, text: str, player: int) -> IllegalAction | None:
    """Why well-formed text names no action of Divine (a step of several spaces, a card
    without its target, a square off the city), or None if the text is not understood."""
    words = text.split()
    if not words:
        return None
    word, rest = words[0], words[1:]
    found = _text_reason(s, word, rest, player)
    return IllegalAction(found[0], found[1], text) if found else None


def _square(word: str) -> int | None:
    return B.INDEX.get(word)


def _off_city(words: list[str]) -> tuple[str, str] | None:
    for w in words:
        if len(w) >= 2 and w[0].isalpha() and w[1:].isdecimal() and w not in B.INDEX:
            return R.BOARD, (f"{w} is not a space of the city: columns a to {B.COLUMNS[-1]}, "
                             f"rows 1 to {B.N}")
    return None


def _text_reason(s, word: str, rest: list[str], player: int) -> tuple[str, str] | None:
    names = B.NAMES
    if word == "move" and len(rest) == 2:
        off = _off_city(rest)
        if off:
            return off
        a, b = _square(rest[0]), _square(rest[1])
        if a is None or b is None:
            return None
        if a == b:
            return R.MOVE, "a move goes from a Unit's space to another space"
        if s.board[a] < 0 or s.owner(s.board[a]) != player:
            return _unit_at(s, a, player, R.MOVE)[1]
        d = B.distance(a, b)
        return R.MOVE, (f"{names[b]} is {d} spaces from {names[a]}: a Unit moves one space at a time, "
                        f"each step costs 1 of your movement allowance (move again to go on); "
                        f"only a Unit on a Catacomb jumps, to another Catacomb")
    if word in STRIKES and len(rest) == 2:
        off = _off_city(rest)
        if off:
            return off
        a, b = _square(rest[0]), _square(rest[1])
        if a is None or b is None:
            return None
        rule, reach = STRIKES[word]
        return rule, f"{names[b]} is {B.distance(a, b)} spaces from {names[a]}: {reach}"
    if word in ("place", "train") and len(rest) == 2 or word in (
            "preach", "establish", "vigil", "vigilance", "desecrate", "reclaim") and len(rest) == 1:
        return _off_city(rest[-1:])
    if word in ("play", "respond") and rest:
        return _card_text_reason(s, rest)
    return None


def _card_text_reason(s, rest: list[str]) -> tuple[str, str] | None:
    cards = s.game.cards
    c = cards.by_id.get(rest[0])
    if c is None:
        return None  # an unknown card: the plain refusal lists what is close
    name, cid, t = cards.names[c], cards.ids[c], cards.target[c]
    rule = TYPE_RULES[cards.type[c]]
    if t in TARGET_WORDS:
        form, what = TARGET_WORDS[t]
        wanted = len(form.split())
        if len(rest) - 1 != wanted:
            return rule, f"{name} is played on {what}: 'play {cid} {form}'"
        if form == "SQUARE":
            return _off_city(rest[1:]) or (rule, f"{rest[1]} is not a space of the city: write 'play {cid} SQUARE'")
        if form == "PLAYER":
            return rule, f"{name} names another player: 'play {cid} p1' to 'p{s.num_players}'"
        if rest[1] not in cards.by_id or cards.type[cards.by_id[rest[1]]] != COMMANDMENT:
            return rule, f"{rest[1]} is not a Commandment: 'play {cid} COMMANDMENT PLAYER'"
        return rule, f"name the player who holds it, p1 to p{s.num_players}: 'play {cid} {rest[1]} PLAYER'"
    if len(rest) > 1:
        return rule, f"{name} takes no target: 'play {cid}'"
    return None
