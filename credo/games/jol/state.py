"""The Jol state and its forward model (every clause of jol.txt).

The state is flat: per-instance lists indexed by a card's instance number (cards are
numbered in the order they are drawn, c1, c2, ...: ruling R-17), two bit masks
(Ready, engaged this turn), the decks as lists of card types, the six INF totals,
and a few integers. Copies are by hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from credo.kernel import EventLog, IllegalAction, ResponseWindow, Rng, State

from . import rules as R
from . import views
from .codes import (ALLY_BROKEN, ATTACHED, BREAKS_RIVAL, BROKEN, COGUM, DEFENDER, DEFENDING, DET, DRAW, END_OF_TURN,
                    ENGAGEMENT, EXHAUST, FACE_DOWN, FORMATION, GAIN, GRAVE, HAND, HRT, INFLUENCE, INFLUENCED,
                    INFLUENCING, INSTIGATE, INSTIGATING, KIND_NAMES, LANE0, LANE_EACH, LANE_SUBJECT, LASTING, LOSE,
                    MANIFEST, MODIFY, OVER, PRAYER, PRAYER_STEP, PROPHECY, READY, RIVAL_GAINS, RIVAL_INFLUENCES,
                    RIVAL_INSTIGATES, RIVAL_REACHES, RIVAL_SUMMONS, SPRT, STAT_NAMES, SUMMONED, TALENT, T_ALLY,
                    T_ENGAGED_ALLY, T_ENGAGED_RIVAL, T_LANE, T_NONE, T_RIVAL, UNDRAWN, VOW, lane_host)
from .content import LANES
from .explain import explain
from .position import state_to_position

if TYPE_CHECKING:  # the game module makes states: the state module only names its class
    from .game import JolGame

_new = object.__new__  # copy() makes its objects without calling their __init__



class JolState(State):
    __slots__ = (
        "decks", "phase", "current", "turn", "summoned", "nxt", "winner", "card", "owner", "zone",
        "host", "buff", "ready", "engaged", "hands", "piles", "inf", "kind", "attacker", "defender",
        "step", "window",
    )

    game: JolGame

    # --- construction -------------------------------------------------------------
    @classmethod
    def blank(cls, game: JolGame, rng: Rng, decks: tuple[str, str]) -> JolState:
        s = cls.__new__(cls)
        State.__init__(s, game, rng)
        n = game.n
        s.decks = decks
        s.phase = FORMATION
        s.current = 0
        s.turn = 1
        s.summoned = False
        s.nxt = 0
        s.winner = -1
        s.card = [-1] * n
        s.owner = [-1] * n
        s.zone = [UNDRAWN] * n
        s.host = {}  # Vow or lasting Talent -> its Cogum (or lane_host(lane))
        s.buff = {}  # 3 * card + stat -> change until end of turn
        s.ready = 0
        s.engaged = 0
        s.hands = [[], []]
        s.piles = [[], []]
        s.inf = [0] * 6
        s.kind = 0
        s.attacker = -1
        s.defender = -1
        s.step = 0
        s.window = None
        return s

    @classmethod
    def new_game(cls, game: JolGame, rng: Rng, decks: tuple[str, str]) -> JolState:
        lists = [game.deck_of(decks[0]), game.deck_of(decks[1])]
        s = cls.blank(game, rng, decks)
        names = [game.content.deck(d).name for d in decks]
        s.narrate("A game of Jol begins: player 1 plays {}, player 2 plays {}.", tuple(names), R.SETUP)
        for p in (0, 1):
            rng.shuffle(lists[p])
            s.piles[p] = lists[p]
        s.narrate("Each player shuffles their deck.", (), R.SETUP)
        hand = game.rules.opening_hand
        for p in (0, 1):
            for _ in range(hand):
                s._draw(p, R.SETUP)
        s.current = rng.below(2)
        s.narrate("A coin decides that player {} takes the first turn.", (s.current + 1,), R.R_FIRST)
        s._start_turn()
        return s

    # --- the kernel contract ------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def to_move(self) -> tuple[int, ...]:
        ph = self.phase
        if ph <= ENGAGEMENT:
            return (self.current,)
        if ph == PRAYER_STEP:
            return (self.window.order[self.window.position],)
        if ph == DEFENDER:
            return (1 - self.current,)
        return ()

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def winners(self) -> tuple[int, ...]:
        return (self.winner,) if self.winner >= 0 else ()

    def copy(self) -> JolState:
        s = self._copy_kernel()
        s.decks = self.decks
        s.phase = self.phase
        s.current = self.current
        s.turn = self.turn
        s.summoned = self.summoned
        s.nxt = self.nxt
        s.winner = self.winner
        s.card = self.card[:]
        s.owner = self.owner[:]
        s.zone = self.zone[:]
        s.host = self.host.copy() if self.host else {}  # most turns attach nothing and change no stat
        s.buff = self.buff.copy() if self.buff else {}
        s.ready = self.ready
        s.engaged = self.engaged
        h = self.hands
        s.hands = [h[0][:], h[1][:]]
        p = self.piles
        s.piles = [p[0][:], p[1][:]]
        s.inf = self.inf[:]
        s.kind = self.kind
        s.attacker = self.attacker
        s.defender = self.defender
        s.step = self.step
        w = self.window
        if w is None:
            s.window = None
        else:  # ResponseWindow.copy, inlined
            s.window = r = _new(ResponseWindow)
            r.order, r.position, r.acted = w.order, w.position, w.acted
        return s

    def determinize(self, player: int, rng: Rng) -> JolState:
        """Resample what `player` cannot see: the order of both decks, the opponent's
        hand and the opponent's face-down Prophecies (from the opponent's unseen cards)."""
        s = self.copy()
        s._legal_for = -1  # hidden parts are about to change
        s.log = EventLog()
        s.rng = rng.fork(0x107)
        rng.shuffle(s.piles[player])
        opp = 1 - player
        hand = s.hands[opp]
        down = [i for i in range(s.nxt) if s.owner[i] == opp and s.zone[i] == FACE_DOWN]
        pool = s.piles[opp] + [s.card[i] for i in hand] + [s.card[i] for i in down]
        rng.shuffle(pool)
        kinds = self.game.tables.kind
        for i in down:
            k = next(k for k, t in enumerate(pool) if kinds[t] == PROPHECY)
            s.card[i] = pool.pop(k)
        for i in hand:
            s.card[i] = pool.pop()
        s.piles[opp] = pool
        return s

    def observation(self, player: int | None) -> dict:
        return views.observation(self, player)

    def to_position(self) -> dict:
        return state_to_position(self)

    # --- reading the board --------------------------------------------------------
    def lane_of(self, i: int) -> int:
        z = self.zone[i]
        return z - LANE0 if LANE0 <= z < MANIFEST else -1

    def in_lane(self, i: int) -> bool:
        return LANE0 <= self.zone[i] < MANIFEST

    def lane_count(self, p: int, lane: int) -> int:
        z, owner = LANE0 + lane, self.owner
        return sum(1 for i, zi in enumerate(self.zone) if zi == z and owner[i] == p)

    def manifest_count(self, p: int) -> int:
        owner = self.owner
        return sum(1 for i, zi in enumerate(self.zone) if zi == MANIFEST and owner[i] == p)

    def lane_cogum(self, p: int, lane: int) -> list[int]:
        z, owner = LANE0 + lane, self.owner
        return [i for i in range(self.nxt) if self.zone[i] == z and owner[i] == p]

    def is_ready(self, i: int) -> bool:
        return bool(self.ready >> i & 1)

    def virtue(self, i: int) -> int:
        return self.game.tables.virtue[self.card[i]]

    def stat(self, i: int, stat: int, role: int = 0) -> int:
        """A Cogum's stat now: printed, plus modifiers until end of turn, its Skill,
        auras of allies in its lane, Vows and lasting Talents (never below 0: R-14)."""
        return self.stats(i, role)[stat]

    def stats(self, i: int, role: int = 0) -> list[int]:
        """All three stats of a Cogum now ([DET, HRT, SPRT]), in one pass over its modifiers."""
        # written out without comprehensions: this is the search's hottest function (evaluation,
        # rollouts and combat all read it)
        t = self.game.tables
        c = self.card[i]
        det, hrt, sprt = t.stats[c]
        buff = self.buff
        if buff:
            get, b = buff.get, 3 * i
            det += get(b, 0)
            hrt += get(b + 1, 0)
            sprt += get(b + 2, 0)
        values = [det, hrt, sprt]
        z = self.zone[i]
        lane = z - LANE0 if LANE0 <= z < MANIFEST else -1
        for st, amount, r, lanes in t.self_mods[c]:
            if (r == 0 or r == role) and (lanes == 0b111 or (lane >= 0 and lanes >> lane & 1)):
                values[st] += amount
        if lane >= 0 and t.aura_cards:
            # few cards have an aura: find their copies with list.count/index (a C loop) rather than
            # looking at every card drawn
            zone, owner, card = self.zone, self.owner, self.card
            me = owner[i]
            fbit, vbit = 1 << t.faith[c], 1 << t.virtue[c]
            for aura in t.aura_cards:
                j = -1
                for _ in range(card.count(aura)):
                    j = card.index(aura, j + 1)
                    if zone[j] == z and j != i and owner[j] == me:
                        for st, amount, r, lanes, fm, vm in t.aura_mods[aura]:
                            if (r == 0 or r == role) and lanes >> lane & 1 and fm & fbit and vm & vbit:
                                values[st] += amount
        if self.host:
            owner, card = self.owner, self.card
            me = owner[i]
            lhost = -2 - lane if lane >= 0 else -99
            for j, h in self.host.items():
                if h == i or (h == lhost and owner[j] == me):
                    for st, amount in t.modifiers[card[j]]:
                        values[st] += amount
        det, hrt, sprt = values
        return [det if det > 0 else 0, hrt if hrt > 0 else 0, sprt if sprt > 0 else 0]

    def field_stats(self, cogum: list[int]) -> dict[int, list[int]]:
        """`stats(i)` of every Cogum in `cogum`, by number: what a view shows of the whole
        table at once. The auras and the attachments are gone through once for all instead
        of once per Cogum; each Cogum gets the same terms as from `stats`, summed in
        another order, so the same numbers (tests/jol/test_interface.py compares them)."""
        t = self.game.tables
        card, zone, owner, buff = self.card, self.zone, self.owner, self.buff
        printed, self_mods = t.stats, t.self_mods
        out = {}
        for i in cogum:
            c = card[i]
            det, hrt, sprt = printed[c]
            if buff:
                get, b = buff.get, 3 * i
                det += get(b, 0)
                hrt += get(b + 1, 0)
                sprt += get(b + 2, 0)
            values = [det, hrt, sprt]
            mods = self_mods[c]
            if mods:
                z = zone[i]
                lane = z - LANE0 if LANE0 <= z < MANIFEST else -1
                for st, amount, r, lanes in mods:
                    if r == 0 and (lanes == 0b111 or (lane >= 0 and lanes >> lane & 1)):
                        values[st] += amount
            out[i] = values
        in_lanes = [i for i in cogum if LANE0 <= zone[i] < MANIFEST] if t.aura_cards else ()
        if in_lanes:
            faith, virtue, aura_mods = t.faith, t.virtue, t.aura_mods
            for aura in t.aura_cards:
                j = -1
                for _ in range(card.count(aura)):
                    j = card.index(aura, j + 1)
                    z = zone[j]
                    if not LANE0 <= z < MANIFEST:
                        continue
                    lane, me = z - LANE0, owner[j]
                    for i in in_lanes:
                        if zone[i] == z and i != j and owner[i] == me:
                            c = card[i]
                            fbit, vbit, values = 1 << faith[c], 1 << virtue[c], out[i]
                            for st, amount, r, lanes, fm, vm in aura_mods[aura]:
                                if r == 0 and lanes >> lane & 1 and fm & fbit and vm & vbit:
                                    values[st] += amount
        if self.host:
            modifiers = t.modifiers
            for j, h in self.host.items():
                mods = modifiers[card[j]]
                if not mods:
                    continue
                if h >= 0:  # a Vow on a Cogum
                    targets = (h,) if h in out else ()
                else:  # a lasting Talent on a lane: the Cogum of its owner there
                    z, me = LANE0 + (-2 - h), owner[j]
                    targets = [i for i in cogum if zone[i] == z and owner[i] == me]
                for i in targets:
                    values = out[i]
                    for st, amount in mods:
                        values[st] += amount
        for values in out.values():
            det, hrt, sprt = values
            values[:] = det if det > 0 else 0, hrt if hrt > 0 else 0, sprt if sprt > 0 else 0
        return out

    def name(self, i: int) -> str:
        return f"{self.game.tables.names[self.card[i]]} ({self.game.card_name(i)})"

    # --- legal actions ------------------------------------------------------------
    def _generate_legal(self, player: int) -> list:
        ph = self.phase
        if ph == PRAYER_STEP:
            return self._prayer_actions(player)
        if ph == DEFENDER:
            g = self.game
            lane = self.lane_of(self.attacker)
            return [g.A_defend[j] for j in self._ready_rivals(lane)]
        g = self.game
        t = g.tables
        out = []
        zone, owner, ready = self.zone, self.owner, self.ready
        # one pass over the numbered cards
        mine_lane, theirs_lane, manifest = [], [], []
        counts = [0, 0, 0]
        for i in range(self.nxt):
            z = zone[i]
            if LANE0 <= z < MANIFEST:
                if owner[i] == player:
                    mine_lane.append(i)
                    counts[z - LANE0] += 1
                else:
                    theirs_lane.append(i)
            elif z == MANIFEST and owner[i] == player:
                manifest.append(i)
        if ph == FORMATION:
            spaces = g.lane_spaces
            open_lanes = [lane for lane in range(3) if counts[lane] < spaces]
            kinds, targets = t.kind, t.target
            for i in self.hands[player]:
                c = self.card[i]
                k = kinds[c]
                if k == COGUM:
                    if not self.summoned:
                        row = g.A_summon[i]
                        out.extend(row[lane] for lane in open_lanes)
                elif k == TALENT:
                    tg = targets[c]
                    if tg == T_NONE:
                        out.append(g.A_play0["talent"][i])
                    elif tg == T_LANE:
                        out.extend(g.A_playL["talent"][i])
                    else:
                        row = g.A_playC["talent"][i]
                        out.extend(row[j] for j in self._cogum_targets(c, tg, player, mine_lane, theirs_lane))
                elif k == VOW:
                    row = g.A_vow[i]
                    out.extend(row[j] for j in self._cogum_targets(c, targets[c], player, mine_lane, theirs_lane))
                elif k == PROPHECY:
                    out.append(g.A_prophecy[i])
            if len(manifest) < g.rules.manifest_size:
                out.extend(g.A_manifest[i] for i in mine_lane if ready >> i & 1)
            if open_lanes:
                for i in manifest:
                    if ready >> i & 1:
                        row = g.A_deploy[i]
                        out.extend(row[lane] for lane in open_lanes)
        free = ready & ~self.engaged
        for i in mine_lane:
            if free >> i & 1:
                out.append(g.A_instigate[i])
                out.append(g.A_influence[i])
        out.append(g.A_end)
        return out

    def _cogum_targets(self, c: int, tg: int, player: int, mine: list, theirs: list) -> list[int]:
        t = self.game.tables
        if tg == T_ALLY:
            pool = mine
        elif tg == T_RIVAL:
            pool = theirs
        else:
            pool = mine + theirs
        fm, vm = t.faith_filter[c], t.virtue_filter[c]
        if fm == 0b11 and vm == 0b1111:
            return pool
        card, faith, virtue = self.card, t.faith, t.virtue
        return [j for j in pool if fm >> faith[card[j]] & 1 and vm >> virtue[card[j]] & 1]

    def _prayer_actions(self, player: int) -> list:
        g = self.game
        t = g.tables
        out = [g.A_pass]
        prayers = [i for i in self.hands[player] if t.kind[self.card[i]] == PRAYER]
        if not prayers:
            return out
        mine, theirs = [], []
        for i in range(self.nxt):
            if LANE0 <= self.zone[i] < MANIFEST:
                (mine if self.owner[i] == player else theirs).append(i)
        engaged_mine, engaged_theirs = [], []
        for j in (self.attacker, self.defender):
            if j >= 0 and self.in_lane(j):
                (engaged_mine if self.owner[j] == player else engaged_theirs).append(j)
        for i in prayers:
            c = self.card[i]
            tg = t.target[c]
            if tg == T_NONE:
                out.append(g.A_play0["pray"][i])
            elif tg == T_LANE:
                out.extend(g.A_playL["pray"][i])
            else:
                if tg == T_ENGAGED_ALLY:
                    pool = self._cogum_targets(c, T_ALLY, player, engaged_mine, [])
                elif tg == T_ENGAGED_RIVAL:
                    pool = self._cogum_targets(c, T_RIVAL, player, [], engaged_theirs)
                else:
                    pool = self._cogum_targets(c, tg, player, mine, theirs)
                row = g.A_playC["pray"][i]
                out.extend(row[j] for j in pool)
        return out

    def _ready_rivals(self, lane: int) -> list[int]:
        if lane < 0:
            return []
        z, foe, ready = LANE0 + lane, 1 - self.current, self.ready
        return [j for j in range(self.nxt) if self.zone[j] == z and self.owner[j] == foe and ready >> j & 1]

    def can_engage(self, p: int) -> bool:
        free = self.ready & ~self.engaged
        zone, owner = self.zone, self.owner
        for i in range(self.nxt):
            if free >> i & 1 and owner[i] == p and LANE0 <= zone[i] < MANIFEST:
                return True
        return False

    # --- applying actions ---------------------------------------------------------
    def _apply(self, action, player: int) -> None:
        kind, args = action.kind, action.args
        if kind == "pass":
            self.narrate("Player {} passes in Prayer step {}.", (player + 1, self.step), R.PRAYER)
            self._answered(player, False)
        elif kind == "pray":
            self._play(player, args[0], args[1], args[2], R.PRAYER)
            if self.phase != OVER:
                self._answered(player, True)
        elif kind == "defend":
            self._defend(args[0])
        elif kind in ("instigate", "influence"):
            self._declare(INSTIGATE if kind == "instigate" else INFLUENCE, args[0])
        elif kind == "end":
            rule = R.R_END_TURN if self.can_engage(player) else R.END_PHASE
            self.narrate("Player {} ends the turn.", (player + 1,), rule)
            self._end_phase()
        elif kind == "summon":
            self._summon(player, args[0], args[1])
        elif kind == "manifest":
            i = args[0]
            self.zone[i] = MANIFEST
            self.ready &= ~(1 << i)
            self.narrate("{} moves to player {}'s Manifest and becomes Exhausted.", (self.name(i), player + 1), R.MANIFEST)
        elif kind == "deploy":
            i, lane = args
            self.zone[i] = LANE0 + lane
            self.narrate("{} moves from the Manifest to the {}, Ready.", (self.name(i), LANES[lane].capitalize()), R.DEPLOY)
        elif kind == "talent":
            self._play(player, args[0], args[1], args[2], R.TALENT)
        elif kind == "vow":
            self._vow(player, args[0], args[1])
        elif kind == "prophecy":
            self._prophecy(player, args[0])

    def _take(self, player: int, i: int) -> None:
        self.hands[player].remove(i)

    # Draw, Ready and End phases ------------------------------------------------------
    def _draw(self, p: int, rule: str) -> bool:
        """Draw the top card of `p`'s deck; an empty deck loses the game."""
        if self.phase == OVER:
            return False
        pile = self.piles[p]
        if not pile:
            self.narrate("Player {} must draw from an empty deck and loses.", (p + 1,), R.DECKOUT)
            self._finish(1 - p)
            return False
        c = pile.pop()
        i = self.nxt
        self.nxt += 1
        self.card[i] = c
        self.owner[i] = p
        self.zone[i] = HAND
        self.hands[p].append(i)
        self.narrate("Player {} draws a card ({}).", (p + 1, self.game.card_name(i)), rule)
        self.narrate("Player {} draws {}: {}.", (p + 1, self.game.card_name(i), self.game.tables.names[c]), rule,
                     frozenset((p,)))
        return True

    def _start_turn(self) -> None:
        p = self.current
        self.narrate("Turn {}: player {}'s turn begins.", (self.turn, p + 1), R.DRAW)
        if not self._draw(p, R.DRAW):
            return
        # Ready phase: each player Readies their Cogum on the field and in the Manifest
        zone, mask = self.zone, 0
        for i in range(self.nxt):
            if LANE0 <= zone[i] <= MANIFEST:
                mask |= 1 << i
        self.ready = mask
        self.engaged = 0
        self.summoned = False
        self.narrate("Ready phase: both players Ready their Cogum on the field and in their Manifests.", (), R.READY)
        self.phase = FORMATION

    def _end_phase(self) -> None:
        p = self.current
        t = self.game.tables
        self.phase = ENGAGEMENT  # while End-phase effects resolve
        for i in range(self.nxt):
            if self.owner[i] == p and self.in_lane(i):
                effects = t.skill_triggers[self.card[i]].get(END_OF_TURN)
                if effects:
                    self.narrate("End phase: {}'s Skill {} takes effect.", (self.name(i), t.skill_name[self.card[i]]), R.END_PHASE)
                    self._effects(effects, p, i, self.lane_of(i), R.SKILL)
                    if self.phase == OVER:
                        return
        for i in range(self.nxt):
            if self.zone[i] == LASTING:
                self.zone[i] = GRAVE
                del self.host[i]
                self.narrate("{} ends and goes to the graveyard.", (self.name(i),), R.R_LASTING)
        self.buff = {}
        self.current = 1 - p
        self.turn += 1
        self._start_turn()

    def _finish(self, winner: int) -> None:
        self.phase = OVER
        self.winner = winner
        self.window = None
        self.step = 0

    # Formation -----------------------------------------------------------------------
    def _summon(self, p: int, i: int, lane: int) -> None:
        t = self.game.tables
        c = self.card[i]
        self._take(p, i)
        self.zone[i] = LANE0 + lane
        self.summoned = True
        if t.enters_ready[c]:
            self.ready |= 1 << i
            self.narrate("Player {} summons {} into the {}; its Skill {} makes it enter Ready.",
                         (p + 1, self.name(i), LANES[lane].capitalize(), t.skill_name[c]), R.SUMMON)
        else:
            self.ready &= ~(1 << i)
            self.narrate("Player {} summons {} into the {}; it enters Exhausted.",
                         (p + 1, self.name(i), LANES[lane].capitalize()), R.SUMMON)
        self._skill(i, SUMMONED)
        self._prophecies(1 - p, RIVAL_SUMMONS, i, lane)

    def _vow(self, p: int, i: int, j: int) -> None:
        self._take(p, i)
        self.zone[i] = ATTACHED
        self.host[i] = j
        self.narrate("Player {} attaches the Vow {} to {}.", (p + 1, self.name(i), self.name(j)), R.VOW)

    def _prophecy(self, p: int, i: int) -> None:
        self._take(p, i)
        self.zone[i] = FACE_DOWN
        self.narrate("Player {} places a face-down Prophecy ({}) in the Manifest.", (p + 1, self.game.card_name(i)), R.PROPHECY)
        self.narrate("(It is {}.)", (self.game.tables.names[self.card[i]],), R.PROPHECY, frozenset((p,)))

    def _play(self, p: int, i: int, target: int, lane: int, rule: str) -> None:
        """A Talent or a Prayer: resolves at once (a lasting Talent stays until the End phase)."""
        t = self.game.tables
        c = self.card[i]
        self._take(p, i)
        what = KIND_NAMES[t.kind[c]]
        if target >= 0:
            self.narrate("Player {} plays the {} {} on {}.", (p + 1, what, self.name(i), self.name(target)), rule)
            lane = self.lane_of(target)
        elif lane >= 0:
            self.narrate("Player {} plays the {} {} on the {}.", (p + 1, what, self.name(i), LANES[lane].capitalize()), rule)
        else:
            self.narrate("Player {} plays the {} {}.", (p + 1, what, self.name(i)), rule)
        if t.lasting[c]:
            self.zone[i] = LASTING
            self.host[i] = target if target >= 0 else lane_host(lane)
            return
        self.zone[i] = GRAVE
        self._effects(t.effects[c], p, target, lane, rule)

    # Effects, Skills and Prophecies ---------------------------------------------------
    def _effects(self, effects: tuple, p: int, subject: int, lane: int, rule: str) -> None:
        t = self.game.tables
        for op, amount, stat, elane, fm, vm in effects:
            if self.phase == OVER:
                return
            if fm or vm:
                if subject < 0 or not self.in_lane(subject):
                    continue
                c = self.card[subject]
                if (fm and not fm >> t.faith[c] & 1) or (vm and not vm >> t.virtue[c] & 1):
                    continue
            if op == GAIN or op == LOSE:
                lanes = (lane,) if elane == LANE_SUBJECT else (0, 1, 2) if elane == LANE_EACH else (elane,)
                for ln in lanes:
                    if ln < 0:
                        continue
                    if op == GAIN:
                        self._gain(p, ln, amount, rule)
                    else:
                        self._lose(1 - p, ln, amount, rule)
                    if self.phase == OVER:
                        return
            elif op == DRAW:
                for _ in range(amount):
                    if not self._draw(p, rule):
                        return
            elif subject >= 0 and LANE0 <= self.zone[subject] <= MANIFEST:
                if op == MODIFY:
                    k = 3 * subject + stat
                    self.buff[k] = self.buff.get(k, 0) + amount
                    self.narrate("{} gets {:+d} {} until end of turn.", (self.name(subject), amount, STAT_NAMES[stat]), rule)
                elif op == READY:
                    self.ready |= 1 << subject
                    self.narrate("{} becomes Ready.", (self.name(subject),), rule)
                elif op == EXHAUST:
                    self.ready &= ~(1 << subject)
                    self.narrate("{} becomes Exhausted.", (self.name(subject),), rule)

    def _skill(self, i: int, event: int, lane: int | None = None) -> None:
        t = self.game.tables
        c = self.card[i]
        effects = t.skill_triggers[c].get(event)
        if effects and self.phase != OVER:
            self.narrate("{}'s Skill {} takes effect.", (self.name(i), t.skill_name[c]), R.SKILL)
            self._effects(effects, self.owner[i], i, self.lane_of(i) if lane is None else lane, R.SKILL)

    def _prophecies(self, p: int, trigger: int, subject: int, lane: int, total: int = 0) -> None:
        """Flip and resolve each of `p`'s face-down Prophecies whose trigger is satisfied."""
        # called on every trigger: the face-down cards are found by C scans (list.index), and
        # each is looked at as it stands then, as effects resolved before it may flip it
        zone, owner = self.zone, self.owner
        if FACE_DOWN not in zone:
            return
        t = self.game.tables
        i = -1
        while self.phase != OVER:
            try:
                i = zone.index(FACE_DOWN, i + 1)
            except ValueError:
                return
            if owner[i] != p:
                continue
            c = self.card[i]
            if t.trigger[c] != trigger or (trigger == RIVAL_REACHES and total < t.threshold[c]):
                continue
            self.zone[i] = GRAVE
            self.narrate("Player {}'s Prophecy {} flips face up and resolves.", (p + 1, self.name(i)), R.PROPHECY)
            self._effects(t.effects[c], p, subject, lane, R.PROPHECY)

    def _gain(self, p: int, lane: int, amount: int, rule: str) -> None:
        if amount <= 0:
            return
        k = 3 * p + lane
        self.inf[k] += amount
        self.narrate("Player {} gains {} INF in the {} ({} there).", (p + 1, amount, LANES[lane].capitalize(), self.inf[k]), rule)
        rules = self.game.rules
        inf = self.inf
        if sum(1 for ln in range(3) if inf[3 * p + ln] >= rules.win_inf) >= rules.win_lanes:
            self.narrate("Player {} has {} or more INF in two lanes at the same instant and wins.",
                         (p + 1, rules.win_inf), R.WIN)
            self._finish(p)
            return
        self._prophecies(1 - p, RIVAL_GAINS, -1, lane)
        self._prophecies(1 - p, RIVAL_REACHES, -1, lane, self.inf[k])

    def _lose(self, p: int, lane: int, amount: int, rule: str) -> None:
        k = 3 * p + lane
        lost = min(amount, self.inf[k])
        self.inf[k] -= lost
        self.narrate("Player {} loses {} INF in the {} ({} there).", (p + 1, lost, LANES[lane].capitalize(), self.inf[k]), rule)

    def _break(self, i: int) -> None:
        lane = self.lane_of(i)
        p = self.owner[i]
        self.zone[i] = GRAVE
        self.ready &= ~(1 << i)
        for k in (3 * i, 3 * i + 1, 3 * i + 2):
            self.buff.pop(k, None)
        self.narrate("{} breaks and goes to the graveyard.", (self.name(i),), R.INSTIGATE)
        # by card number, as the view lists them: the host table's order is the order the cards were
        # laid, which a position does not keep, so a resumed game would narrate them in another order
        for j in sorted(j for j, h in self.host.items() if h == i):
            self.zone[j] = GRAVE
            del self.host[j]
            self.narrate("{} goes to the graveyard with it.", (self.name(j),), R.VOW)
        self._skill(i, BROKEN, lane)
        self._prophecies(p, ALLY_BROKEN, -1, lane)

    # Engagement ----------------------------------------------------------------------
    def _declare(self, kind: int, i: int) -> None:
        p = self.current
        self.phase = PRAYER_STEP
        self.kind = kind
        self.attacker = i
        self.defender = -1
        self.step = 1
        self.ready &= ~(1 << i)
        self.engaged |= 1 << i
        lane = self.lane_of(i)
        verb = "Instigate" if kind == INSTIGATE else "Influence"
        self.narrate("Player {}'s {} declares to {} in the {} and Exhausts.", (p + 1, self.name(i), verb, LANES[lane].capitalize()),
                     R.INSTIGATE if kind == INSTIGATE else R.INFLUENCE)
        # Prayer step 1: the player who did not declare answers first (R-9: both are asked)
        self.window = ResponseWindow((1 - p, p))
        self._prophecies(1 - p, RIVAL_INSTIGATES if kind == INSTIGATE else RIVAL_INFLUENCES, i, lane)
        if self.phase != OVER and not self.in_lane(i):
            self._fizzle()

    def _answered(self, player: int, acted: bool) -> None:
        w = self.window
        w.answer(player, acted)
        if not self.in_lane(self.attacker):
            self._fizzle()
            return
        if not w.closed:
            return
        if self.step == 1:
            lane = self.lane_of(self.attacker)
            if self._ready_rivals(lane):
                self.phase = DEFENDER
                self.window = None
                return
            self.narrate("No Ready Rival stands in the {}: nobody defends.", (LANES[lane].capitalize(),), R.DEFEND)
            self._open_step_two()
        else:
            self._resolve()

    def _open_step_two(self) -> None:
        p = self.current
        self.phase = PRAYER_STEP
        self.step = 2
        # the defending side took the choice of defender: the engaging player answers first
        self.window = ResponseWindow((p, 1 - p))

    def _defend(self, j: int) -> None:
        self.defender = j
        self.ready &= ~(1 << j)
        self.narrate("Player {} chooses {} to defend; it Exhausts.", (2 - self.current, self.name(j)), R.DEFEND)
        self._open_step_two()

    def _fizzle(self) -> None:
        self.narrate("{} has left its lane: the engagement ends without a result.", (self.name(self.attacker),), R.R_LEFT)
        self._close_engagement()

    def _resolve(self) -> None:
        a, d = self.attacker, self.defender
        lane = self.lane_of(a)
        present = d >= 0 and self.lane_of(d) == lane
        if d >= 0 and not present:
            self.narrate("{} has left the lane: the engagement resolves as if nobody defended.", (self.name(d),), R.R_LEFT)
        if self.kind == INSTIGATE:
            if not present:
                self.narrate("No Rival defends the Instigation: nothing happens.", (), R.INSTIGATE)
            else:
                det = self.stat(a, DET, INSTIGATING)
                hrt = self.stat(d, HRT, DEFENDING)
                if det >= hrt:
                    self.narrate("DET {} against HRT {}: the Instigation breaks {}.", (det, hrt, self.name(d)), R.INSTIGATE)
                    self._break(d)
                    if self.phase != OVER and self.in_lane(a):
                        self._skill(a, BREAKS_RIVAL)
                else:
                    self.narrate("DET {} against HRT {}: {} Persists.", (det, hrt, self.name(d)), R.INSTIGATE)
        else:
            sprt = self.stat(a, SPRT, INFLUENCING)
            p = self.current
            if not present:
                self.narrate("No Rival defends the Influence: {} gains its full SPRT {}.", (self.name(a), sprt), R.INFLUENCE)
                gained = sprt
            else:
                other = self.stat(d, SPRT, DEFENDING)
                gained = sprt - other if sprt > other else 0
                if gained:
                    self.narrate("SPRT {} against SPRT {}: a difference of {}.", (sprt, other, gained), R.INFLUENCE)
                else:
                    self.narrate("SPRT {} against SPRT {}: the defender matches or beats it, no INF is gained.",
                                 (sprt, other), R.INFLUENCE)
            if gained > 0:
                self._gain(p, lane, gained, R.INFLUENCE)
                if self.phase != OVER:
                    self._skill(a, INFLUENCED)
        if self.phase != OVER:
            self._close_engagement()

    def _close_engagement(self) -> None:
        self.kind = 0
        self.attacker = self.defender = -1
        self.step = 0
        self.window = None
        self.phase = ENGAGEMENT
        if not self.can_engage(self.current):
            self.narrate("Player {} has no Ready Cogum that can engage: the End phase.", (self.current + 1,), R.ENGAGEMENT)
            self._end_phase()

    # --- explaining illegal actions -----------------------------------------------
    def _explain_illegal(self, action, player: int) -> IllegalAction:
        return explain(self, action, player)
