"""The Dogma state and its forward model (the clash of dogma.txt, sections 3 to 6).

The state is flat. Each player has four Prophet Arcana; Arcanum k of player p is
the *slot* s = 4p + k, and every per-Prophet number is a list indexed by slot
(per-Cult-card numbers by 4s + j). What never changes after setup (which Prophet,
Cult cards and Relics each Arcanum holds) is kept in tuples shared by copies.

A turn: start-of-turn effects, deployments (Commitments of the players with no
active Prophet), Orders (Commitments, Hysteria players first), the reveal, and the
resolution, an explicit state machine (`plan`, `ri`, `cur`, `ei`) that pauses for
pending decisions (Withering placement, Fidelity Test) answered through `apply`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from credo.kernel import Commitments, IllegalAction, Rng, State

from . import chaos, views
from . import rules as R
from .codes import (ACTIVE, AG_BONUS, AG_FAITH, AG_FERVOR, AG_IMMUNE, AG_MALIMM, AG_RED, AG_SPECIALS, AG_START,
                    APPEAL_DAMAGE, ARCANA, ARDUOUS, CANCELLED, CHAOS, CHAOS_KINDS, CRISIS, CRISIS_DAMAGE, DEFEATED,
                    DEPLOY, DRAW, EMPTY, FANATICISM, HYSTERIA, MAL_ORDER, MAX_CULT, NEIGHBOUR, Names, ONLY, OPPONENTS,
                    OPPOSITE, ORDERS, ORDER_KINDS, OVER, PATHS, PRIORITY, REAR, RESOLVE, REVIVE, SIDES, SLOW,
                    SPENT_PROPHET, SPENT_RELIC0, SWIFT, WITHERING)
from .content import MALEFIC_NAMES, MALEFICS
from .explain import explain
from .handlers import HANDLERS
from .position import state_to_position

if TYPE_CHECKING:  # the game module makes states: the state module only names its class
    from .game import DogmaGame

_TIMED = frozenset(("cult", "intervene"))  # the Orders whose card may be Swift or Slow


def _pts(n: int) -> str:
    return f"{n} damage"


_new_state = object.__new__
_NONE: list = []  # the empty legal-action list of a fresh copy (never mutated)
_NUM = tuple((p + 1,) for p in range(4))  # (player number,), the args of many events
_SOLO = tuple((p,) for p in range(4))  # to_move when one player decides


def _replaced(values: list, i: int, v) -> list:
    """`values` with item i replaced by v, as a new list. A state's rarely changed lists
    (withered cards, damage taken, Arduous turns, damage in front) are shared by its copies,
    so they are replaced, never changed in place: copy() does not copy them."""
    new = values[:]
    new[i] = v
    return new


def _put(t: tuple, i: int, v) -> tuple:
    """Tuple t with item i replaced by v."""
    return t[:i] + (v,) + t[i + 1:]


_REVEAL4 = {n: "Orders and Targets revealed: " + ", ".join(["player {} {}"] * n) + "." for n in range(1, 5)}


class _Groups(tuple):
    """The resolution order of a 2 vs 2 turn, written out only when read."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return ", then ".join(
            f"player {g[0]}" if len(g) == 1 else "players " + " and ".join(map(str, g)) + " simultaneously"
            for g in self)


class DogmaState(State):
    __slots__ = (
        "_tm",
        "active",
        "actor",
        "ags",
        "arduous",
        "cmod",
        "commit",
        "cults",
        "cur",
        "decks",
        "di",
        "di_done",
        "dmg",
        "ei",
        "fell",
        "first_builder",
        "flags",
        "fmod",
        "hyst",
        "known",
        "last",
        "mal",
        "mode",
        "np",
        "pend_dmg",
        "pending",
        "phase",
        "plan",
        "prep",
        "proph",
        "protect",
        "rear",
        "relics",
        "ri",
        "sim",
        "snap",
        "test",
        "tgt",
        "took",
        "turn",
        "turn_limit",
        "where",
        "winner",
        "wither",
    )

    game: DogmaGame

    # --- construction -------------------------------------------------------------
    @classmethod
    def blank(cls, game: DogmaGame, rng: Rng, np: int = 2) -> DogmaState:
        s = cls.__new__(cls)
        State.__init__(s, game, rng)
        s.np = np
        s._tm = None
        n = np * ARCANA
        s.mode = "predestination"
        s.decks = ()
        s.turn_limit = 0
        s.phase = DEPLOY
        s.turn = 1
        s.proph = (-1,) * n
        s.ags = (None,) * n
        s.cults = ((),) * n
        s.relics = ((),) * n
        s.dmg = [0] * n
        s.fmod = [0] * n
        s.cmod = [0] * (n * MAX_CULT)
        s.mal = [0] * n
        s.wither = [-1] * n
        s.where = [EMPTY] * n
        s.known = [0] * n
        s.flags = [0] * n
        s.took = [0] * n
        s.active = [-1] * np
        s.rear = [[] for _ in range(np)]
        s.di = [[] for _ in range(np)]
        s.di_done = ((),) * np  # tuples, replaced on write: copies share them
        s.pend_dmg = [0] * np
        s.arduous = [-9] * np
        s.tgt = OPPOSITE[np]  # the opponent each player's Order targets this turn (section 5.1)
        s.protect = 0
        s.commit = None
        s.hyst = ()
        s.plan = ()
        s.sim = False
        s.ri = 0
        s.cur = None
        s.ei = 0
        s.actor = (-1,) * np  # tuples, replaced on write
        s.test = None
        s.pending = ()
        s.snap = None
        s.last = (-1,) * np
        s.fell = (0,) * np  # the turn each player's last Prophet was defeated
        s.winner = -1  # the winning team (players p with p % 2 == winner), DRAW, or -1
        s.first_builder = -1
        s.prep = None
        return s

    @classmethod
    def new_game(cls, game: DogmaGame, rng: Rng, opts) -> DogmaState:
        np = opts.players
        s = cls.blank(game, rng, np)
        s.mode = opts.mode
        s.turn_limit = opts.turn_limit
        if opts.mode == "chaos":
            chaos.check_options(opts)
            s.prep = chaos.deal(game, rng, np)
            s.phase = CHAOS
            s.narrate("Chaos mode: the Prophets and the other cards are shuffled and laid out in 12 packets of "
                      "2 Prophets and 7 other cards; the rest go back to the box.", (), R.CHAOS)
            if np == 2:
                s.narrate("Player 1 takes the first packet of the first row, player 2 the first packet of the second.",
                          (), R.R_CIRCLE)
            else:
                s.narrate("The packets lie in 4 rows of 3; each player takes the first packet of their row.",
                          (), R.R_ROWS4)
            return s
        decks, info = game.decks(opts, rng)
        if opts.mode == "predestination":
            s.decks = tuple(info)
            for p in range(np):
                opt = game.content.options[game.option_ids.index(info[p])]
                # which option a player took is secret until their Prophets show it (ruling D-31);
                # a teammate may consult their partner's cards freely (D-29)
                s.narrate("Player {} builds the Arcana of a Predestination option.", (p + 1,), R.PREDESTINATION)
                s.narrate("Player {}'s option is {} ({}).", (p + 1, opt.name, opt.english),
                          R.PREDESTINATION, frozenset((p, (p + 2) % 4)) if np == 4 else frozenset((p,)))
        else:
            s.first_builder = info
            s.narrate("Every player builds their Arcana freely (Free Will mode).", (), R.FREE_WILL)
        proph, cults, relics = [], [], []
        for p, (arcana, dis, damage) in enumerate(decks):
            for pi, cs, rs in arcana:
                proph.append(pi)
                cults.append(tuple(cs))
                relics.append(tuple(rs))
            s.di[p] = list(dis)
            s.pend_dmg = _replaced(s.pend_dmg, p, damage)
            s.rear[p] = list(range(ARCANA))
            if damage:
                s.narrate("Player {} built first with one box: their first Prophet deployed starts with {} damage.",
                          (p + 1, damage), R.FREE_WILL)
        s.set_cards(proph, cults, relics)
        s.where = [REAR] * (np * ARCANA)
        if np == 4:
            s.narrate("2 vs 2: players 1 and 3 against players 2 and 4, seated alternately; each player's left and "
                      "right neighbours are the opponents.", (), R.R_SEATING)
        s.begin_opening()
        return s

    def begin_opening(self) -> None:
        self.phase = DEPLOY
        if self.np == 4:
            out = [team for team in (0, 1) if not (self.rear[team] or self.rear[team + 2])]
            if out:
                if len(out) == 2:
                    self.narrate("No player has a Prophet: the game is a draw.", (), R.END)
                    self._finish(DRAW)
                else:
                    w = 1 - out[0]
                    self.narrate("Players {} and {} have no Prophet: players {} and {} win.",
                                 (out[0] + 1, out[0] + 3, w + 1, w + 3), R.TEAMS)
                    self._finish(w)
                return
            self.narrate("Opening: each player chooses one Arcanum and reveals its Prophet.", (), R.OPENING)
            for p in range(4):
                if not self.rear[p]:
                    self.narrate("Player {} has no Prophet and takes no further part; their team plays on.", (p + 1,),
                                 R.TEAMS)
            self.commit = Commitments(tuple(p for p in range(4) if self.rear[p]))
            return
        out = [p for p in range(2) if not self.rear[p]]
        if out:
            if len(out) == 2:
                self.narrate("Neither player has a Prophet: the game is a draw.", (), R.END)
                self._finish(DRAW)
            else:
                self.narrate("Player {} has no Prophet: player {} wins.", (out[0] + 1, 2 - out[0]), R.END)
                self._finish(1 - out[0])
            return
        self.narrate("Opening: each player chooses one Arcanum and reveals its Prophet.", (), R.OPENING)
        self.commit = Commitments((0, 1))

    # --- the kernel contract ------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.np

    @property
    def to_move(self) -> tuple[int, ...]:
        # cached until the next action: only `_apply` changes who is to move
        tm = self._tm
        if tm is None:
            tm = self._tm = self._to_move()
        return tm

    def legal_actions(self, player: int | None = None) -> list:
        # the kernel's legal_actions, with the cached to_move (same contract)
        if player is None:
            return State.legal_actions(self, player)
        if self._legal_for != player:
            self._legal = self._generate_legal(player) if player in self.to_move else []
            self._legal_for = player
        return self._legal

    def apply(self, action, player: int | None = None):
        # the kernel's apply (same contract and errors), with its common path inlined
        if player is None or action.__class__ is str or player.__class__ is not int:
            return State.apply(self, action, player)
        tm = self._tm
        if tm is None:
            tm = self._tm = self._to_move()
        if player not in tm:
            return State.apply(self, action, player)  # refused there, naming the rule
        if self._legal_for != player:
            self._legal = self._generate_legal(player)
            self._legal_for = player
        if action not in self._legal:
            action, player = self._checked_input(action, player)
            raise self._explain_illegal(action, player)
        self._apply_action(action, player)
        self._tm = None
        self._legal_for = -1
        return action

    def _to_move(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.phase == CHAOS:
            return self.prep.to_move()
        if self.pending:
            return (self.pending[0][0],)
        if self.test is not None:
            return self.test[0].waiting
        c = self.commit
        if c is None:
            return ()
        ch = c.choices
        if not ch:
            w = c.players
        elif len(ch) == 1 and len(c.players) == 2:  # the duel's second Order
            a, b = c.players
            w = _SOLO[b] if a in ch else _SOLO[a]
        else:
            w = tuple(p for p in c.players if p not in ch)
        if self.hyst:
            h = tuple(p for p in w if p in self.hyst)
            if h:
                return h
        return w

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def winners(self) -> tuple[int, ...]:
        w = self.winner
        if w != 0 and w != 1:
            return ()
        return (w,) if self.np == 2 else (w, w + 2)  # section 5.1: both members of the team win

    def copy(self) -> DogmaState:
        s = self._copy_kernel()
        s._tm = self._tm
        s.mode = self.mode
        s.decks = self.decks
        s.turn_limit = self.turn_limit
        s.phase = self.phase
        s.turn = self.turn
        s.proph = self.proph
        s.ags = self.ags
        s.cults = self.cults
        s.relics = self.relics
        s.dmg = self.dmg[:]
        s.fmod = self.fmod[:]
        s.cmod = self.cmod[:]
        s.mal = self.mal[:]
        s.wither = self.wither  # replaced, never changed in place (_replaced): shared
        s.where = self.where[:]
        s.known = self.known[:]
        s.flags = self.flags[:]
        s.took = self.took  # replaced, never changed in place (_replaced): shared
        s.active = self.active[:]
        s.np = self.np
        # each player's rear guard and Interventions are lists that are replaced, never changed
        # in place (see the writers: a new list each time): a copy shares them
        s.rear = self.rear[:]
        s.di = self.di[:]
        s.di_done = self.di_done
        s.tgt = self.tgt
        s.fell = self.fell
        s.pend_dmg = self.pend_dmg  # replaced, never changed in place (_replaced): shared
        s.arduous = self.arduous  # the same
        s.protect = self.protect
        c = self.commit
        if c is not None:
            s.commit = r = _new_state(Commitments)
            r.players = c.players
            r.choices = c.choices.copy()
        else:
            s.commit = None
        s.hyst = self.hyst
        s.plan = self.plan
        s.sim = self.sim
        s.ri = self.ri
        s.cur = self.cur
        s.ei = self.ei
        s.actor = self.actor
        s.test = (self.test[0].copy(), self.test[1]) if self.test is not None else None
        s.pending = self.pending
        s.snap = self.snap
        s.last = self.last
        s.winner = self.winner
        s.first_builder = self.first_builder
        s.prep = self.prep.copy() if self.prep is not None else None
        return s

    def determinize(self, player: int, rng: Rng) -> DogmaState:
        return views.determinize(self, player, rng)

    def reopen_secret_choices(self, player: int) -> None:
        views.reopen_secret_choices(self, player)

    def observation(self, player: int | None) -> dict:
        return views.observation(self, player)

    def to_position(self) -> dict:
        return state_to_position(self)

    # --- small queries --------------------------------------------------------------
    def owner(self, sl: int) -> int:
        return sl // ARCANA

    def name(self, sl: int) -> str:
        return self.game.tables.prophet_names[self.proph[sl]]

    def label(self, sl: int) -> str:
        """The Prophet's name for narration, or an anonymous label while its Arcanum is face down."""
        if self.known[sl] & 1:
            return self.name(sl)
        return f"a face-down Prophet of player {self.owner(sl) + 1}"

    def ability_on(self, sl: int) -> bool:
        return not self.flags[sl] & CANCELLED

    def set_cards(self, proph, cults, relics) -> None:
        """What each Arcanum holds (fixed after setup), and each Prophet's summed passive modifiers."""
        self.proph, self.cults, self.relics = tuple(proph), tuple(cults), tuple(relics)
        agg = self.game.tables.agg
        self.ags = tuple(agg[(pi, rs, True)] if pi >= 0 else None for pi, rs in zip(self.proph, self.relics))

    def agg(self, sl: int) -> tuple:
        """The Prophet's passive modifiers summed once per (Prophet, Relics, ability on): see game._AggCache."""
        if self.flags[sl] & CANCELLED:
            return self.game.tables.agg[(self.proph[sl], self.relics[sl], False)]
        return self.ags[sl]

    # While a simultaneous group resolves (`sim`), `snap` holds what its Orders read (ruling D-16), as at
    # the start of the group: (damage of each slot, then the markers of each Cult card; malefic bits of
    # each slot, then the flags of each slot, then each player's active Arcanum). A hand-written
    # position may give only the first part of each; the rest is then read from the live state.
    def _active_at_reveal(self):
        before = self.snap[1] if self.snap else ()
        n = self.np * ARCANA
        return before[2 * n:] if len(before) > 2 * n else self.actor

    def _cmod_at_reveal(self, x: int) -> int:
        before = self.snap[0]
        n = self.np * ARCANA
        return before[n + x] if len(before) > n else self.cmod[x]

    def _flags_at_reveal(self, sl: int) -> int:
        before = self.snap[1] if self.snap else ()
        n = self.np * ARCANA
        return before[n + sl] if len(before) > n else self.flags[sl]

    def _agg_at_reveal(self, sl: int) -> tuple:
        if self._flags_at_reveal(sl) & CANCELLED:
            return self.game.tables.agg[(self.proph[sl], self.relics[sl], False)]
        return self.ags[sl]

    def faith(self, sl: int) -> int:
        return self.agg(sl)[AG_FAITH]

    def fervor(self, sl: int) -> int:
        return max(0, self.agg(sl)[AG_FERVOR] + 10 * self.fmod[sl])

    def malefic_immune(self, sl: int) -> int:
        return self.agg(sl)[AG_MALIMM]

    def narrate(self, template: str, args: tuple, rule: str, visible_to=None) -> None:
        # the kernel's narrate, inlined: the entry (an Event when read) keeps the template and its arguments
        log = self.log
        if log._shared:
            log._items = list(log._items)
            log._shared = False
        log._items.append((template, args, rule, visible_to))

    def cult_slots(self, sl: int) -> int:
        return len(self.cults[sl])

    def usable_cult(self, sl: int, j: int) -> bool:
        """Whether Cult card j of slot sl can be activated (Withering, Elaine's fourth card)."""
        if j >= len(self.cults[sl]) or self.wither[sl] == j:
            return False
        # section 6: with her ability cancelled, Elaine keeps the fourth card but cannot use it
        return not (j == 3 and not self.ability_on(sl))

    def alive(self, p: int) -> bool:
        return self.active[p] >= 0 or bool(self.rear[p])

    def opp(self, p: int) -> int:
        """The opponent player p's Order targets this turn (2 vs 2: the Target token, section 5.1)."""
        return self.tgt[p]

    def opponents(self, p: int) -> tuple[int, ...]:
        return OPPONENTS[self.np][p]

    def sides(self, p: int) -> list[int]:
        """2 vs 2: the Target sides (0 left, 1 right) naming an opponent still in the game (ruling D-23)."""
        return [side for side in (0, 1) if self.alive(NEIGHBOUR[side][p])]

    # --- legal actions ------------------------------------------------------------
    def _generate_legal(self, player: int) -> list:
        if self.phase == ORDERS and not self.pending and self.test is None:
            return self.order_actions(player)
        g = self.game
        if self.phase == CHAOS:
            return chaos.legal(self, player)
        if self.pending:
            sl = self.pending[0][1]
            if sl == REVIVE:
                return [g.A_revive[k] for k in self.defeated_arcana(player)]
            return [g.A_wither[j] for j in range(len(self.cults[sl])) if self.usable_cult(sl, j)]
        if self.test is not None:
            _c, info = self.test
            tester = info[0]
            return list(g.A_guess) if player == tester else list(g.A_path)
        if self.phase == DEPLOY:
            return [g.A_deploy[n] for n in range(len(self.rear[player]))]
        return self.order_actions(player)

    def order_actions(self, p: int) -> list | tuple:
        k = self.active[p]
        if k < 0:
            return [self.game.A_pass]
        # The Orders depend only on what the key holds; the lists are shared through the game, which
        # saves rebuilding them at each decision (in 2 vs 2, four players choose every turn).
        # Shared by every state of every game of this content, agents' worlds included, so they are
        # tuples: nobody can append to them.
        sl = p * ARCANA + k
        key = (self.proph[sl], self.relics[sl], self.cults[sl], len(self.rear[p]), not self.di[p], self.wither[sl],
               self.flags[sl], self.mal[sl] & FANATICISM, self.arduous[p] == self.turn - 1,
               bool(self.ags[sl][AG_SPECIALS]) and DEFEATED in self.where[p * ARCANA:p * ARCANA + ARCANA])
        if self.np == 4:  # and the Target sides that name an opponent still in the game (_with_targets)
            key += (tuple(self.sides(p)),)
        cache = self.game.order_cache
        out = cache.get(key)
        if out is None:
            if len(cache) > 50_000:  # Free Will and Chaos make many Arcana: bound the memory of a long run
                cache.clear()
            out = cache[key] = tuple(self._order_actions(p, k))
        return out

    def _order_actions(self, p: int, k: int) -> list:
        g, t = self.game, self.game.tables
        sl = p * ARCANA + k
        if self.mal[sl] & FANATICISM:
            out = []
        else:
            out = g.A_summon[:len(self.rear[p])]
            out.append(g.A_intervene if self.di[p] else g.A_appeal)
        cults = self.cults[sl]
        n = len(cults)
        w = self.wither[sl]
        if n == 4 and self.flags[sl] & CANCELLED:
            n = 3  # section 6: with her ability cancelled, Elaine keeps the fourth card but cannot use it
        if self.arduous[p] == self.turn - 1:
            ckw = t.ckw
            out.extend(g.A_cult[j] for j in range(n) if j != w and not ckw[cults[j]] & ARDUOUS)
        elif w < 0:
            out.extend(g.A_cult[:n])
        else:
            out.extend(g.A_cult[j] for j in range(n) if j != w)
        if self.ags[sl][AG_SPECIALS]:  # the same with the ability on or cancelled
            for kind, i, ok in self.special_sources(sl):
                if ok:
                    out.append(g.A_special[g.special_index[(kind, i)]])
        if not out:
            out.append(g.A_pass)
        elif self.np == 4:
            return self._with_targets(p, out)
        return out

    def _with_targets(self, p: int, orders: list) -> list:
        """2 vs 2: each Order that may target an opponent is placed with a Target token naming a side."""
        g = self.game
        sides = self.sides(p)
        out = []
        for a in orders:
            kind = a.kind
            if kind == "cult":
                out.extend(g.T_cult[side][a.args[0]] for side in sides)
            elif kind == "special":
                out.extend(g.T_special[side][a.args[0]] for side in sides)
            elif kind == "intervene":
                out.extend(g.T_intervene[side] for side in sides)
            else:
                out.append(a)  # Summoning, Appeal, Pass: the Target token has no effect (ruling D-22)
        return out

    def special_sources(self, sl: int) -> list[tuple[str, int, bool]]:
        """The atom-icon abilities of the Prophet in slot sl: (kind, index, usable now)."""
        t = self.game.tables
        out = []
        pi = self.proph[sl]
        if t.p_trigger[pi] == "special":
            ok = self.ability_on(sl) and not (t.special_once[("prophet", pi)] and self.flags[sl] & SPENT_PROPHET)
            ok = ok and self._special_has_effect(sl, t.p_ops[pi])
            out.append(("prophet", pi, ok))
        for r_pos, r in enumerate(self.relics[sl]):
            if t.r_trigger[r] == "special":
                ok = not (t.special_once[("relic", r)] and self.flags[sl] & (SPENT_RELIC0 << r_pos))
                ok = ok and self._special_has_effect(sl, t.r_ops[r])
                out.append(("relic", r, ok))
        return out

    def _special_has_effect(self, sl: int, ops) -> bool:
        if any(op[0] == "revive" for op in ops):
            p = self.owner(sl)
            return any(self.where[p * ARCANA + k] == DEFEATED for k in range(ARCANA))
        return True

    # --- applying actions ---------------------------------------------------------
    def _apply(self, action, player: int) -> None:
        self._apply_action(action, player)
        self._tm = None

    def _apply_action(self, action, player: int) -> None:
        kind = action.kind
        if kind in ORDER_KINDS:
            # the kernel has checked legality: commit directly
            self.commit.choices[player] = action.index
            if player in self.hyst:
                self.narrate("Player {} selects and reveals their Order first (Hysteria): {}.",
                             (player + 1, action), R.MALEFIC)
            else:
                # two events (public, then private): narrate() inlined on the hottest path
                log = self.log
                if log._shared:
                    log._items = list(log._items)
                    log._shared = False
                items = log._items
                items.append(("Player {} places their Order face down.", _NUM[player], R.ORDERS, None))
                items.append(("You place the Order: {}.", (action,), R.ORDERS, ONLY[player]))
            c = self.commit
            if len(c.choices) == len(c.players):  # Commitments.complete, inlined
                self._advance()
            return
        if kind in CHAOS_KINDS:
            chaos.apply(self, action, player)
            return
        if kind == "revive":
            self.pending = self.pending[1:]
            self._revive(player * ARCANA + action.args[0])
        elif kind == "wither":
            p, sl = self.pending[0]
            self.pending = self.pending[1:]
            self.wither = _replaced(self.wither, sl, action.args[0])
            self.narrate("Player {} places Withering on {}'s Cult card {}: it is out of the game.",
                         (p + 1, self.name(sl), action.args[0] + 1), R.MALEFIC)
        elif kind in ("path", "guess"):
            c, _info = self.test
            c.commit(player, action.args[0])
            self.narrate("Player {} chooses secretly for the Fidelity Test.", (player + 1,), R.FIDELITY)
            self.narrate("You choose {} ({}).", (PATHS[action.args[0]], "your guess" if kind == "guess" else "your path"),
                         R.FIDELITY, ONLY[player])
        elif kind == "deploy":
            self.commit.commit(player, action.args[0])
            self.narrate("Player {} chooses an Arcanum face down.", (player + 1,), R.OPENING)
            self.narrate("You choose to deploy the Prophet in position {}.", (action.args[0] + 1,), R.OPENING,
                         ONLY[player])
        self._advance()

    def _advance(self) -> None:
        """Run the game forward until a player must decide or the game is over."""
        while self.phase != OVER:
            if self.pending:
                return
            if self.test is not None:
                if not self.test[0].complete:
                    return
                self._finish_test()
                continue
            phase = self.phase
            if phase == RESOLVE:
                if self._resolve_step():
                    continue
                return
            c = self.commit
            if len(c.choices) != len(c.players):  # Commitments.complete, inlined
                return
            if phase == ORDERS:
                self._reveal()
            else:
                self._deployments()

    # --- turns ---------------------------------------------------------------------
    def _deployments(self) -> None:
        choices = self.commit.choices
        self.commit = None
        opening = self.turn == 1 and all(a < 0 for a in self.active) and not any(
            w == DEFEATED for w in self.where)
        for p in sorted(choices):
            n = choices[p]
            rear = self.rear[p]
            k = rear[n]
            self.rear[p] = rear[:n] + rear[n + 1:]
            self._deploy(p, k, R.OPENING)
        if opening:
            self.narrate("The other Arcana go to the rear guard, backs up, in the order they were built.", (), R.R_REAR)
        self._begin_orders()

    def _deploy(self, p: int, k: int, rule: str) -> None:
        t = self.game.tables
        sl = p * ARCANA + k
        self.active[p] = k
        self.where[sl] = ACTIVE
        self.known[sl] |= 1
        self.actor = _put(self.actor, p, k)
        cults = self.cults[sl]
        known = self.known[sl] | t.revealed_bits[cults]
        self.known[sl] = known
        faceup = Names(t.cult_names[c] for j, c in enumerate(cults) if known & (2 << j)) if known > 1 else ()
        relics = t.relic_labels[self.relics[sl]]
        ag = self.agg(sl)
        fervor = ag[AG_FERVOR] + 10 * self.fmod[sl]
        args = (p + 1, t.prophet_names[self.proph[sl]], ag[AG_FAITH], max(0, fervor), len(cults))
        if relics and faceup:
            self.narrate("Player {} deploys {} (Faith {}, Fervor {}) as their active Prophet, with {} Cult cards; "
                         "Relics: {}; face up: {}.", args + (relics, faceup), rule)
        elif relics:
            self.narrate("Player {} deploys {} (Faith {}, Fervor {}) as their active Prophet, with {} Cult cards; "
                         "Relics: {}.", args + (relics,), rule)
        elif faceup:
            self.narrate("Player {} deploys {} (Faith {}, Fervor {}) as their active Prophet, with {} Cult cards; "
                         "face up: {}.", args + (faceup,), rule)
        else:
            self.narrate("Player {} deploys {} (Faith {}, Fervor {}) as their active Prophet, with {} Cult cards.",
                         args, rule)
        if self.pend_dmg[p]:
            d = self.pend_dmg[p]
            self.pend_dmg = _replaced(self.pend_dmg, p, 0)
            self.narrate("The damage in front of player {} goes on {}: {} damage.", (p + 1, self.name(sl), d), rule)
            self._hurt(sl, d, R.FREE_WILL)
        if self.where[sl] != ACTIVE:
            return
        if self.mal[sl] & WITHERING and any(self.usable_cult(sl, j) for j in range(len(self.cults[sl]))):
            self.pending += ((p, sl),)
        pi = self.proph[sl]
        if t.p_trigger[pi] == "on_deploy" and self.ability_on(sl):
            self.narrate("{}'s ability {} takes effect.", (self.name(sl), t.ability[pi].name), rule)
            for op in t.p_ops[pi]:
                self._run_op(op, p, sl, -1, -1)

    def _withdraw(self, sl: int, rule: str, position: int | None = None) -> None:
        """Put the active Prophet of slot sl in the rear guard (at `position`, or at the end)."""
        t = self.game.tables
        p = self.owner(sl)
        k = sl - p * ARCANA
        pi = self.proph[sl]
        flags = self._flags_at_reveal(sl) if self.sim else self.flags[sl]
        trigger = t.p_trigger[pi] == "on_withdraw" and not flags & CANCELLED
        self.active[p] = -1
        self.where[sl] = REAR
        self.fmod[sl] = 0
        base = sl * MAX_CULT
        for j in range(MAX_CULT):
            self.cmod[base + j] = 0
        self.flags[sl] &= ~CANCELLED
        self.wither = _replaced(self.wither, sl, -1)
        rear = self.rear[p]
        if position is None:
            self.rear[p] = rear + [k]
        else:
            self.rear[p] = rear[:position] + [k] + rear[position:]
        self.narrate("{} goes to the rear guard, keeping damage and malefic markers; enhancement and weakening "
                     "markers are removed.", (self.name(sl),), rule)
        if trigger:
            self.narrate("{}'s ability {} takes effect.", (self.name(sl), t.ability[pi].name), R.SUMMONING)
            for op in t.p_ops[pi]:
                if op[0] == "heal":
                    self._heal(sl, op[1])

    def _start_turn(self) -> None:
        """Start-of-turn effects, then deployments of players with no active Prophet."""
        self.narrate("Turn {} begins.", (self.turn,), R.ORDERS)
        active, mal, where, flags, ags = self.active, self.mal, self.where, self.flags, self.ags
        for p in range(self.np):
            k = active[p]
            if k < 0:
                continue
            sl = p * ARCANA + k
            if mal[sl] & CRISIS:
                self.narrate("Mystical Crisis: {} receives {} damage.", (self.name(sl), CRISIS_DAMAGE), R.MALEFIC)
                self._hurt(sl, CRISIS_DAMAGE, R.MALEFIC)
                if where[sl] != ACTIVE:
                    continue
            starts = (self.agg(sl) if flags[sl] & CANCELLED else ags[sl])[AG_START]
            if starts:
                for label, ops in starts:
                    self.narrate("{} takes effect for {}.", (label, self.name(sl)), R.ORDERS)
                    for op in ops:
                        self._run_op(op, p, sl, -1, -1)
        if self._check_end():
            return
        need = tuple(p for p in range(self.np) if active[p] < 0 and self.rear[p]) if min(active) < 0 else ()
        if need:
            for p in need:
                self.narrate("Player {} has no active Prophet and chooses one to deploy.", (p + 1,), R.CULT)
            self.phase = DEPLOY
            self.commit = Commitments(need)
            return
        self._begin_orders()

    def _begin_orders(self) -> None:
        self.phase = ORDERS
        if self.np == 2:
            c = self.commit = _new_state(Commitments)
            c.players = (0, 1)
            c.choices = {}
            k0, k1 = self.active
            mal = self.mal
            h0 = k0 >= 0 and mal[k0] & HYSTERIA
            h1 = k1 >= 0 and mal[ARCANA + k1] & HYSTERIA
            # Hysteria only matters when one player carries it
            self.hyst = ((0,) if h0 else (1,)) if bool(h0) != bool(h1) else ()
            if self.hyst:
                self.narrate("Hysteria: player {} selects and reveals their Order before the opponent.",
                             (self.hyst[0] + 1,), R.R_HYSTERIA)
            return
        # 2 vs 2: every player still in the game places an Order and a Target (section 5.1)
        players = tuple(p for p in range(4) if self.active[p] >= 0)
        self.commit = Commitments(players)
        hyst = tuple(p for p in players if self.mal[p * ARCANA + self.active[p]] & HYSTERIA)
        self.hyst = hyst if len(hyst) < len(players) else ()
        for p in self.hyst:
            self.narrate("Hysteria: player {} selects and reveals their Order before the others.", (p + 1,),
                         R.R_HYSTERIA)

    def _end_turn(self) -> None:
        self.protect = 0
        self.took = [0] * (self.np * ARCANA)
        self.plan = ()
        self.cur = None
        self.sim = False
        self.snap = None
        self.turn += 1
        if self.turn_limit and self.turn > self.turn_limit:
            self.narrate("The turn limit of {} is reached: the game is a draw.", (self.turn_limit,), R.R_LIMIT)
            self._finish(DRAW)
            return
        self._start_turn()

    def _finish(self, winner: int) -> None:
        self.phase = OVER
        self.winner = winner
        self.commit = None
        self.test = None
        self.pending = ()
        self.hyst = ()

    # --- orders: reveal and sequencing --------------------------------------------
    def order_speed(self, p: int, action) -> int:
        """+1 Swift, -1 Slow, 0 otherwise: the keyword of the card the Order uses."""
        t = self.game.tables
        kw = 0
        if action.kind == "cult":
            sl = p * ARCANA + self.active[p]
            kw = t.ckw[self.cults[sl][action.args[0]]]
        elif action.kind == "intervene" and self.di[p]:
            kw = t.di_kw[self.di[p][0]]
        return 1 if kw & SWIFT else -1 if kw & SLOW else 0

    def _reveal(self) -> None:
        if self.np == 4:
            self._reveal4()
            return
        g = self.game
        choices = self.commit.choices
        self.commit = None
        self.hyst = ()
        a0, a1 = acts = (g.actions[choices[0]], g.actions[choices[1]])
        self.narrate("Orders revealed: player 1 {}, player 2 {}.", acts, R.ORDERS)
        active = self.active
        self.actor = (active[0], active[1])
        # the three keys in turn, each computed only when the ones before it tie
        p0, p1 = PRIORITY[a0.kind], PRIORITY[a1.kind]
        if p0 != p1:
            first = 0 if p0 < p1 else 1
            why = ("priority", R.R_PRIORITY)
        else:
            s0 = self.order_speed(0, a0) if a0.kind in _TIMED else 0
            s1 = self.order_speed(1, a1) if a1.kind in _TIMED else 0
            if s0 != s1:
                first = 0 if s0 > s1 else 1
                why = ("Swift" if max(s0, s1) > 0 else "Slow", R.KEYWORDS)
            else:
                f0 = self.fervor(active[0]) if active[0] >= 0 else -1
                f1 = self.fervor(ARCANA + active[1]) if active[1] >= 0 else -1
                if f0 != f1:
                    first = 0 if f0 > f1 else 1
                    why = ("higher Fervor", R.ORDERS)
                else:
                    first = 0
                    why = None
        if why is None:
            self.narrate("Equal priority and equal Fervor: the two Orders take effect simultaneously.", (), R.ORDERS)
            self.plan = ((0, acts[0].index, 0), (1, acts[1].index, 0))
        else:
            self.narrate("Player {} resolves first ({}).", (first + 1, why[0]), why[1])
            self.plan = ((first, acts[first].index, 0), (1 - first, acts[1 - first].index, 1))
        self.sim = False
        self.snap = None
        self.ri = 0
        self.cur = None
        self.ei = 0
        self.phase = RESOLVE

    def _reveal4(self) -> None:
        """2 vs 2: the 8 tokens are revealed; Orders resolve by priority, then Swift/Slow, then Fervor; Orders
        equal in all three form a group that takes effect simultaneously (ruling D-24)."""
        g = self.game
        choices = self.commit.choices
        players = self.commit.players
        self.commit = None
        self.hyst = ()
        acts = {p: g.actions[choices[p]] for p in players}
        self.narrate(_REVEAL4[len(players)], tuple(x for p in players for x in (p + 1, acts[p])), R.TARGET)
        tgt = list(self.tgt)
        for p in players:
            side = g.side_of[acts[p].index]
            if side >= 0:
                tgt[p] = NEIGHBOUR[side][p]
                self.narrate("Player {}'s Target token names player {} ({}).", (p + 1, tgt[p] + 1, SIDES[side]),
                             R.TARGET)
            else:
                tgt[p] = next((q for q in OPPONENTS[4][p] if self.alive(q)), OPPONENTS[4][p][0])
        self.tgt = tuple(tgt)
        self.actor = tuple(self.active)
        key = {}
        for p in players:
            k = self.active[p]
            fer = self.fervor(p * ARCANA + k) if k >= 0 else -1
            key[p] = (PRIORITY[acts[p].kind], -self.order_speed(p, acts[p]), -fer)
        order = sorted(players, key=key.__getitem__)
        plan, groups, grp = [], [], -1
        for i, p in enumerate(order):
            if i == 0 or key[p] != key[order[i - 1]]:
                grp += 1
                groups.append(())
            groups[grp] += (p + 1,)
            plan.append((p, acts[p].index, grp))
        self.narrate("Resolution order (priority, then Swift and Slow, then Fervor; players together act "
                     "simultaneously): {}.", (_Groups(groups),), R.R_GROUPS)
        self.plan = tuple(plan)
        self.sim = False
        self.snap = None
        self.ri = 0
        self.cur = None
        self.ei = 0
        self.phase = RESOLVE

    def _resolve_step(self) -> bool:
        """Advance the resolution by one step; False when a player must decide now."""
        if self.cur is not None:
            return self._continue_order()
        plan = self.plan
        ri = self.ri
        if ri >= len(plan):
            if self.sim and self._close_group():
                return True
            self._end_turn()
            return True
        p, index, grp = plan[ri]
        if ri == 0 or plan[ri - 1][2] != grp:
            # a group of Orders begins: the defeats of a simultaneous group before it count now
            if self.sim and self._close_group():
                return True
            size = 1
            while ri + size < len(plan) and plan[ri + size][2] == grp:
                size += 1
            if size > 1:
                self.sim = True
                self.snap = (tuple(self.dmg) + tuple(self.cmod),
                             tuple(self.mal) + tuple(self.flags) + tuple(self.active))
                new = list(plan)
                for i in range(ri, ri + size):
                    q, qi, _g = plan[i]
                    if self.active[q] != self.actor[q]:
                        self.narrate("Player {}'s active Prophet was defeated or withdrawn: their Order ({}) is not "
                                     "used.", (q + 1, self.game.actions[qi]), R.ORDERS)
                        new[i] = (q, ~qi, grp)  # cancelled, the Order kept for the record
                self.plan = plan = tuple(new)
                index = plan[ri][1]
        if index < 0:
            self.ri += 1
            return True
        action = self.game.actions[index]
        if not self.sim and self.active[p] != self.actor[p]:
            self.narrate("Player {}'s active Prophet was defeated or withdrawn: their Order ({}) is not used.",
                         (p + 1, action), R.ORDERS)
            self.ri += 1
            return True
        self._start_order(p, action)
        if self.cur is None:
            if not self.sim:
                self._check_end()
            return True
        if self.test is not None or self.pending or self.phase == OVER:
            return True  # _advance stops or answers the Fidelity Test first
        return self._continue_order()  # the order's effects, without a round trip through _advance

    def _close_group(self) -> bool:
        """The Orders of a simultaneous group have all taken effect: the Prophets whose damage reached
        their Faith fall together now (ruling D-16). True if that ends the game."""
        self.sim = False
        self.snap = None
        where, dmg = self.where, self.dmg
        for sl in range(self.np * ARCANA):
            if (where[sl] == ACTIVE or where[sl] == REAR) and dmg[sl] >= self.faith(sl):
                self._defeat(sl)
        return self._check_end()

    def _continue_order(self) -> bool:
        """Run the current order's effects on; False when a player must decide first."""
        if not self._run_cur():
            return False
        self.cur = None
        self.ri += 1
        if not self.sim:
            self._check_end()
        return True

    def _start_order(self, p: int, action) -> None:
        g, t = self.game, self.game.tables
        kind = action.kind
        k = self.actor[p]  # in a simultaneous resolution, the Prophet that was active at the reveal
        sl = p * ARCANA + k if k >= 0 else -1
        if kind == "cult":  # the most common Order first
            j = action.args[0]
            if self.wither[sl] == j and not self.sim:
                # an earlier Order gave Withering and its controller placed it on this very card, now out of
                # the game (a simultaneous Order used it as at the reveal: ruling D-16)
                self.narrate("Player {}'s Cult card {} is withered, out of the game: their Order has no effect.",
                             (p + 1, j + 1), R.R_WITHERED)
                self.ri += 1
                return
            c = self.cults[sl][j]
            self.known[sl] |= 2 << j
            kw = t.ckw[c]
            self.narrate("Cult card {}: player {} reveals and activates {} ({} {}).",
                         (j + 1, p + 1, t.cult_names[c], t.cult_religion[c], t.ctype_label[c]), R.CULT)
            if kw & ARDUOUS:
                self.arduous = _replaced(self.arduous, p, self.turn)
                self.narrate("{} is Arduous: player {} cannot use an Arduous card next turn.", (t.cult_names[c], p + 1),
                             R.KEYWORDS)
            self.cur = (p, sl, j, t.cult_plan[c][j], t.cult_names[c], 0)
            self.ei = 0
            fid = t.cfid[c]
            if fid:
                q = self.tgt[p]  # 2 vs 2: the opponent named by the Target token (ruling D-25)
                tester, chooser = (p, q) if fid == "trigger" else (q, p)
                self.test = (Commitments((tester, chooser)), (tester, fid, chooser))
                self.narrate("Fidelity Test: player {} chooses a path in secret and player {} names one.",
                             (chooser + 1, tester + 1), R.FIDELITY if self.np == 2 else R.R_FIDELITY4)
            return
        if kind == "pass":
            self.narrate("Player {} passes: no Order can be used.", (p + 1,), R.R_PASS)
            self.ri += 1
            return
        if kind == "summon":
            n = action.args[0]
            rear = self.rear[p]
            new = rear[n]
            self.rear[p] = rear[:n] + rear[n + 1:]
            self.narrate("Summoning: player {} withdraws {} and deploys the Prophet in rear-guard position {}.",
                         (p + 1, self.name(sl), n + 1), R.SUMMONING)
            self._withdraw(sl, R.SUMMONING, position=n)
            self._deploy(p, new, R.SUMMONING)
            self.actor = _put(self.actor, p, self.active[p])
            self.ri += 1
            return
        if kind == "appeal":
            self.narrate("Appeal to Rationality: player {}'s Divine Interventions are spent; every active Prophet "
                         "receives {} damage.", (p + 1, APPEAL_DAMAGE), R.R_APPEAL)
            active = self._active_at_reveal() if self.sim else self.active
            for q in range(self.np):
                if active[q] >= 0:
                    self._hurt(q * ARCANA + active[q], APPEAL_DAMAGE, R.APPEAL)
            self.ri += 1
            return
        if kind == "intervene":
            card = self.di[p][0]
            self.di[p] = self.di[p][1:]
            self.di_done = _put(self.di_done, p, self.di_done[p] + (card,))
            self.narrate("Divine Intervention: player {} plays {} from the top of their Arcanum.",
                         (p + 1, t.di_names[card]), R.INTERVENTION)
            self.cur = (p, sl, -1, t.di_ops[card], t.di_names[card], 0)
            self.ei = 0
            return
        if kind == "special":
            skind, i, _cid = t.specials[action.args[0]]
            if skind == "prophet":
                label = t.ability[i].name
                if t.special_once[(skind, i)]:
                    self.flags[sl] |= SPENT_PROPHET
                ops = t.p_ops[i]
            else:
                label = t.relic_names[i]
                if t.special_once[(skind, i)]:
                    self.flags[sl] |= SPENT_RELIC0 << self.relics[sl].index(i)
                ops = t.r_ops[i]
            self.narrate("Special: player {} triggers {} of {}.", (p + 1, label, self.name(sl)), R.SPECIAL)
            ab = g.content.prophets[i].ability if skind == "prophet" else g.content.relics[i].ability
            if ab.handler:
                HANDLERS[ab.handler](self, p, sl)
            self.cur = (p, sl, -1, ops, label, 0)
            self.ei = 0

    def _finish_test(self) -> None:
        c, (tester, fid, chooser) = self.test
        self.test = None
        path, guess = c.choices[chooser], c.choices[tester]
        passed = path == guess
        self.narrate("Fidelity Test: player {} chose {}, player {} named {}: the test is {}.",
                     (chooser + 1, PATHS[path], tester + 1, PATHS[guess], "passed" if passed else "failed"), R.FIDELITY)
        void = (fid == "trigger") != passed
        if void:
            p, sl, j, _ops, label, _ = self.cur
            self.narrate("{} has no effect.", (label,), R.FIDELITY)
            self.cur = (p, sl, j, (), label, 0)

    def _run_cur(self) -> bool:
        """Run the current order's remaining primitives; False if a decision is pending."""
        p, sl, j, ops, _label, _ = self.cur
        while self.ei < len(ops):
            if self.test is not None or self.pending:
                return False
            op = ops[self.ei]
            self.ei += 1
            self._run_op(op, p, sl, j, -1)
            if self.pending or self.phase == OVER:
                return self.phase == OVER
        return not (self.test is not None or self.pending)

    # --- primitives -----------------------------------------------------------------
    def _targets(self, target: str, p: int) -> list[int]:
        out = []
        # simultaneous Orders act on the Prophets that were active when they were revealed, even one
        # that another Order of the group has since withdrawn (ruling D-16)
        active = self._active_at_reveal() if self.sim else self.active
        if target == "self":
            k = active[p]
            return [p * ARCANA + k] if k >= 0 else []
        if target == "opponent" or (target == "all_opponents" and self.np == 2):
            q = self.tgt[p]
            k = active[q]
            return [q * ARCANA + k] if k >= 0 else []
        if target == "all_opponents":  # 2 vs 2: both opposing players' active Prophets (ruling D-26)
            return [q * ARCANA + active[q] for q in OPPONENTS[4][p] if active[q] >= 0]
        if target == "global":
            for q in OPPONENTS[self.np][p]:
                for k in range(ARCANA):
                    sl = q * ARCANA + k
                    if self.where[sl] in (ACTIVE, REAR) and self.known[sl] & 1:
                        out.append(sl)
            return out
        if target == "all_active":
            return [q * ARCANA + active[q] for q in range(self.np) if active[q] >= 0]
        if target == "own_rear":
            return [p * ARCANA + k for k in self.rear[p] if k != active[p]]
        return out

    def _cond(self, cond: str | None, user: int, target: int) -> bool:
        if cond is None:
            return True
        dmg, mal = (self.snap if self.sim and self.snap else (self.dmg, self.mal))
        if cond == "self_undamaged":
            return user >= 0 and dmg[user] == 0
        if cond == "self_damaged":
            return user >= 0 and dmg[user] > 0
        if cond == "target_undamaged":
            return target >= 0 and dmg[target] == 0
        if cond == "target_damaged":
            return target >= 0 and dmg[target] > 0
        if cond == "target_malefic":
            return target >= 0 and mal[target] != 0
        return False

    def _run_op(self, op, p: int, sl: int, j: int, _unused: int) -> None:
        name, amount, target, malbit, cond = op
        t = self.game.tables
        if name == "cult_damage":
            for tg in self._targets(target, p):
                if self.where[tg] in (ACTIVE, REAR):
                    self._cult_damage(p, sl, amount, tg)
            return
        if name == "empower":
            a, cards = -1, ()
            if target == "this_card" and j >= 0:
                a, cards = sl, (j,)
            elif target == "own_cards" and self.active[p] >= 0:
                a = p * ARCANA + self.active[p]
                cards = range(len(self.cults[a]))
            elif target == "opponent_cards" and self.active[self.tgt[p]] >= 0:
                a = self.tgt[p] * ARCANA + self.active[self.tgt[p]]
                cards = range(len(self.cults[a]))
            if a < 0:
                return
            withered = self.wither[a]
            slots = [a * MAX_CULT + x for x in cards if x != withered]
            for x in slots:
                self.cmod[x] += amount
            if slots:
                word = "+10 enhancement" if amount > 0 else "-10 weakening"
                self.narrate("{} {} marker(s) on the damage of {} of {}'s Cult cards.",
                             (abs(amount), word, "one" if len(slots) == 1 else "each", self.name(a)), R.COMPONENTS)
            if withered in cards:
                self.narrate("{}'s withered Cult card {} is out of the game: no marker goes on it.",
                             (self.name(a), withered + 1), R.R_WITHERED)
            return
        if name == "revive":
            fallen = self.defeated_arcana(p)
            if len(fallen) == 1:
                self._revive(p * ARCANA + fallen[0])
            elif fallen:
                self.pending += ((p, REVIVE),)
                self.narrate("Player {} chooses which defeated Prophet returns.", (p + 1,), R.R_REVIVE)
            return
        for tg in self._targets(target, p):
            if cond is not None and not self._cond(cond, sl, tg):
                continue
            if self.where[tg] not in (ACTIVE, REAR):
                continue
            tname = self.label(tg)
            if name == "damage":
                self.narrate("{} receives {} damage.", (tname, amount), R.CULT if j >= 0 else R.INTERVENTION)
                self._hurt(tg, amount, R.CULT)
            elif name == "heal":
                self._heal(tg, amount)
            elif name == "fervor":
                if self.where[tg] != ACTIVE:
                    continue
                self.fmod[tg] += amount
                self.narrate("{} {} marker(s) on {}'s Fervor (now {}).",
                             (abs(amount), "+10 enhancement" if amount > 0 else "-10 weakening", tname,
                              self.fervor(tg)), R.COMPONENTS)
            elif name == "malefic":
                self._add_malefic(tg, malbit)
            elif name == "cure":
                gone = self.mal[tg]
                if self.sim and self.snap:
                    gone &= self.snap[1][tg]  # the markers it carried at the reveal (ruling D-16)
                if gone:
                    self.mal[tg] &= ~gone
                    if gone & WITHERING:
                        self.wither = _replaced(self.wither, tg, -1)
                    if self.mal[tg]:
                        self.narrate("The malefic markers {} carried when the Orders were revealed are removed.",
                                     (tname,), R.R_SIMULTANEOUS)
                    else:
                        self.narrate("Every malefic marker is removed from {}.", (tname,), R.MALEFIC)
            elif name == "protection":
                self.protect |= 1 << tg
                back = self.took[tg]
                if back:
                    self.dmg[tg] = max(0, self.dmg[tg] - back)
                    self.took = _replaced(self.took, tg, 0)
                self.narrate("Protection: all damage {} receives this turn is cancelled{}.",
                             (tname, f" ({_pts(back)} already received is removed)" if back else ""), R.KEYWORDS)
            elif name == "cancel_ability":
                if self.where[tg] == ACTIVE:
                    self.flags[tg] |= CANCELLED
                    self.narrate("{}'s ability ({}) is cancelled while it stays active.",
                                 (tname, t.ability[self.proph[tg]].name), R.CANCEL)
            elif name == "withdraw" and self.where[tg] == ACTIVE:
                q = self.owner(tg)
                self._withdraw(tg, R.R_WITHDRAW)
                self.narrate("Player {} will deploy a Prophet at the start of the next turn.", (q + 1,),
                             R.R_WITHDRAW)

    def defeated_arcana(self, p: int) -> list[int]:
        return [k for k in range(ARCANA) if self.where[p * ARCANA + k] == DEFEATED]

    def _revive(self, sl: int) -> None:
        p = self.owner(sl)
        self.where[sl] = REAR
        self.rear[p] = self.rear[p] + [sl - p * ARCANA]
        self.narrate("{} returns from the discard pile to the end of player {}'s rear guard, without "
                     "any markers.", (self.name(sl), p + 1), R.R_REVIVE)

    def cult_damage_amount(self, p: int, sl: int, j: int, tg: int) -> tuple[int, str]:
        """The damage Cult card j of slot sl inflicts on slot tg, and why (immune/weak/...)."""
        t = self.game.tables
        c = self.cults[sl][j]
        base = t.cdamage[c]
        cond = t.cdamage_if[c]
        if cond is not None and self._cond(cond[0], sl, tg):
            base = cond[1]
        if base <= 0:
            return 0, ""
        if self.sim and self.snap:  # a simultaneous Order reads the card and both Prophets as at the reveal
            amount = base + 10 * self._cmod_at_reveal(sl * MAX_CULT + j)
            user, ag = self._agg_at_reveal(sl), self._agg_at_reveal(tg)
        else:
            amount = base + 10 * self.cmod[sl * MAX_CULT + j]
            user, ag = self.agg(sl), self.agg(tg)
        tbit = 1 << t.ctype[c]
        for bonus, types in user[AG_BONUS]:
            if types & tbit:
                amount += bonus
        amount = max(0, amount)
        if ag[AG_IMMUNE] & tbit:
            return 0, "immune"
        why = ""
        if t.weak[self.proph[tg]] & tbit:
            amount *= 2
            why = "weakness: double"
        red = ag[AG_RED]
        if red:
            amount = max(0, amount - red)
        return amount, why

    def _cult_damage(self, p: int, sl: int, j: int, tg: int) -> None:
        t = self.game.tables
        amount, why = self.cult_damage_amount(p, sl, j, tg)
        c = self.cults[sl][j]
        if why == "immune":
            self.narrate("{} is immune to {} cards: no damage.", (self.name(tg), t.ctype_label[c]), R.CULT)
            return
        if why:
            self.narrate("{} inflicts {} damage on {} ({}).", (t.cult_names[c], amount, self.name(tg), why), R.CULT)
        else:
            self.narrate("{} inflicts {} damage on {}.", (t.cult_names[c], amount, self.name(tg)), R.CULT)
        self._hurt(tg, amount, R.CULT)

    def _add_malefic(self, tg: int, bit: int) -> None:
        kind = MALEFICS[MAL_ORDER.index(bit)]
        label = MALEFIC_NAMES[kind]
        if self.sim and self.snap:  # in a simultaneous group, what the target was at the reveal counts too
            immune, carried = self._agg_at_reveal(tg)[AG_MALIMM], self.mal[tg] | self.snap[1][tg]
        else:
            immune, carried = self.malefic_immune(tg), self.mal[tg]
        if immune & bit:
            self.narrate("{} is immune to {}.", (self.label(tg), label), R.MALEFIC)
            return
        if carried & bit:
            self.narrate("{} already carries {}.", (self.label(tg), label), R.R_ONE_MARKER)
            return
        self.mal[tg] |= bit
        self.narrate("{} receives the malefic marker {}.", (self.label(tg), label), R.MALEFIC)
        if bit == WITHERING and self.where[tg] == ACTIVE and any(
                self.usable_cult(tg, x) for x in range(len(self.cults[tg]))):
            self.pending += ((self.owner(tg), tg),)
            self.narrate("Player {} must place Withering on one of {}'s Cult cards.",
                         (self.owner(tg) + 1, self.name(tg)), R.MALEFIC)

    def _heal(self, sl: int, amount: int) -> None:
        healed = min(amount, self.dmg[sl])
        if self.sim and self.snap:
            # "without taking into account the Order chosen by the other player": a simultaneous heal
            # removes only damage the Prophet had when the Orders were revealed (ruling D-16)
            healed = min(healed, self.snap[0][sl])
        self.dmg[sl] -= healed
        self.narrate("{} removes {} damage (damage now {}).", (self.label(sl), healed, self.dmg[sl]), R.COMPONENTS)

    def _hurt(self, sl: int, amount: int, rule: str) -> None:
        if amount <= 0 or self.where[sl] not in (ACTIVE, REAR):
            return
        if self.protect >> sl & 1:
            self.narrate("Protection: {} receives no damage.", (self.label(sl),), R.KEYWORDS)
            return
        self.dmg[sl] += amount
        self.took = _replaced(self.took, sl, self.took[sl] + amount)
        faith = self.faith(sl)
        if self.dmg[sl] < faith:
            self.narrate("{} has {} of {} Faith in damage.", (self.label(sl), self.dmg[sl], faith), rule)
        elif self.sim:
            self.narrate("{} has {} damage against {} Faith: it falls when the simultaneous Orders have all "
                         "taken effect, unless they remove damage.", (self.label(sl), self.dmg[sl], faith),
                         R.R_SIMULTANEOUS)
        else:
            self._defeat(sl)

    def _defeat(self, sl: int) -> None:
        p = self.owner(sl)
        k = sl - p * ARCANA
        self.narrate("{} is defeated: its card and all its cards go to the discard pile, and its markers are "
                     "discarded.", (self.name(sl),), R.CULT)
        if self.active[p] == k:
            self.active[p] = -1
        elif k in self.rear[p]:
            rear = self.rear[p]
            i = rear.index(k)
            self.rear[p] = rear[:i] + rear[i + 1:]
        self.where[sl] = DEFEATED
        self.known[sl] = 1 | (((1 << len(self.cults[sl])) - 1) << 1)
        self.dmg[sl] = 0
        self.fmod[sl] = 0
        self.mal[sl] = 0
        self.wither = _replaced(self.wither, sl, -1)
        self.flags[sl] &= ~CANCELLED
        base = sl * MAX_CULT
        for j in range(MAX_CULT):
            self.cmod[base + j] = 0
        if self.pending:
            self.pending = tuple((q, s2) for q, s2 in self.pending if s2 != sl)
        self.last = _put(self.last, p, sl)
        self.fell = _put(self.fell, p, self.turn)
        if self.np == 4 and not self.alive(p):
            self.narrate("Player {} has lost all their Prophets and takes no further part; their team plays on.",
                         (p + 1,), R.TEAMS)

    def _check_end(self) -> bool:
        a, r = self.active, self.rear
        if (a[0] >= 0 or r[0]) and (a[1] >= 0 or r[1]):
            return False  # players 1 and 2 are on different teams: both teams stand
        if self.np == 4:
            return self._check_team_end()
        out = [p for p in range(2) if not self.alive(p)]
        if not out:
            return False
        if len(out) == 1:
            w = 1 - out[0]
            self.narrate("All of player {}'s Prophets are defeated: player {} wins and proclaims a new cult.",
                         (out[0] + 1, w + 1), R.END)
            self._finish(w)
            return True
        t = self.game.tables
        sums = []
        for p in range(2):
            pi = self.proph[self.last[p]]
            sums.append(t.faith[pi] + t.fervor[pi])
        self.narrate("The last Prophets of both players fall at the same time: initial Faith and Fervor {} against {}.",
                     (sums[0], sums[1]), R.END)
        if sums[0] == sums[1]:
            self.narrate("The sums are equal: the game is a draw.", (), R.R_TIE)
            self._finish(DRAW)
        else:
            w = 0 if sums[0] < sums[1] else 1
            self.narrate("Player {}'s last Prophet had the lower sum: player {} wins (the last shall be first).",
                         (w + 1, w + 1), R.END)
            self._finish(w)
        return True

    def _check_team_end(self) -> bool:
        """Section 5.1: the game ends when all the Prophets of one team have been defeated; both members of
        the other team win."""
        out = [team for team in (0, 1) if not (self.alive(team) or self.alive(team + 2))]
        if not out:
            return False
        if len(out) == 1:
            w = 1 - out[0]
            self.narrate("All the Prophets of players {} and {} are defeated: players {} and {} win.",
                         (out[0] + 1, out[0] + 3, w + 1, w + 3), R.TEAMS)
            self._finish(w)
            return True
        # both teams fall at once: each team's last Prophet (the lower sum if both members' fell together)
        t = self.game.tables
        sums = []
        for team in (0, 1):
            members = [q for q in (team, team + 2) if self.last[q] >= 0]
            latest = max(self.fell[q] for q in members)
            sums.append(min(t.faith[self.proph[self.last[q]]] + t.fervor[self.proph[self.last[q]]]
                            for q in members if self.fell[q] == latest))
        self.narrate("The last Prophets of both teams fall at the same time: initial Faith and Fervor {} against {}.",
                     (sums[0], sums[1]), R.R_TEAM_TIE)
        if sums[0] == sums[1]:
            self.narrate("The sums are equal: the game is a draw.", (), R.R_TEAM_TIE)
            self._finish(DRAW)
        else:
            w = 0 if sums[0] < sums[1] else 1
            self.narrate("Team of players {} and {} had the lower sum: they win (the last shall be first).",
                         (w + 1, w + 3), R.R_TEAM_TIE)
            self._finish(w)
        return True

    # --- explaining illegal actions -----------------------------------------------
    def _explain_illegal(self, action, player: int) -> IllegalAction:
        return explain(self, action, player)
