"""The Dirge game: content compiled into flat tables, the action space, options,
and the entry points that make states."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from credo.kernel import ActionSpace, Game
from credo.kernel.rng import Rng

from . import evaluation, heuristics
from . import rules as R
from .board import FACINGS, Board
from .catalogue import build_catalogue
from .codes import ABILITY0, ACTIONS_PER_TURN, ATTACK, ATTACK_COST, MOVE, MOVE_COST
from .content import ALL_SIDES, Ability, DirgeContent
from .describe import describe
from .position import state_from_position
from .state import DirgeState



class DirgeOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    mode: Literal["draw", "pick", "teams"] = Field(
        "draw",
        description="draw: creatures drawn from the shuffled face-down pile (rulebook); "
        "pick: open alternating choice; teams: the recommended first-game teams",
    )
    turn_limit: int = Field(0, ge=0, description="turns before a draw (Credo ruling R-8); 0, the default: none, as the rulebook (machine play sets 200)")


class Tables:
    """Everything the forward model reads about creatures, as flat per-creature lists."""

    def __init__(self, content: DirgeContent) -> None:
        cs = content.creatures
        self.n = len(cs)
        self.ids = [c.id for c in cs]
        self.names = [c.name for c in cs]
        self.abbr = [c.abbr for c in cs]
        self.by_id = {c.id: i for i, c in enumerate(cs)}
        self.strength = [c.strength for c in cs]
        self.range = [c.range for c in cs]
        self.wounds = [c.wounds for c in cs]
        # per side (front, flank, back): the back is always 0 (rulebook, Characteristics)
        self.toughness = [(c.toughness[0], c.toughness[1], 0) for c in cs]
        self.evasion = [(c.evasion[0], c.evasion[1], 0) for c in cs]
        self.abilities: list[Ability] = []
        ability_index: dict[str, int] = {}
        self.creature_abilities: list[tuple[int, int]] = []
        for c in cs:
            slots = []
            for ab in c.abilities:
                if ab.id not in ability_index:
                    ability_index[ab.id] = len(self.abilities)
                    self.abilities.append(ab)
                slots.append(ability_index[ab.id])
            self.creature_abilities.append(tuple(slots))
        self.ability_index = ability_index
        # passive numbers, summed per creature and side
        side_names = ALL_SIDES
        self.attack_strength = [[0, 0, 0] for _ in cs]
        self.defend_toughness = [[0, 0, 0] for _ in cs]
        self.attack_roll = [[0, 0, 0] for _ in cs]
        self.defend_roll = [[0, 0, 0] for _ in cs]
        self.speed = [c.speed for c in cs]
        self.flying = [False] * self.n
        self.immovable = [False] * self.n
        self.triggers: list[dict[str, list[Ability]]] = [dict() for _ in cs]
        for i, c in enumerate(cs):
            for ab in c.abilities:
                if ab.kind == "passive":
                    self.flying[i] |= "flying" in ab.flags
                    self.immovable[i] |= "immovable" in ab.flags
                    for m in ab.modifiers:
                        if m.stat == "speed":
                            self.speed[i] += m.amount
                            continue
                        for s, name in enumerate(side_names):
                            if name not in m.sides:
                                continue
                            if m.stat == "strength" and m.when in ("attacking", "always"):
                                self.attack_strength[i][s] += m.amount
                            elif m.stat == "toughness" and m.when in ("defending", "always"):
                                self.defend_toughness[i][s] += m.amount
                            elif m.stat == "evasion_roll" and m.when == "attacking":
                                self.attack_roll[i][s] += m.amount
                            elif m.stat == "evasion_roll":
                                self.defend_roll[i][s] += m.amount
                elif ab.kind == "triggered":
                    self.triggers[i].setdefault(ab.trigger, []).append(ab)
        # the plans a creature can be given: non-empty sets of distinct actions
        self.plans: list[list[tuple[int, int]]] = []
        for i in range(self.n):
            options = [(MOVE, MOVE_COST), (ATTACK, ATTACK_COST)]
            for k, a in enumerate(self.creature_abilities[i]):
                ab = self.abilities[a]
                if ab.kind == "active":
                    options.append((ABILITY0 << k, ab.cost))
            plans = []
            for subset in range(1, 1 << len(options)):
                mask = cost = 0
                for j, (bit, c) in enumerate(options):
                    if subset >> j & 1:
                        mask |= bit
                        cost += c
                if cost <= ACTIONS_PER_TURN:
                    plans.append((mask, cost))
            plans.sort()
            self.plans.append(plans)
        self.plan_costs = [dict(plans) for plans in self.plans]

    def plan_text(self, creature: int, mask: int) -> str:
        parts = []
        if mask & MOVE:
            parts.append("move")
        if mask & ATTACK:
            parts.append("attack")
        for k, a in enumerate(self.creature_abilities[creature]):
            if mask & (ABILITY0 << k):
                parts.append(self.abilities[a].id)
        return "+".join(parts)

    def plan_cost(self, creature: int, mask: int) -> int:
        return self.plan_costs[creature][mask]


class DirgeGame(Game):
    name = "dirge"
    title = "Dirge: Carnage in Crimson"
    rules_version = "dirge-1"
    Options = DirgeOptions
    option_variants = [{"mode": "draw"}, {"mode": "pick"}, {"mode": "teams"}]
    two_sided_evaluation = True
    hidden_information = False  # only the face-down pile's order, unknown to both players alike
    machine_turn_limit = 200  # 100 each (ruling R-8)
    rollout_depth = 4  # measured: as strong against greedy as 8 (10/20 and 3 draws against 8/20), 45% more iterations
    # measured (docs/agents/search.md §2): with playouts cut after 4 actions and raw values the
    # search stood off (mcts-200 against mcts-100 drew 12 of 14); playouts to my next turn on
    # rescaled values: 54.0% [47.1%, 60.8%] of 200 games, 62 draws (the target, 55%, not met);
    # with progressive widening too (a Move decision has about fifty actions, §4): 59.0%
    # [52.1%, 65.6%] of 200 games, 10 draws; mcts-400 against mcts-200 58.8% [51.8%, 65.3%]
    playout_end = "turn"
    normalize_values = True
    progressive_widening = True
    # medium, measured against greedy before the search's fixes: the planner to the end of its own
    # turn won 65% of 20 (4 draws), MCTS then 30-50%. Hard: the kernel's, 4,000 iterations or
    # 1.5 s; since the fixes plain mcts (1,000) beat the planner (hard before it, 96.5% of 200
    # against greedy) 7.5 of 12, and greedy 10 of 10 (docs/agents/search.md, section 6)
    levels = {"easy": "greedy", "medium": "planner-turn", "hard": "mcts-4000"}
    turn_rule = R.PLAYING
    end_rule = R.END

    def __init__(self, content: DirgeContent) -> None:
        self.content = content
        self.content_hash = content.hash
        bf = content.battlefield
        self.board = Board(bf.width, bf.height)
        self.tables = Tables(content)
        self.start_spaces = tuple(
            tuple(sorted(self.board.index[s] for s in side)) for side in bf.start_spaces
        )
        self.teams = tuple(tuple(self.tables.by_id[c] for c in team) for team in bf.recommended_teams)
        self._build_actions()

    def _build_catalogue(self) -> dict:
        return build_catalogue(self)

    def _build_actions(self) -> None:
        t, b = self.tables, self.board
        entries: list[tuple[str, str, tuple]] = []
        for sq in range(b.size):
            entries.append((f"place {b.names[sq]}", "place", (sq,)))
        for c in range(t.n):
            for sq in range(b.size):
                entries.append((f"place {t.ids[c]} {b.names[sq]}", "pick", (c, sq)))
        for c in range(t.n):
            for mask, _cost in t.plans[c]:
                entries.append((f"give {t.ids[c]} {t.plan_text(c, mask)}", "give", (c, mask)))
        for sq in range(b.size):
            for f in range(4):
                entries.append((f"move {b.names[sq]} {FACINGS[f]}", "move", (sq, f)))
        for c in range(t.n):
            entries.append((f"attack {t.ids[c]}", "attack", (c,)))
        for a, ab in enumerate(t.abilities):
            if ab.kind != "active":
                continue
            if ab.target in ("self", "all_adjacent_enemies"):
                entries.append((ab.id, "ability", (a, -1, -1)))
                continue
            for c in range(t.n):
                if ab.parameter == "none":
                    entries.append((f"{ab.id} {t.ids[c]}", "ability", (a, c, -1)))
                else:
                    for f in range(4):
                        entries.append((f"{ab.id} {t.ids[c]} {FACINGS[f]}", "ability", (a, c, f)))
        entries.append(("done", "done", ()))
        entries.append(("end", "end", ()))
        aliases = {t.abbr[c].lower(): t.ids[c] for c in range(t.n)}
        self.actions = ActionSpace.shared(self.name, f"{self.name}:{self.content_hash}", entries, aliases)
        lk = self.actions.lookup()
        self.A_place = [lk[("place", (sq,))] for sq in range(b.size)]
        self.A_pick = [[lk[("pick", (c, sq))] for sq in range(b.size)] for c in range(t.n)]
        self.A_give = [{m: lk[("give", (c, m))] for m, _ in t.plans[c]} for c in range(t.n)]
        self.A_move = [[lk[("move", (sq, f))] for f in range(4)] for sq in range(b.size)]
        self.A_attack = [lk[("attack", (c,))] for c in range(t.n)]
        self.A_ability: list = []
        for a, ab in enumerate(t.abilities):
            if ab.kind != "active":
                self.A_ability.append(None)
            elif ab.target in ("self", "all_adjacent_enemies"):
                self.A_ability.append(lk[("ability", (a, -1, -1))])
            elif ab.parameter == "none":
                self.A_ability.append([lk[("ability", (a, c, -1))] for c in range(t.n)])
            else:
                self.A_ability.append([[lk[("ability", (a, c, f))] for f in range(4)] for c in range(t.n)])
        self.A_done = lk[("done", ())]
        self.A_end = lk[("end", ())]

    def new(self, seed: int = 0, **options: Any):
        opts = self.options(**options)
        return DirgeState.new_game(self, Rng(seed), opts.mode, opts.turn_limit)

    def _load_position(self, position: dict):
        return state_from_position(self, position, DirgeState)

    def describe_action(self, action) -> str:
        return describe(self, action)

    evaluate = staticmethod(evaluation.evaluate)
    rollout_action = staticmethod(heuristics.rollout_action)
