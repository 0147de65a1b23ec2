"""The Divine state and its forward model (every clause of divine.txt).

The state is flat: one list of 324 ints for the board (a unit slot or -1), with a
bytearray `near` of which neighbours of each square are occupied (kept by every
change to the board, so that moves and strikes are found without looking at each
neighbour; see board.NEIGHBOUR_BITS), per-slot lists for the units, per-temple
control, per-player numbers, hands as counts per card, the deck as a list of card
ids, and the stack of cards and abilities waiting to resolve. The city layout is fixed at setup and shared by every copy.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from credo.kernel import EventLog, IllegalAction, ResponseWindow, Rng, State

from . import board as B
from . import rules as R
from . import views
from .codes import (ABIL, ABILITY_CODES, ABILITY_RULES, ABILITY_STEP, ABILITY_TITLES, ABILITY_WORDS, AB_ASSASSINATE,
                    AB_ATTACK, AB_CONVERT, AB_DESECRATE, AB_ESTABLISH, AB_PREACH, AB_TRAIN, AB_VIGIL, ACTED, AVATAR,
                    CARD, COMMANDMENT, DICE_SHIFT, DRAW_STEP, END_STEP, ENEMY_TEMPLE_TARGETS, FRESH, INTERVENTION,
                    MAX_DECISIONS, MOVE_STEP, ONLY, OVER, PINNED, PLAY, PRIEST, PRIESTLY, PROPHET, SETUP_PRIEST,
                    SETUP_ZEALOT, SOLO, STAT_ALLOWANCE, STAT_ATTACK, STAT_DEFENCE, STAT_DRAW, STAT_PREACH, TYPE_RULES,
                    T_ANY_UNIT, T_COMMANDMENT, T_ENEMY_SPARE_TEMPLE, T_ENEMY_TEMPLE, T_ENEMY_UNIT, T_FREE_TEMPLE,
                    T_NONE, T_OPPONENT, T_OWN_FREE_TEMPLE, T_OWN_UNIT, T_STACK, UNIT_NAMES, VIGIL, ZEALOT)
from .explain import explain
from .position import state_to_position

if TYPE_CHECKING:  # the game module makes states: the state module only names its class
    from .game import DivineGame

_new = object.__new__  # copy() makes its objects without calling their __init__


def tokens(n: int) -> str:
    return f"{n} Follower Token" + ("" if abs(n) == 1 else "s")


class DivineState(State):
    __slots__ = (
        "n", "turn_limit", "phase", "order", "layout", "current", "setup_i", "turn", "step",
        "allowance", "decisions", "board", "board_shared", "near", "kind", "pos", "flags", "ctrl", "followers",
        "divinity", "hand", "hsize", "cmds", "deck", "discard", "stack", "window", "winner", "waived",
    )

    game: DivineGame

    # --- construction -------------------------------------------------------------
    @classmethod
    def blank(cls, game: DivineGame, rng: Rng, players: int, turn_limit: int, layout: B.Layout,
              order: tuple, waived: int = 0) -> "DivineState":
        s = cls.__new__(cls)
        State.__init__(s, game, rng)
        s.n = players
        s.turn_limit = turn_limit
        s.phase = SETUP_PRIEST
        s.order = tuple(order)
        s.layout = layout
        s.current = s.order[0]
        s.setup_i = 0
        s.turn = 0
        s.step = MOVE_STEP
        s.allowance = 0
        s.decisions = 0
        s.board = [-1] * B.SQUARES
        s.board_shared = False
        s.near = bytearray(B.SQUARES)
        units = players * game.per_player
        s.kind = [game.slot_kind[u % game.per_player] for u in range(units)]
        s.pos = [-1] * units
        s.flags = [0] * units
        s.ctrl = [-1] * len(layout.temples)
        s.followers = [R.START_FOLLOWERS] * players
        s.divinity = [R.START_DIVINITY] * players
        s.hand = [0] * (players * game.cards.n)
        s.hsize = [0] * players
        s.cmds = [0] * (players * game.cards.n)
        s.deck = []
        s.discard = []
        s.stack = []
        s.window = None
        s.winner = -1
        s.waived = waived  # bit q: player q waives the windows at steps and moves (option auto_pass)
        return s

    @classmethod
    def new_game(cls, game: DivineGame, rng: Rng, players: int, turn_limit: int, waived: int = 0) -> "DivineState":
        tiles = list(range(len(game.content.tiles)))
        rng.shuffle(tiles)
        placement = [(t, rng.below(4)) for t in tiles]
        layout = B.Layout(game.content.tiles, placement)
        order, rolls = cls._roll_order(rng, players)
        s = cls.blank(game, rng, players, turn_limit, layout, order, waived)
        s.narrate("A game of Divine begins for {} players.", (players,), R.SETUP)
        s.narrate("The nine tiles are mixed, each turned at random, and laid in a 3 by 3 city.", (), R.R_ROTATE)
        for text, args in rolls:
            s.narrate(text, args, R.SETUP_ORDER)
        s.narrate("Turn order: {}.", (", ".join(f"player {p + 1}" for p in order),), R.SETUP_ORDER)
        s.deck = list(game.cards.deck)
        rng.shuffle(s.deck)
        s.narrate("The Divinity deck ({} cards) is shuffled.", (len(s.deck),), R.SETUP_CARDS)
        for p in order:
            s._draw_cards(p, R.START_HAND, R.SETUP_CARDS)
        s.narrate("Each player takes 10 Follower Tokens and 1 Divinity Counter.", (), R.RESOURCES)
        s.narrate("In turn order, each player places a control marker and a Priest on a Temple.", (), R.SETUP_PRIEST)
        return s

    @classmethod
    def _roll_order(cls, rng: Rng, players: int) -> tuple[tuple, list]:
        """Every player rolls a die; higher goes first; tied players roll again among themselves."""
        log = []

        def rank(group: list[int]) -> list[int]:
            if len(group) == 1:
                return group
            rolls = {p: rng.die() for p in group}
            log.append(("Roll for turn order: {}.", (", ".join(f"player {p + 1} rolls {rolls[p]}" for p in group),)))
            out = []
            for value in sorted(set(rolls.values()), reverse=True):
                tied = [p for p in group if rolls[p] == value]
                if len(tied) > 1:
                    log.append(("A tie between {}: they roll again.", (" and ".join(f"player {p + 1}" for p in tied),)))
                out.extend(rank(tied))
            return out

        return tuple(rank(list(range(players)))), log

    # --- the kernel contract ------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        w = self.window
        if w is not None:
            return SOLO[w.order[w.position]]
        return SOLO[self.current]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def winners(self) -> tuple[int, ...]:
        return (self.winner,) if self.winner >= 0 else ()

    def copy(self) -> "DivineState":
        s = self._copy_kernel()
        s.n = self.n
        s.turn_limit = self.turn_limit
        s.phase = self.phase
        s.order = self.order
        s.layout = self.layout
        s.current = self.current
        s.setup_i = self.setup_i
        s.turn = self.turn
        s.step = self.step
        s.allowance = self.allowance
        s.decisions = self.decisions
        # the board (a unit or -1 for each of the 324 squares) is shared until either state
        # moves a unit (_own_board): a copy that is only looked at, evaluated or given a card
        # does not copy it
        s.board = self.board
        s.board_shared = self.board_shared = True
        s.near = self.near[:]
        s.kind = self.kind[:]
        s.pos = self.pos[:]
        s.flags = self.flags[:]
        s.ctrl = self.ctrl[:]
        s.followers = self.followers[:]
        s.divinity = self.divinity[:]
        s.hand = self.hand[:]
        s.hsize = self.hsize[:]
        s.cmds = self.cmds  # Commandments in play: few a game, and written as a new list, so shared
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.stack = self.stack[:]
        w = self.window
        if w is None:
            s.window = None
        else:  # ResponseWindow.copy, inlined
            s.window = r = _new(ResponseWindow)
            r.order, r.position, r.acted = w.order, w.position, w.acted
        s.winner = self.winner
        s.waived = self.waived
        return s

    def determinize(self, player: int, rng: Rng) -> "DivineState":
        """Other players' hands and the deck order resampled; all else kept."""
        s = self.copy()
        s._legal_for = -1  # hidden parts are about to change
        s.log = EventLog()
        s.rng = Rng(rng.next64())
        # a world is its agent's own: what the agent changes in place, even against the rules,
        # does not reach the state it was sampled from (copies share the board and the
        # Commandments, which the game itself only replaces)
        s.board = self.board[:]
        s.board_shared = False
        s.cmds = self.cmds[:]
        nc = self.game.cards.n
        pool = list(s.deck)
        for p in range(self.n):
            if p == player:
                continue
            base = p * nc
            for c in range(nc):
                pool.extend([c] * s.hand[base + c])
                s.hand[base + c] = 0
        rng.shuffle(pool)
        i = 0
        for p in range(self.n):
            if p == player:
                continue
            base = p * nc
            for _ in range(s.hsize[p]):
                s.hand[base + pool[i]] += 1
                i += 1
        s.deck = pool[i:]
        return s

    def observation(self, player: int | None) -> dict:
        return views.observation(self, player)

    def to_position(self) -> dict:
        return state_to_position(self)

    def _explain_illegal(self, action, player: int) -> IllegalAction:
        return explain(self, action, player)

    # --- small queries --------------------------------------------------------------
    def owner(self, u: int) -> int:
        return u // self.game.per_player

    def units_of(self, p: int) -> range:
        k = self.game.per_player
        return range(p * k, (p + 1) * k)

    def controller(self, sq: int) -> int:
        """Who controls the Temple on `sq` (-1: no one, or not a Temple)."""
        ti = self.layout.temple_index[sq]
        return self.ctrl[ti] if ti >= 0 else -1

    def temples_of(self, p: int) -> int:
        return self.ctrl.count(p)

    def markers_left(self, p: int) -> int:
        return self.game.markers - self.ctrl.count(p)

    def advanced_on_board(self, p: int) -> int:
        g = self.game
        base = p * g.per_player + g.priests + g.zealots
        return sum(1 for u in range(base, base + 2) if self.pos[u] >= 0)

    def free_slot(self, p: int, kind: int) -> int:
        """A piece of `kind` not on the board (-1: all in play)."""
        g = self.game
        base = p * g.per_player
        if kind == PRIEST:
            r = range(base, base + g.priests)
        elif kind == ZEALOT:
            r = range(base + g.priests, base + g.priests + g.zealots)
        else:
            r = range(base + g.priests + g.zealots, base + g.per_player)
        for u in r:
            if self.pos[u] < 0:
                return u
        return -1

    def sanctuary(self, u: int) -> bool:
        """Whether `u` stands in a Temple its owner controls (Temples / Sanctuary)."""
        return self.controller(self.pos[u]) == self.owner(u)

    def modifier(self, p: int, stat: int) -> int:
        cards = self.game.cards
        base = p * cards.n
        if not any(self.cmds[base:base + cards.n]):  # most players have no Commandment in play
            return 0
        total = 0
        for c in cards.commandments:
            k = self.cmds[base + c]
            if k:
                total += k * cards.modifier[c][stat]
        return total

    def unit_name(self, u: int) -> str:
        return f"player {self.owner(u) + 1}'s {UNIT_NAMES[self.kind[u]]} on {B.NAMES[self.pos[u]]}"

    def round(self) -> int:
        return (self.turn - 1) // self.n + 1 if self.turn else 0

    # --- legal actions --------------------------------------------------------------
    def _generate_legal(self, player: int) -> list:
        g = self.game
        if self.phase == SETUP_PRIEST:
            return [g.A_place_priest[sq] for sq in self.layout.temples
                    if self.board[sq] < 0 and self.controller(sq) < 0]
        if self.phase == SETUP_ZEALOT:
            home = next(sq for sq in self.layout.temples if self.controller(sq) == player)
            return [g.A_place_zealot[sq] for sq in B.WITHIN3[home] if self.board[sq] < 0]
        out: list = []
        if self.window is not None:
            self._card_actions(player, True, out)
            out.append(g.A_pass)
            return out
        if self.decisions >= MAX_DECISIONS:
            out.append(g.A_end)
            return out
        self._unit_actions(player, out)
        if self.divinity[player] >= g.cards.cheapest:  # usually not: spare the call
            self._card_actions(player, False, out)
        out.append(g.A_end)
        return out

    def _unit_actions(self, p: int, out: list) -> None:
        g = self.game
        board, near, flags, kind, layout = self.board, self.near, self.flags, self.kind, self.layout
        per = g.per_player
        lo = p * per
        moving = self.step == MOVE_STEP and self.allowance > 0
        can_reclaim = False
        lkind, pop, tindex, ctrl = layout.kind, layout.pop, layout.temple_index, self.ctrl
        steps, strikes, priestly = g.A_steps, g.A_strikes, PRIESTLY
        preach, vigil = g.A_preach, g.A_vigil
        catacomb = B.CATACOMB
        append = out.append
        for u, sq in enumerate(self.pos[lo:lo + per], lo):
            if sq < 0:
                continue
            f = flags[u]
            if f & FRESH:
                continue
            if moving and not f & PINNED:
                out += steps[sq][near[sq]]
                if lkind[sq] == catacomb:
                    row, adjacent = g.A_move[sq], B.NEIGHBOURS[sq]
                    for c in layout.catacombs:
                        if c != sq and board[c] < 0 and c not in adjacent:
                            append(row[c])
            if f & ACTED:
                continue
            k = kind[u]
            ti = tindex[sq]  # >= 0 on a Temple
            if priestly[k]:
                if ti < 0:
                    if pop[sq] > 0:
                        append(preach[sq])
                else:
                    ctl = ctrl[ti]
                    if pop[sq] > 0 and (ctl < 0 or ctl == p):
                        append(preach[sq])
                    if ctl < 0:
                        if self.markers_left(p) > 0:
                            append(g.A_establish[sq])
                        else:
                            can_reclaim = True
                if not f & VIGIL:
                    append(vigil[sq])
                if k == PROPHET and near[sq]:
                    row = g.A_convert[sq]
                    for n in B.NEIGHBOURS[sq]:
                        t = board[n]
                        if t >= 0 and t // per != p and kind[t] <= ZEALOT and self.free_slot(p, kind[t]) >= 0:
                            append(row[n])
            else:
                if ti >= 0 and ctrl[ti] >= 0 and ctrl[ti] != p:
                    append(g.A_desecrate[sq])
                if not near[sq]:  # no one to strike
                    continue
                for n, assassinate, attack in strikes[sq]:
                    t = board[n]
                    if t < 0:
                        continue
                    owner = t // per
                    if owner == p:
                        continue
                    tn = tindex[n]
                    if tn >= 0 and ctrl[tn] == owner:
                        continue  # in Sanctuary
                    if priestly[kind[t]]:
                        if k == AVATAR or not flags[t] & VIGIL:
                            append(assassinate)
                    else:
                        append(attack)
        # Temple abilities: Train
        if self.divinity[p] >= R.TRAIN_COST:
            free = [sq for ti, sq in enumerate(layout.temples) if ctrl[ti] == p and board[sq] < 0]
            if free:
                free_p, free_z = self.free_slot(p, PRIEST) >= 0, self.free_slot(p, ZEALOT) >= 0
                for trains, ok in ((g.A_train[0], free_p), (g.A_train[1], free_z)):
                    if ok:
                        out += [trains[sq] for sq in free]
        if can_reclaim:
            for ti, sq in enumerate(layout.temples):
                if self.ctrl[ti] == p and board[sq] < 0:
                    out.append(g.A_reclaim[sq])

    def _card_actions(self, p: int, responding: bool, out: list) -> None:
        g = self.game
        cards = g.cards
        nc = cards.n
        base = p * nc
        if not self.hsize[p]:
            return
        div = self.divinity[p]
        if div < cards.cheapest:  # often so: hands grow long while Divinity stays low
            return
        cost, ctype, ctarget, move_step, plays = cards.cost, cards.type, cards.target, cards.move_step, g.A_play
        in_move_step = self.step == MOVE_STEP
        for c in compress(range(nc), self.hand[base:base + nc]):  # the cards held, in card order
            if cost[c] > div:
                continue
            t = ctarget[c]
            if responding:
                if ctype[c] != INTERVENTION or (t == T_STACK and not self.stack):
                    continue
            elif t == T_STACK or (move_step[c] and not in_move_step):
                continue
            if t == T_NONE or t == T_STACK:  # most cards: one action, no call
                out.append(plays[c])
            else:
                out += self._card_targets(p, c, t)

    def _card_targets(self, p: int, c: int, t: int) -> list:
        g = self.game
        cards = g.cards
        acts = g.A_play[c]
        layout, board = self.layout, self.board
        if t == T_OWN_FREE_TEMPLE:
            unit = next(e[2] for e in cards.effects[c] if e[0] == "summon")
            slot_ok = self.advanced_on_board(p) < R.ADVANCED_LIMIT and self.free_slot(p, AVATAR) >= 0
            if not slot_ok or unit is None:
                return []
            return [acts[sq] for ti, sq in enumerate(layout.temples) if self.ctrl[ti] == p and board[sq] < 0]
        if t == T_FREE_TEMPLE:
            if self.markers_left(p) <= 0:
                return []
            return [acts[sq] for ti, sq in enumerate(layout.temples) if self.ctrl[ti] < 0 and board[sq] < 0]
        if t == T_ENEMY_TEMPLE:
            return [acts[sq] for ti, sq in enumerate(layout.temples) if self.ctrl[ti] >= 0 and self.ctrl[ti] != p]
        if t == T_ENEMY_SPARE_TEMPLE:
            return [acts[sq] for ti, sq in enumerate(layout.temples)
                    if self.ctrl[ti] >= 0 and self.ctrl[ti] != p and self.temples_of(self.ctrl[ti]) > 1]
        if t == T_OPPONENT:
            return [acts[q] for q in range(self.n) if q != p]
        if t == T_COMMANDMENT:
            nc = cards.n
            return [acts[(k, q)] for q in range(self.n) for k in cards.commandments if self.cmds[q * nc + k]]
        # unit targets, in the order of their squares (the order of the actions)
        mask = cards.kinds[c]
        per = g.per_player
        lo, hi = p * per, (p + 1) * per
        pos, kind = self.pos, self.kind
        if t == T_OWN_UNIT:
            squares = pos[lo:hi]
        elif t == T_ENEMY_UNIT:
            squares = pos[:lo] + pos[hi:]
        else:
            squares = pos[:]
        squares.sort()
        del squares[:squares.count(-1)]  # the pieces off the board
        if cards.checks_flags[c]:  # ruling R-11: only Units the card would change
            off, on, flags = cards.flags_off[c], cards.flags_on[c], self.flags
            return [acts[sq] for sq in squares for u in (board[sq],)
                    if (mask >> kind[u]) & 1 and not flags[u] & off and flags[u] & on == on]
        return [acts[sq] for sq in squares if (mask >> kind[board[sq]]) & 1]

    # --- applying actions -----------------------------------------------------------
    def _apply(self, action, player: int) -> None:
        kind = action.kind
        args = action.args
        if self.window is not None:
            if kind == "pass":
                self.narrate("Player {} passes.", (player + 1,), R.R_WINDOW if self.stack else R.R_ANY_TIME)
                self.window.answer(player, False)
                if self.window.closed:
                    self.window = None
                    self._resolve_stack()
            else:
                self.window.answer(player, True)
                self.window = None
                self._play_card(player, *args)
            return
        if kind == "place_priest":
            self._setup_priest(player, args[0])
            return
        if kind == "place_zealot":
            self._setup_zealot(player, args[0])
            return
        self.decisions += 1
        if kind == "move":
            self._move(args[0], args[1])
            self._open_moment()
        elif kind == "end":
            self.narrate("Player {} ends the turn.", (player + 1,), R.END_TURN)
            self.step = END_STEP
            self._open_moment()
            if self.window is None:
                self._end_turn()
        elif kind == "play":
            self._play_card(player, *args)
        elif kind == "train":
            self._declare(player, AB_TRAIN, args[0], args[1])
        elif kind == "reclaim":
            ti = self.layout.temple_index[args[0]]
            self.ctrl[ti] = -1
            self.narrate("Player {} takes back the control marker from the Temple on {}.",
                         (player + 1, B.NAMES[args[0]]), R.R_RECLAIM)
            self._open_moment()
        else:
            u = self.board[args[0]]
            code = ABILITY_CODES[kind]
            target = self.board[args[1]] if len(args) > 1 else args[0]
            self._declare(player, code, u, target)

    # --- setup ------------------------------------------------------------------------
    def _setup_priest(self, p: int, sq: int) -> None:
        self.ctrl[self.layout.temple_index[sq]] = p
        self._place(p, PRIEST, sq, fresh=False)
        self.narrate("Player {} places a control marker and a Priest on the Temple on {}.",
                     (p + 1, B.NAMES[sq]), R.SETUP_PRIEST)
        self.setup_i += 1
        if self.setup_i < self.n:
            self.current = self.order[self.setup_i]
            return
        self.phase = SETUP_ZEALOT
        self.setup_i = 0
        self.current = self.order[-1]
        self.narrate("In reverse turn order, each player places a Zealot within 3 spaces of their Temple.",
                     (), R.SETUP_ZEALOT)

    def _setup_zealot(self, p: int, sq: int) -> None:
        self._place(p, ZEALOT, sq, fresh=False)
        self.narrate("Player {} places a Zealot on {}.", (p + 1, B.NAMES[sq]), R.SETUP_ZEALOT)
        self.setup_i += 1
        if self.setup_i < self.n:
            self.current = self.order[self.n - 1 - self.setup_i]
            return
        self.phase = PLAY
        self.current = self.order[0]
        self.turn = 1
        self._begin_turn()

    def _own_board(self) -> None:
        """A board of this state's own, before a unit moves on it (copy() shares it)."""
        if self.board_shared:
            self.board = self.board[:]
            self.board_shared = False

    def _place(self, p: int, kind: int, sq: int, fresh: bool) -> int:
        u = self.free_slot(p, kind)
        self.kind[u] = kind
        self.pos[u] = sq
        self._own_board()
        self.board[sq] = u
        near = self.near
        for n, bit in B.NEIGHBOUR_BITS[sq]:
            near[n] |= bit
        self.flags[u] = (FRESH if fresh else 0) | (VIGIL if kind == PROPHET else 0)
        return u

    def _remove(self, u: int) -> None:
        sq = self.pos[u]
        self._own_board()
        self.board[sq] = -1
        near = self.near
        for n, bit in B.NEIGHBOUR_BITS[sq]:
            near[n] &= ~bit
        self.pos[u] = -1
        self.flags[u] = 0

    # --- the turn ---------------------------------------------------------------------
    def _begin_turn(self) -> None:
        p = self.current
        self.step = MOVE_STEP
        self.allowance = 0  # nothing is rolled before the Draw Step's window closes
        self.decisions = 0
        flags, kind = self.flags, self.kind
        per = self.game.per_player
        for u, sq in enumerate(self.pos[p * per:(p + 1) * per], p * per):
            if sq >= 0:
                f = flags[u] & ~(ACTED | FRESH)
                if kind[u] == PROPHET:
                    if not f & VIGIL:
                        self.narrate("The Prophet on {} regains Vigilance.", (B.NAMES[sq],), R.R_PROPHET_VIGIL)
                    f |= VIGIL  # ruling R-20
                flags[u] = f
        self.narrate("Turn {} (round {}): player {}.", (self.turn, self.round(), p + 1), R.TURN)
        # Draw Step
        extra = ""
        draws = 1 + self.modifier(p, STAT_DRAW)
        lib = self.board[self.layout.library]
        if lib >= 0 and lib // per == p:
            draws += 1
            extra = " (one more for the Library)"
        self.narrate("Draw Step: player {} draws {} card{}{}.", (p + 1, draws, "" if draws == 1 else "s", extra), R.DRAW)
        self._draw_cards(p, draws, R.LIBRARY if extra else R.DRAW)
        self.step = DRAW_STEP
        self._open_moment()
        if self.window is None:
            self._roll()

    def _roll(self) -> None:
        """The Move Step begins: one die per Temple controlled."""
        p = self.current
        self.step = MOVE_STEP
        dice = self.temples_of(p)
        rng = self.rng
        rolls = [rng.die() for _ in range(dice)]
        bonus = self.modifier(p, STAT_ALLOWANCE)
        self.allowance = max(0, sum(rolls) + bonus)
        if dice:
            self.narrate("Move Step: player {} controls {} Temple{} and rolls {}: a movement allowance of {}{}.",
                         (p + 1, dice, "" if dice == 1 else "s", ", ".join(map(str, rolls)), self.allowance,
                          f" (with {bonus:+d} from Commandments)" if bonus else ""), R.MOVE)
        else:
            self.narrate("Move Step: player {} controls no Temple and rolls no dice (allowance {}).",
                         (p + 1, self.allowance), R.MOVE)
        self._open_moment()

    def _open_moment(self) -> None:
        """Ruling R-25: at each step and after each move, the other players may play an Intervention.

        Asked in turn order from the next player: everyone who could pay for one by the public
        facts (cards in hand, Divinity), never only those who hold one, unless their seat waived
        these windows in the options."""
        need = self.game.cards.min_intervention
        if need is None or self.phase != PLAY:
            return
        n, order, hsize, divinity, waived = self.n, self.order, self.hsize, self.divinity, self.waived
        i = order.index(self.current)
        asked = tuple(q for q in (order[(i + k) % n] for k in range(1, n))
                      if hsize[q] and divinity[q] >= need and not waived >> q & 1)
        if asked:
            self.window = ResponseWindow(asked)

    def _carry_on(self) -> None:
        """After a window at the Draw Step or at the end of the turn, the turn goes on."""
        if self.step == DRAW_STEP:
            self._roll()
        elif self.step == END_STEP:
            self._end_turn()

    def _draw_cards(self, p: int, count: int, rule: str) -> None:
        """Player p draws `count` cards. The drawer is told the cards sorted by name, not in
        the order the deck gave them: a hand has no order, so the deck's order is not told
        by what the drawer sees afterwards, and the narration may not tell it either."""
        drawn: list[int] = []
        for _ in range(count):
            if not self.deck:
                self._tell_drawn(p, drawn, rule)
                drawn = []
                if not self.discard:
                    self.narrate("The deck and the discard pile are empty: player {} draws nothing.", (p + 1,), R.R_DECK)
                    return
                self.deck = self.discard
                self.discard = []
                self.rng.shuffle(self.deck)
                self.narrate("The deck is empty: the discard pile ({} cards) is shuffled into a new deck.",
                             (len(self.deck),), R.R_DECK)
            c = self.deck.pop()
            self.hand[p * self.game.cards.n + c] += 1
            self.hsize[p] += 1
            drawn.append(c)
        self._tell_drawn(p, drawn, rule)

    def _tell_drawn(self, p: int, drawn: list[int], rule: str) -> None:
        if not drawn:
            return
        names = sorted(self.game.cards.names[c] for c in drawn)
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        self.narrate("Player {} draws {}.", (p + 1, "a card" if len(drawn) == 1 else f"{len(drawn)} cards"), rule)
        self.narrate("You draw {}.", (listed,), rule, ONLY[p])

    def _move(self, a: int, b: int) -> None:
        self._own_board()
        u = self.board[a]
        self.board[a] = -1
        self.board[b] = u
        near = self.near
        for n, bit in B.NEIGHBOUR_BITS[a]:
            near[n] &= ~bit
        for n, bit in B.NEIGHBOUR_BITS[b]:
            near[n] |= bit
        self.pos[u] = b
        self.allowance -= 1
        lost = ""
        if self.flags[u] & VIGIL and self.kind[u] == PRIEST:
            self.flags[u] &= ~VIGIL
            lost = "; it loses Vigilance"
        jump = b not in B.NEIGHBOURS[a]
        rule = R.CATACOMBS if jump else R.MOVE
        verb = "takes the Catacombs from" if jump else "moves from"
        self.narrate("Player {}'s {} {} {} to {} ({} allowance left){}.",
                     (u // self.game.per_player + 1, UNIT_NAMES[self.kind[u]], verb, B.NAMES[a], B.NAMES[b],
                      self.allowance, lost), rule)

    def _end_turn(self) -> None:
        p = self.current
        keep = (1 << DICE_SHIFT) - 1  # dice bonuses last for the turn
        flags = self.flags
        if max(flags) > keep:  # rarely: only a card gives bonus dice
            flags[:] = [f & keep for f in flags]
        lo = p * self.game.per_player
        hi = lo + self.game.per_player
        if max(flags[lo:hi]) >= PINNED:  # the flags are below 16 now, and PINNED is 8
            flags[lo:hi] = [f & ~PINNED for f in flags[lo:hi]]
        if self._check_win():
            return
        self.turn += 1
        i = self.order.index(p)
        self.current = self.order[(i + 1) % self.n]
        if self.turn_limit and self.round() > self.turn_limit:
            self.phase = OVER
            self.window = None
            self.narrate("The turn limit of {} rounds is reached: the game is a draw.", (self.turn_limit,), R.R_LIMIT)
            return
        self._begin_turn()

    def _check_win(self) -> bool:
        """Check for Win Conditions: Capture (the player whose turn ends), Dominance and Prevalence."""
        p = self.current
        met: dict[int, str] = {}
        towers = self.layout.towers
        if towers:
            board, per = self.board, self.game.per_player
            for t in towers:
                if board[t] < 0 or board[t] // per != p:
                    break
            else:
                met[p] = "Capture"
        holders = set(self.ctrl)
        holders.discard(-1)
        if len(holders) == 1:
            met.setdefault(next(iter(holders)), "Dominance")
        if max(self.followers) >= R.PREVALENCE_TOKENS:
            for q in range(self.n):
                if self.followers[q] >= R.PREVALENCE_TOKENS:
                    met.setdefault(q, "Prevalence")
        if not met:
            return False
        rules = {"Capture": R.CAPTURE, "Dominance": R.DOMINANCE, "Prevalence": R.PREVALENCE}
        for q, how in sorted(met.items()):
            self.narrate("Player {} reaches a win condition: {}.", (q + 1, how), rules[how])
        if len(met) > 1:
            start = self.order.index(p)
            seat_rank = {self.order[(start + k) % self.n]: k for k in range(self.n)}
            winner = max(met, key=lambda q: (self.divinity[q], self.followers[q], -seat_rank[q]))
            self.narrate("Several players reached a win condition this turn: player {} has the most Divinity ({}).",
                         (winner + 1, self.divinity[winner]), R.CHECK if len({self.divinity[q] for q in met}) == len(met)
                         else R.R_TIE)
        else:
            winner = next(iter(met))
        self.phase = OVER
        self.winner = winner
        self.narrate("Player {} wins the game.", (winner + 1,), rules[met[winner]])
        return True

    # --- declaring abilities and playing cards -------------------------------------------
    def _declare(self, p: int, code: int, u: int, target: int) -> None:
        """An ability (or Train) is declared: it goes on the stack and a window opens."""
        if self.step == MOVE_STEP:
            self.step = ABILITY_STEP
            if self.allowance:
                self.narrate("The Move Step is over ({} allowance unused).", (self.allowance,), R.R_ABILITY_ENDS_MOVE)
            self.allowance = 0
        names = B.NAMES
        if code == AB_TRAIN:
            self.divinity[p] -= R.TRAIN_COST
            self.narrate("Player {} pays 1 Divinity to train a {} at the Temple on {}.",
                         (p + 1, UNIT_NAMES[u], names[target]), R.TRAIN)
        else:
            f = self.flags[u] | ACTED
            if code != AB_VIGIL and self.kind[u] == PRIEST and f & VIGIL:
                f &= ~VIGIL
                self.narrate("The Priest on {} uses another ability and loses Vigilance.", (names[self.pos[u]],), R.VIGILANCE)
            self.flags[u] = f
            if code in (AB_ASSASSINATE, AB_ATTACK, AB_CONVERT):
                self.narrate("Player {}'s {} on {} declares {} against {}.",
                             (p + 1, UNIT_NAMES[self.kind[u]], names[self.pos[u]], ABILITY_TITLES[code],
                              self.unit_name(target)), ABILITY_RULES[code])
            else:
                self.narrate("Player {}'s {} on {} declares {}.",
                             (p + 1, UNIT_NAMES[self.kind[u]], names[self.pos[u]], ABILITY_TITLES[code]),
                             ABILITY_RULES[code])
        self._push((ABIL, p, code, u, target, False), p)

    def _play_card(self, p: int, c: int, a: int, b: int) -> None:
        cards = self.game.cards
        self.hand[p * cards.n + c] -= 1
        self.hsize[p] -= 1
        self.divinity[p] -= cards.cost[c]
        t = cards.target[c]
        what = cards.names[c]
        if t in (T_OWN_FREE_TEMPLE, T_FREE_TEMPLE, *ENEMY_TEMPLE_TARGETS):
            on = f" on the Temple on {B.NAMES[a]}"
        elif t in (T_OWN_UNIT, T_ENEMY_UNIT, T_ANY_UNIT):
            on = f" on {self.unit_name(self.board[a])}"
            a = self.board[a]  # the stack holds the unit itself
        elif t == T_OPPONENT:
            on = f" against player {a + 1}"
        elif t == T_COMMANDMENT:
            on = f" against player {b + 1}'s {cards.names[a]}"
        elif t == T_STACK:
            on = " in answer to " + self._item_text(self.stack[-1])
        else:
            on = ""
        responding = bool(self.stack)
        self.narrate("Player {} {} {} ({} Divinity){}.",
                     (p + 1, "responds with" if responding else "plays", what, cards.cost[c], on),
                     TYPE_RULES[cards.type[c]])
        self._push((CARD, p, c, a, b, False), p)

    def _item_text(self, item) -> str:
        kind, p, what, a, b, _ = item
        if kind == CARD:
            return f"player {p + 1}'s {self.game.cards.names[what]}"
        if what == AB_TRAIN:
            return f"player {p + 1}'s Train"
        return f"player {p + 1}'s {ABILITY_WORDS[what].capitalize()}"

    def _push(self, item: tuple, p: int) -> None:
        self.stack.append(item)
        if len(self.stack) >= self.game.stack_limit:
            self.narrate("The stack is full: no more responses.", (), R.R_WINDOW)
            self._resolve_stack()
            return
        i = self.order.index(p)
        need = self.game.cards.min_intervention
        order = []
        if need is not None:
            for k in range(1, self.n):
                q = self.order[(i + k) % self.n]
                if self.hsize[q] and self.divinity[q] >= need:
                    order.append(q)
        if order:
            self.window = ResponseWindow(tuple(order))
        else:
            self._resolve_stack()

    # --- resolution ---------------------------------------------------------------------
    def _resolve_stack(self) -> None:
        while self.stack and self.phase != OVER:
            item = self.stack.pop()
            kind, p, what, a, b, cancelled = item
            if cancelled:
                self.narrate("{} is denied and does nothing.", (self._item_text(item).capitalize(),), R.INTERVENTION)
                if kind == CARD:
                    self.discard.append(what)
                continue
            if kind == CARD:
                self._resolve_card(p, what, a, b)
            else:
                self._resolve_ability(p, what, a, b)
        if self.phase == PLAY and self.window is None:
            self._carry_on()

    def _resolve_card(self, p: int, c: int, a: int, b: int) -> None:
        cards = self.game.cards
        name = cards.names[c]
        t = cards.target[c]
        if cards.type[c] == COMMANDMENT:
            cmds = self.cmds[:]  # a new list: copies share the old one (copy())
            cmds[p * cards.n + c] += 1
            self.cmds = cmds
            self.narrate("{} is in play for player {} until a card removes it.", (name, p + 1), R.COMMANDMENT)
            return
        self.discard.append(c)
        # is the target still there?
        if t in (T_OWN_UNIT, T_ENEMY_UNIT, T_ANY_UNIT) and self.pos[a] < 0:
            self.narrate("{}: its target is gone; it does nothing.", (name,), R.R_FIZZLE)
            return
        if t == T_OWN_FREE_TEMPLE and (self.board[a] >= 0 or self.controller(a) != p
                                       or self.advanced_on_board(p) >= R.ADVANCED_LIMIT):
            self.narrate("{}: the Temple is no longer free; it does nothing.", (name,), R.R_FIZZLE)
            return
        if t == T_FREE_TEMPLE and (self.board[a] >= 0 or self.controller(a) >= 0 or self.markers_left(p) <= 0):
            self.narrate("{}: the Temple is no longer free; it does nothing.", (name,), R.R_FIZZLE)
            return
        if t in ENEMY_TEMPLE_TARGETS and self.controller(a) in (-1, p):
            self.narrate("{}: no one else controls that Temple now; it does nothing.", (name,), R.R_FIZZLE)
            return
        if t == T_ENEMY_SPARE_TEMPLE and self.temples_of(self.controller(a)) < 2:
            self.narrate("{}: that Temple is now its controller's last; it does nothing.", (name,), R.R_FIZZLE)
            return
        if t == T_COMMANDMENT and not self.cmds[b * cards.n + a]:
            self.narrate("{}: that Commandment is no longer in play.", (name,), R.R_FIZZLE)
            return
        for op, amount, unit, who in cards.effects[c]:
            self._effect(p, c, op, amount, unit, who, a, b)
            if self.phase == OVER:
                return

    def _effect(self, p: int, c: int, op: str, amount: int, unit, who: str, a: int, b: int) -> None:
        cards = self.game.cards
        name = cards.names[c]
        rule = TYPE_RULES[cards.type[c]]
        if op == "summon":
            kind = PROPHET if unit == "prophet" else AVATAR
            self._place(p, kind, a, fresh=True)
            self.narrate("{}: a {} of player {} appears on the Temple on {}; it cannot move or act this turn.",
                         (name, UNIT_NAMES[kind], p + 1, B.NAMES[a]), R.PROPHET if kind == PROPHET else R.AVATAR)
        elif op == "gain_vigilance":
            self.flags[a] |= VIGIL
            self.narrate("{}: {} gains Vigilance.", (name, self.unit_name(a)), R.VIGILANCE)
        elif op == "lose_vigilance":
            self.flags[a] &= ~VIGIL
            self.narrate("{}: {} loses Vigilance.", (name, self.unit_name(a)), R.VIGILANCE)
        elif op == "control":
            self.ctrl[self.layout.temple_index[a]] = p
            self.narrate("{}: player {} places a control marker on the Temple on {}.", (name, p + 1, B.NAMES[a]), R.TEMPLES)
        elif op == "uncontrol":
            q = self.controller(a)
            self.ctrl[self.layout.temple_index[a]] = -1
            self.narrate("{}: player {}'s control marker is removed from the Temple on {}.",
                         (name, q + 1, B.NAMES[a]), R.TEMPLES)
        elif op == "allowance":
            if self.current == p and self.step == MOVE_STEP:
                self.allowance = max(0, self.allowance + amount)
                self.narrate("{}: player {}'s movement allowance is now {}.", (name, p + 1, self.allowance), R.MOVE)
        elif op == "move_dice":
            if self.current == p and self.step == MOVE_STEP:
                rolls = [self.rng.die() for _ in range(amount)]
                self.allowance += sum(rolls)
                self.narrate("{}: player {} rolls {}: movement allowance {}.",
                             (name, p + 1, ", ".join(map(str, rolls)), self.allowance), R.MOVE)
        elif op == "pin":
            self.flags[a] |= PINNED
            self.narrate("{}: {} cannot move until the end of its owner's turn.", (name, self.unit_name(a)), rule)
        elif op == "dice":
            f = self.flags[a]
            bonus = min(15, (f >> DICE_SHIFT) + amount)
            self.flags[a] = (f & ((1 << DICE_SHIFT) - 1)) | (bonus << DICE_SHIFT)
            self.narrate("{}: {} rolls {} more dice in attacks this turn.", (name, self.unit_name(a), bonus), R.ATTACK)
        elif op == "followers":
            targets = [p] if who == "self" else [a] if who == "target" else [q for q in range(self.n) if q != p]
            for q in targets:
                before = self.followers[q]
                self.followers[q] = max(0, before + amount)
                delta = self.followers[q] - before
                self.narrate("{}: player {} {} {} ({} now).",
                             (name, q + 1, "gains" if delta >= 0 else "loses", tokens(abs(delta)), self.followers[q]),
                             R.RESOURCES)
        elif op == "steal_followers":
            taken = min(amount, self.followers[a])
            self.followers[a] -= taken
            self.followers[p] += taken
            self.narrate("{}: player {} takes {} from player {}.", (name, p + 1, tokens(taken), a + 1), R.RESOURCES)
        elif op == "divinity":
            targets = [p] if who == "self" else [a] if who == "target" else [q for q in range(self.n) if q != p]
            for q in targets:
                self.divinity[q] = max(0, self.divinity[q] + amount)
                self.narrate("{}: player {} has {} Divinity.", (name, q + 1, self.divinity[q]), R.RESOURCES)
        elif op == "draw":
            self._draw_cards(p, amount, rule)
        elif op == "destroy":
            self.narrate("{}: {} is destroyed.", (name, self.unit_name(a)), rule)
            self._remove(a)
        elif op == "counter":
            if self.stack:
                below = self.stack[-1]
                self.stack[-1] = below[:5] + (True,)
                self.narrate("{}: {} will do nothing.", (name, self._item_text(below)), R.INTERVENTION)
        elif op == "remove_commandment":
            cmds = self.cmds[:]  # a new list: copies share the old one (copy())
            cmds[b * cards.n + a] -= 1
            self.cmds = cmds
            self.discard.append(a)
            self.narrate("{}: player {}'s {} leaves play.", (name, b + 1, cards.names[a]), R.COMMANDMENT)

    def _resolve_ability(self, p: int, code: int, u: int, target: int) -> None:
        names = B.NAMES
        layout = self.layout
        if code == AB_TRAIN:
            sq = target
            if self.board[sq] >= 0 or self.controller(sq) != p or self.free_slot(p, u) < 0:
                self.narrate("Train: the Temple on {} is no longer free; nothing arrives.", (names[sq],), R.R_FIZZLE)
                return
            self._place(p, u, sq, fresh=True)
            self.narrate("Player {} trains a {} at the Temple on {}; it cannot move or act this turn.",
                         (p + 1, UNIT_NAMES[u], names[sq]), R.TRAIN)
            return
        if self.pos[u] < 0:
            self.narrate("{}: the Unit is gone; nothing happens.", (ABILITY_TITLES[code],), R.R_FIZZLE)
            return
        sq = self.pos[u]
        word = UNIT_NAMES[self.kind[u]]
        if code == AB_PREACH:
            pop = layout.pop[sq]
            bonus = self.modifier(p, STAT_PREACH)
            if self.kind[u] == PROPHET:
                gain, div = 2 * pop + bonus, 0
            else:
                gain, div = pop + bonus, pop
            self.followers[p] += gain
            self.divinity[p] += div
            self.narrate("The {} preaches on {} (Population {}): player {} gains {} and {} Divinity ({} and {} now).",
                         (word, names[sq], pop * 100, p + 1, tokens(gain), div, self.followers[p], self.divinity[p]),
                         R.PROPHET if self.kind[u] == PROPHET else R.PREACH)
        elif code == AB_ESTABLISH:
            if self.controller(sq) >= 0 or self.markers_left(p) <= 0:
                self.narrate("Establish: the Temple on {} cannot be taken now.", (names[sq],), R.R_FIZZLE)
                return
            self.ctrl[layout.temple_index[sq]] = p
            self.narrate("The {} establishes the Temple on {}: player {} places a control marker there.",
                         (word, names[sq], p + 1), R.ESTABLISH)
        elif code == AB_VIGIL:
            self.flags[u] |= VIGIL
            self.narrate("The {} on {} turns on its side: Vigilance.", (word, names[sq]), R.VIGILANCE)
        elif code == AB_DESECRATE:
            q = self.controller(sq)
            if q < 0 or q == p:
                self.narrate("Desecrate: no one else controls the Temple on {} now.", (names[sq],), R.R_FIZZLE)
                return
            self.ctrl[layout.temple_index[sq]] = -1
            self.narrate("The {} desecrates the Temple on {}: player {}'s control marker is removed.",
                         (word, names[sq], q + 1), R.DESECRATE)
        elif code == AB_ASSASSINATE:
            if self.pos[target] < 0 or self.owner(target) == p:
                self.narrate("Assassinate: the target is gone.", (), R.R_FIZZLE)
                return
            tsq = self.pos[target]
            if self.sanctuary(target):
                self.narrate("Assassinate: {} is in Sanctuary.", (self.unit_name(target),), R.SANCTUARY)
                return
            if self.flags[target] & VIGIL and self.kind[u] != AVATAR:
                self.narrate("Assassinate: {} has Vigilance and cannot be assassinated by a Zealot.",
                             (self.unit_name(target),), R.VIGILANCE)
                return
            self.narrate("The {} on {} assassinates {}.", (word, names[sq], self.unit_name(target)),
                         R.AVATAR if self.kind[u] == AVATAR and self.flags[target] & VIGIL else R.ASSASSINATE)
            self._remove(target)
            self._witnessed(u, tsq)
        elif code == AB_ATTACK:
            if self.pos[target] < 0 or self.owner(target) == p:
                self.narrate("Attack: the target is gone.", (), R.R_FIZZLE)
                return
            if self.sanctuary(target):
                self.narrate("Attack: {} is in Sanctuary.", (self.unit_name(target),), R.SANCTUARY)
                return
            self._attack(p, u, target)
        elif code == AB_CONVERT:
            if self.pos[target] < 0 or self.owner(target) == p:
                self.narrate("Convert: the target is gone.", (), R.R_FIZZLE)
                return
            k = self.kind[target]
            new = self.free_slot(p, k)
            if new < 0:
                self.narrate("Convert: player {} has no {} piece left.", (p + 1, UNIT_NAMES[k]), R.R_CONVERT)
                return
            tsq = self.pos[target]
            q = self.owner(target)
            self._remove(target)
            self.kind[new] = k
            self.pos[new] = tsq
            self._own_board()
            self.board[tsq] = new
            for n, bit in B.NEIGHBOUR_BITS[tsq]:
                self.near[n] |= bit
            self.flags[new] = FRESH | ACTED
            self.narrate("The Prophet on {} converts player {}'s {} on {}: it is now player {}'s.",
                         (names[sq], q + 1, UNIT_NAMES[k], names[tsq], p + 1), R.CONVERT)

    def _attack(self, p: int, u: int, t: int) -> None:
        q = self.owner(t)
        tsq = self.pos[t]
        a_dice = (3 if self.kind[u] == AVATAR else R.ATTACK_DICE) + (self.flags[u] >> DICE_SHIFT) \
            + self.modifier(p, STAT_ATTACK)
        tower = self.layout.kind[tsq] == B.TOWER
        d_dice = (3 if self.kind[t] == AVATAR else R.DEFEND_DICE) + (R.TOWER_DICE if tower else 0) \
            + (self.flags[t] >> DICE_SHIFT) + self.modifier(q, STAT_DEFENCE)
        a_dice, d_dice = max(0, a_dice), max(0, d_dice)
        a_rolls = [self.rng.die() for _ in range(a_dice)]
        d_rolls = [self.rng.die() for _ in range(d_dice)]
        a_total, d_total = sum(a_rolls), sum(d_rolls)
        self.narrate("Attack: player {}'s {} on {} rolls {} ({}); player {}'s {} on {} rolls {} ({}){}.",
                     (p + 1, UNIT_NAMES[self.kind[u]], B.NAMES[self.pos[u]], ", ".join(map(str, a_rolls)) or "nothing",
                      a_total, q + 1, UNIT_NAMES[self.kind[t]], B.NAMES[tsq], ", ".join(map(str, d_rolls)) or "nothing",
                      d_total, " with the Tower's extra die" if tower else ""),
                     R.TOWERS if tower else (R.AVATAR if AVATAR in (self.kind[u], self.kind[t]) else R.ATTACK))
        if a_total > d_total:
            self.narrate("The attacker wins: {} is destroyed.", (self.unit_name(t),), R.ATTACK)
            self._remove(t)
        elif d_total > a_total:
            self.narrate("The defender wins: {} is destroyed.", (self.unit_name(u),), R.ATTACK)
            self._remove(u)
        else:
            self.narrate("A tie: both Units are destroyed.", (), R.ATTACK)
            self._remove(t)
            self._remove(u)
        self._witnessed(u, tsq)

    def _witnessed(self, u: int, target_sq: int) -> None:
        """Market: the Unit that assassinated or attacked a Unit in the Market is removed."""
        if target_sq == self.layout.market and self.pos[u] >= 0:
            self.narrate("The act was witnessed in the Market: {} is removed from the board.",
                         (self.unit_name(u),), R.MARKET)
            self._remove(u)


__all__ = ["DivineState"]
