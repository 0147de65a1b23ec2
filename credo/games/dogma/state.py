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

from credo.kernel import Commitments, IllegalAction, Rng, State

from . import rules as R
from .content import MALEFIC_NAMES, MALEFICS
from .game import (
    ARCANA,
    ARDUOUS,
    CRISIS,
    FANATICISM,
    GLOBAL,
    HYSTERIA,
    MAX_CULT,
    PATHS,
    PROTECTION,
    REVEALED,
    SLOW,
    SWIFT,
    WITHERING,
    DogmaGame,
)

DEPLOY, ORDERS, RESOLVE, OVER, CHAOS = 0, 1, 2, 3, 4
PHASES = ("deploy", "orders", "resolve", "over", "chaos")
CHAOS_KINDS = frozenset(("take", "done_packet", "continue", "conclude"))
REAR, ACTIVE, DEFEATED, EMPTY = 0, 1, 2, -1
WHERE = {REAR: "rear", ACTIVE: "active", DEFEATED: "defeated", EMPTY: None}
CANCELLED = 1  # flags bit: ability cancelled while active
SPENT_PROPHET = 2  # flags bit: the Prophet's once-per-game Special is spent
SPENT_RELIC0 = 4  # flags bit << r: the r-th Relic's once-per-game Special is spent
DRAW = 2
APPEAL_DAMAGE = 30  # section 4, Appeal to Rationality
CRISIS_DAMAGE = 10  # section 4, Mystical Crisis
PRIORITY = {"summon": 1, "intervene": 2, "appeal": 2, "cult": 3, "special": 3, "pass": 3}
MAL_ORDER = tuple(1 << i for i in range(len(MALEFICS)))


def _pts(n: int) -> str:
    return f"{n} damage"


class DogmaState(State):
    __slots__ = (
        "active",
        "actor",
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
        "first_builder",
        "flags",
        "fmod",
        "hyst",
        "known",
        "last",
        "mal",
        "mode",
        "pend_dmg",
        "pend_w",
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
    def blank(cls, game: DogmaGame, rng: Rng) -> DogmaState:
        s = cls.__new__(cls)
        State.__init__(s, game, rng)
        n = 2 * ARCANA
        s.mode = "predestination"
        s.decks = []
        s.turn_limit = 150
        s.phase = DEPLOY
        s.turn = 1
        s.proph = (-1,) * n
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
        s.active = [-1, -1]
        s.rear = [[], []]
        s.di = [[], []]
        s.di_done = [[], []]
        s.pend_dmg = [0, 0]
        s.arduous = [-9, -9]
        s.protect = 0
        s.commit = None
        s.hyst = ()
        s.plan = ()
        s.sim = False
        s.ri = 0
        s.cur = None
        s.ei = 0
        s.actor = [-1, -1]
        s.test = None
        s.pend_w = []
        s.snap = None
        s.last = [-1, -1]
        s.winner = -1
        s.first_builder = -1
        s.prep = None
        return s

    @classmethod
    def new_game(cls, game: DogmaGame, rng: Rng, opts) -> DogmaState:
        s = cls.blank(game, rng)
        s.mode = opts.mode
        s.turn_limit = opts.turn_limit
        if opts.mode == "chaos":
            from .chaos import check_options, deal

            check_options(opts)
            s.prep = deal(game, rng)
            s.phase = CHAOS
            s.narrate("Chaos mode: the Prophets and the other cards are shuffled and laid out in 12 packets of "
                      "2 Prophets and 7 other cards; the rest go back to the box.", (), R.CHAOS)
            s.narrate("Player 1 takes the first packet of the first row, player 2 the first packet of the second.",
                      (), R.R_CIRCLE)
            return s
        decks, info = game.decks(opts, rng)
        if opts.mode == "predestination":
            s.decks = list(info)
            for p in range(2):
                opt = game.content.options[game.option_ids.index(info[p])]
                s.narrate("Player {} builds the Arcana of the Predestination option {} ({}).",
                          (p + 1, opt.name, opt.english), R.PREDESTINATION)
        else:
            s.first_builder = info
            s.narrate("Both players build their Arcana freely (Free Will mode).", (), R.FREE_WILL)
        proph, cults, relics = [], [], []
        for p, (arcana, dis, damage) in enumerate(decks):
            for pi, cs, rs in arcana:
                proph.append(pi)
                cults.append(tuple(cs))
                relics.append(tuple(rs))
            s.di[p] = list(dis)
            s.pend_dmg[p] = damage
            s.rear[p] = list(range(ARCANA))
            if damage:
                s.narrate("Player {} built first with one box: their first Prophet deployed starts with {}.",
                          (p + 1, _pts(damage)), R.FREE_WILL)
        s.proph, s.cults, s.relics = tuple(proph), tuple(cults), tuple(relics)
        s.where = [REAR] * (2 * ARCANA)
        s.begin_opening()
        return s

    def begin_opening(self) -> None:
        self.phase = DEPLOY
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
        return 2

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.phase == CHAOS:
            return self.prep.to_move()
        if self.pend_w:
            return (self.pend_w[0][0],)
        if self.test is not None:
            return self.test[0].waiting
        c = self.commit
        if c is None:
            return ()
        w = c.waiting
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
        return (self.winner,) if self.winner in (0, 1) else ()

    def copy(self) -> DogmaState:
        s = DogmaState.__new__(DogmaState)
        s.game = self.game
        s.rng = self.rng.copy()
        s.log = self.log.copy()
        s._legal_for = -1
        s._legal = []
        s.mode = self.mode
        s.decks = self.decks
        s.turn_limit = self.turn_limit
        s.phase = self.phase
        s.turn = self.turn
        s.proph = self.proph
        s.cults = self.cults
        s.relics = self.relics
        s.dmg = self.dmg[:]
        s.fmod = self.fmod[:]
        s.cmod = self.cmod[:]
        s.mal = self.mal[:]
        s.wither = self.wither[:]
        s.where = self.where[:]
        s.known = self.known[:]
        s.flags = self.flags[:]
        s.took = self.took[:]
        s.active = self.active[:]
        r = self.rear
        s.rear = [r[0][:], r[1][:]]
        d = self.di
        s.di = [d[0][:], d[1][:]]
        d = self.di_done
        s.di_done = [d[0][:], d[1][:]]
        s.pend_dmg = self.pend_dmg[:]
        s.arduous = self.arduous[:]
        s.protect = self.protect
        s.commit = self.commit.copy() if self.commit is not None else None
        s.hyst = self.hyst
        s.plan = self.plan
        s.sim = self.sim
        s.ri = self.ri
        s.cur = self.cur
        s.ei = self.ei
        s.actor = self.actor[:]
        s.test = (self.test[0].copy(), self.test[1]) if self.test is not None else None
        s.pend_w = self.pend_w[:]
        s.snap = self.snap
        s.last = self.last[:]
        s.winner = self.winner
        s.first_builder = self.first_builder
        s.prep = self.prep.copy() if self.prep is not None else None
        return s

    def determinize(self, player: int, rng: Rng) -> DogmaState:
        from .views import determinize

        return determinize(self, player, rng)

    def observation(self, player: int | None) -> dict:
        from .views import observation

        return observation(self, player)

    def to_position(self) -> dict:
        from .position import state_to_position

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

    def _mods(self, sl: int):
        """(cult bonus by type bits list, damage reduction, fervor, faith, malefic immunity, immunities)."""
        t = self.game.tables
        pi = self.proph[sl]
        mods = [t.r_mods[r] for r in self.relics[sl]]
        if self.ability_on(sl) and t.p_trigger[pi] == "passive":
            mods.append(t.p_mods[pi])
        return mods

    def faith(self, sl: int) -> int:
        t = self.game.tables
        return t.faith[self.proph[sl]] + sum(m[4] for m in self._mods(sl))

    def fervor(self, sl: int) -> int:
        t = self.game.tables
        return max(0, t.fervor[self.proph[sl]] + sum(m[3] for m in self._mods(sl)) + 10 * self.fmod[sl])

    def malefic_immune(self, sl: int) -> int:
        bits = 0
        for m in self._mods(sl):
            bits |= m[5]
        return bits

    def cult_slots(self, sl: int) -> int:
        return len(self.cults[sl])

    def usable_cult(self, sl: int, j: int) -> bool:
        """Whether Cult card j of slot sl can be activated (Withering, Elaine's fourth card)."""
        if j >= len(self.cults[sl]) or self.wither[sl] == j:
            return False
        # section 6: with her ability cancelled, Elaine keeps the fourth card but cannot use it
        return not (j == 3 and not self.ability_on(sl))

    def alive(self, p: int) -> bool:
        base = p * ARCANA
        return any(self.where[base + k] in (REAR, ACTIVE) for k in range(ARCANA))

    def opp(self, p: int) -> int:
        return 1 - p

    # --- legal actions ------------------------------------------------------------
    def _generate_legal(self, player: int) -> list:
        g = self.game
        if self.phase == CHAOS:
            from .chaos import legal

            return legal(self, player)
        if self.pend_w:
            sl = self.pend_w[0][1]
            return [g.A_wither[j] for j in range(len(self.cults[sl])) if self.usable_cult(sl, j)]
        if self.test is not None:
            _c, info = self.test
            tester = info[0]
            return list(g.A_guess) if player == tester else list(g.A_path)
        if self.phase == DEPLOY:
            return [g.A_deploy[n] for n in range(len(self.rear[player]))]
        return self.order_actions(player)

    def order_actions(self, p: int) -> list:
        g, t = self.game, self.game.tables
        k = self.active[p]
        if k < 0:
            return [g.A_pass]
        sl = p * ARCANA + k
        out = []
        fan = self.mal[sl] & FANATICISM
        if not fan:
            out.extend(g.A_summon[n] for n in range(len(self.rear[p])))
            out.append(g.A_intervene if self.di[p] else g.A_appeal)
        blocked = self.arduous[p] == self.turn - 1
        for j in range(len(self.cults[sl])):
            if self.usable_cult(sl, j) and not (blocked and t.ckw[self.cults[sl][j]] & ARDUOUS):
                out.append(g.A_cult[j])
        for kind, i, ok in self.special_sources(sl):
            if ok:
                out.append(g.A_special[g.special_index[(kind, i)]])
        if not out:
            out.append(g.A_pass)
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
        kind = action.kind
        if kind in CHAOS_KINDS:
            from .chaos import apply

            apply(self, action, player)
            return
        if kind == "wither":
            p, sl = self.pend_w.pop(0)
            self.wither[sl] = action.args[0]
            self.narrate("Player {} places Withering on {}'s Cult card {}: it is out of the game.",
                         (p + 1, self.name(sl), action.args[0] + 1), R.MALEFIC)
        elif kind in ("path", "guess"):
            c, _info = self.test
            c.commit(player, action.args[0])
            self.narrate("Player {} chooses secretly for the Fidelity Test.", (player + 1,), R.FIDELITY)
            self.narrate("You choose {} ({}).", (PATHS[action.args[0]], "your guess" if kind == "guess" else "your path"),
                         R.FIDELITY, frozenset((player,)))
        elif kind == "deploy":
            self.commit.commit(player, action.args[0])
            self.narrate("Player {} chooses an Arcanum face down.", (player + 1,), R.OPENING)
            self.narrate("You choose to deploy the Prophet in position {}.", (action.args[0] + 1,), R.OPENING,
                         frozenset((player,)))
        else:
            self.commit.commit(player, action.index)
            if player in self.hyst:
                self.narrate("Player {} selects and reveals their Order first (Hysteria): {}.",
                             (player + 1, str(action)), R.MALEFIC)
            else:
                self.narrate("Player {} places their Order face down.", (player + 1,), R.ORDERS)
                self.narrate("You place the Order: {}.", (str(action),), R.ORDERS, frozenset((player,)))
        self._advance()

    def _advance(self) -> None:
        """Run the game forward until a player must decide or the game is over."""
        while self.phase != OVER:
            if self.pend_w:
                return
            if self.test is not None:
                if not self.test[0].complete:
                    return
                self._finish_test()
                continue
            if self.phase == DEPLOY:
                if not self.commit.complete:
                    return
                self._deployments()
                continue
            if self.phase == ORDERS:
                if not self.commit.complete:
                    return
                self._reveal()
                continue
            # RESOLVE
            if self._resolve_step():
                continue
            return

    # --- turns ---------------------------------------------------------------------
    def _deployments(self) -> None:
        choices = self.commit.choices
        self.commit = None
        opening = self.turn == 1 and all(self.active[p] < 0 for p in range(2)) and not any(
            w == DEFEATED for w in self.where)
        for p in sorted(choices):
            n = choices[p]
            k = self.rear[p].pop(n)
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
        self.actor[p] = k
        for j, c in enumerate(self.cults[sl]):
            if t.ckw[c] & REVEALED:
                self.known[sl] |= 2 << j
        relics = ", ".join(t.relic_names[r] for r in self.relics[sl])
        faceup = [t.cult_names[c] for j, c in enumerate(self.cults[sl]) if self.known[sl] & (2 << j)]
        self.narrate("Player {} deploys {} (Faith {}, Fervor {}) as their active Prophet, with {} Cult cards{}{}.",
                     (p + 1, self.name(sl), self.faith(sl), self.fervor(sl), len(self.cults[sl]),
                      f"; Relics: {relics}" if relics else "",
                      f"; face up: {', '.join(faceup)}" if faceup else ""), rule)
        if self.pend_dmg[p]:
            d = self.pend_dmg[p]
            self.pend_dmg[p] = 0
            self.narrate("The damage in front of player {} goes on {}: {}.", (p + 1, self.name(sl), _pts(d)), rule)
            self._hurt(sl, d, R.FREE_WILL)
        if self.where[sl] != ACTIVE:
            return
        if self.mal[sl] & WITHERING and any(self.usable_cult(sl, j) for j in range(len(self.cults[sl]))):
            self.pend_w.append((p, sl))
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
        trigger = t.p_trigger[pi] == "on_withdraw" and self.ability_on(sl)
        self.active[p] = -1
        self.where[sl] = REAR
        self.fmod[sl] = 0
        base = sl * MAX_CULT
        for j in range(MAX_CULT):
            self.cmod[base + j] = 0
        self.flags[sl] &= ~CANCELLED
        self.wither[sl] = -1
        if position is None:
            self.rear[p].append(k)
        else:
            self.rear[p].insert(position, k)
        self.narrate("{} goes to the rear guard, keeping damage and malefic markers; enhancement and weakening "
                     "markers are removed.", (self.name(sl),), rule)
        if trigger:
            self.narrate("{}'s ability {} takes effect.", (self.name(sl), t.ability[pi].name), R.SUMMONING)
            for op in t.p_ops[pi]:
                if op[0] == "heal":
                    self._heal(sl, op[1])

    def _start_turn(self) -> None:
        """Start-of-turn effects, then deployments of players with no active Prophet."""
        t = self.game.tables
        self.narrate("Turn {} begins.", (self.turn,), R.ORDERS)
        for p in range(2):
            k = self.active[p]
            if k < 0:
                continue
            sl = p * ARCANA + k
            if self.mal[sl] & CRISIS:
                self.narrate("Mystical Crisis: {} receives {}.", (self.name(sl), _pts(CRISIS_DAMAGE)), R.MALEFIC)
                self._hurt(sl, CRISIS_DAMAGE, R.MALEFIC)
            if self.where[sl] != ACTIVE:
                continue
            pi = self.proph[sl]
            sources = []
            if t.p_trigger[pi] == "start_of_turn" and self.ability_on(sl):
                sources.append((t.ability[pi].name, t.p_ops[pi]))
            for r in self.relics[sl]:
                if t.r_trigger[r] == "start_of_turn":
                    sources.append((t.relic_names[r], t.r_ops[r]))
            for label, ops in sources:
                self.narrate("{} takes effect for {}.", (label, self.name(sl)), R.ORDERS)
                for op in ops:
                    self._run_op(op, p, sl, -1, -1)
        if self._check_end():
            return
        need = tuple(p for p in range(2) if self.active[p] < 0 and self.rear[p])
        if need:
            for p in need:
                self.narrate("Player {} has no active Prophet and chooses one to deploy.", (p + 1,), R.CULT)
            self.phase = DEPLOY
            self.commit = Commitments(need)
            return
        self._begin_orders()

    def _begin_orders(self) -> None:
        self.phase = ORDERS
        self.commit = Commitments((0, 1))
        hyst = []
        for p in range(2):
            k = self.active[p]
            if k >= 0 and self.mal[p * ARCANA + k] & HYSTERIA:
                hyst.append(p)
        self.hyst = tuple(hyst) if len(hyst) == 1 else ()
        if self.hyst:
            self.narrate("Hysteria: player {} selects and reveals their Order before the opponent.",
                         (self.hyst[0] + 1,), R.R_HYSTERIA)

    def _end_turn(self) -> None:
        self.protect = 0
        self.took = [0] * (2 * ARCANA)
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
        self.pend_w = []
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
        g = self.game
        choices = self.commit.choices
        self.commit = None
        self.hyst = ()
        acts = [g.actions[choices[p]] for p in range(2)]
        self.narrate("Orders revealed: player 1 {}, player 2 {}.", (str(acts[0]), str(acts[1])), R.ORDERS)
        self.actor = [self.active[0], self.active[1]]
        key = []
        for p in range(2):
            k = self.active[p]
            fer = self.fervor(p * ARCANA + k) if k >= 0 else -1
            key.append((PRIORITY[acts[p].kind], -self.order_speed(p, acts[p]), -fer))
        a, b = key
        self.sim = False
        if a[0] != b[0]:
            first = 0 if a[0] < b[0] else 1
            why = ("priority", R.R_PRIORITY)
        elif a[1] != b[1]:
            first = 0 if a[1] < b[1] else 1
            why = ("Swift" if key[first][1] < 0 else "Slow", R.KEYWORDS)
        elif a[2] != b[2]:
            first = 0 if a[2] < b[2] else 1
            why = ("higher Fervor", R.ORDERS)
        else:
            first = 0
            self.sim = True
            why = None
        if why is None:
            self.narrate("Equal priority and equal Fervor: the two Orders take effect simultaneously.", (), R.ORDERS)
            self.snap = (tuple(self.dmg), tuple(self.mal))
        else:
            self.narrate("Player {} resolves first ({}).", (first + 1, why[0]), why[1])
        self.plan = ((first, acts[first].index), (1 - first, acts[1 - first].index))
        self.ri = 0
        self.cur = None
        self.ei = 0
        self.phase = RESOLVE

    def _resolve_step(self) -> bool:
        """Advance the resolution by one step; False when a player must decide now."""
        if self.cur is not None:
            if not self._run_cur():
                return False
            self.cur = None
            self.ri += 1
            if not self.sim and self._check_end():
                return True
            return True
        if self.ri >= len(self.plan):
            if self.sim and self._check_end():
                return True
            self._end_turn()
            return True
        p, index = self.plan[self.ri]
        action = self.game.actions[index]
        if not self.sim and self.active[p] != self.actor[p]:
            self.narrate("Player {}'s active Prophet was defeated or withdrawn: their Order ({}) is not used.",
                         (p + 1, str(action)), R.ORDERS)
            self.ri += 1
            return True
        self._start_order(p, action)
        if self.cur is None and not self.sim:
            self._check_end()
        return True

    def _start_order(self, p: int, action) -> None:
        g, t = self.game, self.game.tables
        kind = action.kind
        k = self.actor[p]  # in a simultaneous resolution, the Prophet that was active at the reveal
        sl = p * ARCANA + k if k >= 0 else -1
        if kind == "pass":
            self.narrate("Player {} passes: no Order can be used.", (p + 1,), R.R_PASS)
            self.ri += 1
            return
        if kind == "summon":
            n = action.args[0]
            new = self.rear[p].pop(n)
            self.narrate("Summoning: player {} withdraws {} and deploys the Prophet in rear-guard position {}.",
                         (p + 1, self.name(sl), n + 1), R.SUMMONING)
            self._withdraw(sl, R.SUMMONING, position=n)
            self._deploy(p, new, R.SUMMONING)
            self.actor[p] = self.active[p]
            self.ri += 1
            return
        if kind == "appeal":
            self.narrate("Appeal to Rationality: player {}'s Divine Interventions are spent; every active Prophet "
                         "receives {}.", (p + 1, _pts(APPEAL_DAMAGE)), R.R_APPEAL)
            for q in range(2):
                if self.active[q] >= 0:
                    self._hurt(q * ARCANA + self.active[q], APPEAL_DAMAGE, R.APPEAL)
            self.ri += 1
            return
        if kind == "intervene":
            card = self.di[p].pop(0)
            self.di_done[p].append(card)
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
                from .handlers import HANDLERS

                HANDLERS[ab.handler](self, p, sl)
            self.cur = (p, sl, -1, ops, label, 0)
            self.ei = 0
            return
        # a Cult card
        j = action.args[0]
        c = self.cults[sl][j]
        self.known[sl] |= 2 << j
        kw = t.ckw[c]
        self.narrate("Cult card {}: player {} reveals and activates {} ({} {}).",
                     (j + 1, p + 1, t.cult_names[c], g.content.cults[c].religion.capitalize(),
                      g.content.cults[c].type.replace("_", " ")), R.CULT)
        if kw & ARDUOUS:
            self.arduous[p] = self.turn
            self.narrate("{} is Arduous: player {} cannot use an Arduous card next turn.", (t.cult_names[c], p + 1),
                         R.KEYWORDS)
        ops = []
        if kw & PROTECTION:
            ops.append(("protection", 0, "self", 0, None))
        if t.cdamage[c] or t.cdamage_if[c]:
            ops.append(("cult_damage", j, "global" if kw & GLOBAL else "opponent", 0, None))
        ops.extend(t.cops[c])
        self.cur = (p, sl, j, tuple(ops), t.cult_names[c], 0)
        self.ei = 0
        fid = t.cfid[c]
        if fid:
            tester = p if fid == "trigger" else 1 - p
            self.test = (Commitments((tester, 1 - tester)), (tester, fid))
            self.narrate("Fidelity Test: player {} chooses a path in secret and player {} names one.",
                         (2 - tester, tester + 1), R.FIDELITY)

    def _finish_test(self) -> None:
        c, (tester, fid) = self.test
        self.test = None
        chooser = 1 - tester
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
            if self.test is not None or self.pend_w:
                return False
            op = ops[self.ei]
            self.ei += 1
            self._run_op(op, p, sl, j, -1)
            if self.pend_w or self.phase == OVER:
                return self.phase == OVER
        return not (self.test is not None or self.pend_w)

    # --- primitives -----------------------------------------------------------------
    def _targets(self, target: str, p: int) -> list[int]:
        out = []
        if target == "self":
            k = self.active[p]
            return [p * ARCANA + k] if k >= 0 else []
        if target in ("opponent", "all_opponents"):
            q = 1 - p
            k = self.active[q]
            return [q * ARCANA + k] if k >= 0 else []
        if target == "global":
            q = 1 - p
            for k in range(ARCANA):
                sl = q * ARCANA + k
                if self.where[sl] in (ACTIVE, REAR) and self.known[sl] & 1:
                    out.append(sl)
            return out
        if target == "all_active":
            return [q * ARCANA + self.active[q] for q in range(2) if self.active[q] >= 0]
        if target == "own_rear":
            return [p * ARCANA + k for k in self.rear[p]]
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
            slots = []
            if target == "this_card" and j >= 0:
                slots = [sl * MAX_CULT + j]
            elif target == "own_cards" and self.active[p] >= 0:
                a = p * ARCANA + self.active[p]
                slots = [a * MAX_CULT + x for x in range(len(self.cults[a]))]
            elif target == "opponent_cards" and self.active[1 - p] >= 0:
                a = (1 - p) * ARCANA + self.active[1 - p]
                slots = [a * MAX_CULT + x for x in range(len(self.cults[a]))]
            for x in slots:
                self.cmod[x] += amount
            if slots:
                who = self.name(slots[0] // MAX_CULT)
                word = "+10 enhancement" if amount > 0 else "-10 weakening"
                self.narrate("{} {} marker(s) on the damage of {} of {}'s Cult cards.",
                             (abs(amount), word, "one" if len(slots) == 1 else "each", who), R.COMPONENTS)
            return
        if name == "revive":
            for k in range(ARCANA):
                s2 = p * ARCANA + k
                if self.where[s2] == DEFEATED:
                    self.where[s2] = REAR
                    self.rear[p].append(k)
                    self.narrate("{} returns from the discard pile to the end of player {}'s rear guard, without "
                                 "any markers.", (self.name(s2), p + 1), R.R_REVIVE)
                    break
            return
        for tg in self._targets(target, p):
            if cond is not None and not self._cond(cond, sl, tg):
                continue
            if self.where[tg] not in (ACTIVE, REAR):
                continue
            tname = self.label(tg)
            if name == "damage":
                self.narrate("{} receives {}.", (tname, _pts(amount)), R.CULT if j >= 0 else R.INTERVENTION)
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
                if self.mal[tg]:
                    self.mal[tg] = 0
                    self.wither[tg] = -1
                    self.narrate("Every malefic marker is removed from {}.", (tname,), R.MALEFIC)
            elif name == "protection":
                self.protect |= 1 << tg
                back = self.took[tg]
                if back:
                    self.dmg[tg] = max(0, self.dmg[tg] - back)
                    self.took[tg] = 0
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
        amount = base + 10 * self.cmod[sl * MAX_CULT + j]
        tbit = 1 << t.ctype[c]
        for m in self._mods(sl):
            if m[0] and m[1] & tbit:
                amount += m[0]
        amount = max(0, amount)
        pi = self.proph[tg]
        immune = t.immune[pi]
        for m in self._mods(tg):
            immune |= m[6]
        if immune & tbit:
            return 0, "immune"
        why = ""
        if t.weak[pi] & tbit:
            amount *= 2
            why = "weakness: double"
        red = sum(m[2] for m in self._mods(tg))
        if red:
            amount = max(0, amount - red)
        return amount, why

    def _cult_damage(self, p: int, sl: int, j: int, tg: int) -> None:
        t = self.game.tables
        amount, why = self.cult_damage_amount(p, sl, j, tg)
        ctype = self.game.content.cults[self.cults[sl][j]].type.replace("_", " ")
        if why == "immune":
            self.narrate("{} is immune to {} cards: no damage.", (self.name(tg), ctype), R.CULT)
            return
        self.narrate("{} inflicts {} on {}{}.", (t.cult_names[self.cults[sl][j]], _pts(amount), self.name(tg),
                                                   f" ({why})" if why else ""), R.CULT)
        self._hurt(tg, amount, R.CULT)

    def _add_malefic(self, tg: int, bit: int) -> None:
        kind = MALEFICS[MAL_ORDER.index(bit)]
        label = MALEFIC_NAMES[kind]
        if self.malefic_immune(tg) & bit:
            self.narrate("{} is immune to {}.", (self.label(tg), label), R.MALEFIC)
            return
        if self.mal[tg] & bit:
            self.narrate("{} already carries {}.", (self.label(tg), label), R.R_ONE_MARKER)
            return
        self.mal[tg] |= bit
        self.narrate("{} receives the malefic marker {}.", (self.label(tg), label), R.MALEFIC)
        if bit == WITHERING and self.where[tg] == ACTIVE and any(
                self.usable_cult(tg, x) for x in range(len(self.cults[tg]))):
            self.pend_w.append((self.owner(tg), tg))
            self.narrate("Player {} must place Withering on one of {}'s Cult cards.",
                         (self.owner(tg) + 1, self.name(tg)), R.MALEFIC)

    def _heal(self, sl: int, amount: int) -> None:
        healed = min(amount, self.dmg[sl])
        self.dmg[sl] -= healed
        self.narrate("{} removes {} (damage now {}).", (self.label(sl), _pts(healed), self.dmg[sl]), R.COMPONENTS)

    def _hurt(self, sl: int, amount: int, rule: str) -> None:
        if amount <= 0 or self.where[sl] not in (ACTIVE, REAR):
            return
        if self.protect >> sl & 1:
            self.narrate("Protection: {} receives no damage.", (self.label(sl),), R.KEYWORDS)
            return
        self.dmg[sl] += amount
        self.took[sl] += amount
        faith = self.faith(sl)
        if self.dmg[sl] >= faith:
            self._defeat(sl)
        else:
            self.narrate("{} has {} of {} Faith in damage.", (self.label(sl), self.dmg[sl], faith), rule)

    def _defeat(self, sl: int) -> None:
        p = self.owner(sl)
        k = sl - p * ARCANA
        self.narrate("{} is defeated: its card and all its cards go to the discard pile, and its markers are "
                     "discarded.", (self.name(sl),), R.CULT)
        if self.active[p] == k:
            self.active[p] = -1
        elif k in self.rear[p]:
            self.rear[p].remove(k)
        self.where[sl] = DEFEATED
        self.known[sl] = 1 | (((1 << len(self.cults[sl])) - 1) << 1)
        self.dmg[sl] = 0
        self.fmod[sl] = 0
        self.mal[sl] = 0
        self.wither[sl] = -1
        self.flags[sl] &= ~CANCELLED
        base = sl * MAX_CULT
        for j in range(MAX_CULT):
            self.cmod[base + j] = 0
        self.pend_w = [(q, s2) for q, s2 in self.pend_w if s2 != sl]
        self.last[p] = sl

    def _check_end(self) -> bool:
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

    # --- explaining illegal actions -----------------------------------------------
    def _explain_illegal(self, action, player: int) -> IllegalAction:
        from .explain import explain

        return explain(self, action, player)
