"""The Dirge state and its forward model (every clause of dirge.txt).

The state is flat: per-creature lists indexed by the creature's number in the
content, one list for the board, and a few integers. Copies are by hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from credo.kernel import EventLog, IllegalAction, Rng, State

from . import rules as R
from . import views
from .board import FACINGS, FLANK, SIDE_NAMES
from .codes import (ABILITY0, ACTIONS_PER_TURN, ATTACK, CREATURES_PER_SIDE, DRAW_RESULT, MAX_MARKERS, MOVE, OVER, PLAY,
                    SETUP)
from .explain import explain
from .position import state_to_position

if TYPE_CHECKING:  # the game module makes states: the state module only names its class
    from .game import DirgeGame

def _count(word: str):
    return lambda n: f"{n} {word}" if n == 1 else f"{n} {word}s"


markers, spaces, wounds = _count("action marker"), _count("space"), _count("wound")


class DirgeState(State):
    __slots__ = (
        "mode", "turn_limit", "phase", "current", "owner", "pos", "facing", "damage",
        "markers", "spent", "board", "pile", "drawn", "placed", "turn", "pool", "used",
        "blocked", "active", "given", "plan", "winner",
    )

    game: DirgeGame

    # --- construction -------------------------------------------------------------
    @classmethod
    def blank(cls, game: DirgeGame, rng: Rng, mode: str, turn_limit: int) -> DirgeState:
        s = cls.__new__(cls)
        State.__init__(s, game, rng)
        n = game.tables.n
        s.mode = mode
        s.turn_limit = turn_limit
        s.phase = SETUP
        s.current = 0
        s.owner = [-1] * n
        s.pos = [-1] * n
        s.facing = [0] * n
        s.damage = [0] * n
        s.markers = [0] * n
        s.spent = [False] * n
        s.board = [-1] * game.board.size
        s.pile = []
        s.drawn = -1
        s.placed = [0, 0]
        s.turn = 0
        s.pool = 0
        s.used = 0
        s.blocked = 0
        s.active = -1
        s.given = 0
        s.plan = 0
        s.winner = -1
        return s

    @classmethod
    def new_game(cls, game: DirgeGame, rng: Rng, mode: str, turn_limit: int) -> DirgeState:
        s = cls.blank(game, rng, mode, turn_limit)
        s.narrate("A game of Dirge begins ({} mode).", (mode,), R.SETUP)
        s.pile = list(range(game.tables.n))
        if mode == "draw":
            rng.shuffle(s.pile)
            s.narrate("The twelve creature cards are shuffled into a face-down pile.", (), R.SETUP)
        s.current = s._roll_off("pick the first creature", R.SETUP)
        if mode == "draw":
            s._draw()
        return s

    def _roll_off(self, purpose: str, rule: str) -> int:
        while True:
            a, b = self.rng.die(), self.rng.die()
            self.narrate("Roll to {}: player 1 rolls {}, player 2 rolls {}.", (purpose, a, b), rule)
            if a != b:
                winner = 0 if a > b else 1
                self.narrate("Player {} wins the roll.", (winner + 1,), rule)
                return winner
            self.narrate("A tie: both roll again.", (), rule)

    def _draw(self) -> None:
        c = self.pile.pop()
        self.drawn = c
        self.owner[c] = self.current
        self.narrate("Player {} draws the {} from the pile.", (self.current + 1, self.game.tables.names[c]), R.CHOOSING)

    # --- the kernel contract ------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def winners(self) -> tuple[int, ...]:
        return (self.winner,) if self.winner in (0, 1) else ()

    def copy(self) -> DirgeState:
        s = self._copy_kernel()
        s.mode = self.mode
        s.turn_limit = self.turn_limit
        s.phase = self.phase
        s.current = self.current
        s.owner = self.owner[:]
        s.pos = self.pos[:]
        s.facing = self.facing[:]
        s.damage = self.damage[:]
        s.markers = self.markers[:]
        s.spent = self.spent[:]
        s.board = self.board[:]
        s.pile = self.pile[:]
        s.drawn = self.drawn
        s.placed = self.placed[:]
        s.turn = self.turn
        s.pool = self.pool
        s.used = self.used
        s.blocked = self.blocked
        s.active = self.active
        s.given = self.given
        s.plan = self.plan
        s.winner = self.winner
        return s

    def determinize(self, player: int, rng: Rng) -> DirgeState:
        # The only hidden information is the order of the face-down pile.
        s = self.copy()
        s._legal_for = -1  # hidden parts are about to change
        s.log = EventLog()
        s.rng = rng.fork(0x5EED)
        rng.shuffle(s.pile)
        return s

    def observation(self, player: int | None) -> dict:
        return views.observation(self, player)

    def to_position(self) -> dict:
        return state_to_position(self)

    # --- legal actions ------------------------------------------------------------
    def _generate_legal(self, player: int) -> list:
        g = self.game
        if self.phase == SETUP:
            return self._setup_actions(player)
        if self.active >= 0:
            return self._activation_actions(self.active)
        out = []
        t = g.tables
        pool = self.pool
        owner, pos = self.owner, self.pos
        free = ~(self.used | self.blocked)
        for c in range(t.n):
            if owner[c] != player or pos[c] < 0 or not (free >> c) & 1:
                continue
            gives = g.A_give[c]
            can_attack = can_ab0 = can_ab1 = None
            for mask, cost in t.plans[c]:
                if cost > pool:
                    continue
                if not mask & MOVE:
                    # ruling R-5: without a move first, each action needs a target now
                    if mask & ATTACK:
                        if can_attack is None:
                            can_attack = bool(self._attack_targets(c))
                        if not can_attack:
                            continue
                    if mask & ABILITY0:
                        if can_ab0 is None:
                            can_ab0 = bool(self._ability_actions(c, 0))
                        if not can_ab0:
                            continue
                    if mask & (ABILITY0 << 1):
                        if can_ab1 is None:
                            can_ab1 = bool(self._ability_actions(c, 1))
                        if not can_ab1:
                            continue
                out.append(gives[mask])
        out.append(g.A_end)
        return out

    def _setup_actions(self, player: int) -> list:
        g = self.game
        board = self.board
        spaces = [sq for sq in g.start_spaces[player] if board[sq] < 0]
        if self.mode == "draw":
            return [g.A_place[sq] for sq in spaces]
        out = []
        for c in self._choosable(player):
            row = g.A_pick[c]
            out.extend(row[sq] for sq in spaces)
        return out

    def _choosable(self, player: int) -> list[int]:
        if self.mode == "teams":
            return [c for c in self.game.teams[player] if self.owner[c] < 0]
        return [c for c in range(self.game.tables.n) if self.owner[c] < 0]

    def _activation_actions(self, c: int) -> list:
        g = self.game
        out = []
        plan = self.plan
        if plan & MOVE:
            start, f0 = self.pos[c], self.facing[c]
            for sq in self._reachable(c):
                row = g.A_move[sq]
                for f in range(4):
                    if sq != start or f != f0:
                        out.append(row[f])
        if plan & ATTACK:
            A = g.A_attack
            out.extend(A[t] for t in self._attack_targets(c))
        if plan & ABILITY0:
            out.extend(self._ability_actions(c, 0))
        if plan & (ABILITY0 << 1):
            out.extend(self._ability_actions(c, 1))
        out.append(g.A_done)
        # "or the player decides not to use any further actions": the turn may end at
        # any moment, the acting creature forgoing the rest (its markers stay, R-4)
        out.append(g.A_end)
        return out

    def _reachable(self, c: int) -> list[int]:
        """Empty squares within Speed orthogonal steps, never through an opposing creature."""
        g = self.game
        t = g.tables
        start = self.pos[c]
        me = self.owner[c]
        board, owner, nbrs = self.board, self.owner, g.board.neighbours
        seen = {start}
        frontier = [start]
        out = [start]
        for _ in range(t.speed[c]):
            nxt = []
            for sq in frontier:
                for n in nbrs[sq]:
                    if n in seen:
                        continue
                    occ = board[n]
                    if occ >= 0 and owner[occ] != me:
                        continue
                    seen.add(n)
                    nxt.append(n)
                    if occ < 0:
                        out.append(n)
            frontier = nxt
        return out

    def _attack_targets(self, c: int) -> list[int]:
        g = self.game
        sq, f = self.pos[c], self.facing[c]
        board, owner, me = self.board, self.owner, self.owner[c]
        out = []
        front = g.board.step[sq][f]
        if front >= 0:
            occ = board[front]
            if occ >= 0 and owner[occ] != me:
                out.append(occ)
        rng = g.tables.range[c]
        if rng > 1:
            for t in g.board.sight[sq][f][rng]:
                if t == front:
                    continue
                occ = board[t]
                if occ >= 0 and owner[occ] != me:
                    out.append(occ)
        return out

    def _ability_targets(self, c: int, ability) -> list[int]:
        g = self.game
        sel = ability.target
        sq, f, me = self.pos[c], self.facing[c], self.owner[c]
        board, owner = self.board, self.owner
        if sel == "self":
            return [c]
        if sel in ("front_enemy", "back_enemy"):
            t = g.board.step[sq][f if sel == "front_enemy" else (f + 2) % 4]
            squares = [t] if t >= 0 else []
        elif sel in ("adjacent_enemy", "all_adjacent_enemies"):
            squares = g.board.neighbours[sq]
        elif sel == "enemy_in_sight":
            squares = g.board.sight[sq][f][ability.range]
        else:  # enemy_within, ally_within
            squares = g.board.within[sq][ability.range]
        out = []
        want_ally = sel == "ally_within"
        for t in squares:
            occ = board[t]
            if occ >= 0 and (owner[occ] == me) == want_ally and occ != c:
                out.append(occ)
        return out

    def _ability_actions(self, c: int, slot: int) -> list:
        g = self.game
        a = g.tables.creature_abilities[c][slot]
        ab = g.tables.abilities[a]
        targets = self._ability_targets(c, ab)
        if not targets:
            return []
        acts = g.A_ability[a]
        if ab.target in ("self", "all_adjacent_enemies"):
            return [acts]
        param = ab.parameter
        if param == "none":
            return [acts[t] for t in targets]
        out = []
        for t in targets:
            row = acts[t]
            if param == "facing":
                out.extend(row[f] for f in range(4) if f != self.facing[t])
            elif not g.tables.immovable[t]:
                steps = g.board.step[self.pos[t]]
                out.extend(row[f] for f in range(4) if steps[f] >= 0 and self.board[steps[f]] < 0)
        return out

    # --- applying actions ---------------------------------------------------------
    def _apply(self, action, player: int) -> None:
        kind = action.kind
        if kind == "move":
            self._do_move(action.args[0], action.args[1])
        elif kind == "attack":
            self.plan &= ~ATTACK
            self._attack(self.active, action.args[0])
        elif kind == "give":
            self._do_give(*action.args)
            return
        elif kind == "ability":
            self._do_ability(*action.args)
        elif kind == "done":
            self.narrate("The {} forgoes the rest of its actions.", (self._name(self.active),), R.ACTIONS)
            self.plan = 0
        elif kind == "end":
            if self.active >= 0:
                self.narrate("The {} forgoes the rest of its actions.", (self._name(self.active),), R.ACTIONS)
            self.narrate("Player {} ends the turn; unused action markers go back to the pile ({}).", (player + 1, markers(self.pool)), R.STEP_TWO)
            self._end_turn()
            return
        else:  # place / pick
            self._do_place(player, action)
            return
        self._after_action()

    def _name(self, c: int) -> str:
        return self.game.tables.names[c]

    def _do_place(self, player: int, action) -> None:
        g = self.game
        if action.kind == "place":
            c, sq = self.drawn, action.args[0]
            self.drawn = -1
        else:
            c, sq = action.args
        self.owner[c] = player
        self.pos[c] = sq
        self.board[sq] = c
        self.facing[c] = 0 if player == 0 else 2  # ruling R-1
        self.placed[player] += 1
        rule = R.RECOMMENDED if self.mode == "teams" else R.CHOOSING
        self.narrate("Player {} places the {} on {}.", (player + 1, self._name(c), g.board.names[sq]), rule)
        if self.placed[0] + self.placed[1] == 2 * CREATURES_PER_SIDE:
            self.narrate("Each player places a wound marker on the first space of each creature card.", (), R.CHOOSING)
            self.phase = PLAY
            self.current = self._roll_off("take the first turn", R.CHOOSING)
            self.turn = 1
            self._start_turn()
            return
        self.current = 1 - player
        if self.mode == "draw":
            self._draw()

    def _start_turn(self) -> None:
        p = self.current
        # Each skipped turn removes a marker; with at most MAX_MARKERS per creature,
        # someone can act again within 2 * MAX_MARKERS turns.
        for _ in range(2 * MAX_MARKERS + 2):
            if self.turn_limit and self.turn > self.turn_limit:
                self._finish(DRAW_RESULT)
                self.narrate("The turn limit of {} is reached: the game is a draw.", (self.turn_limit,), R.R_LIMIT)
                return
            blocked = 0
            if self.turn > 1:  # Step One does not happen on the first turn of the game
                for c in range(self.game.tables.n):
                    if self.owner[c] == p and self.pos[c] >= 0 and self.markers[c] > 0:
                        self.markers[c] -= 1
            for c in range(self.game.tables.n):
                if self.owner[c] == p and self.pos[c] >= 0 and self.markers[c] > 0:
                    blocked |= 1 << c
            self.pool = ACTIONS_PER_TURN
            self.used = 0
            self.blocked = blocked
            self.active = -1
            self.given = self.plan = 0
            if self.turn > 1:
                self.narrate("Turn {}: player {} removes one action marker from each creature and takes four.",
                             (self.turn, p + 1), R.STEP_ONE)
            else:
                self.narrate("Turn 1: player {} takes four action markers.", (p + 1,), R.STEP_TWO)
            if self._can_give(p):
                return
            self.narrate("Player {} cannot give actions to any creature: the turn ends.", (p + 1,), R.PLAYING)
            self.turn += 1
            p = self.current = 1 - p
        raise AssertionError("no player could act for a whole cycle of markers")

    def _finish(self, winner: int) -> None:
        self.phase = OVER
        self.winner = winner
        self.active = -1
        self.given = self.plan = self.pool = 0

    def _can_give(self, p: int) -> bool:
        if self.pool <= 0:
            return False
        free = ~(self.used | self.blocked)
        owner, pos = self.owner, self.pos
        for c in range(self.game.tables.n):
            if owner[c] == p and pos[c] >= 0 and (free >> c) & 1:
                return True
        return False

    def _end_turn(self) -> None:
        self.turn += 1
        self.current = 1 - self.current
        self._start_turn()

    def _do_give(self, c: int, mask: int) -> None:
        cost = self.game.tables.plan_cost(c, mask)
        self.markers[c] = min(MAX_MARKERS, self.markers[c] + cost)
        self.pool -= cost
        self.used |= 1 << c
        self.active = c
        self.given = self.plan = mask
        self.narrate("Player {} places {} on the {}: {}.",
                     (self.current + 1, markers(cost), self._name(c), self.game.tables.plan_text(c, mask)), R.STEP_TWO)

    def _after_action(self) -> None:
        if self.phase == OVER:
            return
        if self.active >= 0 and (self.plan == 0 or self.pos[self.active] < 0):
            self.active = -1
            self.given = self.plan = 0
        if self.active < 0 and not self._can_give(self.current):
            self._end_turn()

    def _do_move(self, sq: int, f: int) -> None:
        c = self.active
        self.plan &= ~MOVE
        start = self.pos[c]
        self.board[start] = -1
        self.board[sq] = c
        self.pos[c] = sq
        self.facing[c] = f
        names = self.game.board.names
        if sq == start:
            self.narrate("The {} turns to face {} on {}.", (self._name(c), FACINGS[f], names[sq]), R.MOVE)
        else:
            self.narrate("The {} moves from {} to {}, facing {}.", (self._name(c), names[start], names[sq], FACINGS[f]), R.MOVE)

    # --- combat -------------------------------------------------------------------
    def side_attacked(self, attacker: int, defender: int) -> tuple[int, bool]:
        """(side of the defender that is hit, whether the attack is from an adjacent space)."""
        b = self.game.board
        if b.dist[self.pos[attacker]][self.pos[defender]] == 1:
            return b.side_hit(self.pos[defender], self.facing[defender], self.pos[attacker]), True
        return FLANK, False  # Range 3: a non-adjacent target is treated as attacked on a flank

    def _attack(self, a: int, d: int) -> None:
        t = self.game.tables
        side, adjacent = self.side_attacked(a, d)
        rule = R.COMBAT if adjacent else R.RANGE3
        self.narrate("The {} attacks the {} on its {}.", (self._name(a), self._name(d), SIDE_NAMES[side]), rule)
        evasion = t.evasion[d][side]
        if evasion > 0:
            roll = self.rng.die()
            modified = roll + t.attack_roll[a][side] + t.defend_roll[d][side]
            if modified != roll:
                self.narrate("Player {} rolls {} for evasion, modified to {} (needs {}).",
                             (self.owner[d] + 1, roll, modified, evasion), R.EVASION)
            else:
                self.narrate("Player {} rolls {} for evasion (needs {}).", (self.owner[d] + 1, roll, evasion), R.EVASION)
            if modified >= evasion:
                self.narrate("The {} dodges the attack.", (self._name(d),), R.EVASION)
                self._survived(a, d, adjacent)
                return
        strength = t.strength[a] + t.attack_strength[a][side]
        toughness = t.toughness[d][side] + t.defend_toughness[d][side]
        dealt = max(0, strength - toughness)
        self.narrate("Strength {} against Toughness {}: {} damage.", (strength, toughness, dealt), R.DAMAGE)
        if dealt > 0:
            self._wound(d, dealt, R.DAMAGE)
            for ab in t.triggers[a].get("dealt_damage", ()):
                if self.pos[a] >= 0:
                    self._trigger(a, ab, a)
        if self.pos[d] >= 0:
            self._survived(a, d, adjacent)

    def _survived(self, a: int, d: int, adjacent: bool) -> None:
        if not adjacent or self.pos[d] < 0:
            return
        for ab in self.game.tables.triggers[d].get("survived_melee", ()):
            if self.pos[a] >= 0:
                self._trigger(d, ab, a)

    def _trigger(self, owner: int, ability, attacker: int) -> None:
        if ability.once:
            if self.spent[owner]:
                return
            self.spent[owner] = True
        target = attacker if ability.affects == "attacker" else owner
        self.narrate("The {}'s {} takes effect.", (self._name(owner), ability.name), R.ABILITY)
        for e in ability.effects:
            if self.pos[target] < 0 and e.op != "revive":
                return
            self._effect(e.op, e.amount, target, -1, ability.name)

    def _wound(self, c: int, amount: int, rule: str) -> None:
        t = self.game.tables
        self.damage[c] += amount
        if self.damage[c] < t.wounds[c]:
            self.narrate("The {}'s wound marker moves {} ({} of {} wounds).",
                         (self._name(c), spaces(amount), self.damage[c], t.wounds[c]), R.WOUNDS)
            return
        for ab in t.triggers[c].get("destroyed", ()):
            if any(e.op == "revive" for e in ab.effects) and not (ab.once and self.spent[c]):
                # it is never destroyed, so never has to stay on the board against "removed from the board"
                self.narrate("The {}'s wound marker would move off its card, but it is not destroyed...",
                             (self._name(c),), R.WOUNDS)
                self._trigger(c, ab, c)
                return
        self._destroy(c)

    def _destroy(self, c: int) -> None:
        self.narrate("The {} is destroyed and removed from the battlefield.", (self._name(c),), R.WOUNDS)
        self.board[self.pos[c]] = -1
        self.pos[c] = -1
        self.markers[c] = 0  # "all markers are removed from its card", wound marker included
        self.damage[c] = 0
        p = self.owner[c]
        if not any(self.owner[o] == p and self.pos[o] >= 0 for o in range(self.game.tables.n)):
            self._finish(1 - p)
            self.narrate("Player {}'s last creature is destroyed: player {} wins.", (p + 1, 2 - p), R.END)

    # --- abilities ----------------------------------------------------------------
    def _do_ability(self, a: int, target: int, param: int) -> None:
        t = self.game.tables
        c = self.active
        ab = t.abilities[a]
        slot = t.creature_abilities[c].index(a)
        self.plan &= ~(ABILITY0 << slot)
        if ab.target == "all_adjacent_enemies":
            targets = self._ability_targets(c, ab)
        elif ab.target == "self":
            targets = [c]
        else:
            targets = [target]
        self.narrate("The {} uses {}.", (self._name(c), ab.name), R.ABILITY)
        for tg in targets:
            for e in ab.effects:
                if self.pos[tg] < 0 or self.phase == OVER:
                    break
                self._effect(e.op, e.amount, tg, param, ab.name)

    def _effect(self, op: str, amount: int, c: int, param: int, source: str) -> None:
        name = self._name(c)
        if op == "damage":
            self.narrate("{}: the {} takes {} damage.", (source, name, amount), R.ABILITY)
            self._wound(c, amount, R.ABILITY)
        elif op == "heal":
            healed = min(amount, self.damage[c])
            self.damage[c] -= healed
            self.narrate("{}: the {} heals {}.", (source, name, wounds(healed)), R.ABILITY)
        elif op == "add_markers":
            self.markers[c] = min(MAX_MARKERS, self.markers[c] + amount)
            self.narrate("{}: the {} gets {}.", (source, name, markers(amount)), R.ABILITY)
        elif op == "remove_markers":
            self.markers[c] = max(0, self.markers[c] - amount)
            self.narrate("{}: the {} loses {}.", (source, name, markers(amount)), R.ABILITY)
        elif op == "push":
            dest = self.game.board.step[self.pos[c]][param]
            self.board[self.pos[c]] = -1
            self.board[dest] = c
            self.pos[c] = dest
            self.narrate("{}: the {} is pushed to {}.", (source, name, self.game.board.names[dest]), R.R_PUSH)
        elif op == "turn":
            self.facing[c] = param
            self.narrate("{}: the {} turns to face {}.", (source, name, FACINGS[param]), R.ABILITY)
        elif op == "revive":
            self.damage[c] = 0
            self.markers[c] = 0  # it rises afresh: the markers of its former life are gone
            self.narrate("{}: the {} rises from its ashes on its space with no damage.", (source, name), R.ABILITY)

    # --- explaining illegal actions -----------------------------------------------
    def _explain_illegal(self, action, player: int) -> IllegalAction:
        return explain(self, action, player)
